/**
 * Plain-text tables that fit a terminal width: numeric columns aligned
 * right, and when a table is still too wide its first column (a name) goes
 * on a line of its own above the other cells, rather than overflowing.
 *
 * @module
 */

/**
 * Lay out `rows` (the first is the header) in at most `width` columns.
 * `right[i]` aligns column i to the right. Widths count code points.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitTable } from "./text_table.ts";
 * assert.deepEqual(fitTable([["name", "n"], ["ab", "10"]], { width: 80, right: [false, true] }),
 *   ["name   n", "ab    10"]);
 * // Too wide: the name moves up, the cells follow indented by four.
 * assert.deepEqual(fitTable([["name", "n"], ["a-very-long-name", "10"]], { width: 12, right: [false, true] }),
 *   ["name", "     n", "a-very-long-name", "    10"]);
 * ```
 */
export function fitTable(
  rows: readonly (readonly string[])[],
  options: { readonly width: number; readonly right?: readonly boolean[] },
): string[] {
  const right = options.right ?? [];
  const flat = layout(rows, right);
  if (flat.every((l) => length(l) <= options.width)) return flat;
  const rest = layout(rows.map((r) => r.slice(1)), right.slice(1));
  return rows.flatMap((row, i) => [row[0] ?? "", `    ${rest[i]}`]);
}

function layout(
  rows: readonly (readonly string[])[],
  right: readonly boolean[],
): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, length(cell));
    });
  }
  return rows.map((row) =>
    row.map((cell, i) => {
      const pad = " ".repeat((widths[i] ?? 0) - length(cell));
      if (right[i]) return pad + cell;
      return i === row.length - 1 ? cell : cell + pad;
    }).join("  ").trimEnd()
  );
}

/**
 * Break a paragraph into lines of at most `width` code points at spaces
 * (a word longer than the width stays whole), each prefixed by `indent`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapText } from "./text_table.ts";
 * assert.deepEqual(wrapText("aa bb cc", 5), ["aa bb", "cc"]);
 * assert.deepEqual(wrapText("aa bb", 6, "  "), ["  aa", "  bb"]);
 * ```
 */
export function wrapText(text: string, width: number, indent = ""): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter((w) => w !== "")) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && length(indent + next) > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line !== "") lines.push(indent + line);
  return lines;
}

function length(s: string): number {
  return [...s].length;
}
