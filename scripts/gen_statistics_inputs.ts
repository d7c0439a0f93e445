/**
 * Write the inputs of the independent statistics cross-check under
 * `tests/fixtures/statistics/`: a small suite (`suite.json`), evaluation
 * results of the built-in policies on it (`result_<name>.json`, canonical
 * JSON), results with missing episodes, and one result of a suite with a
 * changed seed (so a different manifest) for the paired refusal.
 * `scripts/statistics_reference.py` then computes the expected artifacts from
 * these files alone. Simulation is deterministic, so a second run rewrites
 * every file byte for byte.
 *
 * Usage: deno run --allow-read=. --allow-write=tests/fixtures/statistics
 *   scripts/gen_statistics_inputs.ts
 *
 * @module
 */

import { encode, type JsonValue } from "../src/json/canonical.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import type { EvaluationResult, Suite } from "../src/types.ts";

const OUT = new URL("../tests/fixtures/statistics/", import.meta.url);

/** Builds one scenario of schema 1.0 (every number an integer). */
function scenario(
  id: string,
  grid: string[],
  exits: [string, number, number][],
  people: [number, number][],
  ignitions: [number, number][],
  spread: [number, number],
  enterFire: "casualty" | "blocked",
  maxSteps: number,
): JsonValue {
  return {
    schema_version: "1.0",
    scenario_id: id,
    description: `statistics cross-check: ${id}`,
    grid,
    exits: exits.map(([exit_id, r, c]) => ({ exit_id, position: [r, c] })),
    people: people.map(([r, c], i) => ({
      person_id: `p${String(i + 1).padStart(2, "0")}`,
      position: [r, c],
    })),
    fire: {
      ignitions,
      spread_probability: spread,
      enter_fire: enterFire,
    },
    termination: { max_steps: maxSteps },
  };
}

/**
 * The suite. Scenario sizes differ (8, 7, 6, 9 seeds) so groups have unequal
 * weights; families overlap, list scenarios out of suite order, and one is
 * empty (it must not be listed). `trap_room` holds a walled-off person and
 * `corridor_single` has one exit and no fire.
 */
function suiteJson(corridorSeeds: number[]): JsonValue {
  return {
    suite_id: "stats-crosscheck",
    suite_version: "1.0",
    families: [
      {
        family_id: "multi_exit",
        description: "two exits, listed out of suite order",
        scenarios: ["crowd_bottleneck", "two_exits_fire"],
      },
      { family_id: "no_fire", description: "", scenarios: ["corridor_single"] },
      { family_id: "reserved", description: "empty", scenarios: [] },
      {
        family_id: "spreading_fire",
        description: "fire spreads",
        scenarios: ["two_exits_fire", "trap_room", "crowd_bottleneck"],
      },
      { family_id: "trapping", description: "", scenarios: ["trap_room"] },
    ],
    scenarios: [
      {
        scenario: scenario(
          "corridor_single",
          ["#########", "#.......#", "#.......#", "#.......#", "###.#####"],
          [["south", 4, 3]],
          [[1, 1], [2, 5], [3, 7], [1, 7]],
          [],
          [0, 1],
          "casualty",
          20,
        ),
        seeds: corridorSeeds,
      },
      {
        scenario: scenario(
          "two_exits_fire",
          [
            "##########",
            ".........#",
            "#........#",
            "#........#",
            "#.........",
            "##########",
          ],
          [["west", 1, 0], ["east", 4, 9]],
          [[1, 2], [2, 7], [3, 3], [4, 5], [3, 8]],
          [[2, 4]],
          [1, 3],
          "casualty",
          25,
        ),
        seeds: [3, 1, 4, 15, 9, 2, 6],
      },
      {
        scenario: scenario(
          "trap_room",
          [
            "########",
            "#......#",
            "#......#",
            "#......#",
            "#.....##",
            "####.#.#",
          ],
          [["door", 5, 4]],
          [[1, 1], [1, 4], [2, 2], [4, 1], [3, 5], [5, 6]],
          [[1, 6]],
          [1, 4],
          "blocked",
          15,
        ),
        seeds: [10, 11, 12, 13, 14, 15],
      },
      {
        scenario: scenario(
          "crowd_bottleneck",
          [
            "##########",
            "#....#...#",
            "#....#...#",
            "#.........",
            "#....#...#",
            "##.#######",
          ],
          [["east", 3, 9], ["south", 5, 2]],
          [[1, 1], [1, 2], [1, 3], [2, 1], [2, 3], [4, 4]],
          [[4, 1]],
          [1, 4],
          "casualty",
          20,
        ),
        seeds: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      },
    ],
  };
}

/** The result without the episodes at the given manifest indices. */
function withoutEpisodes(
  r: EvaluationResult,
  indices: readonly number[],
): EvaluationResult {
  const drop = new Set(indices);
  return { ...r, episodes: r.episodes.filter((e) => !drop.has(e.index)) };
}

async function write(name: string, v: JsonValue): Promise<void> {
  await Deno.writeTextFile(new URL(name, OUT), encode(v));
}

if (import.meta.main) {
  await Deno.mkdir(OUT, { recursive: true });
  const mainJson = suiteJson([0, 1, 2, 3, 4, 5, 6, 7]);
  const suite: Suite = parseSuite(mainJson);
  // Same suite with one corridor seed changed: another manifest hash.
  const otherSuite: Suite = parseSuite(suiteJson([0, 1, 2, 3, 4, 5, 6, 107]));
  await write("suite.json", mainJson);
  await write("suite_other.json", otherSuite as unknown as JsonValue);

  const run = (s: Suite, policy: string, modelId: string) =>
    runEvaluation(s, policy, { modelId });
  const results: Record<string, EvaluationResult> = {};
  for (const policy of ["stay", "random", "greedy", "fire_aware"]) {
    results[policy] = await run(suite, policy, policy);
  }
  // Manifest indices: corridor 0-7, two_exits 8-14, trap_room 15-20,
  // crowd 21-29. fire_aware_missing keeps 1 trap_room and 4 crowd episodes
  // (n < 5: no interval); random_missing loses all of corridor (a group
  // with observed = 0) and two two_exits episodes.
  results["fire_aware_missing"] = withoutEpisodes(
    await run(suite, "fire_aware", "fire_aware_missing"),
    [15, 16, 18, 19, 20, 21, 23, 24, 27, 29],
  );
  results["random_missing"] = withoutEpisodes(
    await run(suite, "random", "random_missing"),
    [0, 1, 2, 3, 4, 5, 6, 7, 9, 13],
  );
  results["greedy_other"] = await run(otherSuite, "greedy", "greedy_other");
  for (const [name, r] of Object.entries(results)) {
    await write(`result_${name}.json`, r as unknown as JsonValue);
  }
}
