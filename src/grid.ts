/**
 * Scenario geometry as flat typed arrays (contract §4, §7 step 8,
 * metrics.md §7). A cell `[row, col]` of a `height × width` grid has the
 * index `row * width + col`, so ascending indices are row-major order. Every
 * conversion checks bounds first: `[r, width]` would otherwise alias
 * `[r + 1, 0]`.
 *
 * @module
 */

import { compareCodePoints } from "./canonical.ts";
import type { Cell, Scenario } from "./types.ts";

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
 * import { geometryOf } from "./grid.ts";
 * import type { Scenario } from "./types.ts";
 * const s = { grid: ["#.", ".."], exits: [{ exit_id: "x", position: [1, 0] }] } as unknown as Scenario;
 * const g = geometryOf(s);
 * assert.ok(g.wall[0] === 1 && g.exitAt[2] === 0 && g.exitCells[0] === 2);
 * ```
 */
export function geometryOf(scenario: Scenario): Geometry {
  const cached = geometryCache.get(scenario);
  if (cached !== undefined) return cached;
  const height = scenario.grid.length;
  const width = scenario.grid[0]?.length ?? 0;
  const wall = new Uint8Array(height * width);
  scenario.grid.forEach((row, r) => {
    for (let c = 0; c < width; c++) {
      if (row.charCodeAt(c) === 0x23) wall[r * width + c] = 1; // '#'
    }
  });
  const exitAt = new Int32Array(height * width).fill(-1);
  const exitCells = new Int32Array(scenario.exits.length);
  const g: Geometry = { width, height, wall, exitAt, exitCells };
  scenario.exits.forEach((exit, e) => {
    const idx = cellIndex(g, exit.position[0], exit.position[1]);
    if (idx < 0) throw new RangeError(`exit ${exit.exit_id} is off the grid`);
    exitAt[idx] = e;
    exitCells[e] = idx;
  });
  geometryCache.set(scenario, g);
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
 * import { exitDistanceField, geometryOf } from "./grid.ts";
 * import type { Scenario } from "./types.ts";
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
  const { width, height, wall } = g;
  out.fill(-1);
  let tail = 0;
  for (const cell of g.exitCells) {
    if ((burning !== null && burning[cell] === 1) || out[cell] === 0) continue;
    out[cell] = 0;
    queue[tail++] = cell;
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head]!;
    const d = out[cell]! + 1;
    const row = (cell / width) | 0;
    const col = cell - row * width;
    // Neighbours in north, east, south, west order.
    if (row > 0) tail = visit(cell - width, d, tail);
    if (col < width - 1) tail = visit(cell + 1, d, tail);
    if (row < height - 1) tail = visit(cell + width, d, tail);
    if (col > 0) tail = visit(cell - 1, d, tail);
  }
  return out;

  function visit(n: number, d: number, tail: number): number {
    if (out[n] !== -1 || wall[n] === 1) return tail;
    if (burning !== null && burning[n] === 1) return tail;
    out[n] = d;
    queue[tail] = n;
    return tail + 1;
  }
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
 * import { trappedSet } from "./grid.ts";
 * import type { Scenario } from "./types.ts";
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
 * import { staticExitDistances } from "./grid.ts";
 * import type { Scenario } from "./types.ts";
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
): Map<string, number | null> {
  const g = geometryOf(scenario);
  const dist = exitDistanceField(g, null);
  const out = new Map<string, number | null>();
  for (const p of scenario.people) {
    const idx = cellIndex(g, p.position[0], p.position[1]);
    const d = idx < 0 ? -1 : dist[idx]!;
    out.set(p.person_id, d < 0 ? null : d);
  }
  return out;
}
