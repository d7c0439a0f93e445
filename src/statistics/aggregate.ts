/**
 * Aggregate statistics of one evaluation result (statistics.md, contract
 * §12): after full verification, per group (overall, scenarios, families)
 * the robustness counts and, per metric, the completeness counts, the
 * descriptive statistics of the defined values and a deterministic
 * bootstrap interval of their mean. No score, no ranking.
 *
 * @module
 */

import { episodeKey } from "../result/pairing.ts";
import type { Suite } from "../types.ts";
import { reduceVerified } from "../verify/sink.ts";
import type {
  AggregateArtifact,
  AggregateGroupJson,
  AggregateMetricJson,
} from "./artifact_types.ts";
import { checkResamples, DEFAULT_RESAMPLES } from "../bootstrap/interval.ts";
import {
  headerJson,
  intervalOptions,
  intervalSizes,
  type Pending,
  type ProgressCallback,
  type ResultInput,
  Summarizer,
  verifiedInput,
} from "./artifact.ts";
import type { KernelName } from "../kernel_name.ts";
import type { IntervalShare } from "./share.ts";
import { METRIC_DEFINITIONS } from "./definitions.ts";
import { type Group, statisticsGroups } from "./groups.ts";
import {
  ROBUSTNESS,
  valuesReducer,
  type VerifiedValues,
} from "./verified_values.ts";

/**
 * Options of {@linkcode aggregateStatistics}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { aggregateStatistics } from "./aggregate.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(aggregateStatistics({}, publicSuite(), { resamples: 99 }), RangeError);
 * await assert.rejects(aggregateStatistics({}, publicSuite(), { resamples: 100, file: "a.json" }), {
 *   name: "StatisticsInputError",
 *   message: "a.json: model_id: missing field",
 * });
 * ```
 */
export type AggregateOptions = {
  /** Bootstrap resamples R, an integer in [100, 1 000 000]; default 2000. */
  readonly resamples?: number;
  /** File name of the result, for error messages. */
  readonly file?: string;
  /** Progress: phase `"verify"` (episodes), then `"bootstrap"` (draws). */
  readonly onProgress?: ProgressCallback;
  /**
   * What draws the resamples and replays the records of a result given
   * as bytes or a value: `"wasm"` (default, the compiled kernels) or
   * `"reference"` (the TypeScript paths); the bytes are equal.
   */
  readonly kernel?: KernelName;
  /**
   * Threads for the intervals, an integer >= 1 (default: the logical
   * cores); the bytes are the same for any number.
   */
  readonly workers?: number;
  /**
   * Compute only this shard's share of the intervals (`null` in the
   * artifact for the others), recording in it which were computed: the
   * artifact of a statistics part (`merge` puts the parts together).
   */
  readonly share?: IntervalShare;
};

/**
 * The aggregate statistics artifact of an evaluation result. The result is
 * verified first (statistics.md §1; any failure raises
 * `StatisticsInputError`); `resamples` outside the integers in
 * [100, 1 000 000] raises `RangeError` before any work.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { aggregateStatistics } from "./aggregate.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
 * const artifact = await aggregateStatistics(result, suite, { resamples: 100 });
 * assert.ok(artifact.artifact === "aggregate");
 * ```
 */
export async function aggregateStatistics(
  result: ResultInput,
  suite: Suite,
  options: AggregateOptions = {},
): Promise<AggregateArtifact> {
  checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  intervalOptions(options);
  const res = await verifiedInput(result, suite, {
    ...(options.file === undefined ? {} : { file: options.file }),
    // One switch: the kernel that draws the resamples also replays.
    ...(options.kernel === undefined ? {} : { kernel: options.kernel }),
    onProgress: (done, total) => options.onProgress?.("verify", done, total),
  });
  return await aggregateOfValues(
    reduceVerified(res, valuesReducer(true, options.file)),
    suite,
    options,
  );
}

/**
 * The aggregate statistics artifact of a verified result reduced to its
 * values and robustness flags ({@linkcode valuesReducer} with
 * `robustness`), verified against `suite`: what {@linkcode
 * aggregateStatistics} computes once it has verified its input (the CLI
 * reduces the result as the proof verifies it).
 */
export async function aggregateOfValues(
  res: VerifiedValues,
  suite: Suite,
  options: AggregateOptions = {},
): Promise<AggregateArtifact> {
  const R = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const intervals = intervalOptions(options);
  const digest = res.digest;
  const manifest = res.evaluation_manifest;
  const values = res.values;
  const robust = res.robustness;
  const groups = statisticsGroups(suite, manifest);

  const sizes = intervalSizes(groups, (g, m) => values.defined(g.indices, m));
  const summarizer = new Summarizer(
    R,
    sizes,
    options.onProgress,
    intervals,
  );

  // A metric's entry is built whole once every interval is computed; until
  // then it waits beside its summary.
  type PendingMetric = Pending<Omit<AggregateMetricJson, "mean_ci">>;
  type PendingGroup = Omit<AggregateGroupJson, "metrics"> & {
    readonly metrics: readonly PendingMetric[];
  };
  const pendingGroup = async (g: Group): Promise<PendingGroup> => {
    const observed = g.indices.filter((k) => values.has(k));
    const missing = g.indices.filter((k) => !values.has(k));
    const countOf = (flag: number) =>
      observed.filter((k) => (robust[k]! & flag) !== 0).length;
    const metrics: PendingMetric[] = [];
    for (const [m, def] of METRIC_DEFINITIONS.entries()) {
      const xs = values.scaled(g.indices, m);
      // Read before the numerators are handed to a worker.
      const defined = xs.nums.length;
      const summary = await summarizer.summarize(xs, {
        purpose: "aggregate_mean",
        evaluationManifestHash: res.evaluation_manifest_hash,
        resultDigests: [digest],
        group: [g.kind, g.name],
        metric: def.metric,
      });
      metrics.push({
        summary,
        entry: {
          metric: def.metric,
          scheduled: g.indices.length,
          observed: observed.length,
          missing: missing.length,
          undefined: observed.length - defined,
          statistics: summary.statistics,
        },
      });
    }
    return {
      kind: g.kind,
      name: g.name,
      episode_indices: observed,
      missing_indices: missing,
      robustness: {
        scheduled: g.indices.length,
        observed: observed.length,
        missing: missing.length,
        all_resolved: countOf(ROBUSTNESS.allResolved),
        max_steps: countOf(ROBUSTNESS.maxSteps),
        with_casualties: countOf(ROBUSTNESS.casualties),
        with_stranded: countOf(ROBUSTNESS.stranded),
        zero_evacuation: countOf(ROBUSTNESS.zeroEvacuation),
      },
      metrics,
    };
  };

  const pending: PendingGroup[] = [];
  try {
    for (const g of groups) pending.push(await pendingGroup(g));
    await summarizer.finish();
  } finally {
    summarizer.close();
  }
  const built = pending.map((g): AggregateGroupJson => ({
    ...g,
    metrics: g.metrics.map(({ entry, summary }) => ({
      ...entry,
      mean_ci: summarizer.interval(summary),
    })),
  }));
  return {
    ...headerJson("aggregate", manifest, res.evaluation_manifest_hash, R),
    model_id: res.model_id,
    result_digest: digest,
    observed_episodes: res.episodes.length,
    missing_episodes: manifest.episodes
      .filter((k) => !values.has(k.index))
      .map(episodeKey),
    overall: built[0]!,
    scenarios: built.filter((g) => g.kind === "scenario"),
    families: built.filter((g) => g.kind === "family"),
  };
}
