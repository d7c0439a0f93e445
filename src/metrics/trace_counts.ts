/**
 * The counting pass of the trace path (`trace_metrics.ts`): one walk over
 * a replay trace and its action log that fills, per person and for the
 * episode, every count the metric sections' formulas read, and the fire
 * distance of every active person-state. Typed arrays only.
 *
 * The work is split into small methods (a step, a visit of a state, an
 * ignition) rather than one long loop: V8 compiles a function once it has
 * run for a budget that grows with the function's size, and `verify` counts
 * only a few traces per process, so small hot functions reach compiled
 * code within the first trace.
 *
 * @module
 */

import { relaxFromSources } from "./sections/fire_distance.ts";
import type { Layout } from "../sim/layout.ts";
import {
  ACTION_DELTAS,
  EVENT_EVACUATED,
  EVENT_NONE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
} from "../sim/step.ts";
import type { ActionLog, Trace } from "../sim/trace.ts";

// Outcome codes (the index in `OUTCOMES` of step.ts): stayed, moved, then
// the six blocked kinds in `BLOCK_KINDS` order.
const STAYED = 0;
const MOVED = 1;
const FIRST_BLOCKED = 2;
const NO_DISTANCE = 0x7fffffff;

/** The counts of one episode, by person number (ID order) and in total. */
export class TraceCounts {
  /** Each person's cell, status, and event code if a casualty. */
  readonly position: Int32Array;
  readonly status: Uint8Array;
  readonly casualtyEvent: Uint8Array;
  /** Each person's evacuation step, -1 if none. */
  readonly evacuationStep: Int32Array;
  /** Each person's decisions, `stayed`, `moved` and blocked outcomes. */
  readonly decisions: Int32Array;
  readonly stayed: Int32Array;
  readonly cellsMoved: Int32Array;
  readonly blockedMoves: Int32Array;
  /** Each person's longest run of consecutive blocks. */
  readonly maxRun: Int32Array;
  /** Decisions whose action is `stay`, outcomes `moved`, blocked by kind. */
  stayActions = 0;
  moved = 0;
  readonly blocked: Int32Array;
  /** The replanning counts of metrics.md §10. */
  events = 0;
  withNext = 0;
  movedAfter = 0;
  blockedAfter = 0;
  stayedAfter = 0;
  changedAfter = 0;
  /** Evacuations by exit number (scenario order). */
  readonly perExit: Int32Array;
  /** Active person-states, and those while some cell burns. */
  states = 0;
  withFire = 0;
  /** Distances are below `span` (rows + cols). */
  readonly span: number;
  /** Person-states by distance; each person's, row `i` of `span` entries. */
  readonly hist: Float64Array;
  readonly personHist: Int32Array;
  /** Each person's smallest and largest distance (the range of its row). */
  readonly nearest: Int32Array;
  readonly farthest: Int32Array;

  private readonly delta: Int32Array;
  private readonly exitAt: Int32Array;
  private readonly lastCode: Uint8Array;
  private readonly lastBlocked: Uint8Array;
  private readonly run: Int32Array;
  // The people active in the current state, in person order.
  private readonly active: Int32Array;
  private activeCount: number;
  private readonly rows: number;
  private readonly cols: number;
  private readonly dist: Int32Array;
  private readonly queue: Int32Array;
  private burning = false;

  constructor(layout: Layout) {
    const { world } = layout;
    const n = world.people;
    this.rows = world.height;
    this.cols = world.width;
    this.exitAt = world.exitAt;
    const cols = this.cols;
    const cells = this.rows * cols;
    const span = this.rows + cols;
    this.span = span;
    // One buffer for every array: each typed array of its own would be an
    // allocation outside the heap for the collector to track.
    const intCount = ACTION_DELTAS.length + 6 + 11 * n +
      layout.exitIds.length + 2 * cells + n * span;
    const buffer = new ArrayBuffer(8 * span + 4 * intCount + 4 * n);
    this.hist = new Float64Array(buffer, 0, span);
    const ints = new Int32Array(buffer, 8 * span, intCount);
    let at = 0;
    const take = (length: number): Int32Array =>
      ints.subarray(at, at += length);
    this.delta = take(ACTION_DELTAS.length);
    ACTION_DELTAS.forEach(([dr, dc], a) => this.delta[a] = dr * cols + dc);
    this.blocked = take(6);
    this.position = take(n);
    this.position.set(layout.initialPositions);
    this.evacuationStep = take(n).fill(-1);
    this.decisions = take(n);
    this.stayed = take(n);
    this.cellsMoved = take(n);
    this.blockedMoves = take(n);
    this.maxRun = take(n);
    this.run = take(n);
    this.active = take(n);
    for (let i = 0; i < n; i++) this.active[i] = i;
    this.activeCount = n;
    this.nearest = take(n).fill(span);
    this.farthest = take(n);
    this.perExit = take(layout.exitIds.length);
    this.dist = take(cells).fill(NO_DISTANCE);
    this.queue = take(cells);
    this.personHist = take(n * span);
    const bytes = new Uint8Array(buffer, 8 * span + 4 * intCount, 4 * n);
    this.status = bytes.subarray(0, n);
    this.casualtyEvent = bytes.subarray(n, 2 * n);
    this.lastCode = bytes.subarray(2 * n, 3 * n);
    this.lastBlocked = bytes.subarray(3 * n, 4 * n);
  }

  /** People active in the current state. */
  get activePeople(): number {
    return this.activeCount;
  }

  /** Cells `cells[from..to)` (ascending or not) start burning. */
  ignite(cells: Int32Array, from = 0, to: number = cells.length): void {
    if (to <= from) return;
    relaxFromSources(
      this.dist,
      this.rows,
      this.cols,
      cells,
      this.queue,
      from,
      to,
    );
    this.burning = true;
  }

  /** Count the active person-states of the current state. */
  visit(): void {
    const count = this.activeCount;
    this.states += count;
    if (!this.burning) return;
    this.withFire += count;
    const { active, dist, position, hist, personHist, nearest, farthest } =
      this;
    const span = this.span;
    for (let k = 0; k < count; k++) {
      const p = active[k]!;
      const d = dist[position[p]!]!;
      if (d < 1) throw new RangeError("an active person is on a burning cell");
      hist[d]!++;
      personHist[p * span + d]!++;
      if (d < nearest[p]!) nearest[p] = d;
      if (d > farthest[p]!) farthest[p] = d;
    }
  }

  /**
   * Play step `t`: its entries start at `from` in the log and the trace,
   * one per active person in person order.
   */
  step(t: number, from: number, log: ActionLog, trace: Trace): void {
    const codes = log.codes;
    const { outcome, event } = trace;
    const { active, position, delta, blocked, lastBlocked, lastCode, run } =
      this;
    const { decisions, stayed, cellsMoved, blockedMoves, maxRun } = this;
    const count = this.activeCount;
    let stayActions = 0;
    let moved = 0;
    let events = 0;
    let withNext = 0;
    let movedAfter = 0;
    let blockedAfter = 0;
    let stayedAfter = 0;
    let changedAfter = 0;
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const p = active[k]!;
      const j = from + k;
      const code = codes[j]!;
      const out = outcome[j]!;
      decisions[p]!++;
      if (code === 0) stayActions++;
      const isBlocked = out >= FIRST_BLOCKED;
      if (out === STAYED) stayed[p]!++;
      else if (out === MOVED) {
        cellsMoved[p]!++;
        moved++;
        position[p] = position[p]! + delta[code]!;
      } else {
        blockedMoves[p]!++;
        blocked[out - FIRST_BLOCKED]!++;
      }
      // A person active at step t >= 2 had a decision at step t - 1, so a
      // block before is always followed by this decision (metrics.md §10).
      const after = lastBlocked[p] === 1;
      if (after) {
        withNext++;
        if (out === MOVED) movedAfter++;
        else if (isBlocked) blockedAfter++;
        else if (out === STAYED) stayedAfter++;
        if (code !== lastCode[p]) changedAfter++;
      }
      if (isBlocked) {
        events++;
        const r = after ? run[p]! + 1 : 1;
        run[p] = r;
        if (r > maxRun[p]!) maxRun[p] = r;
      }
      lastBlocked[p] = isBlocked ? 1 : 0;
      lastCode[p] = code;
      const ev = event[j]!;
      if (ev === EVENT_NONE) active[kept++] = p;
      else this.resolve(p, t, ev);
    }
    this.activeCount = kept;
    this.stayActions += stayActions;
    this.moved += moved;
    this.events += events;
    this.withNext += withNext;
    this.movedAfter += movedAfter;
    this.blockedAfter += blockedAfter;
    this.stayedAfter += stayedAfter;
    this.changedAfter += changedAfter;
  }

  private resolve(p: number, t: number, ev: number): void {
    if (ev === EVENT_EVACUATED) {
      this.status[p] = STATUS_EVACUATED;
      this.evacuationStep[p] = t;
      this.perExit[this.exitAt[this.position[p]!]!]!++;
    } else {
      this.status[p] = STATUS_CASUALTY;
      this.casualtyEvent[p] = ev;
    }
  }
}

/**
 * The counts of a trace's episode: s_0 visited, then each step played, its
 * ignitions applied and s_t visited. Throws when a step of the trace holds
 * another number of entries than people active before it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countTrace } from "./trace_counts.ts";
 * import { layoutOf } from "../sim/layout.ts";
 * import { referenceTrace } from "../sim/trace.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["...."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [[0, 3]], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const layout = layoutOf(s);
 * const log = { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) };
 * const c = countTrace(layout, log, referenceTrace(layout, 0, log));
 * // s_0 at distance 1, s_1 at 2; s_2 has nobody active.
 * assert.ok(c.states === 2 && c.hist[1] === 1 && c.hist[2] === 1);
 * assert.ok(c.cellsMoved[0] === 2 && c.evacuationStep[0] === 2);
 * ```
 */
export function countTrace(
  layout: Layout,
  log: ActionLog,
  trace: Trace,
): TraceCounts {
  const c = new TraceCounts(layout);
  c.ignite(layout.ignitions);
  c.visit();
  for (let t = 1; t <= trace.steps; t++) {
    const from = trace.stepEntries[t - 1]!;
    if (trace.stepEntries[t]! - from !== c.activePeople) {
      throw new RangeError(`step ${t} of the trace has another count`);
    }
    c.step(t, from, log, trace);
    c.ignite(trace.ignited, trace.stepIgnitions[t - 1], trace.stepIgnitions[t]);
    c.visit();
  }
  return c;
}
