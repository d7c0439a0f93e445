/**
 * Integers beyond 64 bits as words (`bootstrap/wide.ts`): each integer,
 * its largest magnitude, equality and the exact sums of the certified
 * path, against BigInt arithmetic; the column sums at the largest n they
 * take (every word 2^32 − 1) and the BigInt fallback beyond it; and an
 * interval of such values, on a worker and here, under both kernels,
 * against the same values as BigInts.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { COLUMN_TERMS, WideIntegers } from "../src/bootstrap/wide.ts";
import { computeIntervals } from "../src/bootstrap/pool.ts";

const wide = fc.bigInt({ min: -(1n << 300n), max: 1n << 300n });

Deno.test("wide integers: each integer, the largest magnitude and equality are BigInt's", () => {
  fc.assert(
    fc.property(fc.array(wide, { minLength: 1, maxLength: 40 }), (xs) => {
      const w = WideIntegers.of(xs);
      assert.deepEqual(xs.map((_, i) => w.at(i)), xs);
      const abs = xs.map((a) => (a < 0n ? -a : a));
      assert.equal(w.maxAbs(), abs.reduce((m, a) => (a > m ? a : m), 0n));
      assert.equal(w.allEqual(), xs.every((a) => a === xs[0]));
      const same = WideIntegers.of(xs.map(() => xs[0]!));
      assert.ok(same.allEqual());
    }),
  );
  // Zero is never negative, so -0 and 0 are the same words.
  assert.ok(WideIntegers.of([0n, -0n, 0n]).allEqual());
  assert.ok(!WideIntegers.of([1n << 64n, -(1n << 64n)]).allEqual());
});

Deno.test("wide integers: sums of picks with repeats are BigInt's sums", () => {
  fc.assert(
    fc.property(
      fc.array(wide, { minLength: 1, maxLength: 30 }),
      fc.array(fc.nat(), { maxLength: 200 }),
      (xs, raw) => {
        const picks = Uint32Array.from(raw, (p) => p % xs.length);
        const w = WideIntegers.of(xs);
        let s = 0n;
        for (const p of picks) s += xs[p]!;
        assert.equal(w.sum(picks, picks.length), s);
      },
    ),
  );
});

Deno.test("wide integers: the column sums are exact at the most terms a double takes, and past it in two runs", () => {
  assert.equal(COLUMN_TERMS, 2 ** 21);
  const top = (1n << 96n) - 1n; // three words of 2^32 − 1
  const w = WideIntegers.of([top, -top, 5n]);
  // Every pick the largest magnitude: one column passes 2^53 at the
  // 2^21 + 1st term (an odd sum a double rounds), so a run one longer
  // would be wrong by one.
  for (const n of [COLUMN_TERMS, COLUMN_TERMS + 1, 2 * COLUMN_TERMS + 3]) {
    assert.equal(w.sum(new Uint32Array(n), n), BigInt(n) * top, `${n}`);
    const negatives = new Uint32Array(n).fill(1);
    assert.equal(w.sum(negatives, n), -BigInt(n) * top, `${n}`);
  }
  const mixed = new Uint32Array(COLUMN_TERMS + 1);
  mixed[7] = 2;
  assert.equal(w.sum(mixed, mixed.length), BigInt(COLUMN_TERMS) * top + 5n);
});

Deno.test("wide integers: an interval of values beyond 64 bits is the interval of their BigInts, on workers and here, both kernels", async () => {
  // Large numerators over a large denominator: the certified path.
  const den = (1n << 200n) + 3n;
  const nums = Array.from(
    { length: 60 },
    (_, i) => ((1n << 199n) * BigInt((i * 7919) % 31)) / 17n - BigInt(i * i),
  );
  const job = (w: boolean) => ({
    nums: w ? WideIntegers.of(nums) : nums,
    den,
    resamples: 300,
    seed: new Uint8Array(32).fill(9),
  });
  for (const kernel of ["wasm", "reference"] as const) {
    const [plain] = await computeIntervals([job(false)], {
      kernel,
      workers: 1,
    });
    for (const workers of [1, 2]) {
      const got = await computeIntervals([job(true), job(true)], {
        kernel,
        workers,
      });
      for (const ci of got) {
        assert.equal(ci.lower.cmp(plain!.lower), 0, `${kernel} ${workers}`);
        assert.equal(ci.upper.cmp(plain!.upper), 0, `${kernel} ${workers}`);
      }
    }
  }
});
