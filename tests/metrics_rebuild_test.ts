/**
 * rebuildExact: the exact statistics metrics of statistics.md §2 rebuilt
 * from integer counts, checked bit for bit against the stored floats.
 */

import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../src/json/canonical.ts";
import { MetricsInputError, StatisticsInputError } from "../src/errors.ts";
import { rebuildExact, STATISTICS_METRICS } from "../src/metrics/rebuild.ts";
import { rootCtx } from "../src/json/fields.ts";
import { f } from "./metrics_support.ts";

// A hand-made dictionary (only the fields the rebuild reads, and the stored
// values), worked out by hand:
//   population 3: evacuated 1, casualties 1, stranded 1, trapped 1 → 1/3 each
//   person-time-to-safety 7 → 7/3
//   movement: 2 blocked and 1 congestion block of 6 attempts → 1/3, 1/6
//   path: Σ L = 3 over 4 cells → 3/4
//   histogram {1: 1, 3: 3, 10: 2}: 1/1 + 3/3 + 2/10 = 11/5 over 8 states → 11/40
//   exits a 2, b 1, c 0 (K = 3, E = 3): used 2, max share 2/3,
//   balance (9 − (4 + 1 + 0)) · 3 / (9 · 2) = 12/18 = 2/3
function dictionary(): Record<string, Record<string, JsonValue>> {
  return {
    safety: {
      population: 3,
      evacuated: 1,
      casualties: 1,
      stranded: 1,
      terminal_trapped_count: 1,
      evacuated_rate: f(1 / 3),
      casualty_rate: f(1 / 3),
      stranded_rate: f(1 / 3),
      terminal_trapped_rate: f(1 / 3),
    },
    time: {
      person_time_to_safety_total: 7,
      mean_person_time_to_safety: f(7 / 3),
    },
    movement: {
      blocked_moves: 2,
      congestion_blocks: 1,
      movement_attempts: 6,
      blocked_rate: f(1 / 3),
      congestion_block_rate: f(1 / 6),
    },
    path_efficiency: {
      total_static_lower_bound: 3,
      total_cells_moved: 4,
      aggregate_path_efficiency: f(0.75),
    },
    fire_exposure: {
      active_person_states: 8,
      distance_histogram: { "1": 1, "3": 3, "10": 2 },
      mean_exposure: f(11 / 40),
    },
    exits: {
      exit_count: 3,
      evacuations_per_exit: { a: 2, b: 1, c: 0 },
      exits_used: 2,
      max_exit_share: f(2 / 3),
      exit_balance: f(2 / 3),
    },
  };
}

const EXPECTED: Record<string, string> = {
  evacuated_rate: "1/3",
  casualty_rate: "1/3",
  stranded_rate: "1/3",
  terminal_trapped_rate: "1/3",
  mean_person_time_to_safety: "7/3",
  blocked_rate: "1/3",
  congestion_block_rate: "1/6",
  aggregate_path_efficiency: "3/4",
  mean_exposure: "11/40",
  exits_used: "2",
  max_exit_share: "2/3",
  exit_balance: "2/3",
};

Deno.test("the twelve metrics, in statistics.md §2 order", () => {
  assert.deepEqual([...STATISTICS_METRICS], Object.keys(EXPECTED));
});

Deno.test("exact values rebuilt from the counts", () => {
  const m = dictionary();
  for (const metric of STATISTICS_METRICS) {
    assert.equal(rebuildExact(metric, m)?.toString(), EXPECTED[metric], metric);
  }
});

Deno.test("undefined metrics are null, and must be stored as null", () => {
  const m = dictionary();
  m["movement"]!["movement_attempts"] = 0;
  m["movement"]!["blocked_moves"] = 0;
  m["movement"]!["congestion_blocks"] = 0;
  m["movement"]!["blocked_rate"] = null;
  m["movement"]!["congestion_block_rate"] = null;
  m["path_efficiency"]!["total_cells_moved"] = 0;
  m["path_efficiency"]!["total_static_lower_bound"] = 0;
  m["path_efficiency"]!["aggregate_path_efficiency"] = null;
  m["exits"]!["evacuations_per_exit"] = { a: 0, b: 0, c: 0 };
  m["exits"]!["exits_used"] = 0;
  m["exits"]!["max_exit_share"] = null;
  m["exits"]!["exit_balance"] = null;
  for (
    const metric of [
      "blocked_rate",
      "congestion_block_rate",
      "aggregate_path_efficiency",
      "max_exit_share",
      "exit_balance",
    ]
  ) {
    assert.equal(rebuildExact(metric, m), null, metric);
  }
  assert.equal(rebuildExact("exits_used", m)?.toString(), "0");
  // One exit: the balance is undefined even with evacuees.
  const one = dictionary();
  one["exits"] = {
    exit_count: 1,
    evacuations_per_exit: { a: 3 },
    exits_used: 1,
    max_exit_share: f(1),
    exit_balance: null,
  };
  assert.equal(rebuildExact("exit_balance", one), null);
  one["exits"]["exit_balance"] = f(0);
  assert.throws(
    () => rebuildExact("exit_balance", one),
    /exits\.exit_balance: stored float 0, but the counts leave it undefined/,
  );
});

function refuses(
  edit: (m: Record<string, Record<string, JsonValue>>) => void,
  metric: string,
  message: RegExp,
) {
  const m = dictionary();
  edit(m);
  assert.throws(
    () => rebuildExact(metric, m as JsonObject),
    (e: unknown) => e instanceof MetricsInputError && message.test(e.message),
  );
}

Deno.test("a stored value that is not the float of the fraction is refused", () => {
  // One ulp above 1/3.
  refuses(
    (m) => {
      m["safety"]!["evacuated_rate"] = f(0.33333333333333337);
    },
    "evacuated_rate",
    /^safety\.evacuated_rate: stored 0\.33333333333333337, but the counts give 1\/3/,
  );
  refuses(
    (m) => {
      m["movement"]!["blocked_rate"] = null;
    },
    "blocked_rate",
    /^movement\.blocked_rate: stored null, but the counts give 1\/3/,
  );
  refuses(
    (m) => {
      m["fire_exposure"]!["mean_exposure"] = f(0.275000001);
    },
    "mean_exposure",
    /fire_exposure\.mean_exposure/,
  );
  refuses(
    (m) => {
      m["exits"]!["exits_used"] = 3;
    },
    "exits_used",
    /exits\.exits_used: stored 3, but the per-exit counts give 2/,
  );
  refuses(
    (m) => {
      m["exits"]!["exit_count"] = 2;
    },
    "exit_balance",
    /exits\.exit_count: exit_count 2 differs/,
  );
  refuses(
    (m) => {
      m["safety"]!["evacuated_rate"] = 0;
    },
    "evacuated_rate",
    /expected a float or null/,
  );
});

Deno.test("malformed counts are refused with their field path", () => {
  refuses(
    (m) => {
      delete m["safety"]!["population"];
    },
    "casualty_rate",
    /^safety\.population: missing field/,
  );
  refuses(
    (m) => {
      m["safety"]!["population"] = 0;
    },
    "stranded_rate",
    /^safety\.population: integer 0 is outside/,
  );
  refuses(
    (m) => {
      m["movement"]!["movement_attempts"] = f(6);
    },
    "blocked_rate",
    /^movement\.movement_attempts: expected an integer/,
  );
  refuses(
    (m) => {
      m["fire_exposure"]!["distance_histogram"] = { "03": 3 };
    },
    "mean_exposure",
    /distance_histogram\["03"\]: expected a positive integer/,
  );
  refuses(
    (m) => {
      m["fire_exposure"]!["distance_histogram"] = { "2": 0 };
    },
    "mean_exposure",
    /distance_histogram\["2"\]: integer 0 is outside/,
  );
  refuses(
    (m) => {
      delete m["exits"];
    },
    "max_exit_share",
    /^exits: missing field/,
  );
  refuses(() => {}, "stay_rate", /unknown statistics metric "stay_rate"/);
});

Deno.test("the caller's error kind and path prefix are used", () => {
  const m = dictionary();
  m["time"]!["mean_person_time_to_safety"] = f(2.3);
  assert.throws(
    () =>
      rebuildExact(
        "mean_person_time_to_safety",
        m,
        rootCtx(StatisticsInputError, "result.json", "episodes[4].metrics"),
      ),
    (e: unknown) =>
      e instanceof StatisticsInputError &&
      e.message.startsWith(
        "result.json: episodes[4].metrics.time.mean_person_time_to_safety: ",
      ),
  );
});

Deno.test("the metrics computation's exact values equal those rebuilt from its counts", async () => {
  // Every episode of the four statistics fixture results: the values the
  // sections computed beside the dictionary, against the rebuild from the
  // dictionary's integer counts (an independent route to the same fraction).
  const { computeEpisodeMetrics } = await import("../src/metrics/episode.ts");
  const { parseSuite } = await import("../src/scenario/suite.ts");
  const { parse: decode } = await import("../src/json/canonical.ts");
  const dir = new URL("./fixtures/statistics/", import.meta.url);
  const suite = parseSuite(
    decode(await Deno.readTextFile(new URL("suite.json", dir))),
  );
  const scenarios = new Map(
    suite.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
  );
  let defined = 0;
  for (const policy of ["stay", "random", "greedy", "fire_aware"]) {
    const result = decode(
      await Deno.readTextFile(new URL(`result_${policy}.json`, dir)),
    ) as { episodes: { scenario_id: string; record: JsonValue }[] };
    for (const e of result.episodes) {
      const { metrics, exact } = await computeEpisodeMetrics(
        scenarios.get(e.scenario_id)!,
        e.record,
      );
      for (const metric of STATISTICS_METRICS) {
        const computed = exact[metric];
        const rebuilt = rebuildExact(metric, metrics);
        assert.equal(computed?.toString(), rebuilt?.toString(), metric);
        if (computed !== null) defined++;
      }
    }
  }
  assert.ok(defined > 1000);
});
