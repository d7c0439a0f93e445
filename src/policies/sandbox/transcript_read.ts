/**
 * Reading a `run --transcript` file back, for `show --transcript` and
 * `summary --transcript`: the header, then the decision lines in file
 * order, each checked strictly (the strict JSON reader, the keys and types
 * `decisionLine` writes, (episode, step) order with every episode's steps
 * counted from 1). Errors name the file and the line.
 *
 * The file is walked with the resume scanner (`scanLines`), which keeps only
 * each line's head: a line is read whole only when the caller selects its
 * episode, so a large transcript costs the lines asked for, not the file.
 *
 * @module
 */

import { EmberError } from "../../errors.ts";
import { ID_RE, isObject } from "../../json/fields.ts";
import { fileError } from "../../files.ts";
import {
  encode,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  parse,
} from "../../json/canonical.ts";
import { beyondLimit, limitsWith } from "../../limits.ts";
import { TRANSCRIPT_VERSION } from "./transcript.ts";
import { scanLines } from "./transcript_resume.ts";

/**
 * The header line of a transcript.
 *
 * @example
 * ```ts
 * import type { TranscriptHeader } from "./transcript_read.ts";
 * const h: TranscriptHeader = { modelId: "mock", manifestHash: "ab12" };
 * ```
 */
export type TranscriptHeader = {
  /** `model_id`. */
  readonly modelId: string;
  /** `evaluation_manifest_hash`. */
  readonly manifestHash: string;
};

/**
 * One decision line, read strictly.
 *
 * @example
 * ```ts
 * import type { TranscriptDecision } from "./transcript_read.ts";
 * const d: TranscriptDecision = { line: 2, episode: 0, step: 1, actions: { p: "west" }, bytes: 58, tenths: 8124 };
 * ```
 */
export type TranscriptDecision = {
  /** Line number in the file, from 1 (the header). */
  readonly line: number;
  /** Manifest index of the episode. */
  readonly episode: number;
  /** The step decided, from 1. */
  readonly step: number;
  /** The actions answered (strict reader values). */
  readonly actions: JsonObject;
  /** Bytes of the line, its newline included. */
  readonly bytes: number;
  /** `ms` in tenths of a millisecond: the transcript writes it to 0.1. */
  readonly tenths: number;
  /** `info`, when the line has one (strict reader values). */
  readonly info?: JsonValue;
};

/** What to do with the lines of an episode: read them, skip them, or stop reading. */
export type Selection = "read" | "skip" | "stop";

/**
 * How {@linkcode readTranscript} walks a file.
 *
 * @example
 * ```ts
 * import type { ReadOptions } from "./transcript_read.ts";
 * const o: ReadOptions = { select: (e) => (e < 3 ? "skip" : e === 3 ? "read" : "stop"), onDecision: () => {} };
 * ```
 */
export type ReadOptions = {
  /** Called with the header before any decision; may throw to refuse it. */
  readonly onHeader?: (header: TranscriptHeader) => void;
  /** Which episodes to read (default: every one). */
  readonly select?: (episode: number) => Selection;
  /** Called with each decision read, in file order. */
  readonly onDecision: (decision: TranscriptDecision) => void;
};

const DECISION_KEYS = new Set(["episode", "step", "actions", "ms", "info"]);
const HEADER_KEYS = [
  "transcript_version",
  "model_id",
  "evaluation_manifest_hash",
];

/**
 * Read the transcript `file`: its header, then its decision lines as
 * `options` selects them. Every line read must be whole (a newline at its
 * end) and no longer than the `maxFileBytes` limit (64 MiB by default,
 * `--limits file-bytes=N`); the lines of skipped episodes are checked only
 * for their episode's order. Returns the header.
 *
 * @example
 * ```ts ignore
 * import { readTranscript } from "./transcript_read.ts";
 * // t.jsonl: {"transcript_version":"1.0","model_id":"m",…}
 * //          {"episode":0,"step":1,"actions":{"p":"west"},"ms":2.5,"info":"why"}
 * const tenths: number[] = [];
 * const header = readTranscript("t.jsonl", { onDecision: (d) => tenths.push(d.tenths) });
 * // header.modelId is "m", tenths [25]
 * ```
 */
export function readTranscript(
  file: string,
  options: ReadOptions,
): TranscriptHeader {
  const max = limitsWith().maxFileBytes;
  const select = options.select ?? (() => "read");
  const refuse = (line: number, detail: string): never => {
    throw new EmberError(detail, { file, path: `line ${line}` });
  };
  let header: TranscriptHeader | undefined;
  let lines = 0;
  let end = 0;
  let stopped = false;
  let last: { episode: number; step: number | undefined } | undefined;
  try {
    using scan = Deno.openSync(file, { read: true });
    using whole = Deno.openSync(file, { read: true });
    const text = (start: number, stop: number, line: number): string => {
      if (stop - start > max) {
        refuse(
          line,
          beyondLimit("maxFileBytes", `a line of ${stop - start} bytes`, max),
        );
      }
      return lineText(
        whole,
        start,
        stop - 1,
        () => refuse(line, "not UTF-8 text"),
      );
    };
    scanLines(scan, (start, stop, headEpisode, index) => {
      const line = index + 1;
      lines = line;
      end = stop;
      if (index === 0) {
        header = parseHeader(text(start, stop, line), (d) => refuse(line, d));
        options.onHeader?.(header);
        return;
      }
      let decision: TranscriptDecision | undefined;
      let episode = headEpisode;
      if (episode === undefined) {
        // Not the writer's key order: the whole line says what it is.
        decision = parseDecision(
          text(start, stop, line),
          line,
          stop - start,
          (d) => refuse(line, d),
        );
        episode = decision.episode;
      }
      if (last !== undefined && episode < last.episode) {
        refuse(
          line,
          `episode ${episode} after episode ${last.episode}: the decisions are not in (episode, step) order`,
        );
      }
      const choice = select(episode);
      if (choice === "stop") {
        stopped = true;
        return false;
      }
      if (choice === "skip") {
        last = { episode, step: undefined };
        return;
      }
      decision ??= parseDecision(
        text(start, stop, line),
        line,
        stop - start,
        (d) => refuse(line, d),
      );
      const previous = last?.episode === episode ? last.step : 0;
      if (previous !== undefined && decision.step !== previous + 1) {
        refuse(
          line,
          previous === 0
            ? `episode ${episode} starts at step ${decision.step}: its first decision must be of step 1`
            : `episode ${episode}, step ${decision.step} follows step ${previous}: a step is missing or repeated`,
        );
      }
      last = { episode, step: decision.step };
      options.onDecision(decision);
    });
    if (!stopped && scan.statSync().size > end) {
      if (lines === 0) {
        refuse(
          1,
          `not a transcript ${TRANSCRIPT_VERSION} header: the file has no whole first line`,
        );
      }
      refuse(
        lines + 1,
        "the last line has no newline at its end (a run killed while writing it?)",
      );
    }
  } catch (e) {
    throw fileError(file, "read", e);
  }
  if (header === undefined) {
    refuse(1, "the file is empty: no transcript header");
  }
  return header!;
}

/** The text of bytes [start, stop) of the file, strictly decoded. */
function lineText(
  handle: Deno.FsFile,
  start: number,
  stop: number,
  notUtf8: () => never,
): string {
  const bytes = new Uint8Array(stop - start);
  handle.seekSync(start, Deno.SeekMode.Start);
  let filled = 0;
  while (filled < bytes.length) {
    const n = handle.readSync(bytes.subarray(filled));
    if (n === null) throw new Error("the transcript shrank while it was read");
    filled += n;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bytes,
    );
  } catch {
    return notUtf8();
  }
}

function parseJsonLine(text: string, refuse: (d: string) => never): JsonValue {
  // The line has passed its own bound: the reader's size limits must not
  // refuse a long `info` string that the bound lets through.
  const size = Math.max(1, text.length);
  try {
    return parse(text, {
      limits: { maxFileBytes: size, maxStringLength: size },
    });
  } catch (e) {
    if (!(e instanceof EmberError)) throw e;
    return refuse(
      `not a JSON line: ${e.path === "" ? "" : `${e.path}: `}${e.detail}`,
    );
  }
}

function parseHeader(
  text: string,
  refuse: (d: string) => never,
): TranscriptHeader {
  const value = parseJsonLine(
    text,
    (d) => refuse(`not a transcript ${TRANSCRIPT_VERSION} header: ${d}`),
  );
  const keys = isObject(value) ? Object.keys(value) : [];
  if (
    !isObject(value) || keys.length !== HEADER_KEYS.length ||
    !HEADER_KEYS.every((k) => keys.includes(k))
  ) {
    return refuse(
      `not a transcript ${TRANSCRIPT_VERSION} header: expected an object of ${
        HEADER_KEYS.join(", ")
      }`,
    );
  }
  if (value.transcript_version !== TRANSCRIPT_VERSION) {
    return refuse(
      `transcript_version is ${
        encode(value.transcript_version ?? null)
      }, this version reads "${TRANSCRIPT_VERSION}"`,
    );
  }
  const { model_id: modelId, evaluation_manifest_hash: manifestHash } = value;
  // `run` writes the ID it checked and the manifest's SHA-256.
  if (typeof modelId !== "string" || !ID_RE.test(modelId)) {
    return refuse(`model_id ${encode(modelId ?? null)} is not an ID`);
  }
  if (
    typeof manifestHash !== "string" || !/^[0-9a-f]{64}$/.test(manifestHash)
  ) {
    return refuse(
      `evaluation_manifest_hash ${
        encode(manifestHash ?? null)
      } is not a SHA-256 in hex`,
    );
  }
  return { modelId, manifestHash };
}

function parseDecision(
  text: string,
  line: number,
  bytes: number,
  refuse: (d: string) => never,
): TranscriptDecision {
  const value = parseJsonLine(text, refuse);
  if (!isObject(value)) {
    return refuse("not a decision line: expected a JSON object");
  }
  const extra = Object.keys(value).filter((k) => !DECISION_KEYS.has(k));
  if (extra.length > 0) {
    return refuse(
      `not a decision line: unknown key ${encode(extra[0]!)}`,
    );
  }
  const { episode, step, actions, ms } = value;
  const isInt = (v: JsonValue | undefined, min: number): v is number =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min;
  if (!isInt(episode, 0)) {
    return refuse("episode: expected an integer of at least 0");
  }
  if (!isInt(step, 1)) return refuse("step: expected an integer of at least 1");
  if (!isObject(actions)) return refuse("actions: expected an object");
  for (const [person, action] of Object.entries(actions)) {
    if (typeof action !== "string") {
      return refuse(
        `actions: the action of ${encode(person)} is not a string`,
      );
    }
  }
  const number = typeof ms === "number"
    ? ms
    : ms instanceof JsonFloat
    ? ms.value
    : undefined;
  const tenths = number === undefined ? NaN : Math.round(number * 10);
  if (
    number === undefined || !(number >= 0) || !Number.isSafeInteger(tenths) ||
    tenths / 10 !== number
  ) {
    return refuse(
      "ms: expected a number of at least 0, to 0.1 (as the transcript writes it)",
    );
  }
  return {
    line,
    episode,
    step,
    actions,
    bytes,
    tenths,
    ...(Object.hasOwn(value, "info") ? { info: value.info! } : {}),
  };
}

/**
 * Tenths of a millisecond as text with one decimal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatTenths } from "./transcript_read.ts";
 * assert.equal(formatTenths(8124), "812.4");
 * assert.equal(formatTenths(3), "0.3");
 * ```
 */
export function formatTenths(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
