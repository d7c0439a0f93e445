/**
 * Observation 1.0 (contract §9): what a controller sees before each step.
 *
 * @module
 */

import { cellIndex, geometryOf } from "../scenario/geometry.ts";
import {
  type Observation,
  OBSERVATION_VERSION,
  type Scenario,
  type Snapshot,
} from "../types.ts";

/** The scenario grid with every exit drawn as `E`, as chars and as rows. */
type BaseGrid = {
  readonly chars: readonly string[][];
  readonly rows: readonly string[];
};

const baseGrids = new WeakMap<Scenario, BaseGrid>();

function baseGridOf(scenario: Scenario): BaseGrid {
  let base = baseGrids.get(scenario);
  if (base === undefined) {
    const chars = scenario.grid.map((row) => row.split(""));
    for (const exit of scenario.exits) {
      chars[exit.position[0]]![exit.position[1]] = "E";
    }
    base = { chars, rows: chars.map((row) => row.join("")) };
    baseGrids.set(scenario, base);
  }
  return base;
}

/**
 * The observation of state `state` of an episode of `scenario`: `#` wall,
 * `.` floor, `F` burning, `E` usable exit; exits in scenario order; the
 * active people by ID with their trapped flag.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { observe } from "./observation.ts";
 * import type { Scenario, Snapshot } from "../types.ts";
 * const scenario = { scenario_id: "s", grid: ["...#"], termination: { max_steps: 9 },
 *   exits: [{ exit_id: "x", position: [0, 0] }] } as unknown as Scenario;
 * const state: Snapshot = { step: 2, burning: [[0, 1]], trapped: [], terminated: false,
 *   termination_reason: null, people: [{ person_id: "p", status: "active", position: [0, 2] }] };
 * assert.ok(observe(scenario, state).grid[0] === "EF.#");
 * ```
 */
export function observe(scenario: Scenario, state: Snapshot): Observation {
  const g = geometryOf(scenario);
  const base = baseGridOf(scenario);
  const burning = new Uint8Array(g.width * g.height);
  const fireRows = new Map<number, string[]>();
  for (const [r, c] of state.burning) {
    const idx = cellIndex(g, r, c);
    if (idx < 0) {
      throw new RangeError(`burning cell [${r}, ${c}] is off the grid`);
    }
    burning[idx] = 1;
    let row = fireRows.get(r);
    if (row === undefined) {
      row = base.chars[r]!.slice();
      fireRows.set(r, row);
    }
    row[c] = "F";
  }
  const grid = base.rows.map((row, r) => fireRows.get(r)?.join("") ?? row);
  const exits = scenario.exits.map((exit, e) => ({
    exit_id: exit.exit_id,
    position: exit.position,
    usable: burning[g.exitCells[e]!] === 0,
  }));
  const trapped = new Set(state.trapped);
  const people = [];
  for (const p of state.people) {
    if (p.status !== "active") continue;
    people.push({
      person_id: p.person_id,
      position: p.position,
      trapped: trapped.has(p.person_id),
    });
  }
  return {
    observation_version: OBSERVATION_VERSION,
    scenario_id: scenario.scenario_id,
    step: state.step,
    max_steps: scenario.termination.max_steps,
    grid,
    exits,
    burning: state.burning,
    people,
  };
}
