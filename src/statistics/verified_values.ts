/**
 * A verified result reduced to what the statistics read of it: its fields,
 * the keys of its episodes, each episode's exact values (float-checked) in
 * an {@linkcode ExactTable}, and, for the aggregate, each episode's
 * robustness flags: about 200 bytes an episode, where a verified episode
 * weighs a kilobyte, so that a large result's statistics do not hold its
 * verified episodes (the proof hands them over one at a time:
 * `verify/sink.ts`).
 *
 * @module
 */

import { StatisticsInputError } from "../errors.ts";
import { at, expectInt, expectObject, field, rootCtx } from "../json/fields.ts";
import type { EpisodeKey } from "../types.ts";
import type { Reducer, VerifiedHeader } from "../verify/sink.ts";
import type { VerifiedEpisode } from "../verify/verified.ts";
import { METRIC_DEFINITIONS } from "./definitions.ts";
import { ExactTable } from "./exact_table.ts";

/** The robustness flags of an episode (statistics.md §5), as bits. */
export const ROBUSTNESS = Object.freeze({
  allResolved: 1,
  maxSteps: 2,
  casualties: 4,
  stranded: 8,
  zeroEvacuation: 16,
});

/** A verified result reduced to its keys, values and robustness flags. */
export type VerifiedValues = VerifiedHeader & {
  /** The keys of its episodes, in order (the manifest's own). */
  readonly episodes: readonly EpisodeKey[];
  /** Each episode's exact statistics values, by manifest index. */
  readonly values: ExactTable;
  /**
   * Each episode's {@linkcode ROBUSTNESS} flags, by manifest index (all 0
   * unless asked for).
   */
  readonly robustness: Uint8Array;
};

/**
 * The reducer that keeps a result's {@linkcode VerifiedValues}; with
 * `robustness`, each episode's robustness flags too (read from its safety
 * section; errors name `file` and the episode's position).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ROBUSTNESS, valuesReducer } from "./verified_values.ts";
 * import { reduceVerified } from "../verify/sink.ts";
 * import { verifyEvaluation } from "../verify/verify.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const verified = await verifyEvaluation(await runEvaluation(suite, "stay", { modelId: "stay" }), suite);
 * const kept = reduceVerified(verified, valuesReducer(true));
 * assert.equal(kept.episodes.length, 8);
 * assert.deepEqual(kept.values.get(0), verified.episodes[0]!.values);
 * // Staying put evacuates no one.
 * assert.ok((kept.robustness[0]! & ROBUSTNESS.zeroEvacuation) !== 0);
 * ```
 */
export function valuesReducer(
  robustness = false,
  file?: string,
): Reducer<VerifiedValues> {
  const indices: number[] = [];
  let values = new ExactTable(0, METRIC_DEFINITIONS.length);
  let flags = new Uint8Array(0);
  return {
    start: (manifest) => {
      const n = manifest.episodes.length;
      values = new ExactTable(n, METRIC_DEFINITIONS.length);
      flags = new Uint8Array(n);
    },
    episode: (e, i) => {
      indices.push(e.index);
      values.set(e.index, e.values);
      if (robustness) flags[e.index] = robustnessOf(e, i, file);
    },
    finish: (header) => {
      const manifest = header.evaluation_manifest.episodes;
      return {
        model_id: header.model_id,
        evaluation_manifest: header.evaluation_manifest,
        evaluation_manifest_hash: header.evaluation_manifest_hash,
        digest: header.digest,
        episodes: indices.map((k) => manifest[k]!),
        values,
        robustness: flags,
      };
    },
  };
}

/** The robustness flags of verified episode item `i`. */
function robustnessOf(
  e: VerifiedEpisode,
  i: number,
  file: string | undefined,
): number {
  const ctx = at(
    at(at(rootCtx(StatisticsInputError, file), "episodes"), i),
    "metrics",
  );
  // The verifier proved the dictionary; this reads its safety section as
  // an object with the three counts, whatever its other fields.
  const sctx = at(ctx, "safety");
  const stored = e.metrics.safety;
  const safety = expectObject(
    stored,
    sctx,
    ["casualties", "stranded", "evacuated"],
    Object.keys(stored ?? {}),
  );
  const count = (k: string) => expectInt(field(safety, k), at(sctx, k), 0);
  return (e.termination_reason === "all_resolved"
    ? ROBUSTNESS.allResolved
    : 0) |
    (e.termination_reason === "max_steps" ? ROBUSTNESS.maxSteps : 0) |
    (count("casualties") > 0 ? ROBUSTNESS.casualties : 0) |
    (count("stranded") > 0 ? ROBUSTNESS.stranded : 0) |
    (count("evacuated") === 0 ? ROBUSTNESS.zeroEvacuation : 0);
}
