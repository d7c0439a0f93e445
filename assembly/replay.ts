// The replay kernel: a whole episode of simulator 1.0 (contract §7) from a
// compiled scenario and an action log, over typed arrays in linear memory.
// It mirrors src/sim/step.ts (stepCore) rule for rule and in the same order
// of draws; src/sim/step.ts is the reference and the tests hold the two
// equal.
//
// Memory: the host calls prepare(), which places every region (inputs,
// outputs, scratch) above the static data, growing memory if needed; the
// host then writes the inputs through region(id) views, calls run(), and
// reads the outputs. Region ids and every code are generated into
// codes.ts, and for the host into src/kernel_codes.ts, from one table
// (scripts/gen_kernel_codes.ts).
//
// People are numbered in person-ID order, cells are row * width + col, as in
// src/sim/step.ts. The action log holds one code per person active before each
// step, in person order, steps in order: exactly what the TypeScript
// simulator consumes; R_LOG_END says where each step's entries end.

import { getb, geti, setb, seti } from "./memory";
import { accepts, advance, mix, streamState } from "./splitmix";
import {
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  HAS_E,
  HAS_N,
  HAS_S,
  HAS_W,
  OUTCOME_BLOCKED_BOUNDARY,
  OUTCOME_BLOCKED_CONFLICT,
  OUTCOME_BLOCKED_CYCLE,
  OUTCOME_BLOCKED_FIRE,
  OUTCOME_BLOCKED_OCCUPIED,
  OUTCOME_BLOCKED_WALL,
  OUTCOME_MOVED,
  OUTCOME_NONE,
  OUTCOME_PENDING,
  OUTCOME_STAYED,
  REGIONS,
  RUN_BAD_ACTION,
  RUN_LOG_ENDED,
  RUN_LOG_MISMATCH,
  RUN_OK,
  R_ACTIONS,
  R_BURNING,
  R_BURNING_CELLS,
  R_CANDIDATE,
  R_CANDIDATES,
  R_CHAIN,
  R_CK_ENDED,
  R_CK_FIRE,
  R_CK_POSITION,
  R_CK_QUEUE,
  R_CK_REACHED,
  R_CK_RESOLVED,
  R_CK_STATUS,
  R_CLAIMS,
  R_CLAIM_HEAD,
  R_CLAIM_NEXT,
  R_CLAIM_TAIL,
  R_CLOSED,
  R_CONTESTED,
  R_EDGES,
  R_EVENT,
  R_EVENT_P,
  R_EXIT_AT,
  R_EXIT_CELLS,
  R_IGNITED,
  R_IGNITION,
  R_INITIAL,
  R_LOG_END,
  R_NAMES,
  R_NAME_ENDS,
  R_OCCUPANT,
  R_ON_CHAIN,
  R_OUTCOME,
  R_OUTCOME_P,
  R_POSITION,
  R_QUEUE,
  R_REACHED,
  R_RESOLUTION,
  R_STATUS,
  R_STEP_IGNITED,
  R_STEP_MOVES,
  R_STEP_TRAPPED,
  R_TARGET,
  R_TEXT,
  R_TEXT_START,
  R_TRAPPED,
  R_WALL,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  TERM_ALL_RESOLVED,
  TERM_MAX_STEPS,
  TERM_NONE,
} from "./codes";
import { checkRegions } from "./trace_checks";
import {
  compareRecord,
  logEndsRead,
  logEntriesRead,
  logStepsRead,
  placeText,
  readLog,
  restoreText,
} from "./record_text";

export { checkedItem, checkedStep } from "./trace_checks";


// Per region: its address, and its size in bytes (static, so that the
// kernel allocates nothing: everything above __heap_base is the regions').
const TABLE: usize = memory.data(REGIONS * 4, 8);
// Cell offset of each action code (stay, N, E, S, W) on this grid: a load in
// place of a branch on a code that a random policy makes unpredictable.
const OFFSETS: usize = memory.data(5 * 4, 8);
const SIZES: usize = memory.data(REGIONS * 4, 8);

// @ts-ignore: decorator
@inline
function size(id: i32, bytes: i32): void {
  store<u32>(SIZES + (<usize>id << 2), <u32>bytes);
}

let width: i32 = 0;
let height: i32 = 0;
let cells: i32 = 0;
let people: i32 = 0;
let ignitionCount: i32 = 0;
let logLength: i32 = 0;
let logSteps: i32 = 0;
let blocked: bool = false;
let always: bool = false;
let threshold: u64 = 0;
let fireState: u64 = 0;
let movementState: u64 = 0;
let steps: i32 = 0;
let termination: i32 = TERM_NONE;
// The horizon H of the episode of run() or begin(): stepOnce() plays to it,
// and checkTrace()'s termination rule reads it.
let horizon: i32 = 0;
let consumed: i32 = 0;
let burningCount: i32 = 0;
let ignitedTotal: i32 = 0;
let trappedTotal: i32 = 0;
let exitCount: i32 = 0;
let activeCount: i32 = 0;
// Cells that two or more movers target, first `contestedCount` of R_CONTESTED.
let contestedCount: i32 = 0;
// Someone in s_0 stands on an exit (scenario validation forbids it; the
// layout of a test may not).
let startsOnExit: bool = false;
// The reachability search number: a cell is reachable from a usable exit
// when R_REACHED holds the current one (so nothing is cleared per search).
let search: i32 = 0;
// The current search's queue: [searchHead, searchTail) still to expand.
let searchHead: i32 = 0;
let searchTail: i32 = 0;
// Burning cells [0, frontier) of R_BURNING_CELLS may still have a floor
// neighbour that is not burning; the others never make candidates again.
let frontier: i32 = 0;
// The end of the regions the last prepare() placed.
let preparedTop: u64 = 0;

// @ts-ignore: decorator
@inline
function at(id: i32): usize {
  return <usize>load<u32>(TABLE + (<usize>id << 2));
}

/** First address that the kernel's static data does not use. */
export function heapBase(): usize {
  return __heap_base;
}

/** Address of region `id` (valid after prepare). */
export function region(id: i32): usize {
  return at(id);
}

/**
 * Place every region for a grid, a number of people and of initial
 * ignitions, and an action log of `entries` codes over `stepsInLog` steps.
 * Returns 0, or -1 when memory cannot grow that far.
 */
export function prepare(
  w: i32,
  h: i32,
  n: i32,
  ignitions: i32,
  entries: i32,
  stepsInLog: i32,
): i32 {
  width = w;
  height = h;
  cells = w * h;
  people = n;
  ignitionCount = ignitions;
  logLength = entries;
  logSteps = stepsInLog;
  const c4 = cells << 2;
  const n4 = n << 2;
  size(R_WALL, cells);
  size(R_EXIT_AT, c4);
  size(R_POSITION, n4);
  size(R_IGNITION, ignitions << 2);
  size(R_ACTIONS, entries);
  size(R_OUTCOME, entries);
  size(R_EVENT, entries);
  size(R_STEP_MOVES, (stepsInLog + 1) << 2);
  size(R_STEP_IGNITED, (stepsInLog + 1) << 2);
  size(R_IGNITED, c4);
  size(R_STEP_TRAPPED, (stepsInLog + 1) << 2);
  size(R_TRAPPED, (n + entries) << 2);
  size(R_STATUS, n);
  size(R_RESOLUTION, n4);
  size(R_BURNING, cells);
  size(R_BURNING_CELLS, c4);
  size(R_OCCUPANT, c4);
  size(R_REACHED, c4);
  size(R_TARGET, n4);
  size(R_CLAIMS, c4);
  size(R_CLAIM_HEAD, c4);
  size(R_CLAIM_NEXT, n4);
  size(R_CONTESTED, n4);
  size(R_CHAIN, n4);
  size(R_ON_CHAIN, n);
  size(R_CANDIDATE, cells);
  size(R_CANDIDATES, c4);
  size(R_QUEUE, c4);
  size(R_OUTCOME_P, n);
  size(R_EVENT_P, n);
  size(R_LOG_END, stepsInLog << 2);
  size(R_CLOSED, cells);
  size(R_EXIT_CELLS, c4);
  size(R_EDGES, cells);
  size(R_CLAIM_TAIL, c4);
  size(R_INITIAL, n4);
  size(R_CK_POSITION, n4);
  size(R_CK_STATUS, n);
  size(R_CK_FIRE, cells);
  size(R_CK_ENDED, c4);
  size(R_CK_REACHED, c4);
  size(R_CK_QUEUE, c4);
  size(R_CK_RESOLVED, n4);
  let top: u64 = (<u64>__heap_base + 7) & ~7;
  for (let id = 0; id < REGIONS; id++) {
    store<u32>(TABLE + (<usize>id << 2), <u32>top);
    top = (top + <u64>load<u32>(SIZES + (<usize>id << 2)) + 7) & ~7;
  }
  preparedTop = top;
  if (top > 0xffff0000) return -1;
  const need = <i32>((top + 0xffff) >> 16);
  const have = memory.size();
  if (need > have && memory.grow(need - have) < 0) return -1;
  return 0;
}

/**
 * Play the episode. Returns RUN_OK when it terminated; RUN_LOG_ENDED when the log
 * ran out of steps first; RUN_LOG_MISMATCH when a step of the log has another
 * number of entries than there are active people; RUN_BAD_ACTION for a code
 * above 4. stepCount() is the number of complete steps. `always` is the threshold 2^64: every word ignites,
 * and `limit` is then unused.
 */
export function run(
  maxSteps: i32,
  enterFireBlocked: i32,
  seed: u64,
  limit: u64,
  alwaysIgnites: i32,
): i32 {
  blocked = enterFireBlocked != 0;
  horizon = maxSteps;
  always = alwaysIgnites != 0;
  threshold = limit;
  fireState = streamState(seed, 1);
  movementState = streamState(seed, 2);
  initialState();
  while (termination == TERM_NONE) {
    if (steps >= logSteps) return RUN_LOG_ENDED;
    const result = step(maxSteps);
    if (result != RUN_OK) return result;
  }
  return RUN_OK;
}

/**
 * Verification by regeneration (record_text.ts), first call: prepare() for
 * a log of at most `entries` codes over `stepsAtMost` steps, then place the
 * text's regions above everything it placed: R_TEXT for `bytes` bytes of
 * record text, R_NAMES for `nameBytes` bytes of `names` names (header,
 * quoted person IDs, quoted exit IDs) and R_NAME_ENDS, R_TEXT_START for the
 * initial cells, and the writer's scratch. The host then writes the text,
 * the names and the layout's inputs. Returns 0, or -1 when memory cannot
 * grow that far.
 */
export function prepareText(
  w: i32,
  h: i32,
  n: i32,
  ignitions: i32,
  entries: i32,
  stepsAtMost: i32,
  bytes: i32,
  nameBytes: i32,
  names: i32,
): i32 {
  if (prepare(w, h, n, ignitions, entries, stepsAtMost) != 0) return -1;
  return placeText(
    TABLE,
    preparedTop,
    n,
    cells,
    entries,
    stepsAtMost,
    ignitions,
    bytes,
    nameBytes,
    names,
  );
}

/**
 * Second call: read the action log from the text into R_ACTIONS, then
 * prepare() again for exactly that log, so that run() and everything after
 * it see the regions that prepare() gives for it. This depends on the order
 * of the region ids (codes.ts): no region before R_ACTIONS is sized by the
 * log, so a smaller log moves none of them nor R_ACTIONS itself, and the
 * text's regions lie above the larger placement; so the inputs, the codes
 * and the text stay where they are. The generator refuses a table that
 * breaks this, and a test holds prepare() to the table. Returns the number
 * of steps read, or -1 when the text has no log that fits.
 */
export function readTextLog(): i32 {
  if (readLog() != 0) return -1;
  const read = logStepsRead();
  prepare(width, height, people, ignitionCount, logEntriesRead(), read);
  restoreText(TABLE);
  memory.copy(at(R_LOG_END), logEndsRead(), <usize>read << 2);
  return read;
}

/**
 * Last call, after a run() that terminated: write the record's canonical
 * text from the trace and compare it with R_TEXT as it is written. Returns
 * -1 when they are equal, else the offset of the first difference.
 * Changes nothing that run() left.
 */
export function compareText(): i32 {
  return compareRecord(TABLE, width, steps, termination);
}

// Stepping (the runner's episodes): begin() starts an episode as run() does,
// and each stepOnce() plays the next step from the codes the host has
// written after the entries consumed so far. Both reuse initialState() and
// step(), so a stepped episode leaves the same regions as run() on its log.

/**
 * Start an episode to be played step by step: the same set-up as run()
 * (the inputs, apart from the log, are in their regions), then s_0.
 * Returns the number of people active in s_0.
 */
export function begin(
  maxSteps: i32,
  enterFireBlocked: i32,
  seed: u64,
  limit: u64,
  alwaysIgnites: i32,
): i32 {
  blocked = enterFireBlocked != 0;
  always = alwaysIgnites != 0;
  threshold = limit;
  horizon = maxSteps;
  fireState = streamState(seed, 1);
  movementState = streamState(seed, 2);
  initialState();
  return activeCount;
}

/**
 * Play the next step of the episode begun by begin(). The host has written
 * one code per active person at R_ACTIONS from entriesConsumed(), and the
 * end of those codes at R_LOG_END[stepCount()]. Returns what step() does:
 * RUN_OK, RUN_LOG_MISMATCH or RUN_BAD_ACTION (nothing changed then); RUN_LOG_ENDED when the
 * log has no room for the step (the host must regrow() first) or the
 * episode has terminated.
 */
export function stepOnce(): i32 {
  if (termination != TERM_NONE || steps >= logSteps) return RUN_LOG_ENDED;
  return step(horizon);
}

// Where regrow() keeps the old addresses and sizes while it moves regions.
const OLD_TABLE: usize = memory.data(REGIONS * 4, 8);
const OLD_SIZES: usize = memory.data(REGIONS * 4, 8);

/**
 * Give a stepped episode room for `entries` log codes over `stepsInLog`
 * steps (at least the current room), keeping every region's contents: the
 * regions are placed again by prepare() on the same grid, and moved up,
 * last region first. A region's new address is never below its old one
 * (sizes only grow), so the move from the top down overwrites only what
 * has moved already. Returns 0, or -1 when memory cannot grow that far.
 * Region addresses change: the host reads them again.
 */
export function regrow(entries: i32, stepsInLog: i32): i32 {
  if (entries < logLength || stepsInLog < logSteps) return -1;
  const oldLength = logLength;
  const oldSteps = logSteps;
  memory.copy(OLD_TABLE, TABLE, <usize>REGIONS << 2);
  memory.copy(OLD_SIZES, SIZES, <usize>REGIONS << 2);
  let ok = prepare(width, height, people, ignitionCount, entries, stepsInLog) == 0;
  for (let id = 0; ok && id < REGIONS; id++) {
    const o = <usize>id << 2;
    // An empty region holds nothing to move (the text's regions, which
    // prepare() leaves empty, may lie anywhere).
    ok = load<u32>(OLD_SIZES + o) == 0 ||
      (load<u32>(TABLE + o) >= load<u32>(OLD_TABLE + o) &&
        load<u32>(SIZES + o) >= load<u32>(OLD_SIZES + o));
  }
  if (!ok) {
    // Nothing has moved: the old placement still holds the episode.
    memory.copy(TABLE, OLD_TABLE, <usize>REGIONS << 2);
    memory.copy(SIZES, OLD_SIZES, <usize>REGIONS << 2);
    logLength = oldLength;
    logSteps = oldSteps;
    return -1;
  }
  for (let id = REGIONS - 1; id >= 0; id--) {
    const o = <usize>id << 2;
    const from = <usize>load<u32>(OLD_TABLE + o);
    const to = at(id);
    if (to != from) memory.copy(to, from, <usize>load<u32>(OLD_SIZES + o));
  }
  return 0;
}

/** Complete steps played by the last run(). */
export function stepCount(): i32 {
  return steps;
}

/** Termination code of the last run(): 0 none, 1 all_resolved, 2 max_steps. */
export function terminationCode(): i32 {
  return termination;
}

/** Log entries consumed by the last run(). */
export function entriesConsumed(): i32 {
  return consumed;
}

/**
 * Stage 2 of metrics.md §2 over the trace of the last run() (which must
 * have returned RUN_OK): 0 when every check holds on the record whose text the
 * trace gives, else the code of the first failing check
 * (assembly/trace_checks.ts), located by checkedStep() and checkedItem().
 * It writes only its own regions, so the outputs stay as run() left them.
 */
export function checkTrace(): i32 {
  return checkRegions(
    TABLE,
    width,
    height,
    people,
    ignitionCount,
    exitCount,
    steps,
    termination,
    horizon,
  );
}

function initialState(): void {
  steps = 0;
  termination = TERM_NONE;
  consumed = 0;
  burningCount = 0;
  ignitedTotal = 0;
  trappedTotal = 0;
  const burning = at(R_BURNING);
  const burningCells = at(R_BURNING_CELLS);
  const occupant = at(R_OCCUPANT);
  const position = at(R_POSITION);
  memory.copy(at(R_INITIAL), position, <usize>people << 2);
  memory.fill(burning, 0, <usize>cells);
  memory.fill(at(R_CANDIDATE), 0, <usize>cells);
  memory.fill(at(R_CLAIMS), 0, <usize>cells << 2);
  memory.fill(at(R_CLAIM_HEAD), 0xff, <usize>cells << 2);
  memory.fill(occupant, 0xff, <usize>cells << 2);
  memory.fill(at(R_ON_CHAIN), 0, <usize>people);
  memory.fill(at(R_STATUS), STATUS_ACTIVE, <usize>people);
  memory.fill(at(R_RESOLUTION), 0xff, <usize>people << 2);
  seti(OFFSETS, 0, 0);
  seti(OFFSETS, 1, -width);
  seti(OFFSETS, 2, 1);
  seti(OFFSETS, 3, width);
  seti(OFFSETS, 4, -1);
  // Neighbour masks once per episode, so that no step divides by width.
  const edges = at(R_EDGES);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      let m: u8 = 0;
      if (r > 0) m |= HAS_N;
      if (c < width - 1) m |= HAS_E;
      if (r < height - 1) m |= HAS_S;
      if (c > 0) m |= HAS_W;
      setb(edges, r * width + c, m);
    }
  }
  const closed = at(R_CLOSED);
  memory.copy(closed, at(R_WALL), <usize>cells);
  memory.fill(at(R_REACHED), 0, <usize>cells << 2);
  search = 0;
  const exitAt = at(R_EXIT_AT);
  const exitCells = at(R_EXIT_CELLS);
  exitCount = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (geti(exitAt, cell) >= 0) seti(exitCells, exitCount++, cell);
  }
  const ignition = at(R_IGNITION);
  for (let k = 0; k < ignitionCount; k++) {
    const cell = geti(ignition, k);
    setb(burning, cell, 1);
    setb(closed, cell, 1);
    seti(burningCells, burningCount++, cell);
  }
  frontier = burningCount;
  startsOnExit = false;
  for (let i = 0; i < people; i++) {
    const cell = geti(position, i);
    seti(occupant, cell, i);
    if (geti(exitAt, cell) >= 0) startsOnExit = true;
  }
  activeCount = people;
  seti(at(R_STEP_MOVES), 0, 0);
  seti(at(R_STEP_IGNITED), 0, 0);
  newSearch();
  recordTrapped();
}


/** One step s_{t-1} → s_t (contract §7 steps 1–9), as stepCore does it. */
function step(maxSteps: i32): i32 {
  const status = at(R_STATUS);
  // A step of the log with another count than the active people, or with
  // a bad code, stops the replay before anything changes.
  const end = geti(at(R_LOG_END), steps);
  if (end > logLength || end - consumed != activeCount) return RUN_LOG_MISMATCH;
  if (!resolveIntents()) return RUN_BAD_ACTION;
  steps += 1;
  const outcomeP = at(R_OUTCOME_P);
  const eventP = at(R_EVENT_P);
  resolveConflicts();
  resolveChains(); // and steps 4–5
  if (startsOnExit) evacuateStanding();
  const before = ignitedTotal;
  spreadFire();
  const occupant = at(R_OCCUPANT);
  const ignited = at(R_IGNITED);
  for (let k = before; k < ignitedTotal; k++) {
    const cell = geti(ignited, k);
    const i = geti(occupant, cell);
    if (i >= 0) {
      setb(status, i, STATUS_CASUALTY);
      seti(occupant, cell, -1);
      setb(eventP, i, EVENT_FIRE_SPREAD);
    }
  }
  seti(at(R_STEP_IGNITED), steps, ignitedTotal);
  if (ignitedTotal > before) newSearch();
  // One pass for the outputs by log entry (the people active before the
  // step, in order), the trapped set of s_t and the people still active.
  const outcome = at(R_OUTCOME);
  const event = at(R_EVENT);
  const resolution = at(R_RESOLUTION);
  const position = at(R_POSITION);
  const trapped = at(R_TRAPPED);
  let active = 0;
  let j = consumed;
  for (let i = 0; i < people; i++) {
    const o = getb(outcomeP, i);
    if (o == OUTCOME_NONE) continue;
    const e = getb(eventP, i);
    setb(outcome, j, o);
    setb(event, j, e);
    j++;
    if (e != 0) seti(resolution, i, steps);
    else {
      active++;
      if (!reachable(geti(position, i))) {
        seti(trapped, trappedTotal++, i);
      }
    }
  }
  seti(at(R_STEP_TRAPPED), steps, trappedTotal);
  consumed = j;
  activeCount = active;
  seti(at(R_STEP_MOVES), steps, consumed);
  termination = active > 0
    ? steps >= maxSteps ? TERM_MAX_STEPS : TERM_NONE
    : TERM_ALL_RESOLVED;
  return RUN_OK;
}

/**
 * Step 1: stay, boundary, wall and (under blocked) fire; the rest are
 * movers, entered on their target's claim list. Writes only per-step
 * scratch and claim lists, so false (a code above 4) leaves s_{t-1} as it
 * was; the run then ends, and the next run starts from clean lists.
 */
function resolveIntents(): bool {
  const status = at(R_STATUS);
  const actions = at(R_ACTIONS);
  const outcomeP = at(R_OUTCOME_P);
  const position = at(R_POSITION);
  const target = at(R_TARGET);
  const wall = at(R_WALL);
  const burning = at(R_BURNING);
  const edges = at(R_EDGES);
  const eventP = at(R_EVENT_P);
  const claims = at(R_CLAIMS);
  const claimHead = at(R_CLAIM_HEAD);
  const claimNext = at(R_CLAIM_NEXT);
  const claimTail = at(R_CLAIM_TAIL);
  const contested = at(R_CONTESTED);
  contestedCount = 0;
  let j = consumed;
  for (let i = 0; i < people; i++) {
    setb(eventP, i, 0);
    if (getb(status, i) != STATUS_ACTIVE) {
      setb(outcomeP, i, OUTCOME_NONE);
      continue;
    }
    const code = getb(actions, j++);
    if (code > 4) return false;
    if (code == 0) {
      setb(outcomeP, i, OUTCOME_STAYED);
      continue;
    }
    const from = geti(position, i);
    let o: u8 = OUTCOME_PENDING;
    if ((getb(edges, from) & (<u8>1 << (code - 1))) == 0) {
      o = OUTCOME_BLOCKED_BOUNDARY;
    } else {
      const cell = from + geti(OFFSETS, code);
      if (getb(wall, cell) == 1) o = OUTCOME_BLOCKED_WALL;
      else if (blocked && getb(burning, cell) == 1) o = OUTCOME_BLOCKED_FIRE;
      else {
        seti(target, i, cell);
        // Step 2's claim lists, appended in ascending person order.
        const c = geti(claims, cell) + 1;
        seti(claims, cell, c);
        if (c == 1) seti(claimHead, cell, i);
        else {
          seti(claimNext, geti(claimTail, cell), i);
          if (c == 2) seti(contested, contestedCount++, cell);
        }
        seti(claimTail, cell, i);
        seti(claimNext, i, -1);
      }
    }
    setb(outcomeP, i, o);
  }
  return true;
}

/** uniform(k) of the movement stream: contract §7 rejection. */
function movementUniform(k: u64): u64 {
  // A power of two rejects nothing (2^64 mod k = 0) and reduces by a mask:
  // the same value as w % k, without a 64-bit division.
  if ((k & (k - 1)) == 0) {
    movementState = advance(movementState);
    return mix(movementState) & (k - 1);
  }
  let w: u64;
  do {
    movementState = advance(movementState);
    w = mix(movementState);
  } while (!accepts(w, k));
  return w % k;
}

/**
 * Step 2: for each cell that two or more movers target, in row-major order,
 * keep the mover at index uniform(k) of the person-ordered list (built in
 * step 1; resolveChains clears it).
 */
function resolveConflicts(): void {
  const outcomeP = at(R_OUTCOME_P);
  const claims = at(R_CLAIMS);
  const claimHead = at(R_CLAIM_HEAD);
  const claimNext = at(R_CLAIM_NEXT);
  const contested = at(R_CONTESTED);
  const count = contestedCount;
  if (count > 1) ascending(contested, count);
  for (let k = 0; k < count; k++) {
    const cell = geti(contested, k);
    const winner = <i32>movementUniform(<u64>geti(claims, cell));
    let index = 0;
    for (let i = geti(claimHead, cell); i >= 0; i = geti(claimNext, i)) {
      if (index != winner) setb(outcomeP, i, OUTCOME_BLOCKED_CONFLICT);
      index++;
    }
  }
}

/**
 * Step 3: follow each remaining mover's chain of occupied targets to a free
 * cell (all move), a person who does not move (all blocked_occupied) or back
 * to itself (all blocked_cycle).
 */
function resolveChains(): void {
  const outcomeP = at(R_OUTCOME_P);
  const target = at(R_TARGET);
  const chain = at(R_CHAIN);
  const onChain = at(R_ON_CHAIN);
  const occupant = at(R_OCCUPANT);
  const claims = at(R_CLAIMS);
  const claimHead = at(R_CLAIM_HEAD);
  for (let start = 0; start < people; start++) {
    const first = getb(outcomeP, start);
    if (first == OUTCOME_BLOCKED_CONFLICT) {
      const cell = geti(target, start);
      seti(claims, cell, 0);
      seti(claimHead, cell, -1);
    }
    if (first != OUTCOME_PENDING) continue;
    let length = 0;
    let cur = start;
    let result: u8 = OUTCOME_MOVED;
    for (;;) {
      seti(chain, length++, cur);
      setb(onChain, cur, 1);
      const next = geti(occupant, geti(target, cur));
      if (next < 0) {
        result = OUTCOME_MOVED;
        break;
      }
      if (getb(onChain, next) == 1) {
        // After step 2 a cell has at most one mover: a chain closes only at
        // its own start.
        result = OUTCOME_BLOCKED_CYCLE;
        break;
      }
      const o = getb(outcomeP, next);
      if (o != OUTCOME_PENDING) {
        result = o == OUTCOME_MOVED ? OUTCOME_MOVED : OUTCOME_BLOCKED_OCCUPIED;
        break;
      }
      cur = next;
    }
    // Every pending mover is on exactly one chain (later starts skip it),
    // so its claim is cleared here once, and a moving chain moves here.
    for (let k = 0; k < length; k++) {
      const i = geti(chain, k);
      setb(outcomeP, i, result);
      setb(onChain, i, 0);
      const cell = geti(target, i);
      seti(claims, cell, 0);
      seti(claimHead, cell, -1);
      if (result == OUTCOME_MOVED) move(i, cell);
    }
  }
}

/**
 * Steps 4–5 for one mover, applied as soon as its chain is known to move.
 * That leaves step 3's answers unchanged: a later chain that reaches a cell
 * a mover has left would have found that mover moving, and finds the cell
 * free; no later chain reaches a cell a mover has entered, since after
 * step 2 only that mover targets it. The mover vacates its origin only if
 * it still holds it: a follower taken first has already moved in. Only a
 * mover can evacuate: nobody starts on an exit (unless `startsOnExit`,
 * when evacuateStanding() runs too), and a person who reaches an exit
 * leaves or dies there in the same step.
 */
// @ts-ignore: decorator
@inline
function move(i: i32, cell: i32): void {
  const position = at(R_POSITION);
  const occupant = at(R_OCCUPANT);
  const from = geti(position, i);
  if (geti(occupant, from) == i) seti(occupant, from, -1);
  seti(position, i, cell);
  if (getb(at(R_BURNING), cell) == 1) {
    setb(at(R_STATUS), i, STATUS_CASUALTY);
    setb(at(R_EVENT_P), i, EVENT_ENTERED_FIRE);
  } else if (geti(at(R_EXIT_AT), cell) >= 0) {
    setb(at(R_STATUS), i, STATUS_EVACUATED);
    setb(at(R_EVENT_P), i, EVENT_EVACUATED);
  } else seti(occupant, cell, i);
}

/** Step 5 for everyone active, as stepCore does it, when someone started on an exit. */
function evacuateStanding(): void {
  const position = at(R_POSITION);
  const occupant = at(R_OCCUPANT);
  const burning = at(R_BURNING);
  const status = at(R_STATUS);
  const exitAt = at(R_EXIT_AT);
  const eventP = at(R_EVENT_P);
  for (let i = 0; i < people; i++) {
    if (getb(status, i) != STATUS_ACTIVE) continue;
    const cell = geti(position, i);
    if (geti(exitAt, cell) >= 0 && getb(burning, cell) == 0) {
      setb(status, i, STATUS_EVACUATED);
      seti(occupant, cell, -1);
      setb(eventP, i, EVENT_EVACUATED);
    }
  }
}

/**
 * Whether a fire word ignites: w < threshold, where threshold 2^64 (which
 * no u64 holds) is `always`. The word is drawn before this is asked, so a
 * draw is made for every burning neighbour whatever the answer.
 */
// @ts-ignore: decorator
@inline
function ignites(w: u64, limit: u64, all: bool): bool {
  return all || w < limit;
}

/** Test seam: ignites() on one word, threshold and flag. */
export function ignitesWord(w: u64, limit: u64, all: i32): i32 {
  return ignites(w, limit, all != 0) ? 1 : 0;
}

// @ts-ignore: decorator
@inline
function fireDraw(): bool {
  fireState = advance(fireState);
  return ignites(mix(fireState), threshold, always);
}

// @ts-ignore: decorator
@inline
function consider(candidate: usize, candidates: usize, cell: i32, count: i32): i32 {
  if (getb(candidate, cell) == 0) {
    setb(candidate, cell, 1);
    seti(candidates, count, cell);
    return count + 1;
  }
  return count;
}

/**
 * Step 6: candidates in row-major order; one fire word per burning
 * neighbour in N, E, S, W order, every draw made; ignitions are applied
 * after all draws, so candidates see burning(s_{t-1}).
 */
function spreadFire(): void {
  const burning = at(R_BURNING);
  const burningCells = at(R_BURNING_CELLS);
  const candidate = at(R_CANDIDATE);
  const candidates = at(R_CANDIDATES);
  const ignited = at(R_IGNITED);
  const closed = at(R_CLOSED);
  const edges = at(R_EDGES);
  let count = 0;
  // A burning cell whose neighbours are all walls or burning is dropped
  // from the scan: fire only grows, so it never has a candidate again.
  // The scan order does not matter, as candidates are sorted.
  let b = 0;
  while (b < frontier) {
    const cell = geti(burningCells, b);
    const m = getb(edges, cell);
    let open = false;
    if ((m & HAS_N) != 0 && getb(closed, cell - width) == 0) {
      open = true;
      count = consider(candidate, candidates, cell - width, count);
    }
    if ((m & HAS_E) != 0 && getb(closed, cell + 1) == 0) {
      open = true;
      count = consider(candidate, candidates, cell + 1, count);
    }
    if ((m & HAS_S) != 0 && getb(closed, cell + width) == 0) {
      open = true;
      count = consider(candidate, candidates, cell + width, count);
    }
    if ((m & HAS_W) != 0 && getb(closed, cell - 1) == 0) {
      open = true;
      count = consider(candidate, candidates, cell - 1, count);
    }
    if (open) b++;
    else {
      frontier--;
      seti(burningCells, b, geti(burningCells, frontier));
      seti(burningCells, frontier, cell);
    }
  }
  rowMajor(candidate, candidates, count);
  const first = ignitedTotal;
  for (let k = 0; k < count; k++) {
    const cell = geti(candidates, k);
    setb(candidate, cell, 0);
    const m = getb(edges, cell);
    // Non-short-circuit ors: every burning neighbour draws its word.
    let hit = false;
    if ((m & HAS_N) != 0 && getb(burning, cell - width) == 1) hit = fireDraw() | hit;
    if ((m & HAS_E) != 0 && getb(burning, cell + 1) == 1) hit = fireDraw() | hit;
    if ((m & HAS_S) != 0 && getb(burning, cell + width) == 1) hit = fireDraw() | hit;
    if ((m & HAS_W) != 0 && getb(burning, cell - 1) == 1) hit = fireDraw() | hit;
    if (hit) seti(ignited, ignitedTotal++, cell);
  }
  for (let k = first; k < ignitedTotal; k++) {
    const cell = geti(ignited, k);
    setb(burning, cell, 1);
    setb(closed, cell, 1);
    // New burning cells join the frontier; the dropped ones stay past it.
    seti(burningCells, burningCount, geti(burningCells, frontier));
    seti(burningCells, frontier++, cell);
    burningCount++;
  }
}

/**
 * Step 8's reachability: a breadth-first search from every exit not
 * burning, over floor not burning, started by newSearch() whenever the fire
 * changes and carried only as far as the people need (reachable()). A cell
 * is reachable exactly when the search, run to the end, would stamp it, so
 * stopping early gives the same answers. src/scenario/geometry.ts computes
 * distances; only reachability is used, and it does not depend on the
 * search order.
 */
function newSearch(): void {
  search++;
  const reached = at(R_REACHED);
  const queue = at(R_QUEUE);
  const closed = at(R_CLOSED);
  const exitCells = at(R_EXIT_CELLS);
  let tail = 0;
  for (let e = 0; e < exitCount; e++) {
    const cell = geti(exitCells, e);
    if (getb(closed, cell) == 0) {
      seti(reached, cell, search);
      seti(queue, tail++, cell);
    }
  }
  searchHead = 0;
  searchTail = tail;
}

/** Whether `target` is reachable, running the current search further if needed. */
function reachable(target: i32): bool {
  const reached = at(R_REACHED);
  if (geti(reached, target) == search) return true;
  const queue = at(R_QUEUE);
  const closed = at(R_CLOSED);
  const edges = at(R_EDGES);
  let head = searchHead;
  let tail = searchTail;
  while (head < tail) {
    const cell = geti(queue, head++);
    const m = getb(edges, cell);
    if ((m & HAS_N) != 0) tail = visit(reached, queue, closed, cell - width, tail);
    if ((m & HAS_E) != 0) tail = visit(reached, queue, closed, cell + 1, tail);
    if ((m & HAS_S) != 0) tail = visit(reached, queue, closed, cell + width, tail);
    if ((m & HAS_W) != 0) tail = visit(reached, queue, closed, cell - 1, tail);
    if (geti(reached, target) == search) break;
  }
  searchHead = head;
  searchTail = tail;
  return geti(reached, target) == search;
}

// @ts-ignore: decorator
@inline
function visit(reached: usize, queue: usize, closed: usize, cell: i32, tail: i32): i32 {
  if (geti(reached, cell) == search || getb(closed, cell) == 1) return tail;
  seti(reached, cell, search);
  seti(queue, tail, cell);
  return tail + 1;
}

/** Step 8: append the trapped set of the current state (person order). */
function recordTrapped(): void {
  const status = at(R_STATUS);
  const position = at(R_POSITION);
  const trapped = at(R_TRAPPED);
  for (let i = 0; i < people; i++) {
    if (getb(status, i) == STATUS_ACTIVE && !reachable(geti(position, i))) {
      seti(trapped, trappedTotal++, i);
    }
  }
  seti(at(R_STEP_TRAPPED), steps, trappedTotal);
}

/**
 * Put the `count` flagged cells at `list` in row-major order: insertion sort
 * for a few, a scan of the flags when there are many (cheaper than sorting
 * once count · log count passes the number of cells).
 */
function rowMajor(flags: usize, list: usize, count: i32): void {
  if (count <= 16) insertionSort(list, count);
  else if (count * 8 >= cells) {
    let k = 0;
    for (let cell = 0; k < count; cell++) {
      if (getb(flags, cell) != 0) seti(list, k++, cell);
    }
  } else sort(list, count);
}

/** Sort `count` i32 values at `list` ascending. */
function ascending(list: usize, count: i32): void {
  if (count <= 16) insertionSort(list, count);
  else sort(list, count);
}

// @ts-ignore: decorator
@inline
function insertionSort(list: usize, count: i32): void {
  for (let i = 1; i < count; i++) {
    const v = geti(list, i);
    let j = i - 1;
    while (j >= 0 && geti(list, j) > v) {
      seti(list, j + 1, geti(list, j));
      j--;
    }
    seti(list, j + 1, v);
  }
}

/** In-place heapsort of `count` i32 values at `base`, ascending. */
function sort(base: usize, count: i32): void {
  for (let i = (count >> 1) - 1; i >= 0; i--) siftDown(base, i, count);
  for (let end = count - 1; end > 0; end--) {
    const top = geti(base, 0);
    seti(base, 0, geti(base, end));
    seti(base, end, top);
    siftDown(base, 0, end);
  }
}

function siftDown(base: usize, root: i32, count: i32): void {
  const v = geti(base, root);
  let i = root;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= count) break;
    if (child + 1 < count && geti(base, child + 1) > geti(base, child)) child++;
    if (geti(base, child) <= v) break;
    seti(base, i, geti(base, child));
    i = child;
  }
  seti(base, i, v);
}

/** Test seam: `count` words of stream(seed, id) into u64s at `out`. */
export function streamWords(seed: u64, id: u64, count: i32, out: usize): void {
  let state = streamState(seed, id);
  for (let k = 0; k < count; k++) {
    state = advance(state);
    store<u64>(out + (<usize>k << 3), mix(state));
  }
}

/**
 * Test seam: uniform(k) of stream(seed, id) for each of the `count` u64
 * bounds at `io`, through the movement stream's own rejection loop; the
 * draws replace the bounds, and io[count] gets the stream's next raw word
 * (which tells how many words were drawn).
 */
export function streamUniform(seed: u64, id: u64, count: i32, io: usize): void {
  const saved = movementState;
  movementState = streamState(seed, id);
  for (let c = 0; c < count; c++) {
    const at = io + (<usize>c << 3);
    store<u64>(at, movementUniform(load<u64>(at)));
  }
  movementState = advance(movementState);
  store<u64>(io + (<usize>count << 3), mix(movementState));
  movementState = saved;
}
