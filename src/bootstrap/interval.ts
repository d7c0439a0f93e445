/**
 * Percentile bootstrap interval of the mean (statistics.md §8, contract
 * §12): R resamples of n indices each from the deterministic stream, the R
 * resample means sorted, and their type-7 quantiles at exactly 1/40 and
 * 39/40, kept exact until one conversion to float.
 *
 * The values are scaled to integers over a common denominator D, so a
 * resample mean is an integer sum S over n·D. When `n · max|a_i| < 2^53`
 * every sum is exact in double arithmetic and the two pairs of order
 * statistics are selected from the `Float64Array` of sums. Otherwise (large denominators, as `mean_exposure` has)
 * the resamples are summed in doubles as certified approximations, and only
 * the few resamples whose approximation lies near a needed order statistic
 * are drawn again and summed exactly in BigInt (see {@linkcode certify}).
 * The result is the same exact value that sorting all R exact sums gives,
 * with memory O(R) whatever the size of D.
 *
 * The sums come from a kernel ({@linkcode BootstrapKernel}): the
 * WebAssembly kernel by default, or the TypeScript reference. When all n
 * values are equal every resample mean is that value, whatever the draws,
 * so the interval is [v, v] and no stream is drawn.
 *
 * @module
 */

import { gcd, Rational, ratioToFloat } from "../exact.ts";
import type { KernelName } from "../kernel_name.ts";
import { type BootstrapKernel, kernelByName, type Sampler } from "./kernel.ts";
import { rankPairs } from "./select.ts";
import { IndexStream } from "./stream.ts";
import { WideIntegers } from "./wide.ts";

/** Default number of resamples R. */
export const DEFAULT_RESAMPLES = 2000;
/** Smallest accepted R. */
export const MIN_RESAMPLES = 100;
/** Largest accepted R. */
export const MAX_RESAMPLES = 1_000_000;
/** Smallest n with an interval; below it the interval is `null`. */
export const MIN_BOOTSTRAP_N = 5;

/**
 * Return `resamples` when it is an integer in [100, 1 000 000]; otherwise
 * throw `RangeError`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkResamples } from "./interval.ts";
 * assert.ok(checkResamples(2000) === 2000);
 * ```
 */
export function checkResamples(resamples: unknown): number {
  if (
    typeof resamples !== "number" || !Number.isInteger(resamples) ||
    resamples < MIN_RESAMPLES || resamples > MAX_RESAMPLES
  ) {
    throw new RangeError(
      `resamples must be an integer in [${MIN_RESAMPLES}, ${MAX_RESAMPLES}], found ${
        String(resamples)
      }`,
    );
  }
  return resamples;
}

/**
 * The numerators of an interval's values: BigInts, or packed in one buffer
 * (what a job waits in, and what a worker receives: one buffer to copy, no
 * BigInt objects for the worker's heap to allocate and collect): 8 bytes
 * each when they fit in 64 bits, else as {@linkcode WideIntegers}.
 */
export type Numerators = readonly bigint[] | BigInt64Array | WideIntegers;

/** Numerator `i`. */
function numAt(nums: Numerators, i: number): bigint {
  return nums instanceof WideIntegers ? nums.at(i) : nums[i]!;
}

/** Values `nums[i] / den` over one common denominator `den > 0`. */
export type Scaled<N extends Numerators = readonly bigint[]> = {
  readonly nums: N;
  readonly den: bigint;
};

/**
 * Scale rationals to integers over their least common denominator.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toCommonDenominator } from "./interval.ts";
 * import { Rational } from "../exact.ts";
 * const s = toCommonDenominator([Rational.of(1, 4), Rational.of(-1, 6)]);
 * assert.ok(s.den === 12n && s.nums[0] === 3n && s.nums[1] === -2n);
 * ```
 */
export function toCommonDenominator(values: readonly Rational[]): Scaled {
  let den = 1n;
  const seen = new Set<bigint>();
  for (const v of values) {
    if (seen.has(v.den)) continue;
    seen.add(v.den);
    den = (den / gcd(den, v.den)) * v.den;
  }
  return { nums: values.map((v) => v.num * (den / v.den)), den };
}

/** Exact interval bounds; the caller converts each once with `toFloat()`. */
export type BootstrapInterval = {
  readonly lower: Rational;
  readonly upper: Rational;
};

/** Options of {@linkcode bootstrapMeanInterval}. */
export type BootstrapOptions = {
  /** R, an integer in [100, 1 000 000]. */
  readonly resamples: number;
  /** The interval's 32-byte seed (the digest of its seed object). */
  readonly seed: Uint8Array;
  /**
   * What draws the resamples: `"wasm"` (default), `"reference"`, or a
   * {@linkcode BootstrapKernel} (a test double, for instance).
   */
  readonly kernel?: KernelName | BootstrapKernel;
  /** Called with (resamples done, R) while the resamples are drawn. */
  readonly onProgress?: (done: number, total: number) => void;
};

/** Type-7 level p = num/40: 0-based rank j and weight g/40 of rank j + 1. */
const LEVELS = [1, 39] as const;
const LEVEL_DEN = 40;
const CHUNK = 4096;

/**
 * The 95 % percentile bootstrap interval of the mean, or `null` when
 * n < 5. Throws `RangeError` for R outside [100, 1 000 000].
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapMeanInterval } from "./interval.ts";
 * import { Rational } from "../exact.ts";
 * const xs = [1, 2, 3, 4, 5].map((v) => Rational.of(v));
 * const options = { resamples: 100, seed: new Uint8Array(32) };
 * const ci = bootstrapMeanInterval(xs, options)!;
 * assert.ok(ci.lower.cmp(ci.upper) <= 0);
 * const ref = bootstrapMeanInterval(xs, { ...options, kernel: "reference" })!;
 * assert.ok(ref.lower.cmp(ci.lower) === 0 && ref.upper.cmp(ci.upper) === 0);
 * ```
 */
export function bootstrapMeanInterval(
  values: readonly Rational[] | Scaled<Numerators>,
  options: BootstrapOptions,
): BootstrapInterval | null {
  const R = checkResamples(options.resamples);
  const scaled = Array.isArray(values)
    ? toCommonDenominator(values as readonly Rational[])
    : values as Scaled<Numerators>;
  const { nums, den } = scaled;
  const n = nums.length;
  if (n < MIN_BOOTSTRAP_N) return null;
  let maxAbs = 0n;
  if (nums instanceof WideIntegers) {
    maxAbs = nums.maxAbs();
  } else {
    for (const a of nums) {
      const m = a < 0n ? -a : a;
      if (m > maxAbs) maxAbs = m;
    }
  }
  const first = numAt(nums, 0);
  if (
    nums instanceof WideIntegers
      ? nums.allEqual()
      : nums.every((a) => a === first)
  ) {
    // Degenerate: every resample mean is nums[0] / D, whatever the draws.
    options.onProgress?.(R, R);
    const v = Rational.of(first, den);
    return { lower: v, upper: v };
  }
  const kernel = typeof options.kernel === "function"
    ? options.kernel
    : kernelByName(options.kernel ?? "wasm");
  const sampler = kernel(options.seed, n);
  const exact = BigInt(n) * maxAbs <= BigInt(Number.MAX_SAFE_INTEGER);
  const approx = exact
    ? Float64Array.from({ length: n }, (_, i) => Number(numAt(nums, i)))
    : approximations(nums, den, maxAbs);
  const sums = scratch(0, R);
  const starts = exact ? null : scratch(1, R);
  for (let from = 0; from < R; from += CHUNK) {
    const to = Math.min(R, from + CHUNK);
    sampler.resample(approx, sums, starts, from, to);
    options.onProgress?.(to, R);
  }
  const bounds = LEVELS.map((p) => {
    const h = (R - 1) * p;
    const j = Math.floor(h / LEVEL_DEN);
    const g = h - j * LEVEL_DEN;
    return { j, g };
  });
  const ranks = bounds.map((b) => b.j);
  const pairs: (readonly [bigint, bigint])[] = exact
    ? rankPairs(sums, ranks).map(([a, b]) => [BigInt(a), BigInt(b)] as const)
    : certify(approx, sums, starts!, sampler, nums, ranks);
  const scale = BigInt(LEVEL_DEN) * BigInt(n) * den;
  const [lower, upper] = bounds.map(({ g }, k) => {
    const [yj, yj1] = pairs[k]!;
    return Rational.of(BigInt(LEVEL_DEN - g) * yj + BigInt(g) * yj1, scale);
  }) as [Rational, Rational];
  return { lower, upper };
}

/**
 * Three reusable arrays of this thread (sums, starts, a copy of the sums):
 * an interval is computed synchronously, one at a time per thread, so they
 * are never in use twice, and a million-resample run allocates 24 MB per
 * thread once instead of per interval.
 */
const buffers: Float64Array[] = [];

function scratch(which: number, length: number): Float64Array {
  let b = buffers[which];
  if (b === undefined || b.length < length) {
    b = new Float64Array(length);
    buffers[which] = b;
  }
  return b.subarray(0, length);
}

function bitLength(a: bigint): number {
  return a === 0n ? 0 : a.toString(2).length;
}

/**
 * Doubles close to `a_i / D · 2^-s`, with s chosen so that the largest is
 * near 1: nothing overflows, and the error bound of {@linkcode certify} is
 * relative to 1. Scaling by a power of two keeps the order of every sum.
 */
function approximations(
  nums: Numerators,
  den: bigint,
  maxAbs: bigint,
): Float64Array {
  const s = bitLength(maxAbs) - bitLength(den);
  const d = s >= 0 ? den << BigInt(s) : den;
  const up = s < 0 ? BigInt(-s) : 0n;
  return Float64Array.from(
    { length: nums.length },
    (_, i) => ratioToFloat(numAt(nums, i) << up, d),
  );
}

const U = 2 ** -53;
const TINY = 2 ** -1074;

/**
 * Exact order statistics j and j + 1 of the R exact sums, for each j, from
 * the approximate sums A_r of {@linkcode resampleSums}; resamples near them
 * are drawn again from their recorded start and summed in BigInt.
 *
 * Bound. Each approximation v_i is x_i (the exact scaled value) correctly
 * rounded: |v_i − x_i| <= u·|x_i| + 2^-1075 with u = 2^-53. A double sum of
 * n terms, left to right, is within γ_{n−1}·Σ|v| of the exact sum of the
 * v (Higham, Accuracy and Stability, (4.4)), γ_k = k·u / (1 − k·u). With
 * M = max|v_i| and n·u < 0.005, |A_r − S_r| <= 1.01·n²·u·M + n·2^-1075,
 * which E = 2·n²·u·M + n·2^-1074 covers with room for the rounding of E.
 *
 * Window. Let a_(j) be the sorted approximations and T_j the exact order
 * statistics. At least j + 1 sums are <= T_j; if T_j < a_(j) − E, each of
 * them would have A < a_(j), but only j approximations lie below a_(j):
 * so T_j >= a_(j) − E, and likewise T_{j+1} <= a_(j+1) + E. A resample with
 * A < lo = a_(j) − 2E has S < a_(j) − E <= T_j, and one with A > hi =
 * a_(j+1) + 2E has S > T_{j+1}. With b resamples below lo, T_j and T_{j+1}
 * are the exact sorted candidates (lo <= A <= hi) at indices j − b and
 * j + 1 − b, however candidates and lower resamples interleave. The code
 * widens the window to 4E, so the rounding of lo and hi cannot narrow it
 * (4E exceeds the spacing of doubles near any |A| <= 1.01·n·M).
 */
function certify(
  approx: Float64Array,
  sums: Float64Array,
  starts: Float64Array,
  sampler: Sampler,
  nums: Numerators,
  ranks: readonly number[],
): (readonly [bigint, bigint])[] {
  const n = nums.length;
  const R = sums.length;
  if (n * U >= 0.005) throw new RangeError(`too many values (${n})`);
  let maxV = 0;
  for (const v of approx) maxV = Math.max(maxV, Math.abs(v));
  const margin = 4 * (2 * n * n * U * maxV + n * TINY);
  // a_(j) and a_(j+1) by selection on a copy: `sums` stays in stream order.
  const copy = scratch(2, sums.length);
  copy.set(sums);
  const order = rankPairs(copy, ranks);
  const windows = ranks.map((j, k) => {
    const lo = order[k]![0] - margin;
    const hi = order[k]![1] + margin;
    return { j, lo, hi, below: countBelow(sums, lo), exact: [] as bigint[] };
  });
  const stream = new IndexStream(sampler.source, n);
  const picks = new Uint32Array(n);
  // Rows in ascending order are in stream order, so the block cache of the
  // stream is reused by neighbouring candidates.
  for (let r = 0; r < R; r++) {
    const a = sums[r]!;
    let s: bigint | null = null;
    for (const w of windows) {
      if (a < w.lo || a > w.hi) continue;
      if (s === null) {
        stream.seek(starts[r]!);
        stream.fill(picks, n);
        s = exactSum(nums, picks, n);
      }
      w.exact.push(s);
    }
  }
  return windows.map(({ j, below, exact }) => {
    exact.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const yj = exact[j - below];
    const yj1 = exact[j + 1 - below];
    if (yj === undefined || yj1 === undefined) {
      throw new Error("internal error: bootstrap certification window failed");
    }
    return [yj, yj1] as const;
  });
}

/** The exact sum of `nums[picks[0]]`, …, `nums[picks[n − 1]]`. */
function exactSum(nums: Numerators, picks: Uint32Array, n: number): bigint {
  if (nums instanceof WideIntegers) return nums.sum(picks, n);
  let s = 0n;
  for (let i = 0; i < n; i++) s += nums[picks[i]!]!;
  return s;
}

/** Number of entries of `xs` below `x`. */
function countBelow(xs: Float64Array, x: number): number {
  let c = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i]! < x) c++;
  return c;
}
