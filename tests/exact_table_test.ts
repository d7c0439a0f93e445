/**
 * The statistics' table of exact values (`statistics/exact_table.ts`):
 * what it counts and scales for an interval, read from its packed parts,
 * against the same values as `Rational`s: rows unset, values `null`,
 * values beyond safe integers, and values whose denominator finds the
 * table's index of denominators full (both kept aside; injected here: the
 * simulator's counts never reach them, nor 65,534 denominators).
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
      fc.constantFrom(undefined, 0, 1, 3),
      (rows, picks, denominators) => {
        const t = new ExactTable(rows.length, 2, denominators);
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
          assert.deepEqual([...got.nums], want.nums);
          assert.equal(got.den, want.den);
          const size = t.defined(order, m);
          assert.equal(size.n, xs.length);
          if (xs.length > 0) {
            assert.equal(size.equal, xs.every((x) => x.eq(xs[0]!)));
          }
          order.forEach((k) => {
            const v = rows[k]?.[m];
            const got = t.value(k, m);
            if (v === undefined) assert.equal(got, undefined);
            else if (v === null) assert.equal(got, null);
            else assert.ok(got !== null && got !== undefined && got.eq(v));
          });
        }
      },
    ),
  );
});

Deno.test("exact table: a table of at most 65,534 denominators", () => {
  for (const bad of [-1, 0.5, 65535]) {
    assert.throws(() => new ExactTable(1, 1, bad), RangeError);
  }
  // Three denominators indexed, the fourth's value kept whole: equal values
  // on either side of the limit are equal.
  const t = new ExactTable(6, 1, 3);
  [2, 3, 5, 7, 7, 2].forEach((q, row) => t.set(row, [Rational.of(1, q)]));
  assert.deepEqual(t.defined([3, 4], 0), { n: 2, equal: true });
  assert.deepEqual(t.defined([0, 5], 0), { n: 2, equal: true });
  assert.deepEqual(t.defined([0, 3], 0), { n: 2, equal: false });
  assert.deepEqual(t.scaled([0, 1, 2, 3, 4, 5], 0), {
    nums: BigInt64Array.of(105n, 70n, 42n, 30n, 30n, 105n),
    den: 210n,
  });
});

Deno.test("exact table: the 65,535th denominator and those after it are kept whole, not given the index that marks a value kept whole", () => {
  const rows = 65_540;
  const t = new ExactTable(rows, 1);
  for (let k = 0; k < rows; k++) t.set(k, [Rational.of(1, k + 2)]);
  for (const k of [0, 65_533, 65_534, 65_535, rows - 1]) {
    assert.ok(t.value(k, 0)!.eq(Rational.of(1, k + 2)), `row ${k}`);
  }
  const last = [65_533, 65_534, rows - 1];
  assert.deepEqual(t.defined(last, 0), { n: 3, equal: false });
  const scaled = t.scaled(last, 0);
  assert.deepEqual(
    [...scaled.nums].map((x) => Rational.of(x, scaled.den)),
    last.map((k) => Rational.of(1, k + 2)),
  );
});

Deno.test("exact table: scaled numerators at the limits of 64 bits come in a BigInt64Array, one beyond them as BigInts", () => {
  const t = new ExactTable(3, 1);
  t.set(0, [Rational.of((1n << 63n) - 1n)]);
  t.set(1, [Rational.of(-(1n << 63n))]);
  t.set(2, [Rational.of(1n << 63n)]);
  assert.deepEqual(t.scaled([0, 1], 0), {
    nums: BigInt64Array.of((1n << 63n) - 1n, -(1n << 63n)),
    den: 1n,
  });
  assert.deepEqual(t.scaled([1, 2], 0), {
    nums: [-(1n << 63n), 1n << 63n],
    den: 1n,
  });
  // Beyond only once over the common denominator.
  const u = new ExactTable(2, 1);
  u.set(0, [Rational.of((1n << 62n) + 1n, 1n)]);
  u.set(1, [Rational.of(1, 3)]);
  assert.deepEqual(u.scaled([0, 1], 0), {
    nums: [3n * ((1n << 62n) + 1n), 1n],
    den: 3n,
  });
});

Deno.test("exact table: setDifferences is Rational.sub and toFloat of each pair of values, null where either is", () => {
  const near = fc.tuple(
    fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }),
    fc.integer({ min: 1, max: 2 ** 53 - 1 }),
  ).map(([p, q]) => Rational.of(p, q));
  const pair = fc.array(fc.oneof(value, near), { minLength: 3, maxLength: 3 });
  fc.assert(
    fc.property(
      fc.array(fc.tuple(pair, pair), { minLength: 1, maxLength: 12 }),
      fc.constantFrom(undefined, 0, 2),
      (rows, denominators) => {
        const a = new ExactTable(rows.length, 3, denominators);
        const b = new ExactTable(rows.length, 3, denominators);
        rows.forEach(([x, y], k) => {
          a.set(k, x);
          b.set(k, y);
        });
        const d = new ExactTable(rows.length, 3, denominators);
        const floats = new Float64Array(rows.length * 3);
        rows.forEach((_, k) => d.setDifferences(k, a, b, floats));
        rows.forEach(([x, y], k) => {
          x.forEach((u, m) => {
            const v = y[m]!;
            const want = u === null || v === null ? null : u.sub(v);
            const got = d.value(k, m);
            if (want === null) {
              assert.equal(got, null);
              assert.ok(Number.isNaN(floats[3 * k + m]));
            } else {
              assert.ok(got !== null && got !== undefined && got.eq(want));
              assert.ok(Object.is(floats[3 * k + m], want.toFloat()));
            }
          });
        });
        const all = rows.map((_, k) => k);
        for (const m of [0, 1, 2]) {
          const xs = rows.flatMap(([x, y]) =>
            x[m] === null || y[m] === null ? [] : [x[m]!.sub(y[m]!)]
          );
          const want = toCommonDenominator(xs);
          const got = d.scaled(all, m);
          assert.deepEqual([...got.nums], want.nums);
          assert.equal(got.den, want.den);
          assert.equal(d.defined(all, m).n, xs.length);
        }
      },
    ),
    { numRuns: 300 },
  );
  const a = new ExactTable(2, 1);
  const b = new ExactTable(2, 1);
  a.set(0, [Rational.of(1)]);
  assert.throws(
    () => new ExactTable(2, 1).setDifferences(0, a, b, new Float64Array(2)),
    RangeError,
  );
  b.set(0, [Rational.of(1)]);
  assert.throws(
    () => new ExactTable(2, 2).setDifferences(0, a, b, new Float64Array(4)),
    RangeError,
  );
  assert.throws(
    () => new ExactTable(2, 1).setDifferences(0, a, b, new Float64Array(1)),
    RangeError,
  );
  // Equal values: a difference of +0, whatever their sign.
  const z = new ExactTable(2, 1);
  const f = new Float64Array(2);
  a.set(1, [Rational.of(-3, 7)]);
  b.set(1, [Rational.of(-3, 7)]);
  z.setDifferences(1, a, b, f);
  assert.ok(Object.is(f[1], 0) && z.value(1, 0)!.eq(Rational.ZERO));
});

Deno.test("exact table: numerators at the limits of 32 bits, and the first beyond them, whether set or made by setDifferences, after other values", () => {
  const edge = [2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1];
  // Each edge value set after a small one, in a table of its own: the small
  // value survives the widening, the edge value is exact.
  for (const p of edge) {
    const t = new ExactTable(2, 1);
    t.set(0, [Rational.of(-7, 3)]);
    t.set(1, [Rational.of(p, 5)]);
    assert.ok(t.value(0, 0)!.eq(Rational.of(-7, 3)), `${p}: the first`);
    assert.ok(t.value(1, 0)!.eq(Rational.of(p, 5)), `${p}`);
    assert.deepEqual(t.scaled([0, 1], 0), {
      nums: BigInt64Array.of(-35n, 3n * BigInt(p)),
      den: 15n,
    });
  }
  // Differences of 32-bit numerators one past the limit on either side.
  const a = new ExactTable(2, 1);
  const b = new ExactTable(2, 1);
  a.set(0, [Rational.of(2 ** 31 - 1)]);
  b.set(0, [Rational.of(-1)]);
  a.set(1, [Rational.of(-(2 ** 31))]);
  b.set(1, [Rational.of(1)]);
  const d = new ExactTable(2, 1);
  const floats = new Float64Array(2);
  d.setDifferences(0, a, b, floats);
  d.setDifferences(1, a, b, floats);
  assert.ok(d.value(0, 0)!.eq(Rational.of(2 ** 31)));
  assert.ok(d.value(1, 0)!.eq(Rational.of(-(2 ** 31) - 1)));
  assert.deepEqual([...floats], [2 ** 31, -(2 ** 31) - 1]);
  // Equal values on either side of the widening are equal.
  const e = new ExactTable(3, 1);
  e.set(0, [Rational.of(9, 2)]);
  e.set(1, [Rational.of(2 ** 40, 1)]);
  e.set(2, [Rational.of(9, 2)]);
  assert.deepEqual(e.defined([0, 2], 0), { n: 2, equal: true });
  assert.deepEqual(e.defined([0, 1], 0), { n: 2, equal: false });
});
