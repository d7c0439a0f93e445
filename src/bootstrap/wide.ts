/**
 * Integers too large for 64 bits, kept as words in one buffer: the
 * numerators of an interval whose common denominator has hundreds of bits
 * (`mean_exposure` over a large group, say). As an array of BigInts, every
 * job of 100,000 such values put 100,000 objects in a bootstrap worker's
 * heap, which lived through the job and piled up in V8's old generation
 * job after job (docs/scale.md); as words they are one buffer, and the
 * exact sums that the certified path needs are added word by word, so the
 * worker builds a BigInt only for what it returns.
 *
 * @module
 */

/**
 * The most words added in one double: 2^21 × (2^32 − 1) < 2^53, and one
 * more could pass it.
 */
export const COLUMN_TERMS = 2 ** 21;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * Whether `a` fits a `BigInt64Array` (else it takes {@linkcode WideIntegers}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inInt64 } from "./wide.ts";
 * assert.ok(inInt64(-(2n ** 63n)) && inInt64(2n ** 63n - 1n));
 * assert.ok(!inInt64(2n ** 63n) && !inInt64(-(2n ** 63n) - 1n));
 * ```
 */
export function inInt64(a: bigint): boolean {
  return INT64_MIN <= a && a <= INT64_MAX;
}

/**
 * Integers as sign and magnitude: value `i` is `(-1)^negative[i] ×
 * Σ_k words[i·width + k] · 2^(32k)`, zero never negative, so that equal
 * values have equal words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WideIntegers } from "./wide.ts";
 * const xs = [2n ** 70n + 5n, -(2n ** 40n), 0n, 7n];
 * const w = WideIntegers.of(xs);
 * assert.equal(w.width, 3);
 * assert.deepEqual([0, 1, 2, 3].map((i) => w.at(i)), xs);
 * assert.equal(w.maxAbs(), 2n ** 70n + 5n);
 * assert.equal(w.sum(Uint32Array.of(0, 1, 1, 3), 4), 2n ** 70n + 12n - 2n ** 41n);
 * ```
 */
export class WideIntegers {
  /** How many integers. */
  readonly length: number;

  /** The integers of these words (see the class). */
  constructor(
    readonly words: Uint32Array,
    readonly width: number,
    readonly negative: Uint8Array,
  ) {
    if (
      !Number.isInteger(width) || width < 1 ||
      words.length !== negative.length * width
    ) {
      throw new RangeError(
        `${words.length} words are not ${negative.length} integers of ${width}`,
      );
    }
    this.length = negative.length;
  }

  /** `values` as words, as wide as the largest needs. */
  static of(values: readonly bigint[]): WideIntegers {
    // One hex text a value at a time, read digit by digit: the texts of
    // every value at once, and a slice for each word, were tens of
    // megabytes of garbage for each job of 100,000 values.
    let largest = 0n;
    for (const a of values) {
      if (a > largest) largest = a;
      else if (-a > largest) largest = -a;
    }
    const width = Math.ceil(largest.toString(16).length / 8);
    const words = new Uint32Array(values.length * width);
    const negative = new Uint8Array(values.length);
    values.forEach((a, i) => {
      negative[i] = a < 0n ? 1 : 0;
      const h = (a < 0n ? -a : a).toString(16);
      let at = i * width;
      let word = 0;
      let scale = 1;
      for (let j = h.length - 1; j >= 0; j--) {
        const c = h.charCodeAt(j);
        word += (c <= 0x39 ? c - 0x30 : c - 0x57) * scale;
        scale *= 16;
        if (scale === 2 ** 32) {
          words[at++] = word;
          word = 0;
          scale = 1;
        }
      }
      if (scale !== 1) words[at] = word;
    });
    return new WideIntegers(words, width, negative);
  }

  /**
   * What a structured clone (a worker's message) made of one: its fields,
   * without the class.
   */
  static revive(
    o: Pick<WideIntegers, "words" | "width" | "negative">,
  ): WideIntegers {
    return new WideIntegers(o.words, o.width, o.negative);
  }

  /** Integer `i`. */
  at(i: number): bigint {
    const w = this.width;
    let hex = "0x";
    for (let k = w - 1; k >= 0; k--) {
      hex += this.words[i * w + k]!.toString(16).padStart(8, "0");
    }
    const m = BigInt(hex);
    return this.negative[i] === 1 ? -m : m;
  }

  /** The largest magnitude (0 for none). */
  maxAbs(): bigint {
    let best = -1;
    for (let i = 0; i < this.length; i++) {
      if (best < 0 || this.#cmpAbs(i, best) > 0) best = i;
    }
    if (best < 0) return 0n;
    const v = this.at(best);
    return v < 0n ? -v : v;
  }

  /** Whether every integer is the first. */
  allEqual(): boolean {
    const w = this.width;
    for (let i = 1; i < this.length; i++) {
      if (this.negative[i] !== this.negative[0]) return false;
      for (let k = 0; k < w; k++) {
        if (this.words[i * w + k] !== this.words[k]) return false;
      }
    }
    return true;
  }

  /**
   * The exact sum of integers `picks[0]`, …, `picks[n − 1]`: each word
   * column is added in doubles, {@linkcode COLUMN_TERMS} picks at a time
   * (exact: that many words below 2^32 sum below 2^53), and the columns
   * are joined in one BigInt per run of picks.
   */
  sum(picks: Uint32Array, n: number): bigint {
    const w = this.width;
    const plus = new Float64Array(w);
    const minus = new Float64Array(w);
    let s = 0n;
    for (let from = 0; from < n; from += COLUMN_TERMS) {
      plus.fill(0);
      minus.fill(0);
      const to = Math.min(n, from + COLUMN_TERMS);
      for (let j = from; j < to; j++) {
        const p = picks[j]!;
        const column = this.negative[p] === 1 ? minus : plus;
        for (let k = 0, at = p * w; k < w; k++, at++) {
          column[k]! += this.words[at]!;
        }
      }
      let run = 0n;
      for (let k = w - 1; k >= 0; k--) {
        run = (run << 32n) + BigInt(plus[k]!) - BigInt(minus[k]!);
      }
      s += run;
    }
    return s;
  }

  /** The order of |integer a| and |integer b|: −1, 0 or 1. */
  #cmpAbs(a: number, b: number): number {
    const w = this.width;
    for (let k = w - 1; k >= 0; k--) {
      const x = this.words[a * w + k]!;
      const y = this.words[b * w + k]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }
}
