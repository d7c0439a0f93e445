/**
 * Shared helpers of the metrics tests: scenarios from plain objects,
 * authentic records from scripted action logs, and a typed view of JSON
 * values so that `assert.deepStrictEqual` also tells `1.0` from `1`.
 *
 * @module
 */

import {
  encode,
  float,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  pythonFloatRepr,
} from "../src/json/canonical.ts";
import { parseScenario, scenarioHash } from "../src/scenario/scenario.ts";
import { replayActions, simulateEpisode } from "../src/sim/simulator.ts";
import type { Action, RunRecord, Scenario } from "../src/types.ts";

/** Scenario fields a test sets; the rest get harmless defaults. */
export type ScenarioSpec = {
  id?: string;
  grid: string[];
  exits: [string, [number, number]][];
  people: [string, [number, number]][];
  ignitions?: [number, number][];
  spread?: [number, number];
  enterFire?: "casualty" | "blocked";
  maxSteps: number;
};

/** A validated scenario. */
export function makeScenario(spec: ScenarioSpec): Scenario {
  return parseScenario({
    schema_version: "1.0",
    scenario_id: spec.id ?? "test",
    description: "",
    grid: spec.grid,
    exits: spec.exits.map(([exit_id, position]) => ({ exit_id, position })),
    people: spec.people.map(([person_id, position]) => ({
      person_id,
      position,
    })),
    fire: {
      ignitions: spec.ignitions ?? [],
      spread_probability: spec.spread ?? [0, 1],
      enter_fire: spec.enterFire ?? "blocked",
    },
    termination: { max_steps: spec.maxSteps },
  });
}

/** The simulator's record of a scripted action log. */
export async function authenticRecord(
  scenario: Scenario,
  seed: number,
  actions: readonly Record<string, Action>[],
): Promise<RunRecord> {
  return replayActions(scenario, seed, actions, await scenarioHash(scenario));
}

/** A deep, mutable plain-JSON copy of a record (records hold no floats). */
// deno-lint-ignore no-explicit-any
export function mutableCopy(record: RunRecord): any {
  return JSON.parse(encode(record));
}

/** A float. */
export const f = float;

/** Floats become `"float:<repr>"` strings, so deep equality sees their type. */
export function typed(v: JsonValue): unknown {
  if (v instanceof JsonFloat) return `float:${pythonFloatRepr(v.value)}`;
  if (Array.isArray(v)) return v.map(typed);
  if (v !== null && typeof v === "object") {
    const obj = v as JsonObject;
    return Object.fromEntries(
      Object.keys(obj).sort().map((k) => [k, typed(obj[k]!)]),
    );
  }
  return v;
}

const ACTIONS: readonly Action[] = ["stay", "north", "east", "south", "west"];

/** mulberry32: a small deterministic generator for building test inputs. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(rand: () => number, n: number): number {
  return Math.floor(rand() * n);
}

/** Shuffle in place (Fisher–Yates) and return the array. */
export function shuffle<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = pick(rand, i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** A scenario with the record of one simulated episode. */
export type Episode = { scenario: Scenario; record: RunRecord };

/**
 * A random scenario (walls, one or two exits, people, fire, either
 * enter_fire mode) and a simulated episode whose controller mixes random
 * actions with steps toward the first usable exit. `large` grows the grid
 * to 12 × 12, the crowd to 12 and the horizon to 30.
 */
export async function randomEpisode(
  seed: number,
  large = false,
): Promise<Episode> {
  const rand = generator(seed);
  const side = large ? 12 : 5;
  const rows = 1 + pick(rand, side - 1);
  const cols = 2 + pick(rand, side - 1);
  const grid = Array.from(
    { length: rows },
    () => Array.from({ length: cols }, () => rand() < 0.2 ? "#" : ".").join(""),
  );
  let floor: [number, number][] = [];
  grid.forEach((line, r) => {
    for (let c = 0; c < cols; c++) if (line[c] === ".") floor.push([r, c]);
  });
  if (floor.length < 2) {
    grid.fill(".".repeat(cols));
    floor = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) floor.push([r, c]);
    }
  }
  shuffle(floor, rand);
  const nExits = 1 + pick(rand, Math.min(2, floor.length - 1));
  const exits = floor.slice(0, nExits);
  const rest = floor.slice(nExits);
  const nPeople = 1 + pick(rand, Math.min(large ? 12 : 4, rest.length));
  const people = rest.slice(0, nPeople);
  const free = [...rest.slice(nPeople), ...exits];
  const ignitions = shuffle(free, rand).slice(0, pick(rand, large ? 5 : 3));
  const den = 1 + pick(rand, 4);
  const scenario = makeScenario({
    id: `random-${seed}`,
    grid,
    exits: exits.map((cell, i) => [`x${i}`, cell]),
    people: people.map((cell, i) => [`p${(i * 7) % 10}${i}`, cell]),
    ignitions,
    spread: [pick(rand, den + 1), den],
    enterFire: rand() < 0.5 ? "casualty" : "blocked",
    maxSteps: 1 + pick(rand, large ? 30 : 10),
  });
  const record = await simulateEpisode(
    scenario,
    pick(rand, 1000),
    (obs) => {
      const exit = obs.exits.find((e) => e.usable);
      return Object.fromEntries(obs.people.map((p) => {
        if (exit === undefined || rand() < 0.5) {
          return [p.person_id, ACTIONS[pick(rand, 5)]!];
        }
        const dr = exit.position[0] - p.position[0];
        const dc = exit.position[1] - p.position[1];
        const action: Action = dr < 0
          ? "north"
          : dr > 0
          ? "south"
          : dc < 0
          ? "west"
          : "east";
        return [p.person_id, action];
      }));
    },
  );
  return { scenario, record };
}
