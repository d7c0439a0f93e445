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
 * Large enough to pass V8's soft limit of external memory (64 MB above its
 * level at the last full collection): 64 MB measured no effect, 128 MB a
 * collection per call.
 */
const NUDGE_BYTES = 256 << 20;

/**
 * Ask V8 for a full collection soon (see the module documentation).
 *
 * @example
 * ```ts
 * import { nudgeCollector } from "./collect.ts";
 * nudgeCollector(); // no effect on any value
 * ```
 */
export function nudgeCollector(): void {
  try {
    void new ArrayBuffer(NUDGE_BYTES);
  } catch {
    // No address space for it: then there is nothing to gain either.
  }
}
