/**
 * A verified episode of `statisticsOnly` keeps its exact values as doubles
 * when they fit and as `Rational`s when they do not (values the simulator's
 * counts never reach: injected here), and gives the same values either way,
 * on every access, checked against the stored floats each time.
 */

import assert from "node:assert/strict";
import { float, type JsonObject } from "../src/json/canonical.ts";
import { Rational } from "../src/exact.ts";
import { storedAt } from "../src/metrics/rebuild.ts";
import {
  type ExactValues,
  STATISTICS_METRICS,
} from "../src/metrics/statistics_metrics.ts";
import { TOKEN, VerifiedEpisode } from "../src/verify/verified.ts";

/** Exact values (metric k is k/7, `exits_used` k, one `null`, one `big`) and their dictionary. */
function episode(big: Rational, statisticsOnly: boolean) {
  const exact: Record<string, Rational | null> = {};
  const metrics: Record<string, Record<string, unknown>> = {
    safety: { casualties: 0, stranded: 0, evacuated: 1 },
  };
  STATISTICS_METRICS.forEach((metric, k) => {
    const integer = metric === "exits_used";
    const v = k === 1 ? null : k === 2 ? big : Rational.of(k, integer ? 1 : 7);
    exact[metric] = v;
    const { section, field } = storedAt(metric);
    metrics[section] ??= {};
    metrics[section][field] = v === null
      ? null
      : integer
      ? Number(v.num)
      : float(v.toFloat());
  });
  const key = {
    index: 0,
    scenario_id: "s",
    scenario_hash: "a".repeat(64),
    seed: 1,
  };
  return {
    exact: STATISTICS_METRICS.map((m) => exact[m]!),
    made: new VerifiedEpisode(
      TOKEN,
      key,
      metrics as unknown as JsonObject,
      exact as ExactValues,
      "all_resolved",
      0,
      "r.json",
      statisticsOnly,
    ),
  };
}

const same = (
  a: readonly (Rational | null)[],
  b: readonly (Rational | null)[],
) =>
  a.length === b.length &&
  a.every((x, i) =>
    x === null ? b[i] === null : b[i] !== null && x.cmp(b[i]!) === 0
  );

Deno.test("packed values: doubles when they fit, Rationals when not, the same values on every access", () => {
  for (
    const big of [
      Rational.of(5, 9), // fits
      Rational.of(2n ** 60n + 1n, 3n), // numerator beyond 2^53
      Rational.of(1n, 2n ** 55n + 1n), // denominator beyond 2^53
    ]
  ) {
    for (const statisticsOnly of [true, false]) {
      const { exact, made } = episode(big, statisticsOnly);
      assert.ok(same(made.values, exact), `${big} ${statisticsOnly}`);
      assert.ok(same(made.values, exact), `${big} ${statisticsOnly}, again`);
      assert.equal(made.values[1], null);
    }
  }
});

Deno.test("packed values: a stored float other than the exact value's is refused on access", () => {
  const { made } = episode(Rational.of(5, 9), true);
  // The dictionary is kept as text; rebuild one with a wrong float.
  const { section, field } = storedAt(STATISTICS_METRICS[0]!);
  const bad = made.metrics as Record<string, Record<string, unknown>>;
  assert.ok(section in bad && field in bad[section]!);
  const exact: Record<string, Rational | null> = {};
  STATISTICS_METRICS.forEach((m, k) => {
    exact[m] = k === 1
      ? null
      : k === 2
      ? Rational.of(5, 9)
      : Rational.of(k, m === "exits_used" ? 1 : 7);
  });
  exact[STATISTICS_METRICS[0]!] = Rational.of(1, 7); // stored says 0/7
  const off = new VerifiedEpisode(
    TOKEN,
    { index: 0, scenario_id: "s", scenario_hash: "a".repeat(64), seed: 1 },
    bad as unknown as JsonObject,
    exact as ExactValues,
    "all_resolved",
    0,
    "r.json",
    true,
  );
  assert.throws(() => off.values, { name: "StatisticsInputError" });
});
