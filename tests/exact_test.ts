// Tests of src/exact.ts. Golden floats come from CPython's
// float(Fraction(p, q)) via scripts/gen_float_vectors.py; the rest are small
// cases worked out by hand (reasoning beside each) or properties checked
// against IEEE arithmetic, which is correctly rounded by definition.

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  mean,
  quantile7,
  Rational,
  ratioToFloat,
  sampleVariance,
  sortRationals,
  sum,
} from "../src/exact.ts";

const VIEW = new DataView(new ArrayBuffer(8));

function bitsOf(x: number): string {
  VIEW.setFloat64(0, x);
  return VIEW.getBigUint64(0).toString(16).padStart(16, "0");
}

function fromBits(hex: string): number {
  VIEW.setBigUint64(0, BigInt(`0x${hex}`));
  return VIEW.getFloat64(0);
}

type RatioCase = { cat: string; p: bigint; q: bigint; expected: string };
type FractionCase = { bits: string; num: bigint; den: bigint };

const lines = (await Deno.readTextFile(
  new URL("./fixtures/float_vectors.txt", import.meta.url),
)).split("\n").filter((l) => l !== "" && !l.startsWith("#"));
const ratios: RatioCase[] = [];
const fractions: FractionCase[] = [];
const patterns: string[] = [];
for (const line of lines) {
  const f = line.split(" ");
  if (f[0] === "R" && f.length === 5) {
    ratios.push({
      cat: f[1]!,
      p: BigInt(f[2]!),
      q: BigInt(f[3]!),
      expected: f[4]!,
    });
  } else if (f[0] === "F" && f.length === 5) {
    fractions.push({ bits: f[1]!, num: BigInt(f[2]!), den: BigInt(f[3]!) });
  } else if (f[0] === "P" && f.length === 3) patterns.push(f[1]!);
  else throw new Error(`bad fixture line: ${line.slice(0, 80)}`);
}

const r = (n: number | bigint, d: number | bigint = 1) => Rational.of(n, d);

Deno.test("fixture covers every required class of ratio", () => {
  assert.ok(ratios.length >= 10_000, `${ratios.length} ratio cases`);
  const cats = new Set(ratios.map((c) => c.cat));
  for (
    const c of [
      "random",
      "int",
      "half",
      "near-half",
      "half-unreduced",
      "subnormal",
      "sub-half",
      "sub-near-half",
      "underflow",
      "min-normal",
      "top",
      "huge",
    ]
  ) assert.ok(cats.has(c), `category ${c}`);
  const has = (e: string) => ratios.some((c) => c.expected === e);
  assert.ok(has("overflow"));
  assert.ok(has("0000000000000000")); // +0.0
  assert.ok(has("8000000000000000")); // -0.0
  assert.ok(has("0000000000000001")); // 5e-324
  assert.ok(has("7fefffffffffffff")); // largest double
  assert.ok(ratios.some((c) => c.p.toString(2).length > 1000 + 1));
  assert.ok(ratios.some((c) => c.q.toString(2).length > 1000));
});

Deno.test("toFloat equals Python float(Fraction(p, q)) on every vector", () => {
  const wrong: string[] = [];
  for (const { cat, p, q, expected } of ratios) {
    const x = Rational.of(p, q);
    let got: string;
    try {
      got = bitsOf(x.toFloat());
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      got = "overflow";
    }
    if (got !== expected) wrong.push(`${cat} ${p}/${q}: ${got} != ${expected}`);
    // ratioToFloat must not rely on the fraction being reduced.
    if (q > 0n) {
      let direct: string;
      try {
        direct = bitsOf(ratioToFloat(p, q));
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        direct = "overflow";
      }
      if (direct !== expected) wrong.push(`ratioToFloat ${cat} ${p}/${q}`);
    }
  }
  assert.deepEqual(wrong.slice(0, 5), []);
});

Deno.test("overflow throws RangeError, like Python's OverflowError", () => {
  // 2^1024 - 2^970 is halfway between the largest double and 2^1024; the
  // tie goes to the even 2^1024, which does not exist.
  const boundary = (1n << 1024n) - (1n << 970n);
  assert.throws(() => r(boundary).toFloat(), RangeError);
  assert.throws(() => r(-boundary).toFloat(), RangeError);
  assert.throws(() => r(1n << 1024n).toFloat(), RangeError);
  assert.equal(r(boundary - 1n).toFloat(), Number.MAX_VALUE);
  assert.equal(r(-(boundary - 1n)).toFloat(), -Number.MAX_VALUE);
  assert.throws(() => ratioToFloat(1n, 0n), RangeError);
  assert.throws(() => ratioToFloat(1n, -1n), RangeError);
});

Deno.test("fromFloat gives Python's Fraction(x) exactly", () => {
  assert.ok(fractions.length >= 500);
  for (const { bits, num, den } of fractions) {
    const x = Rational.fromFloat(fromBits(bits));
    assert.equal(x.num, num, bits);
    assert.equal(x.den, den, bits);
  }
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.throws(() => Rational.fromFloat(bad), RangeError);
  }
});

Deno.test("fromFloat then toFloat returns every double (-0.0 becomes 0.0)", () => {
  const doubles = [
    ...ratios.filter((c) => c.expected !== "overflow").map((c) => c.expected),
    ...patterns,
  ];
  const wrong: string[] = [];
  for (const bits of doubles) {
    const x = fromBits(bits);
    // Fraction(-0.0) is 0, so the sign of zero cannot survive: Python agrees.
    const want = bits === "8000000000000000" ? "0000000000000000" : bits;
    const got = bitsOf(Rational.fromFloat(x).toFloat());
    if (got !== want) wrong.push(bits);
  }
  assert.deepEqual(wrong.slice(0, 5), []);
});

Deno.test("ratioToFloat agrees with IEEE division of exactly representable operands", () => {
  // p and q below 2^53 are exact doubles, and IEEE division is correctly
  // rounded, so p / q in floating point is the reference.
  const safe = fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n });
  fc.assert(
    fc.property(safe, fc.bigInt({ min: 1n, max: 2n ** 53n }), (p, q) => {
      const got = ratioToFloat(p, q);
      const want = Number(p) / Number(q);
      return Object.is(got, want);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("fromFloat is exact on arbitrary doubles and cmp follows <", () => {
  const dbl = fc.double({ noNaN: true, noDefaultInfinity: true });
  fc.assert(
    fc.property(dbl, dbl, (a, b) => {
      const x = Rational.fromFloat(a);
      const y = Rational.fromFloat(b);
      const back = x.toFloat();
      const want = a < b ? -1 : a > b ? 1 : 0;
      return (back === a && x.cmp(y) === want && y.cmp(x) === -want);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("of normalises sign and common factors", () => {
  const cases: [bigint | number, bigint | number, bigint, bigint][] = [
    [6, -4, -3n, 2n],
    [-6, -4, 3n, 2n],
    [0, -5, 0n, 1n],
    [0n, 7n, 0n, 1n],
    [4, 2, 2n, 1n],
    [-9, 3, -3n, 1n],
    [7, 1, 7n, 1n],
    [10n ** 30n, 4n * 10n ** 29n, 5n, 2n],
  ];
  for (const [n, d, wn, wd] of cases) {
    const x = Rational.of(n, d);
    assert.equal(x.num, wn, `${n}/${d}`);
    assert.equal(x.den, wd, `${n}/${d}`);
  }
  assert.equal(Rational.of(5).toString(), "5");
  assert.equal(Rational.of(-1, 3).toString(), "-1/3");
  assert.ok(Rational.of(2, 4).eq(Rational.of(-1, -2)));
  assert.equal(Rational.ZERO.toString(), "0");
  assert.equal(Rational.ONE.toString(), "1");
});

Deno.test("zero denominators, division by zero and unsafe numbers throw RangeError", () => {
  assert.throws(() => Rational.of(1, 0), RangeError);
  assert.throws(() => Rational.of(0, 0), RangeError);
  assert.throws(() => Rational.of(1n, 0n), RangeError);
  assert.throws(() => r(1).div(Rational.ZERO), RangeError);
  assert.throws(() => Rational.of(0.5), RangeError);
  assert.throws(() => Rational.of(2 ** 53), RangeError);
  assert.throws(() => Rational.of(1, NaN), RangeError);
});

Deno.test("arithmetic on small fractions", () => {
  // 1/2 + 1/3 = 3/6 + 2/6 = 5/6; 1/2 - 1/3 = 1/6; 2/3 · 3/4 = 6/12 = 1/2;
  // (1/2) / (1/4) = 2; 1/4 + 1/4 = 1/2 (same-denominator path).
  assert.equal(r(1, 2).add(r(1, 3)).toString(), "5/6");
  assert.equal(r(1, 2).sub(r(1, 3)).toString(), "1/6");
  assert.equal(r(1, 3).sub(r(1, 2)).toString(), "-1/6");
  assert.equal(r(2, 3).mul(r(3, 4)).toString(), "1/2");
  assert.equal(r(1, 2).div(r(1, 4)).toString(), "2");
  assert.equal(r(1, 2).div(r(-1, 4)).toString(), "-2");
  assert.equal(r(1, 4).add(r(1, 4)).toString(), "1/2");
  assert.equal(r(3, 7).neg().toString(), "-3/7");
  assert.equal(r(0).neg().sign(), 0);
  assert.deepEqual([r(-2, 3).sign(), r(0).sign(), r(2, 3).sign()], [-1, 0, 1]);
  assert.equal(sum([r(1, 2), r(1, 3), r(1, 6)]).toString(), "1");
  assert.equal(sum([]).toString(), "0");
  assert.equal(mean([1, 2, 3, 4].map((v) => r(v))).toString(), "5/2");
  assert.throws(() => mean([]), RangeError);
});

Deno.test("floor rounds toward minus infinity", () => {
  const cases: [Rational, bigint][] = [
    [r(7, 2), 3n],
    [r(-7, 2), -4n],
    [r(-4, 2), -2n],
    [r(-1, 3), -1n],
    [r(1, 3), 0n],
    [r(0), 0n],
    [r(-5), -5n],
    [Rational.of(-(10n ** 30n) - 1n, 10n ** 30n), -2n],
  ];
  for (const [x, want] of cases) assert.equal(x.floor(), want, x.toString());
});

Deno.test("cmp, eq and sortRationals order exactly", () => {
  // 1/3 as a double is 6004799503160661/2^54 < 1/3 (Python:
  // Fraction(1, 3) > Fraction(1/3) is True).
  const third = Rational.fromFloat(1 / 3);
  assert.equal(third.toString(), "6004799503160661/18014398509481984");
  assert.equal(r(1, 3).cmp(third), 1);
  assert.equal(third.cmp(r(1, 3)), -1);
  assert.equal(r(1, 3).toFloat(), third.toFloat());
  assert.equal(r(-1, 2).cmp(r(-1, 3)), -1);
  assert.equal(r(2, 4).cmp(r(1, 2)), 0);
  assert.ok(!r(1, 3).eq(third));
  const xs = [r(1, 3), r(-1, 2), third, r(0), r(-1, 3), r(5), r(1, 3)];
  const sorted = sortRationals(xs);
  assert.deepEqual(sorted.map(String), [
    "-1/2",
    "-1/3",
    "0",
    "6004799503160661/18014398509481984",
    "1/3",
    "1/3",
    "5",
  ]);
  assert.equal(xs[0]!.toString(), "1/3", "input left as it was");
  // Against the numeric sort of exact doubles (a numeric comparator, not the
  // default string sort that would put 10 before 9).
  const doubles = patterns.slice(0, 500).map(fromBits);
  const want = [...doubles].sort((a, b) => a - b).map(bitsOf);
  const got = sortRationals(doubles.map((x) => Rational.fromFloat(x)))
    .map((x) => x.toFloat());
  assert.deepEqual(
    got.map((x) => bitsOf(x)),
    want.map((b) => b === "8000000000000000" ? "0000000000000000" : b),
  );
});

Deno.test("quantile7 matches statistics.md §4 on 1, 2, 3, 4", () => {
  // h = 3p; p25: h = 3/4, j = 0, g = 3/4 → 1 + 3/4 = 7/4. p50: h = 3/2 →
  // 2 + 1/2 = 5/2. p75: h = 9/4 → 3 + 1/4 = 13/4. p90: h = 27/10 →
  // 3 + 7/10 = 37/10. p95: h = 57/20 → 3 + 17/20 = 77/20.
  const ys = [1, 2, 3, 4].map((v) => r(v));
  const at = (n: number, d: number) => quantile7(ys, r(n, d)).toString();
  assert.equal(at(1, 4), "7/4");
  assert.equal(at(1, 2), "5/2");
  assert.equal(at(3, 4), "13/4");
  assert.equal(at(9, 10), "37/10");
  assert.equal(at(19, 20), "77/20");
  assert.equal(at(0, 1), "1");
  assert.equal(at(1, 1), "4");
  assert.equal(quantile7(ys, r(19, 20)).toFloat(), 3.85);
  assert.equal(quantile7(ys, r(9, 10)).toFloat(), 3.7);
  // n = 1: every level gives the single value.
  for (const p of [r(0), r(1, 4), r(19, 20), r(1)]) {
    assert.equal(quantile7([r(-2, 7)], p).toString(), "-2/7");
  }
  // 1/3 and 1/2 at p = 1/2: h = 1/2 → 1/3 + (1/2)(1/6) = 5/12.
  assert.equal(quantile7([r(1, 3), r(1, 2)], r(1, 2)).toString(), "5/12");
  assert.throws(() => quantile7([], r(1, 2)), RangeError);
  assert.throws(() => quantile7(ys, r(-1, 4)), RangeError);
  assert.throws(() => quantile7(ys, r(5, 4)), RangeError);
});

Deno.test("sampleVariance is exact", () => {
  // 1, 2, 3, 4: mean 5/2, squared deviations 9/4 + 1/4 + 1/4 + 9/4 = 5,
  // divided by n - 1 = 3 → 5/3.
  assert.equal(
    sampleVariance([1, 2, 3, 4].map((v) => r(v))).toString(),
    "5/3",
  );
  // 1/2, 1/3: mean 5/12, deviations ±1/12, squares 2/144 = 1/72, n - 1 = 1.
  assert.equal(sampleVariance([r(1, 2), r(1, 3)]).toString(), "1/72");
  assert.equal(sampleVariance([r(7), r(7)]).toString(), "0");
  assert.equal(sampleVariance([1, 2, 3, 4].map((v) => r(v))).toFloat(), 5 / 3);
  assert.throws(() => sampleVariance([r(1)]), RangeError);
  assert.throws(() => sampleVariance([]), RangeError);
});

Deno.test("Rational.of: numbers give what their BigInts give, values and errors", () => {
  // The number path reduces with number arithmetic; the BigInt path is the
  // reference. Small and huge safe integers, signs, zero and -0.
  const safe = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.maxSafeInteger(),
    fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  );
  fc.assert(
    fc.property(safe, safe, (n, d) => {
      if (d === 0) {
        assert.throws(() => Rational.of(n, d), /zero denominator/);
        return;
      }
      const fast = Rational.of(n, d);
      const slow = Rational.of(BigInt(n), BigInt(d));
      assert.equal(fast.num, slow.num);
      assert.equal(fast.den, slow.den);
    }),
    { numRuns: 3000 },
  );
  assert.throws(() => Rational.of(0.5, 2), /0.5 is not a safe integer/);
  assert.throws(() => Rational.of(1, 2 ** 60), /is not a safe integer/);
  assert.throws(
    () => Rational.of(2 ** 60, 0.5),
    new RegExp(`${2 ** 60} is not`),
  );
  // Worked by hand: 6/-4 = -3/2.
  assert.deepEqual([Rational.of(6, -4).num, Rational.of(6, -4).den], [-3n, 2n]);
});
