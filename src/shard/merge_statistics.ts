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
  containerEnd,
  DeferredJson,
  encode,
  encodeBytes,
  type JsonObject,
  type JsonValue,
  parse,
  parseDeferring,
} from "../json/canonical.ts";
import { PartError } from "../errors.ts";
import { Sha256, sha256Hex } from "../json/sha256.ts";
import { isObject } from "../json/fields.ts";
import { MIN_BOOTSTRAP_N } from "../bootstrap/interval.ts";
import { bootstrapSeed } from "../statistics/seed.ts";
import { intervalOwners } from "../statistics/share.ts";
import { partLimit } from "../statistics/artifact_bound.ts";
import { readPartFrame, type StatisticsShardFields } from "./part.ts";
import type { PartSource } from "./source.ts";
import { checkTogether } from "./together.ts";

/** The merged artifact and what it holds. */
export type MergedStatistics = {
  readonly kind: "aggregate" | "paired";
  readonly bytes: Uint8Array;
  readonly intervals: number;
};

/**
 * An interval's place: its group and metric, the entry's n, and, for an
 * artifact read with its metric entries deferred, where the interval's
 * value lies in the text.
 */
type Slot = {
  readonly group: readonly [string, string];
  readonly metric: string;
  readonly n: number;
  readonly ci: JsonValue;
  readonly span?: readonly [number, number];
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
      for (const entry of metrics as readonly JsonValue[]) {
        // One entry built at a time: a paired entry holds every delta.
        const m = entry instanceof DeferredJson ? entry.value() : entry;
        if (!isObject(m) || !isObject(m["statistics"])) {
          throw new RangeError(`a metric of ${key} has no statistics`);
        }
        const n = m["statistics"]["n"];
        if (typeof n !== "number" || n < MIN_BOOTSTRAP_N) continue;
        const span = entry instanceof DeferredJson
          ? memberSpan(entry.text, entry.start, ciKey(kind))
          : undefined;
        if (entry instanceof DeferredJson && span === undefined) {
          throw new RangeError(`a metric of ${key} has no ${ciKey(kind)}`);
        }
        out.push({
          group: [groupKind, String(g["name"])],
          metric: String(m["metric"]),
          n,
          ci: m[ciKey(kind)] ?? null,
          ...(span === undefined ? {} : { span }),
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

/**
 * Whether a reading's path is a metric entry (`overall.metrics[k]`,
 * `scenarios[i].metrics[k]`, `families[i].metrics[k]`): those values are
 * deferred, so that an artifact is never a tree of all its deltas.
 */
function isEntry(segs: readonly (string | number)[]): boolean {
  return segs[0] === "overall"
    ? segs.length === 3 && segs[1] === "metrics"
    : (segs[0] === "scenarios" || segs[0] === "families") &&
      segs.length === 4 && segs[2] === "metrics";
}

/** Where the quoted string that starts at `i` ends (after its quote). */
function stringEnd(text: string, i: number): number {
  for (i++; text.charCodeAt(i) !== 0x22; i++) {
    if (text.charCodeAt(i) === 0x5c) i++;
  }
  return i + 1;
}

/**
 * The span of the value of member `key` of the object at `open` in a
 * valid canonical text (no whitespace), or `undefined` when it has none:
 * its own members only, so a member of that name nested deeper is not
 * taken for it.
 */
function memberSpan(
  text: string,
  open: number,
  key: string,
): [number, number] | undefined {
  const quoted = `"${key}"`;
  let i = open + 1;
  while (text.charCodeAt(i) !== 0x7d) {
    const keyEnd = stringEnd(text, i);
    const start = keyEnd + 1;
    const c = text.charCodeAt(start);
    let end = start;
    if (c === 0x7b || c === 0x5b) end = containerEnd(text, start)!;
    else if (c === 0x22) end = stringEnd(text, start);
    else {
      while (text.charCodeAt(end) !== 0x2c && text.charCodeAt(end) !== 0x7d) {
        end++;
      }
    }
    if (text.slice(i, keyEnd) === quoted) return [start, end];
    i = text.charCodeAt(end) === 0x2c ? end + 1 : end;
  }
  return undefined;
}

/**
 * The canonical text with the interval of each slot replaced by
 * `piece(t)`, handed to `out` in pieces, in order. Canonical text puts each
 * value in its place whatever the values around it, so this is the
 * encoding of the artifact with those intervals (the unsharded bytes),
 * built without the artifact as a tree.
 */
function spliced(
  text: string,
  found: readonly Slot[],
  piece: (t: number) => string,
  out: (piece: string) => void,
): void {
  const order = found.map((_, t) => t).sort((x, y) =>
    found[x]!.span![0] - found[y]!.span![0]
  );
  let at = 0;
  for (const t of order) {
    const [start, end] = found[t]!.span!;
    out(text.slice(at, start));
    out(piece(t));
    at = end;
  }
  out(text.slice(at));
}

/** The body kept of every part but the first: none. */
const EMPTY = new Uint8Array(0);

/**
 * A checked part, without its artifact: a paired artifact's deltas are
 * hundreds of thousands of values (17 MB of text at 10,400 pairs, many
 * times that as objects), so holding every part's parsed artifact until
 * the merge took 1.5 GB for four parts. Each part is parsed, checked and
 * let go; what the merge needs of it is kept as bytes (which hold no
 * slice of the text, so not the text either): the intervals it holds,
 * and the digest of the rest, against which the others are compared. The
 * first part's body is kept to be parsed again for the merge.
 */
type Checked = {
  readonly name: string;
  readonly fields: StatisticsShardFields;
  /** SHA-256 of the artifact's canonical text with every interval null. */
  readonly skeleton: string;
  /** The n of each interval, in slot order. */
  readonly sizes: readonly number[];
  /** The canonical JSON array of the intervals held, in `held` order. */
  readonly held: Uint8Array;
  /** The artifact's canonical bytes. */
  readonly body: Uint8Array;
};

/** SHA-256 of the text with every interval `null`: what parts share. */
function skeletonDigest(text: string, found: readonly Slot[]): string {
  const hash = new Sha256();
  spliced(text, found, () => "null", (piece) => hash.update(piece));
  return hash.hex();
}

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
  // Within the part limit, which `cli/merge.ts` read it under.
  const limits = { maxFileBytes: partLimit() };
  const { value, canonical } = parseDeferring(text, isEntry, {
    file: name,
    limits,
  });
  if (!isObject(value) || !canonical) {
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
  return {
    name,
    fields,
    skeleton: skeletonDigest(text, found!),
    sizes: found!.map((slot) => slot.n),
    held: encodeBytes(held.map((t) => found![t]!.ci)),
    body,
  };
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
  for (const source of sources) {
    const c = await checkStatisticsPart(source);
    // Only the first part's body is needed (and kept) past its check.
    checked.push(checked.length === 0 ? c : { ...c, body: EMPTY });
  }
  checkTogether(checked);
  const first = checked[0]!;
  const kind = first.fields.kind;
  for (const c of checked.slice(1)) {
    if (c.skeleton !== first.skeleton) {
      throw new PartError(
        `its artifact differs from ${first.name}'s beyond the intervals each holds: parts of one merge come from one command on the same inputs`,
        { file: c.name, path: "artifact" },
      );
    }
  }
  const intervals = new Map<number, JsonValue>();
  for (const c of checked) {
    const values = parse(new TextDecoder().decode(c.held), {
      limits: { maxFileBytes: partLimit() },
    }) as JsonValue[];
    c.fields.held.forEach((t, k) => intervals.set(t, values[k]!));
  }
  const text = new TextDecoder().decode(first.body);
  const found = slots(
    parseDeferring(text, isEntry, {
      file: first.name,
      limits: { maxFileBytes: partLimit() },
    }).value as JsonObject,
    kind,
  );
  const pieces: Uint8Array[] = [];
  const utf8 = new TextEncoder();
  spliced(
    text,
    found,
    (t) => encode(intervals.get(t)!),
    (piece) => pieces.push(utf8.encode(piece)),
  );
  const bytes = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    bytes.set(p, at);
    at += p.length;
  }
  return { kind, bytes, intervals: first.sizes.length };
}
