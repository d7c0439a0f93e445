/**
 * Intervals on workers: the artifacts are the same bytes for any number of
 * workers and for either kernel, progress counts resamples up to the
 * total, and bad options or a failing interval are reported.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { computeIntervals, IntervalPool } from "../src/bootstrap/pool.ts";
import { WideIntegers } from "../src/bootstrap/wide.ts";
import type { BootstrapInterval } from "../src/bootstrap/interval.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { pairedStatistics } from "../src/statistics/paired.ts";
import { evaluate, testSuite } from "./_stats_fixtures.ts";

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const RANDOM = await evaluate(SUITE, "random", "random");
const R = 300;

Deno.test("aggregate: the same bytes for 1, 2 and 3 workers and both kernels", async () => {
  const run = async (kernel: "wasm" | "reference", workers: number) =>
    encode(
      await aggregateStatistics(GREEDY, SUITE, {
        resamples: R,
        kernel,
        workers,
      }),
    );
  const base = await run("reference", 1);
  for (
    const [kernel, workers] of [["wasm", 1], ["wasm", 2], ["wasm", 3], [
      "reference",
      2,
    ]] as const
  ) {
    assert.equal(await run(kernel, workers), base, `${kernel}, ${workers}`);
  }
});

Deno.test("paired: the same bytes for 1 and 2 workers and both kernels", async () => {
  const run = async (kernel: "wasm" | "reference", workers: number) =>
    encode(
      await pairedStatistics(GREEDY, RANDOM, SUITE, {
        resamples: R,
        kernel,
        workers,
      }),
    );
  const base = await run("reference", 1);
  assert.equal(await run("wasm", 2), base);
  assert.equal(await run("wasm", 1), base);
});

Deno.test("aggregate: bootstrap progress in resamples rises to R per interval", async () => {
  for (const workers of [1, 2]) {
    const seen: [number, number][] = [];
    const art = await aggregateStatistics(GREEDY, SUITE, {
      resamples: R,
      workers,
      onProgress: (phase, done, total) => {
        if (phase === "bootstrap") seen.push([done, total]);
      },
    }) as Record<string, JsonValue>;
    let intervals = 0;
    const groups = [
      art.overall,
      ...(art.scenarios as JsonValue[]),
      ...(art.families as JsonValue[]),
    ];
    for (const g of groups as { metrics: { mean_ci: unknown }[] }[]) {
      for (const m of g.metrics) if (m.mean_ci !== null) intervals++;
    }
    assert.ok(intervals > 10);
    for (const [, total] of seen) assert.equal(total, intervals * R);
    for (let i = 1; i < seen.length; i++) {
      assert.ok(seen[i]![0] >= seen[i - 1]![0]);
    }
    assert.deepEqual(seen.at(-1), [intervals * R, intervals * R]);
  }
});

Deno.test("statistics: bad workers or kernel are refused before any work", async () => {
  for (const workers of [0, -1, 1.5, NaN]) {
    await assert.rejects(
      aggregateStatistics({}, SUITE, { resamples: R, workers }),
      RangeError,
    );
  }
  await assert.rejects(
    // deno-lint-ignore no-explicit-any
    pairedStatistics({}, {}, SUITE, { kernel: "fast" as any }),
    RangeError,
  );
});

Deno.test("pool: an interval that fails in a worker rejects the whole call", async () => {
  const good = {
    nums: [1n, 2n, 3n, 4n, 5n],
    den: 1n,
    resamples: 100,
    seed: new Uint8Array(32),
  };
  const bad = { ...good, nums: [1n, 2n] };
  await assert.rejects(
    computeIntervals([good, bad, good], { kernel: "wasm", workers: 2 }),
    /fewer than 5 values/,
  );
});

Deno.test("packed values: a BigInt64Array or WideIntegers job gives the interval of its bigint[], on a worker and here, both kernels", async () => {
  // Small integers (the exact double path), values near 2^62, whose sums
  // pass 2^53 (the certified path, which re-reads the values as BigInts),
  // and values of about 200 bits, which only words hold (the certified
  // path's sums added word by word).
  const cases = [
    Array.from({ length: 40 }, (_, i) => BigInt((i * 7919) % 23) - 11n),
    Array.from({ length: 40 }, (_, i) => (1n << 62n) - BigInt(i * i * 977)),
    Array.from(
      { length: 60 },
      (_, i) => ((1n << 199n) * BigInt((i * 7919) % 31)) / 17n - BigInt(i * i),
    ),
  ];
  for (const nums of cases) {
    const wide = nums.some((a) => a >= 1n << 63n);
    const job = (packed: boolean) => ({
      nums: !packed
        ? nums
        : wide
        ? WideIntegers.of(nums)
        : BigInt64Array.from(nums),
      den: 3n,
      resamples: 200,
      seed: new Uint8Array(32).fill(7),
    });
    for (const kernel of ["wasm", "reference"] as const) {
      const [plain] = await computeIntervals([job(false)], {
        kernel,
        workers: 1,
      });
      for (const workers of [1, 2]) {
        const packed = await computeIntervals([job(true), job(true)], {
          kernel,
          workers,
        });
        for (const ci of packed) {
          assert.equal(ci.lower.cmp(plain!.lower), 0, `${kernel} ${workers}`);
          assert.equal(ci.upper.cmp(plain!.upper), 0, `${kernel} ${workers}`);
        }
      }
    }
  }
});

Deno.test("pool: values handed over go to a worker as they are (detached here), with the intervals of a copy; a view of a larger buffer is copied", async () => {
  const nums = Array.from({ length: 50 }, (_, i) => BigInt((i * 31) % 17) - 8n);
  const wideNums = nums.map((a) => a << 100n);
  const seed = new Uint8Array(32).fill(3);
  const jobs = () => {
    const shared = new BigInt64Array(2 * nums.length);
    shared.set(nums, nums.length);
    return [
      BigInt64Array.from(nums),
      WideIntegers.of(wideNums),
      // The second half of a larger buffer.
      shared.subarray(nums.length),
    ].map((values) => ({ nums: values, den: 7n, resamples: 150, seed }));
  };
  const want = await computeIntervals(jobs(), { kernel: "wasm", workers: 1 });
  const handed = jobs();
  const got = new Map<number, BootstrapInterval>();
  const pool = new IntervalPool(
    { kernel: "wasm", workers: 2 },
    (id, ci) => got.set(id, ci),
  );
  try {
    handed.forEach((job, id) => pool.submit(id, job, true));
    await pool.finish();
  } finally {
    pool.close();
  }
  for (const [id, ci] of want.entries()) {
    assert.equal(got.get(id)!.lower.cmp(ci.lower), 0, `job ${id}`);
    assert.equal(got.get(id)!.upper.cmp(ci.upper), 0, `job ${id}`);
  }
  const [whole, wide, view] = handed.map((j) => j.nums) as [
    BigInt64Array,
    WideIntegers,
    BigInt64Array,
  ];
  assert.equal(whole.buffer.byteLength, 0);
  assert.equal(wide.words.buffer.byteLength, 0);
  assert.equal(wide.negative.buffer.byteLength, 0);
  assert.equal(view.length, nums.length);
  assert.deepEqual([...view], nums);
  // Not handed over: kept.
  const kept = jobs();
  await computeIntervals(kept, { kernel: "wasm", workers: 2 });
  assert.deepEqual([...(kept[0]!.nums as BigInt64Array)], nums);
});
