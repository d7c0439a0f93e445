/**
 * The one line a writing command (`run`, `aggregate`, `compare`) prints on
 * standard error when it succeeds, terminal or not: what it wrote, where,
 * the SHA-256 of the bytes and the time taken. A log or a script then sees
 * that the command did its work, and the digest can be checked against the
 * file (`digest FILE` prints the same hex). `--quiet` silences it.
 *
 * @module
 */

import { sha256Hex } from "../json/sha256.ts";
import { notice } from "./command.ts";

/**
 * The summary line: `wrote TARGET (WHAT, sha256 HEX, SECONDS s)`, where
 * TARGET is the `--out` file or "standard output".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writtenLine } from "./written.ts";
 * assert.equal(
 *   writtenLine("res/g.json", "104 episodes", "ab12", 2140),
 *   "wrote res/g.json (104 episodes, sha256 ab12, 2.1 s)",
 * );
 * assert.equal(
 *   writtenLine(undefined, "104 episodes", "ab12", 50),
 *   "wrote standard output (104 episodes, sha256 ab12, 0.1 s)",
 * );
 * ```
 */
export function writtenLine(
  out: string | undefined,
  what: string,
  digest: string,
  elapsedMs: number,
): string {
  const target = out ?? "standard output";
  const seconds = (elapsedMs / 1000).toFixed(1);
  return `wrote ${target} (${what}, sha256 ${digest}, ${seconds} s)`;
}

/**
 * Print the summary line of `written` (the bytes written to `out`, or
 * their SHA-256 in hex when they were hashed as they were streamed), for
 * a command that started at `startedMs` (a `performance.now()` value),
 * unless `quiet`.
 *
 * @example
 * ```ts
 * import { reportWritten } from "./written.ts";
 * reportWritten("res/g.json", "1 episode", new Uint8Array(0), performance.now(), true);
 * ```
 */
export function reportWritten(
  out: string | undefined,
  what: string,
  written: Uint8Array | string,
  startedMs: number,
  quiet: boolean,
): void {
  if (quiet) return;
  const digest = typeof written === "string" ? written : sha256Hex(written);
  notice(writtenLine(out, what, digest, performance.now() - startedMs), false);
}
