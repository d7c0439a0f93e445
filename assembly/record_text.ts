// Verification by regeneration inside the replay kernel: the action log is
// read from a record's canonical text placed in linear memory, and after
// run() the record's canonical text is written from the trace and compared
// with that text as it is written, never stored. It is the text that
// src/sim/trace_bytes.ts (writeRecordText) writes; that file stays the
// reference and the tests hold the two equal.
//
// This module holds no kernel state of its own beyond the text's: the entry
// (replay.ts) passes its region table and its counts in, so the kernel's
// globals stay private to it. Regions R_TEXT..R_TEXT_WORK are this
// module's, placed above everything prepare() placed (placeText), so a
// later prepare() for the exact log leaves them where they are.

import { getb, geti, setb, seti } from "./memory";
import {
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  OUTCOME_MOVED,
  R_ACTIONS,
  R_EDGES,
  R_EVENT,
  R_EXIT_AT,
  R_IGNITED,
  R_IGNITION,
  R_NAMES,
  R_NAME_ENDS,
  R_OUTCOME,
  R_POSITION,
  R_RESOLUTION,
  R_STATUS,
  R_STEP_IGNITED,
  R_STEP_MOVES,
  R_STEP_TRAPPED,
  R_TEXT,
  R_TEXT_START,
  R_TEXT_WORK,
  R_TRAPPED,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "./codes";

// Where this module's regions are, and what the text holds.
let table: usize = 0;
let textLength: i32 = 0;
let people: i32 = 0;
let entriesCap: i32 = 0;
let stepsCap: i32 = 0;
// Parts of R_TEXT_WORK.
let logEnds: usize = 0; // i32 per step read
let position: usize = 0; // i32 per person: the writer's s_t
let status: usize = 0; // u8 per person
let cause: usize = 0; // u8 per person: the event that resolved a casualty
let burningA: usize = 0; // i32 per cell: burning(s_t), ascending
let burningB: usize = 0; // i32 per cell: the next state's, merged
let casualties: usize = 0; // i32 pairs (person, entry) of this step
let evacuations: usize = 0; // i32 pairs (person, entry) of this step
// The log as read.
let entriesRead: i32 = 0;
let stepsRead: i32 = 0;

// The comparison: the next byte of the text to match, and the first
// difference (-1 while none).
let text: usize = 0;
let pos: i32 = 0;
let diff: i32 = -1;
let names: usize = 0;
let nameEnds: usize = 0;
let startAddress: usize = 0;
let initialIgnitions: i32 = 0;
const DIGITS: usize = memory.data(32, 8);

// @ts-ignore: decorator
@inline
function at(id: i32): usize {
  return <usize>load<u32>(table + (<usize>id << 2));
}

// @ts-ignore: decorator
@inline
function align(v: u64): u64 {
  return (v + 7) & ~7;
}

/**
 * Place regions R_TEXT..R_TEXT_WORK from `top` (the end of what prepare() placed) for a
 * text of `bytes` bytes, `nameBytes` bytes of names in `count` names, and
 * a log of at most `entries` codes over `stepsAtMost` steps; grow memory.
 * Returns 0, or -1 when memory cannot grow that far.
 */
export function placeText(
  regions: usize,
  top: u64,
  n: i32,
  cellCount: i32,
  entries: i32,
  stepsAtMost: i32,
  ignitions: i32,
  bytes: i32,
  nameBytes: i32,
  count: i32,
): i32 {
  table = regions;
  people = n;
  initialIgnitions = ignitions;
  entriesCap = entries;
  stepsCap = stepsAtMost;
  textLength = bytes;
  let p = align(top);
  text = <usize>p;
  p = align(p + <u64>bytes);
  names = <usize>p;
  p = align(p + <u64>nameBytes);
  nameEnds = <usize>p;
  p = align(p + (<u64>count << 2));
  startAddress = <usize>p;
  p = align(p + (<u64>n << 2));
  logEnds = <usize>p;
  p = align(p + (<u64>stepsAtMost << 2));
  position = <usize>p;
  p = align(p + (<u64>n << 2));
  status = <usize>p;
  p = align(p + <u64>n);
  cause = <usize>p;
  p = align(p + <u64>n);
  burningA = <usize>p;
  p = align(p + (<u64>cellCount << 2));
  burningB = <usize>p;
  p = align(p + (<u64>cellCount << 2));
  casualties = <usize>p;
  p = align(p + (<u64>n << 3));
  evacuations = <usize>p;
  p = align(p + (<u64>n << 3));
  // Cell texts are worth making once when the text writes many more cells
  // than the grid has.
  cells = cellCount;
  cached = cellCount <= MAX_CACHED_CELLS && <i64>cellCount * 64 <= <i64>bytes;
  cellTexts = <usize>p;
  if (cached) p = align(p + (<u64>cellCount << 4));
  // The comparisons load whole vectors past a cell's text: room for them.
  p += 16;
  if (p > 0xffff0000) return -1;
  const need = <i32>((p + 0xffff) >> 16);
  const have = memory.size();
  if (need > have && memory.grow(need - have) < 0) return -1;
  restoreText(regions);
  return 0;
}

/** Put this module's region addresses back after a prepare() moved the table's. */
export function restoreText(regions: usize): void {
  store<u32>(regions + (<usize>R_TEXT << 2), <u32>text);
  store<u32>(regions + (<usize>R_NAMES << 2), <u32>names);
  store<u32>(regions + (<usize>R_NAME_ENDS << 2), <u32>nameEnds);
  store<u32>(regions + (<usize>R_TEXT_START << 2), <u32>startAddress);
  store<u32>(regions + (<usize>R_TEXT_WORK << 2), <u32>logEnds);
}

/** Steps of the log read by readLog(). */
export function logStepsRead(): i32 {
  return stepsRead;
}

/** Codes of the log read by readLog(). */
export function logEntriesRead(): i32 {
  return entriesRead;
}

/** Address of the step ends read by readLog(). */
export function logEndsRead(): usize {
  return logEnds;
}

/**
 * The action log of the text, as src/verify/regenerate.ts's
 * actionLogOfText reads it: per step, the values of its `actions` object in
 * text order. A value that is not an action gives code 255. It may read
 * loosely: the text written from the replay must then equal the text byte
 * for byte. Codes go to R_ACTIONS (at most entriesCap), step ends to
 * logEnds (at most stepsCap). Returns 0, or -1 when the text has no
 * `"steps":[`, an `actions` object without its `}`, or more than the caps.
 */
export function readLog(): i32 {
  const codes = at(R_ACTIONS);
  const len = textLength;
  entriesRead = 0;
  stepsRead = 0;
  let from = find(STEPS_MARK, 0);
  if (from < 0) return -1;
  let n = 0;
  let s = 0;
  for (;;) {
    const open = find(ACTIONS_MARK, from);
    if (open < 0) break;
    const first = open + 12;
    let close = first;
    while (close < len && getb(text, close) != 0x7d) close++;
    if (close >= len) return -1;
    // Pairs `"id":"action"`: an action holds no ':' or ',' (IDs may hold
    // ':'), so a value starts after the last ':' before its ',' or '}'.
    let colon = -1;
    for (let i = first; close > first && i <= close; i++) {
      const c = getb(text, i);
      if (c == 0x3a) colon = i;
      else if (c == 0x2c || i == close) {
        if (n >= entriesCap) return -1;
        setb(codes, n++, colon < 0 ? 255 : codeAt(colon + 1, i));
        colon = -1;
      }
    }
    if (s >= stepsCap) return -1;
    seti(logEnds, s++, n);
    from = close;
  }
  entriesRead = n;
  stepsRead = s;
  return 0;
}

const STEPS_MARK = '"steps":[';
const ACTIONS_MARK = '{"actions":{';

/**
 * First index >= from where the text holds the ASCII `mark` (two bytes
 * long at least), else -1. Sixteen places at a time are tested for the
 * mark's first and last bytes, and only those are compared in full: in a
 * record's text `{"actions":{` is the only `{` eleven bytes after a `{`.
 */
function find(mark: string, from: i32): i32 {
  const m = changetype<usize>(mark);
  const length = mark.length;
  const head = <u8>load<u16>(m);
  const tail = <u8>load<u16>(m + (<usize>(length - 1) << 1));
  const last = textLength - length;
  const heads = i8x16.splat(head);
  const tails = i8x16.splat(tail);
  let i = from;
  // Loads of 16 bytes at i and i + length - 1 stay inside the text.
  while (i + 16 <= last + 1) {
    let mask = i8x16.bitmask(
      v128.and(
        i8x16.eq(v128.load(text + <usize>i), heads),
        i8x16.eq(v128.load(text + <usize>(i + length - 1)), tails),
      ),
    );
    while (mask != 0) {
      const j = i + ctz(mask);
      if (matches(mark, j)) return j;
      mask &= mask - 1;
    }
    i += 16;
  }
  for (; i <= last; i++) {
    if (getb(text, i) == head && matches(mark, i)) return i;
  }
  return -1;
}

/** The action code of the quoted action at text[from..to), else 255. */
function codeAt(from: i32, to: i32): u8 {
  const length = to - from;
  if (length == 6) {
    if (matches('"stay"', from)) return 0;
    if (matches('"east"', from)) return 2;
    if (matches('"west"', from)) return 4;
  } else if (length == 7) {
    if (matches('"north"', from)) return 1;
    if (matches('"south"', from)) return 3;
  }
  return 255;
}

function matches(s: string, from: i32): bool {
  const p = changetype<usize>(s);
  const length = s.length;
  for (let k = 0; k < length; k++) {
    if (getb(text, from + k) != <u8>load<u16>(p + (<usize>k << 1))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// The writer: each piece is compared with the text at `pos` as it is
// written; the first difference is kept and every later piece is skipped.

/** Compare the ASCII literal `s`. */
// @ts-ignore: decorator
@inline
function lit(s: string): void {
  if (diff < 0) chars(changetype<usize>(s), s.length);
}

// Both comparisons below load whole vectors: up to 15 bytes past the
// text's end (the names follow it) and past a literal or a name (static
// data, other regions), never past memory. Lanes past the length are masked
// off.

/**
 * Compare `length` UTF-16 code units at `p` (an ASCII literal), eight at a
 * time against eight bytes of the text widened to 16 bits.
 */
function chars(p: usize, length: i32): void {
  if (pos + length > textLength) {
    slowChars(p, length);
    return;
  }
  const t = text + <usize>pos;
  for (let k = 0; k < length; k += 8) {
    const equal = i16x8.bitmask(
      i16x8.eq(v128.load_ext<u8>(t + <usize>k), v128.load(p + (<usize>k << 1))),
    );
    const rest = length - k;
    const need = rest >= 8 ? 0xff : (1 << rest) - 1;
    if ((equal & need) != need) {
      diff = pos + k + ctz(~equal & need);
      return;
    }
  }
  pos += length;
}

/** chars() where the text may end first. */
function slowChars(p: usize, length: i32): void {
  const avail = textLength - pos;
  const t = text + <usize>pos;
  for (let k = 0; k < avail; k++) {
    if (load<u8>(t + <usize>k) != <u8>load<u16>(p + (<usize>k << 1))) {
      diff = pos + k;
      return;
    }
  }
  diff = pos + avail;
}

/** Compare `length` bytes at `p`, sixteen at a time. */
function bytes(p: usize, length: i32): void {
  if (diff >= 0) return;
  if (pos + length > textLength) {
    slowBytes(p, length);
    return;
  }
  const t = text + <usize>pos;
  for (let k = 0; k < length; k += 16) {
    const equal = i8x16.bitmask(
      i8x16.eq(v128.load(t + <usize>k), v128.load(p + <usize>k)),
    );
    const rest = length - k;
    const need = rest >= 16 ? 0xffff : (1 << rest) - 1;
    if ((equal & need) != need) {
      diff = pos + k + ctz(~equal & need);
      return;
    }
  }
  pos += length;
}

/** bytes() where the text may end first. */
function slowBytes(p: usize, length: i32): void {
  const avail = textLength - pos;
  const t = text + <usize>pos;
  for (let k = 0; k < avail; k++) {
    if (load<u8>(t + <usize>k) != load<u8>(p + <usize>k)) {
      diff = pos + k;
      return;
    }
  }
  diff = pos + avail;
}

/** Digits of v (which may be negative: a target above or left of the grid) ending at DIGITS + end. */
function digits(v: i32, end: usize): usize {
  let u: u32 = v < 0 ? <u32>(-v) : <u32>v;
  let p = end;
  do {
    p--;
    store<u8>(p, <u8>(48 + u % 10));
    u /= 10;
  } while (u != 0);
  if (v < 0) {
    p--;
    store<u8>(p, 45);
  }
  return p;
}

function int(v: i32): void {
  if (diff >= 0) return;
  const end = DIGITS + 32;
  const p = digits(v, end);
  bytes(p, <i32>(end - p));
}

/** `[row,col]`. */
function rowCol(row: i32, col: i32): void {
  if (diff >= 0) return;
  const end = DIGITS + 32;
  store<u8>(end - 1, 0x5d);
  let p = digits(col, end - 1);
  p--;
  store<u8>(p, 0x2c);
  p = digits(row, p);
  p--;
  store<u8>(p, 0x5b);
  bytes(p, <i32>(end - p));
}

let width: i32 = 0;
let cells: i32 = 0;
// Per cell, when `cached`: 16 bytes, the length of its text `[row,col]`
// then the text (at most 13 bytes below MAX_CACHED_CELLS cells).
let cached: bool = false;
let cellTexts: usize = 0;
const MAX_CACHED_CELLS: i32 = 1 << 16;

function cacheCells(): void {
  const end = DIGITS + 32;
  for (let index = 0; index < cells; index++) {
    const row = index / width;
    const col = index - row * width;
    store<u8>(end - 1, 0x5d);
    let p = digits(col, end - 1);
    p--;
    store<u8>(p, 0x2c);
    p = digits(row, p);
    p--;
    store<u8>(p, 0x5b);
    const slot = cellTexts + (<usize>index << 4);
    const length = <usize>(end - p);
    store<u8>(slot, <u8>length);
    memory.copy(slot + 1, p, length);
  }
}

function cell(index: i32): void {
  if (cached) {
    const slot = cellTexts + (<usize>index << 4);
    bytes(slot + 1, load<u8>(slot));
  } else {
    const row = index / width;
    rowCol(row, index - row * width);
  }
}

/** Name k: 0 the header, 1 + i person i, 1 + people + e exit e. */
function name(k: i32): void {
  const from = k == 0 ? 0 : geti(nameEnds, k - 1);
  bytes(names + <usize>from, geti(nameEnds, k) - from);
}

function person(i: i32): void {
  name(1 + i);
}

function exitName(e: i32): void {
  name(1 + people + e);
}

/** `,"status":` and the status, then the closing `}`. */
function statusClose(s: u8): void {
  if (s == STATUS_ACTIVE) lit(',"status":"active"}');
  else if (s == STATUS_EVACUATED) lit(',"status":"evacuated"}');
  else lit(',"status":"casualty"}');
}

/** `:` and the quoted action of a code. */
function actionValue(code: u8): void {
  if (code == 0) lit(':"stay"');
  else if (code == 1) lit(':"north"');
  else if (code == 2) lit(':"east"');
  else if (code == 3) lit(':"south"');
  else lit(':"west"');
}

/** A movement's head: the action, then the origin's key. */
function movementHead(code: u8): void {
  if (code == 0) lit('{"action":"stay","origin":');
  else if (code == 1) lit('{"action":"north","origin":');
  else if (code == 2) lit('{"action":"east","origin":');
  else if (code == 3) lit('{"action":"south","origin":');
  else lit('{"action":"west","origin":');
}

/** A movement's outcome, then the person's key. */
function outcomeKey(o: u8): void {
  switch (o) {
    case 0: lit(',"outcome":"stayed","person_id":'); break;
    case 1: lit(',"outcome":"moved","person_id":'); break;
    case 2: lit(',"outcome":"blocked_boundary","person_id":'); break;
    case 3: lit(',"outcome":"blocked_wall","person_id":'); break;
    case 4: lit(',"outcome":"blocked_fire","person_id":'); break;
    case 5: lit(',"outcome":"blocked_occupied","person_id":'); break;
    case 6: lit(',"outcome":"blocked_conflict","person_id":'); break;
    default: lit(',"outcome":"blocked_cycle","person_id":');
  }
}

function causeText(event: u8): void {
  if (event == EVENT_ENTERED_FIRE) lit('"entered_fire"');
  else lit('"fire_spread"');
}

let totalSteps: i32 = 0;
let termination: i32 = 0;

function reasonIsNull(t: i32): bool {
  return t != totalSteps || termination == TERM_NONE;
}

function reason(t: i32): void {
  if (reasonIsNull(t)) lit("null");
  else if (termination == TERM_ALL_RESOLVED) lit('"all_resolved"');
  else lit('"max_steps"');
}

function trappedSet(t: i32): void {
  const stepTrapped = at(R_STEP_TRAPPED);
  const trapped = at(R_TRAPPED);
  const from = t == 0 ? 0 : geti(stepTrapped, t - 1);
  const to = geti(stepTrapped, t);
  for (let k = from; k < to; k++) {
    if (k > from) lit(",");
    person(geti(trapped, k));
  }
}

let burningCount: i32 = 0;

function snapshot(t: i32): void {
  lit('{"burning":[');
  for (let k = 0; k < burningCount; k++) {
    if (k > 0) lit(",");
    cell(geti(burningA, k));
  }
  lit('],"people":[');
  for (let i = 0; i < people && diff < 0; i++) {
    lit(i == 0 ? '{"person_id":' : ',{"person_id":');
    person(i);
    lit(',"position":');
    cell(geti(position, i));
    statusClose(getb(status, i));
  }
  lit('],"step":');
  int(t);
  lit(reasonIsNull(t) ? ',"terminated":false' : ',"terminated":true');
  lit(',"termination_reason":');
  reason(t);
  lit(',"trapped":[');
  trappedSet(t);
  lit("]}");
}

/**
 * Write the canonical record text of the trace of the last run(), which
 * terminated after `steps` steps, and compare it with the text. Returns -1
 * when it is the text (same length too), else the offset of the first
 * difference (the shorter length when one is a prefix of the other).
 */
export function compareRecord(
  regions: usize,
  w: i32,
  steps: i32,
  term: i32,
): i32 {
  table = regions;
  width = w;
  if (cached) cacheCells();
  totalSteps = steps;
  termination = term;
  pos = 0;
  diff = -1;
  const n = people;
  const outcome = at(R_OUTCOME);
  const event = at(R_EVENT);
  const codes = at(R_ACTIONS);
  const stepEntries = at(R_STEP_MOVES);
  const stepIgnited = at(R_STEP_IGNITED);
  const ignited = at(R_IGNITED);
  const exitAt = at(R_EXIT_AT);
  const finalStatus = at(R_STATUS);
  const finalPosition = at(R_POSITION);
  const resolution = at(R_RESOLUTION);
  const edges = at(R_EDGES);

  // The final state comes first in the text: the casualty causes come from
  // a pass over the events (status is the "resolved" flag meanwhile).
  memory.fill(status, 0, <usize>n);
  memory.fill(cause, 0, <usize>n);
  for (let t = 1; t <= steps; t++) {
    let j = geti(stepEntries, t - 1);
    for (let i = 0; i < n; i++) {
      if (getb(status, i) == 1) continue;
      const e = getb(event, j++);
      if (e == 0) continue;
      setb(status, i, 1);
      if (e != EVENT_EVACUATED) setb(cause, i, e);
    }
  }
  lit('{"final_state":{"people":[');
  for (let i = 0; i < n && diff < 0; i++) {
    const s = getb(finalStatus, i);
    const cellAt = geti(finalPosition, i);
    lit(i == 0 ? '{"casualty_cause":' : ',{"casualty_cause":');
    if (s == STATUS_CASUALTY) causeText(getb(cause, i));
    else lit("null");
    lit(',"exit_id":');
    if (s == STATUS_EVACUATED) exitName(geti(exitAt, cellAt));
    else lit("null");
    lit(',"person_id":');
    person(i);
    lit(',"position":');
    cell(cellAt);
    lit(',"resolution_step":');
    if (s == STATUS_ACTIVE) lit("null");
    else int(geti(resolution, i));
    statusClose(s);
  }
  lit('],"step":');
  int(steps);
  lit(',"termination_reason":');
  reason(steps);
  lit(',"trapped":[');
  trappedSet(steps);
  lit(']},"header":');
  name(0);

  memory.fill(status, STATUS_ACTIVE, <usize>n);
  memory.copy(position, startAddress, <usize>n << 2);
  memory.copy(burningA, at(R_IGNITION), <usize>initialIgnitions << 2);
  burningCount = initialIgnitions;
  lit(',"initial_state":');
  snapshot(0);
  lit(',"steps":[');
  for (let t = 1; t <= steps && diff < 0; t++) {
    const first = geti(stepEntries, t - 1);
    lit(t == 1 ? '{"actions":{' : ',{"actions":{');
    let cas = 0;
    let evac = 0;
    let j = first;
    for (let i = 0; i < n; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const e = getb(event, j);
      if (j != first) lit(",");
      person(i);
      actionValue(getb(codes, j));
      if (e == EVENT_EVACUATED) {
        seti(evacuations, evac++, i);
        seti(evacuations, evac++, j);
      } else if (e != 0) {
        seti(casualties, cas++, i);
        seti(casualties, cas++, j);
      }
      j++;
    }
    lit('},"casualties":[');
    for (let k = 0; k < cas; k += 2) {
      lit(k == 0 ? '{"cause":' : ',{"cause":');
      causeText(getb(event, geti(casualties, k + 1)));
      lit(',"person_id":');
      person(geti(casualties, k));
      lit("}");
    }
    lit('],"evacuations":[');
    for (let k = 0; k < evac; k += 2) {
      // Only a mover evacuates, onto its target (or a person standing on
      // an exit in s_0, whose code is stay).
      const i = geti(evacuations, k);
      const code = getb(codes, geti(evacuations, k + 1));
      lit(k == 0 ? '{"exit_id":' : ',{"exit_id":');
      exitName(geti(exitAt, geti(position, i) + offset(code)));
      lit(',"person_id":');
      person(i);
      lit("}");
    }
    lit('],"ignitions":[');
    const from = geti(stepIgnited, t - 1);
    const to = geti(stepIgnited, t);
    for (let k = from; k < to; k++) {
      if (k > from) lit(",");
      cell(geti(ignited, k));
    }
    lit('],"movements":[');
    j = first;
    for (let i = 0; i < n && diff < 0; i++) {
      if (getb(status, i) != STATUS_ACTIVE) continue;
      const code = getb(codes, j);
      const o = getb(outcome, j);
      const e = getb(event, j);
      if (j != first) lit(",");
      j++;
      const origin = geti(position, i);
      // Movement keys: action, origin, outcome, person_id, target. A
      // target outside the grid (blocked by the edge) is written from its
      // row and column, the same text as a cell's.
      movementHead(code);
      cell(origin);
      outcomeKey(o);
      person(i);
      if (code == 0) lit(',"target":null}');
      else {
        lit(',"target":');
        if ((getb(edges, origin) & (<u8>1 << (code - 1))) != 0) {
          cell(origin + offset(code));
        } else {
          const row = origin / w;
          rowCol(row + rowDelta(code), origin - row * w + colDelta(code));
        }
        lit("}");
      }
      if (o == OUTCOME_MOVED) seti(position, i, origin + offset(code));
      if (e == EVENT_EVACUATED) setb(status, i, STATUS_EVACUATED);
      else if (e != 0) setb(status, i, STATUS_CASUALTY);
    }
    if (to > from) mergeIgnitions(ignited, from, to);
    lit('],"state":');
    snapshot(t);
    lit(',"step":');
    int(t);
    lit("}");
  }
  lit("]}");
  if (diff < 0 && pos != textLength) diff = pos;
  return diff;
}

// @ts-ignore: decorator
@inline
function rowDelta(code: u8): i32 {
  return code == 1 ? -1 : code == 3 ? 1 : 0;
}

// @ts-ignore: decorator
@inline
function colDelta(code: u8): i32 {
  return code == 2 ? 1 : code == 4 ? -1 : 0;
}

// @ts-ignore: decorator
@inline
function offset(code: u8): i32 {
  return rowDelta(code) * width + colDelta(code);
}

/** burningA ∪ ignited[from..to), both ascending, into burningA. */
function mergeIgnitions(ignited: usize, from: i32, to: i32): void {
  let a = 0;
  let b = from;
  let k = 0;
  const count = burningCount;
  while (a < count && b < to) {
    const x = geti(burningA, a);
    const y = geti(ignited, b);
    if (x < y) {
      seti(burningB, k++, x);
      a++;
    } else {
      seti(burningB, k++, y);
      b++;
    }
  }
  while (a < count) seti(burningB, k++, geti(burningA, a++));
  while (b < to) seti(burningB, k++, geti(ignited, b++));
  const swap = burningA;
  burningA = burningB;
  burningB = swap;
  burningCount = k;
}
