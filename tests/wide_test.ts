/**
 * Integers beyond 64 bits as words (`bootstrap/wide.ts`): each integer,
 * its largest magnitude, equality and the exact sums of the certified
 * path, against BigInt arithmetic; the column sums at the largest n they
 * take (every word 2^32 − 1) and past it. The intervals of such values
 * are tested with the other packed forms (tests/bootstrap_pool_test.ts).
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { COLUMN_TERMS, WideIntegers } from "../src/bootstrap/wide.ts";

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
