/**
 * The bootstrap's progress in the units the user asked for (issue 20):
 * intervals done of all, R resamples each, and the work (R × n, none for
 * an interval whose values are all equal) that drives the bar and the
 * estimate. The expected counts are taken from the artifact itself: every
 * non-null `mean_ci` is an interval, its n is `observed - undefined`, and
 * its values are all equal when `min` is `max`.
 */

import assert from "node:assert/strict";
import type { JsonValue } from "../src/json/canonical.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import type { BootstrapProgress } from "../src/statistics/artifact.ts";
import { statisticsProgress } from "../src/cli/progress.ts";
import { computeIntervals } from "../src/bootstrap/pool.ts";
import { evaluate, testSuite } from "./_stats_fixtures.ts";

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const R = 200;

type Metric = {
  observed: number;
  undefined: number;
  statistics: { min: { value: number } | null; max: { value: number } | null };
  mean_ci: unknown;
};

Deno.test("bootstrap progress: intervals of R resamples, and work in R × n that ends at its total", async () => {
  for (const workers of [1, 2]) {
    const seen: BootstrapProgress[] = [];
    const art = await aggregateStatistics(GREEDY, SUITE, {
      resamples: R,
      workers,
      onProgress: (phase, _done, _total, bootstrap) => {
        if (phase !== "bootstrap") return;
        assert.ok(bootstrap !== undefined, "a bootstrap call without detail");
        seen.push(bootstrap);
      },
    }) as Record<string, JsonValue>;
    let intervals = 0;
    let equalValues = 0;
    let work = 0;
    const groups = [
      art.overall,
      ...(art.scenarios as JsonValue[]),
      ...(art.families as JsonValue[]),
    ] as unknown as { metrics: Metric[] }[];
    for (const g of groups) {
      for (const m of g.metrics) {
        if (m.mean_ci === null) continue;
        intervals++;
        const equal = m.statistics.min!.value === m.statistics.max!.value;
        if (equal) equalValues++;
        else work += R * (m.observed - m.undefined);
      }
    }
    // Both kinds occur: intervals that draw, and intervals of equal values.
    assert.ok(intervals > 10 && work > 0 && equalValues > 0, `${equalValues}`);
    const last = seen.at(-1)!;
    assert.deepEqual(last, {
      resamples: R,
      intervals,
      intervalsDone: intervals,
      work,
      workDone: work,
    });
    // From the second call on the total is the real work; it only grows.
    for (const [i, p] of seen.entries()) {
      assert.equal(p.resamples, R);
      assert.equal(p.intervals, intervals);
      if (i > 0) {
        assert.equal(p.work, work);
        assert.ok(p.workDone >= seen[i - 1]!.workDone);
        assert.ok(p.intervalsDone >= seen[i - 1]!.intervalsDone);
      }
    }
    // What the bar prints of it: the intervals and R, not R × intervals.
    const state = statisticsProgress("bootstrap", 0, 0, last);
    assert.equal(
      state.counts,
      `${intervals}/${intervals} intervals of ${R} resamples`,
    );
    assert.deepEqual([state.done, state.total], [work, work]);
  }
});

Deno.test("pool: each job reports its start (0), then its resamples up to R; with workers, the longest start first", async () => {
  const job = (n: number, resamples: number) => ({
    nums: Array.from({ length: n }, (_, i) => BigInt(i % 3)),
    den: 1n,
    resamples,
    seed: new Uint8Array(32),
  });
  // n = 5, 40, 9: with 2 workers, by n: job 1 (n 40), job 2 (9), job 0 (5).
  const jobs = [job(5, 5000), job(40, 5000), job(9, 5000)];
  for (const workers of [1, 2]) {
    const events = new Map<number, number[]>();
    const starts: number[] = [];
    await computeIntervals(jobs, {
      kernel: "wasm",
      workers,
      onProgress: (id, done) => {
        if (done === 0) starts.push(id);
        events.set(id, [...(events.get(id) ?? []), done]);
      },
    });
    assert.deepEqual(starts, workers === 1 ? [0, 1, 2] : [1, 2, 0]);
    for (const [id, seen] of events) {
      assert.equal(seen[0], 0, `${id}`);
      assert.equal(seen.at(-1), 5000, `${id}`);
      // 5000 resamples come in chunks of 4096: 0, 4096, 5000.
      assert.deepEqual(seen, [0, 4096, 5000], `${id}`);
    }
  }
});
