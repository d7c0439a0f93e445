/**
 * What `show --transcript` adds to the viewer: for each step of the shown
 * episode, the time the answer took and the policy's `info`, as text ready
 * to display (a string as it is, other JSON pretty-printed) with a short
 * preview when it is long. The transcript must be of the result (model and
 * manifest) and hold exactly the record's decisions, actions and all.
 *
 * @module
 */

import { EmberError } from "../errors.ts";
import {
  compareCodePoints,
  encode,
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import {
  formatTenths,
  readTranscript,
  type TranscriptDecision,
} from "../policies/sandbox/transcript_read.ts";
import { beyondLimit, limitsWith } from "../limits.ts";
import {
  DEFAULT_INFO_MAX_BYTES,
  maxAnswerLineBytes,
} from "../policies/sandbox/answer.ts";
import type { StepRecord } from "../types.ts";
import { escapeTerminal } from "../escape.ts";

/** Text longer than this many characters (code points) is folded. */
export const FOLD_CHARACTERS = 600;
/** Text of more lines than this is folded. */
export const FOLD_LINES = 12;

/**
 * One step's decision as the viewer shows it.
 *
 * @example
 * ```ts
 * import type { DecisionView } from "./transcript_view.ts";
 * const d: DecisionView = { step: 1, ms: "812.4", info: "exit is west", json: false, preview: null, characters: 12 };
 * ```
 */
export type DecisionView = {
  /** The step decided (the frame it led to). */
  readonly step: number;
  /** The answer time in ms, as the transcript has it (to 0.1). */
  readonly ms: string;
  /** `info` as display text, or `null` when the policy gave none. */
  readonly info: string | null;
  /** Whether `info` was JSON other than a string (shown pretty-printed). */
  readonly json: boolean;
  /** The start of a long `info` (ending in "…"), or `null` when it is short. */
  readonly preview: string | null;
  /** Characters (code points) of `info`. */
  readonly characters: number;
};

/**
 * What a transcript must match: the result's model and manifest, and the
 * episode's record steps.
 *
 * @example
 * ```ts
 * import type { TranscriptTarget } from "./transcript_view.ts";
 * const t: TranscriptTarget = { modelId: "mock", manifestHash: "ab", episode: 3, steps: [] };
 * ```
 */
export type TranscriptTarget = {
  readonly modelId: string;
  readonly manifestHash: string;
  /** Manifest index of the episode shown. */
  readonly episode: number;
  /** Its record's steps. */
  readonly steps: readonly StepRecord[];
};

/**
 * Read the decisions of one episode from the transcript `file`, checking
 * them against the result and the record: the header's `model_id` and
 * `evaluation_manifest_hash` must be the result's, and the episode must
 * have exactly one decision per record step, with the record's actions
 * (compared as canonical JSON). Lines of other episodes are not kept.
 *
 * @example
 * ```ts ignore
 * import { episodeDecisions } from "./transcript_view.ts";
 * // t.jsonl: the header of model "m", manifest "ab…", then
 * //          {"episode":0,"step":1,"actions":{"p":"west"},"ms":2.5,"info":{"why":"exit"}}
 * const [d] = episodeDecisions("t.jsonl", { modelId: "m", manifestHash: "ab…", episode: 0, steps: record.steps });
 * // d.ms is "2.5", d.info '{\n  "why": "exit"\n}', d.json true
 * ```
 */
export function episodeDecisions(
  file: string,
  target: TranscriptTarget,
): DecisionView[] {
  const { episode, steps } = target;
  const refuse = (line: number | undefined, detail: string): never => {
    throw new EmberError(detail, {
      file,
      ...(line === undefined ? {} : { path: `line ${line}` }),
    });
  };
  const found: DecisionView[] = [];
  let lastLine = 1;
  // The page holds every line of the episode: together they are one input,
  // bounded as the run wrote them with its defaults (a line per step, each
  // within an answer line's bound: the actions of 4,096 people and an info
  // of 64 KiB) unless `file-bytes` is larger.
  const max = Math.max(
    limitsWith().maxFileBytes,
    steps.length * maxAnswerLineBytes(DEFAULT_INFO_MAX_BYTES),
  );
  let bytes = 0;
  readTranscript(file, {
    onHeader: (h) => {
      if (h.modelId !== target.modelId) {
        refuse(
          1,
          `the transcript is of model ${
            JSON.stringify(h.modelId)
          }, the result of ${JSON.stringify(target.modelId)}`,
        );
      }
      if (h.manifestHash !== target.manifestHash) {
        refuse(
          1,
          `the transcript's evaluation_manifest_hash is ${
            JSON.stringify(h.manifestHash)
          }, the result's is ${target.manifestHash}`,
        );
      }
    },
    select: (e) => e < episode ? "skip" : e === episode ? "read" : "stop",
    onDecision: (d) => {
      lastLine = d.line;
      bytes += d.bytes;
      if (bytes > max) {
        refuse(
          d.line,
          beyondLimit(
            "maxFileBytes",
            `episode ${episode}'s decision lines of ${bytes} bytes so far`,
            max,
          ),
        );
      }
      const step = steps[d.step - 1];
      if (step === undefined) {
        refuse(
          d.line,
          `episode ${episode}, step ${d.step}: the record has ${steps.length} steps`,
        );
      }
      const differs = actionsDiffer(d.actions, step!.actions);
      if (differs !== undefined) {
        refuse(
          d.line,
          `episode ${episode}, step ${d.step}: the actions differ from the record's (${differs})`,
        );
      }
      found.push(decisionView(d));
    },
  });
  if (found.length === 0) {
    refuse(
      undefined,
      `the transcript has no decisions for episode ${episode} (a run resumed with a new --transcript records only the episodes it ran); show the episode without --transcript`,
    );
  }
  if (found.length < steps.length) {
    refuse(
      lastLine,
      `episode ${episode} ends at step ${found.length}, the record has ${steps.length} steps`,
    );
  }
  return found;
}

/** Where two action maps differ, or `undefined` when they are equal. */
function actionsDiffer(
  transcript: JsonObject,
  record: { readonly [person: string]: string },
): string | undefined {
  if (encode(transcript) === encode(record)) return undefined;
  const people = [
    ...new Set([...Object.keys(transcript), ...Object.keys(record)]),
  ]
    .sort(compareCodePoints);
  for (const p of people) {
    const a = transcript[p];
    const b = record[p];
    if (a === b) continue;
    const show = (v: JsonValue | undefined) =>
      v === undefined ? "none" : encode(v);
    return `person ${encode(p)}: transcript ${show(a)}, record ${show(b)}`;
  }
  return "they differ";
}

/** A decision as display text, folded when long. */
function decisionView(d: TranscriptDecision): DecisionView {
  const ms = formatTenths(d.tenths);
  if (d.info === undefined) {
    return {
      step: d.step,
      ms,
      info: null,
      json: false,
      preview: null,
      characters: 0,
    };
  }
  const json = typeof d.info !== "string";
  const info = json ? prettyJson(d.info) : d.info as string;
  const { characters, preview } = fold(info);
  return { step: d.step, ms, info, json, preview, characters };
}

/** Pretty JSON text of a strict-reader value (floats as numbers). */
function prettyJson(value: JsonValue): string {
  return JSON.stringify(
    value,
    (_, v) => v instanceof JsonFloat ? v.value : v,
    2,
  );
}

/**
 * The text's length in code points, and its preview when it is longer than
 * {@linkcode FOLD_CHARACTERS} or has more than {@linkcode FOLD_LINES} lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fold } from "./transcript_view.ts";
 * assert.deepEqual(fold("short"), { characters: 5, preview: null });
 * assert.equal(fold("x".repeat(601)).preview, "x".repeat(600) + "\u2026");
 * assert.equal(fold("a\n".repeat(13)).preview, "a\n".repeat(11) + "a\u2026");
 * ```
 */
export function fold(
  text: string,
): { characters: number; preview: string | null } {
  let characters = 0;
  let lines = 1;
  let cut = -1;
  let index = 0;
  for (const c of text) {
    if (
      cut < 0 &&
      (characters === FOLD_CHARACTERS || (c === "\n" && lines === FOLD_LINES))
    ) {
      cut = index;
    }
    if (c === "\n") lines++;
    characters++;
    index += c.length;
  }
  return {
    characters,
    preview: cut < 0 ? null : `${text.slice(0, cut)}\u2026`,
  };
}

/**
 * The lines `show --text` prints below a frame for its step's decision:
 * the answer time, then the info, every line escaped for the terminal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decisionText } from "./transcript_view.ts";
 * assert.deepEqual(
 *   decisionText({ step: 1, ms: "2.5", info: "go\n\u001b[2Jwest", json: false, preview: null, characters: 12 }),
 *   ["  decision: answered in 2.5 ms; info:", "    go", "    \\u{1b}[2Jwest"],
 * );
 * ```
 */
export function decisionText(d: DecisionView): string[] {
  if (d.info === null) {
    return [`  decision: answered in ${d.ms} ms (no info)`];
  }
  return [
    `  decision: answered in ${d.ms} ms; info:`,
    ...d.info.split("\n").map((l) => `    ${escapeTerminal(l)}`),
  ];
}
