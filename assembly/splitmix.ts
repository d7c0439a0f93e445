// SplitMix64 streams of contract §7, in u64 arithmetic (wasm i64 wraps mod
// 2^64, which is exactly the contract's arithmetic). src/sim/rng.ts is the
// reference; tests/replay_kernel_test.ts holds this to the §14 vectors.

const GAMMA: u64 = 0x9e3779b97f4a7c15;
const ID_MULTIPLIER: u64 = 0xd1b54a32d192ed03;

/** The SplitMix64 finaliser mix(z). */
// @ts-ignore: decorator
@inline
export function mix(z: u64): u64 {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

/** The initial state of stream(seed, id). */
// @ts-ignore: decorator
@inline
export function streamState(seed: u64, id: u64): u64 {
  return mix(seed ^ (id * ID_MULTIPLIER));
}

/** The state after one next(). */
// @ts-ignore: decorator
@inline
export function advance(state: u64): u64 {
  return state + GAMMA;
}

/**
 * Whether `uniform(k)` accepts word w: w < 2^64 − (2^64 mod k). With
 * r = 2^64 mod k = (0 − k) mod k, the limit is 0 − r, except that r = 0
 * means no word is rejected (0 − 0 would be limit 0).
 */
// @ts-ignore: decorator
@inline
export function accepts(w: u64, k: u64): bool {
  const r = (0 - k) % k;
  return r == 0 || w < 0 - r;
}
