/**
 * The host side of the AssemblyScript bootstrap kernel (`assembly/`): one
 * instance per thread, shared by the samplers of that thread. The kernel
 * holds one stream at a time (seed, range, position), so a sampler that
 * finds another one's stream loaded puts its own back first; between calls
 * a sampler only keeps its position.
 *
 * Memory above the kernel's static data: one 4096-byte block, then the n
 * values, then CHUNK sums and CHUNK starts.
 *
 * @module
 */

import { bootstrapWasmModule } from "../../wasm/bootstrap_wasm.generated.ts";
import type { Sampler } from "./sampler.ts";
import { BLOCK_BYTES, type WordSource } from "./stream.ts";

type Exports = {
  memory: WebAssembly.Memory;
  seedAddress(): number;
  heapBase(): number;
  setSeed(): void;
  setRange(n: number): void;
  seek(position: number): void;
  position(): number;
  blockBytes(block: number, out: number): void;
  resample(values: number, sums: number, starts: number, count: number): void;
  drawWords(words: number, count: number, out: number): number;
  generateBlocks(from: number, count: number): void;
};

/** Resamples per kernel call. */
const CHUNK = 4096;
const PAGE = 65536;

let kernel: Exports | undefined;
/** The sampler whose stream the kernel holds. */
let owner: WasmSampler | undefined;

function instance(): Exports {
  kernel ??= new WebAssembly.Instance(bootstrapWasmModule(), {})
    .exports as unknown as Exports;
  return kernel;
}

/** Load a 32-byte seed into the kernel and start its stream at 0. */
function startStream(k: Exports, seed: Uint8Array): void {
  new Uint8Array(k.memory.buffer, k.seedAddress(), 32).set(seed);
  k.setSeed();
}

/** Grow the kernel's memory to at least `bytes`; views must be made after. */
function reserve(k: Exports, bytes: number): void {
  const have = k.memory.buffer.byteLength;
  if (bytes > have) k.memory.grow(Math.ceil((bytes - have) / PAGE));
}

class WasmSampler implements Sampler {
  readonly source: WordSource;
  readonly #seed: Uint8Array;
  readonly #n: number;
  #position = 0;
  #values: Float64Array | null = null;

  constructor(seed: Uint8Array, n: number) {
    if (seed.length !== 32) {
      throw new RangeError(
        `bootstrap seed must be 32 bytes, found ${seed.length}`,
      );
    }
    if (!Number.isSafeInteger(n) || n < 1 || n > 0xffffffff) {
      throw new RangeError(`index range ${n} is outside [1, 2^32 - 1]`);
    }
    this.#seed = seed.slice();
    this.#n = n;
    this.source = {
      fill: (block, out) => {
        if (!Number.isSafeInteger(block) || block < 0) {
          throw new RangeError(
            `block index ${block} is not a safe integer >= 0`,
          );
        }
        if (out.length < BLOCK_BYTES) {
          throw new RangeError(`output needs ${BLOCK_BYTES} bytes`);
        }
        const k = this.#load(null);
        const at = k.heapBase();
        reserve(k, at + BLOCK_BYTES);
        k.blockBytes(block, at);
        out.set(new Uint8Array(k.memory.buffer, at, BLOCK_BYTES));
      },
    };
  }

  /** Make the kernel hold this stream (and `values`, when given). */
  #load(values: Float64Array | null): Exports {
    const k = instance();
    if (owner !== this) {
      startStream(k, this.#seed);
      k.setRange(this.#n);
      k.seek(this.#position);
      owner = this;
      this.#values = null;
    }
    if (values !== null && values !== this.#values) {
      const at = k.heapBase() + BLOCK_BYTES;
      reserve(k, at + 8 * (values.length + 2 * CHUNK));
      new Float64Array(k.memory.buffer, at, values.length).set(values);
      this.#values = values;
    }
    return k;
  }

  resample(
    values: Float64Array,
    sums: Float64Array,
    starts: Float64Array | null,
    from: number,
    to: number,
  ): void {
    if (values.length !== this.#n) {
      throw new RangeError(
        `stream draws below ${this.#n}, not ${values.length}`,
      );
    }
    if (from < 0 || to > sums.length || (starts && to > starts.length)) {
      throw new RangeError("resample range outside the output arrays");
    }
    const k = this.#load(values);
    const valuesAt = k.heapBase() + BLOCK_BYTES;
    const sumsAt = valuesAt + 8 * this.#n;
    const startsAt = sumsAt + 8 * CHUNK;
    for (let r = from; r < to; r += CHUNK) {
      const count = Math.min(CHUNK, to - r);
      k.resample(valuesAt, sumsAt, starts === null ? 0 : startsAt, count);
      const buffer = k.memory.buffer;
      sums.set(new Float64Array(buffer, sumsAt, count), r);
      starts?.set(new Float64Array(buffer, startsAt, count), r);
    }
    this.#position = k.position();
  }
}

/**
 * The WebAssembly kernel's sampler of a 32-byte seed and an index range n.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wasmSampler } from "./wasm_kernel.ts";
 * const out = new Uint8Array(4096);
 * wasmSampler(new Uint8Array(32), 5).source.fill(0, out);
 * // Word 0 of block 0 of the zero seed (contract §14): 0x181ca0d786c8d43a.
 * assert.deepEqual(Array.from(out.subarray(0, 8)), [0x18, 0x1c, 0xa0, 0xd7, 0x86, 0xc8, 0xd4, 0x3a]);
 * ```
 */
export function wasmSampler(seed: Uint8Array, n: number): Sampler {
  return new WasmSampler(seed, n);
}

/**
 * The kernel's draw rule applied to given words: the indices in [0, n) of
 * the accepted ones. For tests of the rejection limit, which stream words
 * never reach.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelDraws } from "./wasm_kernel.ts";
 * // n = 3: 2^64 mod 3 = 1, so 2^64 − 1 is the one rejected word.
 * assert.deepEqual(kernelDraws([2n ** 64n - 1n, 2n ** 64n - 2n, 7n], 3), [2, 1]);
 * ```
 */
export function kernelDraws(words: readonly bigint[], n: number): number[] {
  const k = instance();
  owner = undefined;
  k.setRange(n);
  const at = k.heapBase();
  reserve(k, at + 12 * words.length);
  new BigUint64Array(k.memory.buffer, at, words.length).set(words);
  const outAt = at + 8 * words.length;
  const count = k.drawWords(at, words.length, outAt);
  return Array.from(new Uint32Array(k.memory.buffer, outAt, count));
}

/**
 * Generate `count` stream blocks of a seed inside the kernel, from block
 * `from`, and return nothing: the kernel's stream rate alone, for
 * `bench/bootstrap_rates.ts`.
 *
 * @example
 * ```ts
 * import { kernelGenerateBlocks } from "./wasm_kernel.ts";
 * kernelGenerateBlocks(new Uint8Array(32), 0, 6);
 * ```
 */
export function kernelGenerateBlocks(
  seed: Uint8Array,
  from: number,
  count: number,
): void {
  const k = instance();
  owner = undefined;
  startStream(k, seed);
  k.generateBlocks(from, count);
}
