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
 * The buffers of `nums` that a worker can take as they are: typed arrays
 * that are the whole of their buffer (a view of a larger one would detach
 * the rest).
 */
function buffersOf(nums: Numerators): ArrayBuffer[] {
  const views = Array.isArray(nums)
    ? []
    : "words" in nums
    ? [nums.words, nums.negative]
    : [nums as BigInt64Array];
  return views.filter((v) =>
    v.buffer instanceof ArrayBuffer && v.byteOffset === 0 &&
    v.byteLength === v.buffer.byteLength
  ).map((v) => v.buffer as ArrayBuffer);
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
  const results: BootstrapInterval[] = new Array(jobs.length);
  const workers = Math.min(checkWorkers(options.workers), jobs.length);
  const pool = new IntervalPool(
    { ...options, workers: Math.max(1, workers) },
    (id, ci) => results[id] = ci,
  );
  // With workers, longest first: the first jobs start before the rest are
  // submitted.
  const order = jobs.map((_, id) => id);
  if (workers > 1) {
    order.sort((a, b) => jobs[b]!.nums.length - jobs[a]!.nums.length || a - b);
  }
  try {
    for (const id of order) pool.submit(id, jobs[id]!);
    await pool.finish();
  } finally {
    pool.close();
  }
  return results;
}

/**
 * Intervals computed as their jobs are handed in, so that a caller need
 * not hold every job's values until the last is known: with one worker
 * each on the calling thread as it is submitted; with more, each worker
 * takes the longest job waiting when it is free. {@linkcode
 * IntervalPool.room} lets the caller wait while as many jobs wait as
 * there are workers, so that at most about twice that many are held.
 * Each interval goes to `onResult` once computed, and its job is let go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IntervalPool } from "./pool.ts";
 * import type { BootstrapInterval } from "./interval.ts";
 * const got = new Map<number, BootstrapInterval>();
 * const pool = new IntervalPool({ kernel: "wasm", workers: 2 }, (id, ci) => got.set(id, ci));
 * try {
 *   for (let id = 0; id < 4; id++) {
 *     pool.submit(id, { nums: [1n, 2n, 3n, 4n, BigInt(id)], den: 1n, resamples: 100, seed: new Uint8Array(32) });
 *     await pool.room();
 *   }
 *   await pool.finish();
 * } finally {
 *   pool.close();
 * }
 * assert.deepEqual([...got.keys()].sort(), [0, 1, 2, 3]);
 * ```
 */
export class IntervalPool {
  readonly #options: PoolOptions;
  readonly #onResult: (id: number, ci: BootstrapInterval) => void;
  readonly #idle: Worker[] = [];
  readonly #all: Worker[] = [];
  readonly #waiting: { id: number; job: IntervalJob; owned: boolean }[] = [];
  #running = 0;
  #error: Error | undefined;
  #wake: (() => void)[] = [];

  /** A pool of `options.workers` threads (started as jobs arrive). */
  constructor(
    options: PoolOptions,
    onResult: (id: number, ci: BootstrapInterval) => void,
  ) {
    checkWorkers(options.workers);
    this.#options = options;
    this.#onResult = onResult;
  }

  #report(id: number, done: number): void {
    this.#options.onProgress?.(id, done);
  }

  /**
   * Compute job `id` (with one worker, here and now; `RangeError` for
   * fewer than 5 values). `owned`: the caller hands the job's values over
   * and will not read them again, so a worker takes their buffers as they
   * are instead of a copy (they are detached here).
   */
  submit(id: number, job: IntervalJob, owned = false): void {
    this.#throwIfFailed();
    if (this.#options.workers <= 1) {
      this.#report(id, 0);
      const ci = bootstrapMeanInterval(
        { nums: job.nums, den: job.den },
        {
          resamples: job.resamples,
          seed: job.seed,
          kernel: this.#options.kernel,
          onProgress: (done) => this.#report(id, done),
        },
      );
      if (ci === null) throw new RangeError("interval of fewer than 5 values");
      this.#onResult(id, ci);
      return;
    }
    this.#waiting.push({ id, job, owned });
    this.#dispatch();
  }

  /** Resolves once fewer jobs wait than there are workers. */
  async room(): Promise<void> {
    while (
      this.#error === undefined &&
      this.#waiting.length >= this.#options.workers
    ) {
      await new Promise<void>((r) => this.#wake.push(r));
    }
    this.#throwIfFailed();
  }

  /** Resolves once every submitted job is computed; rejects on the first failure. */
  async finish(): Promise<void> {
    while (
      this.#error === undefined &&
      (this.#waiting.length > 0 || this.#running > 0)
    ) {
      await new Promise<void>((r) => this.#wake.push(r));
    }
    this.#throwIfFailed();
  }

  /** Stop every worker (call it however the work ends). */
  close(): void {
    for (const w of this.#all) w.terminate();
    this.#all.length = 0;
    this.#idle.length = 0;
    this.#waiting.length = 0;
  }

  #throwIfFailed(): void {
    if (this.#error !== undefined) throw this.#error;
  }

  #fail(error: Error): void {
    this.#error ??= error;
    this.close();
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = [];
    for (const r of wake) r();
  }

  #dispatch(): void {
    while (this.#waiting.length > 0 && this.#error === undefined) {
      const worker = this.#idle.pop() ??
        (this.#all.length < this.#options.workers ? this.#start() : undefined);
      if (worker === undefined) return;
      // The longest job waiting, the earliest of equal length: no worker
      // is left with a long one at the end.
      let pick = 0;
      this.#waiting.forEach((w, i) => {
        if (w.job.nums.length > this.#waiting[pick]!.job.nums.length) pick = i;
      });
      const { id, job, owned } = this.#waiting.splice(pick, 1)[0]!;
      const req: IntervalRequest = { id, ...job, kernel: this.#options.kernel };
      this.#running++;
      this.#report(id, 0);
      worker.postMessage(req, owned ? buffersOf(job.nums) : []);
      this.#notify();
    }
  }

  #start(): Worker {
    const worker = spawn();
    this.#all.push(worker);
    worker.onmessage = (e: MessageEvent<IntervalReply>) => {
      const m = e.data;
      if ("done" in m) return this.#report(m.id, m.done);
      if ("error" in m) return this.#fail(new Error(m.error));
      this.#running--;
      this.#idle.push(worker);
      try {
        this.#onResult(m.id, {
          lower: Rational.of(m.lower[0], m.lower[1]),
          upper: Rational.of(m.upper[0], m.upper[1]),
        });
      } catch (e) {
        return this.#fail(e instanceof Error ? e : new Error(String(e)));
      }
      this.#dispatch();
      this.#notify();
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.#fail(new Error(`bootstrap worker failed: ${e.message}`));
    };
    return worker;
  }
}
