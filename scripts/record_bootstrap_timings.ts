/**
 * Records how long each bootstrap interval of a real aggregate takes: the
 * public suite's greedy result at R = 1 000 000, as
 * `ember aggregate --resamples 1000000` computes it. The time-left test
 * (tests/progress_eta_test.ts) replays these timings through the pool's
 * schedule and the bar's estimator, so it tests against a real run, not
 * the clock.
 *
 *   deno run --allow-write=tests/fixtures scripts/record_bootstrap_timings.ts
 *
 * Each interval is timed in processor time, on one worker (the calling
 * thread, so the process's processor time is the interval's): on a shared
 * machine, wall time also counts whatever else takes the cores, which
 * made one interval of the same n take 13 ms or 39 ms per value in the
 * wall-clock recordings. Wall times are kept beside, for reference. It
 * takes about 80 s.
 *
 * @module
 */

import { cpuUsage } from "node:process";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";

const OUT = "tests/fixtures/bootstrap_timings_r1e6.json";
const R = 1_000_000;

const suite = publicSuite();
const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
type Timing = { n: number; work: number; cpu: number; wall: number };
const timings: Timing[] = [];
const begun = new Map<number, { cpu: NodeJS.CpuUsage; wall: number }>();
let phaseStart: number | undefined;
let phaseEnd = 0;
await aggregateStatistics(result, suite, {
  resamples: R,
  workers: 1,
  onProgress: (phase, _done, _total, bootstrap) => {
    const it = bootstrap?.interval;
    if (phase !== "bootstrap" || it === undefined) return;
    const now = performance.now();
    phaseStart ??= now;
    phaseEnd = now;
    if (it.done === 0) begun.set(it.index, { cpu: cpuUsage(), wall: now });
    if (it.done !== R) return;
    const start = begun.get(it.index)!;
    const cpu = cpuUsage(start.cpu);
    timings[it.index] = {
      n: it.n,
      work: it.work,
      cpu: (cpu.user + cpu.system) / 1000,
      wall: now - start.wall,
    };
  },
});
const round = (ms: number) => Math.round(ms * 10) / 10;
const fixture = {
  source:
    `scripts/record_bootstrap_timings.ts: aggregate of the public suite's greedy result, R = ${R}, kernel wasm, 1 worker, Deno ${Deno.version.deno}, ${
      new Date().toISOString()
    }`,
  resamples: R,
  wall_ms: round(phaseEnd - phaseStart!),
  // Per interval, in announcement order: n, work (R × n, or 0 when all its
  // values are equal), processor and wall milliseconds.
  intervals: timings.map((t) => ({
    n: t.n,
    work: t.work,
    cpu_ms: round(t.cpu),
    wall_ms: round(t.wall),
  })),
};
await Deno.writeTextFile(OUT, JSON.stringify(fixture, null, 1) + "\n");
const cpu = fixture.intervals.reduce((a, i) => a + i.cpu_ms, 0);
console.log(
  `${OUT}: ${timings.length} intervals, ${
    (cpu / 1000).toFixed(1)
  } s of processor time in ${(fixture.wall_ms / 1000).toFixed(1)} s`,
);
