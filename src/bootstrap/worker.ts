/**
 * The bootstrap worker: computes the intervals it is sent, one at a time,
 * and answers with exact bounds. `scripts/build_wasm.ts` bundles this
 * module and everything it imports into `wasm/bootstrap_worker.generated.ts`,
 * so that the pool can start it from a `blob:` URL with no permission.
 *
 * Messages in: {@linkcode IntervalRequest}. Out: `{id, done}` progress in
 * resamples, then `{id, lower, upper}` as `[numerator, denominator]`
 * BigInts, or `{id, error}`.
 *
 * @module
 */

import { bootstrapMeanInterval, type Numerators } from "./interval.ts";
import type { KernelName } from "../kernel_name.ts";
import { WideIntegers } from "./wide.ts";

/** One interval to compute. */
export type IntervalRequest = {
  readonly id: number;
  readonly nums: Numerators;
  readonly den: bigint;
  readonly resamples: number;
  readonly seed: Uint8Array;
  readonly kernel: KernelName;
};

/** A worker's answer. */
export type IntervalReply =
  | { readonly id: number; readonly done: number }
  | {
    readonly id: number;
    readonly lower: readonly [bigint, bigint];
    readonly upper: readonly [bigint, bigint];
  }
  | { readonly id: number; readonly error: string };

/** Compute one request, reporting progress through `post`. */
export function answer(
  req: IntervalRequest,
  post: (reply: IntervalReply) => void,
): void {
  try {
    // A structured clone keeps the fields of WideIntegers, not its class.
    const nums = "words" in req.nums ? WideIntegers.revive(req.nums) : req.nums;
    const ci = bootstrapMeanInterval({ nums, den: req.den }, {
      resamples: req.resamples,
      seed: req.seed,
      kernel: req.kernel,
      onProgress: (done) => post({ id: req.id, done }),
    });
    if (ci === null) throw new RangeError("interval of fewer than 5 values");
    post({
      id: req.id,
      lower: [ci.lower.num, ci.lower.den],
      upper: [ci.upper.num, ci.upper.den],
    });
  } catch (e) {
    post({ id: req.id, error: e instanceof Error ? e.message : String(e) });
  }
}

// Inside a worker (no `document`, a global `postMessage`), serve requests.
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<IntervalRequest>) => void) | null;
  postMessage?: (m: IntervalReply) => void;
  WorkerGlobalScope?: unknown;
};
if (scope.WorkerGlobalScope !== undefined && scope.postMessage) {
  const post = scope.postMessage.bind(scope);
  scope.onmessage = (e) => answer(e.data, post);
}
