/**
 * A replay kernel session: one object that owns one kernel instance and
 * runs replay → compare → check → counts on it, each call naming the
 * episode it is about. The kernel's memory holds one episode at a time, and
 * its checks read the regions the replay left; the session keeps track of
 * which {@linkcode KernelReplay} its instance holds, and a check of any
 * other replay plays that one again first. So every call gives what it
 * would give on a fresh session, whatever was called before and on which
 * session (the tests interleave sessions and orders).
 *
 * {@linkcode replayTrace} is the replay seam: the kernel (`"wasm"`, through
 * this thread's session) or the TypeScript reference (`"reference"`,
 * `referenceTrace`), which give the same {@linkcode Trace} bit for bit.
 *
 * @module
 */

import { R_ACTIONS } from "../kernel_codes.ts";
import { KERNEL_NAMES, type KernelName } from "../kernel_name.ts";
import type { ComputedMetrics } from "../metrics/assemble.ts";
import { traceMetrics } from "../metrics/trace_metrics.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { type Layout, layoutOf } from "../sim/layout.ts";
import { type ActionLog, referenceTrace, type Trace } from "../sim/trace.ts";
import type { RecordHeader } from "../types.ts";
import {
  kernelTrace,
  kernelViews,
  loadEpisode,
  type ReplayExports,
  replayInstance,
  replayInto,
} from "./kernel.ts";
import { provedText, textOffset } from "./record_text.ts";
import {
  type TraceCheckFailure,
  traceFailure,
  traceHolds,
} from "./trace_checks.ts";

/**
 * An episode the kernel replayed: its layout, seed, action log and trace.
 * Only a session makes one, and its trace is the kernel's of its log.
 */
class KernelReplay {
  // A private member makes the type nominal: an object of the same shape
  // is not a replay, so a trace is never paired with another log.
  readonly #nominal = undefined;

  constructor(
    /** The episode's layout (`layoutOf` its scenario). */
    readonly layout: Layout,
    /** Its seed. */
    readonly seed: number | bigint,
    /** The action log replayed. */
    readonly log: ActionLog,
    /** The kernel's trace of the log. */
    readonly trace: Trace,
  ) {}
}

export type { KernelReplay, KernelStepper };

/**
 * Owns one kernel instance. Each method names the replay it is about, and
 * none depends on what an earlier call left in the instance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { ReplaySession } from "./session.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const west = { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) };
 * const a = new ReplaySession();
 * const b = new ReplaySession();
 * const good = a.replay(layoutOf(s), 0, west);
 * // H = 0: s_0 should have terminated.
 * const zero = { ...s, termination: { max_steps: 0 } };
 * const bad = a.replay(layoutOf(zero), 0, west);
 * // `a` holds `bad` now; checking `good`, on either session, is good's check.
 * assert.equal(a.failure(good), undefined);
 * assert.equal(b.failure(good), undefined);
 * assert.equal(a.failure(bad)?.check, "initial_termination");
 * ```
 */
export class ReplaySession {
  readonly #k: ReplayExports = replayInstance();
  /** What the instance holds: a replay, a stepped episode, or nothing known. */
  #held: KernelReplay | KernelStepper | undefined;

  /**
   * The trace of `log` played from the start of an episode of `layout`
   * (see `layoutOf`) with `seed`.
   */
  replay(
    layout: Layout,
    seed: number | bigint,
    log: ActionLog,
  ): KernelReplay {
    this.#held = undefined;
    const trace = replayInto(this.#k, layout, seed, log);
    return this.#hold(new KernelReplay(layout, seed, log, trace));
  }

  /**
   * Verification by regeneration: the replay of the log read from
   * `source`, when the canonical text the kernel writes from it is
   * `source` byte for byte (compared as it is written); `undefined` when it
   * is not (the reference checks then give the diagnostics).
   */
  regenerate(
    layout: Layout,
    header: RecordHeader,
    source: string,
  ): KernelReplay | undefined {
    this.#held = undefined;
    const proved = provedText(this.#k, layout, header, source);
    if (proved === undefined) return undefined;
    return this.#hold(
      new KernelReplay(layout, header.seed, proved.log, proved.trace),
    );
  }

  /**
   * Test seam of {@linkcode regenerate}: `-1` when the texts are equal,
   * else the offset of the first difference; `undefined` when no
   * comparison was made.
   */
  regenerationOffset(
    layout: Layout,
    header: RecordHeader,
    source: string,
  ): number | undefined {
    this.#held = undefined;
    return textOffset(this.#k, layout, header, source);
  }

  /**
   * The first stage-2 check that fails on the record of `replay` (which
   * must have terminated), or `undefined` when they all hold.
   */
  failure(replay: KernelReplay): TraceCheckFailure | undefined {
    this.#restore(replay);
    return traceFailure(this.#k);
  }

  /**
   * Whether stage 2 holds on the record of `replay`: the kernel's checks
   * hold and the person IDs are distinct.
   */
  holds(replay: KernelReplay): boolean {
    this.#restore(replay);
    return traceHolds(this.#k, replay.layout);
  }

  /**
   * The metrics of `replay`'s episode of `compiled`, counted over its trace
   * (`traceMetrics`): throws when the trace cannot give them.
   */
  counts(compiled: CompiledScenario, replay: KernelReplay): ComputedMetrics {
    if (layoutOf(compiled.scenario) !== replay.layout) {
      throw new RangeError("the replay is not of this compiled scenario");
    }
    const seed = replay.seed;
    if (typeof seed !== "number" || !Number.isSafeInteger(seed)) {
      throw new RangeError(`seed ${seed} is not a record's seed`);
    }
    return traceMetrics(compiled, seed, replay.log, replay.trace);
  }

  /**
   * Start an episode of `layout` to be played step by step, with room for
   * `entries` codes over `steps` steps. The stepper owns the instance until
   * another call on this session takes it; after that, every call on the
   * stepper throws.
   */
  begin(
    layout: Layout,
    seed: number,
    entries: number,
    steps: number,
  ): KernelStepper {
    this.#held = undefined;
    const stepper: KernelStepper = new KernelStepper(
      this.#k,
      layout,
      seed,
      entries,
      steps,
      () => this.#held === stepper,
      (replay) => this.#hold(replay),
    );
    this.#held = stepper;
    return stepper;
  }

  #hold(replay: KernelReplay): KernelReplay {
    this.#held = replay;
    return replay;
  }

  /** Make the instance hold `replay`, playing its log again if it does not. */
  #restore(replay: KernelReplay): void {
    if (this.#held === replay) return;
    this.#held = undefined;
    // The kernel is deterministic: the same log gives the same regions, so
    // the checks read what they would have read right after `replay`.
    replayInto(this.#k, replay.layout, replay.seed, replay.log);
    this.#held = replay;
  }
}

/**
 * An episode being stepped in a session's instance: the host writes each
 * step's codes through {@linkcode KernelStepper.views} at
 * {@linkcode KernelStepper.region} addresses and calls
 * {@linkcode KernelStepper.step}. Every call first checks that the session
 * still holds this episode.
 */
class KernelStepper {
  readonly #k: ReplayExports;
  readonly #owns: () => boolean;
  readonly #finished: (replay: KernelReplay) => KernelReplay;
  readonly #layout: Layout;
  readonly #seed: number;
  // The memory's views: the memory grows only in begin and regrow.
  #views: { u8: Uint8Array; i32: Int32Array };

  /** Made by {@linkcode ReplaySession.begin}. */
  constructor(
    k: ReplayExports,
    layout: Layout,
    seed: number,
    entries: number,
    steps: number,
    owns: () => boolean,
    finished: (replay: KernelReplay) => KernelReplay,
  ) {
    this.#k = k;
    this.#owns = owns;
    this.#finished = finished;
    this.#layout = layout;
    this.#seed = seed;
    const a = loadEpisode(k, layout, seed, entries, steps);
    k.begin(a.maxSteps, a.blocked, a.seed, a.threshold, a.always);
    this.#views = kernelViews(k);
  }

  /** The instance, once this stepper is known to own it. */
  #kernel(): ReplayExports {
    if (!this.#owns()) {
      throw new Error(
        "the replay session was used by another call during a stepped episode",
      );
    }
    return this.#k;
  }

  /** Views of the instance's memory (new ones after {@linkcode regrow}). */
  views(): { u8: Uint8Array; i32: Int32Array } {
    this.#kernel();
    return this.#views;
  }

  /** The address of region `id` (others after {@linkcode regrow}). */
  region(id: number): number {
    return this.#kernel().region(id);
  }

  /**
   * Play the next step from the codes written after those consumed so far
   * (`stepOnce`): 0, or the code of why it was not played.
   */
  step(): number {
    return this.#kernel().stepOnce();
  }

  /** Log entries consumed by the steps played. */
  consumed(): number {
    return this.#kernel().entriesConsumed();
  }

  /** The latest state's termination code. */
  termination(): number {
    return this.#kernel().terminationCode();
  }

  /**
   * Room for `entries` codes over `steps` steps, keeping every region's
   * contents: 0, or -1 when memory cannot grow (nothing moved then).
   */
  regrow(entries: number, steps: number): number {
    const k = this.#kernel();
    const result = k.regrow(entries, steps);
    this.#views = kernelViews(k);
    return result;
  }

  /**
   * The replay of the terminated episode, whose log is the codes consumed:
   * the session then holds it.
   */
  finish(): KernelReplay {
    const k = this.#kernel();
    const trace = kernelTrace(k, 0, this.#layout.world.people);
    const at = k.region(R_ACTIONS);
    const codes = kernelViews(k).u8.slice(at, at + k.entriesConsumed());
    const log = { codes, ends: trace.stepEntries.subarray(1) };
    return this.#finished(
      new KernelReplay(this.#layout, this.#seed, log, trace),
    );
  }
}

let thread: ReplaySession | undefined;

/**
 * This thread's session, made on first use: what {@linkcode wasmTrace} and
 * the verifier's regeneration run in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replaySession } from "./session.ts";
 * assert.equal(replaySession(), replaySession());
 * ```
 */
export function replaySession(): ReplaySession {
  thread ??= new ReplaySession();
  return thread;
}

/**
 * The trace of an episode through the WebAssembly kernel.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { wasmTrace } from "./session.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const west = { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) };
 * const trace = wasmTrace(layoutOf(s), 0, west);
 * assert.ok(trace.stop === "terminated" && trace.steps === 2 && trace.status[0] === 1);
 * ```
 */
export function wasmTrace(
  layout: Layout,
  seed: number | bigint,
  log: ActionLog,
): Trace {
  return replaySession().replay(layout, seed, log).trace;
}

/** Options of {@linkcode replayTrace}. */
export type ReplayTraceOptions = {
  /** `"wasm"` (default) or `"reference"`: the switch for the reference path. */
  readonly kernel?: KernelName;
};

/**
 * The trace of an episode: `layout` (see `layoutOf`), `seed` and an action
 * log (see `actionLogOf`), through the chosen kernel.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayTrace } from "./session.ts";
 * import { actionLogOf } from "../sim/trace.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["X.ab"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 2] }, { person_id: "b", position: [0, 3] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 1 } } as unknown as Scenario;
 * const layout = layoutOf(s);
 * const log = actionLogOf(layout.ids, [{ a: "west", b: "west" }]);
 * const wasm = replayTrace(layout, 3, log);
 * assert.deepEqual([...wasm.outcome], [1, 1]); // a chain: both moved
 * assert.deepEqual(wasm, replayTrace(layout, 3, log, { kernel: "reference" }));
 * ```
 */
export function replayTrace(
  layout: Layout,
  seed: number | bigint,
  log: ActionLog,
  options: ReplayTraceOptions = {},
): Trace {
  const name = options.kernel ?? "wasm";
  if (name === "wasm") return wasmTrace(layout, seed, log);
  if (name === "reference") return referenceTrace(layout, seed, log);
  throw new RangeError(
    `kernel must be one of ${KERNEL_NAMES.join(", ")}, found ${String(name)}`,
  );
}
