/**
 * The pure per-step core of simulator 1.0 (contract §7 steps 1–9) over flat
 * typed arrays. It knows nothing of IDs, JSON or records: people are
 * numbered 0..n-1 in person-ID order (code point order), cells are indices
 * `row * width + col`. `simulator.ts` builds the run record on top of it, and
 * a WebAssembly kernel that replaces {@linkcode stepCore} must match it bit
 * for bit.
 *
 * @module
 */

import {
  cellIndex,
  DELTAS,
  exitDistanceField,
  type Geometry,
} from "../scenario/geometry.ts";
import type { Action, Outcome, Status } from "../types.ts";
import {
  ACTION_NAMES,
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  EVENT_NONE,
  OUTCOME_BLOCKED_BOUNDARY as BLOCKED_BOUNDARY,
  OUTCOME_BLOCKED_CONFLICT as BLOCKED_CONFLICT,
  OUTCOME_BLOCKED_CYCLE as BLOCKED_CYCLE,
  OUTCOME_BLOCKED_FIRE as BLOCKED_FIRE,
  OUTCOME_BLOCKED_OCCUPIED as BLOCKED_OCCUPIED,
  OUTCOME_BLOCKED_WALL as BLOCKED_WALL,
  OUTCOME_MOVED as MOVED,
  OUTCOME_NAMES,
  OUTCOME_NONE,
  OUTCOME_PENDING as PENDING,
  OUTCOME_STAYED as STAYED,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  STATUS_NAMES,
  TERM_ALL_RESOLVED,
  TERM_MAX_STEPS,
  TERM_NONE,
} from "../kernel_codes.ts";

/**
 * Action codes, in the order of the kernel's (`src/kernel_codes.ts`):
 * staying, then north, east, south and west.
 */
export const ACTIONS: readonly Action[] = ACTION_NAMES;

/** Row and column deltas of each action code. */
export const ACTION_DELTAS: readonly (readonly [number, number])[] = ACTIONS
  .map((a) => a === "stay" ? [0, 0] : DELTAS[a]);

/** Outcome codes: the index in this list. */
export const OUTCOMES: readonly Outcome[] = OUTCOME_NAMES;

/** Status codes: the index in this list. */
export const STATUSES: readonly Status[] = STATUS_NAMES;

// The codes are the kernel's, from its one table: the reference and the
// kernel cannot disagree on a value.
export {
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  EVENT_NONE,
  OUTCOME_NONE,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  TERM_ALL_RESOLVED,
  TERM_MAX_STEPS,
  TERM_NONE,
};

/** Everything the step needs that never changes during an episode. */
export type World = Geometry & {
  /** Number of people. */
  readonly people: number;
  /** Per-draw ignition threshold `floor(2^64 · num / den)`, in [0, 2^64]. */
  readonly threshold: bigint;
  /** `enter_fire: "blocked"`. */
  readonly enterFireBlocked: boolean;
  /** The horizon H. */
  readonly maxSteps: number;
};

/** A source of 64-bit words (a SplitMix64 stream of `rng.ts`). */
export interface RandomStream {
  /** Next 64-bit word. */
  next(): bigint;
  /** Uniform integer in [0, k) by rejection (contract §7). */
  uniform(k: number | bigint): bigint;
}

/** The fire (id 1) and movement (id 2) streams of an episode. */
export type Streams = {
  readonly fire: RandomStream;
  readonly movement: RandomStream;
};

/**
 * Mutable state `s_t`. `stepCore` updates it in place; `scratch` holds
 * buffers that carry nothing from one step to the next.
 */
export type CoreState = {
  /** t. */
  step: number;
  /** Per person: cell index (the last one for resolved people). */
  readonly position: Int32Array;
  /** Per person: a status code. */
  readonly status: Uint8Array;
  /** Per cell: 1 when burning. */
  readonly burning: Uint8Array;
  /** Burning cell indices, first `burningCount` entries, in ignition order. */
  readonly burningCells: Int32Array;
  /** Number of burning cells. */
  burningCount: number;
  /** Per cell: the active person on it, or -1. */
  readonly occupant: Int32Array;
  /** Per person: 1 when active and trapped. */
  readonly trapped: Uint8Array;
  /** Per cell: distance to the nearest usable exit, -1 if none (step 8). */
  readonly exitDistance: Int32Array;
  /** A termination code. */
  termination: number;
  /** Work buffers. */
  readonly scratch: Scratch;
};

/** Work buffers of {@linkcode stepCore}, sized once per world. */
export type Scratch = {
  readonly target: Int32Array;
  readonly claims: Int32Array;
  readonly claimHead: Int32Array;
  readonly claimNext: Int32Array;
  readonly contested: Int32Array;
  readonly chain: Int32Array;
  readonly onChain: Uint8Array;
  readonly candidate: Uint8Array;
  readonly candidates: Int32Array;
  readonly queue: Int32Array;
};

/** What one step did, per person and per cell. */
export type StepOutcome = {
  /** Per person: an outcome code, or `OUTCOME_NONE` if resolved before. */
  readonly outcome: Uint8Array;
  /** Per person: an event code. */
  readonly event: Uint8Array;
  /** Cells ignited in this step, ascending (row-major). */
  readonly ignitions: Int32Array;
};

/**
 * `s_0`: everyone active at `positions`, `ignitions` burning, the trapped
 * set computed, not terminated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { initialCoreState } from "./step.ts";
 * const world = {
 *   width: 3, height: 1, wall: new Uint8Array(3), exitAt: Int32Array.of(0, -1, -1),
 *   exitCells: Int32Array.of(0), people: 1, threshold: 0n, enterFireBlocked: false, maxSteps: 5,
 * };
 * const s = initialCoreState(world, Int32Array.of(2), Int32Array.of(1));
 * assert.ok(s.trapped[0] === 1 && s.occupant[2] === 0);
 * ```
 */
export function initialCoreState(
  world: World,
  positions: Int32Array,
  ignitions: Int32Array,
): CoreState {
  const cells = world.width * world.height;
  const n = world.people;
  const state: CoreState = {
    step: 0,
    position: Int32Array.from(positions),
    status: new Uint8Array(n),
    burning: new Uint8Array(cells),
    burningCells: new Int32Array(cells),
    burningCount: 0,
    occupant: new Int32Array(cells).fill(-1),
    trapped: new Uint8Array(n),
    exitDistance: new Int32Array(cells),
    termination: TERM_NONE,
    scratch: {
      target: new Int32Array(n),
      claims: new Int32Array(cells),
      claimHead: new Int32Array(cells).fill(-1),
      claimNext: new Int32Array(n),
      contested: new Int32Array(n),
      chain: new Int32Array(n),
      onChain: new Uint8Array(n),
      candidate: new Uint8Array(cells),
      candidates: new Int32Array(cells),
      queue: new Int32Array(cells),
    },
  };
  for (const cell of ignitions) {
    state.burning[cell] = 1;
    state.burningCells[state.burningCount++] = cell;
  }
  for (let i = 0; i < n; i++) state.occupant[state.position[i]!] = i;
  updateTrapped(world, state, true);
  return state;
}

/**
 * One step `s_{t-1} → s_t` (contract §7), in place. `actions` holds one
 * action code per person (entries of resolved people are ignored); the
 * caller has checked that `state` is not terminated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { initialCoreState, OUTCOMES, stepCore } from "./step.ts";
 * import { Stream } from "./rng.ts";
 * const world = {
 *   width: 2, height: 1, wall: new Uint8Array(2), exitAt: Int32Array.of(0, -1),
 *   exitCells: Int32Array.of(0), people: 1, threshold: 0n, enterFireBlocked: false, maxSteps: 5,
 * };
 * const s = initialCoreState(world, Int32Array.of(1), new Int32Array(0));
 * const out = stepCore(world, s, Uint8Array.of(4), { fire: new Stream(0, 1), movement: new Stream(0, 2) });
 * assert.ok(OUTCOMES[out.outcome[0]!] === "moved" && s.status[0] === 1 && s.termination === 1);
 * ```
 */
export function stepCore(
  world: World,
  state: CoreState,
  actions: Uint8Array,
  streams: Streams,
): StepOutcome {
  const n = world.people;
  const outcome = new Uint8Array(n).fill(OUTCOME_NONE);
  const event = new Uint8Array(n);
  state.step += 1;

  resolveIntents(world, state, actions, outcome);
  resolveConflicts(world, state, outcome, streams.movement);
  resolveChains(state, outcome);
  moveAndResolve(world, state, outcome, event);
  const ignitions = spreadFire(world, state, streams.fire);
  for (const cell of ignitions) {
    const i = state.occupant[cell]!;
    if (i >= 0) {
      state.status[i] = STATUS_CASUALTY;
      state.occupant[cell] = -1;
      event[i] = EVENT_FIRE_SPREAD;
    }
  }
  updateTrapped(world, state, ignitions.length > 0);
  state.termination = terminationOf(world, state);
  return { outcome, event, ignitions };
}

/** Step 1: stay, boundary, wall and (under `blocked`) fire; the rest are movers. */
function resolveIntents(
  world: World,
  state: CoreState,
  actions: Uint8Array,
  outcome: Uint8Array,
) {
  const { target } = state.scratch;
  for (let i = 0; i < world.people; i++) {
    if (state.status[i] !== STATUS_ACTIVE) continue;
    const code = actions[i]!;
    const delta = ACTION_DELTAS[code];
    if (delta === undefined) throw new RangeError(`bad action code ${code}`);
    if (code === 0) {
      outcome[i] = STAYED;
      continue;
    }
    const from = state.position[i]!;
    const row = ((from / world.width) | 0) + delta[0];
    const col = (from % world.width) + delta[1];
    const cell = cellIndex(world, row, col);
    if (cell < 0) outcome[i] = BLOCKED_BOUNDARY;
    else if (world.wall[cell] === 1) outcome[i] = BLOCKED_WALL;
    else if (world.enterFireBlocked && state.burning[cell] === 1) {
      outcome[i] = BLOCKED_FIRE;
    } else {
      outcome[i] = PENDING;
      target[i] = cell;
    }
  }
}

/**
 * Step 2: for each cell that two or more movers target, in row-major order,
 * keep the mover at index `uniform(k)` of the ID-sorted list.
 */
function resolveConflicts(
  world: World,
  state: CoreState,
  outcome: Uint8Array,
  movement: RandomStream,
) {
  const { target, claims, claimHead, claimNext, contested } = state.scratch;
  let contestedCount = 0;
  // Walk people in descending order and prepend, so each cell's list ends
  // up in ascending person index, that is in person-ID order.
  for (let i = world.people - 1; i >= 0; i--) {
    if (outcome[i] !== PENDING) continue;
    const cell = target[i]!;
    claimNext[i] = claimHead[cell]!;
    claimHead[cell] = i;
    if (++claims[cell]! === 2) contested[contestedCount++] = cell;
  }
  const cells = contested.subarray(0, contestedCount).sort();
  for (const cell of cells) {
    const winner = Number(movement.uniform(claims[cell]!));
    let index = 0;
    for (let i = claimHead[cell]!; i >= 0; i = claimNext[i]!, index++) {
      if (index !== winner) outcome[i] = BLOCKED_CONFLICT;
    }
  }
  for (let i = 0; i < world.people; i++) {
    if (outcome[i] === PENDING || outcome[i] === BLOCKED_CONFLICT) {
      claims[target[i]!] = 0;
      claimHead[target[i]!] = -1;
    }
  }
}

/**
 * Step 3: follow each remaining mover's chain of occupied targets to a free
 * cell (all move), a person who does not move (all `blocked_occupied`) or
 * back to itself (all `blocked_cycle`).
 */
function resolveChains(state: CoreState, outcome: Uint8Array) {
  const { target, chain, onChain } = state.scratch;
  const n = outcome.length;
  for (let start = 0; start < n; start++) {
    if (outcome[start] !== PENDING) continue;
    let length = 0;
    let cur = start;
    let result: number;
    for (;;) {
      chain[length++] = cur;
      onChain[cur] = 1;
      const next = state.occupant[target[cur]!]!;
      if (next < 0) {
        result = MOVED;
        break;
      }
      if (onChain[next] === 1) {
        // Each cell has at most one mover after step 2, so a chain can only
        // close at its own start; everything on it is the cycle.
        result = BLOCKED_CYCLE;
        break;
      }
      const o = outcome[next]!;
      if (o !== PENDING) {
        result = o === MOVED ? MOVED : BLOCKED_OCCUPIED;
        break;
      }
      cur = next;
    }
    for (let k = 0; k < length; k++) {
      const i = chain[k]!;
      outcome[i] = result;
      onChain[i] = 0;
    }
  }
}

/** Steps 4–5: movers take their targets, then entered-fire casualties and evacuations. */
function moveAndResolve(
  world: World,
  state: CoreState,
  outcome: Uint8Array,
  event: Uint8Array,
) {
  const { target } = state.scratch;
  const { position, occupant, burning, status } = state;
  const n = world.people;
  // Vacate every origin before filling targets: in a chain the head's
  // target is free, and each follower's target is the cell just vacated.
  for (let i = 0; i < n; i++) {
    if (outcome[i] === MOVED) occupant[position[i]!] = -1;
  }
  for (let i = 0; i < n; i++) {
    if (outcome[i] !== MOVED) continue;
    const cell = target[i]!;
    position[i] = cell;
    if (burning[cell] === 1) {
      status[i] = STATUS_CASUALTY;
      event[i] = EVENT_ENTERED_FIRE;
    } else occupant[cell] = i;
  }
  for (let i = 0; i < n; i++) {
    if (status[i] !== STATUS_ACTIVE) continue;
    const cell = position[i]!;
    if (world.exitAt[cell]! >= 0 && burning[cell] === 0) {
      status[i] = STATUS_EVACUATED;
      occupant[cell] = -1;
      event[i] = EVENT_EVACUATED;
    }
  }
}

/**
 * Step 6: candidates (floor cells not burning, with a burning neighbour) in
 * row-major order; one fire word per burning neighbour in N, E, S, W order,
 * every draw made; ignite when any word is below the threshold.
 */
function spreadFire(
  world: World,
  state: CoreState,
  fire: RandomStream,
): Int32Array {
  const { width, height, wall } = world;
  const { burning, burningCells } = state;
  const { candidate, candidates } = state.scratch;
  let count = 0;
  const consider = (cell: number) => {
    if (burning[cell] === 0 && wall[cell] === 0 && candidate[cell] === 0) {
      candidate[cell] = 1;
      candidates[count++] = cell;
    }
  };
  for (let b = 0; b < state.burningCount; b++) {
    const cell = burningCells[b]!;
    const row = (cell / width) | 0;
    const col = cell - row * width;
    if (row > 0) consider(cell - width);
    if (col < width - 1) consider(cell + 1);
    if (row < height - 1) consider(cell + width);
    if (col > 0) consider(cell - 1);
  }
  const ordered = candidates.subarray(0, count).sort();
  const draw = () => fire.next() < world.threshold;
  const ignited: number[] = [];
  for (const cell of ordered) {
    candidate[cell] = 0;
    const row = (cell / width) | 0;
    const col = cell - row * width;
    // `draw()` runs for every burning neighbour: `&&` only skips it for
    // neighbours that are not burning, never because of an earlier word.
    let ignites = false;
    if (row > 0 && burning[cell - width] === 1 && draw()) ignites = true;
    if (col < width - 1 && burning[cell + 1] === 1 && draw()) ignites = true;
    if (row < height - 1 && burning[cell + width] === 1 && draw()) {
      ignites = true;
    }
    if (col > 0 && burning[cell - 1] === 1 && draw()) ignites = true;
    if (ignites) ignited.push(cell);
  }
  // Applied only after every draw: candidates see burning(s_{t-1}).
  for (const cell of ignited) {
    burning[cell] = 1;
    burningCells[state.burningCount++] = cell;
  }
  return Int32Array.from(ignited);
}

/** Step 8, recomputing the distance field only when the fire changed. */
function updateTrapped(world: World, state: CoreState, fireChanged: boolean) {
  if (fireChanged || state.step === 0) {
    exitDistanceField(
      world,
      state.burning,
      state.exitDistance,
      state.scratch.queue,
    );
  }
  for (let i = 0; i < world.people; i++) {
    state.trapped[i] = state.status[i] === STATUS_ACTIVE &&
        state.exitDistance[state.position[i]!]! < 0
      ? 1
      : 0;
  }
}

/** Step 9. */
function terminationOf(world: World, state: CoreState): number {
  for (let i = 0; i < world.people; i++) {
    if (state.status[i] === STATUS_ACTIVE) {
      return state.step >= world.maxSteps ? TERM_MAX_STEPS : TERM_NONE;
    }
  }
  return TERM_ALL_RESOLVED;
}
