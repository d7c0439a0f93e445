/**
 * The one geometry of the package: scenario grids as flat typed arrays, the
 * direction table, cell helpers, and the one breadth-first search (used by
 * the simulator, validation, the metrics and the policies). A cell
 * `[row, col]` of a `height × width` grid has the index
 * `row * width + col`, so ascending indices are row-major order. Every
 * conversion checks bounds first: `[r, width]` would otherwise alias
 * `[r + 1, 0]`.
 *
 * @module
 */

import { compareCodePoints } from "../json/canonical.ts";
import type { Cell, Direction, Scenario } from "../types.ts";

/** The four moves in contract §4 neighbour order: north, east, south, west. */
export const DIRECTIONS = ["north", "east", "south", "west"] as const;

/** Row and column change of each move (contract §4), in `DIRECTIONS` order. */
export const DELTAS: Readonly<Record<Direction, Cell>> = {
  north: [-1, 0],
  east: [0, 1],
  south: [1, 0],
  west: [0, -1],
};

/** "No distance": the cell cannot be reached. */
export const UNREACHED = -1;

/** The static layout of a scenario: size, walls and exits. */
export type Geometry = {
  /** Number of columns. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
  /** Per cell: 1 for a wall, 0 for floor. */
  readonly wall: Uint8Array;
  /** Per cell: index of the exit on it (scenario order), or -1. */
  readonly exitAt: Int32Array;
  /** Cell index of each exit, in scenario order. */
  readonly exitCells: Int32Array;
};

const geometryCache = new WeakMap<Scenario, Geometry>();

/**
 * The geometry of a (validated) scenario. Cached per scenario object, which
 * is treated as immutable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { geometryOf } from "./geometry.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["#.", ".."], exits: [{ exit_id: "x", position: [1, 0] }] } as unknown as Scenario;
 * const g = geometryOf(s);
 * assert.ok(g.wall[0] === 1 && g.exitAt[2] === 0 && g.exitCells[0] === 2);
 * ```
 */
export function geometryOf(scenario: Scenario): Geometry {
  const cached = geometryCache.get(scenario);
  if (cached !== undefined) return cached;
  const g = gridGeometry(scenario.grid, scenario.exits);
  geometryCache.set(scenario, g);
  return g;
}

/**
 * The geometry of a grid drawn with `#` for walls (any other character is
 * floor) and its exits: a scenario's, or an observation's (whose grid draws
 * the same walls and whose exits are the scenario's, in order). Not cached.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridGeometry } from "./geometry.ts";
 * const g = gridGeometry(["E#", "F."], [{ exit_id: "x", position: [0, 0] }]);
 * assert.ok(g.wall.join() === "0,1,0,0" && g.exitCells[0] === 0);
 * ```
 */
export function gridGeometry(
  grid: readonly string[],
  exits: readonly { readonly exit_id: string; readonly position: Cell }[],
): Geometry {
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  const wall = new Uint8Array(height * width);
  grid.forEach((row, r) => {
    for (let c = 0; c < width; c++) {
      if (row.charCodeAt(c) === 0x23) wall[r * width + c] = 1; // '#'
    }
  });
  const exitAt = new Int32Array(height * width).fill(-1);
  const exitCells = new Int32Array(exits.length);
  const g: Geometry = { width, height, wall, exitAt, exitCells };
  exits.forEach((exit, e) => {
    const idx = cellIndex(g, exit.position[0], exit.position[1]);
    if (idx < 0) throw new RangeError(`exit ${exit.exit_id} is off the grid`);
    exitAt[idx] = e;
    exitCells[e] = idx;
  });
  return g;
}

/** Index of `[row, col]`, or -1 when the cell lies outside the grid. */
export function cellIndex(
  g: { readonly width: number; readonly height: number },
  row: number,
  col: number,
): number {
  if (
    !Number.isInteger(row) || !Number.isInteger(col) || row < 0 ||
    col < 0 || row >= g.height || col >= g.width
  ) return -1;
  return row * g.width + col;
}

/**
 * Multi-source breadth-first distances from every exit whose cell is not
 * burning, over 4-neighbour floor cells that are not burning (people are
 * ignored). `burning` is a per-cell mask, or `null` to ignore fire. Returns a
 * per-cell distance, -1 where no usable exit is reachable. Writes into `out`
 * when given (it must have one slot per cell).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exitDistanceField, geometryOf } from "./geometry.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["...", "#.#"], exits: [{ exit_id: "x", position: [0, 0] }] } as unknown as Scenario;
 * assert.ok(Array.from(exitDistanceField(geometryOf(s), null)).join() === "0,1,2,-1,2,-1");
 * ```
 */
export function exitDistanceField(
  g: Geometry,
  burning: Uint8Array | null,
  out: Int32Array = new Int32Array(g.width * g.height),
  queue: Int32Array = new Int32Array(g.width * g.height),
): Int32Array {
  return bfs(g.width, g.height, g.exitCells, g.wall, 0, burning, out, queue);
}

/**
 * The breadth-first search: multi-source distances over 4-neighbours in
 * `DIRECTIONS` order, every source at 0 (as given, enterable or not; each
 * once). A cell can be entered when `mask[cell] === enter` and, when `fire`
 * is given, `fire[cell] !== 1`; a source on a burning cell is skipped.
 * Unreached cells hold {@linkcode UNREACHED}. Writes into `out` when given
 * (one slot per cell), using `queue` as scratch.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bfs } from "./geometry.ts";
 * // 1×4 corridor, source at the west end; 1 marks a cell that can be entered.
 * const d = bfs(4, 1, Int32Array.of(0), Uint8Array.of(1, 1, 0, 1), 1);
 * assert.ok(d.join() === "0,1,-1,-1");
 * ```
 */
export function bfs(
  width: number,
  height: number,
  sources: ArrayLike<number>,
  mask: Uint8Array,
  enter: 0 | 1,
  fire: Uint8Array | null = null,
  out: Int32Array = new Int32Array(width * height),
  queue: Int32Array = new Int32Array(width * height),
): Int32Array {
  out.fill(UNREACHED);
  let tail = 0;
  for (let i = 0; i < sources.length; i++) {
    const cell = sources[i]!;
    if ((fire !== null && fire[cell] === 1) || out[cell] === 0) continue;
    out[cell] = 0;
    queue[tail++] = cell;
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head]!;
    const d = out[cell]! + 1;
    const row = (cell / width) | 0;
    const col = cell - row * width;
    if (row > 0) tail = visit(cell - width, d, tail);
    if (col < width - 1) tail = visit(cell + 1, d, tail);
    if (row < height - 1) tail = visit(cell + width, d, tail);
    if (col > 0) tail = visit(cell - 1, d, tail);
  }
  return out;

  function visit(n: number, d: number, tail: number): number {
    if (out[n] !== UNREACHED || mask[n] !== enter) return tail;
    if (fire !== null && fire[n] === 1) return tail;
    out[n] = d;
    queue[tail] = n;
    return tail + 1;
  }
}

/**
 * Index of the neighbour of cell `i` in direction `d` (0..3, in
 * `DIRECTIONS` order), or -1 outside the grid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { neighbour } from "./geometry.ts";
 * assert.ok(neighbour(3, 2, 1, 0) === -1 && neighbour(3, 2, 1, 2) === 4);
 * ```
 */
export function neighbour(
  width: number,
  height: number,
  i: number,
  d: number,
): number {
  const row = Math.floor(i / width);
  const col = i - row * width;
  const delta = DELTAS[DIRECTIONS[d]!];
  return cellIndex({ width, height }, row + delta[0], col + delta[1]);
}

/** Whether a cell lies inside the grid. */
export function inBounds(g: Geometry, cell: Cell): boolean {
  return cell[0] >= 0 && cell[0] < g.height && cell[1] >= 0 &&
    cell[1] < g.width;
}

/** Key of an in-bounds cell (callers check {@linkcode inBounds} first). */
export function cellKey(g: Geometry, cell: Cell): number {
  return cell[0] * g.width + cell[1];
}

/** Whether an in-bounds cell is a wall. */
export function isWall(g: Geometry, cell: Cell): boolean {
  return g.wall[cellKey(g, cell)] === 1;
}

/** The ID of the exit on an in-bounds cell key, or `undefined`. */
export function exitIdAt(
  g: Geometry,
  scenario: Scenario,
  key: number,
): string | undefined {
  const e = g.exitAt[key]!;
  return e < 0 ? undefined : scenario.exits[e]?.exit_id;
}

/** Row-major order: by row, then column. */
export function compareCells(a: Cell, b: Cell): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Whether two cells are the same. */
export function sameCell(a: Cell | null, b: Cell | null): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1] === b[1];
}

/** A cell as text for messages: `[r, c]`. */
export function showCell(cell: Cell | null): string {
  return cell === null ? "null" : `[${cell[0]}, ${cell[1]}]`;
}

/**
 * The trapped set (contract §7 step 8): the IDs of the given active people
 * with no 4-neighbour path through non-burning floor to a non-burning exit,
 * sorted by code point. A person off the grid, on a wall or on a burning
 * cell is trapped (no such path starts there); burning cells off the grid
 * are ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trappedSet } from "./geometry.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }] } as unknown as Scenario;
 * const t = trappedSet(s, [[0, 1]], [{ person_id: "a", position: [0, 2] }]);
 * assert.ok(t.join() === "a");
 * ```
 */
export function trappedSet(
  scenario: Scenario,
  burning: readonly Cell[],
  active: readonly { person_id: string; position: Cell }[],
): string[] {
  const g = geometryOf(scenario);
  const mask = new Uint8Array(g.width * g.height);
  for (const [r, c] of burning) {
    const idx = cellIndex(g, r, c);
    if (idx >= 0) mask[idx] = 1;
  }
  const dist = exitDistanceField(g, mask);
  const out: string[] = [];
  for (const p of active) {
    const idx = cellIndex(g, p.position[0], p.position[1]);
    if (idx < 0 || dist[idx]! < 0) out.push(p.person_id);
  }
  return out.sort(compareCodePoints);
}

/**
 * `static_exit_distance` of metrics.md §7 for every scenario person: the
 * shortest 4-neighbour path length from the person's initial cell to any
 * exit through non-wall cells, ignoring fire and people; `null` when no exit
 * is reachable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { staticExitDistances } from "./geometry.ts";
 * import type { Scenario } from "../types.ts";
 * const s = {
 *   grid: ["..#."],
 *   exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 1] }, { person_id: "b", position: [0, 3] }],
 * } as unknown as Scenario;
 * const d = staticExitDistances(s);
 * assert.ok(d.get("a") === 1 && d.get("b") === null);
 * ```
 */
export function staticExitDistances(
  scenario: Scenario,
  field: Int32Array = exitDistanceField(geometryOf(scenario), null),
): Map<string, number | null> {
  const g = geometryOf(scenario);
  const out = new Map<string, number | null>();
  for (const p of scenario.people) {
    const idx = cellIndex(g, p.position[0], p.position[1]);
    const d = idx < 0 ? -1 : field[idx]!;
    out.set(p.person_id, d < 0 ? null : d);
  }
  return out;
}
