/**
 * Verified evaluations: the only way to a {@linkcode VerifiedEvaluation} is
 * full verification (statistics.md §1), so nothing unverified can pass as
 * verified. The file path reads each input once and replays each record
 * once: the result is read strictly with its records and metrics deferred,
 * each record is replayed from its own actions (by the replay kernel, whose
 * trace is written as the record's canonical text: `regenerate.ts`; or by
 * the TypeScript simulator, `kernel: "reference"`), and that text must equal
 * the recorded span character for character. Then the replayed record is
 * the record, stage 2 runs on it and the metrics are computed from it. A
 * valid file that is not canonical is proved the same way through the
 * canonical text of its value, one episode at a time. Anything these paths
 * cannot prove (any refusal) is decided by the reference verifier's checks
 * ({@linkcode verifyEpisodes}), so that every refusal carries exactly the
 * diagnostics it always had; they skip the episodes the proof did show
 * valid, so a refused file builds the values of the others only.
 *
 * @module
 */

import {
  compareCodePoints,
  decodeStrict,
  type DeferredDocument,
  DeferredJson,
  encode,
  encodeBytes,
  type JsonValue,
  parseBytes,
  parseDeferring,
  type ParseOptions,
} from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import { createHash } from "node:crypto";
import {
  type CompiledScenario,
  compileScenario,
} from "../scenario/compiled.ts";
import { MetricsInputError, StatisticsInputError } from "../errors.ts";
import { limitsWith } from "../limits.ts";
import { computeMetrics } from "../metrics/episode.ts";
import {
  checkCompatibility,
  checkStructure,
} from "../metrics/checks/stages.ts";
import { checkManifest, type VerifyOptions } from "./reference.ts";
import { parseManifest, parseResult } from "../result/reader.ts";
import type { PairableResult } from "../result/pairing.ts";
import { referenceReplay } from "../sim/kernel.ts";
import { KERNEL_NAMES, type KernelName } from "../bootstrap/kernel.ts";
import { type RegeneratedEpisode, regeneratedEpisode } from "./regenerate.ts";
import { need, objectAfter } from "./undecided.ts";
import { canonicalTextOf } from "./canonical_text.ts";
import { collectAfter } from "./memory.ts";
import { buildManifest } from "../scenario/suite.ts";
import type {
  Action,
  EpisodeKey,
  Manifest,
  RunRecord,
  Suite,
} from "../types.ts";
import { at, ID_RE, isObject, rootCtx } from "../json/fields.ts";
import { TOKEN, VerifiedEpisode, VerifiedEvaluation } from "./verified.ts";
import {
  deferredStructure,
  type DigestPlan,
  slimmed,
  spanLength,
  verified,
  verifiedDeferred,
} from "./refusal.ts";

/** Options of {@linkcode verifyEvaluation}. */
export type VerifyEvaluationOptions = VerifyOptions & {
  /**
   * Name of the input in strict-reading errors, when it differs from
   * `file` (`<stdin>`).
   */
  readonly source?: string;
  /**
   * What replays the records of a canonical input: `"wasm"` (default, the
   * replay kernel, each record proved by regenerating its text) or
   * `"reference"` (the TypeScript simulator, record objects compared part
   * by part). Refusals are decided by the reference verifier either way,
   * and the verdict is the same.
   */
  readonly kernel?: KernelName;
  /**
   * The caller hands the bytes over: once they are hashed and decoded, their
   * buffer is detached (`ArrayBuffer.prototype.transfer`), so that a large
   * input is not in memory twice until the garbage collector runs. The
   * bytes must not be used afterwards.
   */
  readonly release?: boolean;
};

/**
 * Verify an evaluation result completely (statistics.md §1) and return it
 * typed. Given bytes (a file's content), it reads them strictly and
 * replays each record once; given a parsed value, it is
 * {@linkcode verifyResult}. Refusals are those of the strict reader
 * (`CanonicalJsonError`) and of {@linkcode verifyResult}
 * (`StatisticsInputError`), with the same messages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyEvaluation } from "./verify.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(
 *   verifyEvaluation(new TextEncoder().encode("{}"), publicSuite(), { file: "r.json" }),
 *   { name: "StatisticsInputError", message: "r.json: model_id: missing field" },
 * );
 * ```
 */
export async function verifyEvaluation(
  input: Uint8Array | JsonValue,
  suite: Suite,
  options: VerifyEvaluationOptions = {},
): Promise<VerifiedEvaluation> {
  checkKernel(options.kernel);
  if (input instanceof Uint8Array) {
    const reading = new BytesVerification(input, options);
    input = null;
    const fast = await reading.prove(suite);
    if (fast !== undefined) return fast;
    reading.read();
    return await reading.verify(suite);
  }
  // A value in memory is proved through its canonical bytes, which stand
  // for it exactly; anything the writer or the proof refuses is decided by
  // the reference verifier on the value itself.
  let bytes: Uint8Array | undefined;
  try {
    bytes = encodeBytes(input);
  } catch {
    bytes = undefined;
  }
  if (bytes !== undefined) {
    const fast = await verifyCanonicalBytes(bytes, suite, options);
    if (fast !== undefined) return fast;
  }
  return verified(input, suite, options);
}

/**
 * A result given as bytes, taken through {@linkcode verifyEvaluation}'s
 * steps one at a time, so that a caller can interleave two results (the
 * paired comparison reads both, checks both structures and pairs them
 * before it verifies either: statistics.md §1): {@linkcode prove}, the fast
 * path, which never refuses; {@linkcode read}, the strict reading, whose
 * errors are those of `parseBytes`; {@linkcode structure}, the structural
 * reading (those of `parseResult`); {@linkcode verify}, the rest. Each
 * builds one episode's values at a time, and the result's text goes once
 * it is verified or refused.
 *
 * @internal The paired comparison (`statistics/paired.ts`).
 */
export class BytesVerification {
  readonly #options: VerifyEvaluationOptions;
  readonly #parseOptions: ParseOptions;
  /** Bytes that are not text the verifier decodes: the strict reader's. */
  #bytes: Uint8Array | undefined;
  #text: string | undefined;
  #digest = "";
  /** The fast path's proof: `null` before it ran. */
  #proof: Proof | undefined | null = null;
  /** Whether the proof through the value's canonical text ran. */
  #provedValue = false;
  #doc: DeferredDocument | undefined;
  /** What the strict reader built of bytes it was given as they are. */
  #value: JsonValue | undefined;

  /**
   * Decode and hash the bytes (then detach them, with `release`). A size or
   * text the verifier does not decode is kept for the strict reader, which
   * refuses it in {@linkcode read}.
   */
  constructor(bytes: Uint8Array, options: VerifyEvaluationOptions = {}) {
    checkKernel(options.kernel);
    this.#options = options;
    const source = options.source ?? options.file;
    this.#parseOptions = {
      ...(source === undefined ? {} : { file: source }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    };
    try {
      // The strict reader's refusal (size, UTF-8) is its again in `read`.
      this.#text = decodeStrict(bytes, this.#parseOptions);
    } catch {
      this.#bytes = bytes;
      return;
    }
    // Hashed before anything else, so that the bytes can go: a large
    // result is then in memory once, as text.
    this.#digest = sha256Hex(bytes);
    if (options.release === true) {
      (bytes.buffer as ArrayBuffer).transfer(0);
    }
  }

  /**
   * The fast path, on a canonical text: the verified result, or
   * `undefined` when it cannot prove the result valid (it may still be).
   */
  async prove(suite: Suite): Promise<VerifiedEvaluation | undefined> {
    if (this.#text === undefined) return undefined;
    if (this.#proof === null) {
      this.#proof = await fastProof(
        this.#text,
        this.#digest,
        suite,
        this.#options,
      );
    }
    const verified = this.#proof?.verified;
    if (verified !== undefined) this.#drop();
    else if (this.#proof !== undefined) await collected(0);
    return verified;
  }

  /**
   * The strict reading (every check on every character, so the errors of
   * `parseBytes`), with each episode's record and metrics kept as text:
   * the document, whose episodes' deferred values {@linkcode structure} and
   * {@linkcode verify} build one episode at a time.
   */
  read(): JsonValue {
    if (this.#bytes !== undefined) {
      this.#value ??= parseBytes(this.#bytes, this.#parseOptions);
      return this.#value;
    }
    this.#doc ??= parseDeferring(this.#text!, deferRecords, this.#parseOptions);
    return this.#doc.value;
  }

  /**
   * `parseResult`'s reading of the result (its errors, `EvaluationError`),
   * keeping only what pairing reads. The episodes that a proof shows valid
   * (it runs first: it never refuses) cannot fail it and are not built;
   * the others are built one at a time.
   */
  async structure(
    suite: Suite,
    file: string | undefined,
  ): Promise<PairableResult> {
    const value = this.read();
    const options = file === undefined ? {} : { file };
    if (this.#doc === undefined) return parseResult(value, options);
    const proof = await this.#proved(suite);
    if (proof?.verified !== undefined) return proof.verified;
    const proved = proof?.proved ?? NONE;
    return deferredStructure(value, options, (i) => proved.get(i)?.episode);
  }

  /** The rest of {@linkcode verifyEvaluation} on the bytes. */
  async verify(suite: Suite): Promise<VerifiedEvaluation> {
    let checks;
    const textLength = this.#text?.length ?? 0;
    try {
      checks = await this.#checks(suite);
    } finally {
      // The text goes: what the checks need of it is copied out.
      this.#drop();
    }
    if (checks instanceof VerifiedEvaluation) return checks;
    await collected(textLength);
    // Undecided or refused: the reference checks decide, on the episodes
    // that were not proved (a refused file then builds only those).
    const { doc, textOf, proved, plan } = checks;
    return await verifiedDeferred(
      doc,
      textOf,
      proved,
      plan,
      suite,
      this.#options,
    );
  }

  /**
   * The verified result, or what the reference checks need to decide (in
   * a call of its own, so that no frame of the caller's keeps the text).
   */
  async #checks(suite: Suite): Promise<
    VerifiedEvaluation | {
      doc: JsonValue;
      textOf: (span: DeferredJson) => string;
      proved: ReadonlyMap<number, ProvedEpisode>;
      plan: DigestPlan;
    }
  > {
    const value = this.read();
    const doc = this.#doc;
    if (doc === undefined) return await verified(value, suite, this.#options);
    const proof = await this.#proved(suite);
    if (proof?.verified !== undefined) return proof.verified;
    const proved = proof?.proved ?? NONE;
    // The proof's garbage first, so that the copies below take its room.
    await collected(0);
    // The digest, should the reference checks accept the file after all:
    // a canonical text's is the hash of its bytes.
    const plan: DigestPlan = doc.canonical
      ? { digest: this.#digest }
      : proof?.hashed ?? {
        prefix: createHash("sha256").update('{"episodes":['),
        count: 0,
      };
    return {
      doc: slimmed(value, proved, plan),
      textOf: doc.canonical ? (span) => span.source : canonicalTextOf,
      proved,
      plan,
    };
  }

  /** The proof over the read document, made once. */
  async #proved(suite: Suite): Promise<Proof | undefined> {
    if (this.#proof === null) {
      this.#proof = await fastProof(
        this.#text!,
        this.#digest,
        suite,
        this.#options,
      );
    }
    if (this.#proof === undefined && !this.#provedValue) {
      // A valid file that is not canonical (whitespace, key order) is
      // proved through the canonical text of its value, one episode at a
      // time. (On a canonical text, this is the proof that ran.)
      this.#provedValue = true;
      this.#proof = await settled(
        provedDocument(
          this.#doc!.value,
          canonicalTextOf,
          undefined,
          suite,
          this.#options,
        ),
      );
    }
    return this.#proof;
  }

  /** Let the text and what was read of it go. */
  #drop(): void {
    // The last subject of a regular expression stays reachable (as the
    // legacy `RegExp.input`); the strict reader's may be the whole text.
    FORGET.exec("");
    this.#text = undefined;
    this.#doc = undefined;
    this.#bytes = undefined;
    this.#value = undefined;
    this.#proof = undefined;
  }
}

/**
 * Wait, briefly, for the garbage collector to free `length` characters of
 * text let go just now, so that what comes next (the reference checks
 * build an episode's values: tens of megabytes) takes the room the text
 * leaves instead of adding to it. Asked the way `memory.ts` asks (an
 * external allocation that is never written), but larger: beyond V8's
 * hard limit of external memory, which makes it collect the whole heap at
 * once (measured with Deno 2.9.6: 256 MB only starts a collection that
 * idle time does not finish, 512 MB and 1 GB collected within two tries).
 * It stops when the heap is smaller by the text's size (a one-byte string
 * takes a byte a character), and tries at most four times. No verdict
 * depends on it, only the peak memory.
 *
 * @internal The paired comparison (`statistics/paired.ts`).
 */
export async function collected(length: number): Promise<void> {
  const usage = globalThis.Deno?.memoryUsage;
  if (usage === undefined) return;
  const goal = usage().heapUsed - length;
  for (let k = 0; k < 4; k++) {
    try {
      void new ArrayBuffer(COLLECT_BYTES);
    } catch {
      // No address space for it: then there is nothing to gain either.
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (usage().heapUsed <= goal) return;
  }
}

const COLLECT_BYTES = 512 << 20;

/** Matched against an empty string, to replace the last regexp subject. */
const FORGET = /^/;

/** A kernel name outside the list is a caller's mistake, not a verdict. */
function checkKernel(kernel: unknown): void {
  if (kernel !== undefined && !KERNEL_NAMES.some((k) => k === kernel)) {
    throw new RangeError(
      `kernel must be one of ${KERNEL_NAMES.join(", ")}, found ${
        String(kernel)
      }`,
    );
  }
}

const RESULT_FIELDS = [
  "episodes",
  "evaluation_manifest",
  "evaluation_manifest_hash",
  "model_id",
];
const EPISODE_FIELDS = [
  "index",
  "metrics",
  "record",
  "scenario_hash",
  "scenario_id",
  "seed",
];
const HEX64 = /^[0-9a-f]{64}$/;

function sameKeys(o: Record<string, unknown>, keys: readonly string[]) {
  const own = Object.keys(o);
  need(own.length === keys.length && keys.every((k) => Object.hasOwn(o, k)));
}

// Records and metrics dictionaries stay text: each is proved equal to the
// canonical text of what the replay gives.
const deferRecords = (segs: readonly (string | number)[]) =>
  segs.length === 3 && segs[0] === "episodes" &&
  (segs[2] === "record" || segs[2] === "metrics") &&
  typeof segs[1] === "number";

/**
 * The fast path: a proof of validity, or `undefined` when it cannot give
 * one (the input may still be valid). It never throws a verdict.
 */
/**
 * The fast path alone, on bytes: a verified result, or `undefined` when it
 * cannot prove the bytes valid (they may still be).
 */
export function verifyCanonicalBytes(
  bytes: Uint8Array,
  suite: Suite,
  options: VerifyEvaluationOptions = {},
): Promise<VerifiedEvaluation | undefined> {
  checkKernel(options.kernel);
  let text: string;
  try {
    text = decodeStrict(bytes, {
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
  } catch {
    return Promise.resolve(undefined);
  }
  return verifyCanonicalText(text, sha256Hex(bytes), suite, options);
}

async function verifyCanonicalText(
  text: string,
  digest: string,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<VerifiedEvaluation | undefined> {
  // Undecided, or any refusal: the reference verifier gives the verdict
  // and its exact diagnostics.
  return (await fastProof(text, digest, suite, options))?.verified;
}

/** The fast path's proof, or `undefined` when it does not reach the episodes. */
function fastProof(
  text: string,
  digest: string,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<Proof | undefined> {
  return settled(provedValid(text, digest, suite, options));
}

/** A proof, or `undefined` when it stopped before the episodes. */
async function settled(p: Promise<Proof>): Promise<Proof | undefined> {
  try {
    return await p;
  } catch {
    return undefined;
  }
}

async function provedValid(
  text: string,
  digest: string,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<Proof> {
  // Records and metrics are not read by the strict reader here, so its
  // depth and string limits are not applied to them: only limits that no
  // record or dictionary can reach (records nest 12 deep in a result, their
  // strings are IDs, hashes and names of at most 64 characters) leave that
  // unobservable.
  const limits = limitsWith(options.limits);
  need(limits.maxDepth >= 16 && limits.maxStringLength >= 64);
  const read = (
    skimEnd?: (
      segs: readonly (string | number)[],
      at: number,
    ) => number | undefined,
  ) =>
    parseDeferring(text, deferRecords, {
      skim: true,
      ...(skimEnd === undefined ? {} : { skimEnd }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
  // The text is canonical: its bytes are the canonical bytes.
  const prove = (doc: DeferredDocument, o: VerifyEvaluationOptions) => {
    need(doc.canonical);
    return provedDocument(doc.value, (span) => span.source, digest, suite, o);
  };
  // First with each record's end found by the key that follows it, in place
  // of matching its brackets: a record proved by regeneration is then its
  // value's exact extent (its text is one complete JSON value). Only a
  // proof of every episode is kept from that reading, since a guess that
  // was not proved may have misread the rest of the document. (A reading
  // that fails, or is not canonical, leaves the file to the general path,
  // which decides it on its own strict reading.)
  const proof = await prove(
    read((segs, at) => recordEnd(segs, at, text)),
    options,
  );
  if (proof.verified !== undefined) return proof;
  // The episodes proved on matched brackets, for the reference checks.
  const { onProgress: _, ...quiet } = options;
  return await prove(read(), quiet);
}

/**
 * A guess at where an episode's record ends in a canonical text: before
 * the key that follows it (`scenario_hash`, in code-point order).
 */
function recordEnd(
  segs: readonly (string | number)[],
  start: number,
  text: string,
): number | undefined {
  if (segs[2] !== "record") return undefined;
  const at = text.indexOf(RECORD_FOLLOWS, start);
  return at < 0 ? undefined : at + 1;
}

const RECORD_FOLLOWS = '},"scenario_hash":"';

/**
 * What a proof over a document gives: the verified result, or else the
 * episodes it proved valid (by position), which the reference checks then
 * skip. A proof that stops before the episodes throws instead.
 */
type Proof =
  | { readonly verified: VerifiedEvaluation; readonly proved?: undefined }
  | {
    readonly verified?: undefined;
    readonly proved: ReadonlyMap<number, ProvedEpisode>;
    /**
     * Without a digest given: the hash of the canonical text composed over
     * the episodes proved before the first that is not (`count` of them).
     */
    readonly hashed?: {
      readonly prefix: ReturnType<typeof createHash>;
      readonly count: number;
    };
  };

/** A proved episode: its index field, and its value. */
export type ProvedEpisode = {
  readonly index: number;
  readonly episode: VerifiedEpisode;
};

const NONE: ReadonlyMap<number, ProvedEpisode> = new Map();

/**
 * The proof over a read document whose episodes' records and metrics are
 * deferred: `textOf` gives a deferred value's canonical text (its span, for
 * a canonical file; else the canonical encoding of its value, which stands
 * for the value exactly). Without `digest`, the digest is the hash of the
 * value's canonical text, composed as the proof goes. An episode it cannot
 * prove does not stop it (unless its index cannot be read, which the next
 * episode's order check needs): the episodes after it are still proved, so
 * that the reference checks build only the ones that are not.
 */
async function provedDocument(
  value: JsonValue,
  textOf: (span: DeferredJson) => string,
  digest: string | undefined,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<Proof> {
  const top = value as unknown;
  need(isObject(top));
  sameKeys(top, RESULT_FIELDS);
  const ctx = rootCtx(StatisticsInputError, options.file);
  const original = top["evaluation_manifest"] as JsonValue;
  const manifest = parseManifest(
    original,
    at(ctx, "evaluation_manifest"),
    options.limits === undefined ? {} : { limits: options.limits },
  );
  need(encode(manifest) === encode(original));
  checkManifest(
    manifest,
    await buildManifest(suite),
    at(ctx, "evaluation_manifest"),
  );
  const manifestHash = top["evaluation_manifest_hash"];
  need(
    typeof manifestHash === "string" &&
      manifestHash ===
        sha256Hex(encode(manifest)),
  );
  const modelId = top["model_id"];
  need(typeof modelId === "string" && ID_RE.test(modelId));
  const items = top["episodes"];
  need(Array.isArray(items) && items.length <= manifest.episodes.length);

  const compiled = new Map<string, CompiledScenario>();
  // The last scenario of an ID wins, as in the reference verifier.
  for (const s of suite.scenarios) {
    compiled.set(s.scenario.scenario_id, await compileScenario(s.scenario));
  }
  const proved = new Map<number, ProvedEpisode>();
  const total = items.length;
  // Keys in code-point order, exactly these (checked): the canonical text
  // is the concatenation of the parts.
  const hash = digest === undefined ? createHash("sha256") : undefined;
  hash?.update('{"episodes":[');
  options.onProgress?.(0, total);
  let last = -1;
  let hashed = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as unknown;
    // The index first: without it, no later episode can be proved.
    if (!isObject(item)) break;
    const index = item["index"];
    if (
      !(typeof index === "number" && Number.isSafeInteger(index) &&
        index > last && index < manifest.episodes.length)
    ) break;
    last = index;
    const key = manifest.episodes[index]!;
    let episode: ReturnType<typeof provedEpisode>;
    try {
      episode = provedEpisode(
        item,
        i,
        key,
        compiled,
        manifest,
        textOf,
        options,
      );
    } catch {
      // Not proved: the reference checks decide it.
      collectAfter(spanLength(item["record"]));
      continue;
    }
    // The episode's record, checks and metrics are garbage now.
    collectAfter(spanLength(item["record"]));
    proved.set(i, episode.proved);
    if (hash !== undefined && proved.size === i + 1) {
      hashed = i + 1;
      if (i > 0) hash.update(",");
      writeEpisodeText(
        inSlices((text) => hash.update(text)),
        key,
        episode.texts.metrics,
        episode.texts.record,
      );
    }
    options.onProgress?.(i + 1, total);
  }
  if (proved.size < items.length) {
    return {
      proved,
      ...(hash === undefined
        ? {}
        : { hashed: { prefix: hash, count: hashed } }),
    };
  }
  hash?.update(
    `],"evaluation_manifest":${encode(original)},"evaluation_manifest_hash":${
      encode(manifestHash)
    },"model_id":${encode(modelId)}}`,
  );
  return {
    verified: new VerifiedEvaluation(TOKEN, {
      model_id: modelId,
      evaluation_manifest: manifest,
      evaluation_manifest_hash: manifestHash,
      episodes: [...proved.values()].map((p) => p.episode),
      digest: digest ?? hash!.digest("hex"),
    }),
  };
}

/**
 * Episode item `i`, whose index (read already) schedules `key`, proved
 * valid: every check the reference verifier makes on it would pass. Throws
 * when that cannot be shown.
 */
function provedEpisode(
  item: Record<string, unknown>,
  i: number,
  key: EpisodeKey,
  compiled: ReadonlyMap<string, CompiledScenario>,
  manifest: Manifest,
  textOf: (span: DeferredJson) => string,
  options: VerifyEvaluationOptions,
): {
  proved: ProvedEpisode;
  /** Its canonical texts, for a digest composed as the proof goes. */
  texts: { record: string; metrics: string };
} {
  sameKeys(item, EPISODE_FIELDS);
  need(
    item["scenario_id"] === key.scenario_id &&
      item["scenario_hash"] === key.scenario_hash &&
      item["seed"] === key.seed && HEX64.test(key.scenario_hash),
  );
  const metrics = item["metrics"];
  need(metrics instanceof DeferredJson);
  const span = item["record"];
  need(span instanceof DeferredJson);
  const c = compiled.get(key.scenario_id);
  need(c !== undefined && c.hash === key.scenario_hash);
  const recordText = textOf(span);
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
  const metricsText = textOf(metrics);
  need(encode(recomputed.metrics) === metricsText);
  // No text of the episode is kept.
  const proved: ProvedEpisode = {
    index: key.index,
    episode: new VerifiedEpisode(
      TOKEN,
      key,
      recomputed.metrics,
      recomputed.exact,
      reason,
      i,
      options.file,
    ),
  };
  return { proved, texts: { record: recordText, metrics: metricsText } };
}

/**
 * `out` fed at most 1 MiB of text at a time: a hash reads a string as its
 * UTF-8 bytes, and a record's whole span would be converted at once.
 */
function inSlices(out: (text: string) => void): (text: string) => void {
  const SLICE = 1 << 20;
  return (text) => {
    if (text.length <= SLICE) return out(text);
    for (let i = 0; i < text.length; i += SLICE) {
      out(text.slice(i, i + SLICE));
    }
  };
}

/**
 * The canonical text of a proved episode item, in pieces: its keys in
 * code-point order, exactly these (checked).
 */
function writeEpisodeText(
  out: (text: string) => void,
  key: EpisodeKey,
  metricsText: string,
  recordText: string,
): void {
  out(`{"index":${key.index},"metrics":`);
  out(metricsText);
  out(',"record":');
  out(recordText);
  out(
    `,"scenario_hash":${encode(key.scenario_hash)},"scenario_id":${
      encode(key.scenario_id)
    },"seed":${encode(key.seed)}}`,
  );
}

/**
 * Stages 1 to 3 of metrics.md §2 for one recorded span, and its metrics:
 * compatibility on the recorded header, the replay from the recorded
 * actions, the replayed record's canonical text equal to the span (so the
 * replayed record is the record), the structural checks on it. The kernel
 * does all of it without building the record (`regeneratedEpisode`); the
 * reference path builds it.
 */
function replayedEpisode(
  c: CompiledScenario,
  source: string,
  kernel: KernelName,
): RegeneratedEpisode & { readonly header: Record<string, unknown> } {
  // Only the header and the actions are read from the span, by their keys:
  // the replayed record's text must then equal the whole span, so a span
  // read wrongly here can only be refused (by the reference verifier).
  const header = objectAfter(source, '"header":{', 0);
  const ctx = rootCtx(MetricsInputError);
  checkCompatibility(c.scenario, c.hash, { header } as JsonValue, ctx);
  const seed = header["seed"];
  need(typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0);
  if (kernel === "wasm") {
    return { header, ...regeneratedEpisode(c, seed, source) };
  }
  const record = replayedRecord(c, seed, source, kernel);
  return {
    header,
    metrics: computeMetrics(c, record, ctx),
    reason: record.final_state.termination_reason,
  };
}

/** The reference path of {@linkcode replayedEpisode}: the record it proves. */
function replayedRecord(
  c: CompiledScenario,
  seed: number,
  source: string,
  kernel: KernelName,
): RunRecord {
  need(kernel === "reference");
  const run = referenceReplay(c, seed);
  let at = source.indexOf('"steps":[');
  need(at >= 0);
  while (!run.terminated) {
    const actions = objectAfter(source, '{"actions":{', at);
    need(run.checkActions(actions) === null);
    run.advance(actions as Record<string, Action>);
    at = source.indexOf("}", source.indexOf('{"actions":{', at));
  }
  const record = run.record();
  // JSON.stringify writes canonical JSON for a record whose objects have
  // their keys in code-point order (the simulator builds them so, and
  // `checkKeyOrder` makes sure) and whose strings are printable ASCII (the
  // span must be): then equal text means an equal value.
  need(!NOT_PRINTABLE.test(source));
  checkKeyOrder(record);
  sameText(record, source);
  checkStructure(c.scenario, record, rootCtx(MetricsInputError));
  return record;
}

/**
 * The record's text equals `source`, written part by part (the top-level
 * keys in canonical order, then each step), so that no text of the whole
 * record is ever built.
 */
function sameText(record: RunRecord, source: string): void {
  let pos = 0;
  const lit = (s: string) => {
    need(source.startsWith(s, pos));
    pos += s.length;
  };
  lit('{"final_state":');
  lit(JSON.stringify(record.final_state));
  lit(',"header":');
  lit(JSON.stringify(record.header));
  lit(',"initial_state":');
  lit(JSON.stringify(record.initial_state));
  lit(',"steps":[');
  record.steps.forEach((step, i) => {
    if (i > 0) lit(",");
    lit(JSON.stringify(step));
  });
  lit("]}");
  need(pos === source.length);
}

const NOT_PRINTABLE = /[^\x20-\x7e]/;

function sorted(o: object): void {
  const keys = Object.keys(o);
  for (let i = 1; i < keys.length; i++) {
    need(compareCodePoints(keys[i - 1]!, keys[i]!) < 0);
  }
}

/**
 * Every object of the record has its keys in code-point order. The
 * simulator builds each kind of object with one object literal, so the
 * first of each kind stands for all of that literal; people come from two
 * (the start, and a person who changed), and the first step's actions hold
 * every person's ID, so later steps' subsets keep its order.
 */
function checkKeyOrder(record: RunRecord): void {
  sorted(record.header);
  sorted(record.final_state);
  sorted(record.initial_state);
  const first = <T extends object>(xs: readonly T[]) => {
    if (xs.length > 0) sorted(xs[0]!);
  };
  first(record.final_state.people);
  first(record.initial_state.people);
  first(record.steps);
  if (record.steps.length > 0) sorted(record.steps[0]!.actions);
  let movement = false;
  let evacuation = false;
  let casualty = false;
  let changed = false;
  let previous = record.initial_state.people;
  for (const step of record.steps) {
    if (!movement && step.movements.length > 0) {
      sorted(step.movements[0]!);
      movement = true;
    }
    if (!evacuation && step.evacuations.length > 0) {
      sorted(step.evacuations[0]!);
      evacuation = true;
    }
    if (!casualty && step.casualties.length > 0) {
      sorted(step.casualties[0]!);
      casualty = true;
    }
    if (!changed) {
      const people = step.state.people;
      const i = people.findIndex((p, k) => p !== previous[k]);
      if (i >= 0) {
        sorted(people[i]!);
        changed = true;
      }
      previous = people;
    }
  }
  if (record.steps.length > 0) sorted(record.steps[0]!.state);
}
