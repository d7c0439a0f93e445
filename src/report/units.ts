/**
 * What each statistics metric counts, in words a reader of a table or a plot
 * needs: its unit and range (metrics.md), and how its direction reads.
 *
 * @module
 */

import type { MetricDirection } from "../statistics/definitions.ts";

/**
 * The unit of each metric of statistics.md §2, by name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { METRIC_UNITS } from "./units.ts";
 * import { METRIC_DEFINITIONS } from "../statistics/definitions.ts";
 * assert.deepEqual(Object.keys(METRIC_UNITS), METRIC_DEFINITIONS.map((d) => d.metric));
 * assert.match(METRIC_UNITS.mean_person_time_to_safety ?? "", /steps/);
 * ```
 */
export const METRIC_UNITS: Readonly<Record<string, string>> = {
  evacuated_rate: "fraction of the people, 0 to 1",
  casualty_rate: "fraction of the people, 0 to 1",
  stranded_rate: "fraction of the people, 0 to 1",
  terminal_trapped_rate: "fraction of the people, 0 to 1",
  mean_person_time_to_safety:
    "steps per person; non-evacuees count the scenario's horizon",
  blocked_rate: "fraction of the movement attempts, 0 to 1",
  congestion_block_rate: "fraction of the movement attempts, 0 to 1",
  aggregate_path_efficiency: "shortest / walked cells, 0 to 1",
  mean_exposure: "mean 1/(cells to the nearest fire) per person-step, 0 to 1",
  exits_used: "number of exits",
  max_exit_share: "fraction of the evacuations, 0 to 1",
  exit_balance: "index, 0 (one exit) to 1 (even use)",
};

/**
 * A direction in words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { directionText } from "./units.ts";
 * assert.equal(directionText(null), "descriptive, no direction");
 * assert.equal(directionText("lower"), "lower is better");
 * ```
 */
export function directionText(direction: MetricDirection): string {
  return direction === null
    ? "descriptive, no direction"
    : `${direction} is better`;
}

/**
 * A one-character mark of a direction, for narrow tables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { directionMark } from "./units.ts";
 * assert.equal(directionMark("higher") + directionMark("lower") + directionMark(null), "\u2191\u2193\u00b7");
 * ```
 */
export function directionMark(direction: MetricDirection): string {
  return direction === "higher"
    ? "\u2191"
    : direction === "lower"
    ? "\u2193"
    : "\u00b7";
}
