/**
 * The bootstrap inner loop, kept pure over typed arrays so that a compiled
 * kernel can replace it and be compared with it bit for bit: every
 * operation is an IEEE 754 double addition in draw order.
 *
 * @module
 */

import type { IndexStream } from "./stream.ts";

/**
 * For resamples `r` in `[from, to)`: record the stream position where the
 * resample starts in `starts[r]` (when given), draw `n = values.length`
 * indices and store `values[i_1] + … + values[i_n]`, added left to right from
 * `+0`, in `sums[r]`.
 *
 * The sums are exact when every value is an integer and `n · max|value|`
 * is below 2^53; otherwise they are approximations whose error the caller
 * bounds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resampleSums } from "./resample.ts";
 * import { IndexStream, ShakeWordSource } from "./stream.ts";
 * const values = Float64Array.of(1, 2, 3, 4, 5);
 * const sums = new Float64Array(3);
 * const stream = new IndexStream(new ShakeWordSource(new Uint8Array(32)), 5);
 * resampleSums(values, stream, sums, null, 0, 3);
 * assert.ok(sums.every((s) => s >= 5 && s <= 25 && Number.isInteger(s)));
 * ```
 */
export function resampleSums(
  values: Float64Array,
  stream: IndexStream,
  sums: Float64Array,
  starts: Float64Array | null,
  from: number,
  to: number,
): void {
  const n = values.length;
  if (stream.n !== n) {
    throw new RangeError(`stream draws below ${stream.n}, not ${n}`);
  }
  if (from < 0 || to > sums.length || (starts && to > starts.length)) {
    throw new RangeError("resample range outside the output arrays");
  }
  const picks = new Uint32Array(n);
  for (let r = from; r < to; r++) {
    if (starts !== null) starts[r] = stream.position;
    stream.fill(picks, n);
    let s = 0;
    for (let i = 0; i < n; i++) s += values[picks[i]!]!;
    sums[r] = s;
  }
}
