/**
 * What the renderers show of a statistics artifact that is not one field of
 * it: the groups in contract order, a mean or an interval's bounds as plain
 * numbers, and the A/B/tie counts. Each is computed from the declared types
 * of `src/statistics/artifact_types.ts`; none describes the file again.
 *
 * @module
 */

import type {
  AggregateMetricJson,
  IntervalJson,
  PairedMetricJson,
  StatisticsJson,
} from "../statistics/artifact_types.ts";

/**
 * The groups of an artifact in contract order: overall, the scenarios, the
 * families.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { groupsOf } from "./artifact_values.ts";
 * assert.deepEqual(groupsOf({ overall: "o", scenarios: ["s"], families: ["f"] }), ["o", "s", "f"]);
 * ```
 */
export function groupsOf<G>(
  artifact: {
    readonly overall: G;
    readonly scenarios: readonly G[];
    readonly families: readonly G[];
  },
): G[] {
  return [artifact.overall, ...artifact.scenarios, ...artifact.families];
}

/** The mean of some statistics as a number, `null` when undefined. */
export function meanOf(statistics: StatisticsJson): number | null {
  return statistics.mean?.value ?? null;
}

/**
 * An interval's bounds as numbers, `null` for no interval.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundsOf } from "./artifact_values.ts";
 * import { float } from "../json/canonical.ts";
 * import type { IntervalJson } from "../statistics/artifact_types.ts";
 * const ci: IntervalJson = { method: "percentile_bootstrap", statistic: "mean",
 *   level: float(0.95), resamples: 100, seed: "00", lower: float(-1), upper: float(2) };
 * assert.deepEqual(boundsOf(ci), { lower: -1, upper: 2 });
 * assert.equal(boundsOf(null), null);
 * ```
 */
export function boundsOf(
  ci: IntervalJson | null,
): { readonly lower: number; readonly upper: number } | null {
  return ci === null ? null : { lower: ci.lower.value, upper: ci.upper.value };
}

/** The interval of a metric's mean (aggregate) or mean delta (paired). */
export function intervalOf(
  e: AggregateMetricJson | PairedMetricJson,
): IntervalJson | null {
  return "mean_ci" in e ? e.mean_ci : e.mean_delta_ci;
}

/**
 * A-better / B-better / ties of a paired metric; `null` for a descriptive
 * metric, which has none.
 */
export function winsOf(
  e: PairedMetricJson,
): readonly [number, number, number] | null {
  return e.a_better === null || e.b_better === null || e.ties === null
    ? null
    : [e.a_better, e.b_better, e.ties];
}
