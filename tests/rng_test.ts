/**
 * Contract §14 SplitMix64 vectors for `src/sim/rng.ts`. The values are copied
 * from the contract (computed there independently of this code).
 */

import assert from "node:assert/strict";
import {
  ignitionThreshold,
  mix,
  Stream,
  STREAM_FIRE,
  STREAM_MOVEMENT,
  STREAM_POLICY,
} from "../src/sim/rng.ts";

function firstThree(seed: number, id: number): string[] {
  const s = new Stream(seed, id);
  return [s.next(), s.next(), s.next()].map((w) =>
    w.toString(16).padStart(16, "0")
  );
}

Deno.test("stream ids are 1 fire, 2 movement, 3 policy", () => {
  assert.deepEqual([STREAM_FIRE, STREAM_MOVEMENT, STREAM_POLICY], [1, 2, 3]);
});

Deno.test("stream(seed, id) first three outputs (contract §14)", () => {
  assert.deepEqual(firstThree(0, 1), [
    "1df5df97578d90c0",
    "bb0e8eb991d7d0f7",
    "274e21553f690adc",
  ]);
  assert.deepEqual(firstThree(0, 2), [
    "b4f889396bbe9b0e",
    "ca0b90a49e8e069c",
    "fb1a405a41b21f61",
  ]);
  assert.deepEqual(firstThree(1, 1), [
    "077ca23776407269",
    "5bde7a3c07235958",
    "80e8bd0a571f8eca",
  ]);
  assert.deepEqual(firstThree(9007199254740991, 2), [
    "8cbbb879193c5a30",
    "ddbdf51ffa28544c",
    "60f2dce2757a6e5e",
  ]);
});

Deno.test("a BigInt seed gives the same stream as the Number seed", () => {
  assert.deepEqual(
    firstThree(9007199254740991, 2),
    (() => {
      const s = new Stream(9007199254740991n, 2n);
      return [s.next(), s.next(), s.next()].map((w) =>
        w.toString(16).padStart(16, "0")
      );
    })(),
  );
});

Deno.test("words are 64-bit: every output lies in [0, 2^64)", () => {
  const s = new Stream(9007199254740991, 3);
  for (let i = 0; i < 1000; i++) {
    const w = s.next();
    assert.ok(w >= 0n && w < 1n << 64n);
  }
  // mix keeps 64 bits for the largest input as well.
  assert.ok(mix((1n << 64n) - 1n) < 1n << 64n);
});

Deno.test("uniform(5) from stream(0, 3) (contract §14)", () => {
  const s = new Stream(0, 3);
  const got = Array.from({ length: 10 }, () => s.uniformInt(5));
  assert.deepEqual(got, [3, 1, 0, 0, 3, 4, 2, 0, 3, 4]);
});

Deno.test("uniform(2), uniform(3), uniform(4) three times from stream(0, 2) (contract §14)", () => {
  const s = new Stream(0, 2);
  const got: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (const k of [2, 3, 4]) got.push(s.uniformInt(k));
  }
  assert.deepEqual(got, [0, 2, 1, 1, 2, 2, 0, 2, 1]);
});

Deno.test("uniform(2^63 + 1) rejects 8 words in all (contract §14)", () => {
  const k = (1n << 63n) + 1n;
  const s = new Stream(0, 2);
  const got = [s.uniform(k), s.uniform(k), s.uniform(k)];
  assert.deepEqual(got, [
    8084100846953360822n,
    597734609338628417n,
    2028686841381911524n,
  ]);
  // Count the words consumed: a fresh stream reaches the same state after
  // 3 accepted + 8 rejected = 11 words.
  const counting = new Stream(0, 2);
  for (let i = 0; i < 11; i++) counting.next();
  assert.equal(counting.next(), s.next());
});

Deno.test("uniform refuses k outside [1, 2^64]", () => {
  const s = new Stream(0, 1);
  assert.throws(() => s.uniform(0), RangeError);
  assert.throws(() => s.uniform((1n << 64n) + 1n), RangeError);
  assert.equal(s.uniform(1), 0n);
});

Deno.test("ignition thresholds are exact integers (contract §14)", () => {
  assert.equal(ignitionThreshold(1, 3), 6148914691236517205n);
  assert.equal(ignitionThreshold(2, 3), 12297829382473034410n);
  assert.equal(ignitionThreshold(1, 2 ** 32), 4294967296n);
  assert.equal(ignitionThreshold(2 ** 32 - 1, 2 ** 32), 18446744069414584320n);
  assert.equal(ignitionThreshold(7, 7), 18446744073709551616n);
  assert.equal(ignitionThreshold(0, 5), 0n);
  // A float threshold would be off: Math.floor(2 ** 64 / 3) is not it.
  assert.notEqual(BigInt(Math.floor(2 ** 64 / 3)), ignitionThreshold(1, 3));
});

Deno.test("seeds outside [0, 2^64) are refused", () => {
  assert.throws(() => new Stream(-1, 1), RangeError);
  assert.throws(() => new Stream(1n << 64n, 1), RangeError);
});
