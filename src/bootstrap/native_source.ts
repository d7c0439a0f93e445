/**
 * The bootstrap stream's SHAKE-256 blocks from the runtime's native
 * `node:crypto` (OpenSSL in Deno). It yields the same bytes as the
 * TypeScript reference {@linkcode ShakeWordSource} — `tests/bootstrap_native_test.ts`
 * holds the two equal on random seeds and block indices — and is several
 * times faster, which is what makes `--resamples 1000000` practical before
 * the WebAssembly kernel lands.
 *
 * @module
 */

import { createHash, type Hash } from "node:crypto";
import { BLOCK_BYTES, BOOTSTRAP_DOMAIN, type WordSource } from "./stream.ts";

const TWO32 = 4294967296;

/**
 * SHAKE-256 counter-mode blocks for a 32-byte seed, computed natively.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NativeShakeWordSource } from "./native_source.ts";
 * const out = new Uint8Array(4096);
 * new NativeShakeWordSource(new Uint8Array(32)).fill(0, out);
 * assert.ok(out[0] === 0x18 && out[1] === 0x1c);
 * ```
 */
export class NativeShakeWordSource implements WordSource {
  readonly #prefix: Hash;
  readonly #counter = new Uint8Array(8);
  readonly #view = new DataView(this.#counter.buffer);

  constructor(seed: Uint8Array) {
    if (seed.length !== 32) {
      throw new RangeError(
        `bootstrap seed must be 32 bytes, found ${seed.length}`,
      );
    }
    // Domain and seed are absorbed once; each block copies this state.
    this.#prefix = createHash("shake256", { outputLength: BLOCK_BYTES })
      .update(BOOTSTRAP_DOMAIN).update(seed);
  }

  fill(block: number, out: Uint8Array): void {
    if (!Number.isSafeInteger(block) || block < 0) {
      throw new RangeError(`block index ${block} is not a safe integer >= 0`);
    }
    if (out.length < BLOCK_BYTES) {
      throw new RangeError(`output needs ${BLOCK_BYTES} bytes`);
    }
    this.#view.setUint32(0, Math.floor(block / TWO32));
    this.#view.setUint32(4, block >>> 0);
    const digest = this.#prefix.copy({ outputLength: BLOCK_BYTES })
      .update(this.#counter).digest();
    out.set(digest.subarray(0, BLOCK_BYTES));
  }
}
