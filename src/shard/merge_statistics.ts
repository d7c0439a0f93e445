/**
 * Merging statistics parts into the artifact that one `aggregate` or
 * `compare` would have written. Every part holds the whole artifact but
 * the intervals of other shards (`null`); the merge checks that the parts
 * agree on everything else, byte for byte, that each holds exactly the
 * intervals the split rule gives it (`statistics/share.ts`, recomputed
 * from the artifact's own n), and that each interval's seed is the one its
 * group and metric derive (so that no interval was moved to another
 * place); then it fills in the intervals.
 *
 * What the merge cannot check is an interval's bounds: only the inputs
 * can give them. A part is as trustworthy as the machine that computed
 * it; any shard can be recomputed and compared byte for byte
 * (docs/scale.md).
 *
 * @module
 */

import {
  encode,
  encodeBytes,
  type JsonObject,
  type JsonValue,
  parse,
} from "../json/canonical.ts";
import { PartError } from "../errors.ts";
import { sha256Hex } from "../json/sha256.ts";
import { isObject } from "../json/fields.ts";
import { MIN_BOOTSTRAP_N } from "../bootstrap/interval.ts";
import { bootstrapSeed } from "../statistics/seed.ts";
import { intervalOwners } from "../statistics/share.ts";
import { readPartFrame, type StatisticsShardFields } from "./part.ts";
import type { PartSource } from "./source.ts";
import { checkTogether } from "./together.ts";

/** The merged artifact and what it holds. */
export type MergedStatistics = {
  readonly kind: "aggregate" | "paired";
  readonly bytes: Uint8Array;
  readonly intervals: number;
  readonly artifact: JsonObject;
};

/** An interval's place: its group and metric, and the entry's n. */
type Slot = {
  readonly group: readonly [string, string];
  readonly metric: string;
  readonly n: number;
  readonly ci: JsonValue;
};

const GROUPS: readonly (readonly [string, string])[] = [
  ["overall", "overall"],
  ["scenarios", "scenario"],
  ["families", "family"],
];

function ciKey(kind: "aggregate" | "paired"): string {
  return kind === "aggregate" ? "mean_ci" : "mean_delta_ci";
}

/**
 * The intervals of an artifact in the order the statistics functions
 * compute them (overall, the scenarios, the families; in each, the metrics
 * in order), one per entry whose n reaches the bootstrap's minimum.
 */
function slots(artifact: JsonObject, kind: "aggregate" | "paired"): Slot[] {
  const out: Slot[] = [];
  for (const [key, groupKind] of GROUPS) {
    const value = artifact[key];
    const groups: JsonValue | undefined = key === "overall"
      ? [value ?? null]
      : value;
    if (!Array.isArray(groups)) throw new RangeError(`no ${key}`);
    for (const g of groups as readonly JsonValue[]) {
      const metrics = isObject(g) ? g["metrics"] : undefined;
      if (!isObject(g) || !Array.isArray(metrics)) {
        throw new RangeError(`a group of ${key} has no metrics`);
      }
      for (const m of metrics as readonly JsonValue[]) {
        if (!isObject(m) || !isObject(m["statistics"])) {
          throw new RangeError(`a metric of ${key} has no statistics`);
        }
        const n = m["statistics"]["n"];
        if (typeof n !== "number" || n < MIN_BOOTSTRAP_N) continue;
        out.push({
          group: [groupKind, String(g["name"])],
          metric: String(m["metric"]),
          n,
          ci: m[ciKey(kind)] ?? null,
        });
      }
    }
  }
  return out;
}

/**
 * The n of every interval of an artifact, in the order the statistics
 * functions compute them: what the split rule takes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactIntervalSizes } from "./merge_statistics.ts";
 * const group = (n: number) => ({ name: "g", metrics: [{ metric: "m", statistics: { n }, mean_ci: null }] });
 * const artifact = { artifact: "aggregate", overall: group(9), scenarios: [group(4), group(5)], families: [] };
 * assert.deepEqual(artifactIntervalSizes(artifact), [9, 5]);
 * ```
 */
export function artifactIntervalSizes(artifact: JsonObject): number[] {
  const kind = artifact["artifact"] === "paired" ? "paired" : "aggregate";
  return slots(artifact, kind).map((s) => s.n);
}

/** The artifact with the interval of slot t replaced by `pick(t)`. */
function withIntervals(
  artifact: JsonObject,
  kind: "aggregate" | "paired",
  pick: (t: number) => JsonValue,
): JsonObject {
  let t = 0;
  const key = ciKey(kind);
  const group = (g: JsonValue): JsonValue => {
    const o = g as JsonObject;
    return {
      ...o,
      metrics: (o["metrics"] as JsonValue[]).map((m) => {
        const e = m as JsonObject;
        const n = (e["statistics"] as JsonObject)["n"] as number;
        return n < MIN_BOOTSTRAP_N ? e : { ...e, [key]: pick(t++) };
      }),
    };
  };
  return {
    ...artifact,
    overall: group(artifact["overall"]!),
    scenarios: (artifact["scenarios"] as JsonValue[]).map(group),
    families: (artifact["families"] as JsonValue[]).map(group),
  };
}

type Checked = {
  readonly name: string;
  readonly fields: StatisticsShardFields;
  readonly artifact: JsonObject;
  readonly slots: readonly Slot[];
};

async function checkStatisticsPart(source: PartSource): Promise<Checked> {
  const name = source.name;
  const refuse = (detail: string, path = ""): never => {
    throw new PartError(detail, { file: name, path });
  };
  const bytes = await source.bytes();
  const frame = readPartFrame(bytes, name);
  if (frame.fields.kind === "run") {
    refuse("a run part, not a statistics part");
  }
  const fields = frame.fields as StatisticsShardFields;
  const body = bytes.subarray(frame.start, frame.end);
  const digest = sha256Hex(body);
  if (digest !== fields.artifact_digest) {
    refuse(
      `its artifact's digest is ${digest}, not the ${fields.artifact_digest} that it records (changed after it was written?)`,
      "shard.artifact_digest",
    );
  }
  const text = new TextDecoder().decode(body);
  const value = parse(text, { file: name });
  if (!isObject(value) || encode(value) !== text) {
    refuse("not a canonical statistics artifact", "artifact");
  }
  const artifact = value as JsonObject;
  if (artifact["artifact"] !== fields.kind) {
    refuse(
      `its artifact is ${
        JSON.stringify(artifact["artifact"])
      }, its shard says ${fields.kind}`,
      "artifact.artifact",
    );
  }
  let found: Slot[];
  try {
    found = slots(artifact, fields.kind);
  } catch (e) {
    refuse(`not a statistics artifact: ${(e as Error).message}`, "artifact");
  }
  if (found!.length !== fields.intervals) {
    refuse(
      `its artifact has ${
        found!.length
      } intervals, its shard says ${fields.intervals}`,
      "shard.intervals",
    );
  }
  const owners = intervalOwners(found!.map((s) => s.n), fields.count);
  const held = owners.flatMap((k, t) => k === fields.index ? [t] : []);
  if (encode(held) !== encode([...fields.held])) {
    refuse(
      `it holds intervals ${
        fields.held.join(", ")
      }; the split gives shard ${fields.index} of ${fields.count} intervals ${
        held.join(", ")
      }`,
      "shard.held",
    );
  }
  const purpose = fields.kind === "aggregate"
    ? "aggregate_mean"
    : "paired_mean_delta";
  for (const [t, slot] of found!.entries()) {
    const mine = owners[t] === fields.index;
    if (!mine) {
      if (slot.ci !== null) {
        refuse(
          `it has an interval of another shard (${
            slot.group.join(" ")
          }, ${slot.metric})`,
          "artifact",
        );
      }
      continue;
    }
    const seed = isObject(slot.ci) ? slot.ci["seed"] : undefined;
    const expected = await bootstrapSeed({
      purpose,
      evaluationManifestHash: fields.evaluation_manifest_hash,
      resultDigests: fields.input_digests,
      group: slot.group,
      metric: slot.metric,
      resamples: fields.resamples,
    });
    if (seed !== expected) {
      refuse(
        `the interval of ${
          slot.group.join(" ")
        }, ${slot.metric} is missing or has another seed than its place derives`,
        "artifact",
      );
    }
  }
  return { name, fields, artifact, slots: found! };
}

/**
 * Check statistics parts and merge them: a {@linkcode PartError} naming
 * the part for one that is not a statistics part, does not match its own
 * digest, holds other intervals than its share, or does not belong with
 * the others, or whose artifact differs from the first part's beyond the
 * intervals.
 */
export async function mergeStatisticsParts(
  sources: readonly PartSource[],
): Promise<MergedStatistics> {
  const checked: Checked[] = [];
  for (const source of sources) checked.push(await checkStatisticsPart(source));
  checkTogether(checked);
  const first = checked[0]!;
  const kind = first.fields.kind;
  const bare = (c: Checked) =>
    encode(withIntervals(c.artifact, kind, () => null));
  const skeleton = bare(first);
  for (const c of checked.slice(1)) {
    if (bare(c) !== skeleton) {
      throw new PartError(
        `its artifact differs from ${first.name}'s beyond the intervals each holds: parts of one merge come from one command on the same inputs`,
        { file: c.name, path: "artifact" },
      );
    }
  }
  const owners = intervalOwners(
    first.slots.map((s) => s.n),
    first.fields.count,
  );
  const byIndex = new Map(checked.map((c) => [c.fields.index, c]));
  const artifact = withIntervals(
    first.artifact,
    kind,
    (t) => byIndex.get(owners[t]!)!.slots[t]!.ci,
  );
  return {
    kind,
    bytes: encodeBytes(artifact),
    intervals: first.slots.length,
    artifact,
  };
}
