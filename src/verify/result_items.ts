/**
 * A result file's items read strictly one at a time, for the commands that
 * read a result without verifying it (`show`, `digest`, `run --resume`):
 * the streamed reading of `stream.ts` finds the fields after the episodes
 * and each episode item, and each item's text is then read by the strict
 * reader on its own, at the depth it has in the document, so that the
 * items and the fields together are exactly what the strict reading of the
 * whole text would accept. Only one item's text (and the read it ends in)
 * is held, never the file: its size is bounded by the episode limit, not
 * by `file-bytes`.
 *
 * A file that this cannot read so (not as the result writer writes it, an
 * item the strict reader refuses, a check that fails) is not decided here:
 * the caller reads it whole, as before, so that every refusal keeps its
 * message (its offsets, its paths, its order of checks).
 *
 * @module
 */

import { type JsonValue, parse, parseDeferring } from "../json/canonical.ts";
import { type Limits, limitsWith } from "../limits.ts";
import {
  parseResultEpisode,
  parseResultHead,
  type ResultHead,
} from "../result/reader.ts";
import type { ResultEpisode } from "../types.ts";
import type { ResultFile } from "./file.ts";
import type { EpisodeItem } from "./reader.ts";
import { MAX_ITEM_UNITS, type Span, streamedReading } from "./stream.ts";

/** An item of a result file, as the streamed reading found it. */
export type ItemText = {
  /** Its place among the items (`episodes[position]`). */
  readonly position: number;
  /** Its text. */
  readonly text: string;
  /** Its byte span in the file (offsets in the file, not in the range). */
  readonly span: Span;
};

/**
 * What a streamed reading of a whole result read: the fields after the
 * episodes (the `episodes` member empty) and the SHA-256 of the range.
 */
export type ItemsRead = { readonly fields: unknown; readonly digest: string };

/**
 * Read `file`'s range as a result whose items `each` takes one at a time,
 * in order (it says whether to go on), once `begin` has taken the fields
 * after the episodes (the same); `undefined` when the streamed reading
 * cannot read it (or either said no). An item is handed out only
 * with its whole text, before the next one is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ResultFile } from "./file.ts";
 * import { resultItems } from "./result_items.ts";
 * // The test task may write only inside the checkout.
 * const path = await Deno.makeTempFile({ dir: "." });
 * await Deno.writeTextFile(path, '{"episodes":[{"index":0},{"index":1}],"evaluation_manifest":{},"evaluation_manifest_hash":"h","model_id":"m"}');
 * using file = await ResultFile.open(path);
 * const texts: string[] = [];
 * const read = await resultItems(file, undefined, (item) => texts.push(item.text) > 0);
 * assert.deepEqual(texts, ['{"index":0}', '{"index":1}']);
 * assert.equal(read?.digest.length, 64);
 * await Deno.remove(path);
 * ```
 */
export async function resultItems(
  file: ResultFile,
  limits: Partial<Limits> | undefined,
  each: (item: ItemText) => boolean | Promise<boolean>,
  begin: (fields: unknown) => boolean = () => true,
): Promise<ItemsRead | undefined> {
  if (!file.regular) return undefined;
  const streamed = await streamedReading(file, limits);
  if (streamed === undefined || !begin(streamed.reading.fields)) {
    return undefined;
  }
  const items = streamed.reading.episodes as AsyncIterator<
    EpisodeItem,
    boolean,
    boolean
  >;
  let step = await items.next(false);
  for (let position = 0; !step.done; position++) {
    const item = step.value;
    if (item.text === undefined || item.span === undefined) return undefined;
    const span = {
      start: file.start + item.span.start,
      end: file.start + item.span.end,
    };
    if (!await each({ position, text: item.text(), span })) return undefined;
    // Taken as read to where the reading guessed it ends: the strict
    // reader read exactly that text as one value, so it ends there.
    step = await items.next(true);
  }
  if (!step.value) return undefined;
  const digest = await streamed.finish();
  return digest === undefined
    ? undefined
    : { fields: streamed.reading.fields, digest };
}

/**
 * The limits of the strict reading of an item's text on its own: those of
 * the document (`limits` over the process's), two levels of nesting less
 * (the result's object and its `episodes` array hold it), and no size
 * limit (the streamed reading bounds an item at the longest string).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemLimits } from "./result_items.ts";
 * assert.equal(itemLimits({ maxDepth: 20 }).maxDepth, 18);
 * ```
 */
export function itemLimits(limits: Partial<Limits> | undefined): Limits {
  const l = limitsWith(limits);
  return {
    ...l,
    maxDepth: l.maxDepth - 2,
    maxFileBytes: Math.max(l.maxFileBytes, MAX_ITEM_UNITS),
  };
}

/**
 * Whether an item's text is strictly read as one value that is exactly its
 * canonical encoding (under {@linkcode itemLimits}); nothing is built.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canonicalItem } from "./result_items.ts";
 * assert.ok(canonicalItem('{"a":[1,2]}', undefined));
 * assert.ok(!canonicalItem('{"a": 1}', undefined) && !canonicalItem('{"a":1,"a":1}', undefined));
 * ```
 */
export function canonicalItem(
  text: string,
  limits: Partial<Limits> | undefined,
): boolean {
  try {
    return parseDeferring(text, () => true, { limits: itemLimits(limits) })
      .canonical;
  } catch {
    return false;
  }
}

/** A result file's episodes checked as `parseResult` checks them. */
export type StrictResult = {
  /** The checks before the episodes passed (its `items` empty). */
  readonly head: ResultHead;
  /** The SHA-256 of the range. */
  readonly digest: string;
};

/**
 * Read `file`'s range as `parseResult` reads a result (the fields' checks,
 * then each episode's, in order, errors naming `options.file`), one
 * episode at a time: `each` takes each episode with its item, and its own
 * errors go to the caller. `undefined` when the file is not read so, or
 * one of `parseResult`'s checks fails (the caller then reads it whole, and
 * the same check refuses it with its message).
 *
 * @example
 * ```ts ignore
 * import { ResultFile } from "./file.ts";
 * import { strictEpisodes } from "./result_items.ts";
 * using file = await ResultFile.open("r.json");
 * const read = await strictEpisodes(file, { file: "r.json" }, (episode) => console.log(episode.index));
 * ```
 */
export async function strictEpisodes(
  file: ResultFile,
  options: { readonly file?: string; readonly limits?: Partial<Limits> },
  each: (episode: ResultEpisode, item: ItemText) => void | Promise<void>,
): Promise<StrictResult | undefined> {
  let head: ResultHead | undefined;
  let last = -1;
  const read = await resultItems(
    file,
    options.limits,
    async (item) => {
      const episode = strictEpisode(head!, item, last, options.limits);
      if (episode === undefined) return false;
      last = episode.index;
      await each(episode, item);
      return true;
    },
    (fields) => {
      try {
        head = parseResultHead(fields as JsonValue, options);
        return true;
      } catch {
        return false;
      }
    },
  );
  return read === undefined ? undefined : { head: head!, digest: read.digest };
}

/**
 * An item's text read strictly and checked as `parseResult`'s episode
 * `position` (the episode before it of index `last`); `undefined` when
 * either fails.
 *
 * @example
 * ```ts ignore
 * const episode = strictEpisode(head, { position: 0, text, span }, -1, undefined);
 * ```
 */
export function strictEpisode(
  head: ResultHead,
  item: ItemText,
  last: number,
  limits: Partial<Limits> | undefined,
): ResultEpisode | undefined {
  try {
    const value = parse(item.text, { limits: itemLimits(limits) });
    return parseResultEpisode(head, value, item.position, last);
  } catch {
    return undefined;
  }
}
