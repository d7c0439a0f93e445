/**
 * Whether parts belong together: made by this package version, of one
 * kind, one split, one model (or pair), one manifest, one R and one input,
 * and covering every shard exactly once. Each refusal is a
 * {@linkcode PartError} naming the part and the field that differs, with
 * the first part's value beside it.
 *
 * @module
 */

import { encode, type JsonValue } from "../json/canonical.ts";
import { PartError } from "../errors.ts";
import type { ShardFields } from "./part.ts";
import { partVersions } from "./shard.ts";

/** A part's name and SHARD. */
export type NamedFields = {
  readonly name: string;
  readonly fields: ShardFields;
};

/** The fields that must be equal in every statistics part. */
const SAME_STATISTICS = [
  "count",
  "rule",
  "model_ids",
  "evaluation_manifest_hash",
  "input_digests",
  "resamples",
  "intervals",
];

/** The fields that must be equal in every part, by kind. */
const SAME: Record<ShardFields["kind"], readonly string[]> = {
  run: ["count", "rule", "model_id", "evaluation_manifest_hash"],
  aggregate: SAME_STATISTICS,
  paired: SAME_STATISTICS,
};

/**
 * Refuse parts that do not belong together or do not cover every shard
 * once (see the module documentation).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkTogether } from "./together.ts";
 * import { partVersions } from "./shard.ts";
 * const part = (index: number, model_id: string) => ({ name: `p${index}`, fields: {
 *   kind: "run", index, count: 2, rule: "schedule_index_mod_count", model_id,
 *   evaluation_manifest_hash: "0".repeat(64), result_digest: "1".repeat(64), scheduled: 1,
 *   versions: partVersions() } as const });
 * checkTogether([part(0, "m"), part(1, "m")]);
 * assert.throws(() => checkTogether([part(0, "m"), part(1, "n")]),
 *   { message: 'p1: shard.model_id: "n" differs from p0\'s "m": parts of one merge come from one command' });
 * assert.throws(() => checkTogether([part(0, "m")]), /shard 1 of 2 is missing/);
 * ```
 */
export function checkTogether(parts: readonly NamedFields[]): void {
  if (parts.length === 0) throw new PartError("no part to merge");
  const versions = encode(partVersions() as unknown as JsonValue);
  for (const { name, fields } of parts) {
    if (encode(fields.versions as unknown as JsonValue) !== versions) {
      const theirs = fields.versions;
      throw new PartError(
        `made by @ember/stats ${theirs.package_version} (part format ${theirs.part_version}); this is ${partVersions().package_version} (${partVersions().part_version}): merge parts with the version that made them`,
        { file: name, path: "shard.versions" },
      );
    }
  }
  const [first, ...rest] = parts as [NamedFields, ...NamedFields[]];
  for (const part of rest) {
    if (part.fields.kind !== first.fields.kind) {
      throw new PartError(
        `a ${part.fields.kind} part; ${first.name} is a ${first.fields.kind} part`,
        { file: part.name, path: "shard.kind" },
      );
    }
    const a = first.fields as unknown as Record<string, JsonValue>;
    const b = part.fields as unknown as Record<string, JsonValue>;
    for (const key of SAME[first.fields.kind]) {
      if (encode(a[key]!) !== encode(b[key]!)) {
        throw new PartError(
          `${encode(b[key]!)} differs from ${first.name}'s ${
            encode(a[key]!)
          }: parts of one merge come from one command`,
          { file: part.name, path: `shard.${key}` },
        );
      }
    }
  }
  const byIndex = new Map<number, string>();
  for (const { name, fields } of parts) {
    const other = byIndex.get(fields.index);
    if (other !== undefined) {
      throw new PartError(
        `shard ${fields.index} of ${fields.count} is given twice (also ${other})`,
        { file: name, path: "shard.index" },
      );
    }
    byIndex.set(fields.index, name);
  }
  const count = first.fields.count;
  const missing: number[] = [];
  for (let k = 0; k < count; k++) if (!byIndex.has(k)) missing.push(k);
  if (missing.length > 0) {
    throw new PartError(
      `shard${missing.length === 1 ? "" : "s"} ${
        missing.slice(0, 10).join(", ")
      }${missing.length > 10 ? ", …" : ""} of ${count} ${
        missing.length === 1 ? "is" : "are"
      } missing (given: ${parts.length} part${parts.length === 1 ? "" : "s"})`,
      { file: "merge" },
    );
  }
}
