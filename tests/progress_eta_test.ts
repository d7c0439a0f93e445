/**
 * The time-left estimate of the progress bar (issue 20), tested against a
 * recorded run rather than the clock: the processor time of every
 * bootstrap interval of `aggregate --resamples 1000000` of the public
 * suite's greedy result (tests/fixtures/bootstrap_timings_r1e6.json, made
 * by scripts/record_bootstrap_timings.ts). The run is replayed on 1, 2 and
 * 4 workers as the pool schedules it (one worker: in order; more: longest
 * first, each worker taking the next interval when it is free), the work
 * done at each moment is rebuilt (an interval's resamples come in equal
 * chunks, so its work grows linearly from its start to its end) and fed,
 * moment by moment, to the estimator the bar uses; the truth is the
 * replayed end.
 */

import assert from "node:assert/strict";
import { type ProgressPoint, rateAnchor, timeLeftMs } from "../src/cli/eta.ts";

type Interval = { n: number; work: number; cpu_ms: number };
type Fixture = { resamples: number; intervals: Interval[] };

const FIXTURE = JSON.parse(
  await Deno.readTextFile(
    new URL("./fixtures/bootstrap_timings_r1e6.json", import.meta.url),
  ),
) as Fixture;

const STEP_MS = 50;
// The bar prints whole seconds, rounded up: in the last second every
// estimate reads "~1s", so the bound is checked while a second or more is left.
const LAST_MS = 1000;

type Slot = { interval: Interval; start: number; end: number };

/** The intervals' times on `workers` workers, as the pool orders them. */
function replay(workers: number): { slots: Slot[]; end: number } {
  const { intervals } = FIXTURE;
  const order = intervals.map((_, i) => i);
  if (workers > 1) {
    order.sort((a, b) => intervals[b]!.n - intervals[a]!.n || a - b);
  }
  const free = new Array<number>(workers).fill(0);
  const slots: Slot[] = [];
  for (const i of order) {
    const w = free.indexOf(Math.min(...free));
    const interval = intervals[i]!;
    slots.push({ interval, start: free[w]!, end: free[w]! + interval.cpu_ms });
    free[w] = free[w]! + interval.cpu_ms;
  }
  return { slots, end: Math.max(...free) };
}

/** The work done `ms` into the phase, each interval weighed by `weight`. */
function workAt(
  slots: readonly Slot[],
  ms: number,
  weight: (i: Interval) => number,
): number {
  let done = 0;
  for (const { interval, start, end } of slots) {
    const share = ms >= end
      ? 1
      : ms <= start
      ? 0
      : (ms - start) / (end - start);
    done += weight(interval) * share;
  }
  return done;
}

/**
 * The largest relative error of the estimate past 10 % of the work, with
 * the moment it happened: the bar's estimator replayed over the recording.
 */
function worstError(workers: number, weight: (i: Interval) => number) {
  const { slots, end } = replay(workers);
  const total = FIXTURE.intervals.reduce((a, i) => a + weight(i), 0);
  let anchor: ProgressPoint | undefined;
  let worst = { error: 0, ms: 0, estimate: 0, truth: 0 };
  for (let ms = STEP_MS; ms < end - LAST_MS; ms += STEP_MS) {
    const point = { ms, done: workAt(slots, ms, weight) };
    anchor = rateAnchor(anchor, point, total);
    if (point.done < 0.1 * total) continue;
    const estimate = timeLeftMs(anchor, point, total);
    assert.ok(estimate !== undefined, `no estimate at ${ms} ms`);
    const truth = end - ms;
    const error = Math.abs(estimate - truth) / truth;
    if (error > worst.error) worst = { error, ms, estimate, truth };
  }
  return worst;
}

Deno.test("eta: the recording is a real R = 10^6 aggregate of the public suite", () => {
  const { intervals, resamples } = FIXTURE;
  assert.equal(resamples, 1_000_000);
  // 233 intervals: the count the issue saw as "233000000 resamples".
  assert.equal(intervals.length, 233);
  for (const i of intervals) {
    assert.ok(i.work === 0 || i.work === i.n * resamples);
    assert.ok(i.cpu_ms >= 0);
  }
  // The work differs between intervals: n from 8 (one scenario's seeds) to
  // 104 (every episode), and none for the intervals of equal values.
  const sizes = new Set(intervals.map((i) => i.n));
  assert.ok(sizes.has(8) && sizes.has(104));
  assert.ok(intervals.some((i) => i.work === 0));
  const total = intervals.reduce((a, i) => a + i.cpu_ms, 0);
  assert.ok(total > 30_000, `${total} ms`);
});

for (const workers of [1, 2, 4]) {
  Deno.test(`eta: weighed by R × n, on ${workers} worker(s), the estimate is within 25 % of the time left at every moment past 10 % of the work`, () => {
    const worst = worstError(workers, (i) => i.work);
    const text = `at ${worst.ms} ms: ${
      Math.round(worst.estimate)
    } ms left estimated, ${Math.round(worst.truth)} ms true (${
      (100 * worst.error).toFixed(1)
    } %)`;
    assert.ok(worst.error <= 0.25, text);
  });
}

Deno.test("eta: counted in resamples, as before, the same estimator misses by more than 25 %", () => {
  // What the bar counted before issue 20: R per interval, whatever its n
  // and whether its values need any draw.
  for (const workers of [1, 2, 4]) {
    const worst = worstError(workers, () => FIXTURE.resamples);
    assert.ok(
      worst.error > 0.25,
      `${workers}: ${(100 * worst.error).toFixed(1)} %`,
    );
  }
});
