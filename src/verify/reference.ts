/**
 * The reference verifier: the full fail-closed verification of
 * statistics.md §1 (manifest rebuild and check, result rebuild, replay and
 * metric recomputation of every episode), in its order, with its
 * diagnostics; the refusal path runs its checks on the episodes that the
 * proof could not show valid.
 *
 * @module
 */

import { encode, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { EmberError, StatisticsInputError } from "../errors.ts";
import { computeReadEpisodeMetrics } from "../metrics/episode.ts";
import type { ExactValues } from "../metrics/statistics_metrics.ts";
import { wrongKindError } from "../document_kind.ts";
import { scenarioHash } from "../scenario/scenario.ts";
import { firstDifference, show } from "../json/diff.ts";
import { buildManifest } from "../scenario/suite.ts";
import type {
  EvaluationResult,
  Manifest,
  ResultEpisode,
  Suite,
} from "../types.ts";
import {
  at,
  type Ctx,
  expectObject,
  fail,
  field,
  rootCtx,
} from "../json/fields.ts";
import {
  limitsOpt,
  parseManifest,
  parseResultEpisode,
  parseResultHead,
  type ResultHead,
  same,
  VERSIONS,
} from "../result/reader.ts";
import {
  MISMATCH,
  ResultDigest,
  resultEnd,
  type ResultFields,
  TextMatch,
  writeEpisode,
  writeRecord,
} from "../result/writer.ts";
import type { VerifyOptions } from "./options.ts";

/** A verified result and its digest (SHA-256 of its canonical JSON). */
export type VerifiedResult = {
  readonly result: EvaluationResult;
  readonly digest: string;
};

/**
 * Verify an evaluation result completely (statistics.md §1) before any of
 * it is used: the manifest rebuilt from its dictionary equals it; the
 * manifest is the one the given suite schedules under the running versions;
 * the result rebuilt from its dictionary equals it (structural checks of
 * {@linkcode parseResult}); and for every episode the scenario resolves
 * from the suite by ID and hash, and the metrics recomputed from the
 * record (which replays the simulator) equal the stored metrics in
 * canonical JSON. Any failure raises {@linkcode StatisticsInputError}
 * naming the file and field path, with the underlying error as `cause`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyResult } from "./reference.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
 * const { digest } = await verifyResult(result, suite);
 * assert.ok(digest.length === 64);
 * ```
 */
export async function verifyResult(
  v: JsonValue,
  suite: Suite,
  options: VerifyOptions = {},
): Promise<VerifiedResult> {
  const { result, digest } = await verifyResultWithValues(v, suite, options);
  return { result, digest };
}

/**
 * {@linkcode verifyResult}, with the exact statistics values of each
 * episode from its recomputation (the verifier's, for verified episodes).
 */
export async function verifyResultWithValues(
  v: JsonValue,
  suite: Suite,
  options: VerifyOptions = {},
): Promise<VerifiedResult & { readonly exact: readonly ExactValues[] }> {
  const episodes: ResultEpisode[] = [];
  const exact: ExactValues[] = [];
  const { head, digest } = await verifyEpisodes(
    v,
    suite,
    options,
    undefined,
    (e, values) => {
      episodes.push(e);
      exact.push(values);
    },
  );
  return {
    result: {
      model_id: head.model_id,
      evaluation_manifest: head.evaluation_manifest,
      evaluation_manifest_hash: head.evaluation_manifest_hash,
      episodes,
    },
    digest,
    exact,
  };
}

/**
 * An episode item that the caller has already proved valid (its record is
 * the replay of its actions, its metrics the recomputed ones): every check
 * of {@linkcode verifyEpisodes} on it would pass, so they are skipped and
 * its record is never built. What the checks of the other episodes read
 * from it is given here: its `index` field (the next episode's order check
 * reads it).
 *
 * @internal The refusal path (`refusal.ts`).
 */
export type ProvedItem = { readonly index: number };

/**
 * Episode items that hold deferred values, as {@linkcode verifyEpisodes}
 * reads them.
 *
 * @internal The refusal path (`refusal.ts`).
 */
export type DeferredItems = {
  /** An item's value, its deferred parts built (for the structure pass). */
  readonly materialize: (item: JsonValue) => JsonValue;
  /**
   * The canonical text of an item's value, which `encode` of the built
   * value would give, made without building it (for the rebuild pass), as
   * pieces to be read in order (so that a record's span is not copied into
   * one string with the rest).
   */
  readonly textOf: (item: JsonValue) => readonly string[];
  /** An item proved valid already, else `undefined`. */
  readonly proved: (i: number) => ProvedItem | undefined;
  /**
   * Called when what was built for an item is garbage (after its structure
   * pass, and once it is verified), for a hint to the collector.
   */
  readonly release: (item: JsonValue) => void;
};

/**
 * {@linkcode verifyResult}'s checks, in its order, with the same errors,
 * over a document whose episode items may hold deferred values (`items`):
 * an item that is not proved is built for the structure pass, and its
 * parsed episode (records as {@linkcode parseRecord} reads them, about a
 * third of the built value) is kept for the rebuild and replay passes when
 * it is the only such item, else built again in each (so that one
 * episode's values are live at a time); the rebuild pass compares the
 * item's canonical text with it, the replay pass replays it. An item
 * that `proved` names is skipped in every pass (it cannot fail any check;
 * the others keep their order), so a refused file builds only the
 * episodes that its proof could not show valid. Each episode checked here
 * goes to `onEpisode`, in order, with the exact values of its
 * recomputation and its position. The digest is made without `items` only
 * (with them it is empty: the proof's plan gives it).
 *
 * @internal The refusal path (`refusal.ts`).
 */
export async function verifyEpisodes(
  v: JsonValue,
  suite: Suite,
  options: VerifyOptions,
  items: DeferredItems | undefined,
  onEpisode: (episode: ResultEpisode, exact: ExactValues, i: number) => void,
): Promise<{ head: ResultHead; digest: string }> {
  const file = options.file;
  const ctx = rootCtx(StatisticsInputError, file);
  const proved = items?.proved ?? (() => undefined);
  try {
    let top;
    try {
      top = expectObject(v, ctx, [
        "model_id",
        "evaluation_manifest",
        "evaluation_manifest_hash",
        "episodes",
      ]);
    } catch (e) {
      throw wrongKindError(e, v, "evaluation result");
    }
    const mctx = at(ctx, "evaluation_manifest");
    const original = field(top, "evaluation_manifest");
    const manifest = parseManifest(original, mctx, limitsOpt(options.limits));
    if (encode(manifest) !== encode(original)) {
      fail(mctx, "the manifest rebuilt from its dictionary differs from it");
    }
    checkManifest(manifest, await buildManifest(suite), mctx);

    // Pass 1, the structure of every episode (`parseResult`'s order).
    const head = parseResultHead(v, {
      ...(file === undefined ? {} : { file }),
      ...limitsOpt(options.limits),
    });
    const kept: ResultEpisode[] = [];
    const indices: number[] = [];
    // One unproved episode (a refused file's usual case) is kept from
    // pass to pass; more are built again in each pass, so that only one
    // episode's values are live at a time.
    let unproved = 0;
    head.items.forEach((_, i) => {
      if (proved(i) === undefined) unproved++;
    });
    const keep = items === undefined || unproved <= 1;
    const episodeAt = (i: number): ResultEpisode => {
      if (keep) return kept[i]!;
      const item = head.items[i]!;
      const episode = parseResultEpisode(
        head,
        items!.materialize(item),
        i,
        indices[i - 1] ?? -1,
      );
      items!.release(item);
      return episode;
    };
    head.items.forEach((item, i) => {
      const p = proved(i);
      if (p !== undefined) {
        indices.push(p.index);
        return;
      }
      const episode = parseResultEpisode(
        head,
        items === undefined ? item : items.materialize(item),
        i,
        indices[i - 1] ?? -1,
      );
      indices.push(episode.index);
      if (keep) kept[i] = episode;
      // The built value is garbage; only the parsed episode is kept.
      items?.release(item);
    });
    // With `items`, the caller knows the digest otherwise (the proof's
    // plan): the rebuild pass makes its checks without hashing.
    const resultDigest = rebuiltDigest(
      items === undefined ? new ResultDigest() : undefined,
      top,
      head,
      items?.textOf ?? ((item) => [encode(item)]),
      episodeAt,
      proved,
      ctx,
    );

    const scenarios = new Map(
      suite.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
    );
    const hashes = new Map<string, string>();
    const total = head.items.length;
    options.onProgress?.(0, total);
    for (let i = 0; i < total; i++) {
      if (proved(i) !== undefined) {
        options.onProgress?.(i + 1, total);
        continue;
      }
      const episode = episodeAt(i);
      // Let the verified episode's record go once its metrics are known.
      delete kept[i];
      const ectx = at(at(ctx, "episodes"), i);
      const scenario = scenarios.get(episode.scenario_id);
      if (scenario === undefined) {
        fail(at(ectx, "scenario_id"), "scenario is not in the suite");
      }
      let hash = hashes.get(episode.scenario_id);
      if (hash === undefined) {
        hash = await scenarioHash(scenario);
        hashes.set(episode.scenario_id, hash);
      }
      same(
        episode.scenario_hash,
        hash,
        at(ectx, "scenario_hash"),
        "hash of the suite's scenario",
      );
      let recomputed: JsonObject;
      let values: ExactValues;
      try {
        const computed = await computeReadEpisodeMetrics(
          scenario,
          episode.record,
        );
        recomputed = computed.metrics;
        values = computed.exact;
      } catch (e) {
        throw wrap(
          e,
          file,
          at(ectx, "record").path,
          "metrics recomputation failed",
        );
      }
      const stored = episode.metrics;
      if (encode(stored) !== encode(recomputed)) {
        const d = firstDifference(stored, recomputed, { order: "union" }) ??
          { path: "", first: stored, second: recomputed };
        const where = d.path;
        const sub = where === "" ? at(ectx, "metrics") : {
          ...ectx,
          path: `${at(ectx, "metrics").path}${
            where.startsWith("[") ? "" : "."
          }${where}`,
        };
        fail(
          sub,
          `stored metrics differ from the metrics recomputed from the record: stored ${
            show(d.first, ABSENT)
          }, recomputed ${show(d.second, ABSENT)}`,
        );
      }
      onEpisode(episode, values, i);
      // Its record, checks, replay and metrics are garbage now.
      items?.release(head.items[i]!);
      options.onProgress?.(i + 1, total);
    }
    return { head, digest: resultDigest };
  } catch (e) {
    throw wrap(e, file, undefined, undefined);
  }
}

/** How a metrics difference names a field that one side lacks. */
const ABSENT = "nothing (field absent)";

/**
 * Require the result rebuilt by {@linkcode parseResult} to encode like the
 * given value, and return the digest of that canonical text (empty without
 * `digest`: a caller with proved episodes knows it otherwise). The writer
 * writes it piece by piece, never whole (the four keys were checked
 * before), and each episode is encoded once, compared and hashed. A proved
 * episode rebuilds to itself.
 */
function rebuiltDigest(
  digest: ResultDigest | undefined,
  top: JsonObject,
  result: ResultHead,
  textOf: (item: JsonValue) => readonly string[],
  episodeAt: (i: number) => ResultEpisode,
  proved: (i: number) => ProvedItem | undefined,
  ctx: Ctx,
): string {
  const differs = (c: Ctx) =>
    fail(c, "the result rebuilt from its dictionary differs from it");
  const episodes = field(top, "episodes") as readonly JsonValue[];
  if (episodes.length !== result.items.length) differs(ctx);
  episodes.forEach((raw, i) => {
    if (proved(i) !== undefined) return;
    const text = textOf(raw);
    if (!encodesAs(episodeAt(i), text)) {
      differs(at(at(ctx, "episodes"), i));
    }
    digest?.episode((out) => text.forEach(out));
  });
  const fields: ResultFields = {
    evaluation_manifest: field(top, "evaluation_manifest"),
    evaluation_manifest_hash: field(top, "evaluation_manifest_hash"),
    model_id: field(top, "model_id"),
  };
  if (resultEnd(fields) !== resultEnd(result)) differs(ctx);
  return digest?.finish(fields) ?? "";
}

/**
 * Whether `encode(e)` is the concatenation of `text`, written by the result
 * writer part by part (the record's steps one at a time), so that no text
 * of a whole record is built: a parsed episode has exactly its six keys and
 * its record exactly its four (the readers build them so). The metrics are
 * encoded inside their field, at the depth they have in the episode. On
 * anything the writer refuses, the whole `encode` runs and raises what it
 * raised before, with its path.
 */
function encodesAs(e: ResultEpisode, text: readonly string[]): boolean {
  const match = new TextMatch(text);
  try {
    writeEpisode(
      match.out,
      e,
      (out) => out(encode({ metrics: e.metrics }).slice(METRICS_KEY, -1)),
      (out) => writeRecord(out, e.record, (part) => encode(part as JsonValue)),
    );
    return match.ended();
  } catch (err) {
    if (err === MISMATCH) return false;
    return encode(e as unknown as JsonValue) === text.join("");
  }
}

/** The length of `{"metrics":`, before the metrics' text in their field. */
const METRICS_KEY = 11;

/** The manifest check: the suite's schedule under the running versions. */
export function checkManifest(got: Manifest, want: Manifest, ctx: Ctx): void {
  for (const key of ["suite_id", "suite_version", "suite_hash"] as const) {
    same(got[key], want[key], at(ctx, key), "given suite's");
  }
  for (const [key, version] of VERSIONS) {
    same(
      got[key as keyof Manifest] as string,
      version,
      at(ctx, key),
      "running",
    );
  }
  const eps = at(ctx, "episodes");
  if (got.episodes.length !== want.episodes.length) {
    fail(
      eps,
      `${got.episodes.length} episodes, but the suite schedules ${want.episodes.length}`,
    );
  }
  got.episodes.forEach((e, i) => {
    if (encode(e) !== encode(want.episodes[i]!)) {
      fail(
        at(eps, i),
        `episode ${encode(e)} differs from the suite's ${
          encode(want.episodes[i]!)
        }`,
      );
    }
  });
}

/** Turn any error into a StatisticsInputError with the file and a path. */
function wrap(
  e: unknown,
  file: string | undefined,
  base: string | undefined,
  what: string | undefined,
): StatisticsInputError {
  if (e instanceof StatisticsInputError && base === undefined) {
    return file === undefined ? e : e.inFile(file);
  }
  let path = base ?? "";
  let detail: string;
  if (e instanceof EmberError) {
    if (e.path !== "") {
      path = path === ""
        ? e.path
        : `${path}${e.path.startsWith("[") ? "" : "."}${e.path}`;
    }
    detail = `${e.name}: ${e.detail}`;
  } else {
    detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  if (what !== undefined) detail = `${what}: ${detail}`;
  return new StatisticsInputError(detail, {
    path,
    ...(file === undefined ? {} : { file }),
    cause: e,
  });
}
