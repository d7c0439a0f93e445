/**
 * The proof's one way out: {@linkcode Undecided} means "the proof cannot
 * show this valid", never a verdict. What it leaves goes to the reference
 * verifier, which decides it with its diagnostics.
 *
 * @module
 */

/** Thrown inside the proof: the reference verifier decides. */
export class Undecided extends Error {}

/**
 * Throw {@linkcode Undecided} unless `ok`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { need, Undecided } from "./undecided.ts";
 * need(true);
 * assert.throws(() => need(false), Undecided);
 * ```
 */
export function need(ok: boolean): asserts ok {
  if (!ok) throw new Undecided();
}

/**
 * The flat object (no object inside) whose opening brace ends the first
 * `marker` at or after `from`, read with `JSON.parse`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { objectAfter } from "./undecided.ts";
 * assert.deepEqual(objectAfter('{"h":{"a":1},"x":2}', '"h":{', 0), { a: 1 });
 * ```
 */
export function objectAfter(
  source: string,
  marker: string,
  from: number,
): Record<string, unknown> {
  const start = source.indexOf(marker, from);
  need(start >= 0);
  const open = start + marker.length - 1;
  const end = source.indexOf("}", open);
  need(end >= 0);
  const v = JSON.parse(source.slice(open, end + 1)) as unknown;
  need(v !== null && typeof v === "object" && !Array.isArray(v));
  return v as Record<string, unknown>;
}
