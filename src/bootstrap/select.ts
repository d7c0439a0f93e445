/**
 * Order statistics by selection: the k-th smallest of R sums in O(R)
 * expected time, instead of sorting a million keys per interval.
 *
 * @module
 */

/**
 * Rearrange `xs[lo..hi]` so that `xs[k]` holds the value that sorting would
 * put there, everything in `[lo, k)` is `<= xs[k]` and everything in
 * `(k, hi]` is `>= xs[k]`; return `xs[k]`. The values must not be NaN.
 *
 * Quickselect with Hoare partitioning around a median of three. Hoare's
 * scheme stops both scans at keys equal to the pivot, so runs of ties (the
 * sums of few distinct values have many) still split near the middle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { selectInPlace } from "./select.ts";
 * const xs = Float64Array.of(5, 1, 4, 1, 3, 9, 2);
 * assert.equal(selectInPlace(xs, 3), 3);
 * assert.ok(xs.subarray(0, 3).every((x) => x <= 3) && xs.subarray(4).every((x) => x >= 3));
 * ```
 */
export function selectInPlace(
  xs: Float64Array,
  k: number,
  lo = 0,
  hi = xs.length - 1,
): number {
  if (!(lo <= k && k <= hi && lo >= 0 && hi < xs.length)) {
    throw new RangeError(`rank ${k} is outside [${lo}, ${hi}]`);
  }
  while (hi > lo) {
    if (hi - lo < 16) {
      insertionSort(xs, lo, hi);
      break;
    }
    const mid = lo + ((hi - lo) >>> 1);
    const pivot = median3(xs[lo]!, xs[mid]!, xs[hi]!);
    let i = lo - 1;
    let j = hi + 1;
    for (;;) {
      do i++; while (xs[i]! < pivot);
      do j--; while (xs[j]! > pivot);
      if (i >= j) break;
      const t = xs[i]!;
      xs[i] = xs[j]!;
      xs[j] = t;
    }
    // Now xs[lo..j] <= pivot <= xs[j+1..hi], both parts non-empty.
    if (k <= j) hi = j;
    else lo = j + 1;
  }
  return xs[k]!;
}

/** Smallest of `xs[lo..hi]`. */
export function minOf(xs: Float64Array, lo: number, hi: number): number {
  let m = Infinity;
  for (let i = lo; i <= hi; i++) if (xs[i]! < m) m = xs[i]!;
  return m;
}

/**
 * The values of ranks j and j + 1 (0-based) of `xs`, for each j of `ranks`
 * (ascending, each j + 1 < xs.length). `xs` is rearranged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rankPairs } from "./select.ts";
 * const xs = Float64Array.from({ length: 100 }, (_, i) => (i * 37) % 100);
 * assert.deepEqual(rankPairs(xs, [2, 96]), [[2, 3], [96, 97]]);
 * ```
 */
export function rankPairs(
  xs: Float64Array,
  ranks: readonly number[],
): [number, number][] {
  const out: [number, number][] = [];
  let hi = xs.length - 1;
  // From the highest rank down: each selection leaves the lower ranks in
  // xs[0..j], so the next one selects within that prefix, and rank j + 1 is
  // the smallest key after position j within the current range (everything
  // beyond the range is at least as large).
  for (let r = ranks.length - 1; r >= 0; r--) {
    const j = ranks[r]!;
    if (j + 1 > hi) throw new RangeError(`rank ${j + 1} is out of range`);
    const a = selectInPlace(xs, j, 0, hi);
    out.unshift([a, minOf(xs, j + 1, hi)]);
    hi = j;
  }
  return out;
}

function median3(a: number, b: number, c: number): number {
  if (a > b) [a, b] = [b, a];
  if (b > c) b = c;
  return a > b ? a : b;
}

function insertionSort(xs: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const v = xs[i]!;
    let j = i - 1;
    while (j >= lo && xs[j]! > v) {
      xs[j + 1] = xs[j]!;
      j--;
    }
    xs[j + 1] = v;
  }
}
