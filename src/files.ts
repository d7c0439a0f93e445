/**
 * File paths and file-system failures as the package reports them: shared
 * by the CLI's reads and writes and the sandbox's transcripts, below both.
 *
 * @module
 */

import { EmberError, FileError } from "./errors.ts";
import { beyondLimit } from "./limits.ts";

/**
 * Split a path into its directory (`.` when none) and its last component.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitPath } from "./files.ts";
 * assert.ok(splitPath("out/a.json").dir === "out");
 * assert.ok(splitPath("a.json").dir === ".");
 * ```
 */
export function splitPath(file: string): { dir: string; base: string } {
  const cut = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  if (cut < 0) return { dir: ".", base: file };
  return {
    dir: cut === 0 ? file.slice(0, 1) : file.slice(0, cut),
    base: file.slice(cut + 1),
  };
}

/**
 * Turn a file-system failure into a {@linkcode FileError} naming the file;
 * a missing permission names the flag to add.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileError } from "./files.ts";
 * const e = fileError("a.json", "read", new Deno.errors.NotFound("x"));
 * assert.ok(e.message === "a.json: file not found");
 * ```
 */
export function fileError(
  file: string,
  access: "read" | "write",
  cause: unknown,
  dir?: string,
): EmberError {
  if (cause instanceof EmberError) return cause;
  const where = access === "write" ? (dir ?? splitPath(file).dir) : file;
  let detail: string;
  if (cause instanceof Deno.errors.NotCapable) {
    detail = access === "write"
      ? `cannot write: permission not granted (run with --allow-read=${where} --allow-write=${where})`
      : `cannot read: permission not granted (run with --allow-read=${where})`;
  } else if (cause instanceof Deno.errors.NotFound) {
    detail = access === "write"
      ? `cannot write: directory ${JSON.stringify(where)} does not exist`
      : "file not found";
  } else if (cause instanceof Deno.errors.PermissionDenied) {
    detail = `cannot ${access}: the operating system denied access`;
  } else if (cause instanceof Deno.errors.IsADirectory) {
    detail = `cannot ${access}: is a directory`;
  } else {
    // Deno's "Read-only file system (os error 30): open 'x'" names the
    // system call and, for a write, the temporary file: the reason is kept.
    const message = (cause instanceof Error ? cause.message : String(cause))
      .replace(/ \(os error \d+\)(: .*)?$/s, "");
    detail = `cannot ${access}: ${
      message.charAt(0).toLowerCase() + message.slice(1)
    }`;
  }
  return new FileError(detail, { file, cause });
}

/**
 * The error of an input beyond the `maxFileBytes` limit (`limits.ts`):
 * `what` says what was found (`input of N bytes`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tooLarge } from "./files.ts";
 * assert.match(tooLarge("a.json", "input of 9 bytes", 8).message, /^a\.json: input of 9 bytes: over the implementation limit of 8 bytes/);
 * ```
 */
export function tooLarge(file: string, what: string, max: number): FileError {
  return new FileError(beyondLimit("maxFileBytes", what, max), { file });
}

/**
 * Read a stream to its end into one buffer of the expected size (plus one
 * byte, to see the end without a copy), growing it only up to one byte
 * past `max`, so that an endless stream is refused (named `name`, by
 * `refuse`) as soon as it passes the limit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBounded } from "./files.ts";
 * const data = Uint8Array.of(1, 2, 3);
 * let at = 0;
 * const reader = {
 *   read(p: Uint8Array): Promise<number | null> {
 *     if (at === data.length) return Promise.resolve(null);
 *     const n = Math.min(p.length, data.length - at);
 *     p.set(data.subarray(at, at + n));
 *     at += n;
 *     return Promise.resolve(n);
 *   },
 * };
 * assert.deepEqual(await readBounded(reader, "s", 10, 0), data);
 * ```
 */
export async function readBounded(
  r: { read(p: Uint8Array): Promise<number | null> },
  name: string,
  max: number,
  expected: number,
  refuse: (name: string, what: string, max: number) => FileError = tooLarge,
): Promise<Uint8Array> {
  let buf = new Uint8Array(Math.min(max, expected) + 1);
  let n = 0;
  for (;;) {
    if (n > max) throw refuse(name, `input of more than ${max} bytes`, max);
    if (n === buf.length) {
      const next = new Uint8Array(Math.min(max + 1, 2 * buf.length + 65536));
      next.set(buf);
      buf = next;
    }
    const got = await r.read(buf.subarray(n));
    if (got === null) return buf.subarray(0, n);
    n += got;
  }
}
