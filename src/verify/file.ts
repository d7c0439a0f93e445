/**
 * A result in a file (or in a byte range of one: a run part holds its
 * result's text between its own fields), verified without holding it:
 * the proof takes the episode items one at a time from a streamed reading
 * of the file (`stream.ts`), which hashes the bytes as it reads them, so
 * the peak memory of a file beyond the `file-bytes` limit is that of its
 * largest items, not of the file (one within it is kept as bytes, so as
 * not to be read again). A result that the streamed proof does not prove
 * valid (refused, or not as the result writer writes it) is read whole,
 * within the `file-bytes` limit (the bytes kept, or read again), and
 * decided by the verifier of bytes (`bytes.ts`) exactly as
 * `verifyEvaluation` decides its bytes, the episodes the streamed proof
 * proved taken as proved (when the bytes are those it read): the same
 * verdict, the same messages, the same digest.
 *
 * @module
 */

import { fileError, readBounded, tooLarge } from "../files.ts";
import { limitsWith } from "../limits.ts";
import type { Suite } from "../types.ts";
import { BytesVerification } from "./bytes.ts";
import { checkKernel, type VerifyEvaluationOptions } from "./options.ts";
import { collected } from "../collect.ts";
import { type Proof, provedResult, sunkResult } from "./proof.ts";
import { type Reducer, reduceVerified } from "./sink.ts";
import {
  type ByteRange,
  type Span,
  type StreamedReading,
  streamedReading,
} from "./stream.ts";
import type { VerifiedEvaluation } from "./verified.ts";

/** A byte range of a file: from `start` (default 0) to `end` (its size). */
export type FileRange = { readonly start?: number; readonly end?: number };

/**
 * An open result file, or a byte range of one: what the streamed reading
 * reads, and the bytes read whole when it does not prove them. A file
 * that is not a regular file (a pipe, a device) cannot be read at offsets:
 * it is only read whole, within the `file-bytes` limit, as the CLI reads
 * standard input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ResultFile } from "./file.ts";
 * await assert.rejects(ResultFile.open("no-such-result.json"), { name: "FileError" });
 * ```
 */
export class ResultFile implements ByteRange {
  /** The name in messages. */
  readonly name: string;
  /** Offset of the range's first byte. */
  readonly start: number;
  /** Offset after its last byte. */
  readonly end: number;
  /** Whether the file is a regular file (read at offsets, streamed). */
  readonly regular: boolean;
  readonly #handle: Deno.FsFile;
  /** Where the handle's position is. */
  #position = 0;

  private constructor(
    handle: Deno.FsFile,
    name: string,
    start: number,
    end: number,
    regular: boolean,
  ) {
    this.#handle = handle;
    this.name = name;
    this.start = start;
    this.end = end;
    this.regular = regular;
  }

  /**
   * Open `path` (failures are {@linkcode FileError}s naming `name`), its
   * bytes from `range.start` to `range.end`; a range outside the file, or
   * one of a file that is not regular, is a `RangeError`.
   */
  static async open(
    path: string,
    range: FileRange = {},
    name: string = path,
  ): Promise<ResultFile> {
    let handle: Deno.FsFile | undefined;
    try {
      handle = await Deno.open(path, { read: true });
      const info = await handle.stat();
      const size = info.isFile ? info.size : 0;
      const start = range.start ?? 0;
      const end = range.end ?? size;
      if (
        (!info.isFile && (range.start ?? range.end) !== undefined) ||
        !(Number.isSafeInteger(start) && Number.isSafeInteger(end) &&
          0 <= start && start <= end && end <= size)
      ) {
        throw new RangeError(
          `${name}: the byte range [${start}, ${end}) is not within the file (${
            info.isFile ? `${size} bytes` : "not a regular file"
          })`,
        );
      }
      const file = new ResultFile(handle, name, start, end, info.isFile);
      handle = undefined;
      return file;
    } catch (e) {
      if (e instanceof RangeError) throw e;
      throw fileError(name, "read", e);
    } finally {
      handle?.close();
    }
  }

  /** Read bytes at offset `at` of the file: the count, 0 at its end. */
  async read(into: Uint8Array, at: number): Promise<number> {
    try {
      if (at !== this.#position) {
        await this.#handle.seek(at, Deno.SeekMode.Start);
        this.#position = at;
      }
      const n = await this.#handle.read(into) ?? 0;
      this.#position += n;
      return n;
    } catch (e) {
      throw fileError(this.name, "read", e);
    }
  }

  /**
   * The range's bytes, read whole: refused beyond the `file-bytes` limit,
   * the message saying why the file is read whole (`why`).
   */
  async whole(why: string): Promise<Uint8Array> {
    const max = limitsWith().maxFileBytes;
    if (!this.regular) {
      try {
        return await readBounded(this.#handle, this.name, max, 0);
      } catch (e) {
        throw fileError(this.name, "read", e);
      }
    }
    const size = this.end - this.start;
    if (size > max) {
      throw tooLarge(this.name, `input of ${size} bytes ${why}`, max);
    }
    const bytes = new Uint8Array(size);
    let n = 0;
    while (n < size) {
      const got = await this.read(bytes.subarray(n), this.start + n);
      if (got === 0) break;
      n += got;
    }
    // A file cut short since it was opened: its bytes as they are now.
    return bytes.subarray(0, n);
  }

  /** Close the file. */
  close(): void {
    this.#handle.close();
  }

  /** Close the file (`using`). */
  [Symbol.dispose](): void {
    this.close();
  }
}

/**
 * A result file through the verifier's steps: {@linkcode prove}, the
 * streamed proof (it never refuses), then, when it did not prove the
 * result, {@linkcode bytes}: the range read whole, as the verifier of bytes
 * that takes the streamed proof's episodes as proved.
 *
 * @example
 * ```ts ignore
 * import { FileVerification, ResultFile } from "./file.ts";
 * using file = await ResultFile.open("r.json");
 * const steps = new FileVerification(file, { file: "r.json" });
 * const verified = await steps.prove(suite) ?? await (await steps.bytes()).verify(suite);
 * ```
 */
export class FileVerification {
  readonly #file: ResultFile;
  readonly #options: VerifyEvaluationOptions;
  readonly #settle: boolean;
  readonly #settleStream: boolean;
  #tried = false;
  /**
   * What the streamed proof proved, the digest of what it read, and the
   * bytes it read, if it kept them.
   */
  #earlier:
    | {
      readonly proof: Proof;
      readonly digest: string;
      readonly bytes?: Uint8Array;
    }
    | undefined;
  /** Where the episode items lie, once {@linkcode proveInto} proved them. */
  #spans: readonly Span[] | undefined;
  /** Why the file is read whole, for a message of the size limit. */
  #why = "that is not as the result writer writes it";

  /**
   * The steps for `file`, with the options of `verifyEvaluation`; with
   * `settle`, as {@linkcode BytesVerification}'s when the file is read
   * whole, and the streamed proof's garbage is collected once it proves
   * the file (for a caller with more work to come), or with `settleStream`
   * for that alone.
   */
  constructor(
    file: ResultFile,
    options: VerifyEvaluationOptions = {},
    settle = false,
    settleStream: boolean = settle,
  ) {
    checkKernel(options.kernel);
    this.#file = file;
    this.#options = options;
    this.#settle = settle;
    this.#settleStream = settleStream;
  }

  /** The bytes of the result: the work its proof has just done. */
  #size(): number {
    return this.#file.end - this.#file.start;
  }

  /**
   * The streamed proof (once): the verified result, or `undefined` when it
   * cannot prove the file valid (it may still be).
   */
  async prove(suite: Suite): Promise<VerifiedEvaluation | undefined> {
    const streamed = await this.#streamed();
    if (streamed === undefined) return undefined;
    const proof = await provedResult(
      streamed.reading,
      () => streamed.digest(),
      suite,
      this.#options,
    );
    if (proof?.verified === undefined) {
      await this.#failed(streamed, proof);
      return undefined;
    }
    if (this.#settleStream) await collected(1, this.#size());
    return proof.verified;
  }

  /**
   * The streamed proof, as {@linkcode prove}, each verified episode handed
   * to `reducer` as it is proved and only what that keeps kept: the
   * memory of a large result is its reducer's, not a verified episode's
   * each. Episodes proved are kept for the file read whole, should the
   * proof fail, only when it could be read whole (within the `file-bytes`
   * limit); with `settleStream`, the proof's garbage is collected once it
   * proves the file.
   */
  async proveInto<T>(
    suite: Suite,
    reducer: Reducer<T>,
  ): Promise<T | undefined> {
    const streamed = await this.#streamed();
    if (streamed === undefined) return undefined;
    const file = this.#file;
    // Beyond the limit, the file is not read whole (`bytes` refuses it).
    const retain = file.end - file.start <= limitsWith().maxFileBytes;
    const proof = await sunkResult(
      streamed.reading,
      () => streamed.digest(),
      suite,
      this.#options,
      { reducer, retain },
    );
    if (proof === undefined || proof.proved !== undefined) {
      await this.#failed(
        streamed,
        proof === undefined ? undefined : { proved: proof.proved },
        proof?.first,
        retain,
      );
      return undefined;
    }
    this.#spans = streamed.spans().map((s) => ({
      start: file.start + s.start,
      end: file.start + s.end,
    }));
    if (this.#settleStream) await collected(1, this.#size());
    return proof.kept;
  }

  /**
   * Where each episode item lies in the file (offsets from its start), in
   * order, once {@linkcode proveInto} has proved it; else `undefined`.
   */
  get spans(): readonly Span[] | undefined {
    return this.#spans;
  }

  /** The streamed reading (once), `undefined` if the file cannot be so read. */
  async #streamed(): Promise<StreamedReading | undefined> {
    if (this.#tried || !this.#file.regular) return undefined;
    this.#tried = true;
    // The proof compares the manifest's episodes as text (`proof.ts`).
    return await streamedReading(
      this.#file,
      this.#options.limits,
      undefined,
      "deferred",
    );
  }

  /**
   * A streamed proof that did not prove the file: why it is read whole,
   * and what it proved, for the verifier of bytes.
   */
  async #failed(
    streamed: StreamedReading,
    proof: Proof | undefined,
    first?: number,
    readable = true,
  ): Promise<void> {
    if (proof?.proved === undefined) {
      this.#why = "whose fields beside the episodes are not proved the suite's";
      return;
    }
    let k = first ?? 0;
    if (first === undefined) { while (proof.proved.has(k)) k++; }
    this.#why = `whose episodes[${k}] is not proved in one pass`;
    if (!readable) return;
    const digest = await streamed.finish();
    if (digest !== undefined) {
      const bytes = streamed.retained();
      this.#earlier = {
        proof,
        digest,
        ...(bytes === undefined ? {} : { bytes }),
      };
    }
  }

  /**
   * The range read whole (refused beyond the `file-bytes` limit, saying
   * why it is read whole), as the verifier of bytes, whose first proof is
   * the streamed one's.
   */
  async bytes(): Promise<BytesVerification> {
    const earlier = this.#earlier;
    this.#earlier = undefined;
    const kept = earlier?.bytes;
    const bytes = kept ?? await this.#file.whole(`${this.#why}, read whole`);
    return new BytesVerification(
      bytes,
      { ...this.#options, release: true },
      this.#settle,
      earlier === undefined ? undefined : {
        proof: earlier.proof,
        digest: earlier.digest,
        // The bytes the stream hashed: not hashed again.
        ...(kept === undefined ? {} : { hashed: true }),
      },
    );
  }
}

/**
 * Verify a result that is a file, or a byte range of one (`start`, `end`:
 * a run part's result), completely, as {@linkcode verifyEvaluation}
 * verifies the range's bytes: the same `VerifiedEvaluation` (its digest is
 * the SHA-256 of the range), the same refusals and messages (offsets in
 * them count from the range's start). A result as the result writer
 * writes it is proved as a stream, at any size; any other one is read
 * whole, within the `file-bytes` limit. Messages name `options.file`,
 * else `path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyResultFile } from "./file.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(verifyResultFile("no-such-result.json", publicSuite()), { name: "FileError" });
 * ```
 */
export async function verifyResultFile(
  path: string,
  suite: Suite,
  options: VerifyEvaluationOptions & FileRange = {},
): Promise<VerifiedEvaluation> {
  checkKernel(options.kernel);
  const { start, end, ...rest } = options;
  const name = rest.file ?? path;
  using file = await ResultFile.open(path, {
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
  }, name);
  return await verifyOpened(file, suite, { ...rest, file: name });
}

/**
 * {@linkcode verifyResultFile} on a file already open (the file stays
 * open); with `settle`, for a caller with more work to come, the
 * verification's garbage is collected before it returns.
 *
 * @example
 * ```ts ignore
 * import { ResultFile, verifyOpened } from "./file.ts";
 * using file = await ResultFile.open("r.json");
 * const verified = await verifyOpened(file, suite, { file: "r.json" });
 * ```
 */
export async function verifyOpened(
  file: ResultFile,
  suite: Suite,
  options: VerifyEvaluationOptions = {},
  settle = false,
): Promise<VerifiedEvaluation> {
  const steps = new FileVerification(file, options, settle);
  const streamed = await steps.prove(suite);
  if (streamed !== undefined) return streamed;
  return await readWhole(steps, suite);
}

/**
 * {@linkcode verifyOpened}, what `reducer` keeps of the verified result
 * returned instead: the streamed proof hands it each episode as it proves
 * it, so that only what it keeps stays in memory; a result read whole is
 * verified, then handed to a new reducer.
 *
 * @example
 * ```ts ignore
 * import { ResultFile, verifyOpenedInto } from "./file.ts";
 * import { indicesReducer } from "./sink.ts";
 * using file = await ResultFile.open("r.json");
 * const { indices } = await verifyOpenedInto(file, suite, {}, indicesReducer);
 * ```
 */
export async function verifyOpenedInto<T>(
  file: ResultFile,
  suite: Suite,
  options: VerifyEvaluationOptions,
  reducer: () => Reducer<T>,
  settle = false,
): Promise<T> {
  const steps = new FileVerification(file, options, settle);
  const streamed = await steps.proveInto(suite, reducer());
  if (streamed !== undefined) return streamed;
  return reduceVerified(await readWhole(steps, suite), reducer());
}

/**
 * A result file as the result writer writes it, verified completely with
 * each verified episode handed to `reducer` (as {@linkcode
 * verifyOpenedInto}), and where each episode item lies in the file;
 * `undefined` for a valid result written otherwise (canonical JSON, say,
 * whose items are not the writer's bytes); the verifier's refusal for one
 * that is not valid.
 */
export async function verifyWrittenInto<T>(
  file: ResultFile,
  suite: Suite,
  options: VerifyEvaluationOptions,
  reducer: Reducer<T>,
  settle = false,
): Promise<{ readonly kept: T; readonly spans: readonly Span[] } | undefined> {
  const steps = new FileVerification(file, options, settle);
  const kept = await steps.proveInto(suite, reducer);
  if (kept !== undefined) return { kept, spans: steps.spans! };
  await readWhole(steps, suite);
  return undefined;
}

/** The verifier of bytes, after a streamed proof that did not prove. */
async function readWhole(
  steps: FileVerification,
  suite: Suite,
): Promise<VerifiedEvaluation> {
  const reading = await steps.bytes();
  const fast = await reading.prove(suite);
  if (fast !== undefined) return fast;
  reading.read();
  return await reading.verify(suite);
}
