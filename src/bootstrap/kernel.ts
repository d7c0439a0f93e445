/**
 * The seam between the bootstrap interval and the code that draws its
 * resamples. A kernel turns an interval's seed into a {@linkcode Sampler}:
 * the resample sums in stream order, and the stream itself for the exact
 * re-draws of the certified path. The WebAssembly kernel and the TypeScript
 * reference give the same sums bit for bit (the tests hold them equal).
 *
 * @module
 */

import { KERNEL_NAMES, type KernelName } from "../kernel_name.ts";
import { resampleSums } from "./resample.ts";
import { IndexStream, ShakeWordSource, type WordSource } from "./stream.ts";
import { wasmSampler } from "./wasm_kernel.ts";
import type { BootstrapKernel } from "./sampler.ts";

// The seam's two types live apart so that a kernel (wasm_kernel.ts) can
// implement them without importing this file, which imports the kernels.
export type { BootstrapKernel, Sampler } from "./sampler.ts";

/**
 * A kernel that draws in TypeScript from any word source: the reference
 * kernel over SHAKE-256, or a test double.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamKernel } from "./kernel.ts";
 * // Every word is 7: index 7 mod 5 = 2 each time.
 * const sevens = { fill: (_k: number, out: Uint8Array) => { for (let i = 7; i < 4096; i += 8) out[i] = 7; } };
 * const sampler = streamKernel(() => sevens)(new Uint8Array(32), 5);
 * const sums = new Float64Array(1);
 * sampler.resample(Float64Array.of(0, 0, 1, 0, 0), sums, null, 0, 1);
 * assert.equal(sums[0], 5);
 * ```
 */
export function streamKernel(
  sourceOf: (seed: Uint8Array) => WordSource,
): BootstrapKernel {
  return (seed, n) => {
    const source = sourceOf(seed);
    const stream = new IndexStream(source, n);
    return {
      source,
      resample: (values, sums, starts, from, to) =>
        resampleSums(values, stream, sums, starts, from, to),
    };
  };
}

const REFERENCE: BootstrapKernel = streamKernel((seed) =>
  new ShakeWordSource(seed)
);

/**
 * The kernel of a name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelByName } from "./kernel.ts";
 * const block = (name: "wasm" | "reference") => {
 *   const out = new Uint8Array(4096);
 *   kernelByName(name)(new Uint8Array(32).fill(7), 5).source.fill(3, out);
 *   return out;
 * };
 * assert.deepEqual(block("wasm"), block("reference"));
 * ```
 */
export function kernelByName(name: KernelName): BootstrapKernel {
  if (name === "wasm") return wasmSampler;
  if (name === "reference") return REFERENCE;
  throw new RangeError(
    `kernel must be one of ${KERNEL_NAMES.join(", ")}, found ${String(name)}`,
  );
}
