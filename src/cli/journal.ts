/**
 * The journal of `run --out FILE`: `FILE.journal`, beside it, to which
 * each completed episode's canonical text is appended as it completes, so
 * that the run keeps no episode in memory and `FILE` is written from it
 * (`checkpoint.ts`). A text file, one entry a line, each line ended by a
 * newline (which canonical JSON never holds):
 *
 * - first, the header: the canonical JSON object
 *   `{"evaluation_manifest_hash":H,"journal_version":"1.0","model_id":M}`;
 * - an episode: `INDEX LENGTH SHA256 TEXT`, where TEXT is the episode
 *   item's canonical text (the result writer's), LENGTH its length in
 *   bytes and SHA256 its digest, in completion order (any index order);
 * - an assembly: `assembled SHA256 BYTES`, written (and flushed) just
 *   before `FILE` is replaced by bytes of that digest and length, made of
 *   the episodes above the line: a `FILE` whose digest is listed holds
 *   nothing the journal lacks.
 *
 * A line is whole or it is the last one: a kill or a power loss can cut
 * the last line short or leave garbage in its place, which reading drops;
 * a line that fails its check anywhere else is damage, refused.
 *
 * @module
 */

import { encode } from "../json/canonical.ts";
import { Sha256, sha256Hex } from "../json/sha256.ts";
import { EvaluationError } from "../errors.ts";
import { fileError } from "../files.ts";
import { beyondLimit, limitsWith } from "../limits.ts";
import type { Out } from "../result/writer.ts";
import { MAX_ITEM_UNITS } from "../verify/stream.ts";

/** The version of the journal's format, in its header. */
export const JOURNAL_VERSION = "1.0";

/** A header is a few hundred bytes; anything longer is not one. */
const HEADER_MAX_BYTES = 4096;
/** Enough bytes for any entry's prefix (two 16-digit numbers and a digest). */
const PREFIX_BYTES = 128;
const EPISODE_PREFIX =
  /^(0|[1-9][0-9]{0,15}) (0|[1-9][0-9]{0,15}) ([0-9a-f]{64}) /;
const ASSEMBLY_LINE = /^assembled ([0-9a-f]{64}) (0|[1-9][0-9]{0,15})\n/;
const NEWLINE = 10;
/** The most a journal is left unflushed while episodes come in. */
const SYNC_INTERVAL_MS = 1000;

/** The run a journal belongs to, as its header names it. */
export type JournalHeader = {
  readonly model_id: string;
  readonly evaluation_manifest_hash: string;
};

/** Where an episode's text is in the journal. */
type Entry = {
  /** Offset of its line. */
  readonly start: number;
  /** Bytes of the line before the text. */
  readonly prefix: number;
  /** Bytes of the text. */
  readonly length: number;
  /** Its line number (the header is line 1). */
  readonly line: number;
};

/**
 * The journal's file name for `run --out FILE`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { journalFile } from "./journal.ts";
 * assert.equal(journalFile("res/g.json"), "res/g.json.journal");
 * ```
 */
export function journalFile(out: string): string {
  return `${out}.journal`;
}

/**
 * The header line of a journal (with its newline).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { journalHeaderLine } from "./journal.ts";
 * assert.equal(
 *   journalHeaderLine({ model_id: "m", evaluation_manifest_hash: "ab" }),
 *   '{"evaluation_manifest_hash":"ab","journal_version":"1.0","model_id":"m"}\n',
 * );
 * ```
 */
export function journalHeaderLine(header: JournalHeader): string {
  return `${
    encode({
      evaluation_manifest_hash: header.evaluation_manifest_hash,
      journal_version: JOURNAL_VERSION,
      model_id: header.model_id,
    })
  }\n`;
}

/**
 * The longest episode text a journal line is read with: the `file-bytes`
 * limit, or when larger the longest item that the readers of a result
 * stream (one string: V8's bound), which a journal's episode becomes once
 * assembled; the writer holds a record as one string too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeLineLimit } from "./journal.ts";
 * assert.equal(episodeLineLimit(), 2 ** 29 - 24);
 * ```
 */
export function episodeLineLimit(): number {
  return Math.max(limitsWith().maxFileBytes, MAX_ITEM_UNITS);
}

/**
 * An open journal: the episodes it holds (an offset each, not their texts),
 * appended to as episodes complete, read back one text at a time.
 *
 * @example
 * ```ts ignore
 * import { Journal } from "./journal.ts";
 * const header = { model_id: "greedy", evaluation_manifest_hash: "ab…" };
 * const journal = await Journal.create("res/g.json.journal", header, 104);
 * journal.append(3, (out) => out('{"index":3,…}'));
 * for await (const text of journal.texts()) console.log(text.length);
 * ```
 */
export class Journal {
  /** The file, opened to append (again, after `open`, when first used). */
  #handle: Deno.FsFile | undefined;
  readonly #entries: (Entry | undefined)[];
  readonly #assemblies = new Set<string>();
  #size: number;
  #lines: number;
  #count = 0;
  /** One buffer for every appended line, room for the prefix first. */
  #line = new Uint8Array(0);
  #syncedAt = performance.now();
  #syncing: Promise<void> | undefined;
  #syncError: unknown;

  private constructor(
    readonly file: string,
    handle: Deno.FsFile | undefined,
    total: number,
    size: number,
    lines: number,
  ) {
    this.#handle = handle;
    this.#entries = new Array(total);
    this.#size = size;
    this.#lines = lines;
  }

  /**
   * Start a journal for a run of `total` scheduled episodes: `file` is
   * created, or emptied, and holds the header.
   */
  static async create(
    file: string,
    header: JournalHeader,
    total: number,
  ): Promise<Journal> {
    let handle: Deno.FsFile | undefined;
    try {
      handle = await Deno.open(file, {
        read: true,
        append: true,
        create: true,
      });
      await handle.truncate(0);
      const line = new TextEncoder().encode(journalHeaderLine(header));
      writeAllSync(handle, line);
      return new Journal(file, handle, total, line.length, 1);
    } catch (e) {
      handle?.close();
      throw fileError(file, "write", e);
    }
  }

  /**
   * Open the journal a run left in `file`, to continue it: `undefined`
   * when there is none (no file, or one cut short before its header was
   * whole). Its header must be this run's, its lines whole up to the last
   * one (a last line that fails its check is cut off); each episode's text
   * is checked against its digest, not yet read as an episode. Refusals
   * name the file and the field or line. No file stays open: a run refused
   * before it starts holds none.
   */
  static async open(
    file: string,
    header: JournalHeader,
    total: number,
  ): Promise<Journal | undefined> {
    let handle: Deno.FsFile;
    try {
      handle = await Deno.open(file, { read: true, write: true });
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return undefined;
      throw fileError(file, "read", e);
    }
    try {
      const size = (await handle.stat()).size;
      const head = readAt(handle, 0, Math.min(size, HEADER_MAX_BYTES));
      const end = head.indexOf(NEWLINE);
      // A kill while the header was written: the journal holds nothing.
      if (end < 0 && size < HEADER_MAX_BYTES) return undefined;
      checkHeader(file, end < 0 ? undefined : head.subarray(0, end), header);
      const journal = new Journal(file, undefined, total, end + 1, 1);
      const valid = journal.#scan(handle, size);
      if (valid < size) await handle.truncate(valid);
      return journal;
    } catch (e) {
      throw fileError(file, "read", e);
    } finally {
      handle.close();
    }
  }

  /** The episodes it holds. */
  get count(): number {
    return this.#count;
  }

  /** Whether it holds the episode of schedule index `index`. */
  has(index: number): boolean {
    return this.#entries[index] !== undefined;
  }

  /** The schedule indices of the episodes it holds, ascending. */
  indices(): number[] {
    const out: number[] = [];
    this.#entries.forEach((e, i) => {
      if (e !== undefined) out.push(i);
    });
    return out;
  }

  /**
   * Whether it lists an assembly of these bytes (a `FILE` of this digest
   * and length holds only episodes it holds).
   */
  assembled(digest: string, bytes: number): boolean {
    return this.#assemblies.has(`${digest} ${bytes}`);
  }

  /**
   * Append the canonical text of the episode of schedule index `index`,
   * synchronously: a few hundred kilobytes into the page cache, over in
   * well under a millisecond, and then the run has nothing to wait for (a
   * run that waited would let the other episodes in flight finish and be
   * held meanwhile). The line is in the file when this returns, so a kill
   * of the process loses nothing; it reaches the disk within about a
   * second.
   */
  append(index: number, write: (out: Out) => void): void {
    if (this.#entries[index] !== undefined || index >= this.#entries.length) {
      throw new RangeError(`episode ${index} cannot be journaled twice`);
    }
    // The text's pieces go straight into the buffer as bytes (no string of
    // the whole text is made), after room for the prefix.
    let end = PREFIX_BYTES;
    const encoder = new TextEncoder();
    write((piece) => {
      for (;;) {
        const r = encoder.encodeInto(piece, this.#line.subarray(end));
        if (r.read === piece.length) {
          end += r.written;
          return;
        }
        const grown = new Uint8Array(
          Math.max(2 * this.#line.length, end + 3 * piece.length + 1),
        );
        grown.set(this.#line.subarray(0, end));
        this.#line = grown;
      }
    });
    // The newline's place.
    if (end >= this.#line.length) {
      const grown = new Uint8Array(end + 1);
      grown.set(this.#line);
      this.#line = grown;
    }
    const length = end - PREFIX_BYTES;
    const body = this.#line.subarray(PREFIX_BYTES, end);
    const prefix = encoder.encode(`${index} ${length} ${sha256Hex(body)} `);
    const start = PREFIX_BYTES - prefix.length;
    this.#line.set(prefix, start);
    this.#line[end] = NEWLINE;
    this.#write(this.#line.subarray(start, end + 1));
    this.#entries[index] = {
      start: this.#size - (end + 1 - start),
      prefix: prefix.length,
      length,
      line: this.#lines,
    };
    this.#count++;
    if (performance.now() - this.#syncedAt >= SYNC_INTERVAL_MS) {
      this.#syncInBackground();
    }
  }

  /**
   * Record that `FILE` is about to be replaced by bytes of this digest and
   * length, made of the episodes above: the journal is flushed, then the
   * line is appended and flushed, so that the line is never on the disk
   * without those episodes. Synchronous, as the assembly's other flushes
   * (`writeFileStreamed`).
   */
  assembly(digest: string, bytes: number): void {
    this.sync();
    this.#write(new TextEncoder().encode(`assembled ${digest} ${bytes}\n`));
    this.sync();
    this.#assemblies.add(`${digest} ${bytes}`);
  }

  /** Flush what is written to the disk (a flush under way goes on). */
  sync(): void {
    this.#throwSyncError();
    try {
      this.#file().syncDataSync();
    } catch (e) {
      throw fileError(this.file, "write", e);
    }
    this.#syncedAt = performance.now();
  }

  /**
   * The canonical texts of its episodes as UTF-8 bytes, in schedule index
   * order, read through a file of its own (appends may go on meanwhile).
   * Each is valid until the next is asked for (one buffer serves all).
   */
  *texts(): Generator<Uint8Array> {
    for (const { bytes } of this.#read()) yield bytes;
  }

  /**
   * Its episodes as texts, with their index and line, in schedule index
   * order (for a resumed run to read and check them one at a time).
   */
  *episodes(): Generator<
    { readonly index: number; readonly line: number; readonly text: string }
  > {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    for (const { index, line, bytes } of this.#read()) {
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        throw new EvaluationError(
          "cannot resume: the episode's text is not UTF-8",
          { file: this.file, path: `line ${line}` },
        );
      }
      yield { index, line, text };
    }
  }

  /** Close the file (a pending flush is waited for). */
  async close(): Promise<void> {
    await this.#syncing;
    this.#handle?.close();
    this.#handle = undefined;
  }

  /** Close and delete the file. */
  async remove(): Promise<void> {
    await this.close();
    try {
      await Deno.remove(this.file);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) {
        throw fileError(this.file, "write", e);
      }
    }
  }

  /** The file opened to append, opened again (as it was read) if need be. */
  #file(): Deno.FsFile {
    if (this.#handle !== undefined) return this.#handle;
    let handle: Deno.FsFile;
    let size: number;
    try {
      handle = Deno.openSync(this.file, { read: true, append: true });
      size = handle.statSync().size;
    } catch (e) {
      throw fileError(this.file, "write", e);
    }
    if (size !== this.#size) {
      handle.close();
      throw new EvaluationError(
        `cannot resume: the journal changed since it was read (${size} bytes, not ${this.#size})`,
        { file: this.file },
      );
    }
    this.#handle = handle;
    return handle;
  }

  #write(bytes: Uint8Array): void {
    this.#throwSyncError();
    const handle = this.#file();
    try {
      writeAllSync(handle, bytes);
    } catch (e) {
      // A line cut short would be damage once another follows it.
      try {
        handle.truncateSync(this.#size);
      } catch {
        // Then reading drops it, as the last line, or refuses the journal.
      }
      throw fileError(this.file, "write", e);
    }
    this.#size += bytes.length;
    this.#lines++;
  }

  #syncInBackground(): void {
    const handle = this.#handle;
    if (this.#syncing !== undefined || handle === undefined) return;
    this.#syncedAt = performance.now();
    this.#syncing = handle.syncData().catch((e) => {
      this.#syncError = e;
    }).finally(() => {
      this.#syncing = undefined;
    });
  }

  #throwSyncError(): void {
    if (this.#syncError !== undefined) {
      throw fileError(this.file, "write", this.#syncError);
    }
  }

  /**
   * Each episode's line and text, in schedule index order, through a file
   * of its own, each text checked to be where the journal put it.
   */
  *#read(): Generator<
    {
      readonly index: number;
      readonly line: number;
      readonly bytes: Uint8Array;
    }
  > {
    let handle: Deno.FsFile;
    try {
      handle = Deno.openSync(this.file, { read: true });
    } catch (e) {
      throw fileError(this.file, "read", e);
    }
    try {
      let buffer = new Uint8Array(0);
      for (const [index, entry] of this.#entries.entries()) {
        if (entry === undefined) continue;
        const n = entry.prefix + entry.length;
        if (buffer.length < n) buffer = new Uint8Array(n);
        const text = buffer.subarray(0, n);
        const got = readInto(handle, entry.start, text);
        const want = `${index} ${entry.length} `;
        if (
          got < n ||
          new TextDecoder().decode(text.subarray(0, want.length)) !== want
        ) {
          throw new EvaluationError(
            "the journal changed while the run was using it",
            { file: this.file, path: `line ${entry.line}` },
          );
        }
        yield { index, line: entry.line, bytes: text.subarray(entry.prefix) };
      }
    } finally {
      handle.close();
    }
  }

  /**
   * Read the lines after the header, up to `size` bytes; returns where the
   * whole lines end.
   */
  #scan(handle: Deno.FsFile, size: number): number {
    const max = episodeLineLimit();
    let buffer = new Uint8Array(0);
    let pos = this.#size;
    while (pos < size) {
      const line = this.#lines + 1;
      const headText = new TextDecoder().decode(
        readAt(handle, pos, PREFIX_BYTES),
      );
      const assembly = ASSEMBLY_LINE.exec(headText);
      if (assembly !== null) {
        this.#assemblies.add(`${assembly[1]} ${assembly[2]}`);
        pos += assembly[0].length;
        this.#lines = line;
        continue;
      }
      const m = EPISODE_PREFIX.exec(headText);
      const index = Number(m?.[1]);
      const length = Number(m?.[2]);
      const prefix = m?.[0].length ?? 0;
      const end = pos + prefix + length + 1;
      const refuse = (detail: string): never => {
        throw new EvaluationError(`cannot resume: ${detail}`, {
          file: this.file,
          path: `line ${line}`,
        });
      };
      if (m !== null && end <= size && length > max) {
        refuse(
          beyondLimit("maxFileBytes", `an episode of ${length} bytes`, max),
        );
      }
      let whole = m !== null && end <= size;
      if (whole) {
        if (buffer.length < length + 1) buffer = new Uint8Array(length + 1);
        const text = buffer.subarray(0, length + 1);
        whole = readInto(handle, pos + prefix, text) === text.length &&
          text[length] === NEWLINE &&
          new Sha256().update(text.subarray(0, length)).hex() ===
            (m as RegExpExecArray)[3];
      }
      if (!whole) {
        if (lastLine(handle, pos, size)) break;
        throw new EvaluationError(
          "cannot resume: the line is not a whole journal entry, and lines follow it: the journal is damaged (remove it to resume from the result alone)",
          { file: this.file, path: `line ${line}` },
        );
      }
      if (index >= this.#entries.length) {
        refuse(
          `episode ${index} is not in this run's schedule of ${this.#entries.length} episodes`,
        );
      }
      const before = this.#entries[index];
      if (before !== undefined) {
        refuse(`episode ${index} is also at line ${before.line}`);
      }
      this.#entries[index] = { start: pos, prefix, length, line };
      this.#count++;
      this.#lines = line;
      pos = end;
    }
    this.#size = pos;
    return pos;
  }
}

/** Write all of `bytes` to `handle`, looping over partial writes. */
function writeAllSync(handle: Deno.FsFile, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += handle.writeSync(bytes.subarray(offset));
  }
}

/**
 * Refuse, naming the file and the field, a first line that is not the
 * header of this run: anything but exactly the bytes this run writes.
 */
function checkHeader(
  file: string,
  line: Uint8Array | undefined,
  want: JournalHeader,
): void {
  const text = line === undefined
    ? undefined
    : new TextDecoder().decode(line) + "\n";
  if (text === journalHeaderLine(want)) return;
  const refuse = (path: string, detail: string): never => {
    throw new EvaluationError(`cannot resume: ${detail}`, { file, path });
  };
  let header: Record<string, unknown> | undefined;
  try {
    const v = text === undefined ? undefined : JSON.parse(text);
    if (typeof v === "object" && v !== null && !Array.isArray(v)) header = v;
  } catch {
    // Not JSON: not a header, refused below.
  }
  if (header?.model_id !== undefined && header.model_id !== want.model_id) {
    refuse(
      "model_id",
      `journal is for model ${
        JSON.stringify(header.model_id)
      }, not ${want.model_id}`,
    );
  }
  const hash = header?.evaluation_manifest_hash;
  if (hash !== undefined && hash !== want.evaluation_manifest_hash) {
    refuse(
      "evaluation_manifest_hash",
      `journal has manifest hash ${
        JSON.stringify(hash)
      }, this suite schedules ${want.evaluation_manifest_hash}`,
    );
  }
  refuse(
    "",
    `its first line is not a journal ${JOURNAL_VERSION} header of this run (remove the file to start afresh)`,
  );
}

/** Read up to `n` bytes at `offset` (fewer at the end of the file). */
function readAt(handle: Deno.FsFile, offset: number, n: number): Uint8Array {
  const buffer = new Uint8Array(n);
  return buffer.subarray(0, readInto(handle, offset, buffer));
}

/**
 * Fill `buffer` from `offset`, short only at the end of the file. Reads
 * are synchronous: straight into the caller's buffer, where an
 * asynchronous read takes one of its own on another thread for each, and
 * those linger in its allocator.
 */
function readInto(
  handle: Deno.FsFile,
  offset: number,
  buffer: Uint8Array,
): number {
  handle.seekSync(offset, Deno.SeekMode.Start);
  let filled = 0;
  while (filled < buffer.length) {
    const n = handle.readSync(buffer.subarray(filled));
    if (n === null) break;
    filled += n;
  }
  return filled;
}

/**
 * Whether the line at `pos` is the file's last: no newline after it, or
 * only its own as the file's last byte.
 */
function lastLine(handle: Deno.FsFile, pos: number, size: number): boolean {
  const chunk = 1 << 20;
  for (let at = pos; at < size; at += chunk) {
    const bytes = readAt(handle, at, Math.min(chunk, size - at));
    const nl = bytes.indexOf(NEWLINE);
    if (nl >= 0) return at + nl === size - 1;
  }
  return true;
}
