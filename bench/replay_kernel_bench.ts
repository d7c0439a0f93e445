// Replay of the whole public suite (every episode of greedy and random):
// the TypeScript reference path (replayActions, which builds the record),
// the reference trace (stepCore alone) and the WebAssembly kernel's trace,
// in one run. Deno's summary gives the ratios against the baseline; the
// person-steps printed below (one per log entry) turn each time per
// iteration into person-steps per second.
//
//   deno bench bench/replay_kernel_bench.ts
import { builtinPolicy } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { replayTrace } from "../src/replay/session.ts";
import { scenarioHash } from "../src/scenario/scenario.ts";
import { replayActions, simulateEpisode } from "../src/sim/simulator.ts";
import { type Layout, layoutOf } from "../src/sim/layout.ts";
import { type ActionLog, actionLogOf } from "../src/sim/trace.ts";
import type { Action, Scenario } from "../src/types.ts";

type Job = {
  scenario: Scenario;
  layout: Layout;
  seed: number;
  hash: string;
  actions: Record<string, Action>[];
  log: ActionLog;
};

const jobs: Job[] = [];
for (const policy of ["greedy", "random"]) {
  const factory = builtinPolicy(policy);
  for (const { scenario, seeds } of publicSuite().scenarios) {
    const hash = await scenarioHash(scenario);
    const layout = layoutOf(scenario);
    for (const seed of seeds) {
      const record = await simulateEpisode(scenario, seed, factory(seed), {
        scenarioHash: hash,
      });
      const actions = record.steps.map((s) => ({ ...s.actions }));
      jobs.push({
        scenario,
        layout,
        seed,
        hash,
        actions,
        log: actionLogOf(layout.ids, actions),
      });
    }
  }
}
const personSteps = jobs.reduce((n, j) => n + j.log.codes.length, 0);
console.log(
  `${jobs.length} episodes, ${personSteps} person-steps per iteration`,
);

Deno.bench("reference path: replayActions (builds the record)", {
  group: "replay",
  baseline: true,
}, () => {
  for (const j of jobs) replayActions(j.scenario, j.seed, j.actions, j.hash);
});

Deno.bench("reference trace: stepCore", { group: "replay" }, () => {
  for (const j of jobs) {
    replayTrace(j.layout, j.seed, j.log, { kernel: "reference" });
  }
});

Deno.bench("kernel trace: assembly/replay.ts", { group: "replay" }, () => {
  for (const j of jobs) {
    replayTrace(j.layout, j.seed, j.log, { kernel: "wasm" });
  }
});
