/**
 * What a shard writes: the SHARD member of its part, and the part's text
 * around a body written elsewhere (the result writer's text of the shard's
 * episodes, or the artifact's canonical text).
 *
 * @module
 */

import { encodeBytes } from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import type {
  AggregateArtifact,
  PairedArtifact,
  StatisticsArtifact,
} from "../statistics/artifact_types.ts";
import type { IntervalShare } from "../statistics/share.ts";
import { INTERVAL_RULE } from "../statistics/share.ts";
import type { Manifest } from "../types.ts";
import {
  partEnd,
  partStart,
  type RunShardFields,
  type StatisticsShardFields,
} from "./part.ts";
import { inShard, partVersions, RUN_RULE, type Shard } from "./shard.ts";

/** What a run part writes before and after its result text. */
export type RunPartFrame = {
  readonly prefix: string;
  /** Given the SHA-256 of the result text. */
  readonly suffix: (resultDigest: string) => string;
};

/**
 * The frame of a run part around its result text: what comes before it,
 * and what comes after it given the text's SHA-256 (so that a writer can
 * stream the text and hash it as it goes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runPartFrame } from "./write_part.ts";
 * const frame = runPartFrame({ index: 1, count: 2 }, "m", { episodes: [{ index: 0 }, { index: 1 }] } as never, "0".repeat(64));
 * assert.equal(frame.prefix, '{"result":');
 * assert.match(frame.suffix("a".repeat(64)), /"scheduled":1,/);
 * ```
 */
export function runPartFrame(
  shard: Shard,
  modelId: string,
  manifest: Manifest,
  manifestHash: string,
): RunPartFrame {
  const scheduled = manifest.episodes.filter((e) => inShard(e.index, shard))
    .length;
  return {
    prefix: partStart("run"),
    suffix: (resultDigest) => {
      const fields: RunShardFields = {
        kind: "run",
        index: shard.index,
        count: shard.count,
        rule: RUN_RULE,
        model_id: modelId,
        evaluation_manifest_hash: manifestHash,
        result_digest: resultDigest,
        scheduled,
        versions: partVersions(),
      };
      return partEnd(fields);
    },
  };
}

/** What the SHARD of a statistics part reads of its artifact. */
export type StatisticsPartSource =
  | Pick<
    AggregateArtifact,
    | "artifact"
    | "evaluation_manifest_hash"
    | "result_digest"
    | "model_id"
    | "methods"
  >
  | Pick<
    PairedArtifact,
    | "artifact"
    | "evaluation_manifest_hash"
    | "result_digest_a"
    | "result_digest_b"
    | "model_a"
    | "model_b"
    | "methods"
  >;

/**
 * The frame of a statistics part around its artifact's canonical text:
 * what comes before it, and what comes after it given the text's SHA-256
 * (so that a writer can stream the text and hash it as it goes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statisticsPartFrame } from "./write_part.ts";
 * import { IntervalShare } from "../statistics/share.ts";
 * const share = new IntervalShare(0, 1);
 * share.assign([5], 100);
 * const artifact = { artifact: "aggregate", evaluation_manifest_hash: "h", result_digest: "d",
 *   model_id: "m", methods: { bootstrap: { resamples: 100 } } } as never;
 * const frame = statisticsPartFrame(artifact, share);
 * assert.equal(frame.prefix, '{"artifact":');
 * assert.match(frame.suffix("a".repeat(64)), /"artifact_digest":"a{64}"/);
 * ```
 */
export function statisticsPartFrame(
  artifact: StatisticsPartSource,
  share: IntervalShare,
): RunPartFrame {
  const paired = artifact.artifact === "paired";
  return {
    prefix: partStart(artifact.artifact),
    suffix: (bodyDigest) => {
      const fields: StatisticsShardFields = {
        kind: artifact.artifact,
        index: share.index,
        count: share.count,
        rule: INTERVAL_RULE,
        evaluation_manifest_hash: artifact.evaluation_manifest_hash,
        input_digests: paired
          ? [artifact.result_digest_a, artifact.result_digest_b]
          : [artifact.result_digest],
        model_ids: paired
          ? [artifact.model_a, artifact.model_b]
          : [artifact.model_id],
        resamples: artifact.methods.bootstrap.resamples,
        intervals: share.total,
        held: share.held,
        work: share.work,
        artifact_digest: bodyDigest,
        versions: partVersions(),
      };
      return partEnd(fields);
    },
  };
}

/**
 * The bytes of a statistics part: the artifact that a shard's
 * `aggregateStatistics` or `pairedStatistics` call made with `share`, and
 * its SHARD.
 */
export function statisticsPartBytes(
  artifact: StatisticsArtifact,
  share: IntervalShare,
): Uint8Array {
  const body = encodeBytes(artifact);
  const frame = statisticsPartFrame(artifact, share);
  return between(frame.prefix, body, frame.suffix(sha256Hex(body)));
}

/** `body` with the text `start` before it and `end` after it. */
function between(start: string, body: Uint8Array, end: string): Uint8Array {
  const head = new TextEncoder().encode(start);
  const tail = new TextEncoder().encode(end);
  const out = new Uint8Array(head.length + body.length + tail.length);
  out.set(head, 0);
  out.set(body, head.length);
  out.set(tail, head.length + body.length);
  return out;
}

/**
 * A result's canonical bytes inside a run part's frame
 * ({@linkcode runPartFrame}); the bytes as they are without one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { framedBytes } from "./write_part.ts";
 * const bytes = new TextEncoder().encode("{}");
 * const frame = { prefix: "[", suffix: (d: string) => `,"${d.slice(0, 4)}"]` };
 * assert.equal(new TextDecoder().decode(framedBytes(bytes, frame)), '[{},"4413"]');
 * assert.ok(framedBytes(bytes, undefined) === bytes);
 * ```
 */
export function framedBytes(
  result: Uint8Array,
  frame: RunPartFrame | undefined,
): Uint8Array {
  if (frame === undefined) return result;
  return between(frame.prefix, result, frame.suffix(sha256Hex(result)));
}
