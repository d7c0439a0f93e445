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

import { float, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { Rational, ratioToFloat } from "../exact.ts";
import { type Scaled, toCommonDenominator } from "../bootstrap/interval.ts";

/** Quantile levels of statistics.md §4 as [name, numerator, denominator]. */
export const QUANTILE_LEVELS: readonly (readonly [string, number, number])[] = [
  ["p25", 1, 4],
  ["p50", 1, 2],
  ["p75", 3, 4],
  ["p90", 9, 10],
  ["p95", 19, 20],
];

/** The exact statistics; every field but `n` is `null` when undefined. */
export type ExactDescriptive = {
  readonly n: number;
  readonly mean: Rational | null;
  readonly median: Rational | null;
  readonly variance: Rational | null;
  readonly min: Rational | null;
  readonly max: Rational | null;
  readonly quantiles: Readonly<Record<string, Rational | null>>;
};

/**
 * Type-7 quantile at p = a/b of ascending integers `ys` (over the common
 * denominator), as an exact fraction `[num, den]` of the scaled values:
 * h = (n − 1)·a/b, j = floor(h), g = h − j, Q = y_j + g·(y_{j+1} − y_j).
 */
function quantileScaled(
  ys: readonly bigint[],
  a: number,
  b: number,
): [bigint, bigint] {
  const h = (ys.length - 1) * a;
  const j = Math.floor(h / b);
  const g = h - j * b;
  const yj = ys[j]!;
  if (g === 0) return [yj, 1n];
  return [BigInt(b - g) * yj + BigInt(g) * ys[j + 1]!, BigInt(b)];
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
  values: readonly Rational[] | Scaled,
): ExactDescriptive {
  const { nums, den } = Array.isArray(values)
    ? toCommonDenominator(values as readonly Rational[])
    : values as Scaled;
  const n = nums.length;
  const none = Object.fromEntries(QUANTILE_LEVELS.map(([k]) => [k, null]));
  if (n === 0) {
    return {
      n,
      mean: null,
      median: null,
      variance: null,
      min: null,
      max: null,
      quantiles: none,
    };
  }
  const ys = [...nums].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  let s = 0n;
  let s2 = 0n;
  for (const a of ys) {
    s += a;
    s2 += a * a;
  }
  const big = BigInt(n);
  const frac = ([p, q]: [bigint, bigint]) => Rational.of(p, q * den);
  const quantiles = Object.fromEntries(
    QUANTILE_LEVELS.map(([k, a, b]) => [k, frac(quantileScaled(ys, a, b))]),
  );
  return {
    n,
    mean: Rational.of(s, big * den),
    median: quantiles.p50!,
    // Σ(x − m)² = (n·Σa² − (Σa)²) / (n·D²) for x = a / D.
    variance: n < 2
      ? null
      : Rational.of(big * s2 - s * s, big * (big - 1n) * den * den),
    min: Rational.of(ys[0]!, den),
    max: Rational.of(ys[n - 1]!, den),
    quantiles,
  };
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
  values: readonly Rational[] | Scaled,
): JsonObject {
  return statisticsObject(describeExact(values));
}

/** The contract §12 `statistics` object of exact statistics. */
export function statisticsObject(d: ExactDescriptive): JsonObject {
  const out = (r: Rational | null): JsonValue =>
    r === null ? null : float(ratioToFloat(r.num, r.den));
  const quantiles: Record<string, JsonValue> = {};
  for (const [k] of QUANTILE_LEVELS) quantiles[k] = out(d.quantiles[k]!);
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
    quantiles,
  };
}
