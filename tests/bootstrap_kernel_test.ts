/**
 * The WebAssembly bootstrap kernel against the TypeScript reference: the
 * same stream bytes (contract §14 vectors and Python blocks), the same draw
 * rule at the rejection limit (injected words), the same sums and start
 * positions across block boundaries and uneven chunks, and the same exact
 * interval bounds on random inputs (fast-check). scripts/kernel_compare.ts
 * runs the comparison longer and wider.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { Rational } from "../src/exact.ts";
import { bootstrapMeanInterval } from "../src/bootstrap/interval.ts";
import { kernelByName } from "../src/bootstrap/kernel.ts";
import { IndexStream, ShakeWordSource } from "../src/bootstrap/stream.ts";
import { kernelDraws, wasmSampler } from "../src/bootstrap/wasm_kernel.ts";
import { kernelCase, kernelInputs } from "./kernel_inputs.ts";

function hex64(w: bigint): string {
  return w.toString(16).padStart(16, "0");
}

function words(source: { fill(k: number, out: Uint8Array): void }, k: number) {
  const out = new Uint8Array(4096);
  source.fill(k, out);
  const v = new DataView(out.buffer);
  return Array.from({ length: 512 }, (_, i) => v.getBigUint64(8 * i));
}

Deno.test("wasm kernel: contract §14 stream vectors", () => {
  const zero = wasmSampler(new Uint8Array(32), 5).source;
  const b0 = words(zero, 0);
  assert.deepEqual([b0[0]!, b0[1]!, b0[2]!, b0[511]!].map(hex64), [
    "181ca0d786c8d43a",
    "479d008fe1e9c6ad",
    "9a03c52f68d17b3e",
    "039a9a70e7910f6e",
  ]);
  const b1 = words(zero, 1);
  assert.deepEqual([b1[0]!, b1[1]!, b1[2]!].map(hex64), [
    "4d55f8e2552f76b5",
    "173da12721c3020d",
    "6c9eba6d42c0137d",
  ]);
  // SHA-256("abc") as the seed.
  const abc = new Uint8Array(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
      .match(/../g)!.map((h) => parseInt(h, 16)),
  );
  const a0 = words(wasmSampler(abc, 5).source, 0);
  assert.deepEqual([a0[0]!, a0[1]!, a0[2]!].map(hex64), [
    "fcdcca8e803ddc85",
    "b23dd26ffaf951b1",
    "b950cf9b09650a04",
  ]);
});

Deno.test("wasm kernel: blocks equal the reference, odd and even, past 2^32", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.oneof(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 2 ** 32 - 2, max: 2 ** 32 + 2 }),
        fc.integer({ min: 0, max: Math.floor(2 ** 53 / 512) - 1 }),
      ),
      (seed, k) => {
        const a = new Uint8Array(4096);
        const b = new Uint8Array(4096);
        wasmSampler(seed, 7).source.fill(k, a);
        new ShakeWordSource(seed).fill(k, b);
        assert.deepEqual(a, b);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("wasm kernel: the rejection limit, word by word", () => {
  const max = (1n << 64n) - 1n;
  for (
    const n of [1, 2, 3, 5, 6, 104, 2 ** 21 + 1, 3 * 2 ** 30 + 7, 2 ** 32 - 1]
  ) {
    const r = (1n << 64n) % BigInt(n);
    const limit = (1n << 64n) - r; // the first rejected word (none when r = 0)
    const ws = [max, max - 1n, limit - 1n, 0n, 0xffffffff00000000n, 12345n];
    if (r > 0n) ws.push(limit, limit + (r > 1n ? 1n : 0n));
    // The rule as the spec words it, on BigInt words.
    const want = ws.filter((w) => r === 0n || w < limit)
      .map((w) => Number(w % BigInt(n)));
    assert.deepEqual(kernelDraws(ws, n), want, `n = ${n}`);
  }
});

Deno.test("wasm kernel: sums and starts equal the reference over uneven chunks", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.integer({ min: 1, max: 200 }),
      fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 4 }),
      (seed, n, cuts) => {
        const values = Float64Array.from(
          { length: n },
          (_, i) => (i * 7919) % 1001 - 500,
        );
        const R = 3000;
        const bounds = [0, ...cuts.sort((a, b) => a - b), R];
        const run = (name: "wasm" | "reference") => {
          const s = kernelByName(name)(seed, n);
          const sums = new Float64Array(R);
          const starts = new Float64Array(R);
          for (let i = 0; i + 1 < bounds.length; i++) {
            s.resample(values, sums, starts, bounds[i]!, bounds[i + 1]!);
          }
          return { sums, starts };
        };
        const a = run("wasm");
        const b = run("reference");
        assert.deepEqual(a.sums, b.sums);
        assert.deepEqual(a.starts, b.starts);
        // A start position re-draws its resample from the kernel's blocks.
        const r = R - 1;
        const stream = new IndexStream(
          kernelByName("wasm")(seed, n).source,
          n,
          a.starts[r],
        );
        const picks = new Uint32Array(n);
        stream.fill(picks);
        let sum = 0;
        for (const i of picks) sum += values[i]!;
        assert.equal(sum, a.sums[r]);
      },
    ),
    { numRuns: 20 },
  );
});

Deno.test("wasm kernel: two samplers interleaved keep their own streams", () => {
  const values = Float64Array.of(1, 2, 3, 4, 5, 6, 7);
  const seeds = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
  const alone = seeds.map((seed) => {
    const sums = new Float64Array(2000);
    kernelByName("reference")(seed, 7).resample(values, sums, null, 0, 2000);
    return sums;
  });
  const samplers = seeds.map((seed) => wasmSampler(seed, 7));
  const mixed = seeds.map(() => new Float64Array(2000));
  for (let from = 0; from < 2000; from += 250) {
    for (const k of [0, 1]) {
      samplers[k]!.resample(values, mixed[k]!, null, from, from + 250);
    }
  }
  assert.deepEqual(mixed, alone);
});

Deno.test("interval: kernels give identical exact bounds on random inputs", () => {
  fc.assert(
    fc.property(kernelInputs({ maxWork: 200_000 }), (input) => {
      const [w, r] = kernelCase(input);
      assert.equal(w.lower.toString(), r.lower.toString());
      assert.equal(w.upper.toString(), r.upper.toString());
    }),
    { numRuns: 40, seed: 20261201 },
  );
});

Deno.test("interval: all values equal draw nothing and give [v, v]", () => {
  const v = Rational.of(-7, 3);
  const kernel = () => {
    throw new Error("a degenerate interval must not draw");
  };
  const ci = bootstrapMeanInterval(Array(9).fill(v), {
    resamples: 1000,
    seed: new Uint8Array(32),
    kernel,
  })!;
  assert.equal(ci.lower.toString(), "-7/3");
  assert.equal(ci.upper.toString(), "-7/3");
});
