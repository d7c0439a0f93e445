// Cost of simulating, replaying and measuring the public suite with the
// greedy policy, relative to simulation alone (the baseline), in one process.
import { episodeMetrics } from "../src/metrics/episode.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { replayCheck } from "../src/record/replay.ts";
import { scenarioHash } from "../src/scenario/scenario.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import type { RunRecord, Scenario } from "../src/types.ts";

const suite = publicSuite();
const greedy = builtinPolicy("greedy");
const jobs: { scenario: Scenario; seed: number; hash: string }[] = [];
for (const { scenario, seeds } of suite.scenarios) {
  const hash = await scenarioHash(scenario);
  for (const seed of seeds) jobs.push({ scenario, seed, hash });
}
const records: RunRecord[] = [];
for (const j of jobs) {
  records.push(
    await simulateEpisode(j.scenario, j.seed, greedy(j.seed), {
      scenarioHash: j.hash,
    }),
  );
}

Deno.bench("simulate the public suite (greedy)", {
  group: "suite",
  baseline: true,
}, async () => {
  for (const j of jobs) {
    await simulateEpisode(j.scenario, j.seed, greedy(j.seed), {
      scenarioHash: j.hash,
    });
  }
});

Deno.bench("replay-check every record", { group: "suite" }, async () => {
  for (let i = 0; i < jobs.length; i++) {
    await replayCheck(jobs[i]!.scenario, records[i]!, {
      scenarioHash: jobs[i]!.hash,
    });
  }
});

Deno.bench("episode metrics of every record", { group: "suite" }, async () => {
  for (let i = 0; i < jobs.length; i++) {
    await episodeMetrics(jobs[i]!.scenario, records[i]!);
  }
});
