/**
 * Descriptive statistics (statistics.md §4) against the worked example and
 * against scripts/gen_descriptive_vectors.py, an independent Python
 * implementation on fractions.Fraction whose fixture holds the expected
 * canonical JSON of each statistics object.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { encode, parse } from "../src/json/canonical.ts";
import {
  mean,
  quantile7,
  Rational,
  sampleVariance,
  sortRationals,
} from "../src/exact.ts";
import {
  describeExact,
  descriptiveStatistics,
} from "../src/statistics/descriptive.ts";

type Case = { name: string; values: string[]; expected: unknown };

const CASES = parse(
  Deno.readTextFileSync(
    new URL("./fixtures/descriptive_vectors.json", import.meta.url),
  ),
) as unknown as Case[];

function frac(text: string): Rational {
  const [p, q] = text.split("/") as [string, string];
  return Rational.of(BigInt(p), BigInt(q));
}

Deno.test("descriptive: statistics.md §4 worked example", () => {
  // 1, 2, 3, 4: h = 3p; p25: h = 3/4 → 1 + 3/4 = 1.75; p50: 1.5 → 2.5;
  // p75: 2.25 → 3.25; p90: 2.7 → 3.7; p95: 2.85 → 3.85. Mean 5/2,
  // Σ(x − 5/2)² = 9/4 + 1/4 + 1/4 + 9/4 = 5, variance 5/3.
  const d = describeExact([1, 2, 3, 4].map((v) => Rational.of(v)));
  assert.equal(d.n, 4);
  assert.equal(d.mean!.toString(), "5/2");
  assert.equal(d.median!.toString(), "5/2");
  assert.equal(d.variance!.toString(), "5/3");
  assert.deepEqual(
    Object.values(d.quantiles).map((q) => q!.toString()),
    ["7/4", "5/2", "13/4", "37/10", "77/20"],
  );
  const s = descriptiveStatistics([4, 3, 2, 1].map((v) => Rational.of(v)));
  assert.equal(
    encode(s),
    '{"max":4.0,"mean":2.5,"median":2.5,"min":1.0,"n":4,' +
      '"quantiles":{"p25":1.75,"p50":2.5,"p75":3.25,"p90":3.7,"p95":3.85},' +
      `"std":${Math.sqrt(5 / 3)},"variance":1.6666666666666667}`,
  );
});

Deno.test("descriptive: n = 0 gives nulls, never zeros; n = 1 no variance", () => {
  assert.equal(
    encode(descriptiveStatistics([])),
    '{"max":null,"mean":null,"median":null,"min":null,"n":0,' +
      '"quantiles":{"p25":null,"p50":null,"p75":null,"p90":null,"p95":null},' +
      '"std":null,"variance":null}',
  );
  const one = describeExact([Rational.of(-3, 7)]);
  assert.equal(one.variance, null);
  assert.equal(one.min!.toString(), "-3/7");
  assert.equal(one.quantiles.p95!.toString(), "-3/7");
});

for (const c of CASES) {
  Deno.test(`descriptive: ${c.name} matches the Python reference`, () => {
    const got = descriptiveStatistics(c.values.map(frac));
    assert.equal(encode(got), encode(c.expected as never));
  });
}

Deno.test("descriptive: exact values equal the exact.ts definitions", () => {
  const value = fc.tuple(
    fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
    fc.bigInt({ min: 1n, max: 10n ** 12n }),
  ).map(([p, q]) => Rational.of(p, q));
  fc.assert(
    fc.property(fc.array(value, { minLength: 2, maxLength: 20 }), (xs) => {
      const d = describeExact(xs);
      const sorted = sortRationals(xs);
      assert.ok(d.mean!.eq(mean(xs)));
      assert.ok(d.variance!.eq(sampleVariance(xs)));
      assert.ok(d.min!.eq(sorted[0]!) && d.max!.eq(sorted.at(-1)!));
      const levels = [[1, 4], [1, 2], [3, 4], [9, 10], [19, 20]] as const;
      Object.values(d.quantiles).forEach((q, i) => {
        const [a, b] = levels[i]!;
        assert.ok(q!.eq(quantile7(sorted, Rational.of(a, b))));
      });
    }),
    { numRuns: 200 },
  );
});

Deno.test("descriptive: numerators in a BigInt64Array give what the same numerators as BigInts give, to the limits of 64 bits", () => {
  const limit = fc.constantFrom(-(1n << 63n), (1n << 63n) - 1n, -1n, 0n, 1n);
  const num = fc.oneof(
    fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
    limit,
  );
  fc.assert(
    fc.property(
      fc.array(num, { maxLength: 20 }),
      fc.bigInt({ min: 1n, max: 1n << 40n }),
      (nums, den) => {
        const typed = describeExact({ nums: BigInt64Array.from(nums), den });
        assert.deepEqual(typed, describeExact({ nums, den }));
        assert.deepEqual(
          descriptiveStatistics({ nums: BigInt64Array.from(nums), den }),
          descriptiveStatistics({ nums, den }),
        );
      },
    ),
    { numRuns: 300 },
  );
});
