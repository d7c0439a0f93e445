/**
 * File and stream I/O of the CLI. Inputs are read with the strict reader and
 * their file name goes into every error; outputs are written atomically (a
 * temporary file in the target directory, then a rename), so a failed or
 * interrupted command never leaves a half-written file. A saved artifact is
 * exactly its canonical bytes, with no trailing newline (contract §2).
 *
 * @module
 */

import { encodeBytes, type JsonValue, parseBytes } from "../json/canonical.ts";
import { FileError } from "../errors.ts";
import { fileError, readBounded, splitPath, tooLarge } from "../files.ts";
import { limitsWith } from "../limits.ts";
import { Sha256 } from "../json/sha256.ts";
import { reclaimPastResident } from "../collect.ts";

export { FileError } from "../errors.ts";

/** The name standing for standard input in place of an input file. */
const STDIN = "-";

/**
 * Read a whole file (or standard input for `-`), mapping failures to a
 * {@linkcode FileError} that names the file. A file larger than the
 * `maxFileBytes` limit (`limits.ts`) is refused from its size, before it is
 * read; standard input is refused as soon as it grows past the limit. A
 * reader of a kind of file whose limit follows from another passes `max`
 * and the refusal that names how to raise it.
 *
 * @example
 * ```ts ignore
 * import { readInput } from "./io.ts";
 * const bytes = await readInput("results/greedy.json");
 * ```
 */
export async function readInput(
  file: string,
  max: number = limitsWith().maxFileBytes,
  refuse: (file: string, what: string, max: number) => FileError = tooLarge,
): Promise<Uint8Array> {
  try {
    if (file === STDIN) {
      return await readBounded(Deno.stdin, "<stdin>", max, 0, refuse);
    }
    using handle = await Deno.open(file, { read: true });
    const size = (await handle.stat()).size;
    if (size > max) throw refuse(file, `input of ${size} bytes`, max);
    // A device or pipe reports size 0, and a file may grow while it is read:
    // the reading itself is bounded too.
    return await readBounded(handle, file, max, size, refuse);
  } catch (e) {
    throw fileError(file, "read", e);
  }
}

/**
 * Read a JSON document with the strict reader of contract §2 (duplicate keys,
 * unsafe integers, invalid UTF-8 … are refused); errors name the file and the
 * field.
 *
 * @example
 * ```ts ignore
 * import { readJson } from "./io.ts";
 * const value = await readJson("results/greedy.json");
 * ```
 */
export async function readJson(
  file: string,
  max?: number,
  refuse?: (file: string, what: string, max: number) => FileError,
): Promise<JsonValue> {
  const bytes = await readInput(file, max, refuse);
  return parseBytes(bytes, {
    file: sourceName(file),
    ...(max === undefined ? {} : { limits: { maxFileBytes: max } }),
  });
}

/** How strict-reading errors name an input file (`-` is `<stdin>`). */
export function sourceName(file: string): string {
  return file === STDIN ? "<stdin>" : file;
}

/**
 * Whether a file exists (a missing read permission is reported, not taken
 * for "absent").
 *
 * @example
 * ```ts ignore
 * import { fileExists } from "./io.ts";
 * if (await fileExists("results/greedy.json")) console.log("resuming");
 * ```
 */
export async function fileExists(file: string): Promise<boolean> {
  try {
    await Deno.lstat(file);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw fileError(file, "read", e);
  }
}

/**
 * Write bytes to `file` atomically: into a new temporary file beside it
 * (same directory, so the rename cannot cross file systems), flushed, then
 * renamed over `file`. On any failure the temporary file is removed and
 * `file` is left as it was. Needs `--allow-read` and `--allow-write` on the
 * directory (Deno's rename checks both).
 *
 * @example
 * ```ts ignore
 * import { writeFileAtomic } from "./io.ts";
 * await writeFileAtomic("out/a.json", new TextEncoder().encode("{}"));
 * ```
 */
export async function writeFileAtomic(
  file: string,
  bytes: Uint8Array,
): Promise<void> {
  await writeFileStreamed(file, (write) => Promise.resolve(write(bytes)));
}

/**
 * Where {@linkcode writeFileStreamed} takes the bytes, in order: each
 * piece is written when this returns (synchronously: into the page cache,
 * from the caller's buffer, which may be used again at once).
 */
export type ByteSink = (bytes: Uint8Array) => void;

/**
 * Write a file atomically, as {@linkcode writeFileAtomic} does, from
 * pieces: `write` hands them to the sink one at a time (so that a file of
 * any size is written from bounded memory), and its value is passed to
 * `commit` once the temporary file is flushed and before it is renamed
 * over `file` (a journal records what it is about to replace). A failure
 * of either leaves `file` as it was and no temporary file.
 *
 * Opening, flushing and renaming are synchronous: the only waits are the
 * ones `write` and `commit` choose. A run that waited tens of milliseconds
 * for a flush with its episodes stalled around it set V8 on a course of
 * promoting short-lived objects: its peak memory doubled, one run in three
 * (docs/decisions.md).
 *
 * @example
 * ```ts ignore
 * import { writeFileStreamed } from "./io.ts";
 * const n = await writeFileStreamed("out/a.json", (write) => {
 *   write(new TextEncoder().encode("[1,"));
 *   write(new TextEncoder().encode("2]"));
 *   return Promise.resolve(5);
 * });
 * ```
 */
export async function writeFileStreamed<T>(
  file: string,
  write: (sink: ByteSink) => Promise<T>,
  commit?: (value: T) => Promise<void> | void,
): Promise<T> {
  const { dir, base } = splitPath(file);
  const temp = `${dir}/.${base}.${randomSuffix()}.tmp`;
  let created = false;
  try {
    const handle = Deno.openSync(temp, { write: true, createNew: true });
    created = true;
    let value: T;
    try {
      value = await write((bytes) => {
        let offset = 0;
        while (offset < bytes.length) {
          offset += handle.writeSync(bytes.subarray(offset));
        }
      });
      handle.syncSync();
    } finally {
      handle.close();
    }
    await commit?.(value);
    Deno.renameSync(temp, file);
    created = false;
    return value;
  } catch (e) {
    if (created) {
      try {
        Deno.removeSync(temp);
      } catch {
        // Nothing more to undo.
      }
    }
    throw fileError(file, "write", e, dir);
  }
}

/**
 * Fail early, before any work, when `file` could not be written atomically:
 * the atomic rename needs read and write access to the file's directory,
 * which must exist (unless `dirMayBeMissing`: the demo creates its folder).
 * Raises a {@linkcode FileError} naming the flags to add.
 *
 * @example
 * ```ts ignore
 * import { checkWritable } from "./io.ts";
 * await checkWritable("out/a.stats.json");
 * ```
 */
export async function checkWritable(
  file: string,
  options: { dirMayBeMissing?: boolean } = {},
): Promise<void> {
  const { dir } = splitPath(file);
  const read = await Deno.permissions.query({ name: "read", path: dir });
  const write = await Deno.permissions.query({ name: "write", path: dir });
  if (read.state !== "granted" || write.state !== "granted") {
    throw fileError(
      file,
      "write",
      new Deno.errors.NotCapable("not granted"),
      dir,
    );
  }
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(dir);
  } catch (e) {
    if (options.dirMayBeMissing && e instanceof Deno.errors.NotFound) return;
    throw fileError(file, "write", e, dir);
  }
  if (!info.isDirectory) {
    throw new FileError(
      `cannot write: ${JSON.stringify(dir)} is not a directory`,
      { file },
    );
  }
  // A folder named as the output would be refused only by the final
  // rename, after all the work.
  let target: Deno.FileInfo | undefined;
  try {
    target = await Deno.stat(file);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw fileError(file, "write", e);
  }
  if (target?.isDirectory === true) {
    throw new FileError("cannot write: is a directory", { file });
  }
  await probeWrite(file, dir);
}

// What the permission flags allow, the operating system may still refuse
// (a read-only mount, a folder of another user): a file is made and
// removed where the atomic write will make its temporary file.
async function probeWrite(file: string, dir: string): Promise<void> {
  const temp = `${dir}/.${splitPath(file).base}.${randomSuffix()}.tmp`;
  try {
    (await Deno.open(temp, { write: true, createNew: true })).close();
  } catch (e) {
    throw fileError(file, "write", e, dir);
  }
  await Deno.remove(temp).catch(() => {});
}

/**
 * Write all bytes to standard output, looping over partial writes.
 *
 * @example
 * ```ts
 * import { writeStdout } from "./io.ts";
 * await writeStdout(new TextEncoder().encode(""));
 * ```
 */
export async function writeStdout(bytes: Uint8Array): Promise<void> {
  try {
    await writeAllTo(Deno.stdout, bytes);
  } catch (e) {
    throw stdoutError(e);
  }
}

/**
 * What a failed write to standard output raises: a closed pipe as it is
 * (the reader's choice, `| head`: the CLI exits quietly), anything else as
 * a file error of `<stdout>`.
 */
function stdoutError(e: unknown): unknown {
  if (e instanceof Deno.errors.BrokenPipe) return e;
  return fileError("<stdout>", "write", e, "<stdout>");
}

/**
 * A {@linkcode ByteSink} to standard output for a text written in many
 * small pieces (a streamed result): they are gathered and written about a
 * megabyte at a time, synchronously, as a file's sink writes. `end`
 * writes what is left, then a newline on a terminal, as
 * {@linkcode emitBytes} does.
 *
 * @example
 * ```ts
 * import { stdoutSink } from "./io.ts";
 * const out = stdoutSink();
 * out.sink(new Uint8Array(0));
 * out.end();
 * ```
 */
export function stdoutSink(): { sink: ByteSink; end: () => void } {
  const buffer = new Uint8Array(PIECES_BYTES);
  let held = 0;
  const write = (bytes: Uint8Array) => {
    try {
      for (let at = 0; at < bytes.length;) {
        at += Deno.stdout.writeSync(bytes.subarray(at));
      }
    } catch (e) {
      throw stdoutError(e);
    }
  };
  const flush = () => {
    write(buffer.subarray(0, held));
    held = 0;
  };
  return {
    sink: (bytes) => {
      if (held + bytes.length > buffer.length) flush();
      if (bytes.length >= buffer.length) return write(bytes);
      buffer.set(bytes, held);
      held += bytes.length;
    },
    end: () => {
      flush();
      if (Deno.stdout.isTerminal()) write(new Uint8Array([10]));
    },
  };
}

/**
 * Write a line of text to standard output (a newline is appended).
 *
 * @example
 * ```ts
 * import { printLine } from "./io.ts";
 * await printLine("ok");
 * ```
 */
export async function printLine(text: string): Promise<void> {
  await writeStdout(new TextEncoder().encode(`${text}\n`));
}

/**
 * Emit a JSON document as its canonical bytes: atomically to `out` when
 * given, otherwise to standard output. Standard output gets the same bytes
 * (no trailing newline, so `> file` saves the artifact exactly), except
 * that a newline is added when it is a terminal, for the prompt's sake.
 *
 * @example
 * ```ts ignore
 * import { emitJson } from "./io.ts";
 * await emitJson({ a: 1 }, "out/a.json");
 * ```
 */
export async function emitJson(
  value: JsonValue,
  out: string | undefined,
): Promise<void> {
  await emitBytes(encodeBytes(value), out);
}

/**
 * Emit bytes atomically to `out`, or to standard output when absent (with a
 * trailing newline only on a terminal).
 *
 * @example
 * ```ts ignore
 * import { emitBytes } from "./io.ts";
 * await emitBytes(new TextEncoder().encode("{}"), undefined);
 * ```
 */
export async function emitBytes(
  bytes: Uint8Array,
  out: string | undefined,
): Promise<void> {
  if (out !== undefined) return await writeFileAtomic(out, bytes);
  await writeStdout(bytes);
  if (Deno.stdout.isTerminal()) await writeStdout(new Uint8Array([10]));
}

/**
 * Emit a text given in pieces (ASCII, as canonical JSON is) as
 * {@linkcode emitBytes} emits bytes: atomically to `out`, or to standard
 * output (a trailing newline only on a terminal). Pieces are written about
 * a megabyte at a time, so the text is never in memory whole. `check`
 * sees the text's size and throws to refuse it: to a file, once it is
 * written and before it is renamed into place (a refusal leaves no
 * file); to standard output, where a byte written cannot be taken back,
 * the pieces are counted first (`pieces` is called again to write them). Returns the
 * SHA-256 of the bytes written.
 *
 * @example
 * ```ts ignore
 * import { emitPieces } from "./io.ts";
 * const digest = await emitPieces(() => ["{", "}"], "out/a.json");
 * ```
 */
export async function emitPieces(
  pieces: () => Iterable<string>,
  out: string | undefined,
  check: (bytes: number) => void = () => {},
): Promise<string> {
  const hash = new Sha256();
  let size = 0;
  const each = async (write: (bytes: Uint8Array) => Promise<void> | void) => {
    // Each piece is encoded into one buffer, reused: the pieces joined into
    // a text of a megabyte, then encoded, made a string of V8's large
    // object space at every megabyte, which only a full collection frees
    // (the 165 MB comparison of 99,944 pairs wrote 165 of them).
    const encoder = new TextEncoder();
    const buffer = new Uint8Array(PIECES_BYTES);
    let used = 0;
    const emit = async (bytes: Uint8Array) => {
      hash.update(bytes);
      await write(bytes);
      // The pieces written are garbage; past the resident trigger, V8's
      // pages are given back before the next megabyte's.
      reclaimPastResident(bytes.length);
    };
    for (const piece of pieces()) {
      size += piece.length;
      // A UTF-16 unit takes at most 3 bytes of UTF-8.
      const most = piece.length * 3;
      if (most > buffer.length - used && used > 0) {
        await emit(buffer.subarray(0, used));
        used = 0;
      }
      if (most > buffer.length) await emit(encoder.encode(piece));
      else used += encoder.encodeInto(piece, buffer.subarray(used)).written;
    }
    await emit(buffer.subarray(0, used));
  };
  if (out !== undefined) {
    // Checked once whole, before the rename: a refusal leaves no file.
    await writeFileStreamed(out, (sink) => each(sink), () => check(size));
  } else {
    let counted = 0;
    for (const piece of pieces()) counted += piece.length;
    check(counted);
    await each(writeStdout);
    if (Deno.stdout.isTerminal()) await writeStdout(new Uint8Array([10]));
  }
  return hash.hex();
}

/** How much text {@linkcode emitPieces} writes at a time. */
const PIECES_BYTES = 1 << 20;

async function writeAllTo(
  w: { write(p: Uint8Array): Promise<number> },
  bytes: Uint8Array,
): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    offset += await w.write(bytes.subarray(offset));
  }
}

function randomSuffix(): string {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
