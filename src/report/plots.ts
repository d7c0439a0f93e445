/**
 * The report's figures, drawn with Observable Plot into a server-side DOM
 * (linkedom) and serialized as static SVG, so that the report needs no
 * script to show them. Both libraries are pinned; this module is loaded
 * only by `report` (a dynamic import), never by the package's entry point.
 *
 * Colours are the Okabe–Ito palette (readable with the common colour-vision
 * deficiencies), and every colour is doubled by a marker shape so that the
 * figures also read in grey print.
 *
 * @module
 */

import * as Plot from "npm:@observablehq/plot@0.6.17";
import { parseHTML } from "npm:linkedom@0.18.12";
import type { MetricDirection } from "../statistics/definitions.ts";

/** One row of a forest plot: a group's mean delta and its interval. */
export type ForestRow = {
  /** Group label, e.g. `overall`, `scenario office`. */
  readonly label: string;
  readonly mean: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
};

/** One row of a means plot: a model's mean in a group. */
export type MeanRow = {
  readonly group: string;
  readonly model: string;
  readonly mean: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
};

/** Which side an interval favours, by the metric's direction. */
export type Verdict =
  | "favours A"
  | "favours B"
  | "interval includes 0"
  | "no interval (n < 5)"
  | "descriptive";

const VERDICTS: readonly Verdict[] = [
  "favours A",
  "favours B",
  "interval includes 0",
  "no interval (n < 5)",
  "descriptive",
];
// Okabe–Ito blue and vermillion for the two sides; greys for the rest.
const VERDICT_COLOURS = ["#0072B2", "#D55E00", "#6b6b6b", "#9a9a9a", "#000000"];
const VERDICT_SYMBOLS = ["circle", "square", "diamond", "times", "triangle"];

/** Okabe–Ito, then black: one colour per model, in the order given. */
export const MODEL_COLOURS: readonly string[] = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#CC79A7",
  "#56B4E9",
  "#D55E00",
  "#000000",
  "#F0E442",
];
const MODEL_SYMBOLS = [
  "circle",
  "square",
  "triangle",
  "diamond",
  "star",
  "cross",
  "wye",
  "times",
];

const STYLE = {
  fontSize: "12px",
  fontFamily: "system-ui, sans-serif",
  background: "white",
  color: "black",
  overflow: "visible",
};

/**
 * The x axis at the top as well as the bottom of every plot: a means plot
 * of the public suite is over 1,000 px tall, and its top rows would
 * otherwise be read a screen away from their scale. Drawn for short plots
 * too, so that every figure reads the same way.
 */
function xAxis(label: string) {
  return {
    axis: "both",
    label,
    labelAnchor: "center",
    labelOffset: 40,
    grid: true,
    nice: true,
  } as const;
}

/**
 * Which side an interval of A − B favours. Only an interval entirely on one
 * side of zero favours a side; one that touches or crosses zero is neutral,
 * and a descriptive metric has no side at all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verdict } from "./plots.ts";
 * assert.equal(verdict("higher", { lower: 0.01, upper: 0.2 }), "favours A");
 * assert.equal(verdict("lower", { lower: 0.01, upper: 0.2 }), "favours B");
 * assert.equal(verdict("lower", { lower: -0.3, upper: 0 }), "interval includes 0");
 * assert.equal(verdict(null, { lower: 1, upper: 2 }), "descriptive");
 * assert.equal(verdict("higher", null), "no interval (n < 5)");
 * ```
 */
export function verdict(
  direction: MetricDirection,
  ci: { readonly lower: number; readonly upper: number } | null,
): Verdict {
  if (direction === null) return "descriptive";
  if (ci === null) return "no interval (n < 5)";
  const aSide = direction === "higher" ? ci.lower > 0 : ci.upper < 0;
  const bSide = direction === "higher" ? ci.upper < 0 : ci.lower > 0;
  return aSide ? "favours A" : bSide ? "favours B" : "interval includes 0";
}

/**
 * A forest plot of mean deltas A − B with their 95 % intervals, one row per
 * group, coloured and shaped by {@linkcode verdict}; a rule marks zero.
 * Returns the SVG markup (a `<figure>` with its legend).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forestPlot } from "./plots.ts";
 * const svg = forestPlot([{ label: "overall", mean: 0.1, lower: 0.05, upper: 0.2 }], {
 *   direction: "higher", a: "x", b: "y", xLabel: "delta" });
 * assert.match(svg, /<svg/);
 * ```
 */
export function forestPlot(
  rows: readonly ForestRow[],
  options: {
    readonly direction: MetricDirection;
    readonly a: string;
    readonly b: string;
    readonly xLabel: string;
  },
): string {
  const data = rows.map((r) => ({
    ...r,
    verdict: verdict(
      options.direction,
      r.lower === null || r.upper === null
        ? null
        : { lower: r.lower, upper: r.upper },
    ),
  }));
  const domain = VERDICTS.map((v) =>
    v === "favours A"
      ? `favours A (${options.a})`
      : v === "favours B"
      ? `favours B (${options.b})`
      : v
  );
  const named = data.map((d) => ({
    ...d,
    key: domain[VERDICTS.indexOf(d.verdict)]!,
  }));
  const document = blankDocument();
  const figure = Plot.plot({
    document,
    width: 720,
    height: 92 + 20 * rows.length,
    marginLeft: 220,
    marginRight: 20,
    style: STYLE,
    marginBottom: 48,
    marginTop: 48,
    x: xAxis(options.xLabel),
    y: { label: null, domain: rows.map((r) => r.label) },
    // One legend: the symbol legend shows each colour with its shape.
    color: { domain, range: VERDICT_COLOURS },
    symbol: { domain, range: VERDICT_SYMBOLS, legend: true },
    marks: [
      Plot.ruleX([0], { stroke: "black", strokeWidth: 1.5 }),
      Plot.ruleY(
        named.filter((d) => d.lower !== null && d.upper !== null),
        {
          y: "label",
          x1: "lower",
          x2: "upper",
          stroke: "key",
          strokeWidth: 2.5,
        },
      ),
      Plot.dot(
        named.filter((d) => d.mean !== null),
        {
          x: "mean",
          y: "label",
          fill: "key",
          stroke: "key",
          symbol: "key",
          r: 5,
          title: (d: (typeof named)[number]) =>
            `${d.label}: ${d.mean} [${d.lower}, ${d.upper}], ${d.key}`,
        },
      ),
      Plot.text(named.filter((d) => d.mean === null), {
        x: 0,
        y: "label",
        text: () => "undefined (no defined value)",
        textAnchor: "start",
        dx: 6,
        fill: "#444",
      }),
    ],
  });
  return serialize(figure);
}

/**
 * Each model's mean with its 95 % interval in each group: one facet row
 * per group, one line per model within it, colour and shape by model.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meansPlot } from "./plots.ts";
 * const svg = meansPlot([{ group: "overall", model: "m", mean: 0.5, lower: 0.4, upper: 0.6 }], {
 *   models: ["m"], xLabel: "mean" });
 * assert.match(svg, /<svg/);
 * ```
 */
export function meansPlot(
  rows: readonly MeanRow[],
  options: { readonly models: readonly string[]; readonly xLabel: string },
): string {
  const groups = [...new Set(rows.map((r) => r.group))];
  const document = blankDocument();
  const figure = Plot.plot({
    document,
    width: 720,
    height: 92 + groups.length * (14 * options.models.length + 8),
    marginLeft: 220,
    marginRight: 20,
    style: STYLE,
    marginBottom: 48,
    marginTop: 48,
    x: xAxis(options.xLabel),
    y: { label: null, domain: options.models, axis: null },
    fy: { label: null, domain: groups, padding: 0.15 },
    color: {
      domain: options.models,
      range: MODEL_COLOURS.slice(0, Math.max(1, options.models.length)),
    },
    symbol: {
      domain: options.models,
      range: MODEL_SYMBOLS.slice(0, Math.max(1, options.models.length)),
      legend: true,
    },
    marks: [
      Plot.frame({ stroke: "#dddddd" }),
      Plot.ruleY(
        rows.filter((d) => d.lower !== null && d.upper !== null),
        {
          fy: "group",
          y: "model",
          x1: "lower",
          x2: "upper",
          stroke: "model",
          strokeWidth: 2,
        },
      ),
      Plot.dot(rows.filter((d) => d.mean !== null), {
        fy: "group",
        y: "model",
        x: "mean",
        stroke: "model",
        fill: "model",
        symbol: "model",
        r: 4,
        title: (d: MeanRow) =>
          `${d.group}, ${d.model}: ${d.mean} [${d.lower}, ${d.upper}]`,
      }),
      // A group where no model has a value still gets its row, saying so
      // (an empty facet would otherwise vanish and split the axis).
      Plot.text(
        groups.filter((g) =>
          rows.every((r) => r.group !== g || r.mean === null)
        ),
        {
          fy: (g: string) => g,
          frameAnchor: "middle",
          text: () => "undefined for every model (no defined value)",
          fill: "#444",
        },
      ),
    ],
  });
  return serialize(figure);
}

/** A fresh server-side document for one figure. */
type PlotDocument = NonNullable<
  NonNullable<Parameters<typeof Plot.plot>[0]>["document"]
>;

function blankDocument(): PlotDocument {
  const window = parseHTML("<!doctype html><html><body></body></html>");
  return (window as unknown as { document: PlotDocument }).document;
}

function serialize(node: unknown): string {
  return (node as { outerHTML: string }).outerHTML;
}
