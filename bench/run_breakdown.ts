/**
 * Where the time of `runEvaluation` (the public suite, one built-in policy)
 * goes, piece by piece, under both kernels: each piece is timed alone over
 * the 104 episodes, on inputs collected from a first run, and the best of
 * `REPEATS` rounds is kept. The pieces of a kernel add up to about its
 * whole run (the rest is the runner's own work and collection).
 *
 *   deno run bench/run_breakdown.ts [POLICY] [REPEATS]
 *
 * @module
 */

import { runEvaluation } from "../src/evaluation/runner.ts";
import { producedRecordMetrics } from "../src/metrics/episode.ts";
import { traceMetrics } from "../src/metrics/trace_metrics.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { type CompiledScenario, compileScenario } from "../src/sim/compiled.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { buildManifest, manifestHash } from "../src/scenario/suite.ts";
import { kernelEpisode } from "../src/replay/episode.ts";
import { wasmTrace } from "../src/replay/session.ts";
import { type Controller, simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import type { ActionLog, Trace } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import type { Observation, RunRecord } from "../src/types.ts";

const policy = Deno.args[0] ?? "greedy";
const REPEATS = Number(Deno.args[1] ?? 15);
const suite = publicSuite();
const factory = builtinPolicy(policy);

type Job = {
  compiled: CompiledScenario;
  seed: number;
  observations: Observation[];
  record: RunRecord;
  log: ActionLog;
  trace: Trace;
};
const jobs: Job[] = [];
for (const { scenario, seeds } of suite.scenarios) {
  const compiled = await compileScenario(scenario);
  for (const seed of seeds) {
    const observations: Observation[] = [];
    const inner = factory(seed, undefined, compiled);
    const { record, log, trace } = await kernelEpisode(
      compiled,
      seed,
      (obs, context) => {
        observations.push(obs);
        return inner(obs, context);
      },
    );
    jobs.push({ compiled, seed, observations, record, log, trace });
  }
}

/** Best time in ms of `REPEATS` rounds of `f`. */
async function best(f: () => unknown): Promise<number> {
  let min = Infinity;
  for (let r = 0; r < REPEATS + 2; r++) {
    const t = performance.now();
    await f();
    const ms = performance.now() - t;
    if (r >= 2) min = Math.min(min, ms);
  }
  return min;
}

const controllerOf = (j: Job): Controller =>
  factory(j.seed, undefined, j.compiled);
// What the stepping costs without the policy: each step answers the
// actions the policy answered, from a table.
const replayer = (j: Job): Controller => {
  const steps = j.record.steps;
  return (_obs, { step }) => steps[step]!.actions;
};

const rows: [string, number][] = [];
const row = async (name: string, f: () => unknown) =>
  rows.push([name, await best(f)]);

await row(
  `runEvaluation, kernel wasm`,
  () => runEvaluation(suite, policy, { modelId: policy, kernel: "wasm" }),
);
await row(
  `runEvaluation, kernel reference`,
  () => runEvaluation(suite, policy, { modelId: policy, kernel: "reference" }),
);
await row("setup: manifest, its hash, compiled scenarios", async () => {
  const m = await buildManifest(suite);
  await manifestHash(m);
  for (const { scenario } of suite.scenarios) await compileScenario(scenario);
});
await row(`policy ${policy} alone, on the recorded observations`, async () => {
  for (const j of jobs) {
    const c = controllerOf(j);
    for (const obs of j.observations) {
      await c(obs, { seed: j.seed, step: obs.step });
    }
  }
});
await row(
  "kernel episodes, answers from a table (observations, checks, steps, record)",
  async () => {
    for (const j of jobs) await kernelEpisode(j.compiled, j.seed, replayer(j));
  },
);
await row("  of which: the kernel's trace of the log (wasmTrace)", () => {
  for (const j of jobs) wasmTrace(layoutOf(j.compiled.scenario), j.seed, j.log);
});
await row("  of which: recordOfTrace", () => {
  for (const j of jobs) {
    recordOfTrace(
      layoutOf(j.compiled.scenario),
      j.record.header,
      j.log,
      j.trace,
    );
  }
});
await row("traceMetrics (the metrics over the trace)", () => {
  for (const j of jobs) traceMetrics(j.compiled, j.seed, j.log, j.trace);
});
await row("simulateEpisode, answers from a table (reference)", async () => {
  for (const j of jobs) {
    await simulateEpisode(j.compiled.scenario, j.seed, replayer(j), {
      scenarioHash: j.compiled.hash,
    });
  }
});
await row("producedRecordMetrics (stage 2 and metrics on the record)", () => {
  for (const j of jobs) producedRecordMetrics(j.compiled, j.record);
});

const steps = jobs.reduce((a, j) => a + j.trace.steps, 0);
console.log(
  `${policy}: ${jobs.length} episodes, ${steps} steps, ${
    jobs.reduce((a, j) => a + j.log.codes.length, 0)
  } person-steps; best of ${REPEATS} rounds, ms per suite`,
);
for (const [name, ms] of rows) {
  console.log(`${ms.toFixed(1).padStart(7)}  ${name}`);
}
// The ratio of the two runs' best rounds (the bench gives the means').
const of = (prefix: string) => rows.find(([n]) => n.startsWith(prefix))![1];
console.log(
  `reference / kernel = ${
    (of("runEvaluation, kernel reference") / of("runEvaluation, kernel wasm"))
      .toFixed(2)
  }x (best rounds)`,
);
