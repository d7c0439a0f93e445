/**
 * The bootstrap kernel seam's types: what a kernel makes of an interval's
 * seed ({@linkcode Sampler}) and the kernel itself
 * ({@linkcode BootstrapKernel}). `kernel.ts` chooses the kernel by name.
 *
 * @module
 */

import type { WordSource } from "./stream.ts";

/**
 * The resamples of one interval: the stream of one seed, drawing indices
 * below one n, read in order from position 0.
 */
export interface Sampler {
  /**
   * For resamples `r` in `[from, to)` in order, continuing the stream:
   * `starts[r]` (when given) = the stream position where resample r
   * begins; `sums[r]` = `values[i_1] + … + values[i_n]` added left to right
   * from +0 in doubles.
   */
  resample(
    values: Float64Array,
    sums: Float64Array,
    starts: Float64Array | null,
    from: number,
    to: number,
  ): void;
  /** The same stream's blocks, for re-drawing a resample from its start. */
  readonly source: WordSource;
}

/** Makes the {@linkcode Sampler} of a 32-byte seed and an index range n. */
export type BootstrapKernel = (seed: Uint8Array, n: number) => Sampler;
