/**
 * Paired statistics artifact (statistics.md §7, contract §12) on real
 * simulated results: deltas A − B rebuilt here from the integer counts,
 * sign and win/loss/tie counts by direction, swapping A and B, missing and
 * undefined episodes, and the order of failures (pairing before replay).
 */

import assert from "node:assert/strict";
import { digest, encode, type JsonValue } from "../src/json/canonical.ts";
import { EvaluationError, StatisticsInputError } from "../src/errors.ts";
import { Rational } from "../src/exact.ts";
import { bootstrapMeanInterval } from "../src/bootstrap/interval.ts";
import { seedBytes } from "../src/bootstrap/stream.ts";
import { pairedStatistics } from "../src/statistics/paired.ts";
import { descriptiveStatistics } from "../src/statistics/descriptive.ts";
import type { EvaluationResult } from "../src/types.ts";
import { copy, evaluate, f, testSuite, without } from "./_stats_fixtures.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const SUITE = testSuite();
const A = await evaluate(SUITE, "greedy", "greedy");
const B = await evaluate(SUITE, "random", "random");
const R = 120;
const ART = await pairedStatistics(A, B, SUITE, { resamples: R }) as Any;
const allGroups = (
  art: Any,
) => [art.overall, ...art.scenarios, ...art.families];

type Episode = EvaluationResult["episodes"][number];
const rate = (e: Episode, k: string) => {
  const s = e.metrics.safety as Any;
  return Rational.of(s[k], s.population);
};

Deno.test("paired: every field of contract §12", () => {
  assert.deepEqual(Object.keys(ART).sort(), [
    "artifact",
    "delta",
    "evaluation_manifest_hash",
    "families",
    "methods",
    "metric_definitions",
    "metrics_version",
    "missing_from_a",
    "missing_from_b",
    "model_a",
    "model_b",
    "observation_version",
    "overall",
    "paired_count",
    "result_digest_a",
    "result_digest_b",
    "scenarios",
    "scheduled_episodes",
    "simulator_version",
    "statistics_version",
    "suite_hash",
    "suite_id",
    "suite_version",
  ]);
  assert.equal(ART.artifact, "paired");
  assert.equal(ART.delta, "A - B");
  assert.equal(ART.model_a, "greedy");
  assert.equal(ART.model_b, "random");
  assert.equal(ART.paired_count, 20);
  assert.deepEqual(Object.keys(ART.overall).sort(), [
    "kind",
    "metrics",
    "missing_from_a",
    "missing_from_b",
    "name",
    "paired_indices",
  ]);
  assert.deepEqual(Object.keys(ART.overall.metrics[0]).sort(), [
    "a_better",
    "b_better",
    "delta_negative",
    "delta_positive",
    "delta_zero",
    "deltas",
    "mean_delta_ci",
    "metric",
    "missing_from_a",
    "missing_from_b",
    "paired",
    "statistics",
    "ties",
    "undefined",
  ]);
  assert.deepEqual(
    allGroups(ART).map((g: Any) => g.name),
    [
      "overall",
      "fire_hall",
      "corridor",
      "walled",
      "crowd",
      "mixed",
      "simple",
      "crowded",
    ],
  );
});

Deno.test("paired: deltas A − B in manifest order, statistics and interval", async () => {
  const [da, db] = [await digest(A), await digest(B)];
  assert.deepEqual([ART.result_digest_a, ART.result_digest_b], [da, db]);
  for (const g of allGroups(ART)) {
    for (const [m, key] of [[0, "evacuated"], [1, "casualties"]] as const) {
      const idx = g.paired_indices as number[];
      const deltas = idx.map((k) =>
        rate(A.episodes[k]!, key).sub(rate(B.episodes[k]!, key))
      );
      const entry = g.metrics[m];
      assert.equal(
        encode(entry.deltas),
        encode(
          idx.map((k, i) => ({ index: k, delta: f(deltas[i]!.toFloat()) })),
        ),
      );
      assert.equal(
        encode(entry.statistics),
        encode(descriptiveStatistics(deltas)),
      );
      const seed = await digest({
        statistics_version: "1.0",
        purpose: "paired_mean_delta",
        evaluation_manifest_hash: A.evaluation_manifest_hash,
        result_digests: [da, db],
        group: [g.kind, g.name],
        metric: entry.metric,
        resamples: R,
      });
      if (deltas.length < 5) {
        assert.equal(entry.mean_delta_ci, null);
        continue;
      }
      const ci = bootstrapMeanInterval(deltas, {
        resamples: R,
        seed: seedBytes(seed),
        kernel: "reference",
      })!;
      assert.equal(
        encode(entry.mean_delta_ci),
        encode({
          method: "percentile_bootstrap",
          statistic: "mean",
          level: f(0.95),
          resamples: R,
          seed,
          lower: f(ci.lower.toFloat()),
          upper: f(ci.upper.toFloat()),
        }),
      );
      const pos = deltas.filter((d) => d.sign() > 0).length;
      const neg = deltas.filter((d) => d.sign() < 0).length;
      const zero = deltas.length - pos - neg;
      assert.deepEqual(
        [entry.delta_positive, entry.delta_negative, entry.delta_zero],
        [pos, neg, zero],
      );
      // evacuated_rate: higher is better; casualty_rate: lower is better.
      const [win, loss] = m === 0 ? [pos, neg] : [neg, pos];
      assert.deepEqual(
        [entry.a_better, entry.b_better, entry.ties],
        [win, loss, zero],
      );
    }
  }
});

Deno.test("paired: descriptive metrics have no winner", () => {
  for (const g of allGroups(ART)) {
    for (const entry of g.metrics.slice(9)) {
      assert.deepEqual(
        [entry.a_better, entry.b_better, entry.ties],
        [null, null, null],
      );
      assert.equal(
        entry.delta_positive + entry.delta_negative + entry.delta_zero,
        entry.paired - entry.undefined,
      );
    }
  }
});

Deno.test("paired: swapping A and B negates every delta and swaps the counts", async () => {
  const a = without(A, [1, 2]);
  const b = without(B, [2, 9]);
  const ab = await pairedStatistics(a, b, SUITE, { resamples: R }) as Any;
  const ba = await pairedStatistics(b, a, SUITE, { resamples: R }) as Any;
  assert.equal(encode(ab.missing_from_a), encode(ba.missing_from_b));
  assert.equal(encode(ab.missing_from_b), encode(ba.missing_from_a));
  assert.deepEqual([ab.model_a, ab.model_b], [ba.model_b, ba.model_a]);
  const gab = allGroups(ab);
  const gba = allGroups(ba);
  gab.forEach((g: Any, i: number) => {
    const h = gba[i];
    assert.deepEqual(g.missing_from_a, h.missing_from_b);
    assert.deepEqual(g.paired_indices, h.paired_indices);
    g.metrics.forEach((m: Any, j: number) => {
      const n = h.metrics[j];
      assert.deepEqual(
        m.deltas.map((
          d: Any,
        ) => [d.index, d.delta.value === 0 ? 0 : -d.delta.value]),
        n.deltas.map((
          d: Any,
        ) => [d.index, d.delta.value === 0 ? 0 : d.delta.value]),
      );
      assert.deepEqual(
        [
          m.delta_positive,
          m.delta_negative,
          m.delta_zero,
          m.a_better,
          m.b_better,
          m.ties,
        ],
        [
          n.delta_negative,
          n.delta_positive,
          n.delta_zero,
          n.b_better,
          n.a_better,
          n.ties,
        ],
      );
      assert.deepEqual([m.missing_from_a, m.missing_from_b], [
        n.missing_from_b,
        n.missing_from_a,
      ]);
      if (m.mean_delta_ci !== null) {
        // Another stream: the seed names the digests in order.
        assert.notEqual(m.mean_delta_ci.seed, n.mean_delta_ci.seed);
        // `===` on purpose: 0 and -0 are the same value here.
        assert.ok(m.statistics.mean.value === -n.statistics.mean.value);
        assert.ok(m.statistics.min.value === -n.statistics.max.value);
      }
    });
  });
});

Deno.test("paired: missing episodes on each side are listed, never compared", async () => {
  const art = await pairedStatistics(
    without(A, [1, 2]),
    without(B, [2, 9]),
    SUITE,
    { resamples: R },
  ) as Any;
  assert.equal(art.paired_count, 17);
  assert.deepEqual(art.missing_from_a.map((k: Any) => k.index), [1, 2]);
  assert.deepEqual(art.missing_from_b.map((k: Any) => k.index), [2, 9]);
  assert.equal(
    encode(art.missing_from_b[1]),
    encode(A.evaluation_manifest.episodes[9]!),
  );
  const fire = art.scenarios[0];
  assert.deepEqual(fire.paired_indices, [0, 3, 4, 5, 6]);
  assert.deepEqual(fire.missing_from_a, [1, 2]);
  assert.deepEqual(fire.missing_from_b, [2]);
  const m = fire.metrics[0];
  assert.deepEqual([m.paired, m.missing_from_a, m.missing_from_b], [5, 2, 1]);
  assert.deepEqual(m.deltas.map((d: Any) => d.index), [0, 3, 4, 5, 6]);
});

Deno.test("paired: a metric undefined for A or B is counted as undefined", async () => {
  // Under "stay" nobody attempts a move: blocked_rate is undefined for B.
  const stay = await evaluate(SUITE, "stay", "stay");
  const art = await pairedStatistics(A, stay, SUITE, { resamples: R }) as Any;
  for (const g of allGroups(art)) {
    const blocked = g.metrics[5];
    assert.equal(blocked.undefined, blocked.paired);
    assert.deepEqual(blocked.deltas, []);
    assert.equal(blocked.statistics.n, 0);
    assert.equal(blocked.mean_delta_ci, null);
    assert.deepEqual([blocked.a_better, blocked.b_better, blocked.ties], [
      0,
      0,
      0,
    ]);
  }
});

Deno.test("paired: different manifests fail before any replay", async () => {
  const other = copy(
    await evaluate(testSuite("other"), "greedy", "greedy"),
  ) as Any;
  // Both records would fail replay if anything replayed them.
  const a = copy(A) as Any;
  a.episodes[7].record.steps[0].actions.a = "stay";
  other.episodes[7].record.steps[0].actions.a = "stay";
  await assert.rejects(
    () => pairedStatistics(a, other, SUITE, { resamples: R }),
    (e: unknown) =>
      e instanceof EvaluationError && !(e instanceof StatisticsInputError),
  );
  // Same manifests: the tampered record is found by verification.
  await assert.rejects(
    () =>
      pairedStatistics(a, B, SUITE, {
        resamples: R,
        files: ["a.json", "b.json"],
      }),
    (e: unknown) =>
      e instanceof StatisticsInputError &&
      e.message.startsWith("a.json: episodes[7].record"),
  );
});

Deno.test("paired: malformed input and bad resamples", async () => {
  await assert.rejects(
    () =>
      pairedStatistics({ model_id: "x" }, B, SUITE, {
        files: ["a.json", "b.json"],
      }),
    (e: unknown) =>
      e instanceof StatisticsInputError && e.message.startsWith("a.json: "),
  );
  for (const bad of [99, 1000001, 2000.5, NaN]) {
    await assert.rejects(
      () => pairedStatistics(null, null, SUITE, { resamples: bad }),
      RangeError,
    );
  }
});

Deno.test("paired: comparing a result with itself gives zero deltas and ties", async () => {
  const art = await pairedStatistics(A, copy(A) as JsonValue, SUITE, {
    resamples: R,
  }) as Any;
  for (const m of art.overall.metrics) {
    assert.equal(m.delta_positive + m.delta_negative, 0);
    if (m.mean_delta_ci !== null) {
      assert.equal(encode(m.mean_delta_ci.lower), "0.0");
      assert.equal(encode(m.mean_delta_ci.upper), "0.0");
    }
    if (m.a_better !== null) assert.equal(m.ties, m.paired - m.undefined);
  }
});
