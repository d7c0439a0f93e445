// The native node:crypto source must give the reference (noble) bytes for
// every seed and block; the §14 vectors pin both to the contract.
import assert from "node:assert/strict";
import fc from "fast-check";
import { NativeShakeWordSource } from "../src/bootstrap/native_source.ts";
import { blockWords, ShakeWordSource } from "../src/bootstrap/stream.ts";

Deno.test("native SHAKE source passes the contract §14 stream vectors", () => {
  const zero = new NativeShakeWordSource(new Uint8Array(32));
  const b0 = blockWords(zero, 0);
  assert.deepEqual(
    [b0[0], b0[1], b0[2], b0[511]],
    [
      0x181ca0d786c8d43an,
      0x479d008fe1e9c6adn,
      0x9a03c52f68d17b3en,
      0x039a9a70e7910f6en,
    ],
  );
  const b1 = blockWords(zero, 1);
  assert.deepEqual(
    [b1[0], b1[1], b1[2]],
    [0x4d55f8e2552f76b5n, 0x173da12721c3020dn, 0x6c9eba6d42c0137dn],
  );
  // SHA-256("abc") as the seed.
  const abc = Uint8Array.from(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
      .match(/../g)!,
    (h) => parseInt(h, 16),
  );
  const a0 = blockWords(new NativeShakeWordSource(abc), 0);
  assert.deepEqual(
    [a0[0], a0[1], a0[2]],
    [0xfcdcca8e803ddc85n, 0xb23dd26ffaf951b1n, 0xb950cf9b09650a04n],
  );
});

Deno.test("native and reference SHAKE sources agree on random seeds and blocks", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.oneof(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      ),
      (seed, block) => {
        const a = new Uint8Array(4096);
        const b = new Uint8Array(4096);
        new NativeShakeWordSource(seed).fill(block, a);
        new ShakeWordSource(seed).fill(block, b);
        assert.deepEqual(a, b);
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("a native source reused across blocks does not carry state", () => {
  const seed = new Uint8Array(32).fill(9);
  const src = new NativeShakeWordSource(seed);
  const first = new Uint8Array(4096);
  const again = new Uint8Array(4096);
  src.fill(7, first);
  src.fill(8, new Uint8Array(4096));
  src.fill(7, again);
  assert.deepEqual(first, again);
  assert.throws(() => src.fill(-1, first), RangeError);
  assert.throws(
    () => new NativeShakeWordSource(new Uint8Array(31)),
    RangeError,
  );
});
