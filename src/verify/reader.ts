/**
 * What the verifier reads a result through: a {@linkcode ResultReading}
 * hands the proof the result's fields beside its episodes first, then its
 * episode items one at a time, through an iterator (an async one would do:
 * the proof awaits each item), so that a reader that streams a file can
 * feed it. Two readings exist: {@linkcode canonicalReading}, the one pass
 * over a text as the result writer writes it, and
 * {@linkcode documentReading}, over a document the strict reader has read
 * (a text that is not canonical, or one that the first reading could not
 * take to its end). {@linkcode strictReading} is that strict pass, the
 * only other one; a {@linkcode TextSource} makes the passes over one text.
 *
 * A reading decides nothing: how it finds an item's parts only decides
 * what the proof is given to prove (`proof.ts` says why a part read wrongly
 * can only fail to be proved).
 *
 * @module
 */

import { canonicalTextOf } from "./canonical_text.ts";
import {
  containerEnd,
  type DeferredDocument,
  DeferredJson,
  type JsonValue,
  parseDeferring,
  type ParseOptions,
} from "../json/canonical.ts";
import { isObject } from "../json/fields.ts";
import { type Limits, limitsWith } from "../limits.ts";
import {
  EPISODE_RECORD,
  episodeEnd,
  episodeStart,
  RESULT_START,
} from "../result/writer.ts";

/** The keys of a result, in code-point order. */
export const RESULT_FIELDS: readonly string[] = [
  "episodes",
  "evaluation_manifest",
  "evaluation_manifest_hash",
  "model_id",
];

/** The keys of an episode item, in code-point order. */
export const EPISODE_FIELDS: readonly string[] = [
  "index",
  "metrics",
  "record",
  "scenario_hash",
  "scenario_id",
  "seed",
];

/**
 * Whether `o` has exactly the keys `keys`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameKeys } from "./reader.ts";
 * assert.ok(sameKeys({ b: 1, a: 2 }, ["a", "b"]) && !sameKeys({ a: 1 }, ["a", "b"]));
 * ```
 */
export function sameKeys(
  o: Readonly<Record<string, unknown>>,
  keys: readonly string[],
): boolean {
  const own = Object.keys(o);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(o, k));
}

/**
 * An episode item in the proof's form: exactly its six keys, with its
 * metrics and its record as canonical text (built when asked for).
 */
export type EpisodeParts = {
  readonly scenario_id: unknown;
  readonly scenario_hash: unknown;
  readonly seed: unknown;
  /** The canonical text of its metrics dictionary. */
  readonly metrics: () => string;
  /** The canonical text of its record. */
  readonly record: () => string;
};

/** An episode item as a reading hands it out. */
export type EpisodeItem = {
  /** Its `index` field, as read (the proof checks it). */
  readonly index: unknown;
  /**
   * The item in the proof's form; `undefined` where the reading cannot give
   * it so (the reference checks then decide it).
   */
  readonly parts: EpisodeParts | undefined;
  /** The length of its record's text (0 when unknown), for memory hints. */
  readonly size: number;
  /**
   * Where the item's text is, in a reading of a text as it stands: from
   * `start` to `end` (where the reading found its end: the exact end when
   * the item is proved).
   */
  readonly span?: { readonly start: number; readonly end: number };
  /**
   * The item's text, from its start to where the reading found its end
   * (a streamed reading's: its readers that are not the proof take the
   * item from it, while it is the one handed out last).
   */
  readonly text?: () => string;
};

/**
 * A reading of a result for the proof. `fields` is the result's object
 * (its `episodes` aside: the items come from `episodes`), read first;
 * `total` the number of items, as far as the reading can tell before it
 * hands them out (for progress). The iterator's `next` takes whether the
 * proof proved the item it handed out last (a reading that guessed where
 * the item ends then knows the guess was right, or else finds the end
 * itself); its return value says whether the reading covered the whole
 * text in the proof's form: the items, then the fields, nothing else.
 */
export type ResultReading = {
  /**
   * The fields beside the episodes. The proof takes them and sets this to
   * `undefined`, so that the document read (at 100,000 episodes, a
   * manifest of tens of megabytes) is not held through the proof.
   */
  fields: unknown;
  readonly total: number;
  readonly episodes:
    | Iterator<EpisodeItem, boolean, boolean>
    | AsyncIterator<EpisodeItem, boolean, boolean>;
};

/**
 * The strict pass over a result's text: every check of the strict reader
 * on every character, each episode's record and metrics kept as text
 * (validated, not built).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DeferredJson } from "../json/canonical.ts";
 * import { strictReading } from "./reader.ts";
 * const doc = strictReading('{"episodes":[{"index":0,"record":{"a":1}}]}');
 * const item = (doc.value as { episodes: Record<string, unknown>[] }).episodes[0]!;
 * assert.ok(doc.canonical && item["record"] instanceof DeferredJson && item["index"] === 0);
 * ```
 */
export function strictReading(
  text: string,
  options: ParseOptions = {},
): DeferredDocument {
  return parseDeferring(text, deferred, options);
}

/** Records and metrics stay text: the proof compares them as text. */
function deferred(segs: readonly (string | number)[]): boolean {
  return segs.length === 3 && segs[0] === "episodes" &&
    typeof segs[1] === "number" &&
    (segs[2] === "record" || segs[2] === "metrics");
}

/**
 * The length of a deferred value's text (0 for anything else).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { strictReading, spanLength } from "./reader.ts";
 * const doc = strictReading('{"episodes":[{"record":{"a":1}}]}');
 * const item = (doc.value as { episodes: Record<string, unknown>[] }).episodes[0]!;
 * assert.equal(spanLength(item["record"]), 7);
 * assert.equal(spanLength("x"), 0);
 * ```
 */
export function spanLength(v: unknown): number {
  return v instanceof DeferredJson ? v.end - v.start : 0;
}

/**
 * The reading of a document the strict reader has read (its episodes'
 * records and metrics deferred, {@linkcode strictReading}): each item in
 * the proof's form when it has exactly the six keys, `textOf` giving the
 * canonical text of its deferred values; `undefined` when the document is
 * not an object with an array of episodes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentReading, type EpisodeItem, strictReading } from "./reader.ts";
 * const doc = strictReading('{"episodes":[{"index":0}, {"index":1}]}');
 * const reading = documentReading(doc.value, (span) => span.source)!;
 * const it = reading.episodes as Iterator<EpisodeItem, boolean, boolean>;
 * assert.equal(reading.total, 2);
 * assert.deepEqual(it.next(false).value, { index: 0, parts: undefined, size: 0 });
 * const second = it.next(false);
 * assert.ok(!second.done && second.value.index === 1);
 * assert.deepEqual(it.next(false), { done: true, value: true });
 * ```
 */
export function documentReading(
  doc: JsonValue,
  textOf: (span: DeferredJson) => string,
): ResultReading | undefined {
  if (!isObject(doc)) return undefined;
  const items = doc["episodes"];
  if (!Array.isArray(items)) return undefined;
  return {
    fields: doc,
    total: items.length,
    episodes: documentItems(items, textOf),
  };
}

function* documentItems(
  items: readonly JsonValue[],
  textOf: (span: DeferredJson) => string,
): Generator<EpisodeItem, boolean, boolean> {
  for (const item of items) {
    // Without its index, no later item can be proved.
    if (!isObject(item)) return false;
    yield {
      index: item["index"],
      parts: documentParts(item, textOf),
      size: spanLength(item["record"]),
    };
  }
  return true;
}

function documentParts(
  item: Readonly<Record<string, unknown>>,
  textOf: (span: DeferredJson) => string,
): EpisodeParts | undefined {
  const metrics = item["metrics"];
  const record = item["record"];
  if (
    !sameKeys(item, EPISODE_FIELDS) || !(metrics instanceof DeferredJson) ||
    !(record instanceof DeferredJson)
  ) {
    return undefined;
  }
  return {
    scenario_id: item["scenario_id"],
    scenario_hash: item["scenario_hash"],
    seed: item["seed"],
    metrics: () => textOf(metrics),
    record: () => textOf(record),
  };
}

/** Where the fields after the episodes begin, in a result's canonical text. */
export const FIELDS_START = '],"evaluation_manifest":';

/**
 * The one pass over a text written as the result writer writes it
 * (`result/writer.ts`): `undefined` when the text does not begin so, when
 * the fields after its episodes (found from the end of the text) are not
 * canonical JSON, or when the limits are too low for records and metrics
 * to be skimmed (the strict reader then decides). Each item's key fields
 * are read as the writer writes them; its metrics end where the record's
 * key follows and its record where the scenario hash's key follows (only
 * guesses: the proof shows a proved item's parts complete), else, and
 * whenever the proof did not prove the item, the item ends where its
 * brackets match. An item not written as the writer writes it is handed
 * out with its index only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canonicalReading, type EpisodeItem } from "./reader.ts";
 * const item = '{"index":0,"metrics":{"m":1},"record":{"r":2},"scenario_hash":"ab","scenario_id":"s","seed":3}';
 * const text = `{"episodes":[${item}],"evaluation_manifest":{},"evaluation_manifest_hash":"h","model_id":"m"}`;
 * const reading = canonicalReading(text)!;
 * const it = reading.episodes as Iterator<EpisodeItem, boolean, boolean>;
 * assert.equal(reading.total, 1);
 * const first = it.next(false);
 * assert.ok(!first.done && first.value.parts?.record() === '{"r":2}');
 * assert.deepEqual(it.next(true), { done: true, value: true });
 * assert.equal(canonicalReading(` ${text}`), undefined);
 * const spaced = canonicalReading(text.replace("[", "[ "))!;
 * const items = spaced.episodes as Iterator<EpisodeItem, boolean, boolean>;
 * assert.deepEqual(items.next(false), { done: true, value: false });
 * ```
 */
export function canonicalReading(
  text: string,
  limits?: Partial<Limits>,
): ResultReading | undefined {
  // Records and metrics are skimmed, so the strict reader's depth and
  // string limits are not applied to them: only limits that no record or
  // dictionary can reach (records nest 12 deep in a result, their strings
  // are IDs, hashes and names of at most 64 characters) leave that
  // unobservable.
  const l = limitsWith(limits);
  if (!(l.maxDepth >= 16 && l.maxStringLength >= 64)) return undefined;
  if (!text.startsWith(RESULT_START)) return undefined;
  const end = text.lastIndexOf(FIELDS_START);
  if (end < RESULT_START.length) return undefined;
  let fields: DeferredDocument;
  try {
    // The fields as the strict reader reads them in the whole text: at the
    // same depth, under the same limits.
    fields = parseDeferring(
      `${RESULT_START}${text.slice(end)}`,
      () => false,
      limits === undefined ? {} : { limits },
    );
  } catch {
    return undefined;
  }
  if (!fields.canonical) return undefined;
  const scan = scanned(text, end, limits);
  return {
    fields: fields.value,
    total: scan.length,
    episodes: canonicalItems(text, end, scan, limits),
  };
}

/** An item read as the writer writes it, its parts' ends guessed. */
export type Literal = EpisodeItem & {
  readonly span: { readonly start: number; readonly end: number };
};

/**
 * The items found from the start, before any proof, so that the total is
 * known: the reading takes them in turn while it arrives where they start.
 */
function scanned(
  text: string,
  end: number,
  limits: Partial<Limits> | undefined,
): EpisodeItem[] {
  const items: EpisodeItem[] = [];
  let at = RESULT_START.length;
  while (at < end) {
    const item = literalItem(text, at) ?? otherItem(text, at, limits);
    if (item?.span === undefined) break;
    items.push(item);
    at = item.span.end + 1;
    if (text.charCodeAt(item.span.end) !== COMMA) break;
  }
  return items;
}

function* canonicalItems(
  text: string,
  end: number,
  scan: readonly EpisodeItem[],
  limits: Partial<Limits> | undefined,
): Generator<EpisodeItem, boolean, boolean> {
  let at = RESULT_START.length;
  if (at === end) return true;
  for (let k = 0;; k++) {
    const found = scan[k];
    const item = found?.span?.start === at
      ? found
      : literalItem(text, at) ?? otherItem(text, at, limits);
    if (item?.span === undefined) return false;
    const proved: boolean = yield item;
    const next = proved ? item.span.end : containerEnd(text, at);
    if (next === undefined) return false;
    if (text.charCodeAt(next) !== COMMA) {
      return next === end && text.charCodeAt(next) === CLOSE_BRACKET;
    }
    at = next + 1;
  }
}

const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

/** `},"scenario_hash":"`, after a record in an item written canonically. */
const RECORD_FOLLOWS = '},"scenario_hash":"';

/**
 * What an item reader returns for a text that may go on (a streamed
 * reading's window): the text ends before the item could be read, so the
 * answer needs more of it.
 */
export const MORE: unique symbol = Symbol("more");

/**
 * The item at `at` read as the writer writes it: its key fields must be
 * exactly the writer's text of the values read; else `undefined`. With
 * `partial` (the text may go on), {@linkcode MORE} where the text ends
 * before that is decided, so that a streamed reading decides each item as
 * the whole text would.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literalItem, MORE } from "./reader.ts";
 * const item = '{"index":0,"metrics":{"m":1},"record":{"r":2},"scenario_hash":"ab","scenario_id":"s","seed":3}';
 * const read = literalItem(`${item},`, 0);
 * assert.ok(read !== undefined && read.span.end === item.length && read.parts?.record() === '{"r":2}');
 * assert.equal(literalItem(item.slice(0, 40), 0, true), MORE);
 * assert.equal(literalItem(item.slice(0, 40), 0), undefined);
 * assert.equal(literalItem(`[${item}`, 0, true), undefined);
 * ```
 */
export function literalItem(text: string, at: number): Literal | undefined;
export function literalItem(
  text: string,
  at: number,
  partial: boolean,
): Literal | undefined | typeof MORE;
export function literalItem(
  text: string,
  at: number,
  partial = false,
): Literal | undefined | typeof MORE {
  // Where the text ends inside what must follow at `from`, and agrees
  // with it so far: more text decides.
  const cut = (from: number, s: string) =>
    partial && text.length - from < s.length &&
      s.startsWith(text.slice(from))
      ? MORE
      : undefined;
  const INDEX = '{"index":';
  if (!text.startsWith(INDEX, at)) return cut(at, INDEX);
  const index = integerAt(text, at + INDEX.length, partial);
  if (index === undefined || index === MORE) return index;
  const start = episodeStart(index.value);
  if (!text.startsWith(start, at)) return cut(at, start);
  const metricsStart = at + start.length;
  const metricsEnd = text.indexOf(EPISODE_RECORD, metricsStart);
  const missing = partial ? MORE : undefined;
  if (metricsEnd < 0) return missing;
  const recordStart = metricsEnd + EPISODE_RECORD.length;
  const close = text.indexOf(RECORD_FOLLOWS, recordStart);
  if (close < 0) return missing;
  const recordEnd = close + 1;
  // ,"scenario_hash":"H","scenario_id":"I","seed":N}
  const hashStart = close + RECORD_FOLLOWS.length;
  const hashEnd = text.indexOf('"', hashStart);
  if (hashEnd < 0) return missing;
  const ID = '","scenario_id":"';
  if (!text.startsWith(ID, hashEnd)) return cut(hashEnd, ID);
  const idStart = hashEnd + ID.length;
  const idEnd = text.indexOf('"', idStart);
  if (idEnd < 0) return missing;
  const SEED = '","seed":';
  if (!text.startsWith(SEED, idEnd)) return cut(idEnd, SEED);
  const seed = integerAt(text, idEnd + SEED.length, partial);
  if (seed === undefined || seed === MORE) return seed;
  const key = {
    index: index.value,
    scenario_hash: text.slice(hashStart, hashEnd),
    scenario_id: text.slice(idStart, idEnd),
    seed: seed.value,
  };
  const tail = episodeEnd(key);
  if (!text.startsWith(tail, recordEnd)) return cut(recordEnd, tail);
  return {
    index: key.index,
    parts: {
      scenario_id: key.scenario_id,
      scenario_hash: key.scenario_hash,
      seed: key.seed,
      metrics: () => text.slice(metricsStart, metricsEnd),
      record: () => text.slice(recordStart, recordEnd),
    },
    size: recordEnd - recordStart,
    span: { start: at, end: recordEnd + tail.length },
  };
}

/**
 * The non-negative safe integer whose digits start at `at`, if any
 * ({@linkcode MORE} when `partial` and the text ends in its digits).
 */
function integerAt(
  text: string,
  at: number,
  partial: boolean,
): { readonly value: number } | undefined | typeof MORE {
  let end = at;
  while (end < text.length && end - at <= 16) {
    const c = text.charCodeAt(end);
    if (c < 0x30 || c > 0x39) break;
    end++;
  }
  if (partial && end === text.length) return MORE;
  const value = Number(text.slice(at, end));
  return end > at && Number.isSafeInteger(value) ? { value } : undefined;
}

/**
 * An item at `at` that is not written as the writer writes it: its extent
 * by its brackets, and its index as the strict reader reads the item's
 * text (records and metrics skimmed); `undefined` when even that fails
 * ({@linkcode MORE}, with `partial`, while its brackets are still open at
 * the end of the text).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MORE, otherItem } from "./reader.ts";
 * const read = otherItem('{"record":{},"index":4},', 0, undefined);
 * assert.ok(read !== undefined && read.index === 4 && read.span?.end === 23);
 * assert.equal(otherItem('{"record":{', 0, undefined, true), MORE);
 * ```
 */
export function otherItem(
  text: string,
  at: number,
  limits: Partial<Limits> | undefined,
): EpisodeItem | undefined;
export function otherItem(
  text: string,
  at: number,
  limits: Partial<Limits> | undefined,
  partial: boolean,
): EpisodeItem | undefined | typeof MORE;
export function otherItem(
  text: string,
  at: number,
  limits: Partial<Limits> | undefined,
  partial = false,
): EpisodeItem | undefined | typeof MORE {
  if (partial && at === text.length) return MORE;
  if (text.charCodeAt(at) !== 0x7b) return undefined;
  const end = containerEnd(text, at);
  if (end === undefined) return partial ? MORE : undefined;
  let item: JsonValue;
  try {
    item = parseDeferring(
      text.slice(at, end),
      (segs) =>
        segs.length === 1 && (segs[0] === "record" || segs[0] === "metrics"),
      { skim: true, ...(limits === undefined ? {} : { limits }) },
    ).value;
  } catch {
    return undefined;
  }
  if (!isObject(item)) return undefined;
  return {
    index: item["index"],
    parts: undefined,
    size: spanLength(item["record"]),
    span: { start: at, end },
  };
}

/**
 * One result's text and the passes the verifier makes over it: at most one
 * {@linkcode proofReading} and one {@linkcode strictReading}; a
 * {@linkcode documentReading} reads the strict reading's document, not the
 * text again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TextSource } from "./reader.ts";
 * const source = new TextSource(' {"episodes":[]}');
 * assert.equal(source.proofReading(), undefined);
 * const doc = source.strictReading();
 * assert.ok(!doc.canonical && source.documentReading(doc)?.total === 0);
 * ```
 */
export class TextSource {
  /** The text. */
  readonly text: string;

  /** The passes over `text`. */
  constructor(text: string) {
    this.text = text;
  }

  /** The proof's pass, {@linkcode canonicalReading}. */
  proofReading(limits?: Partial<Limits>): ResultReading | undefined {
    return canonicalReading(this.text, limits);
  }

  /** The strict pass, {@linkcode strictReading}. */
  strictReading(options: ParseOptions = {}): DeferredDocument {
    return strictReading(this.text, options);
  }

  /**
   * The reading of the strict pass's document ({@linkcode documentReading}):
   * the canonical text of each deferred value is its span in a canonical
   * document, else built from it.
   */
  documentReading(doc: DeferredDocument): ResultReading | undefined {
    return documentReading(
      doc.value,
      doc.canonical ? (span) => span.source : canonicalTextOf,
    );
  }
}
