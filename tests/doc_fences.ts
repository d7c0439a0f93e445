/**
 * The fenced blocks of the Markdown documents, for the tests that run or
 * compare what the documents show (tests/docs_commands_test.ts, the recipe
 * tests).
 *
 * @module
 */

import assert from "node:assert/strict";

/** A fenced block: its language tag, the line of its opening fence, its lines. */
export type Fence = { tag: string; line: number; lines: string[] };

/** The fenced blocks of a Markdown text (indented fences too). */
export function fences(file: string, text: string): Fence[] {
  const out: Fence[] = [];
  let open: { fence: Fence; indent: string } | undefined;
  text.split("\n").forEach((raw, i) => {
    const m = /^(\s*)```(\S*)\s*$/.exec(raw);
    if (open === undefined) {
      if (m === null) return;
      assert.ok(
        m[2] !== "",
        `${file}:${
          i + 1
        }: a fence without a language tag (sh for commands, text otherwise)`,
      );
      open = { fence: { tag: m[2]!, line: i + 1, lines: [] }, indent: m[1]! };
    } else if (m !== null && m[2] === "") {
      out.push(open.fence);
      open = undefined;
    } else {
      open.fence.lines.push(
        raw.startsWith(open.indent) ? raw.slice(open.indent.length) : raw,
      );
    }
  });
  assert.equal(open, undefined, `${file}: a fence is never closed`);
  return out;
}

/**
 * The fenced blocks under `heading` (a whole heading line such as
 * `### Slurm: …`), up to the next heading of the same or a higher level.
 */
export function sectionFences(
  file: string,
  text: string,
  heading: string,
): Fence[] {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `${file}: no heading ${JSON.stringify(heading)}`);
  const level = /^#+/.exec(heading)![0].length;
  let end = start + 1;
  let inFence = false;
  for (; end < lines.length; end++) {
    if (/^\s*```/.test(lines[end]!)) inFence = !inFence;
    const m = /^(#+) /.exec(lines[end]!);
    if (!inFence && m !== null && m[1]!.length <= level) break;
  }
  // Fence lines count from 1, the section's lines from 0.
  return fences(file, text).filter((f) => f.line > start && f.line <= end);
}
