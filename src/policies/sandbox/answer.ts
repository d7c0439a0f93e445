/**
 * Agent protocol 1.0 (docs/agent-protocol.md), the CLI's side of a step:
 * request ids, the bound of an answer line, and what an answer frame may
 * hold. Everything here treats the policy process as hostile.
 *
 * @module
 */

import { encode, type JsonValue, parse } from "../../json/canonical.ts";
import { beyondLimit, limitsWith } from "../../limits.ts";
import { sanitize } from "./sanitize.ts";
import { retellDenials } from "./denials.ts";

/**
 * Default bound of an answer's `info`, in bytes of canonical JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_INFO_MAX_BYTES } from "./answer.ts";
 * assert.equal(DEFAULT_INFO_MAX_BYTES, 65536);
 * ```
 */
export const DEFAULT_INFO_MAX_BYTES = 64 * 1024;

/**
 * Bytes of an answer line that are not its `info`: the frame's keys and
 * id (under 60 bytes), 4,096 people (the contract's most) at 75 bytes
 * each (`"` + a 64-character ID + `":"north",`), and an error message,
 * which the host cuts to 2,000 characters (at most 12,000 bytes escaped).
 */
export const ANSWER_ALLOWANCE = 320 * 1024;

/**
 * The longest answer line accepted for an `info` bound. `info` is measured
 * as canonical JSON, but the line carries it as the writer wrote it:
 * `JSON.stringify` writes a number in [1e-6, 1e-4) up to 3 bytes longer
 * than canonical JSON (`0.000001` for `1e-06`, 8 bytes for 5), and Python's
 * `json.dumps` a space after every separator; both stay under twice the
 * canonical size, strings (never longer than their canonical escapes)
 * included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maxAnswerLineBytes } from "./answer.ts";
 * assert.equal(maxAnswerLineBytes(65536), 2 * 65536 + 320 * 1024);
 * ```
 */
export function maxAnswerLineBytes(infoMaxBytes: number): number {
  return 2 * infoMaxBytes + ANSWER_ALLOWANCE;
}

/**
 * A new request id: a crypto-random safe integer not used before in this
 * process, so an answer written ahead of its request cannot carry it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newRequestId } from "./answer.ts";
 * const used = new Set<number>();
 * const a = newRequestId(used), b = newRequestId(used);
 * assert.ok(Number.isSafeInteger(a) && a >= 0 && a !== b && used.size === 2);
 * ```
 */
export function newRequestId(used: Set<number>): number {
  const words = new Uint32Array(2);
  for (;;) {
    crypto.getRandomValues(words);
    const id = (words[0]! & 0x1fffff) * 2 ** 32 + words[1]!;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/**
 * What one answer frame gives: the step's answer, the policy's own error
 * (sanitized), or why the frame is refused (a protocol error).
 */
export type Answer =
  | { readonly actions: unknown; readonly info?: unknown }
  | { readonly failed: string }
  | { readonly refused: string };

/** The request an answer frame is checked against. */
export type Expected = {
  /** The outstanding request's id. */
  readonly id: number;
  /** Ids answered earlier in this process, with their step. */
  readonly answered: ReadonlyMap<number, number>;
  /** The bound of `info`, bytes of canonical JSON. */
  readonly infoMaxBytes: number;
};

const ANSWER_KEYS = new Set(["id", "actions", "info", "error"]);
const ERROR_CUT = 2000;

/**
 * Check one frame read while a request is outstanding (`line` is its text,
 * already within the line and depth bounds). A refusal says what, without
 * the episode and step, which the caller adds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkAnswer } from "./answer.ts";
 * const expected = { id: 7, answered: new Map([[5, 1]]), infoMaxBytes: 4 };
 * const line = '{"id":7,"actions":{"p":"west"},"info":"ab"}';
 * assert.deepEqual(checkAnswer(JSON.parse(line), line, expected), { actions: { p: "west" }, info: "ab" });
 * const big = '{"id":7,"actions":{},"info":"abc"}';
 * assert.match((checkAnswer(JSON.parse(big), big, expected) as { refused: string }).refused, /info is 5 bytes of canonical JSON, over the bound of 4 bytes \(raise it with --policy-info-max-bytes N\)/);
 * const again = '{"id":5,"actions":{}}';
 * assert.match((checkAnswer(JSON.parse(again), again, expected) as { refused: string }).refused, /a second answer to step 1/);
 * ```
 */
export function checkAnswer(
  frame: unknown,
  line: string,
  expected: Expected,
): Answer {
  const what = unanswered(frame, line, expected.answered);
  if (what !== undefined) return { refused: what };
  const answer = frame as Readonly<Record<string, unknown>>;
  if (answer.id !== expected.id) {
    return {
      refused:
        `an answer whose id is not the request's (written ahead, or for another request): ${
          excerpt(line)
        }`,
    };
  }
  const extra = Object.keys(answer).filter((k) => !ANSWER_KEYS.has(k));
  const hasActions = Object.hasOwn(answer, "actions");
  if (
    extra.length > 0 || hasActions === Object.hasOwn(answer, "error") ||
    (!hasActions && Object.hasOwn(answer, "info"))
  ) {
    return {
      refused:
        `an answer must hold "id" and one of "actions" or "error" (and "info" with "actions"): ${
          excerpt(line)
        }`,
    };
  }
  if (!hasActions) {
    if (typeof answer.error !== "string") {
      return {
        refused: `an answer's "error" must be a string: ${excerpt(line)}`,
      };
    }
    const cut = answer.error.length > ERROR_CUT
      ? `${answer.error.slice(0, ERROR_CUT)}...`
      : answer.error;
    return { failed: sanitize(retellDenials(cut)) };
  }
  const actions = answer.actions;
  if (
    actions !== null && typeof actions === "object" &&
    (Object.hasOwn(actions, "_actions") || Object.hasOwn(actions, "_info"))
  ) {
    return {
      refused:
        `an answer's "actions" holds "_actions" or "_info": the protocol carries them as "actions" and "info"`,
    };
  }
  if (!Object.hasOwn(answer, "info")) return { actions };
  const size = infoBytes(line);
  if (typeof size === "string") return { refused: size };
  if (size > expected.infoMaxBytes) {
    return {
      refused:
        `the answer's info is ${size} bytes of canonical JSON, over the bound of ${expected.infoMaxBytes} bytes (raise it with --policy-info-max-bytes N)`,
    };
  }
  return { actions, info: answer.info };
}

/**
 * Why a frame read with no request outstanding (or not an answer at all)
 * is a protocol error, or `undefined` for a frame shaped as an answer
 * that is not a second one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unanswered } from "./answer.ts";
 * assert.match(unanswered(undefined, "hi", new Map())!, /not a protocol frame: "hi"/);
 * assert.match(unanswered({ hello: 1 }, '{"hello":1}', new Map())!, /an unrequested line/);
 * assert.equal(unanswered({ id: 3, actions: {} }, "", new Map()), undefined);
 * ```
 */
export function unanswered(
  frame: unknown,
  line: string,
  answered: ReadonlyMap<number, number>,
): string | undefined {
  if (frame === null || typeof frame !== "object" || Array.isArray(frame)) {
    return `a line that is not a protocol frame: ${
      excerpt(line)
    } (debugging output belongs on standard error: console.error)`;
  }
  const f = frame as Readonly<Record<string, unknown>>;
  if (
    !Object.hasOwn(f, "id") ||
    !(Object.hasOwn(f, "actions") || Object.hasOwn(f, "error"))
  ) {
    return `an unrequested line: ${excerpt(line)}`;
  }
  const step = typeof f.id === "number" ? answered.get(f.id) : undefined;
  if (step !== undefined) {
    return `a second answer to step ${step}: ${excerpt(line)}`;
  }
  return undefined;
}

/**
 * The canonical size of a frame's `info`: the frame is read with the strict
 * reader (typed numbers) and `info` written with the canonical encoder.
 */
function infoBytes(line: string): number | string {
  try {
    // The line is within its own bound already: the reader's size limits
    // must not refuse what that bound lets through.
    const size = Math.max(1, line.length);
    const typed = parse(line, {
      limits: { maxFileBytes: size, maxStringLength: size },
    }) as Readonly<Record<string, JsonValue>>;
    return encode(typed.info!).length;
  } catch (e) {
    return `the answer's info is not canonical JSON: ${(e as Error).message}`;
  }
}

/**
 * The message of a line past a bound of the reader: the line's length
 * (whose bound follows from the `info` bound) or its depth.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundMessage } from "./answer.ts";
 * assert.match(boundMessage("depth", 512, 65536), /nested more than 512 levels deep.*--limits depth=N/);
 * assert.match(boundMessage("bytes", 458752, 65536), /longer than 458752 bytes.*--policy-info-max-bytes/);
 * ```
 */
export function boundMessage(
  bound: "bytes" | "depth",
  limit: number,
  infoMaxBytes: number,
): string {
  if (bound === "depth") {
    return beyondLimit(
      "maxDepth",
      `an answer nested more than ${limit} levels deep`,
      limit,
    );
  }
  return `an answer line longer than ${limit} bytes, the bound for an info of at most ${infoMaxBytes} bytes of canonical JSON (raise it with --policy-info-max-bytes N)`;
}

/** The depth bound of an answer line: the readers' depth limit. */
export function maxAnswerDepth(): number {
  return limitsWith().maxDepth;
}

function excerpt(line: string): string {
  const text = line.length > 80 ? `${line.slice(0, 77)}...` : line;
  return sanitize(JSON.stringify(text));
}
