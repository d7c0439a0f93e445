/**
 * A hint to the garbage collector between the episodes of a large result.
 * Verifying one large episode builds tens of megabytes of objects (the
 * record, stage 2, the metrics, the reference replay) that are garbage once
 * the episode is decided, but V8 lets its old generation grow to a multiple
 * of the live size before it collects it, so a whole result's garbage can
 * pile up: that, not the live data, set the peak memory of `verify` (a
 * 30 MB result peaked at 209 MB of RSS with a live heap of about 45 MB).
 * A program run as `deno run mod.ts` cannot pass V8 flags (`--expose-gc`),
 * so this asks the only other way V8 listens to: external memory. A large
 * `ArrayBuffer`, allocated and dropped at once, is reported to V8 as
 * external memory beyond its soft limit, which makes it start a
 * mark-compact collection soon; its pages are never written, so on the
 * usual allocators (calloc of a large size maps zero pages lazily) it costs
 * address space, not resident memory, and it is freed by that collection.
 *
 * It is a hint that depends on V8's heuristics (measured with Deno 2.9.6):
 * no result depends on it, only the peak memory does.
 *
 * @module
 */

/**
 * Large enough to pass V8's limits of external memory (64 MB above its
 * level at the last full collection for incremental marking, more for a
 * full collection at once): 64 MB had no effect, 128 MB started marking
 * that did not always finish in time, 256 MB and 512 MB collected.
 */
const NUDGE_BYTES = 256 << 20;

/**
 * Text read since the last hint, and how much makes one: each collection
 * costs a few milliseconds, so small episodes share one (a record's garbage
 * is several times its text).
 */
let pending = 0;
const EVERY = 4 << 20;

/**
 * Count `textLength` characters of records just verified, and ask V8 for a
 * full collection soon once they pass 4 MiB since the last time (see the
 * module documentation).
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
  try {
    void new ArrayBuffer(NUDGE_BYTES);
  } catch {
    // No address space for it: then there is nothing to gain either.
  }
}
