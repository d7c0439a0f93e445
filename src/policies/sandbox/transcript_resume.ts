/**
 * `run --resume --transcript FILE`: the existing transcript must be of the
 * same model and manifest (its header says so), and it is cut back to the
 * decisions of the episodes the resumed result holds, so that the file
 * ends up holding each of the result's episodes once.
 *
 * Both read the file in bounded pieces: a transcript may be far larger
 * than memory allows.
 *
 * @module
 */

import { EmberError } from "../../errors.ts";
import { fileError } from "../../cli/io.ts";

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
 * other line), and which of the result's episodes have no line there.
 *
 * @example
 * ```ts
 * import type { ResumeCut } from "./transcript_resume.ts";
 * const cut: ResumeCut = { bytes: 120, lines: 2, missing: [3] };
 * ```
 */
export type ResumeCut = {
  /** Bytes kept from the start of the file. */
  readonly bytes: number;
  /** Decision lines kept (the header not counted). */
  readonly lines: number;
  /** Episodes of the resumed result with no kept line, ascending. */
  readonly missing: readonly number[];
};

/**
 * Scan an open transcript (header already checked) from its start: the
 * header, then the longest run of whole lines whose episode is in
 * `resumed`. The first other line (an episode run again now, one cut short
 * by a kill, or a last line without its newline) and everything after it
 * are what the resumed run drops.
 *
 * @example
 * ```ts ignore
 * import { resumeCut } from "./transcript_resume.ts";
 * using f = Deno.openSync("t.jsonl", { read: true });
 * const cut = resumeCut(f, new Set([0, 1]));
 * ```
 */
export function resumeCut(
  handle: Deno.FsFile,
  resumed: ReadonlySet<number>,
): ResumeCut {
  handle.seekSync(0, Deno.SeekMode.Start);
  const buf = new Uint8Array(SCAN_CHUNK);
  const seen = new Set<number>();
  const head = new Uint8Array(LINE_HEAD_BYTES);
  let headLength = 0;
  let offset = 0; // file offset of buf[0]
  let kept = 0;
  let lines = -1; // the header is line 0
  scan: for (;;) {
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
      if (lines >= 0) {
        const episode = episodeOf(head.subarray(0, headLength));
        if (episode === undefined || !resumed.has(episode)) break scan;
        seen.add(episode);
      }
      lines++;
      kept = offset + end + 1;
      headLength = 0;
      i = end + 1;
    }
    offset += n;
  }
  const missing = [...resumed].filter((e) => !seen.has(e)).sort((a, b) =>
    a - b
  );
  return { bytes: kept, lines: Math.max(lines, 0), missing };
}

function episodeOf(head: Uint8Array): number | undefined {
  let text = "";
  for (const b of head) text += String.fromCharCode(b);
  const m = EPISODE_HEAD.exec(text);
  return m === null ? undefined : Number(m[1]);
}
