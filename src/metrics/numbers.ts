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
  if (typeof a === "number" && typeof b === "number") {
    // Rational.of(b)'s check first, as below; then one reduction.
    if (!Number.isSafeInteger(b)) {
      throw new RangeError(`${b} is not a safe integer`);
    }
    return b === 0 ? null : Rational.of(a, b);
  }
  const q = typeof b === "number" ? Rational.of(b) : b;
  if (q.sign() === 0) return null;
  return (typeof a === "number" ? Rational.of(a) : a).div(q);
}

/**
 * The float of an exact value (converted once), or `null`. A fraction of
 * safe integers (nearly every metric's) is one IEEE division, which
 * rounds the exact quotient to nearest, ties to even, as
 * `Rational.toFloat` does; larger terms take `Rational.toFloat`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rational } from "../exact.ts";
 * import { toFloat } from "./numbers.ts";
 * const big = Rational.of(2n ** 70n + 1n, 3n);
 * assert.equal(toFloat(Rational.of(1, 3))?.value, 1 / 3);
 * assert.equal(toFloat(big)?.value, big.toFloat());
 * ```
 */
export function toFloat(r: Rational | null): JsonFloat | null {
  if (r === null) return null;
  const { num, den } = r;
  return float(
    den <= SAFE && num <= SAFE && num >= -SAFE
      ? Number(num) / Number(den)
      : r.toFloat(),
  );
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Raise a metrics input error naming a violated invariant. */
export function invariant(ok: boolean, ctx: Ctx, detail: string): void {
  if (!ok) fail(ctx, `invariant violated: ${detail}`);
}
