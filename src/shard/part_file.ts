/**
 * A part's frame read from an open file: its first bytes and as much of
 * its end as holds SHARD, never the body, so that a part of any size is
 * placed without reading it (the verifier then streams the body's range).
 *
 * @module
 */

import { PartError } from "../errors.ts";
import type { ResultFile } from "../verify/file.ts";
import { frameOf, type PartFrame, partKind } from "./part.ts";

/** The bytes of a part before its body, enough to tell its kind. */
const HEAD = 13;
/** The first tail read: SHARD of a run part is under 1 KiB. */
const TAIL = 64 * 1024;

/**
 * Up to `length` bytes of `file` at offset `at` (fewer at its end), read
 * into `into` when given (at least `length` long: a caller reading many
 * ranges reuses one buffer), else into a new one.
 *
 * @example
 * ```ts ignore
 * import { ResultFile } from "../verify/file.ts";
 * import { readAt } from "./part_file.ts";
 * using file = await ResultFile.open("greedy.1.json");
 * const head = await readAt(file, 0, 16);
 * ```
 */
export async function readAt(
  file: ResultFile,
  at: number,
  length: number,
  into?: Uint8Array,
): Promise<Uint8Array> {
  const out = into?.subarray(0, length) ?? new Uint8Array(length);
  let n = 0;
  while (n < length) {
    const got = await file.read(out.subarray(n), at + n);
    if (got === 0) break;
    n += got;
  }
  return out.subarray(0, n);
}

/**
 * The frame of the part in `file` (the whole file), or `undefined` when the
 * file is not a part; a {@linkcode PartError} naming the file for one that
 * starts as a part but is not one.
 *
 * @example
 * ```ts ignore
 * import { ResultFile } from "../verify/file.ts";
 * import { partFrameOfFile } from "./part_file.ts";
 * using file = await ResultFile.open("greedy.1.json");
 * const frame = await partFrameOfFile(file);
 * ```
 */
export async function partFrameOfFile(
  file: ResultFile,
): Promise<PartFrame | undefined> {
  const size = file.end - file.start;
  const head = await readAt(file, file.start, Math.min(HEAD, size));
  if (partKind(head) === undefined) return undefined;
  for (let want = TAIL;; want *= 4) {
    const length = Math.min(want, size);
    const tail = await readAt(file, file.start + size - length, length);
    const frame = frameOf(head, tail, size - length, size, file.name);
    if (frame !== undefined) return frame;
    if (length === size) {
      throw new PartError(
        'not a part: no "shard" member at its end (a cut-off file?)',
        { file: file.name },
      );
    }
  }
}
