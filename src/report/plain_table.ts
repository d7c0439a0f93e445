/**
 * Plain-text tables for the CLI's listings and summaries.
 *
 * @module
 */

/**
 * Left-aligned columns separated by two spaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { table } from "./plain_table.ts";
 * assert.ok(table([["a", "bb"], ["ccc", "d"]]).join("|") === "a    bb|ccc  d");
 * ```
 */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows.map((row) =>
    row.map((cell, i) =>
      i === row.length - 1
        ? cell
        : cell.padEnd((widths[i] ?? 0) + (cell.length - [...cell].length))
    ).join("  ")
  );
}
