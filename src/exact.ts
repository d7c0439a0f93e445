/**
 * Exact rational numbers over BigInt (contract §3). Every ratio, mean,
 * quantile and variance stays a {@linkcode Rational} until the output
 * boundary, where {@linkcode Rational.toFloat} gives the correctly rounded
 * double exactly as Python's `float(Fraction(p, q))`.
 *
 * @module
 */

/**
 * The greatest common divisor of |a| and |b|.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gcd } from "./exact.ts";
 * assert.equal(gcd(-12n, 18n), 6n);
 * ```
 */
export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

function bitLength(a: bigint): number {
  // a > 0. toString(16) is linear and avoids a loop of shifts on huge values.
  const hex = a.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0]!, 16)));
}

const F64 = new DataView(new ArrayBuffer(8));

/**
 * A normalised fraction `num / den` with `den > 0` and `gcd(num, den) = 1`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rational } from "./exact.ts";
 * const third = Rational.of(1, 3);
 * assert.ok(third.add(third).toString() === "2/3");
 * assert.ok(Rational.of(1, 10).toFloat() === 0.1);
 * ```
 */
export class Rational {
  /** Numerator (sign carrier). */
  readonly num: bigint;
  /** Denominator, always positive. */
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  /** Zero. */
  static readonly ZERO: Rational = new Rational(0n, 1n);
  /** One. */
  static readonly ONE: Rational = new Rational(1n, 1n);

  /**
   * Build `num / den`, normalised. Number arguments must be safe integers.
   * Throws `RangeError` on a zero denominator.
   */
  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    if (typeof num === "number" && typeof den === "number") {
      return Rational.ofNumbers(num, den);
    }
    let n = toBig(num);
    let d = toBig(den);
    if (d === 0n) throw new RangeError("zero denominator");
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    if (d === 1n) return new Rational(n, 1n);
    const g = gcd(n, d);
    return g === 1n ? new Rational(n, d) : new Rational(n / g, d / g);
  }

  /**
   * `Rational.of` of two numbers, reduced with number arithmetic (exact on
   * safe integers) so that only the result is made of BigInts.
   */
  private static ofNumbers(num: number, den: number): Rational {
    if (!Number.isSafeInteger(num)) {
      throw new RangeError(`${num} is not a safe integer`);
    }
    if (!Number.isSafeInteger(den)) {
      throw new RangeError(`${den} is not a safe integer`);
    }
    if (den === 0) throw new RangeError("zero denominator");
    if (den < 0) {
      num = -num;
      den = -den;
    }
    let a = num < 0 ? -num : num;
    let b = den;
    while (b !== 0) {
      const r = a % b;
      a = b;
      b = r;
    }
    // a >= 1 since den >= 1; -0 becomes 0n.
    return new Rational(BigInt(num / a), BigInt(den / a));
  }

  /**
   * The exact value of a finite double (every double is a dyadic rational).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rational } from "./exact.ts";
   * assert.ok(Rational.fromFloat(0.1).toString() === "3602879701896397/36028797018963968");
   * ```
   */
  static fromFloat(x: number): Rational {
    if (!Number.isFinite(x)) {
      throw new RangeError(`cannot make a fraction of ${x}`);
    }
    F64.setFloat64(0, x);
    const bits = F64.getBigUint64(0);
    const neg = bits >> 63n === 1n;
    const expField = Number((bits >> 52n) & 0x7ffn);
    let mant = bits & 0xfffffffffffffn;
    let exp: number;
    if (expField === 0) exp = -1074;
    else {
      mant |= 1n << 52n;
      exp = expField - 1075;
    }
    if (neg) mant = -mant;
    return exp >= 0
      ? Rational.of(mant << BigInt(exp))
      : Rational.of(mant, 1n << BigInt(-exp));
  }

  /** Exact sum `this + o`. */
  add(o: Rational): Rational {
    if (this.den === o.den) return Rational.of(this.num + o.num, this.den);
    return Rational.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  /** Exact difference `this - o`. */
  sub(o: Rational): Rational {
    return this.add(o.neg());
  }
  /** Exact product `this · o`. */
  mul(o: Rational): Rational {
    return Rational.of(this.num * o.num, this.den * o.den);
  }
  /** Exact quotient `this / o`; throws `RangeError` when `o` is zero. */
  div(o: Rational): Rational {
    if (o.num === 0n) throw new RangeError("division by zero");
    return Rational.of(this.num * o.den, this.den * o.num);
  }
  /** Exact negation. */
  neg(): Rational {
    return new Rational(-this.num, this.den);
  }
  /** -1, 0 or 1 as this is below, equal to or above `o`. */
  cmp(o: Rational): -1 | 0 | 1 {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  /** Exact equality (both are normalised, so compare the terms). */
  eq(o: Rational): boolean {
    return this.num === o.num && this.den === o.den;
  }
  /** -1, 0 or 1 as this is negative, zero or positive. */
  sign(): -1 | 0 | 1 {
    return this.num < 0n ? -1 : this.num > 0n ? 1 : 0;
  }
  /** Largest integer not above this value. */
  floor(): bigint {
    const q = this.num / this.den;
    return this.num < 0n && q * this.den !== this.num ? q - 1n : q;
  }
  /** `num/den`, or just `num` for an integer: `-1/3`, `5`. */
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }

  /**
   * The correctly rounded (round-half-even) double, like Python's
   * `float(Fraction(p, q))`, subnormals included. A value whose rounding
   * reaches 2^1024 throws `RangeError`, as Python raises `OverflowError`.
   */
  toFloat(): number {
    return ratioToFloat(this.num, this.den);
  }
}

function toBig(x: bigint | number): bigint {
  if (typeof x === "bigint") return x;
  if (!Number.isSafeInteger(x)) {
    throw new RangeError(`${x} is not a safe integer`);
  }
  return BigInt(x);
}

/**
 * Correctly rounded `p / q` for integers (q > 0), as Python's `int / int`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ratioToFloat } from "./exact.ts";
 * assert.ok(ratioToFloat(1n, 3n) === 1 / 3);
 * ```
 */
export function ratioToFloat(p: bigint, q: bigint): number {
  if (q <= 0n) throw new RangeError("denominator must be positive");
  if (p === 0n) return 0;
  const negative = p < 0n;
  const a = negative ? -p : p;
  // Scale so that the integer quotient has 55 or 56 bits: two or more bits
  // below the 53 kept, plus a sticky remainder, decide the rounding.
  const s = bitLength(a) - bitLength(q) - 55;
  const [numer, denom] = s >= 0 ? [a, q << BigInt(s)] : [a << BigInt(-s), q];
  const n = numer / denom;
  const sticky = n * denom !== numer;
  const len = bitLength(n);
  const msb = s + len - 1;
  const drop = msb >= -1022 ? len - 53 : -1074 - s;
  let m = n >> BigInt(drop);
  const rest = n & ((1n << BigInt(drop)) - 1n);
  const half = 1n << BigInt(drop - 1);
  if (rest > half || (rest === half && (sticky || (m & 1n) === 1n))) m += 1n;
  const e = s + drop;
  if (m !== 0n && bitLength(m) + e > 1024) {
    throw new RangeError("fraction is too large to convert to a float");
  }
  const x = Number(m) * 2 ** e;
  return negative ? -x : x;
}

/**
 * Sort rationals ascending (a new array).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rational, sortRationals } from "./exact.ts";
 * const xs = [Rational.of(1, 2), Rational.of(-1), Rational.of(1, 3)];
 * assert.equal(sortRationals(xs).join(), "-1,1/3,1/2");
 * assert.equal(xs.join(), "1/2,-1,1/3"); // the input is not reordered
 * ```
 */
export function sortRationals(xs: readonly Rational[]): Rational[] {
  return [...xs].sort((a, b) => a.cmp(b));
}

/**
 * Exact sum.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rational, sum } from "./exact.ts";
 * assert.equal(sum([Rational.of(1, 2), Rational.of(1, 3), Rational.of(1, 6)]).toString(), "1");
 * assert.equal(sum([]).toString(), "0");
 * ```
 */
export function sum(xs: readonly Rational[]): Rational {
  return xs.reduce((acc, x) => acc.add(x), Rational.ZERO);
}

/**
 * Exact mean; throws on an empty list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mean, Rational } from "./exact.ts";
 * assert.equal(mean([1, 2, 4].map((v) => Rational.of(v))).toString(), "7/3");
 * assert.throws(() => mean([]), RangeError);
 * ```
 */
export function mean(xs: readonly Rational[]): Rational {
  if (xs.length === 0) throw new RangeError("mean of no values");
  return sum(xs).div(Rational.of(xs.length));
}

/**
 * Hyndman–Fan type-7 quantile of ascending values at an exact level p in [0, 1].
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantile7, Rational } from "./exact.ts";
 * const ys = [1, 2, 3, 4].map((v) => Rational.of(v));
 * assert.ok(quantile7(ys, Rational.of(1, 4)).toString() === "7/4");
 * ```
 */
export function quantile7(sorted: readonly Rational[], p: Rational): Rational {
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantile of no values");
  if (p.sign() < 0 || p.cmp(Rational.ONE) > 0) {
    throw new RangeError("quantile level outside [0, 1]");
  }
  const h = Rational.of(n - 1).mul(p);
  const j = h.floor();
  const g = h.sub(Rational.of(j));
  const yj = sorted[Number(j)]!;
  if (g.sign() === 0) return yj;
  const next = sorted[Number(j) + 1]!;
  return yj.add(g.mul(next.sub(yj)));
}

/**
 * Sample variance Σ(x − mean)² / (n − 1); throws when n < 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sampleVariance, Rational } from "./exact.ts";
 * assert.ok(sampleVariance([1, 2, 3, 4].map((v) => Rational.of(v))).toString() === "5/3");
 * ```
 */
export function sampleVariance(xs: readonly Rational[]): Rational {
  const n = xs.length;
  if (n < 2) throw new RangeError("variance needs two or more values");
  const m = mean(xs);
  let acc = Rational.ZERO;
  for (const x of xs) {
    const d = x.sub(m);
    acc = acc.add(d.mul(d));
  }
  return acc.div(Rational.of(n - 1));
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Whether `v`'s numerator and denominator are safe integers: doubles hold
 * them exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inDoubles, Rational } from "./exact.ts";
 * assert.ok(inDoubles(Rational.of(-(2 ** 53 - 1), 3)));
 * assert.ok(!inDoubles(Rational.of(2n ** 53n, 3n)));
 * ```
 */
export function inDoubles(v: Rational): boolean {
  return v.num <= SAFE && v.num >= -SAFE && v.den <= SAFE;
}

/**
 * Write `v` as two doubles, `parts[2i]` its numerator and `parts[2i + 1]`
 * its denominator (0 for `null`), when both are safe integers, so that the
 * doubles hold it exactly: the compact tables of values, a dozen doubles
 * where `Rational`s and their BigInts weigh a kilobyte. `false`, and
 * nothing written, when they are not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packRational, Rational, unpackRational } from "./exact.ts";
 * const parts = new Float64Array(4);
 * assert.ok(packRational(parts, 0, Rational.of(-1, 3)) && packRational(parts, 1, null));
 * assert.equal(unpackRational(parts, 0)!.cmp(Rational.of(-1, 3)), 0);
 * assert.equal(unpackRational(parts, 1), null);
 * assert.ok(!packRational(parts, 1, Rational.of(2n ** 53n, 3n)));
 * ```
 */
export function packRational(
  parts: Float64Array,
  i: number,
  v: Rational | null,
): boolean {
  if (v === null) {
    parts[2 * i + 1] = 0;
    return true;
  }
  if (!inDoubles(v)) return false;
  parts[2 * i] = Number(v.num);
  parts[2 * i + 1] = Number(v.den);
  return true;
}

/**
 * The value that {@linkcode packRational} wrote at `i` (a denominator 0 is
 * `null`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unpackRational } from "./exact.ts";
 * assert.equal(unpackRational(Float64Array.of(2, 4), 0)!.toString(), "1/2");
 * ```
 */
export function unpackRational(
  parts: Float64Array,
  i: number,
): Rational | null {
  const den = parts[2 * i + 1]!;
  return den === 0 ? null : Rational.of(parts[2 * i]!, den);
}
