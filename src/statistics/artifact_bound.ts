/**
 * The input limit of a statistics artifact (and of a statistics part),
 * computed from the episode and string-length limits: the size of the
 * widest artifact of `episodes` episodes, so that `summary`, `report` and
 * `merge` read whatever `aggregate`, `compare` and `merge` write under the
 * same limits. The writers refuse an artifact beyond it (a suite of more
 * groups or family memberships than the bound's shape), so the rule holds
 * for every suite; docs/security.md has the derivation.
 *
 * The bound's shape: every number as wide as it can be (floats of 24
 * characters, counts and indices of the episode limit's digits, seeds of
 * 2^53 − 1, R of 1,000,000), IDs of 64 characters, the suite version of
 * `string-length` code units each escaped as `\uXXXX`; one scenario group
 * and one family group per 8 episodes (the public suite has 19 for 104),
 * each episode in six groups (overall, its scenario, four families) and
 * missing from both results of a comparison.
 *
 * @module
 */

import { encode, float, type JsonValue } from "../json/canonical.ts";
import { beyondLimit, type Limits, limitsWith } from "../limits.ts";
import { FileError } from "../errors.ts";
import { MAX_RESAMPLES } from "../bootstrap/interval.ts";
import { METRIC_DEFINITIONS } from "./definitions.ts";
import { headerJson } from "./artifact.ts";
import type {
  AggregateArtifact,
  AggregateGroupJson,
  IntervalJson,
  PairedArtifact,
  PairedGroupJson,
  StatisticsJson,
} from "./artifact_types.ts";
import type { EpisodeKey } from "../types.ts";

/** Episodes per scenario group, and per family group, in the bound's shape. */
export const EPISODES_PER_GROUP = 8;
/** Groups that hold each episode in the bound's shape. */
export const GROUPS_PER_EPISODE = 6;
/** Bytes of a part's frame beside its artifact and its list of intervals. */
const PART_FRAME = 4096;

/** Bytes of a code unit at its widest in canonical JSON (`\u0001`). */
const ESCAPED_UNIT = 6;

/** A float whose canonical text is as long as any (24 characters). */
const WIDEST = float(-2.2250738585072014e-308);
const ID = "x".repeat(64);
const DIGEST = "0".repeat(64);

/** Descriptive statistics at their widest. */
function statistics(count: number): StatisticsJson {
  return {
    n: count,
    mean: WIDEST,
    median: WIDEST,
    variance: WIDEST,
    std: WIDEST,
    min: WIDEST,
    max: WIDEST,
    quantiles: {
      p25: WIDEST,
      p50: WIDEST,
      p75: WIDEST,
      p90: WIDEST,
      p95: WIDEST,
    },
  };
}

/** An interval at its widest. */
const INTERVAL: IntervalJson = {
  method: "percentile_bootstrap",
  statistic: "mean",
  level: float(0.95),
  resamples: MAX_RESAMPLES,
  seed: DIGEST,
  lower: WIDEST,
  upper: WIDEST,
};

/** An aggregate group at its widest, with no episode. */
function aggregateGroup(count: number): AggregateGroupJson {
  return {
    kind: "scenario",
    name: ID,
    episode_indices: [],
    missing_indices: [],
    robustness: {
      scheduled: count,
      observed: count,
      missing: count,
      all_resolved: count,
      max_steps: count,
      with_casualties: count,
      with_stranded: count,
      zero_evacuation: count,
    },
    metrics: METRIC_DEFINITIONS.map((d) => ({
      metric: d.metric,
      scheduled: count,
      observed: count,
      missing: count,
      undefined: count,
      statistics: statistics(count),
      mean_ci: INTERVAL,
    })),
  };
}

/** A paired group at its widest, with no episode. */
function pairedGroup(count: number): PairedGroupJson {
  return {
    kind: "scenario",
    name: ID,
    paired_indices: [],
    missing_from_a: [],
    missing_from_b: [],
    metrics: METRIC_DEFINITIONS.map((d) => ({
      metric: d.metric,
      paired: count,
      missing_from_a: count,
      missing_from_b: count,
      undefined: count,
      deltas: [],
      statistics: statistics(count),
      mean_delta_ci: INTERVAL,
      delta_positive: count,
      delta_negative: count,
      delta_zero: count,
      a_better: count,
      b_better: count,
      ties: count,
    })),
  };
}

/** The shared header at its widest (the kind is replaced by the caller). */
function header(episodes: number) {
  const manifest = {
    suite_id: ID,
    // Left empty here: its widest text (each code unit escaped as six
    // bytes, the most one takes) is added by `artifactShape` without
    // encoding megabytes of escapes on every command.
    suite_version: "",
    suite_hash: DIGEST,
    simulator_version: "1.0",
    observation_version: "1.0",
    metrics_version: "1.0",
    schema_version: "1.0",
    episodes: [],
  };
  return {
    ...headerJson("aggregate", manifest, DIGEST, MAX_RESAMPLES),
    scheduled_episodes: episodes,
  };
}

/** How an artifact's size grows: its fixed text, per group, per episode. */
export type ArtifactShape = {
  /** The header and the overall group, with no episode. */
  readonly fixed: number;
  /** A scenario or family group with no episode, with its comma. */
  readonly group: number;
  /** An episode in one group (its index, and for a paired artifact its deltas). */
  readonly member: number;
  /** An episode key of the top-level lists, with its comma. */
  readonly key: number;
  /** Top-level keys per episode (missing: one list, or both of a comparison). */
  readonly keys: number;
};

/**
 * The widest sizes of each piece of an artifact of `kind` under `limits`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactShape } from "./artifact_bound.ts";
 * const s = artifactShape("aggregate", { maxEpisodes: 100 });
 * assert.equal(s.member, 3); // "99,"
 * assert.equal(s.keys, 1);
 * ```
 */
export function artifactShape(
  kind: "aggregate" | "paired",
  limits?: Partial<Limits>,
): ArtifactShape {
  const l = limitsWith(limits);
  const count = l.maxEpisodes;
  const index = count - 1;
  const digits = String(index).length;
  const key: EpisodeKey = {
    index,
    scenario_id: ID,
    scenario_hash: DIGEST,
    seed: Number.MAX_SAFE_INTEGER,
  };
  const head = header(count);
  // The suite version at its widest: `string-length` control characters.
  const version = ESCAPED_UNIT * l.maxStringLength;
  if (kind === "aggregate") {
    const fixed: AggregateArtifact = {
      ...head,
      artifact: "aggregate",
      model_id: ID,
      result_digest: DIGEST,
      observed_episodes: count,
      missing_episodes: [],
      overall: aggregateGroup(count),
      scenarios: [],
      families: [],
    };
    return {
      fixed: size(fixed) + version,
      group: size(aggregateGroup(count)) + 1,
      member: digits + 1,
      key: size(key) + 1,
      keys: 1,
    };
  }
  const fixed: PairedArtifact = {
    ...head,
    artifact: "paired",
    model_a: ID,
    model_b: ID,
    result_digest_a: DIGEST,
    result_digest_b: DIGEST,
    delta: "A - B",
    paired_count: count,
    missing_from_a: [],
    missing_from_b: [],
    overall: pairedGroup(count),
    scenarios: [],
    families: [],
  };
  const delta = size({ delta: WIDEST, index }) + 1;
  return {
    fixed: size(fixed) + version,
    group: size(pairedGroup(count)) + 1,
    member: digits + 1 + METRIC_DEFINITIONS.length * delta,
    key: size(key) + 1,
    keys: 2,
  };
}

/** Bytes of a value's canonical JSON (ASCII: one byte a code unit). */
function size(value: JsonValue): number {
  return encode(value).length;
}

/** Scenario and family groups of the bound's shape for `episodes`. */
function groupsOf(episodes: number): number {
  return 2 * Math.ceil(episodes / EPISODES_PER_GROUP);
}

/**
 * The bound of an artifact of `kind` (bytes of canonical JSON): the widest
 * artifact of the bound's shape at the episode limit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactBound } from "./artifact_bound.ts";
 * assert.ok(artifactBound("paired") > artifactBound("aggregate"));
 * assert.ok(artifactBound("paired", { maxEpisodes: 10 }) < artifactBound("paired"));
 * ```
 */
export function artifactBound(
  kind: "aggregate" | "paired",
  limits?: Partial<Limits>,
): number {
  const s = artifactShape(kind, limits);
  const e = limitsWith(limits).maxEpisodes;
  return s.fixed + groupsOf(e) * s.group + GROUPS_PER_EPISODE * e * s.member +
    s.keys * e * s.key;
}

/**
 * The input limit of a statistics artifact of either kind, read whole by
 * `summary`, `report` and the writers' own check: the `file-bytes` limit,
 * or the paired bound when larger (the kind is known only once read).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactLimit, artifactBound } from "./artifact_bound.ts";
 * assert.equal(artifactLimit(), artifactBound("paired"));
 * assert.equal(artifactLimit({ maxEpisodes: 1, maxFileBytes: 2 ** 40 }), 2 ** 40);
 * ```
 */
export function artifactLimit(limits?: Partial<Limits>): number {
  return Math.max(
    limitsWith(limits).maxFileBytes,
    artifactBound("paired", limits),
  );
}

/**
 * The input limit of a statistics part: an artifact's, plus the part's
 * frame (its shard fields, whose list `held` has at most one place per
 * interval: twelve per group).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactLimit, partLimit } from "./artifact_bound.ts";
 * assert.ok(partLimit() > artifactLimit());
 * ```
 */
export function partLimit(limits?: Partial<Limits>): number {
  const intervals = METRIC_DEFINITIONS.length *
    (1 + groupsOf(limitsWith(limits).maxEpisodes));
  return artifactLimit(limits) + PART_FRAME +
    intervals * (String(intervals).length + 1);
}

/**
 * Refuse, naming `file`, an artifact or part of `bytes` bytes beyond its
 * limit: what a writer checks before it writes, so that no reader under
 * the same limits refuses what it wrote.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkWritten } from "./artifact_bound.ts";
 * checkWritten("a.json", "artifact", 100);
 * assert.throws(() => checkWritten("a.json", "artifact", 2 ** 40), /a\.json: 1099511627776 bytes to write: over .*episodes=N/);
 * ```
 */
export function checkWritten(
  file: string,
  what: "artifact" | "part",
  bytes: number,
  limits?: Partial<Limits>,
): void {
  const max = what === "artifact" ? artifactLimit(limits) : partLimit(limits);
  if (bytes > max) {
    throw tooLargeToRead(file, `${bytes} bytes to write`, max, what);
  }
}

/**
 * The refusal of a statistics artifact or part beyond its limit, which
 * follows from the episode limit: it names both ways to raise it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tooLargeToRead } from "./artifact_bound.ts";
 * assert.match(tooLargeToRead("a.json", "input of 9 bytes", 8).message, /^a\.json: input of 9 bytes: over the implementation limit of 8 bytes/);
 * ```
 */
export function tooLargeToRead(
  file: string,
  what: string,
  max: number,
  of: "artifact" | "part" = "artifact",
): FileError {
  const message = beyondLimit("maxFileBytes", what, max).replace(
    /\(raise it with [^)]*\)$/,
    `for a statistics ${of}, which follows from the episode limit (raise it with --limits episodes=N or file-bytes=N)`,
  );
  return new FileError(message, { file });
}
