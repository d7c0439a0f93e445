/**
 * The proof: from a result read one episode item at a time
 * (`reader.ts`) to proved episodes, and to a verified result when every
 * item is proved. It never refuses: what it cannot prove goes to the
 * reference checks (`refusal.ts`), which decide it with their diagnostics.
 *
 * Why a proved text is a valid result, and its own canonical text:
 *
 * 1. A record is genuine when it is the record the simulator writes for its
 *    scenario, its seed and its actions (stage 3 of metrics.md §2, the
 *    replay check), so its canonical text is a function of those three.
 *    Each record's span is replayed from the actions read out of the span
 *    itself, from the recorded seed, on the compiled scenario that the
 *    manifest names at the item's index; the canonical text of the replayed
 *    record is written (by the kernel, `regenerate.ts`, or part by part from
 *    the TypeScript simulator's record, `replay.ts`) and must equal the
 *    span character for character. Then the span is the canonical text of
 *    the record that replaying its own actions gives: stage 3 passes, the
 *    span is one complete JSON value (so it ends where the reading thought,
 *    however it guessed), and how the actions were read does not matter
 *    (the replayed record holds them under the active people's IDs: a misread
 *    log writes another text). Stage 1 is checked on the recorded header,
 *    stage 2 runs over the replay, which is the record, and the metrics
 *    counted from it must have, as canonical text, the stored dictionary's
 *    text.
 * 2. The rest of each item is what the result writer (`result/writer.ts`)
 *    writes for the key that the manifest schedules at the item's index,
 *    and the indices increase: every structural check of the reference
 *    verifier passes on the item, its rebuild is itself, its scenario is
 *    the suite's, and its metrics are the recomputed ones.
 * 3. The fields beside the episodes are exactly the result's four keys:
 *    the suite's manifest (rebuilt, it encodes as itself), its hash and a
 *    valid model ID.
 *
 * So when every item is proved and the reading covered the text in the
 * writer's form (its items, then its fields, nothing else:
 * `canonicalReading`), the text is, piece by piece, the result writer's
 * text of a value that the reference verifier accepts, with the same
 * metrics and exact values: the result is valid, the text is its canonical
 * text, and its digest is the hash of its bytes. A document that is not so
 * written (whitespace, another key order or escape) is proved the same way
 * through the canonical text of each of its deferred values
 * (`documentReading` with `canonicalTextOf`), which stands for the value
 * exactly, and its digest is hashed from the writer's pieces. An episode
 * proved, with its index, passes every check the reference verifier makes
 * on it, so the reference checks skip it.
 *
 * @module
 */

import { encode, type JsonValue } from "../json/canonical.ts";
import { ID_RE, isObject } from "../json/fields.ts";
import { manifestMatch } from "./manifest_match.ts";
import { limitsWith } from "../limits.ts";
import {
  type Out,
  ResultDigest,
  type ResultFields,
  writeEpisode,
} from "../result/writer.ts";
import { type CompiledScenario, compileScenario } from "../sim/compiled.ts";
import { buildManifest } from "../scenario/suite.ts";
import type { EpisodeKey, Manifest, Suite } from "../types.ts";
import { collectAfter } from "../collect.ts";
import type { VerifyEvaluationOptions } from "./options.ts";
import {
  type EpisodeItem,
  RESULT_FIELDS,
  type ResultReading,
  sameKeys,
} from "./reader.ts";
import { replayedEpisode } from "./replay.ts";
import { need } from "./undecided.ts";
import type { Reducer } from "./sink.ts";
import { TOKEN, VerifiedEpisode, VerifiedEvaluation } from "./verified.ts";

/** A proved episode: its index field, its value, and where its text is. */
export type ProvedEpisode = {
  readonly index: number;
  readonly episode: VerifiedEpisode;
  /**
   * In a reading of a text as it stands, the item's text: the result
   * writer's text of the episode.
   */
  readonly span?: { readonly start: number; readonly end: number };
};

/**
 * What a proof gives: the verified result, or else the episodes it proved
 * (by position), which the reference checks then skip, and, when it hashed
 * as it went, the digest of the result's first episodes (as many as
 * `hashed.count`: those before the first it did not prove).
 */
export type Proof =
  | { readonly verified: VerifiedEvaluation; readonly proved?: undefined }
  | {
    readonly verified?: undefined;
    readonly proved: ReadonlyMap<number, ProvedEpisode>;
    readonly hashed?: ResultDigest;
  };

/**
 * Where a proof with a sink hands its verified episodes: to `reducer`, in
 * order, while every one before was proved; it keeps them as well (for the
 * reference checks, should the proof fail) only with `retain`, else it
 * stops at the first episode it cannot prove (a caller that cannot read
 * the text whole has no use for the others).
 */
export type Sink<T> = {
  readonly reducer: Reducer<T>;
  readonly retain: boolean;
};

/**
 * What a proof with a sink gives: what the reducer kept, or, as
 * {@linkcode Proof}, the episodes proved (none without `retain`).
 */
export type SunkProof<T> =
  | { readonly kept: T; readonly proved?: undefined }
  | {
    readonly kept?: undefined;
    readonly proved: ReadonlyMap<number, ProvedEpisode>;
    /** The position of the first episode not proved. */
    readonly first: number;
  };

/**
 * Episodes that an earlier reading of the same text proved: they are not
 * proved again, and `textAt` gives their text (for the digest).
 */
export type Earlier = {
  readonly proved: ReadonlyMap<number, ProvedEpisode>;
  readonly textAt: (start: number, end: number) => string;
};

/**
 * The proof over `reading` (see the module documentation): the verified
 * result, or the episodes proved, or `undefined` when the fields beside
 * the episodes are not the suite's (nothing is proved then). With `digest`
 * (the hash of a canonical text's bytes, or a function that gives it once
 * every item is proved: a streamed reading has hashed all the bytes only
 * then), that is the digest; without it, the digest is hashed from the
 * result writer's pieces as the proof goes.
 * An episode it cannot prove does not stop it (unless its index cannot be
 * read, which the next episode's order check needs), so that the
 * reference checks build only the episodes it could not prove.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { sha256Hex } from "../json/sha256.ts";
 * import { provedResult } from "./proof.ts";
 * import { canonicalReading } from "./reader.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const text = encode(await runEvaluation(suite, "stay", { modelId: "stay" }));
 * const proof = await provedResult(canonicalReading(text), sha256Hex(text), suite, {});
 * assert.equal(proof?.verified?.episodes.length, 8);
 * const bad = await provedResult(canonicalReading(text.replace('"stay"', '"west"')), "", suite, {});
 * assert.equal(bad?.proved?.size, 7);
 * ```
 */
export async function provedResult(
  reading: ResultReading | undefined,
  digest: string | (() => string) | undefined,
  suite: Suite,
  options: VerifyEvaluationOptions,
  earlier?: Earlier,
): Promise<Proof | undefined> {
  const proof = await proofOf(reading, digest, suite, options, earlier);
  if (proof === undefined || proof.proved !== undefined) return proof;
  const { fields, manifest, episodes, hash } = proof;
  return {
    verified: new VerifiedEvaluation(TOKEN, {
      model_id: fields.model_id as string,
      evaluation_manifest: manifest,
      evaluation_manifest_hash: fields.evaluation_manifest_hash as string,
      episodes: [...episodes.values()].map((p) => p.episode),
      digest: typeof digest === "function"
        ? digest()
        : digest ?? hash!.finish(fields),
    }),
  };
}

/**
 * The proof of {@linkcode provedResult} over a streamed reading whose
 * digest comes once every byte is read (`digest`), each verified episode
 * handed to `sink` as it is proved (see {@linkcode Sink}): what its
 * reducer kept, or the episodes proved, or `undefined` when the fields
 * beside the episodes are not the suite's.
 */
export async function sunkResult<T>(
  reading: ResultReading | undefined,
  digest: () => string,
  suite: Suite,
  options: VerifyEvaluationOptions,
  sink: Sink<T>,
): Promise<SunkProof<T> | undefined> {
  const proof = await proofOf(reading, digest, suite, options, undefined, sink);
  if (proof === undefined) return undefined;
  if (proof.proved !== undefined) {
    return { proved: proof.proved, first: proof.first };
  }
  const { fields, manifest } = proof;
  return {
    kept: sink.reducer.finish({
      model_id: fields.model_id as string,
      evaluation_manifest: manifest,
      evaluation_manifest_hash: fields.evaluation_manifest_hash as string,
      digest: digest(),
    }),
  };
}

/** The proof's two outcomes, before a result is built of them. */
type Outcome =
  | {
    readonly proved?: undefined;
    readonly fields: ResultFields;
    readonly manifest: Manifest;
    /** The episodes proved (none given to a sink without `retain`). */
    readonly episodes: ReadonlyMap<number, ProvedEpisode>;
    readonly hash: ResultDigest | undefined;
  }
  | {
    readonly proved: ReadonlyMap<number, ProvedEpisode>;
    readonly hashed?: ResultDigest;
    readonly first: number;
  };

/** The proof itself (see {@linkcode provedResult}). */
async function proofOf<T>(
  reading: ResultReading | undefined,
  digest: string | (() => string) | undefined,
  suite: Suite,
  options: VerifyEvaluationOptions,
  earlier?: Earlier,
  sink?: Sink<T>,
): Promise<Outcome | undefined> {
  if (reading === undefined) return undefined;
  let head: { manifest: Manifest; fields: ResultFields };
  try {
    const top = reading.fields;
    reading.fields = undefined;
    head = await provedFields(top, suite, options);
  } catch {
    return undefined;
  }
  const { manifest, fields } = head;
  sink?.reducer.start?.(manifest);
  const compiled = new Map<string, CompiledScenario>();
  // The last scenario of an ID wins, as in the reference verifier.
  for (const s of suite.scenarios) {
    compiled.set(s.scenario.scenario_id, await compileScenario(s.scenario));
  }
  const proved = new Map<number, ProvedEpisode>();
  const hash = digest === undefined ? new ResultDigest() : undefined;
  const total = reading.total;
  options.onProgress?.(0, total);
  const items = reading.episodes;
  let step = await items.next(false);
  let i = 0;
  let last = -1;
  /** How many were proved, and the position of the first that was not. */
  let count = 0;
  let first = Infinity;
  for (; step.done !== true; i++) {
    const item = step.value;
    const index = item.index;
    // The index first: without it, no later episode can be proved.
    if (
      !(typeof index === "number" && Number.isSafeInteger(index) &&
        index > last && index < manifest.episodes.length)
    ) break;
    last = index;
    const key = manifest.episodes[index]!;
    let episode: { proved: ProvedEpisode; write: (out: Out) => void };
    const before = earlier?.proved.get(i);
    const span = before?.span;
    if (before !== undefined && span !== undefined) {
      episode = {
        proved: before,
        write: (out) => out(earlier!.textAt(span.start, span.end)),
      };
    } else {
      try {
        episode = provedItem(item, i, key, compiled, manifest, options);
      } catch {
        // Not proved: the reference checks decide it.
        collectAfter(item.size);
        first = Math.min(first, i);
        if (sink !== undefined && !sink.retain) break;
        step = await items.next(false);
        continue;
      }
    }
    // The episode's record, checks and metrics are garbage now.
    collectAfter(item.size);
    count++;
    if (sink === undefined || sink.retain) proved.set(i, episode.proved);
    if (sink !== undefined && first === Infinity) {
      sink.reducer.episode(episode.proved.episode, i);
    }
    if (hash !== undefined && hash.count === i) hash.episode(episode.write);
    options.onProgress?.(i + 1, total);
    step = await items.next(true);
  }
  const covered = step.done === true && step.value;
  if (!covered || count < i) {
    return {
      proved,
      first: Math.min(first, i),
      ...(hash === undefined ? {} : { hashed: hash }),
    };
  }
  return { fields, manifest, episodes: proved, hash };
}

/**
 * The fields beside the episodes, proved to be the suite's manifest, its
 * hash and a model ID (throws when they cannot be shown so).
 */
async function provedFields(
  top: unknown,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<{ manifest: Manifest; fields: ResultFields }> {
  need(isObject(top) && sameKeys(top, RESULT_FIELDS));
  // The suite's manifest, compared as canonical values, not the stored
  // one parsed: the suite's keys share each scenario's strings, where the
  // stored one has strings of its own (or slices that hold the whole text),
  // so only the compact one is kept (at 100,000 episodes, the difference is
  // tens of megabytes held through the whole proof). Equal canonical values
  // are what parsing, re-encoding and `checkManifest` establish together.
  const manifest = await buildManifest(suite);
  const { same, hash } = manifestMatch(top["evaluation_manifest"], manifest);
  need(
    manifest.episodes.length <= limitsWith(options.limits).maxEpisodes && same,
  );
  const manifestHash = top["evaluation_manifest_hash"];
  need(typeof manifestHash === "string" && manifestHash === hash);
  const modelId = top["model_id"];
  need(typeof modelId === "string" && ID_RE.test(modelId));
  return {
    manifest,
    fields: {
      evaluation_manifest: manifest as unknown as JsonValue,
      evaluation_manifest_hash: manifestHash,
      model_id: modelId,
    },
  };
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Episode item `i`, whose index (read already) schedules `key`, proved
 * valid: every check the reference verifier makes on it would pass. Throws
 * when that cannot be shown. `write` writes its canonical text (for a
 * digest hashed as the proof goes).
 */
function provedItem(
  item: EpisodeItem,
  i: number,
  key: EpisodeKey,
  compiled: ReadonlyMap<string, CompiledScenario>,
  manifest: Manifest,
  options: VerifyEvaluationOptions,
): { proved: ProvedEpisode; write: (out: Out) => void } {
  const parts = item.parts;
  need(
    parts !== undefined && parts.scenario_id === key.scenario_id &&
      parts.scenario_hash === key.scenario_hash && parts.seed === key.seed &&
      HEX64.test(key.scenario_hash),
  );
  const c = compiled.get(key.scenario_id);
  need(c !== undefined && c.hash === key.scenario_hash);
  const recordText = parts.record();
  const replayed = replayedEpisode(c, recordText, options.kernel ?? "wasm");
  // The recorded header: equal text makes it the replayed record's.
  const h = replayed.header;
  need(
    h.scenario_id === key.scenario_id &&
      h.scenario_hash === key.scenario_hash && h.seed === key.seed &&
      h.schema_version === manifest.schema_version &&
      h.simulator_version === manifest.simulator_version &&
      h.observation_version === manifest.observation_version,
  );
  const { metrics: recomputed, reason } = replayed;
  // Equal canonical text: the stored dictionary is the recomputed one.
  const metricsText = parts.metrics();
  const recomputedText = encode(recomputed.metrics);
  need(recomputedText === metricsText);
  // No text of the episode is kept (the dictionary's is a string of its
  // own).
  const proved: ProvedEpisode = {
    index: key.index,
    episode: new VerifiedEpisode(
      TOKEN,
      key,
      options.statisticsOnly === true ? recomputed.metrics : recomputedText,
      recomputed.exact,
      reason,
      i,
      options.file,
      options.statisticsOnly,
    ),
    ...(item.span === undefined ? {} : {
      span: { start: item.span.start, end: item.span.end },
    }),
  };
  return {
    proved,
    write: (out) => writeEpisode(out, key, metricsText, recordText),
  };
}
