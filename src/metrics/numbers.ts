/**
 * The exact-ratio convention of metrics.md §1 and §3: every ratio is an
 * exact fraction, converted to a float once, and `ratio(a, b)` is `null`
 * when `b = 0`.
 *
 * @module
 */

import { float, type JsonFloat } from "../json/canonical.ts";
import { Rational } from "../exact.ts";
import { type Ctx, fail } from "../json/fields.ts";

/**
 * `ratio(a, b)` of metrics.md §3: `a / b` exactly, or `null` when `b = 0`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ratio } from "./numbers.ts";
 * assert.ok(ratio(1, 3)?.toString() === "1/3" && ratio(1, 0) === null);
 * ```
 */
export function ratio(
  a: Rational | number,
  b: Rational | number,
): Rational | null {
  const q = typeof b === "number" ? Rational.of(b) : b;
  if (q.sign() === 0) return null;
  return (typeof a === "number" ? Rational.of(a) : a).div(q);
}

/** The float of an exact value (converted once), or `null`. */
export function toFloat(r: Rational | null): JsonFloat | null {
  return r === null ? null : float(r.toFloat());
}

/** Raise a metrics input error naming a violated invariant. */
export function invariant(ok: boolean, ctx: Ctx, detail: string): void {
  if (!ok) fail(ctx, `invariant violated: ${detail}`);
}
