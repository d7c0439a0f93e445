/**
 * The verifier's memory: hints to the garbage collector, and values with
 * strings of their own. No verdict depends on either, only the peak
 * memory does; the verifier's modules call them, and the statistics'
 * summaries the hints (`statistics/artifact.ts`).
 *
 * Verifying one large episode builds tens of megabytes of objects (the
 * record, stage 2, the metrics, the reference replay) that are garbage once
 * the episode is decided, and a result's text is garbage once it is proved
 * or copied out; but V8 lets its old generation grow to a multiple of the
 * live size before it collects it, so a whole result's garbage can pile
 * up: that, not the live data, set the peak memory of `verify` (a 30 MB
 * result peaked at 209 MB of RSS with a live heap of about 45 MB). A
 * program run as `deno run mod.ts` cannot pass V8 flags (`--expose-gc`), so
 * the hints ask the only other way V8 listens to: external memory. A large
 * `ArrayBuffer`, allocated and dropped at once, is reported to V8 as
 * external memory beyond its limits, which makes it collect; its pages are
 * never written, so on the usual allocators (calloc of a large size maps
 * zero pages lazily) it costs address space, not resident memory, and it
 * is freed by that collection. It depends on V8's heuristics (measured
 * with Deno 2.9.6).
 *
 * The strict reader takes each string value as a slice of the document's
 * text, and V8 keeps a slice of 13 characters or more as a view of its
 * parent: one scenario hash kept from a 30 MB result keeps the whole 30 MB
 * text in memory. So what outlives the reading (a verified result, the
 * parts of a document that the reference checks keep) is copied with
 * strings of its own ({@linkcode detached}).
 *
 * @module
 */

import { DeferredJson } from "../json/canonical.ts";

/**
 * The one setting: the external allocation of a hint. 256 MB passes V8's
 * soft limit of external memory, so that a full collection starts soon
 * (64 MB had no effect, 128 MB started marking that did not always finish
 * in time); one hint only starts it, which idle time does not always
 * finish, so {@linkcode collected} repeats it until the heap is smaller
 * (two hints, 512 MB in all, collected). 512 MB a hint, beyond the hard
 * limit, made each hint between episodes a collection of the whole heap at
 * once: in a large heap, a quarter more time for the same peaks
 * (`bench/verify_bench.ts`).
 */
const HINT_BYTES = 256 << 20;

/** Ask V8 for a full collection soon; `false` if there was no room to ask. */
function hint(): boolean {
  try {
    void new ArrayBuffer(HINT_BYTES);
    return true;
  } catch {
    // No address space for it: then there is nothing to gain either.
    return false;
  }
}

/**
 * Text read since the last hint, and how much makes one: each collection
 * costs a few milliseconds, so small episodes share one (a record's garbage
 * is several times its text).
 */
let pending = 0;
const EVERY = 4 << 20;

/**
 * Count `textLength` characters of records just verified (or as many bytes
 * of other garbage just made), and ask V8 for a full collection soon once
 * they pass 4 MiB since the last time.
 *
 * @example
 * ```ts
 * import { collectAfter } from "./memory.ts";
 * collectAfter(100); // no effect on any value
 * ```
 */
export function collectAfter(textLength: number): void {
  pending += textLength;
  if (pending < EVERY) return;
  pending = 0;
  hint();
}

/**
 * Wait, briefly, for the garbage collector to free `length` characters of
 * text let go just now, so that what comes next (the reference checks
 * build an episode's values: tens of megabytes; the next result of a
 * comparison) takes the room the text leaves instead of adding to it. It
 * stops when the heap is smaller by the text's size (a one-byte string
 * takes a byte a character), and tries at most four times.
 *
 * @example
 * ```ts
 * import { collected } from "./memory.ts";
 * await collected(0); // no effect on any value
 * ```
 */
export async function collected(length: number): Promise<void> {
  const usage = globalThis.Deno?.memoryUsage;
  if (usage === undefined) return;
  const goal = usage().heapUsed - length;
  for (let k = 0; k < 4; k++) {
    if (!hint()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (usage().heapUsed <= goal) return;
  }
}

/**
 * A string with the same characters, not a view of another string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detachedString } from "./memory.ts";
 * const text = `{"hash":"${"ab".repeat(32)}"}`;
 * assert.equal(detachedString(text.slice(9, 73)), "ab".repeat(32));
 * ```
 */
export function detachedString(s: string): string {
  // A shorter slice is a copy already. A longer one, joined to a space,
  // becomes a rope, which `slice` first flattens into a string of its own.
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/**
 * A deep copy of a JSON value (objects keep their prototype and key order)
 * whose strings, keys included, are {@linkcode detachedString}s, each
 * distinct string copied once: a manifest names one scenario's ID and hash
 * once a seed, and its copies share them (a 100,000-episode manifest would
 * otherwise hold 100,000 copies of a few hashes). Floats and deferred
 * values are kept as they are (they hold no slice of the text, or are
 * dropped by the caller).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "../json/canonical.ts";
 * import { detached } from "./memory.ts";
 * const v = parse('{"b":["xxxxxxxxxxxxxxxxxxxx",1],"a":null}');
 * assert.deepEqual(detached(v), v);
 * assert.deepEqual(Object.keys(detached(v) as object), ["b", "a"]);
 * ```
 */
export function detached<T>(v: T): T {
  return copied(v, new Map());
}

function copied<T>(v: T, seen: Map<string, string>): T {
  if (typeof v === "string") return shared(v, seen) as T;
  if (v === null || typeof v !== "object" || v instanceof DeferredJson) {
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => copied(x, seen)) as T;
  const proto = Object.getPrototypeOf(v);
  if (proto !== null && proto !== Object.prototype) return v;
  const out: Record<string, unknown> = Object.create(proto);
  for (const key of Object.keys(v)) {
    out[shared(key, seen)] = copied(
      (v as Record<string, unknown>)[key],
      seen,
    );
  }
  return out as T;
}

/** `s` detached, the same copy for equal strings of one {@linkcode detached}. */
function shared(s: string, seen: Map<string, string>): string {
  let copy = seen.get(s);
  if (copy === undefined) {
    copy = detachedString(s);
    seen.set(s, copy);
  }
  return copy;
}

/**
 * Detached copies of strings that many verified episodes repeat (a
 * scenario's ID and hash, once a seed), one copy each. Bounded: past 1,024
 * strings it starts again, so a long-lived caller verifying many suites
 * keeps no more than that.
 */
const repeated = new Map<string, string>();

/**
 * `s` as a {@linkcode detachedString}, the same copy for equal strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sharedString } from "./memory.ts";
 * const text = `{"hash":"${"ab".repeat(32)}"}`;
 * assert.equal(sharedString(text.slice(9, 73)), "ab".repeat(32));
 * ```
 */
export function sharedString(s: string): string {
  if (repeated.size >= 1024) repeated.clear();
  return shared(s, repeated);
}
