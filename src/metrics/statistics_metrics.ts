/**
 * The twelve per-episode statistics metrics of statistics.md §2 and their
 * exact values, as the metric sections compute them beside the dictionary.
 *
 * @module
 */

import type { JsonObject } from "../json/canonical.ts";
import type { Rational } from "../exact.ts";

/**
 * The twelve statistics metrics, in statistics.md §2 order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STATISTICS_METRICS } from "./statistics_metrics.ts";
 * assert.equal(STATISTICS_METRICS.length, 12);
 * assert.equal(STATISTICS_METRICS[0], "evacuated_rate");
 * assert.equal(STATISTICS_METRICS[11], "exit_balance");
 * assert.ok(Object.isFrozen(STATISTICS_METRICS));
 * ```
 */
export const STATISTICS_METRICS = Object.freeze(
  [
    "evacuated_rate",
    "casualty_rate",
    "stranded_rate",
    "terminal_trapped_rate",
    "mean_person_time_to_safety",
    "blocked_rate",
    "congestion_block_rate",
    "aggregate_path_efficiency",
    "mean_exposure",
    "exits_used",
    "max_exit_share",
    "exit_balance",
  ] as const,
);

/** The name of one statistics metric. */
export type StatisticsMetric = typeof STATISTICS_METRICS[number];

/** Exact values of some statistics metrics (`null`: undefined for the episode). */
export type ExactValues<K extends StatisticsMetric = StatisticsMetric> =
  Readonly<Record<K, Rational | null>>;

/** A metrics section as written in the dictionary, with the exact values of its statistics metrics. */
export type SectionWithValues<K extends StatisticsMetric> = {
  readonly section: JsonObject;
  readonly exact: ExactValues<K>;
};
