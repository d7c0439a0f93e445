/**
 * The one writer of an evaluation result's canonical text (contract §10,
 * §2) and of its digest. A result's keys sort as `episodes`,
 * `evaluation_manifest`, `evaluation_manifest_hash`, `model_id`, an
 * episode item's as `index`, `metrics`, `record`, `scenario_hash`,
 * `scenario_id`, `seed`, and a record's as `final_state`, `header`,
 * `initial_state`, `steps`: so the canonical text of a value with exactly
 * these keys is the concatenation written here, piece by piece, and a
 * large result is never one string (a record's text is megabytes).
 *
 * The pieces go to an {@linkcode Out}: one that joins them (`demo`'s
 * results), one that hashes them ({@linkcode ResultDigest}), or one
 * that compares them with a text (the verifier's proof and the reference
 * checks' rebuild): the text they check is then, character for character,
 * what this writer writes. `run --out` keeps each episode item's text in
 * a journal as it completes and writes the result from there
 * ({@linkcode writeResultItems}), one item in memory at a time.
 *
 * @module
 */

import { encode, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { Sha256 } from "../json/sha256.ts";
import { isObject } from "../json/fields.ts";
import { manifestChunks } from "../scenario/manifest_text.ts";
import { freshRecordText } from "../sim/record_writer.ts";
import type { RunRecord } from "../types.ts";
import type { EpisodeKey, ResultEpisode } from "../types.ts";

/** Where the writer's pieces go, in order: their concatenation is the text. */
export type Out = (piece: string) => void;

/** The text of a result before its first episode item. */
export const RESULT_START = '{"episodes":[';

/** The fields of a result after its episodes, as they are written. */
export type ResultFields = {
  readonly evaluation_manifest: JsonValue;
  readonly evaluation_manifest_hash: JsonValue;
  readonly model_id: JsonValue;
};

/**
 * The text of a result after its last episode item: the closing bracket,
 * then its other fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resultEnd } from "./writer.ts";
 * assert.equal(
 *   resultEnd({ evaluation_manifest: { a: 1 }, evaluation_manifest_hash: "h", model_id: "m" }),
 *   '],"evaluation_manifest":{"a":1},"evaluation_manifest_hash":"h","model_id":"m"}',
 * );
 * ```
 */
export function resultEnd(fields: ResultFields): string {
  return [...resultEndChunks(fields)].join("");
}

/**
 * {@linkcode resultEnd} a chunk at a time: the manifest's text as
 * `manifestChunks` makes it. At 100,000 episodes the end is 13 MB, and a
 * writer handed it whole held it twice, as text and as bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resultEnd, resultEndChunks } from "./writer.ts";
 * const fields = {
 *   evaluation_manifest: { episodes: [{ index: 0 }, { index: 1 }], suite_id: "s" },
 *   evaluation_manifest_hash: "h",
 *   model_id: "m",
 * };
 * const chunks = [...resultEndChunks(fields)];
 * assert.ok(chunks.length > 1);
 * assert.equal(chunks.join(""), resultEnd(fields));
 * ```
 */
export function* resultEndChunks(fields: ResultFields): Generator<string> {
  yield '],"evaluation_manifest":';
  const manifest = fields.evaluation_manifest;
  if (isObject(manifest)) yield* manifestChunks(manifest);
  else yield encode(manifest);
  yield `,"evaluation_manifest_hash":${
    encode(fields.evaluation_manifest_hash)
  },"model_id":${encode(fields.model_id)}}`;
}

/** The text of an episode item before its metrics. */
export function episodeStart(index: number): string {
  return `{"index":${encode(index)},"metrics":`;
}

/** The text of an episode item between its metrics and its record. */
export const EPISODE_RECORD = ',"record":';

/** The text of an episode item after its record. */
export function episodeEnd(key: EpisodeKey): string {
  return `,"scenario_hash":${encode(key.scenario_hash)},"scenario_id":${
    encode(key.scenario_id)
  },"seed":${encode(key.seed)}}`;
}

/**
 * Write an episode item of `key` whose metrics and record have the
 * canonical texts given (either may write its own pieces).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { writeEpisode } from "./writer.ts";
 * const key = { index: 0, scenario_id: "s", scenario_hash: "ab", seed: 3 };
 * const pieces: string[] = [];
 * writeEpisode((p) => pieces.push(p), key, '{"m":1}', '{"r":2}');
 * assert.equal(pieces.join(""), encode({ ...key, metrics: { m: 1 }, record: { r: 2 } }));
 * ```
 */
export function writeEpisode(
  out: Out,
  key: EpisodeKey,
  metrics: string | ((out: Out) => void),
  record: string | ((out: Out) => void),
): void {
  out(episodeStart(key.index));
  if (typeof metrics === "string") out(metrics);
  else metrics(out);
  out(EPISODE_RECORD);
  if (typeof record === "string") out(record);
  else record(out);
  out(episodeEnd(key));
}

/**
 * Write a record: its four parts, each as `write` gives it (the generic
 * writer, or `JSON.stringify` for a record whose objects have their keys
 * in code-point order and whose strings are printable ASCII), the steps
 * one at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * import { writeRecord } from "./writer.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const s = publicSuite().scenarios[0]!.scenario;
 * const r = await simulateEpisode(s, 0, (o) => Object.fromEntries(o.people.map((p) => [p.person_id, "stay"])));
 * const pieces: string[] = [];
 * writeRecord((p) => pieces.push(p), r, (v) => encode(v as JsonValue));
 * assert.equal(pieces.join(""), encode(r as unknown as JsonValue));
 * ```
 */
export function writeRecord(
  out: Out,
  record: RunRecord,
  write: (part: unknown) => string,
): void {
  out('{"final_state":');
  out(write(record.final_state));
  out(',"header":');
  out(write(record.header));
  out(',"initial_state":');
  out(write(record.initial_state));
  out(',"steps":[');
  record.steps.forEach((step, i) => {
    if (i > 0) out(",");
    out(write(step));
  });
  out("]}");
}

/**
 * Write the canonical text of an episode of a result in memory: a record
 * the simulator has just built is written by the record writer
 * (`freshRecordText`, one piece), any other episode whole by the generic
 * writer, which names a bad field's path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { writeEpisodeText } from "./writer.ts";
 * const e = { index: 0, scenario_id: "s", scenario_hash: "h", seed: 1, metrics: {}, record: {} } as never;
 * const pieces: string[] = [];
 * writeEpisodeText((p) => pieces.push(p), e);
 * assert.equal(pieces.join(""), encode(e));
 * ```
 */
export function writeEpisodeText(out: Out, e: ResultEpisode): void {
  const record = freshRecordText(e.record);
  if (record === undefined) {
    out(encode(e as unknown as JsonObject));
    return;
  }
  writeEpisode(out, e, encode(e.metrics), record);
}

/**
 * The canonical text of an episode of a result in memory (the pieces
 * {@linkcode writeEpisodeText} writes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { episodeText } from "./writer.ts";
 * const e = { index: 0, scenario_id: "s", scenario_hash: "h", seed: 1, metrics: {}, record: {} } as never;
 * assert.equal(episodeText(e), encode(e));
 * ```
 */
export function episodeText(e: ResultEpisode): string {
  let text = "";
  writeEpisodeText((piece) => {
    text += piece;
  }, e);
  return text;
}

/**
 * The canonical text of a result whose episode items' texts are given,
 * in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { resultText } from "./writer.ts";
 * const fields = { evaluation_manifest: { a: 1 }, evaluation_manifest_hash: "h", model_id: "m" };
 * assert.equal(resultText(["1", "2"], fields), encode({ ...fields, episodes: [1, 2] }));
 * ```
 */
export function resultText(
  episodes: readonly string[],
  fields: ResultFields,
): string {
  return `${RESULT_START}${episodes.join(",")}${resultEnd(fields)}`;
}

/**
 * Write the canonical text of a result whose episode items come one at a
 * time, in index order, each as the text {@linkcode episodeText} wrote or
 * as that text's UTF-8 bytes (kept in a file since): the pieces that
 * {@linkcode resultText} joins, handed to `out` in order and awaited, so
 * that no more than one item need be in memory. Returns the items written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { writeResultItems } from "./writer.ts";
 * const fields = { evaluation_manifest: {}, evaluation_manifest_hash: "h", model_id: "m" };
 * const pieces: string[] = [];
 * const n = await writeResultItems((p) => {
 *   pieces.push(typeof p === "string" ? p : new TextDecoder().decode(p));
 * }, ["1", new TextEncoder().encode("2")], fields);
 * assert.equal(n, 2);
 * assert.equal(pieces.join(""), encode({ ...fields, episodes: [1, 2] }));
 * ```
 */
export async function writeResultItems(
  out: (piece: string | Uint8Array) => void | Promise<void>,
  items: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  fields: ResultFields,
): Promise<number> {
  await out(RESULT_START);
  let count = 0;
  for await (const item of items) {
    if (count > 0) await out(",");
    await out(item);
    count++;
  }
  for (const chunk of resultEndChunks(fields)) await out(chunk);
  return count;
}

/**
 * The digest of a result (SHA-256 of its canonical text), hashed as the
 * text is written: {@linkcode episode} for each item in order, then
 * {@linkcode finish} with the fields after them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { sha256Hex } from "../json/sha256.ts";
 * import { ResultDigest } from "./writer.ts";
 * const fields = { evaluation_manifest: {}, evaluation_manifest_hash: "h", model_id: "m" };
 * const d = new ResultDigest();
 * d.episode((out) => out("1"));
 * d.episode((out) => out("2"));
 * assert.equal(d.finish(fields), sha256Hex(encode({ ...fields, episodes: [1, 2] })));
 * ```
 */
export class ResultDigest {
  readonly #hash = new Sha256().update(RESULT_START);
  #count = 0;

  /** The episode items hashed so far. */
  get count(): number {
    return this.#count;
  }

  /** Hash the next episode item, whose text `write` writes. */
  episode(write: (out: Out) => void): void {
    if (this.#count > 0) this.#hash.update(",");
    write((piece) => this.#hash.update(piece));
    this.#count++;
  }

  /** The digest, once the fields after the episodes are hashed. */
  finish(fields: ResultFields): string {
    for (const chunk of resultEndChunks(fields)) this.#hash.update(chunk);
    return this.#hash.hex();
  }
}

/** Thrown by a {@linkcode TextMatch} where the pieces written differ. */
export const MISMATCH: Error = new Error("the texts differ");

/**
 * An {@linkcode Out} that compares the pieces written with a text, itself
 * given in pieces (so that a record's span is never copied into one string
 * with the rest): it throws {@linkcode MISMATCH} at the first piece that
 * differs, and {@linkcode ended} tells whether all of the text was
 * written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MISMATCH, TextMatch } from "./writer.ts";
 * const m = new TextMatch(["ab", "", "cd"]);
 * m.out("abc");
 * assert.ok(!m.ended());
 * m.out("d");
 * assert.ok(m.ended());
 * assert.throws(() => new TextMatch(["ab"]).out("ax"), (e) => e === MISMATCH);
 * ```
 */
export class TextMatch {
  readonly #text: readonly string[];
  /** The piece of the text being compared, and the offset in it. */
  #k = 0;
  #pos = 0;

  /** Compare with the concatenation of `text`. */
  constructor(text: readonly string[]) {
    this.#text = text;
  }

  /** The next piece written. */
  readonly out: Out = (s) => {
    const text = this.#text;
    let off = 0;
    while (off < s.length) {
      const piece = text[this.#k];
      if (piece === undefined) throw MISMATCH;
      const n = Math.min(s.length - off, piece.length - this.#pos);
      const part = n === s.length ? s : s.slice(off, off + n);
      if (!piece.startsWith(part, this.#pos)) throw MISMATCH;
      off += n;
      this.#pos += n;
      if (this.#pos === piece.length) {
        this.#k++;
        this.#pos = 0;
      }
    }
  };

  /** Whether the pieces written so far are the whole text. */
  ended(): boolean {
    while (this.#k < this.#text.length && this.#text[this.#k] === "") {
      this.#k++;
    }
    return this.#k === this.#text.length;
  }
}
