/**
 * The bootstrap's deterministic word stream (statistics.md §8, contract §12):
 * SHAKE-256 in counter mode, read as big-endian 64-bit words, and unbiased
 * index draws by rejection sampling. It shares nothing with the simulator's
 * SplitMix64 streams.
 *
 * Block `k` is `SHAKE-256(DOMAIN || seed || k as 8 big-endian bytes)`, 4096
 * output bytes = 512 words. Blocks are made lazily, one at a time, so memory
 * stays constant whatever the number of resamples.
 *
 * Words are handled as two 32-bit halves in Number arithmetic (no BigInt per
 * draw); the comments on {@linkcode IndexStream} prove that this is exact.
 *
 * @module
 */

import { shake256 } from "npm:@noble/hashes@2.0.1/sha3.js";

/** Domain-separation prefix of every block: `"emberbench/statistics/bootstrap/v1\0"`. */
export const BOOTSTRAP_DOMAIN: Uint8Array = new TextEncoder().encode(
  "emberbench/statistics/bootstrap/v1\0",
);

/** Bytes per SHAKE-256 block of the stream. */
export const BLOCK_BYTES = 4096;
/** 64-bit words per block. */
export const BLOCK_WORDS = 512;

const TWO32 = 4294967296;

/**
 * A source of stream blocks. The SHAKE-256 reference is
 * {@linkcode ShakeWordSource}; a compiled kernel or a test double can stand in
 * for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IndexStream, type WordSource } from "./stream.ts";
 * // A test double whose every big-endian 64-bit word is 7.
 * const sevens: WordSource = {
 *   fill: (_block, out) => { for (let i = 0; i < 4096; i += 8) out.set([0, 0, 0, 0, 0, 0, 0, 7], i); },
 * };
 * assert.equal(new IndexStream(sevens, 5).next(), 2); // 7 mod 5
 * ```
 */
export interface WordSource {
  /**
   * Write block `block` (a safe integer >= 0) into `out[0..4096)`: 512
   * big-endian unsigned 64-bit words.
   */
  fill(block: number, out: Uint8Array): void;
}

/**
 * The SHAKE-256 counter-mode source of contract §12 for a 32-byte seed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { blockWords, ShakeWordSource } from "./stream.ts";
 * const words = blockWords(new ShakeWordSource(new Uint8Array(32)), 0);
 * assert.ok(words[0] === 0x181ca0d786c8d43an);
 * ```
 */
export class ShakeWordSource implements WordSource {
  readonly #input: Uint8Array;
  readonly #counter: DataView;

  /** The stream of a 32-byte seed; `RangeError` for another length. */
  constructor(seed: Uint8Array) {
    if (seed.length !== 32) {
      throw new RangeError(
        `bootstrap seed must be 32 bytes, found ${seed.length}`,
      );
    }
    const d = BOOTSTRAP_DOMAIN.length;
    this.#input = new Uint8Array(d + 32 + 8);
    this.#input.set(BOOTSTRAP_DOMAIN, 0);
    this.#input.set(seed, d);
    this.#counter = new DataView(this.#input.buffer, d + 32, 8);
  }

  fill(block: number, out: Uint8Array): void {
    if (!Number.isSafeInteger(block) || block < 0) {
      throw new RangeError(`block index ${block} is not a safe integer >= 0`);
    }
    if (out.length < BLOCK_BYTES) {
      throw new RangeError(`output needs ${BLOCK_BYTES} bytes`);
    }
    this.#counter.setUint32(0, Math.floor(block / TWO32));
    this.#counter.setUint32(4, block >>> 0);
    shake256.create({}).update(this.#input).xofInto(
      out.subarray(0, BLOCK_BYTES),
    );
  }
}

/**
 * The 32 bytes of a lower-case hex seed (the digest of the seed object).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seedBytes } from "./stream.ts";
 * assert.ok(seedBytes("00".repeat(31) + "ff")[31] === 255);
 * ```
 */
export function seedBytes(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new RangeError(`seed ${JSON.stringify(hex)} is not 64 hex digits`);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  }
  return out;
}

/**
 * The 512 words of one block as BigInts, for audits and tests (the draw path
 * never builds BigInts).
 */
export function blockWords(source: WordSource, block: number): BigUint64Array {
  const bytes = new Uint8Array(BLOCK_BYTES);
  source.fill(block, bytes);
  const view = new DataView(bytes.buffer);
  const words = new BigUint64Array(BLOCK_WORDS);
  for (let i = 0; i < BLOCK_WORDS; i++) words[i] = view.getBigUint64(8 * i);
  return words;
}

/** Largest `n` an {@linkcode IndexStream} accepts: 2^32 − 1. */
export const MAX_INDEX_RANGE = TWO32 - 1;

/**
 * Uniform indices in `[0, n)` from a word stream: a word `w` is accepted when
 * `w < 2^64 − (2^64 mod n)` and gives `w mod n`; a rejected word is skipped.
 * Draws continue the one sequence of words; {@linkcode position} counts every
 * word read, accepted or not, so that a draw can be repeated after a
 * {@linkcode seek}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IndexStream, ShakeWordSource } from "./stream.ts";
 * const s = new IndexStream(new ShakeWordSource(new Uint8Array(32)), 10);
 * // word 0 of block 0 is 0x181ca0d786c8d43a = 1737440403797890106
 * assert.ok(s.next() === 6 && s.position === 1);
 * ```
 */
export class IndexStream {
  /** The range of the indices. */
  readonly n: number;
  readonly #source: WordSource;
  readonly #bytes = new Uint8Array(BLOCK_BYTES);
  readonly #view = new DataView(this.#bytes.buffer);
  /** Block held in #bytes, or -1. */
  #loaded = -1;
  /** Block of the next word. */
  #block = 0;
  /** Word of the next word inside #block, 0..512 (512: go to the next block). */
  #word = 0;
  /**
   * Rejection on the low half. Let r = 2^64 mod n (0 <= r < n <= 2^32 − 1).
   * When r > 0 the limit 2^64 − r exceeds 2^64 − 2^32 = 0xFFFFFFFF·2^32, so
   * a word w = hi·2^32 + lo reaches the limit only when hi = 0xFFFFFFFF, and
   * then w >= 2^64 − r exactly when lo >= 2^32 − r. With r = 0 nothing is
   * rejected, which a threshold of 2^32 (above every lo) expresses.
   */
  readonly #rejectLo: number;
  /** n <= 2^21: one-step reduction is exact (see #reduce). */
  readonly #small: boolean;

  constructor(source: WordSource, n: number, position = 0) {
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_INDEX_RANGE) {
      throw new RangeError(`index range ${n} is outside [1, 2^32 - 1]`);
    }
    this.n = n;
    this.#source = source;
    const r = Number((1n << 64n) % BigInt(n));
    this.#rejectLo = r === 0 ? TWO32 : TWO32 - r;
    this.#small = n <= 2 ** 21;
    this.seek(position);
  }

  /** Absolute index of the next word of the stream (block · 512 + word). */
  get position(): number {
    return this.#block * BLOCK_WORDS + this.#word;
  }

  /** Continue from word `position` of the stream. */
  seek(position: number): void {
    if (!Number.isSafeInteger(position) || position < 0) {
      throw new RangeError(`stream position ${position} is not valid`);
    }
    this.#block = Math.floor(position / BLOCK_WORDS);
    this.#word = position % BLOCK_WORDS;
  }

  /** Draw one index. */
  next(): number {
    const out = new Uint32Array(1);
    this.fill(out, 1);
    return out[0]!;
  }

  /** Draw `count` indices into `out[0..count)`. */
  fill(out: Uint32Array, count: number = out.length): void {
    if (count > out.length) throw new RangeError("output array too short");
    const view = this.#view;
    const rejectLo = this.#rejectLo;
    const n = this.n;
    const small = this.#small;
    let word = this.#word;
    if (this.#loaded !== this.#block && word < BLOCK_WORDS) this.#load();
    for (let i = 0; i < count;) {
      if (word === BLOCK_WORDS) {
        this.#block++;
        this.#load();
        word = 0;
      }
      const hi = view.getUint32(8 * word);
      const lo = view.getUint32(8 * word + 4);
      word++;
      if (hi === 0xffffffff && lo >= rejectLo) continue;
      out[i++] = small ? ((hi % n) * TWO32 + lo) % n : reduceLarge(hi, lo, n);
    }
    this.#word = word;
  }

  #load(): void {
    this.#source.fill(this.#block, this.#bytes);
    this.#loaded = this.#block;
  }
}

/**
 * `(hi·2^32 + lo) mod n` for any n <= 2^32 − 1, in exact Number arithmetic.
 *
 * Since hi ≡ hi mod n (mod n), w ≡ (hi mod n)·2^32 + lo. For n <= 2^21 that
 * value is at most (n − 1)·2^32 + 2^32 − 1 = n·2^32 − 1 < 2^53, so every
 * intermediate is an integer that a double holds exactly, and `%` on doubles
 * is exact: the small-n branch in {@linkcode IndexStream.fill} is
 * `((hi % n) · 2^32 + lo) % n`. For larger n the product would pass 2^53, so
 * the shift by 2^32 is split into two shifts by 2^16 with a reduction after
 * each: with a < n < 2^32, a·2^16 < 2^48 and a·2^16 + lo < 2^49, all exact.
 */
export function reduceLarge(hi: number, lo: number, n: number): number {
  let a = hi % n;
  a = (a * 65536) % n;
  return (a * 65536 + lo) % n;
}
