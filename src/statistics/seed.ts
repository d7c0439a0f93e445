/**
 * The seed of each bootstrap interval (statistics.md §8, contract §12): the
 * digest of a canonical JSON object that names everything the interval
 * depends on, so that different data, labels or manifests draw different
 * streams and the seed in the artifact can be audited.
 *
 * @module
 */

import { digest, type JsonObject } from "../json/canonical.ts";
import { STATISTICS_VERSION } from "../types.ts";

/** What a bootstrap interval summarizes. */
export type BootstrapPurpose = "aggregate_mean" | "paired_mean_delta";

/** The fields of a seed object. */
export type SeedInput = {
  readonly purpose: BootstrapPurpose;
  readonly evaluationManifestHash: string;
  /** `[d]` for an aggregate, `[d_a, d_b]` (in that order) for a comparison. */
  readonly resultDigests: readonly string[];
  /** `[kind, name]` of the group, for example `["scenario", "office"]`. */
  readonly group: readonly [string, string];
  readonly metric: string;
  readonly resamples: number;
};

/**
 * The seed object `{statistics_version, purpose, evaluation_manifest_hash,
 * result_digests, group, metric, resamples}`.
 */
export function seedObject(input: SeedInput): JsonObject {
  const expected = input.purpose === "aggregate_mean" ? 1 : 2;
  if (input.resultDigests.length !== expected) {
    throw new RangeError(
      `${input.purpose} needs ${expected} result digest(s), found ${input.resultDigests.length}`,
    );
  }
  return {
    statistics_version: STATISTICS_VERSION,
    purpose: input.purpose,
    evaluation_manifest_hash: input.evaluationManifestHash,
    result_digests: [...input.resultDigests],
    group: [input.group[0], input.group[1]],
    metric: input.metric,
    resamples: input.resamples,
  };
}

/**
 * The hex seed: the digest of the canonical JSON of the seed object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapSeed } from "./seed.ts";
 * const seed = await bootstrapSeed({
 *   purpose: "aggregate_mean",
 *   evaluationManifestHash: "0".repeat(64),
 *   resultDigests: ["1".repeat(64)],
 *   group: ["overall", "overall"],
 *   metric: "evacuated_rate",
 *   resamples: 2000,
 * });
 * assert.ok(/^[0-9a-f]{64}$/.test(seed));
 * ```
 */
export function bootstrapSeed(input: SeedInput): Promise<string> {
  return digest(seedObject(input));
}
