/**
 * SplitMix64 random streams of the simulator (contract §7). All arithmetic is
 * on BigInt masked to 64 bits: Number arithmetic silently loses bits here.
 *
 * @module
 */

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;
const TWO64 = 1n << 64n;

/** SplitMix64 finaliser `mix(z)`. */
export function mix(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

/** Stream ids of contract §7. */
export const STREAM_FIRE = 1;
/** Movement-conflict stream id. */
export const STREAM_MOVEMENT = 2;
/** Stream id reserved for built-in random policies. */
export const STREAM_POLICY = 3;

/**
 * One SplitMix64 stream, `stream(seed, id)` of contract §7.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Stream } from "./rng.ts";
 * const s = new Stream(0, 1);
 * assert.ok(s.next() === 0x1df5df97578d90c0n);
 * ```
 */
export class Stream {
  private state: bigint;

  constructor(seed: number | bigint, id: number | bigint) {
    const s = BigInt(seed);
    if (s < 0n || s > MASK) throw new RangeError(`seed ${seed} is not a u64`);
    this.state = mix((s ^ ((BigInt(id) * 0xd1b54a32d192ed03n) & MASK)) & MASK);
  }

  /** Next 64-bit word. */
  next(): bigint {
    this.state = (this.state + GAMMA) & MASK;
    return mix(this.state);
  }

  /** Uniform integer in [0, k) by rejection: words ≥ 2^64 − (2^64 mod k) are skipped. */
  uniform(k: number | bigint): bigint {
    const kk = BigInt(k);
    if (kk < 1n || kk > TWO64) {
      throw new RangeError(`uniform(${k}) is out of range`);
    }
    const limit = TWO64 - (TWO64 % kk);
    for (;;) {
      const w = this.next();
      if (w < limit) return w % kk;
    }
  }

  /** `uniform(k)` for a small k, as a Number. */
  uniformInt(k: number): number {
    return Number(this.uniform(k));
  }
}

/**
 * Per-draw ignition threshold `floor(2^64 · num / den)`, in [0, 2^64].
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ignitionThreshold } from "./rng.ts";
 * assert.ok(ignitionThreshold(1, 3) === 6148914691236517205n);
 * ```
 */
export function ignitionThreshold(num: number, den: number): bigint {
  return (TWO64 * BigInt(num)) / BigInt(den);
}
