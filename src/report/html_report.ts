/**
 * The HTML report of `report`: one self-contained page (no script, no
 * external font, style or image; a Content-Security-Policy that forbids
 * loading anything) built from aggregate and paired artifacts of one
 * manifest. A table of contents links every section (in-page anchors,
 * which load nothing), and each section ends with a link back to the top.
 * Per metric: a forest plot of each paired artifact's mean delta
 * with its 95 % interval for overall, every scenario and every family, and
 * every model's per-scenario means with intervals. Then the robustness
 * counts and missing episodes, and for audit the artifacts' digests, seeds
 * and versions. No ranking and no overall winner appear anywhere.
 *
 * @module
 */

import type {
  AggregateArtifact,
  AggregateMetricJson,
  IntervalJson,
  PairedArtifact,
  PairedMetricJson,
  StatisticsArtifact,
  StatisticsJson,
} from "../statistics/artifact_types.ts";
import type { EpisodeKey } from "../types.ts";
import { type ArtifactFile, ROBUSTNESS_FIELDS } from "./artifact.ts";
import { boundsOf, groupsOf, intervalOf, meanOf } from "./artifact_values.ts";
import { escapeHtml } from "../escape.ts";
import { forestPlot, meansPlot } from "./plots.ts";
import { formatInterval, formatNumber } from "./summary_text.ts";
import { directionText, METRIC_UNITS } from "./units.ts";

const CSS = `
body { font: 14px/1.45 system-ui, sans-serif; color: #000; background: #fff;
  max-width: 780px; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 2em;
  border-top: 1px solid #999; padding-top: .6em; } h3 { font-size: 15px; }
table { border-collapse: collapse; font-size: 12px; margin: .5em 0; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .hash { font-family: ui-monospace, monospace; font-size: 11px;
  overflow-wrap: anywhere; }
figure { margin: .5em 0 1em; }
figure div[class*="-swatches"] { font-size: 12px !important; }
.note { font-size: 13px; color: #222; }
ol.toc { columns: 3; font-size: 13px; margin: .3em 0; }
ul.toc { font-size: 13px; margin: .3em 0; }
p.top { font-size: 12px; text-align: right; margin: .3em 0; }
a { color: #0050a0; }
@media print { body { max-width: none; margin: 0; }
  section.metric { break-inside: avoid-page; } h2 { break-after: avoid; }
  p.top { display: none; } }
`;

/**
 * The report page. `files` must share one manifest (check that first).
 *
 * @example
 * ```ts ignore
 * import { renderReport } from "./html_report.ts";
 * const html = renderReport(files);
 * ```
 */
export function renderReport(files: readonly ArtifactFile[]): string {
  const artifacts = files.map((f) => f.artifact);
  const aggregates = artifacts.filter((a) => a.artifact === "aggregate");
  const paired = artifacts.filter((a) => a.artifact === "paired");
  const first = artifacts[0];
  if (first === undefined) throw new RangeError("report: no artifact");
  const models = modelLabels(aggregates);
  const body: string[] = [
    `<h1 id="top">EMBERBench report</h1>`,
    intro(first, paired, models),
    contents(first, aggregates),
  ];
  first.metric_definitions.forEach((def, m) => {
    body.push(
      `<section class="metric" id="${metricSectionId(def.metric)}">`,
      `<h2>${escapeHtml(def.metric)}</h2>`,
      `<p class="note">${escapeHtml(def.kind)} metric, ${
        def.direction === null ? "no direction" : directionText(def.direction)
      }. Per episode: <code>${escapeHtml(def.definition)}</code>; unit: ${
        escapeHtml(METRIC_UNITS[def.metric] ?? "")
      }. Undefined when: ${escapeHtml(def.undefined_when)}.</p>`,
    );
    for (const p of paired) {
      body.push(
        `<h3>Mean delta A − B: A = ${escapeHtml(p.model_a)}, B = ${
          escapeHtml(p.model_b)
        }</h3>`,
        forestPlot(
          groupsOf(p).map((g) => {
            const e = g.metrics[m]!;
            return {
              label: groupLabel(g.kind, g.name),
              ...point(e.statistics, e.mean_delta_ci),
            };
          }),
          {
            direction: def.direction,
            a: p.model_a,
            b: p.model_b,
            xLabel: `mean of ${def.metric} (A) − ${def.metric} (B)`,
          },
        ),
      );
    }
    if (aggregates.length > 0) {
      body.push(
        `<h3>Mean per scenario, every model (95 % intervals)</h3>`,
        meansPlot(
          aggregates.flatMap((a, i) =>
            [a.overall, ...a.scenarios].map((g) => {
              const e = g.metrics[m]!;
              return {
                group: groupLabel(g.kind, g.name),
                model: models[i]!,
                ...point(e.statistics, e.mean_ci),
              };
            })
          ),
          { models, xLabel: `mean ${def.metric}` },
        ),
      );
    }
    body.push(BACK_TO_TOP, `</section>`);
  });
  body.push(
    robustness(aggregates, models),
    missing(aggregates, paired, models),
  );
  body.push(audit(files));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EMBERBench report: ${escapeHtml(first.suite_id)} ${
    escapeHtml(first.suite_version)
  }</title>
<style>${CSS}</style>
</head>
<body>
${body.join("\n")}
</body>
</html>
`;
}

/**
 * The anchor of a metric's section: `metric-` and the name, with every
 * character other than a letter, digit or `_` written as `-` and four hex
 * digits, so that the id is stable, needs no escaping in HTML or in a URL
 * fragment, and two names never share one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { metricSectionId } from "./html_report.ts";
 * assert.equal(metricSectionId("casualty_rate"), "metric-casualty_rate");
 * assert.equal(metricSectionId('a"b'), "metric-a-0022b");
 * ```
 */
export function metricSectionId(metric: string): string {
  return `metric-${
    metric.replace(
      /[^A-Za-z0-9_]/g,
      (c) => `-${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    )
  }`;
}

// In-page links only: the CSP forbids loading, and a fragment loads nothing.
const BACK_TO_TOP = `<p class="top"><a href="#top">back to top</a></p>`;

/** A mean and its interval's bounds, as a plot's row takes them. */
function point(statistics: StatisticsJson, ci: IntervalJson | null) {
  const bounds = boundsOf(ci);
  return {
    mean: meanOf(statistics),
    lower: bounds?.lower ?? null,
    upper: bounds?.upper ?? null,
  };
}

/** The table of contents: every metric section, then the closing sections. */
function contents(
  first: StatisticsArtifact,
  aggregates: readonly AggregateArtifact[],
): string {
  const metrics = first.metric_definitions.map((def) =>
    `<li><a href="#${metricSectionId(def.metric)}">${
      escapeHtml(def.metric)
    }</a></li>`
  );
  const closing = [
    ...(aggregates.length > 0
      ? [`<li><a href="#robustness">Robustness counts</a></li>`]
      : []),
    `<li><a href="#missing">Missing episodes</a></li>`,
    `<li><a href="#audit">Audit: artifacts, digests, seeds and versions</a></li>`,
  ];
  return `<nav id="contents" aria-label="contents"><h2>Contents</h2>
<ol class="toc">${metrics.join("")}</ol>
<ul class="toc">${closing.join("")}</ul></nav>`;
}

function intro(
  first: StatisticsArtifact,
  paired: readonly PairedArtifact[],
  models: readonly string[],
): string {
  const scenarios = first.scenarios.length;
  const families = first.families.length;
  const pairs = paired.map((p) =>
    `${escapeHtml(p.model_a)} − ${escapeHtml(p.model_b)}`
  );
  return `<p>Suite <b>${escapeHtml(first.suite_id)} ${
    escapeHtml(first.suite_version)
  }</b>: ${first.scheduled_episodes} scheduled episodes of ${scenarios} fixed scenarios in ${families} families (evaluation manifest <span class="hash">${first.evaluation_manifest_hash}</span>).
Models: ${models.map(escapeHtml).join(", ") || "none"}. Paired comparisons: ${
    pairs.join(", ") || "none"
  }.</p>
<p class="note"><b>How to read.</b> Each metric stands alone: metrics are not
combined, no model is ranked and no overall verdict is drawn. Intervals are 95 %
percentile bootstrap intervals that resample, with replacement, the episodes of
their group (paired: the paired episodes, A and B together); they show the
spread over these fixed scenarios and seeds, not over other buildings.
In the forest plots, a row is coloured blue (circle) when its interval lies
entirely on the side that the metric's direction calls better for A, vermillion
(square) when it lies entirely on B's better side; an interval that touches or
crosses zero is grey (diamond), a group with fewer than 5 defined values has no
interval (×), and a descriptive metric (no direction) is black (triangle)
whatever its sign. Means without a mark are undefined (no defined value).</p>`;
}

function robustness(
  aggregates: readonly AggregateArtifact[],
  models: readonly string[],
): string {
  if (aggregates.length === 0) return "";
  const head = `<tr><th>group</th>${
    ROBUSTNESS_FIELDS.map((f) => `<th>${f}</th>`).join("")
  }</tr>`;
  const parts = [
    `<section id="robustness"><h2>Robustness counts</h2>`,
    `<p class="note">Raw episode counts per group (statistics.md §5): an episode can count in several columns; all_resolved + max_steps = observed.</p>`,
  ];
  aggregates.forEach((a, i) => {
    parts.push(
      `<h3>${escapeHtml(models[i]!)}</h3><table>${head}${
        groupsOf(a).map((g) =>
          `<tr><td>${escapeHtml(groupLabel(g.kind, g.name))}</td>${
            ROBUSTNESS_FIELDS.map((f) =>
              `<td class="num">${g.robustness[f]}</td>`
            ).join("")
          }</tr>`
        ).join("")
      }</table>`,
    );
  });
  parts.push(BACK_TO_TOP, `</section>`);
  return parts.join("\n");
}

function missing(
  aggregates: readonly AggregateArtifact[],
  paired: readonly PairedArtifact[],
  models: readonly string[],
): string {
  const list = (keys: readonly EpisodeKey[]) =>
    keys.length === 0
      ? "none"
      : `${keys.length}: ${
        keys.map((k) =>
          `#${k.index} (${escapeHtml(k.scenario_id)}, seed ${k.seed})`
        ).join(", ")
      }`;
  const rows = [
    ...aggregates.map((a, i) =>
      `<tr><td>${escapeHtml(models[i]!)}</td><td>${
        list(a.missing_episodes)
      }</td></tr>`
    ),
    ...paired.flatMap((p) => [
      `<tr><td>pair ${escapeHtml(p.model_a)} − ${
        escapeHtml(p.model_b)
      }: missing from A</td><td>${list(p.missing_from_a)}</td></tr>`,
      `<tr><td>pair ${escapeHtml(p.model_a)} − ${
        escapeHtml(p.model_b)
      }: missing from B</td><td>${list(p.missing_from_b)}</td></tr>`,
    ]),
  ];
  return `<section id="missing"><h2>Missing episodes</h2>
<p class="note">Scheduled episodes without a result entry. They are left out of every statistic, never filled in.</p>
<table><tr><th>artifact</th><th>missing episodes (manifest index, scenario, seed)</th></tr>${
    rows.join("")
  }</table>${BACK_TO_TOP}</section>`;
}

function audit(files: readonly ArtifactFile[]): string {
  const rows = files.map(({ file, digest, artifact: v }) => {
    const who = v.artifact === "aggregate"
      ? `model ${
        escapeHtml(v.model_id)
      }<br>result digest <span class="hash">${v.result_digest}</span>`
      : `A ${
        escapeHtml(v.model_a)
      }, result digest <span class="hash">${v.result_digest_a}</span><br>B ${
        escapeHtml(v.model_b)
      }, result digest <span class="hash">${v.result_digest_b}</span>`;
    return `<tr><td>${
      escapeHtml(file)
    }<br>${v.artifact}</td><td>${who}<br>artifact SHA-256 <span class="hash">${digest}</span></td><td>statistics ${
      escapeHtml(v.statistics_version)
    }, simulator ${escapeHtml(v.simulator_version)}, observation ${
      escapeHtml(v.observation_version)
    }, metrics ${
      escapeHtml(v.metrics_version)
    }; ${v.methods.bootstrap.resamples} resamples</td></tr>`;
  });
  const first = files[0]!.artifact;
  const seeds = files.map(({ file, artifact: v }) => {
    const metrics: readonly (AggregateMetricJson | PairedMetricJson)[] =
      v.overall.metrics;
    const cells = metrics.map((e, m) => {
      const ci = intervalOf(e);
      return `<tr><td>${escapeHtml(v.metric_definitions[m]!.metric)}</td><td>${
        formatNumber(meanOf(e.statistics))
      } ${formatInterval(boundsOf(ci))}</td><td class="hash">${
        ci?.seed ?? "no interval"
      }</td></tr>`;
    });
    return `<details><summary>${
      escapeHtml(file)
    }: overall interval seeds</summary><table><tr><th>metric</th><th>overall mean [95 % interval]</th><th>bootstrap seed</th></tr>${
      cells.join("")
    }</table></details>`;
  });
  return `<section id="audit"><h2>Audit: artifacts, digests, seeds and versions</h2>
<p class="note">Suite ${escapeHtml(first.suite_id)} ${
    escapeHtml(first.suite_version)
  }, suite hash <span class="hash">${first.suite_hash}</span>, evaluation manifest hash <span class="hash">${first.evaluation_manifest_hash}</span>. The artifact SHA-256 is the digest of its canonical JSON (<code>digest FILE</code> prints it).</p>
<table><tr><th>file</th><th>inputs and digests</th><th>versions</th></tr>${
    rows.join("")
  }</table>
${seeds.join("\n")}
${BACK_TO_TOP}
</section>`;
}

function groupLabel(kind: string, name: string): string {
  return kind === "overall" ? "overall" : `${kind} ${name}`;
}

/** Model names for the legend, unique even when two artifacts share an ID. */
function modelLabels(aggregates: readonly AggregateArtifact[]): string[] {
  const seen = new Map<string, number>();
  return aggregates.map((a) => {
    const k = (seen.get(a.model_id) ?? 0) + 1;
    seen.set(a.model_id, k);
    return k === 1 ? a.model_id : `${a.model_id} (${k})`;
  });
}
