/**
 * Descriptive statistics of statistics.md §4 on exact values: n, mean,
 * median, sample variance, std, min, max and type-7 quantiles, each exact
 * until one conversion to the correctly rounded double. `std` is the one
 * irrational value: `Math.sqrt` of the float variance.
 *
 * The values are scaled to integers over one common denominator D, so sums,
 * squares and quantile interpolations are BigInt integer arithmetic with a
 * single division at the end (no gcd per step, which matters for the large
 * denominators of `mean_exposure`).
 *
 * @module
 */

import { float, type JsonFloat } from "../json/canonical.ts";
import { Rational, ratioToFloat } from "../exact.ts";
import { type Scaled, toCommonDenominator } from "../bootstrap/interval.ts";
import type { QuantilesJson, StatisticsJson } from "./artifact_types.ts";

/** One value per quantile level of statistics.md §4. */
export type Quantiles<T> = { readonly [K in keyof QuantilesJson]: T };

/**
 * The quantile levels of statistics.md §4, each given to `f` as a/b. The
 * object is written out, level by level, so that its type is checked
 * against {@linkcode QuantilesJson} with no assertion.
 */
function quantileLevels<T>(
  f: (a: number, b: number) => T,
): Quantiles<T> {
  return {
    p25: f(1, 4),
    p50: f(1, 2),
    p75: f(3, 4),
    p90: f(9, 10),
    p95: f(19, 20),
  };
}

/** Each quantile of `q` through `f`, level by level. */
function mapQuantiles<T, U>(q: Quantiles<T>, f: (v: T) => U): Quantiles<U> {
  return {
    p25: f(q.p25),
    p50: f(q.p50),
    p75: f(q.p75),
    p90: f(q.p90),
    p95: f(q.p95),
  };
}

/** The exact statistics; every field but `n` is `null` when undefined. */
export type ExactDescriptive = {
  readonly n: number;
  readonly mean: Rational | null;
  readonly median: Rational | null;
  readonly variance: Rational | null;
  readonly min: Rational | null;
  readonly max: Rational | null;
  readonly quantiles: Quantiles<Rational | null>;
};

/**
 * Type-7 quantile at p = a/b of `n` ascending integers (over a common
 * denominator), the i-th given by `y(i)`, as an exact fraction
 * `[num, den]` of the scaled values: h = (n − 1)·a/b, j = floor(h),
 * g = h − j, Q = y_j + g·(y_{j+1} − y_j). Only y_j and y_{j+1} are read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantileScaled } from "./descriptive.ts";
 * const ys = [10n, 11n];
 * assert.deepEqual(quantileScaled(2, (i) => ys[i]!, 19, 20), [219n, 20n]);
 * assert.deepEqual(quantileScaled(2, (i) => ys[i]!, 0, 1), [10n, 1n]);
 * ```
 */
export function quantileScaled(
  n: number,
  y: (i: number) => bigint,
  a: number,
  b: number,
): [bigint, bigint] {
  const h = (n - 1) * a;
  const j = Math.floor(h / b);
  const g = h - j * b;
  const yj = y(j);
  if (g === 0) return [yj, 1n];
  return [BigInt(b - g) * yj + BigInt(g) * y(j + 1), BigInt(b)];
}

/**
 * Exact descriptive statistics of some values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeExact } from "./descriptive.ts";
 * import { Rational } from "../exact.ts";
 * const d = describeExact([1, 2, 3, 4].map((v) => Rational.of(v)));
 * assert.ok(d.variance!.toString() === "5/3");
 * assert.ok(d.quantiles.p90!.toString() === "37/10");
 * ```
 */
export function describeExact(
  values: readonly Rational[] | Scaled<readonly bigint[] | BigInt64Array>,
): ExactDescriptive {
  const { nums, den } = "nums" in values ? values : toCommonDenominator(values);
  const n = nums.length;
  if (n === 0) {
    return {
      n,
      mean: null,
      median: null,
      variance: null,
      min: null,
      max: null,
      quantiles: quantileLevels(() => null),
    };
  }
  // A typed array sorts by value, outside V8's heap, in a buffer reused
  // from one call to the next (a fresh one a call, of 800 KB at 100,000
  // values, was garbage that only a full collection freed).
  const ys = nums instanceof BigInt64Array
    ? sortedCopy(nums)
    : [...nums].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  let s = 0n;
  let s2 = 0n;
  for (const a of ys) {
    s += a;
    s2 += a * a;
  }
  const big = BigInt(n);
  const frac = ([p, q]: [bigint, bigint]) => Rational.of(p, q * den);
  const quantiles = quantileLevels((a, b) =>
    frac(quantileScaled(ys.length, (i) => ys[i]!, a, b))
  );
  return {
    n,
    mean: Rational.of(s, big * den),
    median: quantiles.p50,
    // Σ(x − m)² = (n·Σa² − (Σa)²) / (n·D²) for x = a / D.
    variance: n < 2
      ? null
      : Rational.of(big * s2 - s * s, big * (big - 1n) * den * den),
    min: Rational.of(ys[0]!, den),
    max: Rational.of(ys[n - 1]!, den),
    quantiles,
  };
}

let sorting = new BigInt64Array(0);

/** `nums` sorted, in the reused buffer: valid until the next call. */
function sortedCopy(nums: BigInt64Array): BigInt64Array {
  if (sorting.length < nums.length) sorting = new BigInt64Array(nums.length);
  const ys = sorting.subarray(0, nums.length);
  ys.set(nums);
  return ys.sort();
}

/**
 * The `statistics` object of contract §12 for some exact values: `n` an
 * integer, every other value a float or `null`, `quantiles` an object of
 * five.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { descriptiveStatistics } from "./descriptive.ts";
 * import { encode } from "../json/canonical.ts";
 * import { Rational } from "../exact.ts";
 * const s = descriptiveStatistics([Rational.of(1, 2)]);
 * assert.ok(encode(s) ===
 *   '{"max":0.5,"mean":0.5,"median":0.5,"min":0.5,"n":1,' +
 *   '"quantiles":{"p25":0.5,"p50":0.5,"p75":0.5,"p90":0.5,"p95":0.5},' +
 *   '"std":null,"variance":null}');
 * ```
 */
export function descriptiveStatistics(
  values: readonly Rational[] | Scaled<readonly bigint[] | BigInt64Array>,
): StatisticsJson {
  return statisticsObject(describeExact(values));
}

/** The contract §12 `statistics` object of exact statistics. */
export function statisticsObject(d: ExactDescriptive): StatisticsJson {
  const out = (r: Rational | null): JsonFloat | null =>
    r === null ? null : float(ratioToFloat(r.num, r.den));
  return {
    n: d.n,
    mean: out(d.mean),
    median: out(d.median),
    variance: out(d.variance),
    std: d.variance === null
      ? null
      : float(Math.sqrt(ratioToFloat(d.variance.num, d.variance.den))),
    min: out(d.min),
    max: out(d.max),
    quantiles: mapQuantiles(d.quantiles, out),
  };
}
