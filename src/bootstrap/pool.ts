/**
 * Independent bootstrap intervals on every core. Each interval depends only
 * on its own values and seed, so the intervals can be computed in any
 * order, on any thread: the results are put back by job index, and an
 * artifact is the same bytes for any number of workers and any completion
 * order.
 *
 * The workers run the bundled, self-contained module of
 * `wasm/bootstrap_worker.generated.ts` from a `blob:` URL, which needs no
 * permission (a worker from a local file would need `--allow-read` of it).
 *
 * @module
 */

import { BOOTSTRAP_WORKER_SOURCE } from "../../wasm/bootstrap_worker.generated.ts";
import { Rational } from "../exact.ts";
import {
  type BootstrapInterval,
  bootstrapMeanInterval,
  type Numerators,
} from "./interval.ts";
import type { KernelName } from "../kernel_name.ts";
import type { IntervalReply, IntervalRequest } from "./worker.ts";

/**
 * One interval: values `nums[i] / den`, R and the 32-byte seed. `nums` may
 * be a `BigInt64Array` (a quarter of the memory of BigInts in an array,
 * for the jobs that wait until every interval is announced), which a
 * worker receives as it is.
 */
export type IntervalJob = {
  readonly nums: Numerators;
  readonly den: bigint;
  readonly resamples: number;
  readonly seed: Uint8Array;
};

/** Options of {@linkcode computeIntervals}. */
export type PoolOptions = {
  /** The kernel every interval uses. */
  readonly kernel: KernelName;
  /** Threads to use, an integer >= 1; 1 computes on the calling thread. */
  readonly workers: number;
  /**
   * Called when job `id` starts (`done` 0) and as its resamples are drawn
   * (`done` of its R): the caller weighs the jobs, whose times differ.
   */
  readonly onProgress?: (id: number, done: number) => void;
};

/**
 * The default number of workers: the runtime's logical cores, at least 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultWorkers } from "./pool.ts";
 * assert.ok(Number.isInteger(defaultWorkers()) && defaultWorkers() >= 1);
 * ```
 */
export function defaultWorkers(): number {
  const n = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(n) && n! >= 1 ? n! : 1;
}

/**
 * Return `workers` when it is an integer >= 1; otherwise throw `RangeError`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkWorkers } from "./pool.ts";
 * assert.equal(checkWorkers(2), 2);
 * assert.throws(() => checkWorkers(0), RangeError);
 * ```
 */
export function checkWorkers(workers: unknown): number {
  if (
    typeof workers !== "number" || !Number.isSafeInteger(workers) ||
    workers < 1
  ) {
    throw new RangeError(
      `workers must be an integer >= 1, found ${String(workers)}`,
    );
  }
  return workers;
}

let workerUrl: string | undefined;

function spawn(): Worker {
  workerUrl ??= URL.createObjectURL(
    new Blob([BOOTSTRAP_WORKER_SOURCE], { type: "text/javascript" }),
  );
  return new Worker(workerUrl, { type: "module" });
}

/**
 * The intervals of `jobs`, in job order (each job needs n >= 5 values).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { computeIntervals } from "./pool.ts";
 * const job = { nums: [1n, 2n, 3n, 4n, 5n], den: 1n, resamples: 100, seed: new Uint8Array(32) };
 * const one = await computeIntervals([job, job], { kernel: "wasm", workers: 1 });
 * const two = await computeIntervals([job, job], { kernel: "wasm", workers: 2 });
 * assert.equal(two[1]!.lower.cmp(one[1]!.lower), 0);
 * assert.equal(two[1]!.upper.cmp(one[1]!.upper), 0);
 * ```
 */
export async function computeIntervals(
  jobs: readonly IntervalJob[],
  options: PoolOptions,
): Promise<BootstrapInterval[]> {
  const workers = Math.min(checkWorkers(options.workers), jobs.length);
  const report = (id: number, done: number) => options.onProgress?.(id, done);
  if (workers <= 1) {
    return jobs.map((job, id) => {
      report(id, 0);
      return bootstrapMeanInterval(
        { nums: job.nums, den: job.den },
        {
          resamples: job.resamples,
          seed: job.seed,
          kernel: options.kernel,
          onProgress: (done) => report(id, done),
        },
      )!;
    });
  }
  // Longest jobs first, so that no worker is left with a long one at the end.
  const order = jobs.map((_, id) => id).sort((a, b) =>
    jobs[b]!.nums.length - jobs[a]!.nums.length || a - b
  );
  const results: (BootstrapInterval | undefined)[] = new Array(jobs.length);
  const pool = Array.from({ length: workers }, spawn);
  try {
    let next = 0;
    await Promise.all(
      pool.map((worker) =>
        new Promise<void>((resolve, reject) => {
          const send = () => {
            if (next === order.length) return resolve();
            const id = order[next++]!;
            const job = jobs[id]!;
            const req: IntervalRequest = {
              id,
              ...job,
              kernel: options.kernel,
            };
            report(id, 0);
            worker.postMessage(req);
          };
          worker.onmessage = (e: MessageEvent<IntervalReply>) => {
            const m = e.data;
            if ("done" in m) return report(m.id, m.done);
            if ("error" in m) return reject(new Error(m.error));
            results[m.id] = {
              lower: Rational.of(m.lower[0], m.lower[1]),
              upper: Rational.of(m.upper[0], m.upper[1]),
            };
            send();
          };
          worker.onerror = (e) => {
            e.preventDefault();
            reject(new Error(`bootstrap worker failed: ${e.message}`));
          };
          send();
        })
      ),
    );
  } finally {
    for (const w of pool) w.terminate();
  }
  return results as BootstrapInterval[];
}
