/**
 * What a built-in policy sees of one observation: the scenario's static
 * geometry (from the compiled scenario when the runner gives it, else drawn
 * from the observation's own grid, which shows the same walls and exits)
 * and this step's fire. The searches are the geometry module's.
 *
 * @module
 */

import type { CompiledScenario } from "../sim/compiled.ts";
import {
  cellIndex,
  type Geometry,
  gridGeometry,
} from "../scenario/geometry.ts";
import type { Action, Observation } from "../types.ts";

/** One observation over the static geometry, as flat row-major arrays. */
export type PolicyView = {
  /** The static layout: size, walls, exits. */
  readonly geometry: Geometry;
  /** Per cell: 1 on floor that is not burning (exits included), else 0. */
  readonly open: Uint8Array;
  /** Per cell: 1 where it burns, else 0. */
  readonly fire: Uint8Array;
  /** Indices of the burning cells, in the observation's order. */
  readonly burning: Int32Array;
  /** Indices of the usable exits, in scenario order. */
  readonly exits: Int32Array;
};

/**
 * Read an observation against the compiled scenario it comes from, or
 * against its own grid when none is given. A burning cell, a usable exit or
 * a grid the geometry does not match is refused: a policy must not guess.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { viewOf } from "./view.ts";
 * const v = viewOf({
 *   observation_version: "1.0", scenario_id: "s", step: 0, max_steps: 5,
 *   grid: ["E.F"], exits: [{ exit_id: "x", position: [0, 0], usable: true }],
 *   burning: [[0, 2]], people: [],
 * });
 * assert.ok(v.open.join() === "1,1,0" && v.exits.join() === "0");
 * ```
 */
export function viewOf(
  obs: Observation,
  scenario?: CompiledScenario,
): PolicyView {
  const geometry = scenario?.geometry ?? gridGeometry(obs.grid, obs.exits);
  const { width, height, wall, exitCells } = geometry;
  if (
    width === 0 || height === 0 || obs.grid.length !== height ||
    obs.grid.some((row) => row.length !== width) ||
    obs.exits.length !== exitCells.length
  ) {
    throw new RangeError(
      `observation grid of scenario ${obs.scenario_id} does not match its layout`,
    );
  }
  if (scenario === undefined) checkChars(obs.grid);
  const n = width * height;
  const fire = new Uint8Array(n);
  const burning = new Int32Array(obs.burning.length);
  obs.burning.forEach(([r, c], k) => {
    const i = cellIndex(geometry, r, c);
    if (i < 0) {
      throw new RangeError(`burning cell [${r}, ${c}] is off the grid`);
    }
    fire[i] = 1;
    burning[k] = i;
  });
  const open = new Uint8Array(n);
  for (let i = 0; i < n; i++) open[i] = wall[i] === 0 && fire[i] === 0 ? 1 : 0;
  const exits: number[] = [];
  obs.exits.forEach((e, k) => {
    if (!e.usable) return;
    const i = exitCells[k]!;
    if (open[i] !== 1) {
      throw new RangeError(`usable exit ${e.exit_id} is not an open grid cell`);
    }
    exits.push(i);
  });
  return { geometry, open, fire, burning, exits: Int32Array.from(exits) };
}

// Without the scenario, the grid is all a policy knows of the layout.
function checkChars(grid: readonly string[]): void {
  grid.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!"#.FE".includes(row[c]!)) {
        throw new RangeError(
          `observation grid[${r}][${c}] is ${
            JSON.stringify(row[c])
          }, expected one of "#.FE"`,
        );
      }
    }
  });
}

/** A fresh null-prototype action map (person IDs are ordinary keys). */
export function actionMap(): Record<string, Action> {
  return Object.create(null) as Record<string, Action>;
}
