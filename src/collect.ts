/**
 * Hints to the garbage collector. No verdict or value depends on them,
 * only the peak memory does; the verifier calls them between records, and
 * the statistics after the summaries of large groups.
 *
 * Verifying one large episode builds tens of megabytes of objects (the
 * record, stage 2, the metrics, the reference replay) that are garbage once
 * the episode is decided, and a result's text is garbage once it is proved
 * or copied out; the exact statistics of a group of 100,000 values leave
 * as much in short-lived BigInts. V8 lets its old generation grow to a
 * multiple of the live size before it collects it, so that garbage piles
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
 * @module
 */

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
 * import { collectAfter } from "./collect.ts";
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
 * import { collected } from "./collect.ts";
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
