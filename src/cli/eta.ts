/**
 * The time-left estimate of a progress bar, as a pure function of where the
 * task stands, so that it can be tested against a recorded run's timings
 * (tests/progress_eta_test.ts) rather than the clock.
 *
 * Work must be counted in units of equal cost: for the bootstrap, resampled
 * values (R × n per interval), not resamples or intervals, whose cost
 * differs tenfold between groups.
 *
 * @module
 */

/** Where a task stands: `ms` after it began, `done` units of work finished. */
export type ProgressPoint = { readonly ms: number; readonly done: number };

/**
 * The share of the work whose rate is left out of the estimate: the first
 * intervals run while the workers start and the WebAssembly and JIT warm
 * up. In one wall-clock recording they ran about a third slower than the
 * rest; on the processor-time recording leaving them out changes the worst
 * error little (8.8 % to 8.6 % on 2 workers).
 */
export const WARM_UP = 0.05;

/**
 * The point from which the rate is measured: the first point at or past
 * {@linkcode WARM_UP} of `total`, kept once found (`anchor`), else the start.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rateAnchor } from "./eta.ts";
 * assert.deepEqual(rateAnchor(undefined, { ms: 100, done: 1 }, 100), undefined);
 * const a = rateAnchor(undefined, { ms: 500, done: 6 }, 100);
 * assert.deepEqual(a, { ms: 500, done: 6 });
 * assert.equal(rateAnchor(a, { ms: 900, done: 20 }, 100), a);
 * ```
 */
export function rateAnchor(
  anchor: ProgressPoint | undefined,
  now: ProgressPoint,
  total: number,
): ProgressPoint | undefined {
  if (anchor !== undefined) return anchor;
  return now.done >= WARM_UP * total ? now : undefined;
}

/**
 * The estimated milliseconds left: the work left at the rate measured from
 * `anchor` (or from the start when undefined, or when `now` is the anchor)
 * to `now`; undefined when no rate is known yet or the work is done.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { timeLeftMs } from "./eta.ts";
 * // 40 units in the 4 s since the anchor at 10: 50 units left take 5 s.
 * assert.equal(timeLeftMs({ ms: 1000, done: 10 }, { ms: 5000, done: 50 }, 100), 5000);
 * // No anchor: the rate since the start, 20 units a second.
 * assert.equal(timeLeftMs(undefined, { ms: 1000, done: 20 }, 100), 4000);
 * const at = { ms: 1000, done: 20 };
 * assert.equal(timeLeftMs(at, at, 100), 4000);
 * assert.equal(timeLeftMs(undefined, { ms: 1000, done: 0 }, 100), undefined);
 * assert.equal(timeLeftMs(undefined, { ms: 1000, done: 100 }, 100), undefined);
 * ```
 */
export function timeLeftMs(
  anchor: ProgressPoint | undefined,
  now: ProgressPoint,
  total: number,
): number | undefined {
  // Just at the anchor there is no rate from it yet: the start's serves.
  const from = anchor !== undefined && now.done > anchor.done &&
      now.ms > anchor.ms
    ? anchor
    : { ms: 0, done: 0 };
  const done = now.done - from.done;
  const ms = now.ms - from.ms;
  if (done <= 0 || ms <= 0 || now.done >= total) return undefined;
  return (ms * (total - now.done)) / done;
}
