/**
 * The deterministic bootstrap: stream vectors of contract §14, index draws,
 * intervals and seeds against scripts/gen_bootstrap_vectors.py (an
 * independent Python implementation: hashlib.shake_256 + fractions), and the
 * exact-versus-certified summation paths against a direct exact computation.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { quantile7, Rational, sortRationals } from "../src/exact.ts";
import {
  blockWords,
  IndexStream,
  reduceLarge,
  seedBytes,
  ShakeWordSource,
  type WordSource,
} from "../src/bootstrap/stream.ts";
import {
  bootstrapMeanInterval,
  checkResamples,
  toCommonDenominator,
} from "../src/bootstrap/interval.ts";
import { resampleSums } from "../src/bootstrap/resample.ts";
import { KERNEL_NAMES } from "../src/kernel_name.ts";
import { bootstrapSeed, type SeedInput } from "../src/statistics/seed.ts";

type Bound = { exact: string; bits: string } | null;
type Fixture = {
  streams: { seed: string; block: number; at: number[]; words: string[] }[];
  draws: { seed: string; n: number; indices: number[] }[];
  intervals: {
    name: string;
    seed_object: {
      purpose: "aggregate_mean" | "paired_mean_delta";
      evaluation_manifest_hash: string;
      result_digests: string[];
      group: [string, string];
      metric: string;
      resamples: number;
      statistics_version: string;
    };
    seed: string;
    resamples: number;
    values: string[];
    lower: Bound;
    upper: Bound;
  }[];
};

const FIXTURE = JSON.parse(
  Deno.readTextFileSync(
    new URL("./fixtures/bootstrap_vectors.json", import.meta.url),
  ),
) as Fixture;

function hex64(w: bigint): string {
  return w.toString(16).padStart(16, "0");
}

function floatBits(x: number): string {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return hex64(v.getBigUint64(0));
}

function frac(text: string): Rational {
  const [p, q] = text.split("/") as [string, string];
  return Rational.of(BigInt(p), BigInt(q));
}

Deno.test("stream: contract §14 vectors", () => {
  const zero = new ShakeWordSource(new Uint8Array(32));
  const b0 = blockWords(zero, 0);
  assert.deepEqual(
    [b0[0]!, b0[1]!, b0[2]!, b0[511]!].map(hex64),
    [
      "181ca0d786c8d43a",
      "479d008fe1e9c6ad",
      "9a03c52f68d17b3e",
      "039a9a70e7910f6e",
    ],
  );
  const b1 = blockWords(zero, 1);
  assert.deepEqual(
    [b1[0]!, b1[1]!, b1[2]!].map(hex64),
    ["4d55f8e2552f76b5", "173da12721c3020d", "6c9eba6d42c0137d"],
  );
  // SHA-256("abc"), the FIPS 180 example digest.
  const abc = seedBytes(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  const a0 = blockWords(new ShakeWordSource(abc), 0);
  assert.deepEqual(
    [a0[0]!, a0[1]!, a0[2]!].map(hex64),
    ["fcdcca8e803ddc85", "b23dd26ffaf951b1", "b950cf9b09650a04"],
  );
});

Deno.test("stream: Python blocks, including a counter above 2^32", () => {
  for (const s of FIXTURE.streams) {
    const words = blockWords(new ShakeWordSource(seedBytes(s.seed)), s.block);
    assert.deepEqual(s.at.map((i) => hex64(words[i]!)), s.words, `${s.block}`);
  }
});

Deno.test("stream: seeds and blocks are checked", () => {
  assert.throws(() => new ShakeWordSource(new Uint8Array(31)), RangeError);
  assert.throws(() => seedBytes("AB".repeat(32)), RangeError);
  const src = new ShakeWordSource(new Uint8Array(32));
  assert.throws(() => src.fill(-1, new Uint8Array(4096)), RangeError);
  assert.throws(() => src.fill(0.5, new Uint8Array(4096)), RangeError);
  assert.throws(() => new IndexStream(src, 0), RangeError);
  assert.throws(() => new IndexStream(src, 2 ** 32), RangeError);
});

Deno.test("draws: Python indices for small and large n", () => {
  for (const d of FIXTURE.draws) {
    const s = new IndexStream(new ShakeWordSource(seedBytes(d.seed)), d.n);
    const out = new Uint32Array(d.indices.length);
    s.fill(out);
    assert.deepEqual(Array.from(out), d.indices, `n = ${d.n}`);
  }
});

/** A source that serves fixed words, then zeros. */
function fixedSource(words: readonly bigint[]): WordSource {
  return {
    fill(block: number, out: Uint8Array) {
      const v = new DataView(out.buffer, out.byteOffset, 4096);
      for (let i = 0; i < 512; i++) {
        v.setBigUint64(8 * i, words[block * 512 + i] ?? 0n);
      }
    },
  };
}

/** The rule as the spec words it, on BigInt words. */
function referenceDraws(words: readonly bigint[], n: number, count: number) {
  const two64 = 1n << 64n;
  const limit = two64 - (two64 % BigInt(n));
  const out: number[] = [];
  let used = 0;
  for (const w of words) {
    if (out.length === count) break;
    used++;
    if (w < limit) out.push(Number(w % BigInt(n)));
  }
  return { out, used };
}

Deno.test("draws: rejection at the limit, words skipped, one sequence", () => {
  const max = (1n << 64n) - 1n;
  // n = 3: 2^64 mod 3 = 1, so only 2^64 − 1 is rejected.
  // n = 2^32 − 1: 2^64 ≡ 1 (mod 2^32 − 1), again only 2^64 − 1.
  // n = 3·2^30 + 7: r = 2^64 mod n is large, words just below and at the
  // limit test the low-half comparison.
  for (const n of [3, 5, 6, 2 ** 32 - 1, 3 * 2 ** 30 + 7, 2 ** 21 + 1]) {
    const r = (1n << 64n) % BigInt(n);
    const limit = (1n << 64n) - r;
    const words = [
      max,
      limit,
      limit - 1n,
      0n,
      max - 1n,
      0xffffffff00000000n,
      limit + 1n > max ? max : limit + 1n,
      (1n << 63n) + 12345n,
      0x00000000ffffffffn,
    ];
    // Spread over a block boundary: 510 filler words first.
    const all = [...Array(510).fill(7n), ...words];
    const ref = referenceDraws(all, n, 515);
    const s = new IndexStream(fixedSource(all), n);
    const got = new Uint32Array(515);
    s.fill(got);
    assert.deepEqual(Array.from(got), ref.out, `n = ${n}`);
    assert.equal(s.position, ref.used, `n = ${n}`);
  }
});

Deno.test("draws: reduction in halves equals BigInt modulo", () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
      fc.integer({ min: 1, max: 2 ** 32 - 1 }),
      (w, n) => {
        const hi = Number(w >> 32n);
        const lo = Number(w & 0xffffffffn);
        const expect = Number(w % BigInt(n));
        assert.equal(reduceLarge(hi, lo, n), expect);
        const s = new IndexStream(fixedSource([w]), n);
        const ref = referenceDraws([w, 0n], n, 1).out[0];
        assert.equal(s.next(), ref);
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("draws: seek repeats the same indices", () => {
  const src = new ShakeWordSource(seedBytes("ab".repeat(32)));
  const s = new IndexStream(src, 7);
  const first = new Uint32Array(1000);
  s.fill(first, 600);
  const mid = s.position;
  s.fill(first.subarray(600), 400);
  s.seek(mid);
  const again = new Uint32Array(400);
  s.fill(again);
  assert.deepEqual(again, first.subarray(600));
  s.seek(0);
  const start = new Uint32Array(600);
  s.fill(start);
  assert.deepEqual(start, first.subarray(0, 600));
});

Deno.test("resamples: the range [100, 1000000] of integers", () => {
  for (const bad of [99, 1000001, 2000.5, NaN, Infinity, -100, 0, "2000"]) {
    assert.throws(() => checkResamples(bad), RangeError, String(bad));
  }
  for (const good of [100, 2000, 1000000]) {
    assert.equal(checkResamples(good), good);
  }
  const xs = [1, 2, 3, 4, 5].map((v) => Rational.of(v));
  const seed = new Uint8Array(32);
  assert.throws(() => bootstrapMeanInterval(xs, { resamples: 99, seed }));
  // Refused even when n < 5 would give null.
  assert.throws(() => bootstrapMeanInterval([], { resamples: 2.5, seed }));
});

for (const c of FIXTURE.intervals) {
  for (const kernel of KERNEL_NAMES) {
    Deno.test(`interval (${kernel}): ${c.name} matches the Python reference`, async () => {
      const o = c.seed_object;
      const input: SeedInput = {
        purpose: o.purpose,
        evaluationManifestHash: o.evaluation_manifest_hash,
        resultDigests: o.result_digests,
        group: o.group,
        metric: o.metric,
        resamples: o.resamples,
      };
      assert.equal(await bootstrapSeed(input), c.seed);
      const progress: number[] = [];
      const ci = bootstrapMeanInterval(c.values.map(frac), {
        resamples: c.resamples,
        seed: seedBytes(c.seed),
        kernel,
        onProgress: (done, total) => {
          assert.equal(total, c.resamples);
          progress.push(done);
        },
      });
      if (c.lower === null || c.upper === null) {
        assert.equal(ci, null);
        return;
      }
      assert.ok(ci !== null);
      assert.equal(ci.lower.toString(), frac(c.lower.exact).toString());
      assert.equal(ci.upper.toString(), frac(c.upper.exact).toString());
      assert.equal(floatBits(ci.lower.toFloat()), c.lower.bits);
      assert.equal(floatBits(ci.upper.toFloat()), c.upper.bits);
      assert.equal(progress.at(-1), c.resamples);
    });
  }
}

/** The spec done directly: exact mean per resample, exact sort, type 7. */
function directInterval(xs: Rational[], R: number, source: WordSource) {
  const s = new IndexStream(source, xs.length);
  const means: Rational[] = [];
  const picks = new Uint32Array(xs.length);
  for (let r = 0; r < R; r++) {
    s.fill(picks);
    let t = Rational.ZERO;
    for (const i of picks) t = t.add(xs[i]!);
    means.push(t.div(Rational.of(xs.length)));
  }
  const sorted = sortRationals(means);
  return {
    lower: quantile7(sorted, Rational.of(1, 40)),
    upper: quantile7(sorted, Rational.of(39, 40)),
  };
}

Deno.test("interval: certified path equals the direct exact computation", () => {
  const value = fc.oneof(
    // Large denominators force the certified (approximate) path.
    fc.tuple(
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      fc.bigInt({ min: 1n, max: 10n ** 25n }),
    ),
    // Three distinct values whose scaled numerators pass 2^53: the
    // certified path with many ties among the resample sums.
    fc.constantFrom<[bigint, bigint]>(
      [10n ** 20n, 3n ** 40n],
      [-(10n ** 20n), 3n ** 40n],
      [1n, 3n ** 40n],
    ),
    // 1 + k/2^60: distinct values that round to few doubles, so the
    // approximate sums misorder resamples and only the window saves them.
    fc.integer({ min: -64, max: 64 }).map((k): [bigint, bigint] => [
      (1n << 60n) + BigInt(k),
      1n << 60n,
    ]),
  );
  fc.assert(
    fc.property(
      fc.array(value, { minLength: 5, maxLength: 12 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      fc.integer({ min: 100, max: 160 }),
      (pairs, seedInt, R) => {
        const xs = pairs.map(([p, q]) => Rational.of(p, q));
        const seed = new Uint8Array(32);
        new DataView(seed.buffer).setUint32(0, seedInt);
        const want = directInterval(xs, R, new ShakeWordSource(seed));
        for (const kernel of KERNEL_NAMES) {
          const got = bootstrapMeanInterval(xs, {
            resamples: R,
            seed,
            kernel,
          })!;
          assert.equal(got.lower.toString(), want.lower.toString(), kernel);
          assert.equal(got.upper.toString(), want.upper.toString(), kernel);
        }
      },
    ),
    { numRuns: 100, endOnFailure: true },
  );
});

Deno.test("interval: exact-sum path equals the direct exact computation", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -50, max: 50 }), {
        minLength: 5,
        maxLength: 30,
      }),
      fc.integer({ min: 1, max: 60 }),
      (nums, den) => {
        const xs = nums.map((p) => Rational.of(p, den));
        const seed = seedBytes("5a".repeat(32));
        const want = directInterval(xs, 101, new ShakeWordSource(seed));
        for (const kernel of KERNEL_NAMES) {
          const got = bootstrapMeanInterval(xs, {
            resamples: 101,
            seed,
            kernel,
          })!;
          assert.equal(got.lower.toString(), want.lower.toString(), kernel);
          assert.equal(got.upper.toString(), want.upper.toString(), kernel);
        }
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("kernel: sums are exact integers and starts are stream positions", () => {
  const src = new ShakeWordSource(new Uint8Array(32));
  const values = Float64Array.of(1, 10, 100, 1000, 10000);
  const sums = new Float64Array(4);
  const starts = new Float64Array(4);
  resampleSums(values, new IndexStream(src, 5), sums, starts, 0, 4);
  // Words are accepted at 5 per resample (rejection at n = 5 needs a word of
  // 2^64 − 1): starts are 0, 5, 10, 15.
  assert.deepEqual(Array.from(starts), [0, 5, 10, 15]);
  const words = blockWords(src, 0);
  for (let r = 0; r < 4; r++) {
    let s = 0;
    for (let i = 0; i < 5; i++) s += values[Number(words[5 * r + i]! % 5n)]!;
    assert.equal(sums[r], s);
  }
});

Deno.test("seed: every field of the seed object changes the stream", async () => {
  const base: SeedInput = {
    purpose: "aggregate_mean",
    evaluationManifestHash: "a".repeat(64),
    resultDigests: ["b".repeat(64)],
    group: ["overall", "overall"],
    metric: "casualty_rate",
    resamples: 2000,
  };
  const s0 = await bootstrapSeed(base);
  const variants: SeedInput[] = [
    { ...base, resamples: 2001 },
    { ...base, resultDigests: ["c".repeat(64)] },
    { ...base, evaluationManifestHash: "d".repeat(64) },
    { ...base, group: ["scenario", "overall"] },
    { ...base, metric: "stranded_rate" },
  ];
  for (const v of variants) assert.notEqual(await bootstrapSeed(v), s0);
  const ab: SeedInput = {
    ...base,
    purpose: "paired_mean_delta",
    resultDigests: ["1".repeat(64), "2".repeat(64)],
  };
  const ba: SeedInput = {
    ...ab,
    resultDigests: ["2".repeat(64), "1".repeat(64)],
  };
  const sab = await bootstrapSeed(ab);
  const sba = await bootstrapSeed(ba);
  assert.notEqual(sab, sba);
  const wab = blockWords(new ShakeWordSource(seedBytes(sab)), 0);
  const wba = blockWords(new ShakeWordSource(seedBytes(sba)), 0);
  assert.notEqual(wab[0], wba[0]);
  assert.throws(
    () => bootstrapSeed({ ...base, resultDigests: [] }),
    RangeError,
  );
});

Deno.test("common denominator: exact scaling", () => {
  const xs = [Rational.of(1, 6), Rational.of(-3, 4), Rational.of(5)];
  const s = toCommonDenominator(xs);
  assert.equal(s.den, 12n);
  assert.deepEqual(s.nums, [2n, -9n, 60n]);
});
