/**
 * File paths and file-system failures as the package reports them: shared
 * by the CLI's reads and writes and the sandbox's transcripts, below both.
 *
 * @module
 */

import { EmberError, FileError } from "./errors.ts";

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
