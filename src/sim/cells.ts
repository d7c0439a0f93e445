/**
 * The frozen `[row, col]` tuple of each in-grid cell of a layout, made once
 * and shared by every state, observation and record built for that layout
 * (by the simulator, or by the stepped kernel episode and the record of a
 * trace): one array per cell instead of one per mention.
 *
 * @module
 */

import type { Layout } from "./layout.ts";
import type { Cell } from "../types.ts";

/** Per layout: its table of cell tuples. */
export type CellTables = WeakMap<Layout, (Cell | undefined)[]>;

// The kernel path's tables (the stepped episode and the record of a trace
// share them). The simulator keeps its own, so that the two paths share no
// object: a test tells by identity which one built a record.
const KERNEL_TABLES: CellTables = new WeakMap();

/**
 * The layout's table of cell tuples in `tables` (by default the kernel
 * path's), filled as cells are asked for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cellTable, cellTuple } from "./cells.ts";
 * import { layoutOf } from "./layout.ts";
 * import type { Scenario } from "../types.ts";
 * const layout = layoutOf({ grid: ["...", "..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [], fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 1 } } as unknown as Scenario);
 * const table = cellTable(layout);
 * assert.deepEqual(cellTuple(table, 3, 5), [1, 2]);
 * assert.equal(cellTuple(cellTable(layout), 3, 5), cellTuple(table, 3, 5));
 * ```
 */
export function cellTable(
  layout: Layout,
  tables: CellTables = KERNEL_TABLES,
): (Cell | undefined)[] {
  let table = tables.get(layout);
  if (table === undefined) tables.set(layout, table = []);
  return table;
}

/** The tuple of in-grid cell `index` of a grid `width` wide, from its table. */
export function cellTuple(
  table: (Cell | undefined)[],
  width: number,
  index: number,
): Cell {
  let c = table[index];
  if (c === undefined) {
    const row = (index / width) | 0;
    c = Object.freeze([row, index - row * width] as const);
    table[index] = c;
  }
  return c;
}
