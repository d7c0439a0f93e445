/**
 * Observation grids as flat typed arrays, and the breadth-first kernel that
 * every built-in policy uses. Kept pure and allocation-light so that a
 * WebAssembly kernel can replace `bfs` later.
 *
 * @module
 */

import type { Action, Observation } from "../types.ts";
import {
  bfs as gridBfs,
  cellIndex as gridCellIndex,
  neighbour as gridNeighbour,
} from "../scenario/geometry.ts";

export { DIRECTIONS, UNREACHED } from "../scenario/geometry.ts";

/** An observation grid read into flat row-major arrays (index `r * cols + c`). */
export type PolicyGrid = {
  readonly rows: number;
  readonly cols: number;
  /** 1 on floor that is not burning (`.` and `E`), else 0. */
  readonly open: Uint8Array;
  /** 1 on walls (`#`), else 0. */
  readonly wall: Uint8Array;
  /** Indices of the burning cells (`F`), row-major. */
  readonly burning: Int32Array;
  /** Indices of the usable exits, in scenario order. */
  readonly exits: Int32Array;
};

/**
 * Read the observation grid (`#` wall, `.` floor, `F` burning, `E` usable
 * exit). Any other character, or rows of unequal length, is refused: a
 * policy must not guess at a grid it does not understand.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readGrid } from "./grid.ts";
 * const g = readGrid({
 *   observation_version: "1.0", scenario_id: "s", step: 0, max_steps: 5,
 *   grid: ["E.F"], exits: [{ exit_id: "x", position: [0, 0], usable: true }],
 *   burning: [[0, 2]], people: [],
 * });
 * assert.ok(g.open[1] === 1 && g.open[2] === 0 && g.exits[0] === 0);
 * ```
 */
export function readGrid(obs: Observation): PolicyGrid {
  const rows = obs.grid.length;
  const cols = obs.grid[0]?.length ?? 0;
  if (rows === 0 || cols === 0) {
    throw new RangeError("observation grid is empty");
  }
  const open = new Uint8Array(rows * cols);
  const wall = new Uint8Array(rows * cols);
  const burning: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row = obs.grid[r] as string;
    if (row.length !== cols) {
      throw new RangeError(
        `observation grid row ${r} has length ${row.length}, expected ${cols}`,
      );
    }
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      switch (row.charCodeAt(c)) {
        case 0x2e: // "."
        case 0x45: // "E"
          open[i] = 1;
          break;
        case 0x23: // "#"
          wall[i] = 1;
          break;
        case 0x46: // "F"
          burning.push(i);
          break;
        default:
          throw new RangeError(
            `observation grid[${r}][${c}] is ${
              JSON.stringify(row[c])
            }, expected one of "#.FE"`,
          );
      }
    }
  }
  const exits: number[] = [];
  for (const e of obs.exits) {
    if (!e.usable) continue;
    const i = cellIndex(rows, cols, e.position[0], e.position[1]);
    if (i < 0 || open[i] !== 1) {
      throw new RangeError(`usable exit ${e.exit_id} is not an open grid cell`);
    }
    exits.push(i);
  }
  return {
    rows,
    cols,
    open,
    wall,
    burning: Int32Array.from(burning),
    exits: Int32Array.from(exits),
  };
}

/** Row-major index of `[r, c]`, or -1 outside the grid (checked before any key is made). */
export function cellIndex(
  rows: number,
  cols: number,
  r: number,
  c: number,
): number {
  return gridCellIndex({ width: cols, height: rows }, r, c);
}

/** Index of the neighbour of `i` in direction `d` (0..3 = N, E, S, W), or -1 outside the grid. */
export function neighbour(
  rows: number,
  cols: number,
  i: number,
  d: number,
): number {
  return gridNeighbour(cols, rows, i, d);
}

/**
 * Multi-source breadth-first distances: every source at 0, expanding over
 * 4-neighbours whose `passable` entry is 1. Unreached cells hold
 * `UNREACHED`. Sources are used as given, passable or not. (The
 * package's one search, in the policies' argument order.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bfs } from "./grid.ts";
 * // 1×4 corridor, source at the west end.
 * const d = bfs(1, 4, Uint8Array.of(1, 1, 0, 1), Int32Array.of(0));
 * assert.ok(d.join() === "0,1,-1,-1");
 * ```
 */
export function bfs(
  rows: number,
  cols: number,
  passable: Uint8Array,
  sources: Int32Array,
): Int32Array {
  return gridBfs(cols, rows, sources, passable, 1);
}

/** A fresh null-prototype action map (person IDs are ordinary keys). */
export function actionMap(): Record<string, Action> {
  return Object.create(null) as Record<string, Action>;
}
