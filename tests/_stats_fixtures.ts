/**
 * Small suites and real evaluation results for the result, aggregate and
 * paired tests: every episode is simulated and its metrics computed by the
 * package itself (simulateEpisode + episodeMetrics), so the results pass
 * replay verification unless a test tampers with them.
 */

import {
  encode,
  JsonFloat,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import {
  buildManifest,
  manifestHash,
  parseSuite,
} from "../src/scenario/suite.ts";
import type { EvaluationResult, ResultEpisode, Suite } from "../src/types.ts";

function scenario(
  id: string,
  grid: string[],
  exits: [string, number, number][],
  people: [string, number, number][],
  fire: { ignitions: [number, number][]; p: [number, number]; enter: string },
  maxSteps: number,
) {
  return {
    schema_version: "1.0",
    scenario_id: id,
    description: `test scenario ${id}`,
    grid,
    exits: exits.map(([exit_id, r, c]) => ({ exit_id, position: [r, c] })),
    people: people.map(([person_id, r, c]) => ({
      person_id,
      position: [r, c],
    })),
    fire: {
      ignitions: fire.ignitions,
      spread_probability: fire.p,
      enter_fire: fire.enter,
    },
    termination: { max_steps: maxSteps },
  };
}

const NO_FIRE = {
  ignitions: [],
  p: [0, 1] as [number, number],
  enter: "blocked",
};

/**
 * Four scenarios, 20 episodes:
 * - `fire_hall` (7 seeds): two exits, spreading fire (p = 1/2) next to the
 *   east exit, casualties possible; seeds change the fire.
 * - `corridor` (5 seeds): one exit, no fire, everybody evacuates.
 * - `walled` (2 seeds): the only person is walled off from the exit, so
 *   greedy stays: no movement attempts (blocked_rate undefined), nobody
 *   evacuates (exit shares undefined), terminated at max_steps, stranded.
 * - `crowd` (6 seeds): four people contend for one exit; seeds decide the
 *   conflicts.
 * Families: `mixed` lists crowd before fire_hall (suite order is the
 * reverse), `simple`, an empty family, and `crowded` (crowd is in two
 * families).
 */
export function testSuite(description = "statistics test suite"): Suite {
  return parseSuite(parse(encode({
    suite_id: "stats-test",
    suite_version: "1.0",
    families: [
      { family_id: "mixed", description, scenarios: ["crowd", "fire_hall"] },
      {
        family_id: "simple",
        description: "",
        scenarios: ["corridor", "walled"],
      },
      { family_id: "empty", description: "", scenarios: [] },
      { family_id: "crowded", description: "", scenarios: ["crowd"] },
    ],
    scenarios: [
      {
        scenario: scenario(
          "fire_hall",
          ["........", "........", "........"],
          [["w", 1, 0], ["e", 1, 7]],
          [["p1", 0, 3], ["p2", 1, 4], ["p3", 2, 2], ["p4", 0, 5]],
          { ignitions: [[1, 6]], p: [1, 2], enter: "casualty" },
          15,
        ),
        seeds: [0, 1, 2, 3, 4, 5, 6],
      },
      {
        scenario: scenario(
          "corridor",
          ["......"],
          [["w", 0, 0]],
          [["a", 0, 3], ["b", 0, 5]],
          NO_FIRE,
          12,
        ),
        seeds: [5, 4, 3, 2, 1],
      },
      {
        scenario: scenario(
          "walled",
          [".#.."],
          [["x", 0, 0]],
          [["p", 0, 2]],
          NO_FIRE,
          3,
        ),
        seeds: [0, 1],
      },
      {
        scenario: scenario(
          "crowd",
          ["...", "...", "..."],
          [["top", 0, 1]],
          [["c1", 1, 0], ["c2", 1, 2], ["c3", 2, 1], ["c4", 1, 1]],
          NO_FIRE,
          10,
        ),
        seeds: [0, 1, 2, 3, 4, 5],
      },
    ],
  })));
}

/** Evaluate a built-in policy on every scheduled episode. */
export async function evaluate(
  suite: Suite,
  policy: string,
  modelId: string,
): Promise<EvaluationResult> {
  const manifest = await buildManifest(suite);
  const factory = builtinPolicy(policy);
  const episodes: ResultEpisode[] = [];
  for (const key of manifest.episodes) {
    const sc = suite.scenarios.find((s) =>
      s.scenario.scenario_id === key.scenario_id
    )!.scenario;
    const record = await simulateEpisode(sc, key.seed, factory(key.seed), {
      scenarioHash: key.scenario_hash,
    });
    const metrics = await episodeMetrics(sc, record);
    episodes.push({ ...key, record, metrics });
  }
  return {
    model_id: modelId,
    evaluation_manifest: manifest,
    evaluation_manifest_hash: await manifestHash(manifest),
    episodes,
  };
}

/** A mutable deep copy (as read from canonical JSON text). */
export function copy(v: unknown): Record<string, unknown> & JsonValue {
  return parse(encode(v as JsonValue)) as Record<string, unknown> & JsonValue;
}

/** A result without the episodes at the given manifest indices. */
export function without(
  result: EvaluationResult,
  indices: readonly number[],
): EvaluationResult {
  return {
    ...result,
    episodes: result.episodes.filter((e) => !indices.includes(e.index)),
  };
}

/** The next double above x (x > 0). */
export function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  return v.getFloat64(0);
}

/** A float JSON value. */
export function f(x: number): JsonFloat {
  return new JsonFloat(x);
}
