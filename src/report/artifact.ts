/**
 * The strict reader of statistics artifacts (contract §12) for `summary` and
 * `report`: every field's presence and type is checked, unknown fields are
 * refused, `metric_definitions` must be exactly those of statistics 1.0,
 * the constants of `methods` and of every interval must be the contract's,
 * and the groups must come in the contract's order. What it returns is the
 * declared type of `src/statistics/artifact_types.ts`, built field by field
 * from what it checked, so the renderers read the same description of the
 * file that the writers build.
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
  float,
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import { StatisticsInputError } from "../errors.ts";
import { MIN_BOOTSTRAP_N } from "../bootstrap/interval.ts";
import { type EpisodeKey, STATISTICS_VERSION } from "../types.ts";
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
  metricDefinitionsJson,
} from "../statistics/definitions.ts";
import type {
  AggregateArtifact,
  AggregateGroupJson,
  AggregateMetricJson,
  ArtifactHeader,
  DeltaJson,
  IntervalJson,
  MethodsJson,
  PairedArtifact,
  PairedGroupJson,
  PairedMetricJson,
  QuantilesJson,
  RobustnessJson,
  StatisticsArtifact,
  StatisticsJson,
} from "../statistics/artifact_types.ts";

/** An artifact as read from a file: its value, the file and its digest. */
export type ArtifactFile = {
  /** The file it was read from, for messages. */
  readonly file: string;
  /** SHA-256 (hex) of the artifact's canonical bytes. */
  readonly digest: string;
  /** The artifact, of its declared type. */
  readonly artifact: StatisticsArtifact;
};

/** The robustness fields, in contract order. */
export const ROBUSTNESS_FIELDS: readonly (keyof RobustnessJson)[] = [
  "scheduled",
  "observed",
  "missing",
  "all_resolved",
  "max_steps",
  "with_casualties",
  "with_stranded",
  "zero_evacuation",
];

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
const METRIC_FIELDS = [
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
): Promise<ArtifactFile> {
  const ctx = rootCtx(StatisticsInputError, file);
  const top0 = expectObject(value, ctx, ["artifact"], [
    ...AGGREGATE_TOP,
    ...PAIRED_TOP,
  ]);
  const kind = expectEnum(field(top0, "artifact"), at(ctx, "artifact"), [
    "aggregate",
    "paired",
  ]);
  const top = expectObject(
    value,
    ctx,
    kind === "aggregate" ? AGGREGATE_TOP : PAIRED_TOP,
  );
  const sha = await digest(value);
  const header = readHeader(top, ctx);
  return {
    file,
    digest: sha,
    artifact: kind === "aggregate"
      ? readAggregate(top, ctx, header)
      : readPaired(top, ctx, header),
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
 * const a = { file: "a.json", artifact: { evaluation_manifest_hash: "aa" } };
 * const b = { file: "b.json", artifact: { evaluation_manifest_hash: "bb" } };
 * assert.throws(() => checkSameManifest([a, b]), /b\.json: evaluation_manifest_hash/);
 * checkSameManifest([a, a]);
 * ```
 */
export function checkSameManifest(
  artifacts: readonly {
    readonly file: string;
    readonly artifact: { readonly evaluation_manifest_hash: string };
  }[],
): void {
  const first = artifacts[0];
  for (const a of artifacts) {
    const hash = a.artifact.evaluation_manifest_hash;
    const firstHash = first?.artifact.evaluation_manifest_hash;
    if (first !== undefined && hash !== firstHash) {
      throw new StatisticsInputError(
        `artifacts of different evaluation manifests cannot be shown together: ${hash} differs from ${firstHash} of ${first.file}`,
        { file: a.file, path: "evaluation_manifest_hash" },
      );
    }
  }
}

type HeaderFields = Omit<ArtifactHeader, "artifact">;

function readHeader(top: JsonObject, ctx: Ctx): HeaderFields {
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
  const expected = metricDefinitionsJson();
  if (encode(defs) !== encode(expected)) {
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
    statistics_version: version,
    evaluation_manifest_hash: hex(top, "evaluation_manifest_hash", ctx),
    suite_id: str("suite_id"),
    suite_version: str("suite_version"),
    suite_hash: hex(top, "suite_hash", ctx),
    simulator_version: str("simulator_version"),
    observation_version: str("observation_version"),
    metrics_version: str("metrics_version"),
    scheduled_episodes: count(top, "scheduled_episodes", ctx),
    // The file's definitions encode equal to these (checked above).
    metric_definitions: expected,
    methods: readMethods(methods, mctx, bootstrap, bctx),
  };
}

function readMethods(
  methods: JsonObject,
  mctx: Ctx,
  bootstrap: JsonObject,
  bctx: Ctx,
): MethodsJson {
  const resamples = expectInt(
    field(bootstrap, "resamples"),
    at(bctx, "resamples"),
    1,
  );
  return {
    quantiles: constant(methods, "quantiles", mctx, "hyndman_fan_type_7"),
    variance: constant(methods, "variance", mctx, "sample_n_minus_1"),
    std: constant(methods, "std", mctx, "sqrt_of_float_variance"),
    bootstrap: {
      method: constant(bootstrap, "method", bctx, "percentile_bootstrap"),
      statistic: constant(bootstrap, "statistic", bctx, "mean"),
      level: level(bootstrap, bctx),
      resamples,
      min_n: minN(bootstrap, bctx),
      stream: constant(bootstrap, "stream", bctx, "shake256_counter_v1"),
    },
  };
}

function readAggregate(
  top: JsonObject,
  ctx: Ctx,
  header: HeaderFields,
): AggregateArtifact {
  const one = (g: JsonValue, gctx: Ctx): AggregateGroupJson => {
    const o = expectObject(g, gctx, [
      "kind",
      "name",
      "episode_indices",
      "missing_indices",
      "robustness",
      "metrics",
    ]);
    const rctx = at(gctx, "robustness");
    const r = expectObject(field(o, "robustness"), rctx, ROBUSTNESS_FIELDS);
    const rc = (k: keyof RobustnessJson) => count(r, k, rctx);
    const robustness: RobustnessJson = {
      scheduled: rc("scheduled"),
      observed: rc("observed"),
      missing: rc("missing"),
      all_resolved: rc("all_resolved"),
      max_steps: rc("max_steps"),
      with_casualties: rc("with_casualties"),
      with_stranded: rc("with_stranded"),
      zero_evacuation: rc("zero_evacuation"),
    };
    return {
      kind: groupKind(o, gctx),
      name: expectString(field(o, "name"), at(gctx, "name")),
      episode_indices: indexList(o, "episode_indices", gctx),
      missing_indices: indexList(o, "missing_indices", gctx),
      robustness,
      metrics: readMetrics(o, gctx, aggregateMetric),
    };
  };
  return {
    ...header,
    artifact: "aggregate",
    model_id: expectString(field(top, "model_id"), at(ctx, "model_id")),
    result_digest: hex(top, "result_digest", ctx),
    observed_episodes: count(top, "observed_episodes", ctx),
    missing_episodes: keys(top, "missing_episodes", ctx),
    ...readGroups(top, ctx, one),
  };
}

function aggregateMetric(
  m: JsonValue,
  mctx: Ctx,
  def: MetricDefinition,
): AggregateMetricJson {
  const e = expectObject(m, mctx, [
    "metric",
    "scheduled",
    "observed",
    "missing",
    "undefined",
    "statistics",
    "mean_ci",
  ]);
  const statistics = readStatistics(e, mctx);
  return {
    metric: def.metric,
    scheduled: count(e, "scheduled", mctx),
    observed: count(e, "observed", mctx),
    missing: count(e, "missing", mctx),
    undefined: count(e, "undefined", mctx),
    statistics,
    mean_ci: interval(field(e, "mean_ci"), at(mctx, "mean_ci")),
  };
}

function readPaired(
  top: JsonObject,
  ctx: Ctx,
  header: HeaderFields,
): PairedArtifact {
  const delta = constant(top, "delta", ctx, "A - B");
  const one = (g: JsonValue, gctx: Ctx): PairedGroupJson => {
    const o = expectObject(g, gctx, [
      "kind",
      "name",
      "paired_indices",
      "missing_from_a",
      "missing_from_b",
      "metrics",
    ]);
    const missingA = indexList(o, "missing_from_a", gctx);
    const missingB = indexList(o, "missing_from_b", gctx);
    return {
      kind: groupKind(o, gctx),
      name: expectString(field(o, "name"), at(gctx, "name")),
      paired_indices: indexList(o, "paired_indices", gctx),
      missing_from_a: missingA,
      missing_from_b: missingB,
      metrics: readMetrics(o, gctx, pairedMetric),
    };
  };
  return {
    ...header,
    artifact: "paired",
    delta,
    model_a: expectString(field(top, "model_a"), at(ctx, "model_a")),
    model_b: expectString(field(top, "model_b"), at(ctx, "model_b")),
    result_digest_a: hex(top, "result_digest_a", ctx),
    result_digest_b: hex(top, "result_digest_b", ctx),
    paired_count: count(top, "paired_count", ctx),
    missing_from_a: keys(top, "missing_from_a", ctx),
    missing_from_b: keys(top, "missing_from_b", ctx),
    ...readGroups(top, ctx, one),
  };
}

function pairedMetric(
  m: JsonValue,
  mctx: Ctx,
  def: MetricDefinition,
): PairedMetricJson {
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
  const lctx = at(mctx, "deltas");
  const deltas = expectArray(field(e, "deltas"), lctx).map(
    (d, i): DeltaJson => {
      const dctx = at(lctx, i);
      const o = expectObject(d, dctx, ["index", "delta"]);
      return {
        index: expectInt(field(o, "index"), at(dctx, "index"), 0),
        delta: jsonFloat(field(o, "delta"), at(dctx, "delta")),
      };
    },
  );
  const positive = count(e, "delta_positive", mctx);
  const negative = count(e, "delta_negative", mctx);
  const zero = count(e, "delta_zero", mctx);
  const statistics = readStatistics(e, mctx);
  // A descriptive metric has no direction, so no side can be better.
  const win = (k: string) => {
    if (def.direction !== null) return count(e, k, mctx);
    if (field(e, k) !== null) {
      fail(at(mctx, k), "expected null for a descriptive metric");
    }
    return null;
  };
  const aBetter = win("a_better");
  const bBetter = win("b_better");
  const ties = win("ties");
  return {
    metric: def.metric,
    paired: count(e, "paired", mctx),
    missing_from_a: count(e, "missing_from_a", mctx),
    missing_from_b: count(e, "missing_from_b", mctx),
    undefined: count(e, "undefined", mctx),
    deltas,
    statistics,
    mean_delta_ci: interval(
      field(e, "mean_delta_ci"),
      at(mctx, "mean_delta_ci"),
    ),
    delta_positive: positive,
    delta_negative: negative,
    delta_zero: zero,
    a_better: aBetter,
    b_better: bBetter,
    ties,
  };
}

function readGroups<G extends { readonly kind: string }>(
  top: JsonObject,
  ctx: Ctx,
  one: (g: JsonValue, gctx: Ctx) => G,
): { overall: G; scenarios: G[]; families: G[] } {
  const overall = one(field(top, "overall"), at(ctx, "overall"));
  if (overall.kind !== "overall") {
    fail(at(at(ctx, "overall"), "kind"), 'expected "overall"');
  }
  const list = (key: string, kind: string): G[] => {
    const lctx = at(ctx, key);
    return expectArray(field(top, key), lctx).map((g, i) => {
      const group = one(g, at(lctx, i));
      if (group.kind !== kind) {
        fail(at(at(lctx, i), "kind"), `expected ${JSON.stringify(kind)}`);
      }
      return group;
    });
  };
  const scenarios = list("scenarios", "scenario");
  return { overall, scenarios, families: list("families", "family") };
}

function groupKind(o: JsonObject, gctx: Ctx) {
  return expectEnum(field(o, "kind"), at(gctx, "kind"), [
    "overall",
    "scenario",
    "family",
  ]);
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
  return METRIC_DEFINITIONS.map((def, i) => {
    const m = list[i] ?? null;
    const mctx = at(lctx, i);
    const e = expectObject(m, mctx, ["metric"], METRIC_FIELDS);
    const name = expectString(field(e, "metric"), at(mctx, "metric"));
    if (name !== def.metric) {
      fail(at(mctx, "metric"), `expected ${JSON.stringify(def.metric)}`);
    }
    return one(m, mctx, def);
  });
}

function readStatistics(e: JsonObject, mctx: Ctx): StatisticsJson {
  const sctx = at(mctx, "statistics");
  const s = expectObject(field(e, "statistics"), sctx, STATISTICS);
  const n = expectInt(field(s, "n"), at(sctx, "n"), 0);
  const value = (o: JsonObject, k: string, octx: Ctx) =>
    floatOrNull(field(o, k), at(octx, k), n);
  const mean = value(s, "mean", sctx);
  const median = value(s, "median", sctx);
  const variance = value(s, "variance", sctx);
  const std = value(s, "std", sctx);
  const min = value(s, "min", sctx);
  const max = value(s, "max", sctx);
  const qctx = at(sctx, "quantiles");
  const q = expectObject(field(s, "quantiles"), qctx, QUANTILES);
  const quantiles: QuantilesJson = {
    p25: value(q, "p25", qctx),
    p50: value(q, "p50", qctx),
    p75: value(q, "p75", qctx),
    p90: value(q, "p90", qctx),
    p95: value(q, "p95", qctx),
  };
  return { n, mean, median, variance, std, min, max, quantiles };
}

function floatOrNull(v: JsonValue, ctx: Ctx, n: number): JsonFloat | null {
  if (n === 0) {
    if (v !== null) fail(ctx, "expected null when n = 0");
    return null;
  }
  if (v === null) return null;
  return jsonFloat(v, ctx);
}

/** A float lexeme as the value read (`expectFloat` refuses anything else). */
function jsonFloat(v: JsonValue, ctx: Ctx): JsonFloat {
  return v instanceof JsonFloat ? v : float(expectFloat(v, ctx));
}

function interval(v: JsonValue, ctx: Ctx): IntervalJson | null {
  if (v === null) return null;
  const o = expectObject(v, ctx, INTERVAL);
  const lower = jsonFloat(field(o, "lower"), at(ctx, "lower"));
  const upper = jsonFloat(field(o, "upper"), at(ctx, "upper"));
  if (!(lower.value <= upper.value)) fail(ctx, "expected lower <= upper");
  const resamples = expectInt(field(o, "resamples"), at(ctx, "resamples"), 1);
  const seed = hex(o, "seed", ctx);
  return {
    method: constant(o, "method", ctx, "percentile_bootstrap"),
    statistic: constant(o, "statistic", ctx, "mean"),
    level: level(o, ctx),
    resamples,
    seed,
    lower,
    upper,
  };
}

/** The string `value` that contract §12 fixes for `key`. */
function constant<const T extends string>(
  o: JsonObject,
  key: string,
  ctx: Ctx,
  value: T,
): T {
  const s = expectString(field(o, key), at(ctx, key));
  if (s !== value) fail(at(ctx, key), `expected ${JSON.stringify(value)}`);
  return value;
}

/** The level 0.95 of a bootstrap interval, a float. */
function level(o: JsonObject, ctx: Ctx): JsonFloat {
  const v = jsonFloat(field(o, "level"), at(ctx, "level"));
  if (v.value !== 0.95) fail(at(ctx, "level"), "expected 0.95");
  return v;
}

/** The bootstrap's minimum n, 5. */
function minN(o: JsonObject, ctx: Ctx): number {
  const n = count(o, "min_n", ctx);
  if (n !== MIN_BOOTSTRAP_N) {
    fail(at(ctx, "min_n"), `expected ${MIN_BOOTSTRAP_N}`);
  }
  return n;
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

function keys(top: JsonObject, key: string, ctx: Ctx): EpisodeKey[] {
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
