/**
 * The statistics artifacts of contract §12 as TypeScript types: the one
 * description of their shape. The writers (`aggregateStatistics`,
 * `pairedStatistics`) build values of these types and the compiler checks
 * them; the strict reader of `summary` and `report` returns them. They are
 * `type` aliases of JSON shapes (assignable to `JsonObject`, so the encoder
 * takes them as they are); floats are {@linkcode JsonFloat}, integers
 * `number`, and the constants contract §12 fixes are literal types.
 *
 * @module
 */

import type { JsonFloat } from "../json/canonical.ts";
import type { EpisodeKey } from "../types.ts";
import type { MetricDefinition } from "./definitions.ts";

/** The type-7 quantiles of statistics.md §4, by level name. */
export type QuantilesJson = {
  /** Quantile at 1/4. */
  readonly p25: JsonFloat | null;
  /** Quantile at 1/2 (the median). */
  readonly p50: JsonFloat | null;
  /** Quantile at 3/4. */
  readonly p75: JsonFloat | null;
  /** Quantile at 9/10. */
  readonly p90: JsonFloat | null;
  /** Quantile at 19/20. */
  readonly p95: JsonFloat | null;
};

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
  readonly quantiles: QuantilesJson;
};

/** A 95 % percentile bootstrap interval of a mean (`mean_ci`, `mean_delta_ci`). */
export type IntervalJson = {
  /** Always `percentile_bootstrap`. */
  readonly method: "percentile_bootstrap";
  /** Always `mean`. */
  readonly statistic: "mean";
  /** Always 0.95. */
  readonly level: JsonFloat;
  /** R, the resamples. */
  readonly resamples: number;
  /** The stream's seed (hex digest of the seed input). */
  readonly seed: string;
  /** Lower bound: the type-7 quantile at 1/40 of the resampled means. */
  readonly lower: JsonFloat;
  /** Upper bound: the type-7 quantile at 39/40. */
  readonly upper: JsonFloat;
};

/** `methods` of contract §12: fixed but for R. */
export type MethodsJson = {
  /** Always `hyndman_fan_type_7`. */
  readonly quantiles: "hyndman_fan_type_7";
  /** Always `sample_n_minus_1`. */
  readonly variance: "sample_n_minus_1";
  /** Always `sqrt_of_float_variance`. */
  readonly std: "sqrt_of_float_variance";
  /** The bootstrap's parameters. */
  readonly bootstrap: {
    /** Always `percentile_bootstrap`. */
    readonly method: "percentile_bootstrap";
    /** Always `mean`. */
    readonly statistic: "mean";
    /** Always 0.95. */
    readonly level: JsonFloat;
    /** R, the resamples of every interval. */
    readonly resamples: number;
    /** The smallest n with an interval (5). */
    readonly min_n: number;
    /** Always `shake256_counter_v1`. */
    readonly stream: "shake256_counter_v1";
  };
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
  /** The twelve metric definitions, in statistics.md §2 order. */
  readonly metric_definitions: readonly MetricDefinition[];
  /** Methods: quantiles, variance, bootstrap parameters. */
  readonly methods: MethodsJson;
};

/** Which episodes a group holds: all, one scenario's or one family's. */
export type GroupKind = "overall" | "scenario" | "family";

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
  /** 95 % bootstrap interval of the mean, or `null` (n < 5). */
  readonly mean_ci: IntervalJson | null;
};

/** The robustness counts of an aggregate group (statistics.md §5). */
export type RobustnessJson = {
  /** Scheduled episodes. */
  readonly scheduled: number;
  /** Observed episodes. */
  readonly observed: number;
  /** Missing episodes. */
  readonly missing: number;
  /** Observed episodes that ended `all_resolved`. */
  readonly all_resolved: number;
  /** Observed episodes that ended `max_steps`. */
  readonly max_steps: number;
  /** Observed episodes with a casualty. */
  readonly with_casualties: number;
  /** Observed episodes with a stranded person. */
  readonly with_stranded: number;
  /** Observed episodes where nobody was evacuated. */
  readonly zero_evacuation: number;
};

/** One group (overall, a scenario, a family) of an aggregate artifact. */
export type AggregateGroupJson = {
  /** `overall`, `scenario` or `family`. */
  readonly kind: GroupKind;
  /** Group name. */
  readonly name: string;
  /** Observed manifest indices. */
  readonly episode_indices: readonly number[];
  /** Missing manifest indices. */
  readonly missing_indices: readonly number[];
  /** Robustness counts. */
  readonly robustness: RobustnessJson;
  /** Per metric, in definition order. */
  readonly metrics: readonly AggregateMetricJson[];
};

/** The aggregate artifact of one result (contract §12). */
export type AggregateArtifact = ArtifactHeader & {
  /** Always `aggregate`. */
  readonly artifact: "aggregate";
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

/** One delta A − B of a paired metric. */
export type DeltaJson = {
  /** Manifest index of the episode. */
  readonly index: number;
  /** A's value minus B's. */
  readonly delta: JsonFloat;
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
  readonly deltas: readonly DeltaJson[];
  /** Statistics of the deltas. */
  readonly statistics: StatisticsJson;
  /** 95 % bootstrap interval of the mean delta, or `null` (n < 5). */
  readonly mean_delta_ci: IntervalJson | null;
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
  readonly kind: GroupKind;
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
  /** Always `paired`. */
  readonly artifact: "paired";
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

/** Either artifact; `artifact` tells which. */
export type StatisticsArtifact = AggregateArtifact | PairedArtifact;
