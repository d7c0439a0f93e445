/**
 * Grid geometry shared by the metrics checks: bounds, walls, exit cells and
 * row-major cell order. Cell keys are made only after a bounds check, since
 * `r * W + c` of an out-of-grid cell aliases a real one.
 *
 * @module
 */

import type { Cell, Direction, Scenario } from "../types.ts";

/** The static layout of a scenario, indexed by cell key `row * cols + col`. */
export type Geometry = {
  readonly rows: number;
  readonly cols: number;
  /** 1 on wall cells. */
  readonly walls: Uint8Array;
  /** Exit ID by cell key. */
  readonly exitAt: ReadonlyMap<number, string>;
};

/**
 * Index a scenario's grid and exits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { geometry, isWall } from "./geometry.ts";
 * import type { Scenario } from "../types.ts";
 * const g = geometry({ grid: [".#"], exits: [] } as unknown as Scenario);
 * assert.ok(isWall(g, [0, 1]) && !isWall(g, [0, 0]));
 * ```
 */
export function geometry(scenario: Scenario): Geometry {
  const rows = scenario.grid.length;
  const cols = scenario.grid[0]?.length ?? 0;
  const walls = new Uint8Array(rows * cols);
  scenario.grid.forEach((line, r) => {
    for (let c = 0; c < cols; c++) {
      if (line.charCodeAt(c) === 0x23) walls[r * cols + c] = 1;
    }
  });
  const exitAt = new Map<number, string>();
  for (const e of scenario.exits) {
    exitAt.set(e.position[0] * cols + e.position[1], e.exit_id);
  }
  return { rows, cols, walls, exitAt };
}

/** Whether a cell lies inside the grid. */
export function inBounds(g: Geometry, cell: Cell): boolean {
  return cell[0] >= 0 && cell[0] < g.rows && cell[1] >= 0 && cell[1] < g.cols;
}

/** Key of an in-bounds cell (callers check {@linkcode inBounds} first). */
export function cellKey(g: Geometry, cell: Cell): number {
  return cell[0] * g.cols + cell[1];
}

/** Whether an in-bounds cell is a wall. */
export function isWall(g: Geometry, cell: Cell): boolean {
  return g.walls[cellKey(g, cell)] === 1;
}

/** Row and column change of each move (contract §4). */
export const DELTAS: Readonly<Record<Direction, Cell>> = {
  north: [-1, 0],
  east: [0, 1],
  south: [1, 0],
  west: [0, -1],
};

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
