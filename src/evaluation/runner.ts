/**
 * Evaluation runner: plays a policy through every episode a suite schedules
 * and builds the evaluation result of contract §10, with the real episode
 * metrics of every record.
 *
 * Episodes are independent and deterministic (the policy factory is called
 * afresh for each), so a run that was interrupted and resumed from its
 * partial result gives the same bytes as a run that never stopped. A result
 * only ever holds complete episodes.
 *
 * @module
 */

import { encode, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { EvaluationError, MetricsInputError, PolicyError } from "../errors.ts";
import {
  EpisodePolicyError,
  EvaluationInterruptedError,
} from "./interrupted.ts";
import { episodeMetrics, producedRecordMetrics } from "../metrics/episode.ts";
import { KERNEL_NAMES, type KernelName } from "../kernel_name.ts";
import { provedRecordMetrics } from "../verify/regenerate.ts";
import { builtinPolicy, type PolicyFactory } from "../policies/mod.ts";
import { type Controller, playSimulatedEpisode } from "../sim/simulator.ts";
import { setImmediate } from "node:timers";
import { isThenable } from "../sim/answers.ts";
import { type KernelEpisode, playKernelEpisode } from "../replay/episode.ts";
import { checkCompatibility } from "../metrics/checks/stages.ts";
import { traceMetrics } from "../metrics/trace_metrics.ts";
import { buildManifest, manifestHash } from "../scenario/suite.ts";
import { type CompiledScenario, compileScenario } from "../sim/compiled.ts";
import type {
  Action,
  EpisodeKey,
  EvaluationResult,
  Manifest,
  Observation,
  ResultEpisode,
  RunRecord,
  Suite,
} from "../types.ts";
import { expectId, rootCtx } from "../json/fields.ts";
import { inShard, type Shard } from "../shard/shard.ts";

/**
 * Options of {@linkcode runEvaluation}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runEvaluation } from "./runner.ts";
 * import type { Suite } from "../types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const seen: string[] = [];
 * const onProgress = (done: number, total: number) => seen.push(`${done}/${total}`);
 * const result = await runEvaluation(suite, "greedy", { modelId: "greedy", onProgress });
 * assert.deepEqual(seen, ["0/1", "1/1"]);
 * assert.equal(result.model_id, "greedy");
 * ```
 */
export type RunOptions = {
  /** The result's `model_id` (an ID of contract §4). */
  readonly modelId: string;
  /** Called with (episodes done, episodes scheduled) at the start and after each episode. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Stops the run: no further step starts and a pending controller call is
   * not waited for; the episodes in flight are dropped.
   */
  readonly signal?: AbortSignal;
  /**
   * A partial result of this suite and model, or a stream of its episodes
   * ({@linkcode ResumeStream}): its episodes are checked and kept, not
   * re-run.
   */
  readonly resume?: EvaluationResult | ResumeStream;
  /**
   * What plays the episodes and replays the `resume` result's records:
   * `"wasm"` (default: each episode is stepped by the WebAssembly replay
   * kernel, and each resumed record is proved by regeneration through it)
   * or `"reference"` (the TypeScript simulator for both). The result is the
   * same bytes, and errors the same messages, under both; a record the
   * kernel cannot prove is checked by the reference stages, so refusals are
   * the same.
   */
  readonly kernel?: KernelName;
  /**
   * Called after each newly completed episode with the valid partial
   * result (for checkpoints; it lists no episode when `retain` is false)
   * and that episode (for a transcript, or to be kept elsewhere).
   */
  readonly onEpisode?: (
    partial: EvaluationResult,
    episode: ResultEpisode,
  ) => void | Promise<void>;
  /**
   * Whether the run keeps its episodes (default true). With false, each
   * episode, resumed or new, is forgotten once checked or handed to
   * `onEpisode`, so that memory does not grow with the run: the result
   * returned, and the partial result an interruption carries, then list
   * no episode (`run --out` keeps them in a journal instead). `onEpisode`
   * is then called as each episode completes, in completion order, without
   * waiting for the previous call's promise (a lane waits for its own), so
   * that what it does before its first `await` sees every episode at once.
   */
  readonly retain?: boolean;
  /**
   * Episodes in flight at once (default 1). The result is the same whatever
   * the value, for a deterministic policy: each episode has its own
   * controller and results are kept in manifest order.
   */
  readonly concurrency?: number;
  /**
   * Play only shard `index` of `count`: the scheduled episodes whose index
   * is `index` modulo `count` (a run part; `merge` puts the parts
   * together). Progress then counts the shard's episodes, and a `resume`
   * result may hold only those.
   */
  readonly shard?: Shard;
  /**
   * Per-step time limit in ms, from the moment the controller is called
   * (default: none). A controller that does not answer in time fails the
   * episode with "policy did not answer within … ms at episode …, step …".
   */
  readonly stepTimeoutMs?: number;
};

/**
 * A partial run to continue whose episodes are read one at a time (the
 * journal of `run --out`), in place of a whole result: the run it belongs
 * to, and its episodes in any order, each index at most once. Each episode
 * is checked as a resumed result's is (its key, and its metrics recomputed
 * from its record, which replays it), and refused naming its `file` and
 * `path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { type ResumeStream, runEvaluation } from "./runner.ts";
 * const suite = publicSuite();
 * const small = { ...suite, families: [], scenarios: suite.scenarios.slice(0, 1) };
 * const full = await runEvaluation(small, "greedy", { modelId: "greedy" });
 * async function* kept() {
 *   yield { episode: full.episodes[2]!, path: "episodes[2]" };
 * }
 * const resume: ResumeStream = { ...full, episodes: kept() };
 * const played: number[] = [];
 * const result = await runEvaluation(small, "greedy", {
 *   modelId: "greedy", resume, retain: false,
 *   onEpisode: (_, e) => { played.push(e.index); },
 * });
 * assert.equal(result.episodes.length, 0);
 * assert.ok(!played.includes(2) && played.length === full.episodes.length - 1);
 * ```
 */
export type ResumeStream = {
  /** The run's `model_id`. */
  readonly model_id: string;
  /** The digest of the manifest the run's suite schedules. */
  readonly evaluation_manifest_hash: string;
  /** Its episodes, in any order, each index at most once. */
  readonly episodes: AsyncIterable<ResumedEpisode> | Iterable<ResumedEpisode>;
};

/**
 * An episode of a {@linkcode ResumeStream}: where it is (for errors), and
 * what to do once it has passed its checks.
 *
 * @example
 * ```ts
 * import type { ResumedEpisode } from "./runner.ts";
 * const where: Omit<ResumedEpisode, "episode"> = { file: "r.json", path: "episodes[3]" };
 * ```
 */
export type ResumedEpisode = {
  readonly episode: ResultEpisode;
  /** The file that holds it, named in an error. */
  readonly file?: string;
  /** Its place in the file, the root of the field paths of an error. */
  readonly path: string;
  /** Called once it has passed its checks, before the next is read. */
  readonly adopted?: () => void | Promise<void>;
};

export {
  EpisodePolicyError,
  EvaluationInterruptedError,
  type Interrupted,
} from "./interrupted.ts";

/**
 * The partial result of an interrupted run, or `undefined` for any other
 * error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partialResultOf } from "./runner.ts";
 * assert.ok(partialResultOf(new Error("x")) === undefined);
 * ```
 */
export function partialResultOf(error: unknown): EvaluationResult | undefined {
  return error instanceof EvaluationInterruptedError ||
      error instanceof EpisodePolicyError
    ? error.partial
    : undefined;
}

/** Thrown by the controller wrapper when the signal fires between steps. */
class Aborted {
  constructor(readonly reason: unknown) {}
}

/**
 * Evaluate a policy (a built-in name or a factory) on every episode the
 * suite schedules, `concurrency` episodes at a time, started in index order;
 * the result lists them in index order. A controller with a `dispose`
 * method has it called when its episode ends.
 *
 * Interruptions throw an error carrying the valid partial result (see
 * {@linkcode partialResultOf}): {@linkcode EvaluationInterruptedError} when
 * `signal` aborts, {@linkcode EpisodePolicyError} when a controller fails.
 * A `resume` result must hold the same manifest (else
 * {@linkcode EvaluationError}); each of its episodes is checked (key, and
 * metrics recomputed from the record, which replays it) and kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { runEvaluation } from "./runner.ts";
 * const suite = publicSuite();
 * const small = { ...suite, families: [], scenarios: suite.scenarios.slice(0, 1) };
 * const result = await runEvaluation(small, "greedy", { modelId: "greedy" });
 * assert.ok(result.episodes.length === small.scenarios[0]!.seeds.length);
 * ```
 */
export async function runEvaluation(
  suite: Suite,
  policy: string | PolicyFactory,
  options: RunOptions,
): Promise<EvaluationResult> {
  const modelId = expectId(
    options.modelId,
    rootCtx(EvaluationError, undefined, "model_id"),
  );
  const factory = typeof policy === "string" ? builtinPolicy(policy) : policy;
  const kernel = options.kernel ?? "wasm";
  if (!KERNEL_NAMES.includes(kernel)) {
    throw new RangeError(
      `kernel must be one of ${KERNEL_NAMES.join(", ")}, found ${
        String(kernel)
      }`,
    );
  }
  const { manifest, hash, scenarios } = await scheduleOf(suite);
  const scheduled = manifest.episodes.length;
  const shard = options.shard;
  const mine = (index: number) => shard === undefined || inShard(index, shard);
  const total = shard === undefined
    ? scheduled
    : manifest.episodes.filter((k) => mine(k.index)).length;

  // Which episodes are done, and (unless the caller keeps them) the
  // episodes themselves, by schedule index.
  const done = new Uint8Array(scheduled);
  const kept: (ResultEpisode | undefined)[] | undefined =
    options.retain === false ? undefined : new Array(scheduled);
  const adopt = (episode: ResultEpisode) => {
    done[episode.index] = 1;
    if (kept !== undefined) kept[episode.index] = episode;
  };
  if (options.resume !== undefined) {
    await adoptResume(
      options.resume,
      modelId,
      manifest,
      hash,
      scenarios,
      done,
      adopt,
      kernel,
      mine,
    );
  }
  const snapshot = (): EvaluationResult => ({
    model_id: modelId,
    evaluation_manifest: manifest,
    evaluation_manifest_hash: hash,
    episodes: kept === undefined
      ? []
      : kept.filter((e): e is ResultEpisode => e !== undefined),
  });

  let count = done.reduce((n, d) => n + d, 0);
  options.onProgress?.(count, total);
  const pending = manifest.episodes.filter((k) =>
    done[k.index] === 0 && mine(k.index)
  );
  const width = Math.max(1, Math.min(options.concurrency ?? 1, pending.length));
  // A failure stops new episodes from starting and drops those in flight.
  // The first stop (in time) is the one reported.
  const stopAll = new AbortController();
  const signal = options.signal === undefined
    ? stopAll.signal
    : AbortSignal.any([options.signal, stopAll.signal]);
  let stop: EpisodeStop | undefined;
  let saving: Promise<void> = Promise.resolve();
  let next = 0;
  const lane = async () => {
    try {
      await laneLoop();
    } catch (error) {
      // An unexpected error (a checkpoint that cannot be written) ends the
      // other lanes too, instead of leaving them running unobserved.
      stopAll.abort(error);
      throw error;
    }
  };
  // What a lane does with an episode that ended: a promise only if it has
  // to wait (a checkpoint written, a caller's promise).
  const handOver = (
    outcome: ResultEpisode | EpisodeStop,
  ): Promise<void> | void => {
    if (outcome instanceof EpisodeStop) {
      // Later stops are the other lanes seeing this one's abort.
      if (stop === undefined) {
        stop = outcome;
        stopAll.abort(outcome.cause);
      }
      return;
    }
    adopt(outcome);
    count++;
    if (kept !== undefined) {
      // Checkpoints are written one at a time, in completion order.
      saving = saving.then(() => options.onEpisode?.(snapshot(), outcome));
      return saving.then(() => options.onProgress?.(count, total));
    }
    // At once, before another lane runs: the caller keeps the episode as
    // text, and an episode waiting for its turn outlives V8's young
    // collections, records and all (docs/scale.md).
    const saved = options.onEpisode?.(snapshot(), outcome);
    if (saved === undefined) return options.onProgress?.(count, total);
    return saved.then(() => options.onProgress?.(count, total));
  };
  // Play the next episode; a promise only if a step or its handing over
  // had to wait. Not an async function: a lane that waits holds no episode.
  const playNext = (): Promise<void> | void => {
    const key = pending[next++] as EpisodeKey;
    const played = runEpisode(
      scenarios[key.index] as CompiledScenario,
      key,
      factory,
      modelId,
      signal,
      options.stepTimeoutMs,
      kernel,
    );
    return played instanceof Promise ? played.then(handOver) : handOver(played);
  };
  const laneLoop = async () => {
    while (stop === undefined && next < pending.length) {
      const waiting = playNext();
      if (waiting !== undefined) await waiting;
      // Episodes whose answers are in hand never wait: a turn of the event
      // loop after each lets a signal, a timer (an assembly's next slice)
      // or a finished write be seen (a microtask would not), and the other
      // lanes take their next episode in turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  // Every lane is waited for (they end at once after a stop), so nothing
  // of this run is still going when it returns or throws.
  const lanes = await Promise.allSettled(Array.from({ length: width }, lane));
  await saving.catch(() => {});
  const crashed = lanes.find((l) => l.status === "rejected");
  if (crashed !== undefined) throw crashed.reason;
  if (stop !== undefined) throw stop.error(snapshot());
  return snapshot();
}

/** Why an episode stopped; turned into the run's error with the final partial result. */
class EpisodeStop {
  constructor(
    readonly kind: "interrupt" | "policy",
    readonly detail: string,
    readonly cause: unknown,
  ) {}

  error(
    partial: EvaluationResult,
  ): EvaluationInterruptedError | EpisodePolicyError {
    return this.kind === "interrupt"
      ? new EvaluationInterruptedError(this.detail, partial, this.cause)
      : new EpisodePolicyError(this.detail, partial, this.cause);
  }
}

/**
 * Play one episode: its result episode, or why it stopped; a promise of
 * it only if a step had to wait (an answer in hand is played at once).
 */
function runEpisode(
  compiled: CompiledScenario,
  key: EpisodeKey,
  factory: PolicyFactory,
  modelId: string,
  signal: AbortSignal,
  stepTimeoutMs: number | undefined,
  kernel: KernelName,
): ResultEpisode | EpisodeStop | Promise<ResultEpisode | EpisodeStop> {
  const where =
    `model ${modelId}, episode ${key.index} (scenario ${key.scenario_id}, seed ${key.seed})`;
  const interrupted = (reason: unknown) =>
    new EpisodeStop(
      "interrupt",
      `evaluation aborted before ${where} completed`,
      reason,
    );
  if (signal.aborted) return interrupted(signal.reason);

  let failure: { step: number; error: unknown } | undefined;
  let abort: Aborted | undefined;
  let inner: Controller;
  try {
    inner = factory(key.seed, key, compiled);
  } catch (error) {
    return new EpisodeStop(
      "policy",
      `${where}: the policy could not start: ${describe(error)}`,
      error,
    );
  }
  // A stop while the policy is thinking drops the episode at once rather
  // than after the answer (an LLM may take its whole step limit). One
  // listener serves the whole episode: it stops the step in progress, if
  // any, and nothing between steps (the next step sees the signal).
  let inStep = false;
  let stopStep: ((reason: Aborted) => void) | undefined;
  const onAbort = () => {
    if (!inStep) return;
    abort = new Aborted(signal.reason);
    stopStep?.(abort);
  };
  // What the policy answers with an answer in hand is returned as it is,
  // so that the episode plays it at once (`playEpisode` waits only for a
  // thenable), and a stop or a failure as a rejected promise, which the
  // episode waits for as it did when this was an async function
  // (`slowStep` still is).
  const controller: Controller = (obs, context) => {
    if (signal.aborted) {
      return Promise.reject(abort = new Aborted(signal.reason));
    }
    inStep = true;
    const before = abort;
    let answer: ReturnType<Controller>;
    try {
      answer = inner(obs, context);
      if (!isThenable(answer)) {
        // An answer in hand: no wait, so no timer and no race (a stop
        // raised by the policy itself still stops the episode).
        if (abort !== before) throw abort;
        return answer;
      }
    } catch (error) {
      if (!(error instanceof Aborted)) failure = { step: obs.step + 1, error };
      return Promise.reject(error);
    } finally {
      inStep = false;
      stopStep = undefined;
    }
    inStep = true;
    return slowStep(obs, answer, before);
  };
  const slowStep = async (
    obs: Observation,
    answer: ReturnType<Controller>,
    before: Aborted | undefined,
  ): Promise<Record<string, Action>> => {
    try {
      const pending = Promise.resolve(
        stepTimeoutMs === undefined ? answer : withTimeout(
          answer,
          stepTimeoutMs,
          `policy did not answer within ${stepTimeoutMs} ms at episode ${key.index}, step ${
            obs.step + 1
          }`,
        ),
      );
      // A late failure after a stop is nobody's concern.
      pending.catch(() => {});
      if (abort !== before) throw abort;
      const stopped = new Promise<never>((_, reject) => {
        stopStep = reject;
      });
      stopped.catch(() => {});
      return await Promise.race([stopped, pending]);
    } catch (error) {
      if (error instanceof Aborted) throw error;
      failure = { step: obs.step + 1, error };
      throw error;
    } finally {
      inStep = false;
      stopStep = undefined;
    }
  };

  const stopped = (error: unknown): EpisodeStop => {
    // Checked first: a simulator may wrap what the controller threw.
    if (abort !== undefined) return interrupted(abort.reason);
    if (error instanceof PolicyError) {
      // The simulator's message already names scenario, seed and step.
      return new EpisodeStop(
        "policy",
        `model ${modelId}, episode ${key.index}: ${error.message}`,
        error,
      );
    }
    if (failure !== undefined) {
      return new EpisodeStop(
        "policy",
        `${where}, step ${failure.step}: ${describe(failure.error)}`,
        failure.error,
      );
    }
    throw error;
  };
  const completed = (played: KernelEpisode | RunRecord) => {
    if (kernel !== "wasm") {
      const record = played as RunRecord;
      return resultEpisode(
        key,
        record,
        producedRecordMetrics(compiled, record),
      );
    }
    const stepped = played as KernelEpisode;
    return resultEpisode(
      key,
      stepped.record,
      kernelEpisodeMetrics(compiled, key.seed, stepped),
    );
  };
  // However the episode ends, the listener goes and the controller is
  // disposed of (waited for only if it holds a process), then `outcome`.
  const finish = (
    outcome: () => ResultEpisode | EpisodeStop,
  ): ResultEpisode | EpisodeStop | Promise<ResultEpisode | EpisodeStop> => {
    let value: ResultEpisode | EpisodeStop | undefined;
    let error: unknown;
    let threw = false;
    try {
      value = outcome();
    } catch (e) {
      threw = true;
      error = e;
    }
    signal.removeEventListener("abort", onAbort);
    const settle = () => {
      if (threw) throw error;
      return value!;
    };
    const disposing = disposeOf(inner);
    return disposing === undefined ? settle() : disposing.then(settle);
  };

  signal.addEventListener("abort", onAbort, { once: true });
  let played: KernelEpisode | RunRecord | Promise<KernelEpisode | RunRecord>;
  try {
    played = kernel === "wasm"
      ? playKernelEpisode(compiled, key.seed, controller, {
        scenarioHash: key.scenario_hash,
      })
      : playSimulatedEpisode(
        compiled.scenario,
        key.seed,
        controller,
        key.scenario_hash,
      );
  } catch (error) {
    return finish(() => stopped(error));
  }
  if (!(played instanceof Promise)) {
    const done = played;
    return finish(() => completed(done));
  }
  return played.then(
    (done) => finish(() => completed(done)),
    (error) => finish(() => stopped(error)),
  );
}

/**
 * The result episode of schedule entry `key`: its record and the metrics
 * of that record, beside the entry's fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resultEpisode } from "./runner.ts";
 * const key = { index: 3, scenario_id: "s", scenario_hash: "0".repeat(64), seed: 9 };
 * const e = resultEpisode(key, {} as never, {});
 * assert.deepEqual([e.index, e.seed], [3, 9]);
 * ```
 */
export function resultEpisode(
  key: EpisodeKey,
  record: RunRecord,
  metrics: JsonObject,
): ResultEpisode {
  return {
    index: key.index,
    scenario_id: key.scenario_id,
    scenario_hash: key.scenario_hash,
    seed: key.seed,
    record,
    metrics,
  };
}

/**
 * The metrics dictionary of an episode the kernel has just stepped. Its
 * record, action log and trace are the kernel's own output, so (as for the
 * simulator's records, in `producedRecordMetrics`) stages 1 and 2 and the
 * metrics run and the replay is left out. Stage 2 ran over the trace in the
 * kernel (`structural`), and the metrics are counted over the trace: both
 * give what the record's reference stages give (the tests hold them equal).
 * Anything they cannot show goes to the reference stages on the record,
 * which name the failure.
 */
function kernelEpisodeMetrics(
  compiled: CompiledScenario,
  seed: number,
  episode: KernelEpisode,
): JsonObject {
  const { record, log, trace, structural } = episode;
  if (structural) {
    const ctx = rootCtx(MetricsInputError);
    checkCompatibility(
      compiled.scenario,
      compiled.hash,
      record as unknown as JsonValue,
      ctx,
    );
    try {
      return traceMetrics(compiled, seed, log, trace).metrics;
    } catch {
      // An invariant that the reference sections name.
    }
  }
  return producedRecordMetrics(compiled, record);
}

/**
 * End a controller that holds resources (a sandboxed process): a promise
 * of it done, or `undefined` if there is nothing to end.
 */
function disposeOf(controller: Controller): Promise<void> | undefined {
  const dispose = (controller as { dispose?: unknown }).dispose;
  if (typeof dispose !== "function") return undefined;
  try {
    return Promise.resolve(dispose.call(controller)).then(() => {});
  } catch (e) {
    return Promise.reject(e);
  }
}

function withTimeout<T>(
  value: T | Promise<T>,
  ms: number,
  message: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PolicyError(message)), ms);
  });
  return Promise.race([Promise.resolve(value), late]).finally(() =>
    clearTimeout(timer)
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a suite schedules: its manifest, the manifest's hash, and the compiled scenario of each episode. */
type Schedule = {
  readonly manifest: Manifest;
  readonly hash: string;
  readonly scenarios: readonly CompiledScenario[];
};

// Keyed by the suite's canonical text, which is all that the manifest is
// made from (a suite object can change after a run, its text cannot).
// Bounded, like the compiled scenarios' cache.
const schedules = new Map<string, Schedule>();
const SCHEDULE_LIMIT = 16;

/**
 * The schedule of a suite. A suite run again in this process (the demo's
 * four policies, a benchmark) takes it from the cache: its manifest is
 * built, hashed and compiled once, each hash an asynchronous digest. Each
 * run gets its own copy of the manifest, which its result holds.
 */
export async function scheduleOf(
  suite: Suite,
): Promise<
  { manifest: Manifest; hash: string; scenarios: CompiledScenario[] }
> {
  let key: string | undefined;
  try {
    key = encode(suite as unknown as JsonValue);
  } catch {
    // Not JSON: building the manifest below refuses it with its own error.
  }
  const hit = key === undefined ? undefined : schedules.get(key);
  if (hit !== undefined) {
    return {
      manifest: copyOf(hit.manifest),
      hash: hit.hash,
      scenarios: hit.scenarios.slice(),
    };
  }
  const manifest = await buildManifest(suite);
  const hash = await manifestHash(manifest);
  const scenarios = await scenariosByEpisode(suite, manifest);
  if (key !== undefined) {
    if (schedules.size >= SCHEDULE_LIMIT) schedules.clear();
    schedules.set(key, {
      manifest: copyOf(manifest),
      hash,
      scenarios,
    });
  }
  return { manifest, hash, scenarios };
}

/**
 * A copy of `manifest` whose episodes are new objects over the same
 * strings. `structuredClone` gave every episode its own copy of its
 * scenario's ID and hash: 41,600 episodes held 8 MB of strings twice over,
 * from the start of the run (the manifest's fields and its episodes' are
 * all strings and numbers).
 */
function copyOf(manifest: Manifest): Manifest {
  return { ...manifest, episodes: manifest.episodes.map((e) => ({ ...e })) };
}

/**
 * The compiled scenario of each manifest index: each scenario is read,
 * hashed and laid out once, and the simulator and the metrics share it.
 */
async function scenariosByEpisode(
  suite: Suite,
  manifest: Manifest,
): Promise<CompiledScenario[]> {
  const out: CompiledScenario[] = [];
  for (const { scenario, seeds } of suite.scenarios) {
    const compiled = await compileScenario(scenario);
    for (let i = 0; i < seeds.length; i++) out.push(compiled);
  }
  if (out.length !== manifest.episodes.length) {
    throw new EvaluationError("manifest does not match the suite's schedule");
  }
  return out;
}

/**
 * The schedule indices that a resumed result or stream holds (1 at each),
 * every episode checked as {@linkcode runEvaluation} checks a resumed one
 * (its record read strictly and replayed, its metrics recomputed) and
 * refused with the same errors: what `env --resume` continues from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resumedIndices, runEvaluation } from "./runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const suite = publicSuite();
 * const result = await runEvaluation(suite, "stay", { modelId: "s" });
 * const done = await resumedIndices(suite, result, "s");
 * assert.equal(done.reduce((a, b) => a + b, 0), result.episodes.length);
 * ```
 */
export async function resumedIndices(
  suite: Suite,
  resume: EvaluationResult | ResumeStream,
  modelId: string,
  kernel: KernelName = "wasm",
): Promise<Uint8Array> {
  const { manifest, hash, scenarios } = await scheduleOf(suite);
  const done = new Uint8Array(manifest.episodes.length);
  await adoptResume(
    resume,
    modelId,
    manifest,
    hash,
    scenarios,
    done,
    (episode) => {
      done[episode.index] = 1;
    },
    kernel,
    () => true,
  );
  return done;
}

/**
 * Check a resumed result or stream against this run and `adopt` each of
 * its episodes; `done` tells which are adopted already.
 */
async function adoptResume(
  resume: EvaluationResult | ResumeStream,
  modelId: string,
  manifest: Manifest,
  hash: string,
  scenarios: readonly CompiledScenario[],
  done: Uint8Array,
  adopt: (episode: ResultEpisode) => void,
  kernel: KernelName,
  mine: (index: number) => boolean,
): Promise<void> {
  const fail = (path: string, detail: string, file?: string): never => {
    throw new EvaluationError(`cannot resume: ${detail}`, {
      path,
      ...(file === undefined ? {} : { file }),
    });
  };
  if (resume.model_id !== modelId) {
    fail("model_id", `result is for model ${resume.model_id}, not ${modelId}`);
  }
  const whole = Array.isArray(resume.episodes);
  if (
    resume.evaluation_manifest_hash !== hash ||
    (whole &&
      await manifestHash((resume as EvaluationResult).evaluation_manifest) !==
        hash)
  ) {
    fail(
      "evaluation_manifest_hash",
      `result has manifest hash ${resume.evaluation_manifest_hash}, this suite schedules ${hash}`,
    );
  }
  if (whole) {
    let previous = -1;
    for (
      const [i, episode] of (resume as EvaluationResult).episodes.entries()
    ) {
      const path = `episodes[${i}]`;
      if (episode.index <= previous) {
        fail(
          `${path}.index`,
          `index ${episode.index} is not the next scheduled index in order`,
        );
      }
      previous = episode.index;
      await checkResumed(
        episode,
        path,
        undefined,
        manifest,
        scenarios,
        kernel,
        mine,
      );
      adopt(episode);
    }
    return;
  }
  for await (const item of (resume as ResumeStream).episodes) {
    const { episode, path, file } = item;
    if (done[episode.index] === 1) {
      fail(`${path}.index`, `episode ${episode.index} is given twice`, file);
    }
    await checkResumed(episode, path, file, manifest, scenarios, kernel, mine);
    adopt(episode);
    await item.adopted?.();
  }
}

/**
 * Check a resumed episode against its manifest entry, and its metrics
 * against those of its record, which is read strictly and replayed before
 * anything trusts it.
 */
async function checkResumed(
  episode: ResultEpisode,
  path: string,
  file: string | undefined,
  manifest: Manifest,
  scenarios: readonly CompiledScenario[],
  kernel: KernelName,
  mine: (index: number) => boolean,
): Promise<void> {
  const where = file === undefined ? {} : { file };
  const fail = (at: string, detail: string): never => {
    throw new EvaluationError(`cannot resume: ${detail}`, {
      path: at,
      ...where,
    });
  };
  const key = manifest.episodes[episode.index];
  if (key === undefined) {
    fail(
      `${path}.index`,
      `index ${episode.index} is not the next scheduled index in order`,
    );
  }
  if (!mine(episode.index)) {
    fail(
      `${path}.index`,
      `episode ${episode.index} is not in this run's shard`,
    );
  }
  const k = key as EpisodeKey;
  if (
    episode.scenario_id !== k.scenario_id ||
    episode.scenario_hash !== k.scenario_hash || episode.seed !== k.seed
  ) {
    fail(path, `episode does not match manifest episode ${k.index}`);
  }
  const compiled = scenarios[k.index] as CompiledScenario;
  let metrics = kernel === "wasm"
    ? provedRecordMetrics(compiled, episode.record)
    : undefined;
  try {
    metrics ??= await episodeMetrics(compiled.scenario, episode.record);
  } catch (error) {
    if (!(error instanceof MetricsInputError)) throw error;
    throw new EvaluationError(`cannot resume: ${error.message}`, {
      path: `${path}.record`,
      cause: error,
      ...where,
    });
  }
  if (episode.record.header.seed !== k.seed) {
    fail(
      `${path}.record.header.seed`,
      `record is for seed ${episode.record.header.seed}, not ${k.seed}`,
    );
  }
  if (encode(metrics) !== encode(episode.metrics)) {
    fail(
      `${path}.metrics`,
      "metrics differ from the metrics of the episode's record",
    );
  }
}
