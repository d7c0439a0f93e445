// The bootstrap kernel: the SHAKE-256 counter stream of statistics.md §8
// (contract §12), unbiased index draws, and the resample sums, all in one
// loop with no call out per block or per draw. It computes exactly what
// src/bootstrap/stream.ts and src/bootstrap/resample.ts compute; the tests
// hold the two equal.
//
// Stream layout. Block k is SHAKE-256(DOMAIN || seed || k as 8 big-endian
// bytes), 4096 output bytes read as 512 big-endian u64 words. Why this can
// be computed as below:
// - The input is 35 + 32 + 8 = 75 bytes, less than the rate of 136 bytes,
//   so it is absorbed as one padded block: byte 75 gets SHAKE's 0x1F, byte
//   135 gets 0x80, and the state starts as those 17 lanes (little-endian).
// - Blocks are made three at a time, k, k + 1 and k + 2, by one call of
//   keccak.ts's permute3: k and k + 1 side by side in the halves of v128
//   lanes, k + 2 in u64 lanes. The blocks differ only in the counter, bytes
//   67..74, which lie in lanes 8 and 9; the other 15 input lanes are shared.
// - The output is read 136 bytes (17 lanes) per permutation. 136 is a
//   multiple of 8, so every output word is exactly one lane, byte-swapped
//   from little- to big-endian; word w of a block is lane w mod 17 of
//   squeeze w / 17. 4096 = 30 · 136 + 16, so a block takes 31 permutations
//   and uses 2 lanes of the last.
//
// Positions are counted in words from the start of the stream (block · 512
// + word), as in IndexStream; they travel as f64, exact below 2^53.

import { permute3 } from "./keccak";

const RATE_LANES: i32 = 17;
const BLOCK_WORDS: i32 = 512;
const DOMAIN_BYTES: i32 = 35;

// "emberbench/statistics/bootstrap/v1\0"
const DOMAIN: usize = memory.data<u8>([
  0x65, 0x6d, 0x62, 0x65, 0x72, 0x62, 0x65, 0x6e, 0x63, 0x68, 0x2f, 0x73,
  0x74, 0x61, 0x74, 0x69, 0x73, 0x74, 0x69, 0x63, 0x73, 0x2f, 0x62, 0x6f,
  0x6f, 0x74, 0x73, 0x74, 0x72, 0x61, 0x70, 0x2f, 0x76, 0x31, 0x00,
]);

// The 32 seed bytes, written by the host before setSeed().
const SEED: usize = memory.data(32, 16);
// The padded input block of block k (136 bytes, counter left zero).
const INPUT: usize = memory.data(136, 16);
// Keccak states: k and k + 1 in 25 v128 lanes, k + 2 in 25 u64 lanes.
const PAIR: usize = memory.data(400, 16);
const SINGLE: usize = memory.data(200, 16);
// The words of blocks `first`, `first` + 1 and `first` + 2, already as
// big-endian values: word w of `first` at PAIR_WORDS + 16w, of `first` + 1
// at PAIR_WORDS + 16w + 8 (one v128 store writes both), of `first` + 2 at
// SINGLE_WORDS + 8w.
const PAIR_WORDS: usize = memory.data(BLOCK_WORDS * 16, 16);
const SINGLE_WORDS: usize = memory.data(BLOCK_WORDS * 8, 16);

// No blocks yet: no block k satisfies first <= k < first + 3.
const NO_BLOCKS: i64 = -3;
let first: i64 = NO_BLOCKS;
// Word w of the block that wordsOf last returned is at words + (w << shift).
let shift: usize = 3;
// Next word of the stream: block `block`, word `word` (0..512; 512 means
// the next word is word 0 of block + 1).
let block: i64 = 0;
let word: i32 = 0;
// Index range n and the largest accepted word 2^64 − (2^64 mod n) − 1.
let range: u64 = 1;
let maxAccepted: u64 = u64.MAX_VALUE;

/** Address where the host writes the 32 seed bytes. */
export function seedAddress(): usize {
  return SEED;
}

/** First address that the kernel's static data does not use. */
export function heapBase(): usize {
  return __heap_base;
}

/** Start the stream of the seed at SEED, at position 0. */
export function setSeed(): void {
  memory.fill(INPUT, 0, 136);
  memory.copy(INPUT, DOMAIN, DOMAIN_BYTES);
  memory.copy(INPUT + DOMAIN_BYTES, SEED, 32);
  store<u8>(INPUT + 75, 0x1f);
  store<u8>(INPUT + 135, load<u8>(INPUT + 135) | 0x80);
  first = NO_BLOCKS;
  block = 0;
  word = 0;
}

/**
 * Draw indices in [0, n), 1 <= n <= 2^32 − 1. A word w is accepted when
 * w < 2^64 − r with r = 2^64 mod n, and gives w mod n. In u64 arithmetic
 * r = (0 − n) mod n, since 0 − n wraps to 2^64 − n ≡ 2^64 (mod n); and
 * 0 − r − 1 wraps to 2^64 − r − 1, the largest accepted word (2^64 − 1 when
 * r = 0, so that nothing is rejected).
 */
export function setRange(n: u32): void {
  range = <u64>n;
  const r = (0 - range) % range;
  maxAccepted = 0 - r - 1;
}

/**
 * The index a word gives, or -1 when the word is rejected: the one rule of
 * setRange, used by resample and by drawWords alike. The limit and range
 * come as arguments so that the hot loop keeps them in locals.
 */
// @ts-ignore: decorator
@inline
function indexOf(x: u64, maxAccepted: u64, range: u64): i64 {
  return x > maxAccepted ? -1 : <i64>(x % range);
}

/**
 * Apply the draw rule to `count` given words (u64 at `words`), writing the
 * accepted indices as u32 to `out`; return how many were accepted. This is
 * the seam through which tests reach the rejection limit, which no stream
 * word reaches in practice.
 */
export function drawWords(words: usize, count: i32, out: usize): i32 {
  let k = 0;
  for (let i = 0; i < count; i++) {
    const j = indexOf(load<u64>(words + (<usize>i << 3)), maxAccepted, range);
    if (j < 0) continue;
    store<u32>(out + (<usize>k << 2), <u32>j);
    k++;
  }
  return k;
}

/** Continue from word `position` of the stream. */
export function seek(position: f64): void {
  const p = <i64>position;
  block = p / BLOCK_WORDS;
  word = <i32>(p % BLOCK_WORDS);
}

/** Word index of the next word of the stream. */
export function position(): f64 {
  return <f64>(block * BLOCK_WORDS + word);
}

/** The counter k as 8 big-endian bytes in bytes 67..74 of INPUT. */
function setCounter(k: i64): void {
  store<u64>(INPUT + 67, bswap<u64>(<u64>k));
}

/** The lanes of the input block of block k. */
function inputLane(i: i32): u64 {
  return i < RATE_LANES ? load<u64>(INPUT + (<usize>i << 3)) : 0;
}

/** Fill PAIR_WORDS and SINGLE_WORDS with the words of blocks k, k+1, k+2. */
function makeBlocks(k: i64): void {
  setCounter(k);
  const lane8k = inputLane(8);
  const lane9k = inputLane(9);
  setCounter(k + 1);
  for (let i = 0; i < 25; i++) {
    v128.store(PAIR + (<usize>i << 4), i64x2.splat(<i64>inputLane(i)));
  }
  // Lanes 8 and 9 hold the counter: block k in the low halves.
  v128.store(PAIR + (8 << 4), i64x2.replace_lane(v128.load(PAIR + (8 << 4)), 0, <i64>lane8k));
  v128.store(PAIR + (9 << 4), i64x2.replace_lane(v128.load(PAIR + (9 << 4)), 0, <i64>lane9k));
  setCounter(k + 2);
  for (let i = 0; i < 25; i++) store<u64>(SINGLE + (<usize>i << 3), inputLane(i));
  let w: i32 = 0;
  while (w < BLOCK_WORDS) {
    permute3(PAIR, SINGLE);
    const take = min(RATE_LANES, BLOCK_WORDS - w);
    for (let i = 0; i < take; i++) {
      // Little-endian lane bytes to big-endian words, both halves at once.
      const lanes = v128.load(PAIR + (<usize>i << 4));
      v128.store(
        PAIR_WORDS + (<usize>(w + i) << 4),
        i8x16.shuffle(lanes, lanes, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8),
      );
      store<u64>(SINGLE_WORDS + (<usize>(w + i) << 3), bswap<u64>(load<u64>(SINGLE + (<usize>i << 3))));
    }
    w += take;
  }
  first = k;
}

/**
 * Address of the words of block k (with `shift` set to its word stride),
 * generating them, and the next two blocks', if needed.
 */
function wordsOf(k: i64): usize {
  if (k < first || k >= first + 3) makeBlocks(k);
  const d = k - first;
  shift = d == 2 ? 3 : 4;
  return d == 2 ? SINGLE_WORDS : PAIR_WORDS + (<usize>d << 3);
}

/**
 * Generate blocks from, from + 1, …, from + count − 1 of the stream into
 * the kernel's block buffers, and nothing else: the stream rate alone, for
 * the benchmark that sets it beside OpenSSL's SHAKE-256.
 */
export function generateBlocks(from: f64, count: i32): void {
  const k0 = <i64>from;
  for (let k = k0; k < k0 + count; k += 3) wordsOf(k);
}

/** Write block k's 4096 bytes (big-endian words) to `out`. */
export function blockBytes(k: f64, out: usize): void {
  const words = wordsOf(<i64>k);
  for (let i = 0; i < BLOCK_WORDS; i++) {
    store<u64>(out + (<usize>i << 3), bswap<u64>(load<u64>(words + (<usize>i << shift))));
  }
}

/**
 * For `count` resamples: record the start position in starts[r] (when
 * `starts` is not 0), draw n = setRange's n indices and store
 * values[i_1] + … + values[i_n], added left to right from +0 in f64, in
 * sums[r]. The draws continue the stream where the last call left it.
 * Every addition is the same IEEE 754 operation in the same order as in
 * resample.ts, so the sums are bit for bit the reference's.
 */
export function resample(
  values: usize,
  sums: usize,
  starts: usize,
  count: i32,
): void {
  const n = <i32>range;
  const limit = maxAccepted;
  const m = range;
  let k = block;
  let w = word;
  let words = wordsOf(k);
  let sh = shift;
  for (let r = 0; r < count; r++) {
    if (starts != 0) {
      store<f64>(starts + (<usize>r << 3), <f64>(k * BLOCK_WORDS + w));
    }
    let s: f64 = 0;
    let drawn = 0;
    while (drawn < n) {
      if (w == BLOCK_WORDS) {
        k++;
        w = 0;
        words = wordsOf(k);
        sh = shift;
      }
      // Each word read draws at most one index, so reading up to n − drawn
      // words of this block can neither overdraw nor pass its end: the
      // inner loop needs no block check.
      const end = w + min(BLOCK_WORDS - w, n - drawn);
      for (; w < end; w++) {
        const j = indexOf(load<u64>(words + (<usize>w << sh)), limit, m);
        if (j < 0) continue;
        s += load<f64>(values + (<usize>j << 3));
        drawn++;
      }
    }
    store<f64>(sums + (<usize>r << 3), s);
  }
  block = k;
  word = w;
}
