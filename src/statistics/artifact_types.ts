/**
 * The statistics artifacts of contract §12 as TypeScript types, so that
 * what `aggregateStatistics` and `pairedStatistics` return is read by field,
 * not by string key. They are `type` aliases of JSON shapes (assignable to
 * `JsonObject`); floats are {@linkcode JsonFloat}, integers `number`.
 *
 * @module
 */

import type { JsonFloat, JsonObject } from "../json/canonical.ts";
import type { EpisodeKey } from "../types.ts";

/** §4 statistics of a list of values (`null` members when n is too small). */
export type StatisticsJson = {
  /** Number of values. */
  readonly n: number;
  /** Mean. */
  readonly mean: JsonFloat | null;
  /** Median. */
  readonly median: JsonFloat | null;
  /** Sample variance (n − 1). */
  readonly variance: JsonFloat | null;
  /** Square root of the float variance. */
  readonly std: JsonFloat | null;
  /** Smallest value. */
  readonly min: JsonFloat | null;
  /** Largest value. */
  readonly max: JsonFloat | null;
  /** Type-7 quantiles by level name. */
  readonly quantiles: { readonly [level: string]: JsonFloat | null };
};

/** The header every artifact starts with. */
export type ArtifactHeader = {
  /** Statistics version. */
  readonly statistics_version: string;
  /** `aggregate` or `paired`. */
  readonly artifact: "aggregate" | "paired";
  /** Hash of the evaluation manifest. */
  readonly evaluation_manifest_hash: string;
  /** Suite ID. */
  readonly suite_id: string;
  /** Suite version. */
  readonly suite_version: string;
  /** Suite hash. */
  readonly suite_hash: string;
  /** Simulator version. */
  readonly simulator_version: string;
  /** Observation version. */
  readonly observation_version: string;
  /** Metrics version. */
  readonly metrics_version: string;
  /** Episodes the manifest schedules. */
  readonly scheduled_episodes: number;
  /** The twelve metric definitions. */
  readonly metric_definitions: readonly JsonObject[];
  /** Methods: quantiles, variance, bootstrap parameters. */
  readonly methods: JsonObject;
};

/** One metric of one aggregate group. */
export type AggregateMetricJson = {
  /** Metric name. */
  readonly metric: string;
  /** Scheduled episodes of the group. */
  readonly scheduled: number;
  /** Observed episodes of the group. */
  readonly observed: number;
  /** Missing episodes of the group. */
  readonly missing: number;
  /** Observed episodes where the metric is undefined. */
  readonly undefined: number;
  /** Statistics of the defined values. */
  readonly statistics: StatisticsJson;
  /** 95 % bootstrap interval of the mean, or `null`. */
  readonly mean_ci: JsonObject | null;
};

/** One group (overall, a scenario, a family) of an aggregate artifact. */
export type AggregateGroupJson = {
  /** `overall`, `scenario` or `family`. */
  readonly kind: string;
  /** Group name. */
  readonly name: string;
  /** Observed manifest indices. */
  readonly episode_indices: readonly number[];
  /** Missing manifest indices. */
  readonly missing_indices: readonly number[];
  /** Robustness counts. */
  readonly robustness: { readonly [count: string]: number };
  /** Per metric, in definition order. */
  readonly metrics: readonly AggregateMetricJson[];
};

/** The aggregate artifact of one result (contract §12). */
export type AggregateArtifact = ArtifactHeader & {
  /** Model ID of the result. */
  readonly model_id: string;
  /** Digest of the result. */
  readonly result_digest: string;
  /** Episodes present. */
  readonly observed_episodes: number;
  /** Keys of the scheduled episodes missing from the result. */
  readonly missing_episodes: readonly EpisodeKey[];
  /** The overall group. */
  readonly overall: AggregateGroupJson;
  /** One group per scenario, in manifest order. */
  readonly scenarios: readonly AggregateGroupJson[];
  /** One group per family. */
  readonly families: readonly AggregateGroupJson[];
};

/** One metric of one paired group. */
export type PairedMetricJson = {
  /** Metric name. */
  readonly metric: string;
  /** Paired episodes of the group. */
  readonly paired: number;
  /** Scheduled episodes of the group missing from A. */
  readonly missing_from_a: number;
  /** Scheduled episodes of the group missing from B. */
  readonly missing_from_b: number;
  /** Paired episodes where a delta is undefined. */
  readonly undefined: number;
  /** Deltas A − B by manifest index. */
  readonly deltas: readonly {
    readonly index: number;
    readonly delta: JsonFloat;
  }[];
  /** Statistics of the deltas. */
  readonly statistics: StatisticsJson;
  /** 95 % bootstrap interval of the mean delta, or `null`. */
  readonly mean_delta_ci: JsonObject | null;
  /** Deltas above 0. */
  readonly delta_positive: number;
  /** Deltas below 0. */
  readonly delta_negative: number;
  /** Deltas equal to 0. */
  readonly delta_zero: number;
  /** Episodes where A is better by the metric's direction (null: none). */
  readonly a_better: number | null;
  /** Episodes where B is better (null: no direction). */
  readonly b_better: number | null;
  /** Ties (null: no direction). */
  readonly ties: number | null;
};

/** One group of a paired artifact. */
export type PairedGroupJson = {
  /** `overall`, `scenario` or `family`. */
  readonly kind: string;
  /** Group name. */
  readonly name: string;
  /** Paired manifest indices. */
  readonly paired_indices: readonly number[];
  /** Indices missing from A. */
  readonly missing_from_a: readonly number[];
  /** Indices missing from B. */
  readonly missing_from_b: readonly number[];
  /** Per metric, in definition order. */
  readonly metrics: readonly PairedMetricJson[];
};

/** The paired artifact of results A and B (contract §12). */
export type PairedArtifact = ArtifactHeader & {
  /** Model ID of A. */
  readonly model_a: string;
  /** Model ID of B. */
  readonly model_b: string;
  /** Digest of A. */
  readonly result_digest_a: string;
  /** Digest of B. */
  readonly result_digest_b: string;
  /** Always `A - B`. */
  readonly delta: "A - B";
  /** Episodes present in both. */
  readonly paired_count: number;
  /** Scheduled episodes A does not have. */
  readonly missing_from_a: readonly EpisodeKey[];
  /** Scheduled episodes B does not have. */
  readonly missing_from_b: readonly EpisodeKey[];
  /** The overall group. */
  readonly overall: PairedGroupJson;
  /** One group per scenario. */
  readonly scenarios: readonly PairedGroupJson[];
  /** One group per family. */
  readonly families: readonly PairedGroupJson[];
};
