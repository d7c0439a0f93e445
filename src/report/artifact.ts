/**
 * The strict reader of statistics artifacts (contract §12) for `summary` and
 * `report`: every field's presence and type is checked, unknown fields are
 * refused, `metric_definitions` must be exactly those of statistics 1.0,
 * and the groups must come in the contract's order. What it returns holds
 * only what the renderers show, as plain numbers and strings.
 *
 * Artifacts read together must share one evaluation manifest
 * ({@linkcode checkSameManifest}): numbers from different manifests are
 * not comparable side by side.
 *
 * @module
 */

import {
  digest,
  encode,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import { StatisticsInputError } from "../errors.ts";
import { STATISTICS_VERSION } from "../types.ts";
import {
  at,
  type Ctx,
  expectArray,
  expectEnum,
  expectFloat,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  rootCtx,
} from "../json/fields.ts";
import {
  METRIC_DEFINITIONS,
  type MetricDefinition,
} from "../statistics/definitions.ts";

/** A 95 % interval as read: bounds, resamples and its seed. */
export type IntervalView = {
  readonly lower: number;
  readonly upper: number;
  readonly resamples: number;
  readonly seed: string;
};

/** One metric of one group of an aggregate artifact. */
export type AggregateMetricView = {
  readonly metric: string;
  readonly scheduled: number;
  readonly observed: number;
  readonly missing: number;
  readonly undefined: number;
  /** n of the defined values. */
  readonly n: number;
  readonly mean: number | null;
  readonly ci: IntervalView | null;
};

/** One metric of one group of a paired artifact. */
export type PairedMetricView = {
  readonly metric: string;
  readonly paired: number;
  readonly missingFromA: number;
  readonly missingFromB: number;
  readonly undefined: number;
  readonly n: number;
  readonly mean: number | null;
  readonly ci: IntervalView | null;
  /** A-better / B-better / ties; `null` for descriptive metrics. */
  readonly wins: readonly [number, number, number] | null;
};

/** Robustness counts of an aggregate group. */
export type RobustnessView = {
  readonly scheduled: number;
  readonly observed: number;
  readonly missing: number;
  readonly all_resolved: number;
  readonly max_steps: number;
  readonly with_casualties: number;
  readonly with_stranded: number;
  readonly zero_evacuation: number;
};

/** The robustness fields, in contract order. */
export const ROBUSTNESS_FIELDS = [
  "scheduled",
  "observed",
  "missing",
  "all_resolved",
  "max_steps",
  "with_casualties",
  "with_stranded",
  "zero_evacuation",
] as const;

/** A group of an artifact. */
export type GroupView<M> = {
  readonly kind: "overall" | "scenario" | "family";
  readonly name: string;
  /** Observed (aggregate) or paired episode indices. */
  readonly indices: readonly number[];
  readonly metrics: readonly M[];
};

/** An episode key of the top-level lists. */
export type EpisodeKeyView = {
  readonly index: number;
  readonly scenario_id: string;
  readonly scenario_hash: string;
  readonly seed: number;
};

/** What both artifacts share. */
export type HeaderView = {
  /** The file it was read from, for messages. */
  readonly file: string;
  /** SHA-256 (hex) of the artifact's canonical bytes. */
  readonly digest: string;
  readonly manifestHash: string;
  readonly suiteId: string;
  readonly suiteVersion: string;
  readonly suiteHash: string;
  readonly versions: {
    readonly statistics: string;
    readonly simulator: string;
    readonly observation: string;
    readonly metrics: string;
  };
  readonly scheduledEpisodes: number;
  readonly resamples: number;
  readonly definitions: readonly MetricDefinition[];
};

/** An aggregate artifact as read. */
export type AggregateView = HeaderView & {
  readonly artifact: "aggregate";
  readonly modelId: string;
  readonly resultDigest: string;
  readonly observedEpisodes: number;
  readonly missingEpisodes: readonly EpisodeKeyView[];
  readonly groups: readonly (GroupView<AggregateMetricView> & {
    readonly robustness: RobustnessView;
    readonly missingIndices: readonly number[];
  })[];
};

/** A paired artifact as read. */
export type PairedView = HeaderView & {
  readonly artifact: "paired";
  readonly modelA: string;
  readonly modelB: string;
  readonly resultDigestA: string;
  readonly resultDigestB: string;
  readonly pairedCount: number;
  readonly missingFromA: readonly EpisodeKeyView[];
  readonly missingFromB: readonly EpisodeKeyView[];
  readonly groups: readonly GroupView<PairedMetricView>[];
};

/** Either artifact. */
export type ArtifactView = AggregateView | PairedView;

const HEADER = [
  "statistics_version",
  "artifact",
  "evaluation_manifest_hash",
  "suite_id",
  "suite_version",
  "suite_hash",
  "simulator_version",
  "observation_version",
  "metrics_version",
  "scheduled_episodes",
  "metric_definitions",
  "methods",
  "overall",
  "scenarios",
  "families",
];
const AGGREGATE_TOP = [
  ...HEADER,
  "model_id",
  "result_digest",
  "observed_episodes",
  "missing_episodes",
];
const PAIRED_TOP = [
  ...HEADER,
  "model_a",
  "model_b",
  "result_digest_a",
  "result_digest_b",
  "delta",
  "paired_count",
  "missing_from_a",
  "missing_from_b",
];
const STATISTICS = [
  "n",
  "mean",
  "median",
  "variance",
  "std",
  "min",
  "max",
  "quantiles",
];
const QUANTILES = ["p25", "p50", "p75", "p90", "p95"];
const INTERVAL = [
  "method",
  "statistic",
  "level",
  "resamples",
  "seed",
  "lower",
  "upper",
];

/**
 * Read one artifact strictly; errors are {@linkcode StatisticsInputError}s
 * naming `file` and the field.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readArtifact } from "./artifact.ts";
 * await assert.rejects(readArtifact({ artifact: "aggregate" }, "a.json"), {
 *   name: "StatisticsInputError",
 *   message: /^a\.json: /,
 * });
 * ```
 */
export async function readArtifact(
  value: JsonValue,
  file: string,
): Promise<ArtifactView> {
  const ctx = rootCtx(StatisticsInputError, file);
  const kindCtx = at(ctx, "artifact");
  const top0 = expectObject(value, ctx, ["artifact"], [
    ...AGGREGATE_TOP,
    ...PAIRED_TOP,
  ]);
  const kind = expectEnum(field(top0, "artifact"), kindCtx, [
    "aggregate",
    "paired",
  ]);
  const top = expectObject(
    value,
    ctx,
    kind === "aggregate" ? AGGREGATE_TOP : PAIRED_TOP,
  );
  const sha = await digest(value);
  const header = readHeader(top, ctx, file, sha);
  if (kind === "aggregate") {
    return {
      ...header,
      artifact: "aggregate",
      modelId: expectString(field(top, "model_id"), at(ctx, "model_id")),
      resultDigest: hex(top, "result_digest", ctx),
      observedEpisodes: count(top, "observed_episodes", ctx),
      missingEpisodes: keys(top, "missing_episodes", ctx),
      groups: readGroups(top, ctx, (g, gctx) => {
        const o = expectObject(g, gctx, [
          "kind",
          "name",
          "episode_indices",
          "missing_indices",
          "robustness",
          "metrics",
        ]);
        const r = expectObject(
          field(o, "robustness"),
          at(gctx, "robustness"),
          ROBUSTNESS_FIELDS,
        );
        const robustness = Object.fromEntries(
          ROBUSTNESS_FIELDS.map((
            k,
          ) => [k, expectInt(field(r, k), at(at(gctx, "robustness"), k), 0)]),
        ) as RobustnessView;
        return {
          ...groupHead(o, gctx, "episode_indices"),
          missingIndices: indexList(o, "missing_indices", gctx),
          robustness,
          metrics: readMetrics(o, gctx, (m, mctx) => {
            const e = expectObject(m, mctx, [
              "metric",
              "scheduled",
              "observed",
              "missing",
              "undefined",
              "statistics",
              "mean_ci",
            ]);
            const [n, mean] = statistics(e, mctx);
            return {
              metric: String(field(e, "metric")),
              scheduled: count(e, "scheduled", mctx),
              observed: count(e, "observed", mctx),
              missing: count(e, "missing", mctx),
              undefined: count(e, "undefined", mctx),
              n,
              mean,
              ci: interval(field(e, "mean_ci"), at(mctx, "mean_ci")),
            };
          }),
        };
      }),
    };
  }
  const delta = expectString(field(top, "delta"), at(ctx, "delta"));
  if (delta !== "A - B") fail(at(ctx, "delta"), 'expected "A - B"');
  return {
    ...header,
    artifact: "paired",
    modelA: expectString(field(top, "model_a"), at(ctx, "model_a")),
    modelB: expectString(field(top, "model_b"), at(ctx, "model_b")),
    resultDigestA: hex(top, "result_digest_a", ctx),
    resultDigestB: hex(top, "result_digest_b", ctx),
    pairedCount: count(top, "paired_count", ctx),
    missingFromA: keys(top, "missing_from_a", ctx),
    missingFromB: keys(top, "missing_from_b", ctx),
    groups: readGroups(top, ctx, (g, gctx) => {
      const o = expectObject(g, gctx, [
        "kind",
        "name",
        "paired_indices",
        "missing_from_a",
        "missing_from_b",
        "metrics",
      ]);
      indexList(o, "missing_from_a", gctx);
      indexList(o, "missing_from_b", gctx);
      return {
        ...groupHead(o, gctx, "paired_indices"),
        metrics: readMetrics(o, gctx, (m, mctx, def) => {
          const e = expectObject(m, mctx, [
            "metric",
            "paired",
            "missing_from_a",
            "missing_from_b",
            "undefined",
            "deltas",
            "statistics",
            "mean_delta_ci",
            "delta_positive",
            "delta_negative",
            "delta_zero",
            "a_better",
            "b_better",
            "ties",
          ]);
          expectArray(field(e, "deltas"), at(mctx, "deltas")).forEach(
            (d, i) => {
              const dctx = at(at(mctx, "deltas"), i);
              const o = expectObject(d, dctx, ["index", "delta"]);
              expectInt(field(o, "index"), at(dctx, "index"), 0);
              expectFloat(field(o, "delta"), at(dctx, "delta"));
            },
          );
          for (const k of ["delta_positive", "delta_negative", "delta_zero"]) {
            count(e, k, mctx);
          }
          const [n, mean] = statistics(e, mctx);
          const winKeys = ["a_better", "b_better", "ties"] as const;
          let wins: [number, number, number] | null = null;
          if (def.direction === null) {
            for (const k of winKeys) {
              if (field(e, k) !== null) {
                fail(at(mctx, k), "expected null for a descriptive metric");
              }
            }
          } else {
            wins = winKeys.map((k) => count(e, k, mctx)) as [
              number,
              number,
              number,
            ];
          }
          return {
            metric: def.metric,
            paired: count(e, "paired", mctx),
            missingFromA: count(e, "missing_from_a", mctx),
            missingFromB: count(e, "missing_from_b", mctx),
            undefined: count(e, "undefined", mctx),
            n,
            mean,
            ci: interval(field(e, "mean_delta_ci"), at(mctx, "mean_delta_ci")),
            wins,
          };
        }),
      };
    }),
  };
}

/**
 * Refuse artifacts of different evaluation manifests read together; the
 * message names the first file that differs from the first one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSameManifest } from "./artifact.ts";
 * const a = { file: "a.json", manifestHash: "aa" }, b = { file: "b.json", manifestHash: "bb" };
 * assert.throws(() => checkSameManifest([a, b]), /b\.json: evaluation_manifest_hash/);
 * checkSameManifest([a, a]);
 * ```
 */
export function checkSameManifest(
  artifacts: readonly {
    readonly file: string;
    readonly manifestHash: string;
  }[],
): void {
  const first = artifacts[0];
  for (const a of artifacts) {
    if (first !== undefined && a.manifestHash !== first.manifestHash) {
      throw new StatisticsInputError(
        `artifacts of different evaluation manifests cannot be shown together: ${a.manifestHash} differs from ${first.manifestHash} of ${first.file}`,
        { file: a.file, path: "evaluation_manifest_hash" },
      );
    }
  }
}

function readHeader(
  top: JsonObject,
  ctx: Ctx,
  file: string,
  digest: string,
): HeaderView {
  const version = expectString(
    field(top, "statistics_version"),
    at(ctx, "statistics_version"),
  );
  if (version !== STATISTICS_VERSION) {
    fail(
      at(ctx, "statistics_version"),
      `expected "${STATISTICS_VERSION}", found ${JSON.stringify(version)}`,
    );
  }
  const defsCtx = at(ctx, "metric_definitions");
  const defs = expectArray(field(top, "metric_definitions"), defsCtx);
  if (
    encode(defs) !== encode(METRIC_DEFINITIONS.map((d) => ({ ...d })))
  ) {
    fail(
      defsCtx,
      `expected exactly the metric definitions of statistics ${STATISTICS_VERSION}`,
    );
  }
  const mctx = at(ctx, "methods");
  const methods = expectObject(field(top, "methods"), mctx, [
    "quantiles",
    "variance",
    "std",
    "bootstrap",
  ]);
  const bctx = at(mctx, "bootstrap");
  const bootstrap = expectObject(field(methods, "bootstrap"), bctx, [
    "method",
    "statistic",
    "level",
    "resamples",
    "min_n",
    "stream",
  ]);
  const str = (k: string) => expectString(field(top, k), at(ctx, k));
  return {
    file,
    digest,
    manifestHash: hex(top, "evaluation_manifest_hash", ctx),
    suiteId: str("suite_id"),
    suiteVersion: str("suite_version"),
    suiteHash: hex(top, "suite_hash", ctx),
    versions: {
      statistics: version,
      simulator: str("simulator_version"),
      observation: str("observation_version"),
      metrics: str("metrics_version"),
    },
    scheduledEpisodes: count(top, "scheduled_episodes", ctx),
    resamples: expectInt(
      field(bootstrap, "resamples"),
      at(bctx, "resamples"),
      1,
    ),
    definitions: METRIC_DEFINITIONS,
  };
}

function readGroups<G>(
  top: JsonObject,
  ctx: Ctx,
  one: (g: JsonValue, gctx: Ctx) => G & { kind: string },
): G[] {
  const overall = one(field(top, "overall"), at(ctx, "overall"));
  if (overall.kind !== "overall") {
    fail(at(at(ctx, "overall"), "kind"), 'expected "overall"');
  }
  const out = [overall];
  for (
    const [key, kind] of [["scenarios", "scenario"], ["families", "family"]]
  ) {
    const lctx = at(ctx, key!);
    expectArray(field(top, key!), lctx).forEach((g, i) => {
      const group = one(g, at(lctx, i));
      if (group.kind !== kind) {
        fail(at(at(lctx, i), "kind"), `expected ${JSON.stringify(kind)}`);
      }
      out.push(group);
    });
  }
  return out;
}

function groupHead(o: JsonObject, gctx: Ctx, indicesKey: string) {
  return {
    kind: expectEnum(field(o, "kind"), at(gctx, "kind"), [
      "overall",
      "scenario",
      "family",
    ]),
    name: expectString(field(o, "name"), at(gctx, "name")),
    indices: indexList(o, indicesKey, gctx),
  };
}

function readMetrics<M>(
  o: JsonObject,
  gctx: Ctx,
  one: (m: JsonValue, mctx: Ctx, def: MetricDefinition) => M,
): M[] {
  const lctx = at(gctx, "metrics");
  const list = expectArray(
    field(o, "metrics"),
    lctx,
    METRIC_DEFINITIONS.length,
    METRIC_DEFINITIONS.length,
  );
  return list.map((m, i) => {
    const mctx = at(lctx, i);
    const def = METRIC_DEFINITIONS[i]!;
    const e = expectObject(m, mctx, ["metric"], [
      "scheduled",
      "observed",
      "missing",
      "undefined",
      "statistics",
      "mean_ci",
      "paired",
      "missing_from_a",
      "missing_from_b",
      "deltas",
      "mean_delta_ci",
      "delta_positive",
      "delta_negative",
      "delta_zero",
      "a_better",
      "b_better",
      "ties",
    ]);
    const name = expectString(field(e, "metric"), at(mctx, "metric"));
    if (name !== def.metric) {
      fail(at(mctx, "metric"), `expected ${JSON.stringify(def.metric)}`);
    }
    return one(m, mctx, def);
  });
}

function statistics(e: JsonObject, mctx: Ctx): [number, number | null] {
  const sctx = at(mctx, "statistics");
  const s = expectObject(field(e, "statistics"), sctx, STATISTICS);
  const n = expectInt(field(s, "n"), at(sctx, "n"), 0);
  for (const k of STATISTICS.slice(1, -1)) {
    floatOrNull(field(s, k), at(sctx, k), n);
  }
  const qctx = at(sctx, "quantiles");
  const q = expectObject(field(s, "quantiles"), qctx, QUANTILES);
  for (const k of QUANTILES) floatOrNull(field(q, k), at(qctx, k), n);
  return [n, floatOrNull(field(s, "mean"), at(sctx, "mean"), n)];
}

function floatOrNull(v: JsonValue, ctx: Ctx, n: number): number | null {
  if (n === 0) {
    if (v !== null) fail(ctx, "expected null when n = 0");
    return null;
  }
  if (v === null) return null;
  return expectFloat(v, ctx);
}

function interval(v: JsonValue, ctx: Ctx): IntervalView | null {
  if (v === null) return null;
  const o = expectObject(v, ctx, INTERVAL);
  const lower = expectFloat(field(o, "lower"), at(ctx, "lower"));
  const upper = expectFloat(field(o, "upper"), at(ctx, "upper"));
  if (!(lower <= upper)) fail(ctx, "expected lower <= upper");
  return {
    lower,
    upper,
    resamples: expectInt(field(o, "resamples"), at(ctx, "resamples"), 1),
    seed: hex(o, "seed", ctx),
  };
}

function count(o: JsonObject, key: string, ctx: Ctx): number {
  return expectInt(field(o, key), at(ctx, key), 0);
}

function indexList(o: JsonObject, key: string, ctx: Ctx): number[] {
  const lctx = at(ctx, key);
  return expectArray(field(o, key), lctx).map((v, i) =>
    expectInt(v, at(lctx, i), 0)
  );
}

function keys(top: JsonObject, key: string, ctx: Ctx): EpisodeKeyView[] {
  const lctx = at(ctx, key);
  return expectArray(field(top, key), lctx).map((v, i) => {
    const kctx = at(lctx, i);
    const o = expectObject(v, kctx, [
      "index",
      "scenario_id",
      "scenario_hash",
      "seed",
    ]);
    return {
      index: expectInt(field(o, "index"), at(kctx, "index"), 0),
      scenario_id: expectString(
        field(o, "scenario_id"),
        at(kctx, "scenario_id"),
      ),
      scenario_hash: hex(o, "scenario_hash", kctx),
      seed: expectInt(field(o, "seed"), at(kctx, "seed"), 0),
    };
  });
}

function hex(o: JsonObject, key: string, ctx: Ctx): string {
  const s = expectString(field(o, key), at(ctx, key));
  if (!/^[0-9a-f]{64}$/.test(s)) {
    fail(at(ctx, key), "expected 64 lower-case hex digits");
  }
  return s;
}
