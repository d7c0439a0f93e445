/**
 * The compact trace of a replayed episode: everything of the run record
 * that depends on the simulation, as typed arrays, and the TypeScript
 * reference that produces it from the pure core of `step.ts`. The replay
 * kernel (`../replay/kernel.ts`) produces the same trace bit for bit; a record
 * writer can build the record's canonical bytes from a trace, the layout,
 * the header and the action log.
 *
 * @module
 */

import { Stream, STREAM_FIRE, STREAM_MOVEMENT } from "./rng.ts";
import type { Layout } from "./layout.ts";
import {
  ACTIONS,
  initialCoreState,
  OUTCOME_NONE,
  STATUS_ACTIVE,
  stepCore,
  TERM_NONE,
} from "./step.ts";
import type { Action } from "../types.ts";

/**
 * An action log: step t (1-based) uses `codes[ends[t - 2] .. ends[t - 1])`
 * (from 0 for t = 1), one action code of `ACTIONS` per person active before
 * the step, in person order.
 */
export type ActionLog = {
  /** Action codes, steps in order. */
  readonly codes: Uint8Array;
  /** Per step of the log: the end of its codes. */
  readonly ends: Int32Array;
};

/** Why a replay stopped. */
export type ReplayStop =
  /** The episode terminated (later steps of the log are not read). */
  | "terminated"
  /** The log has no more steps and the episode has not terminated. */
  | "log_ended"
  /**
   * A step of the log has another count than the active people, or ends
   * past the codes.
   */
  | "log_mismatch"
  /** A step of the right count holds a code that is not an action code. */
  | "bad_action";

/**
 * What a replay did, step by step. Entry j of `outcome` and `event` is the
 * j-th code of the log: the person it belongs to is the j-th person active
 * before that step, in person order. `steps` complete steps were played.
 */
export type Trace = {
  /** Why the replay stopped. */
  readonly stop: ReplayStop;
  /** Number of complete steps T. */
  readonly steps: number;
  /** Termination code of `s_T` (`TERM_*` of `step.ts`). */
  readonly termination: number;
  /** Per log entry consumed: an outcome code. */
  readonly outcome: Uint8Array;
  /** Per log entry consumed: an event code (`EVENT_*`). */
  readonly event: Uint8Array;
  /** Per step 0..T: end of its entries in `outcome` (0 for t = 0). */
  readonly stepEntries: Int32Array;
  /** Per step 0..T: end of its cells in `ignited` (0 for t = 0). */
  readonly stepIgnitions: Int32Array;
  /** Cells ignited, steps in order, ascending within a step. */
  readonly ignited: Int32Array;
  /** Per state 0..T: end of its trapped set in `trapped`. */
  readonly stepTrapped: Int32Array;
  /** Person numbers of each state's trapped set, ascending within a state. */
  readonly trapped: Int32Array;
  /** Per person: the cell of `s_T`. */
  readonly position: Int32Array;
  /** Per person: the status code of `s_T`. */
  readonly status: Uint8Array;
  /** Per person: the step it was resolved in, -1 while active. */
  readonly resolution: Int32Array;
};

const ACTION_CODES = new Map<string, number>(ACTIONS.map((a, i) => [a, i]));

/**
 * The action log of recorded per-step actions, each step's keys read in
 * person order. Keys that are not scenario people and values that are not
 * actions give code 255, so that the replay stops with `bad_action`; a
 * missing key shortens the step, which then stops with `log_mismatch`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { actionLogOf } from "./trace.ts";
 * const log = actionLogOf(["a", "b"], [{ b: "west", a: "stay" }, { b: "north" }]);
 * assert.deepEqual([...log.codes], [0, 4, 1]);
 * assert.deepEqual([...log.ends], [2, 3]);
 * ```
 */
export function actionLogOf(
  ids: readonly string[],
  actions: readonly Readonly<Record<string, Action>>[],
): ActionLog {
  const known = new Set(ids);
  let total = 0;
  for (const step of actions) total += Object.keys(step).length;
  const codes = new Uint8Array(total);
  const ends = new Int32Array(actions.length);
  let j = 0;
  actions.forEach((step, t) => {
    for (const id of ids) {
      if (Object.hasOwn(step, id)) {
        codes[j++] = ACTION_CODES.get(step[id] as string) ?? 255;
      }
    }
    for (const key of Object.keys(step)) {
      if (!known.has(key)) codes[j++] = 255;
    }
    ends[t] = j;
  });
  return { codes, ends };
}

/**
 * The trace of the TypeScript reference: `initialCoreState` and `stepCore`
 * of `step.ts`, the core that `simulateEpisode` and `replayActions` run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "./layout.ts";
 * import { referenceTrace } from "./trace.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const west = { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) };
 * const trace = referenceTrace(layoutOf(s), 0, west);
 * assert.ok(trace.stop === "terminated" && trace.steps === 2 && trace.status[0] === 1);
 * ```
 */
export function referenceTrace(
  layout: Layout,
  seed: number | bigint,
  log: ActionLog,
): Trace {
  const { world } = layout;
  const n = world.people;
  const state = initialCoreState(
    world,
    layout.initialPositions,
    layout.ignitions,
  );
  const streams = {
    fire: new Stream(seed, STREAM_FIRE),
    movement: new Stream(seed, STREAM_MOVEMENT),
  };
  const outcome: number[] = [];
  const event: number[] = [];
  const stepEntries = [0];
  const stepIgnitions = [0];
  const ignited: number[] = [];
  const trapped: number[] = [];
  const stepTrapped: number[] = [];
  const resolution = new Int32Array(n).fill(-1);
  const noteTrapped = () => {
    for (let i = 0; i < n; i++) if (state.trapped[i] === 1) trapped.push(i);
    stepTrapped.push(trapped.length);
  };
  noteTrapped();
  const codes = new Uint8Array(n);
  let stop: ReplayStop = "terminated";
  let j = 0;
  while (state.termination === TERM_NONE) {
    const t = state.step;
    if (t >= log.ends.length) {
      stop = "log_ended";
      break;
    }
    const end = log.ends[t]!;
    if (end > log.codes.length || end - j !== countActive(state.status)) {
      stop = "log_mismatch";
    } else stop = readStep(state.status, log.codes, j, codes);
    if (stop !== "terminated") break;
    j = end;
    const out = stepCore(world, state, codes, streams);
    for (let i = 0; i < n; i++) {
      if (out.outcome[i] === OUTCOME_NONE) continue;
      outcome.push(out.outcome[i]!);
      event.push(out.event[i]!);
      if (out.event[i] !== 0) resolution[i] = state.step;
    }
    stepEntries.push(outcome.length);
    ignited.push(...out.ignitions);
    stepIgnitions.push(ignited.length);
    noteTrapped();
  }
  return {
    stop,
    steps: state.step,
    termination: state.termination,
    outcome: Uint8Array.from(outcome),
    event: Uint8Array.from(event),
    stepEntries: Int32Array.from(stepEntries),
    stepIgnitions: Int32Array.from(stepIgnitions),
    ignited: Int32Array.from(ignited),
    stepTrapped: Int32Array.from(stepTrapped),
    trapped: Int32Array.from(trapped),
    position: Int32Array.from(state.position),
    status: Uint8Array.from(state.status),
    resolution,
  };
}

function countActive(status: Uint8Array): number {
  let k = 0;
  for (const s of status) if (s === STATUS_ACTIVE) k++;
  return k;
}

/** Spread one step's codes over the active people; a bad code stops. */
function readStep(
  status: Uint8Array,
  codes: Uint8Array,
  from: number,
  out: Uint8Array,
): ReplayStop {
  let j = from;
  for (let i = 0; i < status.length; i++) {
    if (status[i] !== STATUS_ACTIVE) continue;
    const code = codes[j++]!;
    if (code >= ACTIONS.length) return "bad_action";
    out[i] = code;
  }
  return "terminated";
}
