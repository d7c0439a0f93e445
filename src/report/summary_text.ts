/**
 * The readable text summary of statistics artifacts, shared by `summary`
 * and `demo`: per metric, each model's overall mean with its 95 % interval
 * and the counts it rests on; then, per paired artifact, the win/loss/tie
 * counts and the mean delta with its interval. A legend names the units
 * and every mark, and a line says what the intervals resample. Metrics are
 * never combined, sorted by value or turned into a verdict (statistics.md:
 * no score, no global comparison); models keep the order they were given.
 * Every line fits 80 columns; every free text is escaped for the terminal.
 *
 * @module
 */

import type {
  AggregateArtifact,
  PairedArtifact,
  StatisticsArtifact,
} from "../statistics/artifact_types.ts";
import type { ArtifactFile } from "./artifact.ts";
import { boundsOf, meanOf, winsOf } from "./artifact_values.ts";
import { escapeTerminal } from "../escape.ts";
import { fitTable, wrapText } from "./text_table.ts";
import { directionMark, directionText, METRIC_UNITS } from "./units.ts";

/** Terminal width the summary fits. */
export const SUMMARY_WIDTH = 80;

/** Shown where a value is undefined (no defined value, or n < 5 for an interval). */
const DASH = "\u2014";
/** Shown where a count does not apply (win/loss/tie of a descriptive metric). */
const NOT_APPLICABLE = "n/a";

/**
 * Render the summary of artifacts of one manifest (check that with
 * `checkSameManifest` first): the aggregates side by side, then each paired
 * artifact. `preface` lines come first (a title).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSummary } from "./summary_text.ts";
 * const text = renderSummary([], ["nothing to show"]);
 * assert.ok(text.startsWith("nothing to show"));
 * ```
 */
export function renderSummary(
  files: readonly ArtifactFile[],
  preface: readonly string[] = [],
): string {
  const lines: string[] = [];
  for (const p of preface) lines.push(...wrapText(p, SUMMARY_WIDTH));
  const artifacts = files.map((f) => f.artifact);
  const first = artifacts[0];
  if (first === undefined) return lines.join("\n");
  const aggregates = artifacts.filter((a) => a.artifact === "aggregate");
  const paired = artifacts.filter((a) => a.artifact === "paired");
  if (lines.length > 0) lines.push("");
  lines.push(...headerLines(first, artifacts), "", ...legend(), "");
  if (aggregates.length > 0) lines.push(...aggregateLines(aggregates));
  for (const p of paired) lines.push(...pairedLines(p));
  return lines.join("\n").trimEnd();
}

function headerLines(
  first: StatisticsArtifact,
  all: readonly StatisticsArtifact[],
): string[] {
  const scenarios = first.scenarios.length;
  const families = first.families.length;
  const resamplesOf = (a: StatisticsArtifact) => a.methods.bootstrap.resamples;
  const rs = [...new Set(all.map(resamplesOf))];
  const resamples = rs.length === 1
    ? `${rs[0]} resamples`
    : `resamples ${
      all.map((a) => `${resamplesOf(a)} (${label(a)})`).join(", ")
    }`;
  return [
    ...wrapText(
      `Suite ${escapeTerminal(first.suite_id)} ${
        escapeTerminal(first.suite_version)
      }: ${first.scheduled_episodes} scheduled episodes of ${scenarios} fixed scenarios in ${families} families; evaluation manifest ${
        first.evaluation_manifest_hash.slice(0, 12)
      }.`,
      SUMMARY_WIDTH,
    ),
    ...wrapText(
      `Intervals: 95 % percentile bootstrap, ${resamples}. Each resamples with replacement the episodes of its group (overall: the ${first.scheduled_episodes} scheduled episodes of ${scenarios} fixed scenarios and their seeds, less the missing; paired: the paired episodes, A and B together), so it shows the spread over these scenarios and seeds, not over other buildings.`,
      SUMMARY_WIDTH,
    ),
  ];
}

function legend(): string[] {
  return [
    "Legend:",
    `  n      episodes where the metric is defined; the mean and interval use them`,
    `  miss   scheduled episodes missing from the result (paired: from A / from B)`,
    `  undef  observed (paired) episodes where the metric is undefined`,
    `  ${DASH}      undefined: no defined value (n = 0), or no interval (n < 5)`,
    `  ${NOT_APPLICABLE}    no win/loss/tie count: the metric is descriptive`,
    `  ${directionMark("higher")} higher is better, ${
      directionMark("lower")
    } lower is better, ${directionMark(null)} descriptive (no direction)`,
    "Each metric stands alone: metrics are not combined and models are not ranked.",
  ];
}

function aggregateLines(aggregates: readonly AggregateArtifact[]): string[] {
  const lines = [
    "Overall mean per metric with its 95 % interval, one row per model.",
  ];
  const defs = aggregates[0]!.metric_definitions;
  defs.forEach((def, m) => {
    lines.push(
      "",
      ...wrapText(
        `${def.metric} ${directionMark(def.direction)} (${
          directionText(def.direction)
        }): ${def.definition}; ${METRIC_UNITS[def.metric] ?? ""}`,
        SUMMARY_WIDTH,
      ),
    );
    const rows = [["model", "mean", "95 % interval", "n", "miss", "undef"]];
    for (const a of aggregates) {
      const e = a.overall.metrics[m]!;
      rows.push([
        escapeTerminal(a.model_id),
        formatNumber(meanOf(e.statistics)),
        formatInterval(boundsOf(e.mean_ci)),
        String(e.statistics.n),
        String(e.missing),
        String(e.undefined),
      ]);
    }
    lines.push(...indent(rows, [false, true, false, true, true, true]));
  });
  return lines;
}

function pairedLines(p: PairedArtifact): string[] {
  const overall = p.overall;
  const a = escapeTerminal(p.model_a);
  const b = escapeTerminal(p.model_b);
  const first = overall.metrics[0]!;
  const lines = [
    "",
    ...wrapText(
      `Paired comparison, overall: A = ${a}, B = ${b}; delta = A - B in each paired episode. ${p.paired_count} paired episodes; miss ${first.missing_from_a} / ${first.missing_from_b} (scheduled episodes missing from A / from B).`,
      SUMMARY_WIDTH,
    ),
    ...wrapText(
      `mean: the mean delta. A/B/tie: paired episodes where A did better / B did better / equal, by the metric's direction.`,
      SUMMARY_WIDTH,
    ),
    "",
  ];
  const rows = [["metric", "A/B/tie", "mean", "95 % interval", "n", "undef"]];
  const defs = p.metric_definitions;
  overall.metrics.forEach((e, m) => {
    const def = defs[m]!;
    const wins = winsOf(e);
    rows.push([
      `${def.metric} ${directionMark(def.direction)}`,
      wins === null ? NOT_APPLICABLE : wins.join("/"),
      formatNumber(meanOf(e.statistics)),
      formatInterval(boundsOf(e.mean_delta_ci)),
      String(e.statistics.n),
      String(e.undefined),
    ]);
  });
  lines.push(...indent(rows, [false, false, true, false, true, true]));
  return lines;
}

function indent(
  rows: readonly (readonly string[])[],
  right: readonly boolean[],
): string[] {
  // Tables start at column 0 so that the widest (the paired one, with
  // four-digit deltas) still fits 80 columns without wrapping.
  return fitTable(rows, { width: SUMMARY_WIDTH, right });
}

function label(a: StatisticsArtifact): string {
  return a.artifact === "aggregate"
    ? escapeTerminal(a.model_id)
    : `${escapeTerminal(a.model_a)} - ${escapeTerminal(a.model_b)}`;
}

/**
 * `[lower, upper]` with four decimals, or a dash when there is no interval.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatInterval } from "./summary_text.ts";
 * assert.equal(formatInterval({ lower: -0.5, upper: 1 / 3 }), "[-0.5000, 0.3333]");
 * assert.equal(formatInterval(null), "\u2014");
 * ```
 */
export function formatInterval(
  ci: { readonly lower: number; readonly upper: number } | null,
): string {
  if (ci === null) return DASH;
  return `[${formatNumber(ci.lower)}, ${formatNumber(ci.upper)}]`;
}

/**
 * A number with four decimals (no sign on a value that rounds to zero), or a
 * dash for `null`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatNumber } from "./summary_text.ts";
 * assert.equal(formatNumber(-0.00001), "0.0000");
 * assert.equal(formatNumber(2 / 3), "0.6667");
 * assert.equal(formatNumber(null), "\u2014");
 * ```
 */
export function formatNumber(x: number | null): string {
  if (x === null) return DASH;
  const text = x.toFixed(4);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}
