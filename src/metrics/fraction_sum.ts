/**
 * An exact sum of fractions `a / b` with small positive denominators, kept
 * over their least common multiple and reduced only when the exact value
 * is asked for. Adding term by term with `Rational.add` reduces after every
 * term (a Euclidean gcd over BigInts that grow with the common
 * denominator); the metrics sum hundreds of such terms per episode (Σ 1/d
 * per person, Σ L_i / cells_i over the evacuees), and most of those sums
 * are only ever converted to a float, which needs no reduction:
 * `ratioToFloat` rounds the value of any fraction correctly.
 *
 * @module
 */

import { Rational, ratioToFloat } from "../exact.ts";

/** gcd(a, b) of a safe integer a >= 0 and a positive safe integer b. */
function gcdNumber(a: number, b: number): number {
  // One remainder in doubles, then (the usual case) the rest in int32.
  let x = a % b;
  let y = b;
  if (y <= 0x7fffffff) {
    x |= 0;
    y |= 0;
    while (x !== 0) {
      const r = y % x;
      y = x;
      x = r;
    }
    return y;
  }
  while (x !== 0) [x, y] = [y % x, x];
  return y;
}

/**
 * `toFloat(ratio(a, b))` of two safe integers, `b ≠ 0`, without BigInts:
 * both are exact doubles, and IEEE 754 division rounds the exact quotient
 * to the nearest double, ties to even, as `ratioToFloat` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotientFloat } from "./fraction_sum.ts";
 * import { Rational } from "../exact.ts";
 * assert.equal(quotientFloat(2, 3), Rational.of(2, 3).toFloat());
 * ```
 */
export function quotientFloat(a: number, b: number): number {
  return a / b;
}

/**
 * Σ a_k / b_k exactly, for safe non-negative integers a_k and positive
 * safe integers b_k.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FractionSum } from "./fraction_sum.ts";
 * const s = new FractionSum();
 * s.add(1, 2);
 * s.add(1, 3);
 * s.add(2, 4);
 * assert.equal(s.exact().toString(), "4/3");
 * assert.equal(s.toFloat(), 4 / 3);
 * assert.equal(s.meanFloat(2), 2 / 3);
 * assert.equal(new FractionSum().meanFloat(0), null);
 * ```
 */
export class FractionSum {
  // The sum is big + small: `num / den` over BigInts, and a part kept in
  // exact safe integers while its terms' common denominator and numerator
  // fit (most terms then cost no BigInt operation at all).
  private num = 0n;
  private den = 1n;
  private smallNum = 0;
  private smallDen = 1;

  /** Add `a / b`. */
  add(a: number, b: number): void {
    if (a === 0) return;
    const lcm = (this.smallDen / gcdNumber(this.smallDen, b)) * b;
    if (lcm <= Number.MAX_SAFE_INTEGER) {
      // Each product is exact, or at least 2^53 and then so is the sum:
      // a safe sum is the exact one.
      const sum = this.smallNum * (lcm / this.smallDen) + a * (lcm / b);
      if (sum <= Number.MAX_SAFE_INTEGER) {
        this.smallNum = sum;
        this.smallDen = lcm;
        return;
      }
    }
    this.flush();
    this.smallNum = a;
    this.smallDen = b;
  }

  /** The sum, reduced. */
  exact(): Rational {
    this.flush();
    return Rational.of(this.num, this.den);
  }

  /** The sum as the correctly rounded float. */
  toFloat(): number {
    // All in the safe part: one IEEE division is the rounded value.
    if (this.num === 0n) return quotientFloat(this.smallNum, this.smallDen);
    this.flush();
    return ratioToFloat(this.num, this.den);
  }

  /** `ratio(sum, m)` of metrics.md §3 as the correctly rounded float, `null` when `m = 0`. */
  meanFloat(m: number): number | null {
    if (m !== 0 && this.num === 0n) {
      // All in the safe part, and a safe denominator: as in toFloat.
      const den = this.smallDen * m;
      if (den <= Number.MAX_SAFE_INTEGER) {
        return quotientFloat(this.smallNum, den);
      }
    }
    this.flush();
    return m === 0 ? null : ratioToFloat(this.num, this.den * BigInt(m));
  }

  /** Move the small part into the BigInt part. */
  private flush(): void {
    const a = this.smallNum;
    if (a === 0) return;
    const b = this.smallDen;
    const bb = BigInt(b);
    const g = gcdNumber(Number(this.den % bb), b);
    if (g !== b) {
      const scale = BigInt(b / g);
      this.num *= scale;
      this.den *= scale;
    }
    this.num += BigInt(a) * (this.den / bb);
    this.smallNum = 0;
    this.smallDen = 1;
  }
}
