/**
 * FractionSum (sums over a common denominator, reduced once) against the
 * term-by-term sum of `Rational.add`, which reduces after every term: the
 * same exact value, float and mean, with denominators small and large
 * enough that the safe-integer part overflows into BigInts many times.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { Rational } from "../src/exact.ts";
import { FractionSum } from "../src/metrics/fraction_sum.ts";

const terms = fc.array(
  fc.tuple(
    fc.oneof(fc.nat(20), fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
    fc.oneof(
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 1, max: 2 ** 32 }),
      fc.constant(Number.MAX_SAFE_INTEGER),
    ),
  ),
  { maxLength: 150 },
);

Deno.test("FractionSum = the sum of Rational.add, term by term", () => {
  fc.assert(
    fc.property(terms, fc.nat(50), (xs, m) => {
      const s = new FractionSum();
      let r = Rational.ZERO;
      for (const [a, b] of xs) {
        s.add(a, b);
        r = r.add(Rational.of(a, b));
      }
      // Asked in any order, each answer is the same sum.
      assert.equal(
        s.meanFloat(m),
        m === 0 ? null : r.div(Rational.of(m)).toFloat(),
      );
      assert.equal(s.toFloat(), r.toFloat());
      assert.equal(s.exact().toString(), r.toString());
    }),
    { numRuns: 500, seed: 20261314 },
  );
});

Deno.test("FractionSum: Σ 1/d for d = 1..127 (past 2^53) and adding after a read", () => {
  const s = new FractionSum();
  let r = Rational.ZERO;
  for (let d = 1; d <= 127; d++) {
    s.add(1, d);
    r = r.add(Rational.of(1, d));
    if (d === 60) assert.equal(s.exact().toString(), r.toString());
  }
  assert.ok(r.den > BigInt(Number.MAX_SAFE_INTEGER));
  assert.equal(s.exact().toString(), r.toString());
  assert.equal(new FractionSum().exact().toString(), "0");
  assert.equal(new FractionSum().toFloat(), 0);
});
