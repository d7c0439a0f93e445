/**
 * A result given as bytes, verified in steps: the steps of
 * `verifyEvaluation`, one at a time, so that a caller can interleave two
 * results (the paired comparison reads both, checks both structures and
 * pairs them before it verifies either: statistics.md §1).
 *
 * The text is read at most twice: once by the proof
 * (`canonicalReading`), and once more by the strict reader when the proof
 * does not prove every episode (a refusal, or a text the result writer
 * would not write); the reference checks then take the episodes that the
 * proof did not prove, from that strict reading.
 *
 * @module
 */

import {
  decodeStrict,
  type DeferredDocument,
  type DeferredJson,
  type JsonValue,
  type ParseOptions,
} from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import type { PairableResult } from "../result/pairing.ts";
import { ResultDigest } from "../result/writer.ts";
import type { Suite } from "../types.ts";
import { canonicalTextOf } from "./canonical_text.ts";
import { collected } from "../collect.ts";
import { checkKernel, type VerifyEvaluationOptions } from "./options.ts";
import { type Proof, type ProvedEpisode, provedResult } from "./proof.ts";
import { TextSource } from "./reader.ts";
import {
  deferredStructure,
  type DigestPlan,
  slimmed,
  verifiedDeferred,
} from "./refusal.ts";
import { VerifiedEvaluation } from "./verified.ts";

/**
 * A result's bytes through the verifier's steps: {@linkcode prove}, the
 * proof, which never refuses; {@linkcode read}, the strict reading, whose
 * errors are those of `parseBytes`; {@linkcode structure}, the structural
 * reading (those of `parseResult`); {@linkcode verify}, the rest. Each
 * builds one episode's values at a time, and the result's text goes once
 * it is verified or refused.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeBytes } from "../json/canonical.ts";
 * import { BytesVerification } from "./bytes.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const bytes = encodeBytes(await runEvaluation(suite, "stay", { modelId: "stay" }));
 * const verified = await new BytesVerification(bytes).prove(suite);
 * assert.equal(verified?.model_id, "stay");
 * const spaced = new BytesVerification(new TextEncoder().encode(` ${new TextDecoder().decode(bytes)}`));
 * assert.equal(await spaced.prove(suite), undefined);
 * spaced.read();
 * assert.equal((await spaced.verify(suite)).digest, verified?.digest);
 * ```
 */
export class BytesVerification {
  readonly #options: VerifyEvaluationOptions;
  readonly #parseOptions: ParseOptions;
  readonly #settle: boolean;
  #source: TextSource | undefined;
  /** Why the bytes are not text the reader reads: its error. */
  #error: { readonly cause: unknown } | undefined;
  /** The hash of the bytes: the digest, when the text is canonical. */
  #digest = "";
  /** The proof: `null` before it ran, `undefined` if it proved nothing. */
  #proof: Proof | undefined | null = null;
  /** Whether the proof through the document's values ran. */
  #provedValues = false;
  #doc: DeferredDocument | undefined;

  /**
   * Decode and hash the bytes (then detach them, with `release`); or take
   * a text already decoded, with the hash of its bytes. Bytes the strict
   * reader refuses (beyond the size limit, not UTF-8) are refused in
   * {@linkcode read}. With `settle`, each step that lets the text go waits
   * for the collector to free it: for a caller with more work to come (the
   * paired comparison's other result). With `earlier`, the proof of an
   * earlier reading of the same bytes (a streamed one, `file.ts`) is this
   * one's first proof, if the bytes' hash is the digest it saw: what it
   * proved is not proved again (other bytes, a file changed in between,
   * are proved anew); with `hashed`, the bytes are the ones it hashed (it
   * kept them), whose hash is not computed again.
   */
  constructor(
    input: Uint8Array | { readonly text: TextSource; readonly digest: string },
    options: VerifyEvaluationOptions = {},
    settle = false,
    earlier?: Earlier,
  ) {
    checkKernel(options.kernel);
    this.#options = options;
    this.#settle = settle;
    const source = options.source ?? options.file;
    this.#parseOptions = {
      ...(source === undefined ? {} : { file: source }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    };
    if (!(input instanceof Uint8Array)) {
      this.#source = input.text;
      this.#digest = input.digest;
      this.#take(earlier);
      return;
    }
    const bytes = input;
    try {
      this.#source = new TextSource(decodeStrict(bytes, this.#parseOptions));
    } catch (cause) {
      this.#error = { cause };
      return;
    }
    // Hashed before anything else, so that the bytes can go: a large
    // result is then in memory once, as text.
    this.#digest = earlier?.hashed === true ? earlier.digest : sha256Hex(bytes);
    this.#take(earlier);
    if (options.release === true) {
      (bytes.buffer as ArrayBuffer).transfer(0);
    }
  }

  /** An earlier reading's proof, as the first, when it read these bytes. */
  #take(earlier: Earlier | undefined) {
    if (earlier !== undefined && earlier.digest === this.#digest) {
      this.#proof = earlier.proof;
    }
  }

  /**
   * The proof, on the text as it stands: the verified result, or
   * `undefined` when it cannot prove the result valid (it may still be).
   */
  async prove(suite: Suite): Promise<VerifiedEvaluation | undefined> {
    if (this.#source === undefined) return undefined;
    const length = this.#source.text.length;
    const verified = (await this.#firstProof(suite))?.verified;
    if (verified !== undefined) {
      this.#drop();
      if (this.#settle) await collected(length);
    } else if (this.#proof !== undefined) await collected(0);
    return verified;
  }

  /**
   * The strict reading (every check on every character, so the errors of
   * `parseBytes`), with each episode's record and metrics kept as text:
   * the document, whose episodes' deferred values {@linkcode structure} and
   * {@linkcode verify} build one episode at a time.
   */
  read(): JsonValue {
    if (this.#error !== undefined) throw this.#error.cause;
    this.#doc ??= this.#source!.strictReading(this.#parseOptions);
    return this.#doc.value;
  }

  /**
   * `parseResult`'s reading of the result (its errors, `EvaluationError`),
   * keeping only what pairing reads. The episodes that the proof shows
   * valid (it runs first: it never refuses) cannot fail it and are not
   * built; the others are built one at a time.
   */
  async structure(
    suite: Suite,
    file: string | undefined,
  ): Promise<PairableResult> {
    const value = this.read();
    const proof = await this.#proved(suite);
    if (proof?.verified !== undefined) return proof.verified;
    const proved = proof?.proved ?? NONE;
    return deferredStructure(
      value,
      file === undefined ? {} : { file },
      (i) => proved.get(i)?.episode,
    );
  }

  /** The rest of `verifyEvaluation` on the bytes. */
  async verify(suite: Suite): Promise<VerifiedEvaluation> {
    const length = this.#source?.text.length ?? 0;
    let checks;
    try {
      checks = await this.#checks(suite);
    } finally {
      // The text goes: what the checks need of it is copied out.
      this.#drop();
    }
    if (checks instanceof VerifiedEvaluation) {
      if (this.#settle && length > 0) await collected(length);
      return checks;
    }
    await collected(length);
    // Undecided or refused: the reference checks decide, on the episodes
    // that were not proved (a refused file then builds only those).
    const { doc, textOf, proved, plan } = checks;
    const verified = await verifiedDeferred(
      doc,
      textOf,
      proved,
      plan,
      suite,
      this.#options,
    );
    if (this.#settle) await collected(length);
    return verified;
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
    const canonical = this.#doc!.canonical;
    const proof = await this.#proved(suite);
    if (proof?.verified !== undefined) return proof.verified;
    const proved = proof?.proved ?? NONE;
    // The proof's garbage first, so that the copies below take its room.
    await collected(0);
    // The digest, should the reference checks accept the file after all:
    // a canonical text's is the hash of its bytes.
    const plan: DigestPlan = canonical
      ? { digest: this.#digest }
      : { prefix: proof?.hashed ?? new ResultDigest() };
    return {
      doc: slimmed(value, proved, plan),
      textOf: canonical ? (span) => span.source : canonicalTextOf,
      proved,
      plan,
    };
  }

  /** The proof on the text as it stands, made once. */
  async #firstProof(suite: Suite): Promise<Proof | undefined> {
    if (this.#proof === null) {
      this.#proof = await provedResult(
        this.#source!.proofReading(this.#options.limits),
        this.#digest,
        suite,
        this.#options,
      );
    }
    return this.#proof;
  }

  /**
   * The proof for the reference checks, after the strict reading: the
   * first one, and for a document that is not canonical (whitespace, key
   * order) the proof through the canonical text of its values, one episode
   * at a time, which takes the episodes the first one proved as they are
   * (also for a canonical one that the first reading could not take: the
   * limits too low for it to skim records).
   */
  async #proved(suite: Suite): Promise<Proof | undefined> {
    const first = await this.#firstProof(suite);
    const doc = this.#doc!;
    if (this.#provedValues || (doc.canonical && first !== undefined)) {
      return first;
    }
    this.#provedValues = true;
    const text = this.#source!.text;
    this.#proof = await provedResult(
      this.#source!.documentReading(doc),
      doc.canonical ? this.#digest : undefined,
      suite,
      this.#options,
      first?.proved === undefined ? undefined : {
        proved: first.proved,
        textAt: (start, end) => text.slice(start, end),
      },
    );
    return this.#proof;
  }

  /** Let the text and what was read of it go. */
  #drop(): void {
    // The last subject of a regular expression stays reachable (as the
    // legacy `RegExp.input`); the strict reader's may be the whole text.
    FORGET.exec("");
    this.#source = undefined;
    this.#doc = undefined;
    this.#proof = undefined;
  }
}

const NONE: ReadonlyMap<number, ProvedEpisode> = new Map();

/**
 * An earlier reading's proof of the same bytes and the digest it hashed;
 * `hashed`: the bytes are those it hashed.
 */
type Earlier = {
  readonly proof: Proof;
  readonly digest: string;
  readonly hashed?: boolean;
};

/** Matched against an empty string, to replace the last regexp subject. */
const FORGET = /^/;
