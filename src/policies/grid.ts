/**
 * Observation grids as flat typed arrays, and the breadth-first kernel that
 * every built-in policy uses. Kept pure and allocation-light so that a
 * WebAssembly kernel can replace `bfs` later.
 *
 * @module
 */

import type { Action, Observation } from "../types.ts";

/** The four moves in contract §4 neighbour order: north, east, south, west. */
export const DIRECTIONS = ["north", "east", "south", "west"] as const;

const DR = [-1, 0, 1, 0] as const;
const DC = [0, 1, 0, -1] as const;

/** "No distance": the cell cannot be reached. */
export const UNREACHED = -1;

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
  return r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
}

/** Index of the neighbour of `i` in direction `d` (0..3 = N, E, S, W), or -1 outside the grid. */
export function neighbour(
  rows: number,
  cols: number,
  i: number,
  d: number,
): number {
  const r = Math.floor(i / cols) + (DR[d] as number);
  const c = (i % cols) + (DC[d] as number);
  return cellIndex(rows, cols, r, c);
}

/**
 * Multi-source breadth-first distances: every source at 0, expanding over
 * 4-neighbours whose `passable` entry is 1. Unreached cells hold
 * {@linkcode UNREACHED}. Sources are used as given, passable or not.
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
  const n = rows * cols;
  const dist = new Int32Array(n).fill(UNREACHED);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const s of sources) {
    if (dist[s] === UNREACHED) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  }
  while (head < tail) {
    const u = queue[head++] as number;
    const du = dist[u] as number;
    for (let d = 0; d < 4; d++) {
      const v = neighbour(rows, cols, u, d);
      if (v >= 0 && passable[v] === 1 && dist[v] === UNREACHED) {
        dist[v] = du + 1;
        queue[tail++] = v;
      }
    }
  }
  return dist;
}

/** A fresh null-prototype action map (person IDs are ordinary keys). */
export function actionMap(): Record<string, Action> {
  return Object.create(null) as Record<string, Action>;
}
