/**
 * Parts shared by the aggregate and paired artifacts (contract §12): the
 * header, `methods`, the per-episode exact metric values, and the summary
 * of one list of values (statistics plus bootstrap interval).
 *
 * @module
 */

import { float, type JsonValue } from "../json/canonical.ts";
import { StatisticsInputError } from "../errors.ts";
import type { Rational } from "../exact.ts";
import {
  type BootstrapInterval,
  MIN_BOOTSTRAP_N,
  type Numerators,
  type Scaled,
  toCommonDenominator,
} from "../bootstrap/interval.ts";
import { kernelByName } from "../bootstrap/kernel.ts";
import type { KernelName } from "../kernel_name.ts";
import {
  checkWorkers,
  defaultWorkers,
  IntervalPool,
} from "../bootstrap/pool.ts";
import { seedBytes } from "../bootstrap/stream.ts";
import { inInt64, WideIntegers } from "../bootstrap/wide.ts";
import { reclaimAfter } from "../collect.ts";
import { type Manifest, STATISTICS_VERSION, type Suite } from "../types.ts";
import { VerifiedEvaluation } from "../verify/verified.ts";
import {
  verifyEvaluation,
  type VerifyEvaluationOptions,
} from "../verify/verify.ts";
import { METRIC_DEFINITIONS, metricDefinitionsJson } from "./definitions.ts";
import { descriptiveStatistics } from "./descriptive.ts";
import type {
  ArtifactHeader,
  IntervalJson,
  MethodsJson,
  StatisticsJson,
} from "./artifact_types.ts";
import { bootstrapSeed, type SeedInput } from "./seed.ts";
import type { IntervalShare } from "./share.ts";
import { ExactTable } from "./exact_table.ts";

/**
 * Progress callback of the statistics functions: (phase, done, total), in
 * episodes while verifying and in resamples over all the intervals while
 * bootstrapping; the bootstrap's calls also bring its
 * {@linkcode BootstrapProgress}.
 */
export type ProgressCallback = (
  phase: string,
  done: number,
  total: number,
  bootstrap?: BootstrapProgress,
) => void;

/**
 * Where the bootstrap stands. An interval's time grows with R × n (each
 * resample draws n values), and n differs between groups (all episodes, one
 * scenario), so `work` and `workDone` count resampled values: progress by
 * resamples alone would run slow on the large groups and fast on the small.
 */
export type BootstrapProgress = {
  /** R, the resamples of each interval. */
  readonly resamples: number;
  /** The intervals to compute. */
  readonly intervals: number;
  /** The intervals finished. */
  readonly intervalsDone: number;
  /**
   * All the work, in resampled values: the sum of R × n over the intervals,
   * but none for an interval whose values are all equal (its bounds need no
   * draw). Known from the first call: the intervals are announced with
   * their n and whether their values are all equal.
   */
  readonly work: number;
  /** The work done so far, in resampled values. */
  readonly workDone: number;
  /**
   * The interval this call is about (its index, in the order the intervals
   * were announced), its n, its work and its resamples done; absent on the
   * first and last calls.
   */
  readonly interval?: {
    readonly index: number;
    readonly n: number;
    readonly work: number;
    readonly done: number;
  };
};

/** `methods` of contract §12. */
export function methodsJson(resamples: number): MethodsJson {
  return {
    quantiles: "hyndman_fan_type_7",
    variance: "sample_n_minus_1",
    std: "sqrt_of_float_variance",
    bootstrap: {
      method: "percentile_bootstrap",
      statistic: "mean",
      level: float(0.95),
      resamples,
      min_n: MIN_BOOTSTRAP_N,
      stream: "shake256_counter_v1",
    },
  };
}

/** The shared header fields (everything but the groups). */
export function headerJson<K extends ArtifactHeader["artifact"]>(
  artifact: K,
  manifest: Manifest,
  manifestHash: string,
  resamples: number,
): ArtifactHeader & { readonly artifact: K } {
  return {
    statistics_version: STATISTICS_VERSION,
    artifact,
    evaluation_manifest_hash: manifestHash,
    suite_id: manifest.suite_id,
    suite_version: manifest.suite_version,
    suite_hash: manifest.suite_hash,
    simulator_version: manifest.simulator_version,
    observation_version: manifest.observation_version,
    metrics_version: manifest.metrics_version,
    scheduled_episodes: manifest.episodes.length,
    metric_definitions: metricDefinitionsJson(),
    methods: methodsJson(resamples),
  };
}

/**
 * The exact value of every statistics metric (in METRIC_DEFINITIONS order)
 * of every episode of a verified result, by manifest index: rebuilt from
 * the integer counts, with the stored float checked bit for bit; kept in a
 * flat table, not as `Rational`s (a kilobyte an episode).
 */
export function episodeMetricValues(result: VerifiedEvaluation): ExactTable {
  const out = new ExactTable(
    result.evaluation_manifest.episodes.length,
    METRIC_DEFINITIONS.length,
  );
  for (const e of result.episodes) out.set(e.index, e.values);
  return out;
}

/**
 * What the statistics functions take as a result: the bytes of a result
 * file, a parsed value (both verified here), or a result verified already.
 */
export type ResultInput = Uint8Array | JsonValue | VerifiedEvaluation;

/**
 * The verified form of a statistics input; a result verified already must
 * have been verified against a suite that schedules the same manifest.
 */
export async function verifiedInput(
  input: ResultInput,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<VerifiedEvaluation> {
  if (!(input instanceof VerifiedEvaluation)) {
    return verifyEvaluation(input, suite, options);
  }
  if (!(await input.verifiedFor(suite))) {
    throw new StatisticsInputError(
      "the result was verified against a suite that does not schedule its manifest",
      {
        path: "evaluation_manifest",
        ...(options.file === undefined ? {} : { file: options.file }),
      },
    );
  }
  return input;
}

/**
 * One interval that a {@linkcode Summarizer} will compute: its n, and
 * whether its values are all equal (its bounds need no draw).
 */
export type IntervalSize = { readonly n: number; readonly equal: boolean };

/**
 * Every interval that a {@linkcode Summarizer} will compute, in the order
 * it will be given them: one per group and metric whose defined values
 * reach the bootstrap's minimum n.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intervalSizes } from "./artifact.ts";
 * const sizes = intervalSizes(["g"], (_, m) => ({ n: m + 3, equal: m === 2 }));
 * assert.deepEqual(sizes.slice(0, 2), [{ n: 5, equal: true }, { n: 6, equal: false }]);
 * ```
 */
export function intervalSizes<G>(
  groups: readonly G[],
  defined: (group: G, metric: number) => IntervalSize,
): IntervalSize[] {
  const sizes: IntervalSize[] = [];
  for (const g of groups) {
    METRIC_DEFINITIONS.forEach((_, m) => {
      const size = defined(g, m);
      if (size.n >= MIN_BOOTSTRAP_N) sizes.push(size);
    });
  }
  return sizes;
}

/** How a {@linkcode Summarizer} computes its intervals. */
export type IntervalOptions = {
  readonly kernel: KernelName;
  readonly workers: number;
  /** Compute only this shard's share of the intervals (the others: `null`). */
  readonly share?: IntervalShare;
};

/**
 * The checked kernel and worker count of a statistics call (defaults: the
 * WebAssembly kernel, one worker per logical core); `RangeError` before
 * any work when either is invalid.
 */
export function intervalOptions(
  options: {
    readonly kernel?: KernelName;
    readonly workers?: number;
    readonly share?: IntervalShare;
  },
): IntervalOptions {
  const kernel = options.kernel ?? "wasm";
  kernelByName(kernel);
  return {
    kernel,
    workers: checkWorkers(options.workers ?? defaultWorkers()),
    ...(options.share === undefined ? {} : { share: options.share }),
  };
}

/**
 * The statistics of one list of values, and a ticket for its interval,
 * which {@linkcode Summarizer.interval} gives once
 * {@linkcode Summarizer.finish} has computed every interval.
 */
export type Summary = {
  /** The §4 statistics. */
  readonly statistics: StatisticsJson;
  /** The interval's place among the intervals; `null` when n < 5. */
  readonly ticket: number | null;
};

/** An entry of an artifact that waits for its summary's interval. */
export type Pending<E> = {
  /** The entry but its interval. */
  readonly entry: E;
  /** The summary whose interval completes it. */
  readonly summary: Summary;
};

/**
 * Summarizes lists of values: the §4 statistics at once, and the bootstrap
 * interval of the mean (or `null` when n < 5) on the workers while the
 * next lists are summarized. Each list's values are handed to a worker
 * and let go once its interval is computed, and {@linkcode summarize}
 * waits while as many wait as there are workers: what is held is a few
 * lists, not every list of the artifact. {@linkcode finish} waits for the
 * last; the artifact's objects are built after that, whole, so that each
 * is a value of its declared type when it is made. Progress is reported
 * in resamples over all the intervals announced to the constructor.
 * Call {@linkcode close} however the work ends: it stops the workers.
 */
export class Summarizer {
  /** Each ticket's interval once computed (`null` for another shard's). */
  readonly #intervals: (IntervalJson | null)[] = [];
  /** The tickets computed here (all, or a shard's share). */
  readonly #held: ReadonlySet<number> | undefined;
  /** The held intervals, in order: their n and weight in the work. */
  readonly #sizes: readonly IntervalSize[];
  /** By held rank: the ticket, its seed until computed, its resamples done. */
  readonly #tickets: number[] = [];
  readonly #seeds = new Map<number, string>();
  readonly #seen: Float64Array;
  readonly #total: number;
  readonly #work: number;
  #announced = 0;
  #resamplesDone = 0;
  #workDone = 0;
  #intervalsDone = 0;
  #pool: IntervalPool | undefined;
  #finished = false;

  /** `sizes`: every interval that {@linkcode summarize} will compute. */
  constructor(
    readonly resamples: number,
    sizes: readonly IntervalSize[],
    readonly onProgress: ProgressCallback | undefined,
    readonly intervals: IntervalOptions,
  ) {
    this.#held = intervals.share?.assign(sizes.map((s) => s.n), resamples);
    const held = this.#held;
    this.#sizes = held === undefined
      ? sizes
      : sizes.filter((_, t) => held.has(t));
    this.#seen = new Float64Array(this.#sizes.length);
    this.#total = this.#sizes.length * resamples;
    this.#work = this.#sizes.reduce(
      (a, s) => a + (s.equal ? 0 : s.n * resamples),
      0,
    );
    onProgress?.("bootstrap", 0, this.#total, this.#progress());
  }

  #progress(interval?: BootstrapProgress["interval"]): BootstrapProgress {
    return {
      resamples: this.resamples,
      intervals: this.#sizes.length,
      intervalsDone: this.#intervalsDone,
      work: this.#work,
      workDone: this.#workDone,
      ...(interval === undefined ? {} : { interval }),
    };
  }

  /**
   * The statistics of some exact values, and their interval's ticket; the
   * interval is started, and this waits while the workers are busy.
   * Numerators in a `BigInt64Array` of its own buffer are handed to the
   * worker as they are: the array is detached once this returns.
   */
  async summarize(
    values: readonly Rational[] | Scaled<readonly bigint[] | BigInt64Array>,
    seed: Omit<SeedInput, "resamples">,
  ): Promise<Summary> {
    const scaled = "nums" in values ? values : toCommonDenominator(values);
    const n = scaled.nums.length;
    const statistics = descriptiveStatistics(scaled);
    // The exact statistics of a large group leave tens of megabytes of
    // short-lived BigInts, which V8 lets pile up beside the workers' heaps
    // (aggregate of 99,944 episodes: 438 MiB without the hints, 320 with
    // them; with reclaims as well, 237 and 206 against 255 and 248).
    reclaimAfter(n * GARBAGE_PER_VALUE);
    if (n < MIN_BOOTSTRAP_N) return { statistics, ticket: null };
    const ticket = this.#announced++;
    this.#intervals.push(null);
    if (this.#held !== undefined && !this.#held.has(ticket)) {
      return { statistics, ticket };
    }
    const R = this.resamples;
    const hex = await bootstrapSeed({ ...seed, resamples: R });
    const rank = this.#tickets.length;
    const size = this.#sizes[rank];
    if (size === undefined || size.n !== n) {
      throw new RangeError(
        `interval ${ticket} of ${n} values was not announced`,
      );
    }
    this.#tickets.push(ticket);
    this.#seeds.set(rank, hex);
    this.#pool ??= new IntervalPool({
      kernel: this.intervals.kernel,
      workers: this.intervals.workers,
      onProgress: (r, done) => this.#advance(r, done),
    }, (r, ci) => this.#computed(r, ci));
    // The packed values are this job's own: the worker takes them.
    this.#pool.submit(rank, {
      nums: packed(scaled.nums),
      den: scaled.den,
      resamples: R,
      seed: seedBytes(hex),
    }, true);
    await this.#pool.room();
    return { statistics, ticket };
  }

  #advance(rank: number, done: number): void {
    const size = this.#sizes[rank]!;
    const weight = size.equal ? 0 : size.n;
    const before = this.#seen[rank]!;
    this.#resamplesDone += done - before;
    this.#workDone += (done - before) * weight;
    if (done === this.resamples && before !== done) this.#intervalsDone++;
    this.#seen[rank] = done;
    this.onProgress?.(
      "bootstrap",
      this.#resamplesDone,
      this.#total,
      this.#progress({
        index: rank,
        n: size.n,
        work: weight * this.resamples,
        done,
      }),
    );
  }

  #computed(rank: number, ci: BootstrapInterval): void {
    const seed = this.#seeds.get(rank)!;
    this.#seeds.delete(rank);
    this.#intervals[this.#tickets[rank]!] = {
      method: "percentile_bootstrap",
      statistic: "mean",
      level: float(0.95),
      resamples: this.resamples,
      seed,
      lower: float(ci.lower.toFloat()),
      upper: float(ci.upper.toFloat()),
    };
  }

  /**
   * The interval of a summary (`null` also for one of another shard's
   * share); a `RangeError` before {@linkcode finish} (a ticket has no
   * bounds until then).
   */
  interval(summary: Summary): IntervalJson | null {
    if (summary.ticket === null) return null;
    const ci = this.#intervals[summary.ticket];
    if (!this.#finished || ci === undefined) {
      throw new RangeError("an interval was read before finish()");
    }
    return ci;
  }

  /** Wait for every interval (of the share, when there is one). */
  async finish(): Promise<void> {
    if (this.#tickets.length !== this.#sizes.length) {
      throw new RangeError(
        `${this.#tickets.length} of ${this.#sizes.length} announced intervals were summarized`,
      );
    }
    await this.#pool?.finish();
    this.close();
    this.#finished = true;
    this.#intervalsDone = this.#sizes.length;
    this.#workDone = this.#work;
    this.onProgress?.("bootstrap", this.#total, this.#total, this.#progress());
  }

  /** Stop the workers (after {@linkcode finish}, or on a failure). */
  close(): void {
    this.#pool?.close();
  }
}

/**
 * About the bytes of garbage that summarizing one value leaves (its
 * scaled numerator, its square, its words or packed copy for the job), as
 * the verifier's hints to collect count it (`collect.ts`).
 */
const GARBAGE_PER_VALUE = 100;

/**
 * Values that wait for their interval, in a buffer that the worker takes
 * (a `BigInt64Array` as it is, else a copy): 8 bytes each when they all
 * fit, else as words (the bytes of the interval are the same: the job
 * reads the same values).
 */
function packed(nums: readonly bigint[] | BigInt64Array): Numerators {
  if (nums instanceof BigInt64Array) return nums;
  return nums.every(inInt64) ? BigInt64Array.from(nums) : WideIntegers.of(nums);
}
