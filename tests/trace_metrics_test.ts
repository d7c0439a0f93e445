/**
 * The trace path of the episode metrics (`traceMetrics`) against the record
 * path (`computeMetrics` of the record that `recordOfTrace` rebuilds from
 * the same trace, itself held to the Python reference by
 * metrics_reference_test.ts): the dictionary's canonical text, its typed
 * values (a float is not an integer) and every exact statistics value, on
 * every fixture record, on the public suite under the four built-in
 * policies, and on random scenarios and action logs. One small episode is
 * checked against values worked out by hand.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { encode, type JsonObject, parse } from "../src/json/canonical.ts";
import { rootCtx } from "../src/json/fields.ts";
import { MetricsInputError } from "../src/errors.ts";
import { computeMetrics } from "../src/metrics/episode.ts";
import { checkStructure } from "../src/metrics/checks/stages.ts";
import { STATISTICS_METRICS } from "../src/metrics/statistics_metrics.ts";
import { traceMetrics } from "../src/metrics/trace_metrics.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { compileScenario } from "../src/sim/compiled.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { replayTrace } from "../src/replay/session.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import type { RunRecord, Scenario } from "../src/types.ts";
import { episodeInputs, episodeOf } from "./replay_inputs.ts";
import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { authenticRecord, f, makeScenario, typed } from "./metrics_support.ts";

const ctx = rootCtx(MetricsInputError);

/**
 * Both paths on the replay of `record`'s action log (by the replay kernel,
 * as verification replays it); throws unless they agree. Returns the trace
 * path's dictionary.
 */
async function assertPathsAgree(
  scenario: Scenario,
  record: RunRecord,
  what: string,
): Promise<JsonObject> {
  const c = await compileScenario(scenario);
  const layout = layoutOf(c.scenario);
  const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
  const seed = record.header.seed;
  const trace = replayTrace(layout, seed, log, { kernel: "wasm" });
  const rebuilt = recordOfTrace(layout, record.header, log, trace);
  const reference = computeMetrics(c, rebuilt, ctx);
  const fast = traceMetrics(c, seed, log, trace);
  // The replay gives the record back, so its metrics are the record's too.
  assert.equal(
    encode(computeMetrics(c, record, ctx).metrics),
    encode(reference.metrics),
    what,
  );
  assert.equal(encode(fast.metrics), encode(reference.metrics), what);
  assert.deepStrictEqual(typed(fast.metrics), typed(reference.metrics), what);
  assert.deepStrictEqual(
    Object.keys(fast.exact).sort(),
    [...STATISTICS_METRICS].sort(),
    what,
  );
  for (const m of STATISTICS_METRICS) {
    const a = fast.exact[m];
    const b = reference.exact[m];
    assert.ok(
      a === null ? b === null : b !== null && a.num === b.num &&
        a.den === b.den,
      `${what}: ${m} ${a} != ${b}`,
    );
  }
  return fast.metrics;
}

Deno.test("trace metrics: one episode worked out by hand", async () => {
  // "x a b F": a steps onto the exit; b is blocked by the edge, then by
  // the fire (enter_fire blocked, no spread), then moves and is stranded
  // at the horizon H = 3.
  const scenario = makeScenario({
    grid: ["...."],
    exits: [["x", [0, 0]]],
    people: [["b", [0, 2]], ["a", [0, 1]]],
    ignitions: [[0, 3]],
    maxSteps: 3,
  });
  const record = await authenticRecord(scenario, 9, [
    { a: "west", b: "north" },
    { b: "east" },
    { b: "west" },
  ]);
  const got = await assertPathsAgree(scenario, record, "hand");
  const c = await compileScenario(scenario);
  const person = {
    casualty_cause: null,
    stay_actions: 0,
    cells_moved: 1,
  };
  const expected: JsonObject = {
    metrics_version: "1.0",
    scenario_id: "test",
    scenario_hash: c.hash,
    seed: 9,
    safety: {
      population: 2,
      evacuated: 1,
      casualties: 0,
      stranded: 1,
      evacuated_rate: f(0.5),
      casualty_rate: f(0),
      stranded_rate: f(0.5),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 3,
      max_steps: 3,
      evacuees: 1,
      non_evacuees: 1,
      evacuation_steps: [1],
      first_evacuation_step: 1,
      last_evacuation_step: 1,
      mean_evacuation_step: f(1),
      median_evacuation_step: f(1),
      // τ_a = 1, τ_b = H = 3.
      person_time_to_safety_total: 4,
      mean_person_time_to_safety: f(2),
    },
    movement: {
      decisions: 4,
      stay_actions: 0,
      movement_attempts: 4,
      successful_moves: 2,
      blocked_moves: 2,
      blocked_by_outcome: {
        boundary: 1,
        wall: 0,
        fire: 1,
        occupied: 0,
        conflict: 0,
        cycle: 0,
      },
      congestion_blocks: 0,
      stay_rate: f(0),
      blocked_rate: f(0.5),
      congestion_block_rate: f(0),
    },
    path_efficiency: {
      evacuees_measured: 1,
      total_cells_moved: 1,
      total_static_lower_bound: 1,
      aggregate_path_efficiency: f(1),
      mean_path_efficiency: f(1),
      mean_detour_ratio: f(1),
    },
    fire_exposure: {
      // s_0: a at distance 2, b at 1; s_1, s_2: b at 1; s_3: b at 2.
      active_person_states: 5,
      person_states_with_fire: 5,
      person_states_without_fire: 0,
      distance_histogram: { "1": 3, "2": 2 },
      adjacent_person_states: 3,
      min_fire_distance: 1,
      exposure_total: f(4), // 3/1 + 2/2
      mean_exposure: f(0.8),
    },
    exits: {
      exit_count: 1,
      exits_used: 1,
      evacuations_per_exit: { x: 1 },
      exit_shares: { x: f(1) },
      max_exit_share: f(1),
      exit_balance: null, // K = 1
    },
    replanning: {
      blocked_events: 2,
      blocks_with_next_decision: 2,
      blocks_without_next_decision: 0,
      moved_after_block: 1,
      blocked_after_block: 1,
      stayed_after_block: 0,
      action_changed_after_block: 2, // north → east → west
      max_consecutive_blocks: 2,
      recovery_proxy_rate: f(0.5),
      repeated_block_proxy_rate: f(0.5),
      action_change_proxy_rate: f(1),
    },
    people: [
      {
        ...person,
        person_id: "a",
        initial_position: [0, 1],
        final_position: [0, 0],
        status: "evacuated",
        resolution_step: 1,
        exit_id: "x",
        decisions: 1,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 1,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: 2,
        fire_exposure: f(0.5),
      },
      {
        ...person,
        person_id: "b",
        initial_position: [0, 2],
        final_position: [0, 1],
        status: "active",
        resolution_step: null,
        exit_id: null,
        decisions: 3,
        blocked_moves: 2,
        max_consecutive_blocks: 2,
        time_to_safety: 3,
        static_exit_distance: 2,
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: 1,
        fire_exposure: f(3.5), // 1 + 1 + 1 + 1/2
      },
    ],
  };
  assert.deepStrictEqual(typed(got), typed(expected));
  const { exact } = traceMetrics(
    c,
    9,
    actionLogOf(["a", "b"], record.steps.map((s) => s.actions)),
    replayTrace(
      layoutOf(c.scenario),
      9,
      actionLogOf(["a", "b"], record.steps.map((s) => s.actions)),
    ),
  );
  assert.deepStrictEqual(
    Object.fromEntries(STATISTICS_METRICS.map((m) => [m, String(exact[m])])),
    {
      evacuated_rate: "1/2",
      casualty_rate: "0",
      stranded_rate: "1/2",
      terminal_trapped_rate: "0",
      mean_person_time_to_safety: "2",
      blocked_rate: "1/2",
      congestion_block_rate: "0",
      aggregate_path_efficiency: "1",
      mean_exposure: "4/5",
      exits_used: "1",
      max_exit_share: "1",
      exit_balance: "null",
    },
  );
});

Deno.test("trace metrics = record metrics on every fixture record", async () => {
  const dir = new URL("./fixtures/", import.meta.url);
  const read = async (path: string) =>
    parse(await Deno.readTextFile(new URL(path, dir)));
  let count = 0;
  // Random episodes of the Python reference, and the simulator cases.
  for (const file of ["metrics/random_episodes.json", "simulator_cases.json"]) {
    const episodes = await read(file) as readonly JsonObject[];
    for (const [i, e] of episodes.entries()) {
      const scenario = parseScenario(e["scenario"]!);
      const record = e["record"] as unknown as RunRecord;
      checkStructure(scenario, record, ctx);
      await assertPathsAgree(scenario, record, `${file}[${i}]`);
      count++;
    }
  }
  // The statistics fixtures' results.
  const suite = parseSuite(await read("statistics/suite.json"));
  const scenarios = new Map(
    suite.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
  );
  for await (const entry of Deno.readDir(new URL("statistics/", dir))) {
    if (!/^result_.*\.json$/.test(entry.name)) continue;
    const result = await read(`statistics/${entry.name}`) as {
      episodes: { scenario_id: string; record: RunRecord }[];
    };
    for (const [i, e] of result.episodes.entries()) {
      await assertPathsAgree(
        scenarios.get(e.scenario_id)!,
        e.record,
        `${entry.name}[${i}]`,
      );
      count++;
    }
  }
  assert.ok(count >= 50 + 30 + 7 * 20, `${count} records`);
});

Deno.test("trace metrics = record metrics on the public suite under the built-in policies", async () => {
  let count = 0;
  const seen = new Set<string>();
  for (const [name, policy] of Object.entries(BUILTIN_POLICIES)) {
    for (const { scenario, seeds } of publicSuite().scenarios) {
      const c = await compileScenario(scenario);
      for (const seed of seeds) {
        const record = await simulateEpisode(
          c.scenario,
          seed,
          policy(seed, undefined, c),
          { scenarioHash: c.hash },
        );
        const m = await assertPathsAgree(
          c.scenario,
          record,
          `${name} ${scenario.scenario_id} ${seed}`,
        );
        const safety = m.safety as Record<string, number>;
        if (safety.casualties! > 0) seen.add("casualty");
        if (safety.stranded! > 0) seen.add("stranded");
        if ((m.fire_exposure as JsonObject).min_fire_distance !== null) {
          seen.add("fire");
        }
        count++;
      }
    }
  }
  assert.equal(count, 4 * 104);
  assert.deepEqual([...seen].sort(), ["casualty", "fire", "stranded"]);
});

Deno.test("trace metrics = record metrics far from the fire (distances past 100)", async () => {
  // A 2 × 120 corridor burning at its west end, the exits at its east end:
  // people walk through more than a hundred distances, whose common
  // denominator outgrows the safe integers; and one seed of the large
  // generated scenario (64 × 64, 400 people).
  const corridor = makeScenario({
    grid: [".".repeat(120), ".".repeat(120)],
    exits: [["e", [0, 119]], ["f", [1, 119]]],
    people: Array.from(
      { length: 12 },
      (_, i) => [`p${i}`, [i % 2, 3 + 9 * i]] as [string, [number, number]],
    ),
    ignitions: [[0, 0], [1, 0]],
    spread: [1, 3],
    maxSteps: 200,
  });
  const large = parseSuite(largeSuite(LARGE_SEED)).scenarios[0]!.scenario;
  let far = 0;
  for (
    const [scenario, seeds] of [[corridor, [0, 1, 2]], [large, [0]]] as const
  ) {
    const c = await compileScenario(scenario);
    for (const seed of seeds) {
      for (const name of ["greedy", "random"]) {
        const record = await simulateEpisode(
          c.scenario,
          seed,
          BUILTIN_POLICIES[name]!(seed, undefined, c),
          { scenarioHash: c.hash },
        );
        const m = await assertPathsAgree(c.scenario, record, `${name} ${seed}`);
        const hist = (m.fire_exposure as JsonObject).distance_histogram;
        far += Object.keys(hist as JsonObject).filter((d) => +d > 100).length;
        if (scenario === large) break;
      }
    }
  }
  assert.ok(far > 0);
});

Deno.test("trace metrics = record metrics on random scenarios and action logs", async () => {
  let measured = 0;
  await fc.assert(
    fc.asyncProperty(episodeInputs(), async (input) => {
      const { scenario, record } = await episodeOf(input);
      // Only layouts that pass stage 2: the record path's sections assume it.
      try {
        checkStructure(scenario, record, ctx);
      } catch {
        return;
      }
      await assertPathsAgree(scenario, record, JSON.stringify(input));
      measured++;
    }),
    { numRuns: 400, seed: 20261313 },
  );
  assert.ok(measured >= 300, `${measured} episodes passed stage 2`);
});

Deno.test("trace metrics: a trace that did not terminate is refused", async () => {
  const scenario = makeScenario({
    grid: ["..."],
    exits: [["x", [0, 0]]],
    people: [["p", [0, 2]]],
    maxSteps: 5,
  });
  const c = await compileScenario(scenario);
  const layout = layoutOf(c.scenario);
  const log = actionLogOf(layout.ids, [{ p: "west" }]);
  const trace = replayTrace(layout, 0, log);
  assert.equal(trace.stop, "log_ended");
  assert.throws(() => traceMetrics(c, 0, log, trace), RangeError);
});
