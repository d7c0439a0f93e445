/**
 * Aggregate statistics artifact (statistics.md, contract §12) on real
 * simulated results. Expected values are rebuilt here from the integer
 * counts of the metrics dictionaries (not through src/metrics/rebuild.ts),
 * seeds from seed objects written out field by field, and intervals with
 * the bootstrap that tests/bootstrap_test.ts pins to the Python reference.
 */

import assert from "node:assert/strict";
import {
  digest,
  encode,
  type JsonObject,
  type JsonValue,
} from "../src/json/canonical.ts";
import { StatisticsInputError } from "../src/errors.ts";
import { Rational } from "../src/exact.ts";
import { bootstrapMeanInterval } from "../src/bootstrap/interval.ts";
import { seedBytes } from "../src/bootstrap/stream.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { descriptiveStatistics } from "../src/statistics/descriptive.ts";
import { METRIC_DEFINITIONS } from "../src/statistics/definitions.ts";
import { STATISTICS_METRICS } from "../src/metrics/rebuild.ts";
import type { EvaluationResult } from "../src/types.ts";
import {
  copy,
  evaluate,
  f,
  nextUp,
  testSuite,
  without,
} from "./_stats_fixtures.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const R = 150;
const ART = await aggregateStatistics(GREEDY, SUITE, { resamples: R }) as Any;

/** evacuated / population, from the counts. */
function evacuatedRate(e: EvaluationResult["episodes"][number]): Rational {
  const s = e.metrics.safety as Any;
  return Rational.of(s.evacuated, s.population);
}

/** (Σ_d count_d / d) / active_person_states, from the histogram. */
function meanExposure(e: EvaluationResult["episodes"][number]): Rational {
  const fe = e.metrics.fire_exposure as Any;
  let t = Rational.ZERO;
  for (const [d, c] of Object.entries(fe.distance_histogram)) {
    t = t.add(Rational.of(c as number, Number(d)));
  }
  return t.div(Rational.of(fe.active_person_states));
}

async function expectedCi(
  values: Rational[],
  group: [string, string],
  metric: string,
  resultDigest: string,
  resamples = R,
): Promise<JsonValue> {
  if (values.length < 5) return null;
  const seed = await digest({
    statistics_version: "1.0",
    purpose: "aggregate_mean",
    evaluation_manifest_hash: GREEDY.evaluation_manifest_hash,
    result_digests: [resultDigest],
    group,
    metric,
    resamples,
  });
  const ci = bootstrapMeanInterval(values, {
    resamples,
    seed: seedBytes(seed),
    kernel: "reference",
  })!;
  return {
    method: "percentile_bootstrap",
    statistic: "mean",
    level: f(0.95),
    resamples,
    seed,
    lower: f(ci.lower.toFloat()),
    upper: f(ci.upper.toFloat()),
  };
}

const keys = (o: object) => Object.keys(o).sort();

Deno.test("aggregate: every field of contract §12, nothing more", () => {
  assert.deepEqual(keys(ART), [
    "artifact",
    "evaluation_manifest_hash",
    "families",
    "methods",
    "metric_definitions",
    "metrics_version",
    "missing_episodes",
    "model_id",
    "observation_version",
    "observed_episodes",
    "overall",
    "result_digest",
    "scenarios",
    "scheduled_episodes",
    "simulator_version",
    "statistics_version",
    "suite_hash",
    "suite_id",
    "suite_version",
  ]);
  assert.equal(ART.artifact, "aggregate");
  assert.equal(ART.statistics_version, "1.0");
  assert.equal(ART.scheduled_episodes, 20);
  assert.equal(ART.observed_episodes, 20);
  assert.deepEqual(ART.missing_episodes, []);
  assert.equal(
    encode(ART.methods),
    '{"bootstrap":{"level":0.95,"method":"percentile_bootstrap","min_n":5,' +
      `"resamples":${R},"statistic":"mean","stream":"shake256_counter_v1"},` +
      '"quantiles":"hyndman_fan_type_7","std":"sqrt_of_float_variance",' +
      '"variance":"sample_n_minus_1"}',
  );
  const group = ART.overall;
  assert.deepEqual(keys(group), [
    "episode_indices",
    "kind",
    "metrics",
    "missing_indices",
    "name",
    "robustness",
  ]);
  assert.deepEqual(keys(group.metrics[0]), [
    "mean_ci",
    "metric",
    "missing",
    "observed",
    "scheduled",
    "statistics",
    "undefined",
  ]);
  assert.deepEqual(keys(group.metrics[0].mean_ci), [
    "level",
    "lower",
    "method",
    "resamples",
    "seed",
    "statistic",
    "upper",
  ]);
});

Deno.test("aggregate: metric_definitions verbatim, in §2 order", () => {
  const defs = ART.metric_definitions as Any[];
  assert.deepEqual(defs.map((d) => d.metric), [...STATISTICS_METRICS]);
  assert.equal(
    encode(defs[8]),
    '{"definition":"(\\u03a3_d count_d / d) / active_person_states",' +
      '"direction":"lower","kind":"proxy","metric":"mean_exposure",' +
      '"source":"fire_exposure.mean_exposure","undefined_when":"never"}',
  );
  assert.equal(
    encode(defs[11]),
    '{"definition":"normalized Gini-Simpson index","direction":null,' +
      '"kind":"descriptive","metric":"exit_balance",' +
      '"source":"exits.exit_balance","undefined_when":"K = 1 or E = 0"}',
  );
  assert.deepEqual(
    defs.map((d) => d.direction),
    [
      "higher",
      "lower",
      "lower",
      "lower",
      "lower",
      "lower",
      "lower",
      "higher",
      "lower",
      null,
      null,
      null,
    ],
  );
  assert.equal(defs.length, METRIC_DEFINITIONS.length);
});

Deno.test("aggregate: groups in suite and declaration order, manifest order inside", () => {
  assert.deepEqual(
    [ART.overall, ...ART.scenarios, ...ART.families].map((g: Any) =>
      `${g.kind}:${g.name}`
    ),
    [
      "overall:overall",
      "scenario:fire_hall",
      "scenario:corridor",
      "scenario:walled",
      "scenario:crowd",
      "family:mixed",
      "family:simple",
      "family:crowded",
    ],
  );
  // mixed lists crowd (14–19) before fire_hall (0–6): manifest order wins.
  const mixed = ART.families[0];
  assert.deepEqual(mixed.episode_indices, [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    14,
    15,
    16,
    17,
    18,
    19,
  ]);
  // crowd is in two families: counts overlap and exceed overall.
  const famObserved = ART.families.reduce(
    (n: number, g: Any) => n + g.robustness.observed,
    0,
  );
  assert.equal(famObserved, 13 + 7 + 6);
});

Deno.test("aggregate: robustness counts from the episodes", () => {
  for (const g of [ART.overall, ...ART.scenarios, ...ART.families]) {
    const eps = GREEDY.episodes.filter((e) =>
      g.episode_indices.includes(e.index)
    );
    const s = (e: Any) => e.metrics.safety;
    const want = {
      scheduled: eps.length,
      observed: eps.length,
      missing: 0,
      all_resolved: eps.filter((e) =>
        e.record.final_state.termination_reason === "all_resolved"
      ).length,
      max_steps: eps.filter((e) =>
        e.record.final_state.termination_reason === "max_steps"
      ).length,
      with_casualties: eps.filter((e) =>
        s(e).casualties > 0
      ).length,
      with_stranded: eps.filter((e) => s(e).stranded > 0).length,
      zero_evacuation: eps.filter((e) => s(e).evacuated === 0).length,
    };
    assert.deepEqual(g.robustness, want, g.name);
  }
  // walled: the person never moves, is stranded, terminated at max_steps.
  const walled = ART.scenarios[2];
  assert.equal(walled.robustness.max_steps, 2);
  assert.equal(walled.robustness.with_stranded, 2);
  assert.equal(walled.robustness.zero_evacuation, 2);
});

Deno.test("aggregate: statistics and interval of evacuated_rate and mean_exposure", async () => {
  const d = await digest(GREEDY);
  assert.equal(ART.result_digest, d);
  for (const g of [ART.overall, ...ART.scenarios, ...ART.families]) {
    const eps = GREEDY.episodes.filter((e) =>
      g.episode_indices.includes(e.index)
    );
    for (
      const [m, rebuild] of [[0, evacuatedRate], [8, meanExposure]] as const
    ) {
      const entry = g.metrics[m];
      const values = eps.map(rebuild);
      assert.equal(
        encode(entry.statistics),
        encode(descriptiveStatistics(values)),
      );
      assert.equal(
        encode(entry.mean_ci),
        encode(
          await expectedCi(values, [g.kind, g.name], entry.metric, d),
        ),
        `${g.name} ${entry.metric}`,
      );
    }
  }
});

Deno.test("aggregate: undefined metrics are counted, never filled in", () => {
  // walled: no movement attempts (blocked_rate) and nobody evacuated
  // (aggregate_path_efficiency, max_exit_share, exit_balance).
  const walled = ART.scenarios[2];
  for (const m of [5, 6, 7, 10, 11]) {
    const e = walled.metrics[m];
    assert.equal(e.undefined, 2, e.metric);
    assert.equal(e.statistics.n, 0);
    assert.equal(e.mean_ci, null);
    assert.equal(
      encode(e.statistics),
      '{"max":null,"mean":null,"median":null,"min":null,"n":0,' +
        '"quantiles":{"p25":null,"p50":null,"p75":null,"p90":null,"p95":null},' +
        '"std":null,"variance":null}',
    );
  }
  const overall = ART.overall.metrics[5];
  assert.equal(overall.undefined, 2);
  assert.equal(overall.statistics.n, 18);
  // exit_balance is also undefined wherever K = 1: only fire_hall has K = 2.
  assert.equal(ART.overall.metrics[11].statistics.n, 7);
  // exits_used is defined everywhere and is a float statistic.
  assert.equal(
    encode(ART.scenarios[2].metrics[9].statistics.mean),
    "0.0",
  );
  for (const g of [ART.overall, ...ART.scenarios, ...ART.families]) {
    for (const e of g.metrics) {
      assert.equal(e.scheduled, e.observed + e.missing);
      assert.equal(e.statistics.n, e.observed - e.undefined);
      assert.equal(e.mean_ci === null, e.statistics.n < 5);
    }
  }
});

Deno.test("aggregate: missing episodes are listed, not imputed", async () => {
  const partial = without(GREEDY, [0, 7, 12]);
  const art = await aggregateStatistics(partial, SUITE, {
    resamples: R,
  }) as Any;
  assert.equal(art.scheduled_episodes, 20);
  assert.equal(art.observed_episodes, 17);
  assert.equal(
    encode(art.missing_episodes),
    encode([0, 7, 12].map((i) => GREEDY.evaluation_manifest.episodes[i]!)),
  );
  assert.deepEqual(art.overall.missing_indices, [0, 7, 12]);
  assert.equal(art.overall.robustness.missing, 3);
  assert.equal(art.overall.robustness.observed, 17);
  const walled = art.scenarios[2];
  assert.deepEqual(walled.episode_indices, [13]);
  assert.deepEqual(walled.missing_indices, [12]);
  assert.equal(walled.robustness.max_steps, 1);
  const m0 = art.overall.metrics[0];
  assert.deepEqual([m0.scheduled, m0.observed, m0.missing], [20, 17, 3]);
  const d = await digest(partial);
  const values = partial.episodes.map(evacuatedRate);
  assert.equal(
    encode(m0.statistics),
    encode(descriptiveStatistics(values)),
  );
  assert.equal(
    encode(m0.mean_ci),
    encode(
      await expectedCi(values, ["overall", "overall"], "evacuated_rate", d),
    ),
  );
});

Deno.test("aggregate: resamples outside [100, 1000000] refused before any work", async () => {
  for (const bad of [99, 1000001, 2000.5, NaN]) {
    await assert.rejects(
      () => aggregateStatistics(null, SUITE, { resamples: bad }),
      RangeError,
      String(bad),
    );
  }
});

Deno.test("aggregate: model ID, resamples and data each change the artifact", async () => {
  const renamed = { ...GREEDY, model_id: "greedy2" };
  const art = await aggregateStatistics(renamed, SUITE, {
    resamples: R,
  }) as Any;
  assert.notEqual(await digest(art), await digest(ART));
  assert.notEqual(art.result_digest, ART.result_digest);
  assert.notEqual(
    art.overall.metrics[0].mean_ci.seed,
    ART.overall.metrics[0].mean_ci.seed,
  );
  assert.equal(
    encode(art.overall.metrics[0].statistics),
    encode(ART.overall.metrics[0].statistics),
  );
  const again = await aggregateStatistics(copy(GREEDY), SUITE, {
    resamples: R,
  });
  assert.equal(encode(again), encode(ART));
  const r2 = await aggregateStatistics(GREEDY, SUITE, { resamples: R + 1 });
  assert.notEqual(encode(r2), encode(ART));
});

Deno.test("aggregate: default R = 2000, progress by phase", async () => {
  const phases: string[] = [];
  let last: [number, number] = [0, 0];
  const art = await aggregateStatistics(GREEDY, SUITE, {
    onProgress: (phase, done, total) => {
      if (phases.at(-1) !== phase) phases.push(phase);
      if (phase === "bootstrap") last = [done, total];
    },
  }) as Any;
  assert.equal(art.methods.bootstrap.resamples, 2000);
  assert.equal(art.overall.metrics[0].mean_ci.resamples, 2000);
  assert.deepEqual(phases, ["verify", "bootstrap"]);
  // Progress counts resamples: R for every interval that exists.
  let resamples = 0;
  for (const g of [art.overall, ...art.scenarios, ...art.families]) {
    for (const m of g.metrics) if (m.mean_ci !== null) resamples += 2000;
  }
  assert.deepEqual(last, [resamples, resamples]);
});

Deno.test("aggregate: a stored metric one ulp off is a statistics input error", async () => {
  const r = copy(GREEDY) as Any;
  const s = r.episodes[5].metrics.safety;
  s.evacuated_rate = f(nextUp(s.evacuated_rate.value));
  await assert.rejects(
    () => aggregateStatistics(r, SUITE, { resamples: R, file: "g.json" }),
    (e: unknown) =>
      e instanceof StatisticsInputError &&
      e.message.startsWith("g.json: episodes[5].metrics.safety.evacuated_rate"),
  );
});

Deno.test("aggregate: output is canonical-encodable JSON with float statistics", () => {
  const text = encode(ART as JsonObject);
  assert.ok(text.includes('"exits_used"'));
  // exits_used statistics are floats (contract §12), e.g. "mean":1.0.
  const eu = ART.scenarios[1].metrics[9].statistics;
  assert.equal(encode(eu.mean), "1.0");
});
