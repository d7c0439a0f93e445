/**
 * What a command keeps of a verified result as the proof verifies it: each
 * verified episode goes to a {@linkcode Reducer} as soon as it is proved,
 * and only what the reducer keeps of it stays, so that a command's memory
 * does not grow with the episodes it verifies by a kilobyte each (the
 * verified episodes of a {@linkcode VerifiedEvaluation}).
 *
 * @module
 */

import type { Manifest } from "../types.ts";
import type { VerifiedEpisode, VerifiedEvaluation } from "./verified.ts";

/** A verified result's fields beside its episodes. */
export type VerifiedHeader = Pick<
  VerifiedEvaluation,
  "model_id" | "evaluation_manifest" | "evaluation_manifest_hash" | "digest"
>;

/**
 * Takes a result's verified episodes one at a time, in order, then its
 * fields, once every episode is proved and the result is valid. A reducer
 * given episodes of a result that then proves not valid is dropped.
 */
export interface Reducer<T> {
  /** The result's manifest (proved the suite's), before its episodes. */
  start?(manifest: Manifest): void;
  /** Episode item `position` of the result, verified. */
  episode(episode: VerifiedEpisode, position: number): void;
  /** The result is valid: what the reducer keeps of it. */
  finish(header: VerifiedHeader): T;
}

/**
 * A verified result through a reducer, as the proof would have handed it
 * over (for results verified whole).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reduceVerified } from "./sink.ts";
 * import { verifyEvaluation } from "./verify.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const verified = await verifyEvaluation(await runEvaluation(suite, "stay", { modelId: "stay" }), suite);
 * const seen: number[] = [];
 * const kept = reduceVerified(verified, {
 *   episode: (e, i) => { seen.push(e.index - i); },
 *   finish: (h) => h.model_id,
 * });
 * assert.equal(kept, "stay");
 * assert.deepEqual(seen, [0, 0, 0, 0, 0, 0, 0, 0]);
 * ```
 */
export function reduceVerified<T>(
  verified: VerifiedEvaluation,
  reducer: Reducer<T>,
): T {
  reducer.start?.(verified.evaluation_manifest);
  verified.episodes.forEach((e, i) => reducer.episode(e, i));
  return reducer.finish(verified);
}

/** A verified result's fields and the manifest indices of its episodes. */
export type VerifiedIndices = VerifiedHeader & {
  readonly indices: readonly number[];
};

/**
 * A reducer that keeps the manifest indices of the episodes (what `verify`
 * reports: the count, the missing ones).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indicesReducer } from "./sink.ts";
 * const r = indicesReducer();
 * r.episode({ index: 3 } as never, 0);
 * r.episode({ index: 5 } as never, 1);
 * const kept = r.finish({ model_id: "m" } as never);
 * assert.deepEqual([...kept.indices], [3, 5]);
 * assert.equal(kept.model_id, "m");
 * ```
 */
export function indicesReducer(): Reducer<VerifiedIndices> {
  const indices: number[] = [];
  return {
    episode: (e) => {
      indices.push(e.index);
    },
    finish: (header) => ({
      model_id: header.model_id,
      evaluation_manifest: header.evaluation_manifest,
      evaluation_manifest_hash: header.evaluation_manifest_hash,
      digest: header.digest,
      indices,
    }),
  };
}
