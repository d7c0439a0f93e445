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
} from "../src/canonical.ts";
import { parseScenario, scenarioHash } from "../src/scenario.ts";
import { replayActions } from "../src/simulator.ts";
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
