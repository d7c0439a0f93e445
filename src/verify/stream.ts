/**
 * The streamed reading of a result: {@linkcode canonicalReading}'s one
 * pass, over a byte range of a file read in chunks instead of a text in
 * memory. The fields after the episodes are found from the end of the
 * range (they come last in the writer's text, and the proof needs the
 * manifest first); then the episode items are read from the start, each
 * chunk hashed as it is read and decoded, and handed out one at a time:
 * only the item being proved (and the rest of the chunk it ends in) is
 * held as text, never the whole result. Each item is decided exactly as
 * the reading of the whole text decides it (`literalItem` and `otherItem`
 * wait for more text where it ends too soon), so the proof gets the same
 * items.
 *
 * What cannot be read so (a range that does not begin as the writer's
 * text, fields that are not canonical, bytes that are not UTF-8, an item
 * longer than the longest string, limits too low to skim records) is
 * simply not handed out: the caller then reads the range whole
 * (`file.ts`), as the verifier of bytes does.
 *
 * @module
 */

import {
  containerEnd,
  type DeferredDocument,
  DeferredJson,
  parseDeferring,
} from "../json/canonical.ts";
import { isObject } from "../json/fields.ts";
import { Sha256 } from "../json/sha256.ts";
import { DEFAULT_LIMITS, type Limits, limitsWith } from "../limits.ts";
import { RESULT_START } from "../result/writer.ts";
import {
  type EpisodeItem,
  FIELDS_START,
  literalItem,
  MORE,
  otherItem,
  type ResultReading,
} from "./reader.ts";

/**
 * A byte range of a file, read at offsets: `read` fills `into` from offset
 * `at` of the file as far as it can and returns the count (0 at the file's
 * end).
 */
export type ByteRange = {
  /** Offset of the range's first byte in the file. */
  readonly start: number;
  /** Offset after the range's last byte. */
  readonly end: number;
  /** Read bytes at offset `at` of the file (at most `into.length`). */
  read(into: Uint8Array, at: number): Promise<number>;
};

/** A span of an item: offsets in code units from the range's start. */
export type Span = { readonly start: number; readonly end: number };

/**
 * The longest item the reading holds, in code units: V8's longest string
 * (2^29 − 24), since the proof takes an item's record as one string (and
 * the result writer writes each item as one). No limit lower than that
 * applies to a streamed item.
 */
export const MAX_ITEM_UNITS: number = 2 ** 29 - 24;

/**
 * Bytes read at a time. One mebibyte: a few thousand reads for the largest
 * results, and a chunk's text beside the item being proved is small.
 */
const CHUNK = 1 << 20;

/**
 * The least text decoded at a time: 64 KiB. A text that lives while its
 * items are proved survives V8's young-generation collections, and V8
 * grows its young generation by what survives: chunks of a mebibyte as
 * text grew it to its largest (64 MiB resident) within a second of a large
 * `aggregate`. A text under V8's large-object size (128 KiB) holding an
 * item or a few survives less.
 */
const STEP = 1 << 16;

/**
 * How much the streamed reading reads at a time: at least `least` bytes,
 * and, when `sized`, enough for an item as large as the largest so far.
 * Only the tests read otherwise (a byte at a time, unsized), so that items
 * end anywhere in a read.
 */
export type ReadSizes = { readonly least: number; readonly sized: boolean };

const READS: ReadSizes = { least: CHUNK, sized: true };

/** A streamed reading, and what the caller needs once the proof is done. */
export type StreamedReading = {
  /** The reading the proof takes (`provedResult`). */
  readonly reading: ResultReading;
  /** The spans of the items proved, in order. */
  spans(): Span[];
  /**
   * The SHA-256 of the range, once every byte of it is read (the proof
   * covered it); throws before.
   */
  digest(): string;
  /**
   * Read and hash what the reading did not read, then {@linkcode digest};
   * `undefined` if the file ended before the range did.
   */
  finish(): Promise<string | undefined>;
  /**
   * The range's bytes, once {@linkcode finish}ed, if they were kept (a
   * range within the `file-bytes` limit): what is read whole when the
   * proof did not prove them, not read again.
   */
  retained(): Uint8Array | undefined;
};

/**
 * The streamed reading of `range` (see the module documentation), or
 * `undefined` when it cannot be read so. Its items are read as the proof
 * asks for them; {@linkcode StreamedReading.finish} reads the rest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamedReading } from "./stream.ts";
 * const bytes = new TextEncoder().encode(
 *   '{"episodes":[],"evaluation_manifest":{},"evaluation_manifest_hash":"h","model_id":"m"}',
 * );
 * const range = {
 *   start: 0,
 *   end: bytes.length,
 *   read(into: Uint8Array, at: number): Promise<number> {
 *     const part = bytes.subarray(at, at + into.length);
 *     into.set(part);
 *     return Promise.resolve(part.length);
 *   },
 * };
 * const streamed = await streamedReading(range);
 * const step = await (streamed!.reading.episodes as AsyncIterator<unknown, boolean, boolean>).next(false);
 * assert.deepEqual(step, { done: true, value: true });
 * assert.equal(streamed!.digest().length, 64);
 * assert.equal(await streamedReading({ ...range, end: 5 }), undefined);
 * ```
 */
export async function streamedReading(
  range: ByteRange,
  limits?: Partial<Limits>,
  reads: ReadSizes = READS,
  manifest: "built" | "deferred" = "built",
): Promise<StreamedReading | undefined> {
  // As in the reading of a whole text: records are skimmed only where no
  // record can reach the depth and string limits.
  const l = limitsWith(limits);
  if (!(l.maxDepth >= 16 && l.maxStringLength >= 64)) return undefined;
  const head = new Uint8Array(RESULT_START.length);
  if (
    range.end - range.start < head.length ||
    await readFully(range, head, range.start) < head.length ||
    new TextDecoder().decode(head) !== RESULT_START
  ) return undefined;
  const at = await lastFields(range, l.maxFileBytes);
  if (at === undefined || at < range.start + RESULT_START.length) {
    return undefined;
  }
  // Kept whole if it would be read whole should the proof fail, up to the
  // default limit (a limit raised to read a large file whole would make a
  // large valid one cost its size).
  const keep = range.end - range.start <=
    Math.min(limitsWith().maxFileBytes, DEFAULT_LIMITS.maxFileBytes);
  // The fields are read a read at a time and decoded after the result's
  // start, as one text (not joined to it after: at 100,000 episodes they
  // are 13 MB, and joining made a second text of them). Their bytes are
  // not held unless the range is kept: one buffer of their size came from
  // the C heap, which kept its pages after it was freed.
  const size = range.end - at;
  const kept = keep ? new Uint8Array(size) : undefined;
  const step = reads.least;
  const scratch = keep ? undefined : new Uint8Array(Math.min(step, size));
  const hash = keep ? undefined : new Sha256();
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let text = RESULT_START;
  let fields: DeferredDocument;
  try {
    for (let n = 0; n < size;) {
      const into = kept?.subarray(n, Math.min(size, n + step)) ??
        scratch!.subarray(0, Math.min(scratch!.length, size - n));
      if (await readFully(range, into, at + n) < into.length) return undefined;
      hash?.update(into);
      n += into.length;
      text += decoder.decode(into, { stream: n < size });
    }
    // The fields as the strict reader reads them in the whole text: at the
    // same depth, under the same limits.
    fields = parseDeferring(
      text,
      manifest === "deferred" ? manifestEpisodes : () => false,
      limits === undefined ? {} : { limits },
    );
  } catch {
    return undefined;
  }
  if (!fields.canonical) return undefined;
  // A tail that is not kept is read again once the episodes are read, and
  // must have the bytes that were parsed (at 100,000 episodes, it is a
  // manifest of 13 MB that would otherwise be held through the proof).
  const window = new Window(
    range,
    at,
    reads.least,
    kept,
    kept ?? { length: size, sha: hash!.hex() },
  );
  const spans = new Spans();
  let digest: string | undefined;
  const done = () => {
    if (!window.hashedAll) throw new Error("the range is not read through");
    digest ??= window.hash.hex();
    return digest;
  };
  const total = scheduled(fields.value);
  // Items of a result are alike: the first is expected to be of the mean
  // size of a complete result's.
  const mean = total === 0 || !reads.sized
    ? 0
    : Math.floor((at - range.start) / total);
  return {
    reading: {
      fields: fields.value,
      total,
      episodes: streamedItems(window, limits, spans, mean, reads.sized),
    },
    digest: done,
    finish: async () => {
      await window.rest();
      return window.hashedAll ? done() : undefined;
    },
    retained: () => window.retained,
    spans: () => spans.list(),
  };
}

/**
 * The spans of the items proved, two doubles each: a command that reduces
 * the episodes as they are proved never asks for them, and at 100,000
 * episodes as objects they were megabytes held through the proof.
 */
class Spans {
  // Small, so that every test of more than four items grows it.
  #offsets = new Float64Array(8);
  #count = 0;

  push(span: Span): void {
    if (2 * this.#count === this.#offsets.length) {
      const bigger = new Float64Array(2 * this.#offsets.length);
      bigger.set(this.#offsets);
      this.#offsets = bigger;
    }
    this.#offsets[2 * this.#count] = span.start;
    this.#offsets[2 * this.#count + 1] = span.end;
    this.#count++;
  }

  list(): Span[] {
    return Array.from({ length: this.#count }, (_, i) => ({
      start: this.#offsets[2 * i]!,
      end: this.#offsets[2 * i + 1]!,
    }));
  }
}

/**
 * The number of episodes the fields' manifest schedules: the total for
 * progress (a partial result has fewer items, and the items are not
 * counted before they are read).
 */
function scheduled(fields: unknown): number {
  if (!isObject(fields)) return 0;
  const manifest = fields["evaluation_manifest"];
  if (!isObject(manifest)) return 0;
  const episodes = manifest["episodes"];
  if (Array.isArray(episodes)) return episodes.length;
  if (!(episodes instanceof DeferredJson)) return 0;
  // Canonical keys begin so (only the progress total and the first read's
  // size depend on this count, never a verdict).
  let count = 0;
  const { text, end } = episodes;
  for (let i = text.indexOf(KEY_START, episodes.start); i >= 0 && i < end;) {
    count++;
    i = text.indexOf(KEY_START, i + KEY_START.length);
  }
  return count;
}

const KEY_START = '{"index":';

/**
 * The path of the manifest's episodes in the fields: read as text, not
 * built (a hundred thousand keys would be as many objects, each with
 * strings of its own), for a reader that compares them as text.
 */
function manifestEpisodes(path: readonly (string | number)[]): boolean {
  return path.length === 2 && path[0] === "evaluation_manifest" &&
    path[1] === "episodes";
}

/** Fill `into` from offset `at`: the count read (less at the file's end). */
async function readFully(
  range: ByteRange,
  into: Uint8Array,
  at: number,
): Promise<number> {
  let n = 0;
  while (n < into.length) {
    const got = await range.read(into.subarray(n), at + n);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/**
 * Where the last `],"evaluation_manifest":` of the range begins (as
 * `lastIndexOf` finds it in the whole text: UTF-8 never encodes other
 * characters with ASCII bytes), searched backwards a chunk at a time;
 * `undefined` when it is not within `max` bytes of the end (the fields
 * would be over the size limit).
 */
async function lastFields(
  range: ByteRange,
  max: number,
): Promise<number | undefined> {
  const pattern = new TextEncoder().encode(FIELDS_START);
  // Each chunk overlaps the next one by the pattern's length less one, so
  // that a match across two chunks is whole in one. Chunks double from
  // 4 KiB: what is read before the fields is at most their size again.
  const buffer = new Uint8Array(CHUNK + pattern.length - 1);
  let hi = range.end;
  let size = 4096;
  while (hi > range.start && range.end - hi <= max) {
    const lo = Math.max(range.start, hi - size);
    size = Math.min(CHUNK, 2 * size);
    const n = Math.min(range.end, hi + pattern.length - 1) - lo;
    const view = buffer.subarray(0, n);
    if (await readFully(range, view, lo) < n) return undefined;
    // Matches that begin at `hi` or later were looked for already.
    let i = n - pattern.length;
    while (i >= 0) {
      i = view.lastIndexOf(pattern[0]!, i);
      if (i < 0) break;
      if (pattern.every((b, k) => view[i + k] === b)) return lo + i;
      i--;
    }
    hi = lo;
  }
  return undefined;
}

/**
 * The text of the range's episodes (up to the fields), read forward into
 * one buffer of bytes: `text` is the text of the bytes held, from offset
 * `base` (in code units from the range's start); every byte read is hashed.
 * Growing drops what is before the item being read, reads on in place
 * when the bytes held do not have it, and decodes as much as the next item
 * needs, so an item read in one growth is decoded once and never copied as
 * text. Only ASCII is taken as text: the writer's
 * text is ASCII (contract §2 escapes the rest), so a byte that is not ends
 * the text, and the lenient decoder gives exactly the text of ASCII bytes
 * (one unit a byte, no U+FFFD), cheaper than the strict one. A range that
 * would be read whole if the proof failed (within `file-bytes`) is kept
 * whole instead ({@linkcode retained}): it is not read again.
 */
class Window {
  text = "";
  base = 0;
  /** Every byte read so far (the fields last, once read again). */
  hash: Sha256 = new Sha256();
  readonly #range: ByteRange;
  readonly #end: number;
  readonly #decoder = new TextDecoder();
  readonly #least: number;
  /** The whole range, kept, or `undefined`: the bytes held only. */
  readonly #whole: Uint8Array | undefined;
  #bytes: Uint8Array;
  /**
   * Where `base` is in `#bytes`, the bytes held from there, and how many
   * of them `text` shows.
   */
  #from = 0;
  #held = 0;
  #shown = 0;
  /** The least text a growth shows. */
  readonly #step: number;
  /** The fields' bytes, or their size and digest to read them again. */
  readonly #tail: Uint8Array | {
    readonly length: number;
    readonly sha: string;
  };
  #tailHashed = false;
  #at: number;
  /** All of the text is read: `text` ends where the episodes end. */
  #complete = false;
  /** No more text can come: not ASCII, or the file ended early. */
  #broken = false;

  constructor(
    range: ByteRange,
    end: number,
    least: number,
    kept: Uint8Array | undefined,
    tail: Uint8Array | { readonly length: number; readonly sha: string },
  ) {
    this.#tail = tail;
    this.#range = range;
    this.#at = range.start;
    this.#end = end;
    this.#least = least;
    this.#step = Math.min(least, STEP);
    if (kept !== undefined) {
      this.#whole = new Uint8Array(end - range.start + kept.length);
      this.#whole.set(kept, end - range.start);
    }
    this.#bytes = this.#whole ?? new Uint8Array(0);
  }

  /** Whether `text` reaches the end of the episodes. */
  get complete(): boolean {
    return this.#complete;
  }

  /** Whether every byte of the range is hashed, the fields last. */
  get hashedAll(): boolean {
    return this.#tailHashed;
  }

  /**
   * Hash the fields once every byte before them is: the bytes parsed, or
   * the same bytes read again (checked by their digest: a file changed
   * since is never hashed all, so it is not proved).
   */
  async #hashTail(): Promise<void> {
    if (this.#at !== this.#end || this.#tailHashed) return;
    const tail = this.#tail;
    if (tail instanceof Uint8Array) {
      this.hash.update(tail);
      this.#tailHashed = true;
      return;
    }
    // Read again a read at a time, into the hash's copy, which becomes
    // the hash only if the bytes are those parsed. One buffer of the
    // fields' size (13 MB at 100,000 episodes) came from the C heap, which
    // kept the pages after it was freed: 16 MiB more at the peak.
    const check = new Sha256();
    const next = this.hash.copy();
    const chunk = new Uint8Array(Math.min(this.#least, tail.length));
    for (let n = 0; n < tail.length;) {
      const into = chunk.subarray(0, Math.min(chunk.length, tail.length - n));
      const got = await readFully(this.#range, into, this.#end + n);
      if (got < into.length) return;
      check.update(into);
      next.update(into);
      n += got;
    }
    if (check.hex() !== tail.sha) return;
    this.hash = next;
    this.#tailHashed = true;
  }

  /** The whole range's bytes, if kept and read through. */
  get retained(): Uint8Array | undefined {
    return this.hashedAll ? this.#whole : undefined;
  }

  /**
   * Read on: the text from `keep` stays and as much again is shown (a
   * step at least), so that an item read anew after each growth is read a
   * bounded number of times; or, with `size`, as much as an item of that
   * size from `keep` needs (the largest item so far: items of a result are
   * alike, so most are read in one growth). Bytes are read from the file a
   * chunk at least, and decoded only as far as shown: `false` when no more
   * can come.
   */
  async grow(keep: number, size?: number): Promise<boolean> {
    if (this.#complete || this.#broken) return false;
    const drop = keep - this.base;
    this.#from += drop;
    this.#held -= drop;
    this.#shown = Math.max(0, this.#shown - drop);
    this.base = keep;
    // An item of `size`, an eighth more (sizes vary), or double; always
    // more than is shown.
    const goal = Math.min(
      Math.max(
        this.#step,
        size === undefined ? 2 * this.#shown : size + (size >> 3),
        this.#shown + 1,
      ),
      MAX_ITEM_UNITS + CHUNK,
    );
    if (this.#held < goal && this.#at < this.#end) {
      if (!(await this.#read(goal - this.#held))) {
        this.#broken = true;
        return false;
      }
    }
    let shown = Math.min(goal, this.#held);
    this.text = "";
    let text = this.#decoder.decode(
      this.#bytes.subarray(this.#from, this.#from + shown),
    );
    if (text.length !== shown || text.includes("\uFFFD")) {
      // The text ends before the first byte that is not ASCII, so that the
      // item not proved is the one that holds it.
      this.#broken = true;
      const bad = this.#bytes.subarray(this.#from, this.#from + shown)
        .findIndex((b) => b >= 0x80);
      if (bad <= this.#shown) return false;
      shown = bad;
      text = text.slice(0, bad);
    }
    this.text = text;
    this.#shown = shown;
    if (this.#at === this.#end && shown === this.#held) this.#complete = true;
    return true;
  }

  /**
   * Read `more` bytes on (a chunk at least), after those held; `false` if
   * the file ended first.
   */
  async #read(more: number): Promise<boolean> {
    const want = Math.min(
      Math.max(this.#least, more),
      this.#end - this.#at,
      Math.max(0, MAX_ITEM_UNITS + CHUNK - this.#held),
    );
    // Bytes before the item being read are dropped only now: an item
    // shown from the bytes held costs no copy.
    if (this.#whole === undefined) {
      this.#bytes.copyWithin(0, this.#from, this.#from + this.#held);
      this.#from = 0;
    }
    const top = this.#from + this.#held;
    if (this.#bytes.length < top + want) {
      // A buffer that grows by half: an item a little larger than the last
      // one does not double it. (A range kept whole has its size already.)
      const bigger = new Uint8Array(
        Math.max(top + want, this.#bytes.length * 1.5),
      );
      bigger.set(this.#bytes.subarray(0, top));
      this.#bytes = bigger;
    }
    const fresh = this.#bytes.subarray(top, top + want);
    const n = await readFully(this.#range, fresh, this.#at);
    this.hash.update(fresh.subarray(0, n));
    this.#at += n;
    this.#held += n;
    await this.#hashTail();
    return n === want;
  }

  /**
   * Hash the bytes not read yet, kept if the range is kept (the text is not
   * wanted any more).
   */
  async rest(): Promise<void> {
    const whole = this.#whole;
    const start = this.#range.start;
    const scratch = whole === undefined ? new Uint8Array(CHUNK) : undefined;
    while (this.#at < this.#end) {
      const size = Math.min(CHUNK, this.#end - this.#at);
      const into = scratch?.subarray(0, size) ??
        whole!.subarray(this.#at - start, this.#at - start + size);
      const n = await readFully(this.#range, into, this.#at);
      if (n === 0) return;
      this.hash.update(into.subarray(0, n));
      this.#at += n;
    }
    await this.#hashTail();
  }
}

/** The reading stops: the text ended, was too long or is not UTF-8. */
const STOP: unique symbol = Symbol("stop");
/** A position at the end of the episodes' text. */
const END: unique symbol = Symbol("end");

const COMMA = 0x2c;

/**
 * The items of the window's text, as `canonicalItems` reads them in a
 * whole text: each read as the writer writes it, else by its brackets;
 * after an item the proof did not prove, its end found by its brackets.
 * The spans of the items proved go to `spans`. Each item is read in one
 * growth if it is no larger than the largest so far, or than `expected`.
 */
async function* streamedItems(
  window: Window,
  limits: Partial<Limits> | undefined,
  spans: Spans,
  expected: number,
  sized: boolean,
): AsyncGenerator<EpisodeItem, boolean, boolean> {
  /**
   * What `read` says at offset `at`, reading on while it needs more text
   * (a final answer once the text is complete); {@linkcode STOP} when no
   * more can come, or the item would be longer than a string can be.
   */
  const settle = async <T>(
    at: number,
    read: (
      text: string,
      offset: number,
      partial: boolean,
    ) => T | typeof MORE,
    size?: number,
  ): Promise<T | typeof STOP> => {
    // Read on as much as an item of `size` needs (the first time only:
    // after that, by doubling, so that no input is read anew more than a
    // few times). An item expected to go beyond the text is read on first,
    // not parsed in part (if that fails, the text there decides).
    let first = size;
    if (
      size !== undefined && !window.complete &&
      window.base + window.text.length - at < size
    ) {
      await window.grow(at, size);
      first = undefined;
    }
    for (;;) {
      const r = read(window.text, at - window.base, !window.complete);
      if (r !== MORE) return r;
      if (window.base + window.text.length - at > MAX_ITEM_UNITS) return STOP;
      if (!(await window.grow(at, first))) return STOP;
      first = undefined;
    }
  };
  const begins = await settle(
    0,
    (text, offset, partial) =>
      text.length - offset >= RESULT_START.length
        ? text.startsWith(RESULT_START, offset)
        : partial
        ? MORE
        : false,
    expected,
  );
  if (begins !== true) return false;
  let at = RESULT_START.length;
  let largest = expected;
  const charAt = (position: number) =>
    settle(
      position,
      (text, offset, partial) =>
        offset < text.length ? text.charCodeAt(offset) : partial ? MORE : END,
    );
  // The end: covered only if the fields hashed are the fields parsed.
  if (await charAt(at) === END) return window.hashedAll;
  for (;;) {
    const literal = await settle(
      at,
      (text, offset, partial) => literalItem(text, offset, partial),
      largest,
    );
    if (literal === STOP) return false;
    const item = literal ?? await settle(
      at,
      (text, offset, partial) => otherItem(text, offset, limits, partial),
    );
    if (item === STOP || item?.span === undefined) return false;
    // The item's offsets, from the window's to the range's.
    const shift = at - item.span.start;
    const span = { start: at, end: item.span.end + shift };
    const source = window.text;
    const { start, end } = item.span;
    const proved: boolean = yield {
      ...item,
      span,
      text: () => source.slice(start, end),
    };
    if (proved) spans.push(span);
    if (sized) largest = Math.max(largest, span.end - span.start + 1);
    const next = proved ? span.end : await settle(
      at,
      (text, offset, partial) => {
        const end = containerEnd(text, offset);
        return end !== undefined
          ? end - offset + at
          : partial
          ? MORE
          : undefined;
      },
    );
    if (next === STOP || next === undefined) return false;
    const c = await charAt(next);
    // The end of the episodes' text is where `],"evaluation_manifest":`
    // begins.
    if (c === END) return window.hashedAll;
    if (c !== COMMA) return false;
    at = next + 1;
  }
}
