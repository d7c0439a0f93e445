/**
 * The demo's readable summary: per metric, the overall mean and its 95 %
 * interval for each policy; then per metric, the paired win/loss/tie counts
 * and the mean delta with its interval. Metrics are never combined, sorted
 * by value or turned into a single verdict (statistics.md: no score, no
 * global comparison); policies appear in the order they were run.
 *
 * @module
 */

import { JsonFloat, type JsonObject, type JsonValue } from "../canonical.ts";
import { table } from "./table.ts";

/**
 * What the summary shows.
 *
 * @example
 * ```ts
 * import type { SummaryInput } from "./summary.ts";
 * const input: SummaryInput = { title: "demo", aggregates: [],
 *   paired: { a: "fire_aware", b: "greedy", artifact: {} } };
 * ```
 */
export type SummaryInput = {
  /** Heading line (suite, episodes, resamples). */
  readonly title: string;
  /** Aggregate artifacts, one per policy, in run order. */
  readonly aggregates: readonly {
    readonly policy: string;
    readonly artifact: JsonObject;
  }[];
  /** The paired artifact, A − B. */
  readonly paired: {
    readonly a: string;
    readonly b: string;
    readonly artifact: JsonObject;
  };
};

/** Shown where a value or an interval is undefined (n = 0, or n < 5 for intervals). */
const DASH = "\u2014";

/**
 * Render the summary as text lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../canonical.ts";
 * import { renderSummary } from "./summary.ts";
 * const metric = { metric: "evacuated_rate", statistics: { n: 5, mean: float(0.5) },
 *   mean_ci: { lower: float(0.25), upper: float(0.75) } };
 * const defs = [{ metric: "evacuated_rate", direction: "higher" }];
 * const aggregate = { metric_definitions: defs, overall: { metrics: [metric] } };
 * const paired = { metric_definitions: defs, overall: { metrics: [{ metric: "evacuated_rate",
 *   a_better: 2, b_better: 1, ties: 2, statistics: { n: 5, mean: float(0.1) },
 *   mean_delta_ci: null }] } };
 * const text = renderSummary({ title: "demo", aggregates: [{ policy: "p", artifact: aggregate }],
 *   paired: { a: "p", b: "q", artifact: paired } });
 * assert.ok(text.includes("0.5000 [0.2500, 0.7500]") && text.includes("2/1/2"));
 * ```
 */
export function renderSummary(input: SummaryInput): string {
  const lines: string[] = [input.title, ""];
  lines.push(
    "Overall mean per metric, with its 95 % bootstrap interval [lower, upper].",
    `Each metric stands alone; metrics are not combined. ${DASH} = undefined (n < 5 for an interval).`,
    "",
  );
  const first = input.aggregates[0];
  if (first === undefined) return lines.join("\n");
  const directions = directionsOf(first.artifact);
  const rows: string[][] = [[
    "metric",
    "direction",
    ...input.aggregates.map((a) => a.policy),
  ]];
  const perPolicy = input.aggregates.map((a) => metricEntries(a.artifact));
  for (const metric of directions.keys()) {
    rows.push([
      metric,
      directions.get(metric) ?? "none",
      ...perPolicy.map((entries) => {
        const e = entries.get(metric);
        return e === undefined ? DASH : withInterval(
          field(field(e, "statistics"), "mean"),
          field(e, "mean_ci"),
        );
      }),
    ]);
  }
  lines.push(...table(rows).map((l) => `  ${l}`), "");

  const { a, b, artifact } = input.paired;
  lines.push(
    `Paired comparison ${a} - ${b} (A - B, episode by episode), overall.`,
    `A/B/tie: episodes where ${a} did better / ${b} did better / equal, by the metric's`,
    `direction (${DASH} for metrics without a direction). Mean delta with its 95 % interval.`,
    "",
  );
  const pairedDirections = directionsOf(artifact);
  const pairedEntries = metricEntries(artifact);
  const pairedRows: string[][] = [[
    "metric",
    "direction",
    "A/B/tie",
    "mean delta [lower, upper]",
  ]];
  for (const metric of pairedDirections.keys()) {
    const e = pairedEntries.get(metric);
    if (e === undefined) continue;
    pairedRows.push([
      metric,
      pairedDirections.get(metric) ?? "none",
      winLossTie(e),
      withInterval(
        field(field(e, "statistics"), "mean"),
        field(e, "mean_delta_ci"),
      ),
    ]);
  }
  lines.push(...table(pairedRows).map((l) => `  ${l}`));
  return lines.join("\n");
}

/** Metric name → direction label, in the artifact's definition order. */
function directionsOf(artifact: JsonObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of list(field(artifact, "metric_definitions"))) {
    const direction = field(d, "direction");
    out.set(
      String(field(d, "metric")),
      direction === null ? "none" : String(direction),
    );
  }
  return out;
}

/** The overall group's metric entries by name. */
function metricEntries(artifact: JsonObject): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const e of list(field(field(artifact, "overall"), "metrics"))) {
    out.set(String(field(e, "metric")), e);
  }
  return out;
}

function winLossTie(entry: JsonValue): string {
  const parts = ["a_better", "b_better", "ties"].map((k) => field(entry, k));
  if (parts.some((p) => p === null)) return DASH;
  return parts.map(String).join("/");
}

/**
 * `mean [lower, upper]`, with a dash for an undefined mean or
 * interval.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../canonical.ts";
 * import { withInterval } from "./summary.ts";
 * assert.ok(withInterval(float(1), null) === "1.0000 [\u2014]");
 * ```
 */
export function withInterval(mean: JsonValue, ci: JsonValue): string {
  if (mean === null) return DASH;
  const interval = ci === null
    ? `[${DASH}]`
    : `[${formatNumber(field(ci, "lower"))}, ${
      formatNumber(field(ci, "upper"))
    }]`;
  return `${formatNumber(mean)} ${interval}`;
}

/**
 * A float (or int) with four decimals; a dash for `null`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../canonical.ts";
 * import { formatNumber } from "./summary.ts";
 * assert.ok(formatNumber(float(-0.00001)) === "0.0000");
 * assert.ok(formatNumber(float(2 / 3)) === "0.6667");
 * ```
 */
export function formatNumber(v: JsonValue): string {
  if (v === null) return DASH;
  const x = v instanceof JsonFloat ? v.value : Number(v);
  const text = x.toFixed(4);
  // Do not show a sign on a value that rounds to zero.
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

function field(v: JsonValue | undefined, key: string): JsonValue {
  if (
    v === null || v === undefined || typeof v !== "object" ||
    Array.isArray(v) || v instanceof JsonFloat
  ) {
    throw new TypeError(`summary: expected an object holding ${key}`);
  }
  const value = (v as JsonObject)[key];
  if (value === undefined) throw new TypeError(`summary: missing field ${key}`);
  return value;
}

function list(v: JsonValue): readonly JsonValue[] {
  if (!Array.isArray(v)) throw new TypeError("summary: expected a list");
  return v;
}
