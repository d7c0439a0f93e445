/**
 * The metric table of statistics.md §2 as the `metric_definitions` of
 * contract §12: source field, kind, direction and the exact definition and
 * "undefined when" cells, verbatim.
 *
 * @module
 */

import { STATISTICS_METRICS } from "../metrics/statistics_metrics.ts";

/** Metric kinds of statistics.md §2. */
export type MetricKind = "outcome" | "behaviour" | "proxy" | "descriptive";

/** Which sign of A − B is better; `null` for descriptive metrics. */
export type MetricDirection = "higher" | "lower" | null;

/** One row of the table. */
export type MetricDefinition = {
  readonly metric: string;
  readonly source: string;
  readonly kind: MetricKind;
  readonly direction: MetricDirection;
  readonly definition: string;
  readonly undefined_when: string;
};

function row(
  metric: string,
  source: string,
  kind: MetricKind,
  direction: MetricDirection,
  definition: string,
  undefinedWhen: string,
): MetricDefinition {
  return {
    metric,
    source,
    kind,
    direction,
    definition,
    undefined_when: undefinedWhen,
  };
}

/**
 * The twelve metrics, in the order of statistics.md §2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { METRIC_DEFINITIONS } from "./definitions.ts";
 * assert.ok(METRIC_DEFINITIONS.length === 12);
 * assert.ok(METRIC_DEFINITIONS[8]!.definition ===
 *   "(\u03a3_d count_d / d) / active_person_states");
 * ```
 */
export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  row(
    "evacuated_rate",
    "safety.evacuated_rate",
    "outcome",
    "higher",
    "evacuated / population",
    "never",
  ),
  row(
    "casualty_rate",
    "safety.casualty_rate",
    "outcome",
    "lower",
    "casualties / population",
    "never",
  ),
  row(
    "stranded_rate",
    "safety.stranded_rate",
    "outcome",
    "lower",
    "stranded / population",
    "never",
  ),
  row(
    "terminal_trapped_rate",
    "safety.terminal_trapped_rate",
    "outcome",
    "lower",
    "terminal_trapped_count / population",
    "never",
  ),
  row(
    "mean_person_time_to_safety",
    "time.mean_person_time_to_safety",
    "outcome",
    "lower",
    "person_time_to_safety_total / population",
    "never",
  ),
  row(
    "blocked_rate",
    "movement.blocked_rate",
    "behaviour",
    "lower",
    "blocked_moves / movement_attempts",
    "no movement attempts",
  ),
  row(
    "congestion_block_rate",
    "movement.congestion_block_rate",
    "behaviour",
    "lower",
    "congestion_blocks / movement_attempts",
    "no movement attempts",
  ),
  row(
    "aggregate_path_efficiency",
    "path_efficiency.aggregate_path_efficiency",
    "proxy",
    "higher",
    "total_static_lower_bound / total_cells_moved",
    "no measured movement",
  ),
  row(
    "mean_exposure",
    "fire_exposure.mean_exposure",
    "proxy",
    "lower",
    "(\u03a3_d count_d / d) / active_person_states",
    "never",
  ),
  row(
    "exits_used",
    "exits.exits_used",
    "descriptive",
    null,
    "number of exits with n_e >= 1",
    "never",
  ),
  row(
    "max_exit_share",
    "exits.max_exit_share",
    "descriptive",
    null,
    "max_e n_e / E",
    "E = 0",
  ),
  row(
    "exit_balance",
    "exits.exit_balance",
    "descriptive",
    null,
    "normalized Gini-Simpson index",
    "K = 1 or E = 0",
  ),
];

// The rows carry each metric's own data; their names and order must be the
// metrics' (one list, in metrics/statistics_metrics.ts): checked once, at load.
if (
  METRIC_DEFINITIONS.map((d) => d.metric).join() !== STATISTICS_METRICS.join()
) {
  throw new Error("METRIC_DEFINITIONS differ from STATISTICS_METRICS");
}

/** The definitions as the JSON list of contract §12 (copies). */
export function metricDefinitionsJson(): MetricDefinition[] {
  return METRIC_DEFINITIONS.map((d) => ({ ...d }));
}

/** The definition of one metric; throws `RangeError` for an unknown name. */
export function metricDefinition(metric: string): MetricDefinition {
  const d = METRIC_DEFINITIONS.find((m) => m.metric === metric);
  if (d === undefined) throw new RangeError(`unknown metric ${metric}`);
  return d;
}
