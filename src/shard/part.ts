/**
 * The part format (docs/scale.md): what one shard of a command writes, a
 * canonical JSON object of two members. A run part is
 * `{"result":RESULT,"shard":SHARD}`, RESULT being exactly the canonical
 * text that `run` writes for the shard's episodes; a statistics part is
 * `{"artifact":ARTIFACT,"shard":SHARD}`, ARTIFACT being the artifact with
 * the intervals of other shards `null`. SHARD comes last (its key sorts
 * after both), so that a writer can hash the body as it streams it and put
 * the digest in SHARD; it names the shard, the rule, the versions and what
 * the part is bound to.
 *
 * @module
 */

import {
  encode,
  type JsonObject,
  type JsonValue,
  parse,
} from "../json/canonical.ts";
import { PartError } from "../errors.ts";
import {
  at,
  type Ctx,
  expectArray,
  expectDigest,
  expectEnum,
  expectId,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  rootCtx,
} from "../json/fields.ts";
import {
  MAX_SHARDS,
  type PartVersions,
  RUN_RULE,
  type Shard,
} from "./shard.ts";
import { INTERVAL_RULE } from "../statistics/share.ts";
import { MAX_RESAMPLES, MIN_RESAMPLES } from "../bootstrap/interval.ts";
import { partLimit } from "../statistics/artifact_bound.ts";

/** What a run part's SHARD holds. */
export type RunShardFields = Shard & {
  readonly kind: "run";
  readonly rule: "schedule_index_mod_count";
  readonly model_id: string;
  readonly evaluation_manifest_hash: string;
  /** SHA-256 of RESULT. */
  readonly result_digest: string;
  /** Episodes the manifest schedules in this shard. */
  readonly scheduled: number;
  readonly versions: PartVersions;
};

/** What a statistics part's SHARD holds. */
export type StatisticsShardFields = Shard & {
  readonly kind: "aggregate" | "paired";
  readonly rule: "longest_first_by_resamples_times_n";
  readonly evaluation_manifest_hash: string;
  /** The input results' digests, in the command's order (A, B). */
  readonly input_digests: readonly string[];
  readonly model_ids: readonly string[];
  readonly resamples: number;
  /** The artifact's intervals, all shards together. */
  readonly intervals: number;
  /** The intervals this part holds, by their place among them. */
  readonly held: readonly number[];
  /** R × n summed over the intervals held. */
  readonly work: number;
  /** SHA-256 of ARTIFACT. */
  readonly artifact_digest: string;
  readonly versions: PartVersions;
};

/** SHARD of either kind. */
export type ShardFields = RunShardFields | StatisticsShardFields;

/** The text of a part before its body. */
export function partStart(kind: ShardFields["kind"]): string {
  return kind === "run" ? '{"result":' : '{"artifact":';
}

/**
 * The text of a part after its body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partEnd } from "./part.ts";
 * assert.ok(partEnd({ kind: "run" } as never).startsWith(',"shard":{"kind":"run"'));
 * ```
 */
export function partEnd(fields: ShardFields): string {
  return `,"shard":${encode(fields as unknown as JsonValue)}}`;
}

/** A part's frame: where its body lies in its bytes, and its SHARD. */
export type PartFrame = {
  readonly fields: ShardFields;
  /** The body's first byte. */
  readonly start: number;
  /** The byte after the body. */
  readonly end: number;
};

const SHARD_KEY = new TextEncoder().encode(',"shard":{');
const BRACE = 0x7d;

/**
 * Which kind of part `bytes` start as (then {@linkcode readPartFrame}
 * reads it, or says why not), or `undefined` for anything else.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partKind } from "./part.ts";
 * assert.equal(partKind(new TextEncoder().encode('{"result":{')), "run");
 * assert.equal(partKind(new TextEncoder().encode('{"artifact":{')), "statistics");
 * assert.equal(partKind(new TextEncoder().encode('{"episodes":[')), undefined);
 * // A statistics artifact's first member is "artifact" too, a string.
 * assert.equal(partKind(new TextEncoder().encode('{"artifact":"aggregate"')), undefined);
 * ```
 */
export function partKind(bytes: Uint8Array): "run" | "statistics" | undefined {
  if (startsWith(bytes, `${partStart("run")}{`)) return "run";
  if (startsWith(bytes, `${partStart("aggregate")}{`)) return "statistics";
  return undefined;
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The frame of a part: its SHARD read strictly (each field checked, naming
 * `shard.FIELD`) and where its body lies; a {@linkcode PartError} naming
 * `file` if the bytes are not a part. SHARD is the last `,"shard":{` of
 * the text: a body's own strings cannot hold it (a canonical string
 * escapes its quotes), and a body that held such a member would not be
 * what its checks expect.
 */
export function readPartFrame(bytes: Uint8Array, file: string): PartFrame {
  const frame = frameOf(bytes, bytes, 0, bytes.length, file);
  if (frame === undefined) {
    throw new PartError(
      'not a part: no "shard" member at its end (a cut-off file?)',
      { file },
    );
  }
  return frame;
}

/**
 * {@linkcode readPartFrame} from a part's first bytes (`head`) and a tail
 * of it (`tail`, at offset `tailStart` of a part of `size` bytes); or
 * `undefined` when the tail does not reach back to SHARD (read more of it).
 */
export function frameOf(
  head: Uint8Array,
  tail: Uint8Array,
  tailStart: number,
  size: number,
  file: string,
): PartFrame | undefined {
  const refuse = (detail: string, path = ""): never => {
    throw new PartError(detail, { file, path });
  };
  const kind = partKind(head);
  const run = kind === "run";
  if (kind === undefined) {
    refuse('not a part: a part starts with {"result": or {"artifact":');
  }
  const found = lastIndexOf(tail, SHARD_KEY);
  if (tail[tail.length - 1] !== BRACE) {
    refuse('not a part: no "shard" member at its end (a cut-off file?)');
  }
  if (found < 0) {
    return tailStart === 0
      ? refuse('not a part: no "shard" member at its end (a cut-off file?)')
      : undefined;
  }
  const shardStart = found + SHARD_KEY.length - 1;
  const text = new TextDecoder().decode(
    tail.subarray(shardStart, tail.length - 1),
  );
  let value: JsonValue;
  try {
    value = parse(text, { file, limits: { maxFileBytes: partLimit() } });
  } catch (e) {
    refuse(`shard: not valid JSON (${(e as Error).message})`);
  }
  if (encode(value!) !== text) refuse("not canonical JSON", "shard");
  const ctx = rootCtx(PartError, file, "shard");
  const fields = run
    ? runShardFields(value!, ctx)
    : statisticsShardFields(value!, ctx);
  const start = partStart(fields.kind).length;
  const end = tailStart + found;
  if (end < start || tailStart + tail.length !== size) {
    refuse('not a part: no "shard" member at its end (a cut-off file?)');
  }
  return { fields, start, end };
}

function lastIndexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = bytes.length - pattern.length; i >= 0; i--) {
    for (let j = 0; j < pattern.length; j++) {
      if (bytes[i + j] !== pattern[j]) continue outer;
    }
    return i;
  }
  return -1;
}

const VERSION_KEYS = [
  "metrics_version",
  "observation_version",
  "package_version",
  "part_version",
  "schema_version",
  "simulator_version",
  "statistics_version",
];

function versions(v: JsonValue | undefined, ctx: Ctx): PartVersions {
  const o = expectObject(v, ctx, VERSION_KEYS);
  const out: Record<string, string> = {};
  for (const k of VERSION_KEYS) out[k] = expectString(field(o, k), at(ctx, k));
  return out as PartVersions;
}

function shardOf(o: JsonObject, ctx: Ctx): Shard {
  const count = expectInt(field(o, "count"), at(ctx, "count"), 1, MAX_SHARDS);
  const index = expectInt(field(o, "index"), at(ctx, "index"), 0, count - 1);
  return { index, count };
}

const RUN_KEYS = [
  "count",
  "evaluation_manifest_hash",
  "index",
  "kind",
  "model_id",
  "result_digest",
  "rule",
  "scheduled",
  "versions",
];

function runShardFields(v: JsonValue, ctx: Ctx): RunShardFields {
  const o = expectObject(v, ctx, RUN_KEYS);
  expectEnum(field(o, "kind"), at(ctx, "kind"), ["run"]);
  return {
    ...shardOf(o, ctx),
    kind: "run",
    rule: expectEnum(field(o, "rule"), at(ctx, "rule"), [RUN_RULE]),
    model_id: expectId(field(o, "model_id"), at(ctx, "model_id")),
    evaluation_manifest_hash: expectDigest(
      field(o, "evaluation_manifest_hash"),
      at(ctx, "evaluation_manifest_hash"),
    ),
    result_digest: expectDigest(
      field(o, "result_digest"),
      at(ctx, "result_digest"),
    ),
    scheduled: expectInt(field(o, "scheduled"), at(ctx, "scheduled"), 0),
    versions: versions(field(o, "versions"), at(ctx, "versions")),
  };
}

const STATISTICS_KEYS = [
  "artifact_digest",
  "count",
  "evaluation_manifest_hash",
  "held",
  "index",
  "input_digests",
  "intervals",
  "kind",
  "model_ids",
  "resamples",
  "rule",
  "versions",
  "work",
];

function statisticsShardFields(
  v: JsonValue,
  ctx: Ctx,
): StatisticsShardFields {
  const o = expectObject(v, ctx, STATISTICS_KEYS);
  const kind = expectEnum(field(o, "kind"), at(ctx, "kind"), [
    "aggregate",
    "paired",
  ]);
  const inputs = kind === "aggregate" ? 1 : 2;
  const intervals = expectInt(field(o, "intervals"), at(ctx, "intervals"), 0);
  const heldCtx = at(ctx, "held");
  const held = expectArray(field(o, "held"), heldCtx, 0, intervals).map((
    t,
    i,
  ) => expectInt(t, at(heldCtx, i), 0, intervals - 1));
  held.forEach((t, i) => {
    if (i > 0 && t <= held[i - 1]!) {
      fail(at(heldCtx, i), "intervals must be listed once each, in order");
    }
  });
  const list = (key: string, read: (v: JsonValue, c: Ctx) => string) => {
    const c = at(ctx, key);
    return expectArray(field(o, key), c, inputs, inputs).map((x, i) =>
      read(x, at(c, i))
    );
  };
  return {
    ...shardOf(o, ctx),
    kind,
    rule: expectEnum(field(o, "rule"), at(ctx, "rule"), [INTERVAL_RULE]),
    evaluation_manifest_hash: expectDigest(
      field(o, "evaluation_manifest_hash"),
      at(ctx, "evaluation_manifest_hash"),
    ),
    input_digests: list("input_digests", expectDigest),
    model_ids: list("model_ids", expectId),
    resamples: expectInt(
      field(o, "resamples"),
      at(ctx, "resamples"),
      MIN_RESAMPLES,
      MAX_RESAMPLES,
    ),
    intervals,
    held,
    work: expectInt(field(o, "work"), at(ctx, "work"), 0),
    artifact_digest: expectDigest(
      field(o, "artifact_digest"),
      at(ctx, "artifact_digest"),
    ),
    versions: versions(field(o, "versions"), at(ctx, "versions")),
  };
}
