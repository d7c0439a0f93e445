/**
 * Evaluation manifests and results (contract §10): the strict structural
 * reading of a manifest and of a result, which `show`, `run --resume`, the
 * pairing and the reference verifier's first pass share.
 *
 * @module
 */

import { encode, encodeBytes, type JsonValue } from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import { EvaluationError } from "../errors.ts";
import { beyondLimit, type Limits, limitsWith } from "../limits.ts";
import { parseRecord } from "../record/reader.ts";
import { wrongKindError } from "../document_kind.ts";
import {
  type EpisodeKey,
  type EvaluationResult,
  type Manifest,
  METRICS_VERSION,
  OBSERVATION_VERSION,
  type ResultEpisode,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
} from "../types.ts";
import {
  at,
  type Ctx,
  expectArray,
  expectDigest,
  expectId,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  isObject,
  rootCtx,
} from "../json/fields.ts";

const MANIFEST_FIELDS = [
  "suite_id",
  "suite_version",
  "suite_hash",
  "schema_version",
  "simulator_version",
  "observation_version",
  "metrics_version",
  "episodes",
] as const;

export const VERSIONS: readonly (readonly [string, string])[] = [
  ["schema_version", SCHEMA_VERSION],
  ["simulator_version", SIMULATOR_VERSION],
  ["observation_version", OBSERVATION_VERSION],
  ["metrics_version", METRICS_VERSION],
];

/**
 * Read an evaluation manifest strictly: known fields only, versions equal to
 * the running ones (another version is refused, never converted), episodes
 * indexed from 0 in order, each (scenario, seed) once, one hash per
 * scenario, and each scenario's episodes contiguous (suite order, then seed
 * order). Errors are {@linkcode EvaluationError} unless `ctx` says otherwise.
 * More episodes than the `maxEpisodes` implementation limit (`limits.ts`,
 * overridable with `options.limits`) are refused before any is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseManifest } from "./reader.ts";
 * const m = parseManifest({
 *   suite_id: "s", suite_version: "1", suite_hash: "a".repeat(64),
 *   schema_version: "1.0", simulator_version: "1.0", observation_version: "1.0",
 *   metrics_version: "1.0",
 *   episodes: [{ index: 0, scenario_id: "x", scenario_hash: "b".repeat(64), seed: 3 }],
 * });
 * assert.ok(m.episodes[0]!.seed === 3);
 * ```
 */
export function parseManifest(
  v: JsonValue,
  ctx: Ctx = rootCtx(EvaluationError),
  options: { limits?: Partial<Limits> } = {},
): Manifest {
  const obj = expectObject(v, ctx, MANIFEST_FIELDS);
  checkEpisodeCount(field(obj, "episodes"), at(ctx, "episodes"), options);
  const suiteVersionCtx = at(ctx, "suite_version");
  const suiteVersion = expectString(
    field(obj, "suite_version"),
    suiteVersionCtx,
  );
  if (suiteVersion === "") fail(suiteVersionCtx, "suite_version is empty");
  for (const [key, want] of VERSIONS) {
    const got = expectString(field(obj, key), at(ctx, key));
    if (got !== want) {
      fail(
        at(ctx, key),
        `version ${JSON.stringify(got)} is not the supported ${
          JSON.stringify(want)
        }`,
      );
    }
  }
  const epCtx = at(ctx, "episodes");
  const seen = new Set<string>();
  const hashOf = new Map<string, string>();
  let previous: string | undefined;
  const episodes = expectArray(field(obj, "episodes"), epCtx, 1).map(
    (item, i): EpisodeKey => {
      const ictx = at(epCtx, i);
      const e = expectObject(item, ictx, [
        "index",
        "scenario_id",
        "scenario_hash",
        "seed",
      ]);
      const index = expectInt(field(e, "index"), at(ictx, "index"), 0);
      if (index !== i) fail(at(ictx, "index"), `expected index ${i}`);
      const id = expectId(field(e, "scenario_id"), at(ictx, "scenario_id"));
      const hash = expectDigest(
        field(e, "scenario_hash"),
        at(ictx, "scenario_hash"),
      );
      const seed = expectInt(field(e, "seed"), at(ictx, "seed"), 0);
      const known = hashOf.get(id);
      if (known !== undefined && known !== hash) {
        fail(
          at(ictx, "scenario_hash"),
          `scenario ${JSON.stringify(id)} has two different hashes`,
        );
      }
      if (known !== undefined && previous !== id) {
        fail(
          at(ictx, "scenario_id"),
          `episodes of scenario ${JSON.stringify(id)} are not contiguous`,
        );
      }
      hashOf.set(id, hash);
      previous = id;
      const pair = `${seed} ${id}`;
      if (seen.has(pair)) {
        fail(
          ictx,
          `scenario ${JSON.stringify(id)} schedules seed ${seed} twice`,
        );
      }
      seen.add(pair);
      return { index, scenario_id: id, scenario_hash: hash, seed };
    },
  );
  const str = (k: string) => expectString(field(obj, k), at(ctx, k));
  return {
    suite_id: expectId(field(obj, "suite_id"), at(ctx, "suite_id")),
    suite_version: suiteVersion,
    suite_hash: expectDigest(field(obj, "suite_hash"), at(ctx, "suite_hash")),
    schema_version: str("schema_version"),
    simulator_version: str("simulator_version"),
    observation_version: str("observation_version"),
    metrics_version: str("metrics_version"),
    episodes,
  };
}

/** Refuse an episode list beyond the limit before anything is built from it. */
function checkEpisodeCount(
  episodes: JsonValue,
  ctx: Ctx,
  options: { limits?: Partial<Limits> },
): void {
  const max = limitsWith(options.limits).maxEpisodes;
  if (Array.isArray(episodes) && episodes.length > max) {
    fail(ctx, beyondLimit("maxEpisodes", `${episodes.length} episodes`, max));
  }
}

/** Require `got === want` for one field, naming both in the error. */
export function same(
  got: string | number,
  want: string | number,
  ctx: Ctx,
  what: string,
): void {
  if (got !== want) {
    fail(
      ctx,
      `${JSON.stringify(got)} differs from the ${what} ${JSON.stringify(want)}`,
    );
  }
}

/**
 * Read an evaluation result structurally (contract §10): its manifest (see
 * {@linkcode parseManifest}) and manifest hash, and episodes in index order,
 * each at most once, each equal to its manifest entry, with a record of the
 * right shape whose header and a metrics dictionary whose header name that
 * entry and the manifest's versions. Metric values are not checked here:
 * {@linkcode verifyResult} recomputes them. Raises
 * {@linkcode EvaluationError}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseResult } from "./reader.ts";
 * import { EvaluationError } from "../errors.ts";
 * try {
 *   parseResult({ model_id: "m" }, { file: "r.json" });
 * } catch (e) {
 *   assert.ok(e instanceof EvaluationError && e.message.startsWith("r.json: "));
 * }
 * ```
 */
export function parseResult(
  v: JsonValue,
  options: { file?: string; limits?: Partial<Limits> } = {},
): EvaluationResult {
  const head = parseResultHead(v, options);
  let last = -1;
  const episodes = head.items.map((item, i): ResultEpisode => {
    const episode = parseResultEpisode(head, item, i, last);
    last = episode.index;
    return episode;
  });
  return {
    model_id: head.model_id,
    evaluation_manifest: head.evaluation_manifest,
    evaluation_manifest_hash: head.evaluation_manifest_hash,
    episodes,
  };
}

/**
 * What {@linkcode parseResult} reads before the episodes: the result's
 * fields, its manifest, and the raw episode items.
 *
 * @internal The reference checks (`verify/reference.ts`, `verify/refusal.ts`).
 */
export type ResultHead = {
  readonly model_id: string;
  readonly evaluation_manifest: Manifest;
  readonly evaluation_manifest_hash: string;
  readonly items: readonly JsonValue[];
  readonly epCtx: Ctx;
};

/**
 * The checks of {@linkcode parseResult} before the episodes, in its order.
 *
 * @internal The reference checks (`verify/reference.ts`, `verify/refusal.ts`).
 */
export function parseResultHead(
  v: JsonValue,
  options: { file?: string; limits?: Partial<Limits> },
): ResultHead {
  try {
    return resultHead(v, options);
  } catch (e) {
    // A statistics artifact or a run record given for a result: say so,
    // not which of its fields a result lacks.
    throw wrongKindError(e, v, "evaluation result");
  }
}

function resultHead(
  v: JsonValue,
  options: { file?: string; limits?: Partial<Limits> },
): ResultHead {
  const ctx = rootCtx(EvaluationError, options.file);
  const obj = expectObject(v, ctx, [
    "model_id",
    "evaluation_manifest",
    "evaluation_manifest_hash",
    "episodes",
  ]);
  const modelId = expectId(field(obj, "model_id"), at(ctx, "model_id"));
  const manifest = parseManifest(
    field(obj, "evaluation_manifest"),
    at(ctx, "evaluation_manifest"),
    limitsOpt(options.limits),
  );
  const hashCtx = at(ctx, "evaluation_manifest_hash");
  const hash = expectDigest(field(obj, "evaluation_manifest_hash"), hashCtx);
  same(
    hash,
    sha256Hex(encodeBytes(manifest)),
    hashCtx,
    "digest of the manifest",
  );
  const epCtx = at(ctx, "episodes");
  const items = expectArray(
    field(obj, "episodes"),
    epCtx,
    0,
    manifest.episodes.length,
  );
  return {
    model_id: modelId,
    evaluation_manifest: manifest,
    evaluation_manifest_hash: hash,
    items,
    epCtx,
  };
}

/**
 * Episode `i` of {@linkcode parseResult}, given the index of the episode
 * before it (-1 for the first); `ictx` names it in errors (by default
 * `episodes[i]` of the result).
 *
 * @internal The reference checks (`verify/reference.ts`, `verify/refusal.ts`)
 * and `run --resume`'s journal.
 */
export function parseResultEpisode(
  head: ResultHead,
  item: JsonValue,
  i: number,
  last: number,
  ictx: Ctx = at(head.epCtx, i),
): ResultEpisode {
  const { evaluation_manifest: manifest } = head;
  const e = expectObject(item, ictx, [
    "index",
    "scenario_id",
    "scenario_hash",
    "seed",
    "record",
    "metrics",
  ]);
  const index = expectInt(
    field(e, "index"),
    at(ictx, "index"),
    0,
    manifest.episodes.length - 1,
  );
  if (index <= last) {
    fail(
      at(ictx, "index"),
      `episodes must be in increasing index order, each at most once (previous index ${last})`,
    );
  }
  const key = manifest.episodes[index]!;
  const id = expectId(field(e, "scenario_id"), at(ictx, "scenario_id"));
  same(id, key.scenario_id, at(ictx, "scenario_id"), "manifest entry's");
  const sh = expectDigest(
    field(e, "scenario_hash"),
    at(ictx, "scenario_hash"),
  );
  same(sh, key.scenario_hash, at(ictx, "scenario_hash"), "manifest entry's");
  const seed = expectInt(field(e, "seed"), at(ictx, "seed"), 0);
  same(seed, key.seed, at(ictx, "seed"), "manifest entry's");

  const rctx = at(ictx, "record");
  const record = parseRecord(field(e, "record"), rctx);
  const hctx = at(rctx, "header");
  const h = record.header;
  same(h.scenario_id, key.scenario_id, at(hctx, "scenario_id"), "episode's");
  same(
    h.scenario_hash,
    key.scenario_hash,
    at(hctx, "scenario_hash"),
    "episode's",
  );
  same(h.seed, key.seed, at(hctx, "seed"), "episode's");
  for (
    const k of [
      "schema_version",
      "simulator_version",
      "observation_version",
    ] as const
  ) {
    same(h[k], manifest[k], at(hctx, k), "manifest's");
  }

  const mctx = at(ictx, "metrics");
  const metrics = field(e, "metrics");
  if (!isObject(metrics)) fail(mctx, "expected an object");
  const header: readonly (readonly [string, string | number])[] = [
    ["metrics_version", manifest.metrics_version],
    ["scenario_id", key.scenario_id],
    ["scenario_hash", key.scenario_hash],
    ["seed", key.seed],
  ];
  for (const [k, want] of header) {
    const fctx = at(mctx, k);
    if (!Object.hasOwn(metrics, k)) fail(fctx, "missing field");
    const got = metrics[k];
    if (typeof got !== typeof want || got !== want) {
      fail(
        fctx,
        `expected ${JSON.stringify(want)}, found ${encode(got ?? null)}`,
      );
    }
  }
  return {
    index,
    scenario_id: id,
    scenario_hash: sh,
    seed,
    record,
    metrics,
  };
}

/** `limits` as an optional field. */
export function limitsOpt(
  limits: Partial<Limits> | undefined,
): { limits?: Partial<Limits> } {
  return limits === undefined ? {} : { limits };
}
