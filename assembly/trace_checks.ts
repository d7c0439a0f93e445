// Stage 2 of metrics.md §2 (structural validation) over the compact trace
// that run() left in the kernel's regions, without the record's objects.
//
// The record meant is the one whose canonical text src/sim/trace_bytes.ts
// writes from the trace (and src/sim/trace_record.ts builds). That text is
// regenerated from the trace, so most of stage 2 holds by how the text is
// written (docs/replay-kernel.md, "Stage 2 over the trace", says which and
// why); what does not is computed here, on the states s_0..s_T
// reconstructed from the initial state and the outcomes and events, in the
// order in which src/metrics/checks/stages.ts checks them, so that the first
// failing check found here is the first that the reference finds.
//
// The trapped sets are recomputed with a search of this file's own that
// follows trappedSet() of src/scenario/geometry.ts, not the kernel's
// reachable(): the reference seeds every exit that is not burning, even one
// on a wall, where the kernel's search does not (scenario validation forbids
// such exits; a layout of a test need not).

import { getb, geti, setb, seti } from "./memory";
import {
  CHECK_ACTIVE_ON_EXIT,
  CHECK_ACTIVE_ON_FIRE,
  CHECK_CASUALTY_CAUSE,
  CHECK_CASUALTY_NO_FIRE,
  CHECK_EVACUATION_CELL,
  CHECK_EVACUATION_EXIT,
  CHECK_FINAL_POSITION,
  CHECK_FINAL_RESOLUTION,
  CHECK_FINAL_STATUS,
  CHECK_HOLDS,
  CHECK_IGNITION_BURNING,
  CHECK_IGNITION_OFF_FLOOR,
  CHECK_IGNITION_ORDER,
  CHECK_INITIAL_TERMINATION,
  CHECK_INITIAL_TRAPPED,
  CHECK_MOVED_OFF_FLOOR,
  CHECK_NOT_TERMINATED,
  CHECK_NO_STEPS,
  CHECK_OUTCOME_ACTION,
  CHECK_SHARED_CELL,
  CHECK_TERMINATION,
  CHECK_TRACE_SHAPE,
  CHECK_TRAPPED,
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  HAS_E,
  HAS_N,
  HAS_S,
  HAS_W,
  OUTCOME_MOVED,
  OUTCOME_STAYED,
  R_ACTIONS,
  R_CK_ENDED,
  R_CK_FIRE,
  R_CK_POSITION,
  R_CK_QUEUE,
  R_CK_REACHED,
  R_CK_RESOLVED,
  R_CK_STATUS,
  R_EDGES,
  R_EVENT,
  R_EXIT_AT,
  R_EXIT_CELLS,
  R_IGNITED,
  R_IGNITION,
  R_INITIAL,
  R_OUTCOME,
  R_POSITION,
  R_RESOLUTION,
  R_STATUS,
  R_STEP_IGNITED,
  R_STEP_MOVES,
  R_STEP_TRAPPED,
  R_TRAPPED,
  R_WALL,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  TERM_ALL_RESOLVED,
  TERM_MAX_STEPS,
  TERM_NONE,
} from "./codes";

let table: usize = 0;
let width: i32 = 0;
let cells: i32 = 0;
let people: i32 = 0;
let exitCount: i32 = 0;
// Where the last check failed: the step (0 for s_0, T + 1 for the final
// state) and the index of the movement, ignition, person or event.
let failedStep: i32 = 0;
let failedItem: i32 = 0;
let search: i32 = 0;
let searchHead: i32 = 0;
let searchTail: i32 = 0;

// @ts-ignore: decorator
@inline
function at(id: i32): usize {
  return <usize>load<u32>(table + (<usize>id << 2));
}

function failure(code: i32, t: i32, item: i32): i32 {
  failedStep = t;
  failedItem = item;
  return code;
}

/** The step of the last failure: 0 for s_0, T + 1 for the final state. */
export function checkedStep(): i32 {
  return failedStep;
}

/** The index of the movement, ignition, person or event of the last failure. */
export function checkedItem(): i32 {
  return failedItem;
}

/**
 * Stage 2 over the trace of the last run(). `regions` is the kernel's
 * region table; the scalars are run()'s. Returns CHECK_HOLDS (0) or the code of
 * the first failing check, whose place checkedStep()/checkedItem() give.
 */
export function checkRegions(
  regions: usize,
  w: i32,
  h: i32,
  n: i32,
  ignitions: i32,
  exits: i32,
  steps: i32,
  termination: i32,
  horizon: i32,
): i32 {
  table = regions;
  width = w;
  cells = w * h;
  people = n;
  exitCount = exits;
  failedStep = 0;
  failedItem = 0;
  if (termination == TERM_NONE) return failure(CHECK_NOT_TERMINATED, 0, 0);
  if (steps == 0) return failure(CHECK_NO_STEPS, 0, 0);
  const wall = at(R_WALL);
  const exitAt = at(R_EXIT_AT);
  const actions = at(R_ACTIONS);
  const outcome = at(R_OUTCOME);
  const event = at(R_EVENT);
  const stepMoves = at(R_STEP_MOVES);
  const stepIgnited = at(R_STEP_IGNITED);
  const ignited = at(R_IGNITED);
  const edges = at(R_EDGES);
  const position = at(R_CK_POSITION);
  const status = at(R_CK_STATUS);
  const fire = at(R_CK_FIRE);
  const ended = at(R_CK_ENDED);
  const resolved = at(R_CK_RESOLVED);
  memory.copy(position, at(R_INITIAL), <usize>n << 2);
  memory.fill(status, STATUS_ACTIVE, <usize>n);
  memory.fill(resolved, 0xff, <usize>n << 2);
  memory.fill(fire, 0, <usize>cells);
  memory.fill(ended, 0, <usize>cells << 2);
  memory.fill(at(R_CK_REACHED), 0, <usize>cells << 2);
  search = 0;
  const ignition = at(R_IGNITION);
  for (let k = 0; k < ignitions; k++) setb(fire, geti(ignition, k), 1);

  // s_0: stages.ts checkInitialState.
  let active = n;
  newSearch();
  if (!trappedHolds(0)) return failure(CHECK_INITIAL_TRAPPED, 0, 0);
  if (expectedTermination(active, 0, horizon) != TERM_NONE) {
    return failure(CHECK_INITIAL_TERMINATION, 0, 0);
  }

  for (let t = 1; t <= steps; t++) {
    const first = geti(stepMoves, t - 1);
    if (geti(stepMoves, t) - first != active) {
      return failure(CHECK_TRACE_SHAPE, t, 0);
    }
    // Movements (step.ts checkMovements), in person order.
    let j = first;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const code = getb(actions, j);
      const o = getb(outcome, j);
      const m = j - first;
      j++;
      if ((o == OUTCOME_STAYED) != (code == 0)) return failure(CHECK_OUTCOME_ACTION, t, m);
      let cell = geti(position, i);
      if (o == OUTCOME_MOVED) {
        const e = getb(edges, cell);
        let next = -1;
        if (code == 1 && (e & HAS_N) != 0) next = cell - width;
        else if (code == 2 && (e & HAS_E) != 0) next = cell + 1;
        else if (code == 3 && (e & HAS_S) != 0) next = cell + width;
        else if (code == 4 && (e & HAS_W) != 0) next = cell - 1;
        if (next < 0 || getb(wall, next) == 1) {
          return failure(CHECK_MOVED_OFF_FLOOR, t, m);
        }
        cell = next;
        seti(position, i, cell);
      }
      if (geti(ended, cell) == t) return failure(CHECK_SHARED_CELL, t, m);
      seti(ended, cell, t);
    }
    // Ignitions (checkIgnitions): each one, then their order.
    const from = geti(stepIgnited, t - 1);
    const to = geti(stepIgnited, t);
    for (let k = from; k < to; k++) {
      const cell = geti(ignited, k);
      if (cell < 0 || cell >= cells || getb(wall, cell) == 1) {
        return failure(CHECK_IGNITION_OFF_FLOOR, t, k - from);
      }
      const f = getb(fire, cell);
      if (f == 1) return failure(CHECK_IGNITION_BURNING, t, k - from);
      setb(fire, cell, 2);
    }
    for (let k = from + 1; k < to; k++) {
      if (geti(ignited, k - 1) >= geti(ignited, k)) {
        return failure(CHECK_IGNITION_ORDER, t, k - from);
      }
    }
    // People still active (checkPeopleUpdate), in person order.
    j = first;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const e = getb(event, j++);
      if (e != 0) continue;
      const cell = geti(position, i);
      if (getb(fire, cell) != 0) return failure(CHECK_ACTIVE_ON_FIRE, t, i);
      if (geti(exitAt, cell) >= 0) return failure(CHECK_ACTIVE_ON_EXIT, t, i);
    }
    // Evacuations, then casualties (checkEvents), in person order.
    j = first;
    let index = 0;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const code = getb(actions, j);
      const o = getb(outcome, j);
      const e = getb(event, j++);
      if (e != EVENT_EVACUATED) continue;
      const cell = geti(position, i);
      if (geti(exitAt, cell) < 0 || getb(fire, cell) == 1) {
        return failure(CHECK_EVACUATION_CELL, t, index);
      }
      // The text takes the exit of the target cell, which is the person's
      // cell only for a move or a stay (trace_bytes.ts).
      if (o != OUTCOME_MOVED && code != 0) return failure(CHECK_EVACUATION_EXIT, t, index);
      index++;
    }
    j = first;
    index = 0;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const o = getb(outcome, j);
      const e = getb(event, j++);
      if (e != EVENT_ENTERED_FIRE && e != EVENT_FIRE_SPREAD) continue;
      const f = getb(fire, geti(position, i));
      const cause = o == OUTCOME_MOVED && f == 1
        ? EVENT_ENTERED_FIRE
        : f == 2
        ? EVENT_FIRE_SPREAD
        : 0;
      if (cause == 0) return failure(CHECK_CASUALTY_NO_FIRE, t, index);
      if (cause != e) return failure(CHECK_CASUALTY_CAUSE, t, index);
      index++;
    }
    // s_t: statuses, burning(s_t), then its trapped set and termination.
    j = first;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const e = getb(event, j++);
      if (e == 0) continue;
      setb(status, i, e == EVENT_EVACUATED ? STATUS_EVACUATED : STATUS_CASUALTY);
      seti(resolved, i, t);
      active--;
    }
    for (let k = from; k < to; k++) setb(fire, geti(ignited, k), 1);
    if (to > from) newSearch();
    if (!trappedHolds(t)) return failure(CHECK_TRAPPED, t, 0);
    const found = t == steps ? termination : TERM_NONE;
    if (expectedTermination(active, t, horizon) != found) {
      return failure(CHECK_TERMINATION, t, 0);
    }
  }

  // final_state (final.ts) as the text writes it: from run()'s final arrays.
  const finalPosition = at(R_POSITION);
  const finalStatus = at(R_STATUS);
  const finalResolution = at(R_RESOLUTION);
  for (let i = 0; i < n; i++) {
    const s = getb(status, i);
    if (getb(finalStatus, i) != s) return failure(CHECK_FINAL_STATUS, steps + 1, i);
    if (geti(finalPosition, i) != geti(position, i)) {
      return failure(CHECK_FINAL_POSITION, steps + 1, i);
    }
    if (s != STATUS_ACTIVE && geti(finalResolution, i) != geti(resolved, i)) {
      return failure(CHECK_FINAL_RESOLUTION, steps + 1, i);
    }
  }
  return CHECK_HOLDS;
}

/** The termination code that snapshot t must carry (snapshot.ts checkTermination). */
// @ts-ignore: decorator
@inline
function expectedTermination(active: i32, t: i32, horizon: i32): i32 {
  return active == 0
    ? TERM_ALL_RESOLVED
    : t == horizon
    ? TERM_MAX_STEPS
    : TERM_NONE;
}

/**
 * Whether state t's trapped set in the trace is the active people (in
 * person order) whose cell no search from a usable exit reaches.
 */
function trappedHolds(t: i32): bool {
  const stepTrapped = at(R_STEP_TRAPPED);
  const trapped = at(R_TRAPPED);
  const status = at(R_CK_STATUS);
  const position = at(R_CK_POSITION);
  let k = t == 0 ? 0 : geti(stepTrapped, t - 1);
  const end = geti(stepTrapped, t);
  for (let i = 0; i < people; i++) {
    if (getb(status, i) != STATUS_ACTIVE || reachable(geti(position, i))) continue;
    if (k >= end || geti(trapped, k) != i) return false;
    k++;
  }
  return k == end;
}

/**
 * trappedSet()'s search (src/scenario/geometry.ts): every exit cell that is
 * not burning is a source, wall or not; a source or any reached cell
 * extends to neighbours that are floor and not burning. It starts again
 * when the fire changes and runs only as far as reachable() asks, as the
 * kernel's does: a cell is reachable exactly when the whole search would
 * reach it, whatever the order.
 */
function newSearch(): void {
  search++;
  const reached = at(R_CK_REACHED);
  const queue = at(R_CK_QUEUE);
  const fire = at(R_CK_FIRE);
  const exitCells = at(R_EXIT_CELLS);
  let tail = 0;
  for (let e = 0; e < exitCount; e++) {
    const cell = geti(exitCells, e);
    if (getb(fire, cell) == 0) {
      seti(reached, cell, search);
      seti(queue, tail++, cell);
    }
  }
  searchHead = 0;
  searchTail = tail;
}

function reachable(target: i32): bool {
  const reached = at(R_CK_REACHED);
  if (geti(reached, target) == search) return true;
  const queue = at(R_CK_QUEUE);
  const fire = at(R_CK_FIRE);
  const wall = at(R_WALL);
  const edges = at(R_EDGES);
  let head = searchHead;
  let tail = searchTail;
  while (head < tail) {
    const cell = geti(queue, head++);
    const m = getb(edges, cell);
    if ((m & HAS_N) != 0) tail = visit(reached, queue, wall, fire, cell - width, tail);
    if ((m & HAS_E) != 0) tail = visit(reached, queue, wall, fire, cell + 1, tail);
    if ((m & HAS_S) != 0) tail = visit(reached, queue, wall, fire, cell + width, tail);
    if ((m & HAS_W) != 0) tail = visit(reached, queue, wall, fire, cell - 1, tail);
    if (geti(reached, target) == search) break;
  }
  searchHead = head;
  searchTail = tail;
  return geti(reached, target) == search;
}

// @ts-ignore: decorator
@inline
function visit(
  reached: usize,
  queue: usize,
  wall: usize,
  fire: usize,
  cell: i32,
  tail: i32,
): i32 {
  if (
    geti(reached, cell) == search || getb(wall, cell) == 1 ||
    getb(fire, cell) != 0
  ) return tail;
  seti(reached, cell, search);
  seti(queue, tail, cell);
  return tail + 1;
}
