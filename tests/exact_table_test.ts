/**
 * The statistics' table of exact values (`statistics/exact_table.ts`):
 * what it counts and scales for an interval, read from its packed parts,
 * against the same values as `Rational`s: rows unset, values `null`,
 * values beyond safe integers (which the table keeps aside; injected here,
 * the simulator's counts never reach them).
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { Rational } from "../src/exact.ts";
import { toCommonDenominator } from "../src/bootstrap/interval.ts";
import { ExactTable } from "../src/statistics/exact_table.ts";

const value = fc.oneof(
  fc.constant(null),
  fc.tuple(
    fc.integer({ min: -1000, max: 1000 }),
    fc.integer({ min: 1, max: 60 }),
  ).map(([p, q]) => Rational.of(p, q)),
  // Beyond safe integers: kept aside by the table.
  fc.tuple(
    fc.bigInt({ min: -(1n << 80n), max: 1n << 80n }),
    fc.integer({
      min: 1,
      max: 9,
    }),
  ).map(([p, q]) => Rational.of(p * (1n << 60n) + 1n, BigInt(q) << 55n)),
);

Deno.test("exact table: scaled and defined are toCommonDenominator and the count of the defined values, unset rows and nulls left out", () => {
  fc.assert(
    fc.property(
      fc.array(fc.option(fc.array(value, { minLength: 2, maxLength: 2 })), {
        maxLength: 30,
      }),
      fc.array(fc.nat(), { maxLength: 40 }),
      (rows, picks) => {
        const t = new ExactTable(rows.length, 2);
        rows.forEach((r, i) => {
          if (r !== null) t.set(i, r);
        });
        const order = rows.length === 0
          ? []
          : picks.map((p) => p % rows.length);
        for (const m of [0, 1]) {
          const xs = order.flatMap((k) => {
            const v = rows[k]?.[m];
            return v === undefined || v === null ? [] : [v];
          });
          const want = toCommonDenominator(xs);
          const got = t.scaled(order, m);
          assert.deepEqual(got.nums, want.nums);
          assert.equal(got.den, want.den);
          const size = t.defined(order, m);
          assert.equal(size.n, xs.length);
          if (xs.length > 0) {
            assert.equal(size.equal, xs.every((x) => x.eq(xs[0]!)));
          }
        }
      },
    ),
  );
});
