/**
 * `run --resume --transcript FILE`: the existing transcript must be of the
 * same model and manifest (its header says so), and it is cut back to the
 * decisions of the episodes the resumed result holds, so that the file
 * ends up holding each of the result's episodes once, in order: the lines
 * of a resumed episode that lay after the cut are moved out and put back
 * after the episodes before it have run again.
 *
 * Both read the file in bounded pieces: a transcript may be far larger
 * than memory allows.
 *
 * @module
 */

import { EmberError } from "../../errors.ts";
import { fileError } from "../../files.ts";

/** A header is a few hundred bytes; anything longer is not one. */
const HEADER_MAX_BYTES = 4096;
const SCAN_CHUNK = 1 << 20;
/** Enough bytes for `{"episode":N,"step":` with any safe integer N. */
const LINE_HEAD_BYTES = 40;
const EPISODE_HEAD = /^\{"episode":(0|[1-9][0-9]{0,15}),"step":/;

/**
 * Refuse, naming the file, a transcript whose first line is not the header
 * of this run (`transcript_version` "1.0", the same `model_id` and
 * `evaluation_manifest_hash`).
 *
 * @example
 * ```ts ignore
 * import { checkTranscriptHeader } from "./transcript_resume.ts";
 * await checkTranscriptHeader("res/t.jsonl", "mine", "ab12…");
 * ```
 */
export async function checkTranscriptHeader(
  file: string,
  modelId: string,
  manifestHash: string,
): Promise<void> {
  let head: Uint8Array;
  try {
    using handle = await Deno.open(file, { read: true });
    head = new Uint8Array(HEADER_MAX_BYTES);
    let filled = 0;
    while (filled < head.length) {
      const n = await handle.read(head.subarray(filled));
      if (n === null) break;
      filled += n;
      if (head.subarray(0, filled).includes(10)) break;
    }
    head = head.subarray(0, filled);
  } catch (e) {
    throw fileError(file, "read", e);
  }
  const refuse = (why: string): never => {
    throw new EmberError(
      `cannot resume the transcript: ${why}; give another --transcript FILE or remove this one`,
      { file },
    );
  };
  const end = head.indexOf(10);
  if (end < 0) refuse("its first line is not a transcript 1.0 header");
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(
      head.subarray(0, end),
    ));
  } catch {
    refuse("its first line is not a transcript 1.0 header");
  }
  const h = header as Record<string, unknown>;
  if (
    typeof header !== "object" || header === null || Array.isArray(header) ||
    h.transcript_version !== "1.0"
  ) {
    refuse("its first line is not a transcript 1.0 header");
  }
  if (h.model_id !== modelId) {
    refuse(
      `it is for model ${JSON.stringify(h.model_id)}, not ${
        JSON.stringify(modelId)
      }`,
    );
  }
  if (h.evaluation_manifest_hash !== manifestHash) {
    refuse(
      `its evaluation_manifest_hash is ${
        JSON.stringify(h.evaluation_manifest_hash)
      }, this run's is ${manifestHash}`,
    );
  }
}

/**
 * What a resumed transcript keeps: its first `bytes` (the header and the
 * following whole lines of episodes in the resumed result, up to the first
 * other line); the resumed episodes whose lines came later (they completed
 * out of turn before a stop) and were copied out to be put back in their
 * place; and the resumed episodes with no line at all.
 *
 * @example
 * ```ts
 * import type { ResumeCut } from "./transcript_resume.ts";
 * const cut: ResumeCut = { bytes: 120, lines: 2, moved: [3], missing: [] };
 * ```
 */
export type ResumeCut = {
  /** Bytes kept from the start of the file. */
  readonly bytes: number;
  /** Decision lines kept in place (the header not counted). */
  readonly lines: number;
  /** Resumed episodes whose lines lay after the cut, ascending. */
  readonly moved: readonly number[];
  /** Resumed episodes with no line in the file, ascending. */
  readonly missing: readonly number[];
};

/** Where a resumed episode's lines that lay after the cut are copied. */
export type MoveTarget = (episode: number) => Deno.FsFile;

/**
 * Scan an open transcript (header already checked) from its start: the
 * header, then the longest run of whole lines whose episode is in
 * `resumed`. The first other line (an episode run again now, one cut short
 * by a kill, or a last line without its newline) is where the file will be
 * cut, and so is the first line of an episode in `apart` (a resumed
 * episode whose complete lines a killed run left in its own `.part` file:
 * what the transcript has of it may be a copy cut short). Lines after the
 * cut of resumed episodes not kept in place, and not `apart`, are copied
 * to `moveTo(episode)`, in file order, so that the caller can put them
 * back after the episodes run again; the lines of other episodes are
 * dropped. The file itself is not changed.
 *
 * @example
 * ```ts ignore
 * import { resumeCut } from "./transcript_resume.ts";
 * using f = Deno.openSync("t.jsonl", { read: true });
 * const cut = resumeCut(f, new Set([0, 1]), (e) => Deno.openSync(`e${e}`, { write: true, create: true }), new Set());
 * ```
 */
export function resumeCut(
  handle: Deno.FsFile,
  resumed: ReadonlySet<number>,
  moveTo: MoveTarget,
  apart: ReadonlySet<number>,
): ResumeCut {
  const seen = new Set<number>();
  // Runs of consecutive lines of one episode, after the cut.
  const runs: { episode: number; start: number; end: number }[] = [];
  let kept = 0;
  let lines = 0;
  let cut = false;
  scanLines(handle, (start, end, episode, index) => {
    if (index === 0) {
      kept = end;
      return;
    }
    if (
      !cut && episode !== undefined && resumed.has(episode) &&
      !apart.has(episode)
    ) {
      seen.add(episode);
      kept = end;
      lines++;
      return;
    }
    cut = true;
    if (
      episode === undefined || !resumed.has(episode) || seen.has(episode) ||
      apart.has(episode)
    ) {
      return;
    }
    const last = runs.at(-1);
    if (last !== undefined && last.episode === episode && last.end === start) {
      last.end = end;
    } else {
      runs.push({ episode, start, end });
    }
  });
  const buf = new Uint8Array(SCAN_CHUNK);
  for (const run of runs) {
    const target = moveTo(run.episode);
    handle.seekSync(run.start, Deno.SeekMode.Start);
    let left = run.end - run.start;
    while (left > 0) {
      const n = handle.readSync(buf.subarray(0, Math.min(left, buf.length)));
      if (n === null) {
        throw new Error("the transcript shrank while it was read");
      }
      writeAll(target, buf.subarray(0, n));
      left -= n;
    }
  }
  const moved = [...new Set(runs.map((r) => r.episode))].sort((a, b) => a - b);
  const missing = [...resumed].filter((e) => !seen.has(e) && !moved.includes(e))
    .sort((a, b) => a - b);
  return { bytes: kept, lines, moved, missing };
}

/**
 * The bytes of the longest run of whole lines, from the start, of
 * `episode` in an open file (an episode's `.part` file left by a kill: a
 * last line may be cut short).
 *
 * @example
 * ```ts ignore
 * import { episodeLines } from "./transcript_resume.ts";
 * using f = Deno.openSync("t.jsonl.episode-3.part", { read: true });
 * const bytes = episodeLines(f, 3);
 * ```
 */
export function episodeLines(handle: Deno.FsFile, episode: number): number {
  let bytes = 0;
  scanLines(handle, (_, end, e) => {
    if (e !== episode) return false;
    bytes = end;
  });
  return bytes;
}

/**
 * Call `visit` with each whole line's byte range (newline included), the
 * episode its head names (undefined for the header or anything else) and
 * its index, until it returns false; a last line without its newline is
 * not visited. The readers of `show --transcript` and `summary
 * --transcript` (`transcript_read.ts`) walk a transcript with it too.
 *
 * @example
 * ```ts ignore
 * import { scanLines } from "./transcript_resume.ts";
 * using f = Deno.openSync("t.jsonl", { read: true });
 * let lines = 0;
 * scanLines(f, () => void lines++);
 * ```
 */
export function scanLines(
  handle: Deno.FsFile,
  visit: (
    start: number,
    end: number,
    episode: number | undefined,
    index: number,
  ) => boolean | void,
): void {
  handle.seekSync(0, Deno.SeekMode.Start);
  const buf = new Uint8Array(SCAN_CHUNK);
  const head = new Uint8Array(LINE_HEAD_BYTES);
  let headLength = 0;
  let offset = 0; // file offset of buf[0]
  let lineStart = 0;
  let index = 0;
  for (;;) {
    const n = handle.readSync(buf);
    if (n === null) break;
    let i = 0;
    while (i < n) {
      const nl = buf.subarray(i, n).indexOf(10);
      const end = nl < 0 ? n : i + nl;
      const take = Math.min(end - i, LINE_HEAD_BYTES - headLength);
      head.set(buf.subarray(i, i + take), headLength);
      headLength += take;
      if (nl < 0) break;
      const lineEnd = offset + end + 1;
      const go = visit(
        lineStart,
        lineEnd,
        episodeOf(head.subarray(0, headLength)),
        index,
      );
      if (go === false) return;
      index++;
      lineStart = lineEnd;
      headLength = 0;
      i = end + 1;
    }
    offset += n;
  }
}

function episodeOf(head: Uint8Array): number | undefined {
  let text = "";
  for (const b of head) text += String.fromCharCode(b);
  const m = EPISODE_HEAD.exec(text);
  return m === null ? undefined : Number(m[1]);
}

function writeAll(file: Deno.FsFile, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += file.writeSync(bytes.subarray(offset));
  }
}
