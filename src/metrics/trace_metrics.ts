/**
 * Episode metrics straight from the replay kernel's compact trace (issue
 * 13): the same {@linkcode ComputedMetrics} as `computeMetrics` of the
 * record that `recordOfTrace` rebuilds from it, counted over the typed
 * arrays in one pass, without building the record's steps, movements and
 * snapshots. Only the counting differs: every formula, check and the
 * layout of the dictionary are the sections' own (`*OfCounts`,
 * `assembleMetrics`), and the final state, which the `safety`,
 * `path_efficiency` and `people` sections read, is built (one object per
 * person) and handed to them as it is.
 *
 * The record path stays the reference: it reads like metrics.md. Where it
 * raises an "invariant violated" metrics error, this one may throw any
 * error; a caller then falls back to the record path for the diagnostic.
 *
 * @module
 */

import { MetricsInputError } from "../errors.ts";
import { at, rootCtx } from "../json/fields.ts";
import type { CompiledScenario } from "../scenario/compiled.ts";
import { layoutOf } from "../sim/simulator.ts";
import {
  ACTION_DELTAS,
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_NONE,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "../sim/step.ts";
import type { ActionLog, Trace } from "../sim/trace.ts";
import type { FinalPerson, RunRecord, Status } from "../types.ts";
import { assembleMetrics } from "./assemble.ts";
import type { ComputedMetrics } from "./episode.ts";
import { exitsOfCounts } from "./sections/exits.ts";
import {
  exposureOfCounts,
  type PersonExposure,
  personExposure,
} from "./sections/exposure.ts";
import { relaxFromSources } from "./sections/fire_distance.ts";
import {
  BLOCK_KINDS,
  movementOfCounts,
  type PersonMoves,
} from "./sections/movement.ts";
import { pathEfficiency } from "./sections/path.ts";
import { replanningOfCounts } from "./sections/replanning.ts";
import { safetySection } from "./sections/safety.ts";
import { timeSection } from "./sections/time.ts";

const STATUSES: readonly Status[] = ["active", "evacuated", "casualty"];
// Outcome codes (the index in `OUTCOMES` of step.ts): stayed, moved, then
// the blocked kinds in `BLOCK_KINDS` order.
const STAYED = 0;
const MOVED = 1;
const FIRST_BLOCKED = 2;
const NO_DISTANCE = 0x7fffffff;

/**
 * The metrics of the episode a trace replays: what `computeMetrics` gives
 * for `recordOfTrace(layout, header, log, trace)` with `header.seed` =
 * `seed`, the dictionary and every exact value alike. The trace must have
 * stopped with `"terminated"` and come from `log` on the compiled
 * scenario's layout; throws (any error) when it is not consistent with them
 * or when a check of the metrics fails.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { traceMetrics } from "./trace_metrics.ts";
 * import { computeMetrics } from "./episode.ts";
 * import { encode } from "../json/canonical.ts";
 * import { rootCtx } from "../json/fields.ts";
 * import { MetricsInputError } from "../errors.ts";
 * import { compileScenario } from "../scenario/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { layoutOf, simulateEpisode } from "../sim/simulator.ts";
 * import { actionLogOf, referenceTrace } from "../sim/trace.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const record = await simulateEpisode(c.scenario, 5, (o) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "west" as const])),
 *   { scenarioHash: c.hash });
 * const layout = layoutOf(c.scenario);
 * const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
 * const fast = traceMetrics(c, 5, log, referenceTrace(layout, 5, log));
 * const slow = computeMetrics(c, record, rootCtx(MetricsInputError));
 * assert.equal(encode(fast.metrics), encode(slow.metrics));
 * assert.equal(String(fast.exact.blocked_rate), String(slow.exact.blocked_rate));
 * ```
 */
export function traceMetrics(
  compiled: CompiledScenario,
  seed: number,
  log: ActionLog,
  trace: Trace,
): ComputedMetrics {
  if (trace.stop !== "terminated") {
    throw new RangeError(`the replay stopped with ${trace.stop}`);
  }
  const { scenario, staticDistances } = compiled;
  const layout = layoutOf(scenario);
  const { world, ids, exitIds } = layout;
  const n = ids.length;
  const cols = world.width;
  const rows = world.height;
  const steps = trace.steps;
  const codes = log.codes;
  const outcome = trace.outcome;
  const event = trace.event;
  const delta = Int32Array.from(ACTION_DELTAS, ([dr, dc]) => dr * cols + dc);

  // Per person (by person number, ID order).
  const position = Int32Array.from(layout.initialPositions);
  const status = new Uint8Array(n);
  const casualtyEvent = new Uint8Array(n);
  const evacuationStep = new Int32Array(n).fill(-1);
  const decisions = new Int32Array(n);
  const stayed = new Int32Array(n);
  const cellsMoved = new Int32Array(n);
  const blockedMoves = new Int32Array(n);
  const lastCode = new Uint8Array(n);
  const lastBlocked = new Uint8Array(n);
  const run = new Int32Array(n);
  const maxRun = new Int32Array(n);
  // The people active in the current state, in person order.
  const active = Int32Array.from({ length: n }, (_, i) => i);
  let activeCount = n;

  // Episode-wide counts.
  let stayActions = 0;
  let moved = 0;
  const blocked = new Int32Array(BLOCK_KINDS.length);
  let events = 0;
  let withNext = 0;
  let movedAfter = 0;
  let blockedAfter = 0;
  let stayedAfter = 0;
  let changedAfter = 0;
  const perExit = new Int32Array(exitIds.length);

  // Fire distance (Manhattan, walls ignored: a breadth-first relaxation
  // over the rectangle) and its histograms; a distance is below rows + cols.
  const span = rows + cols;
  const dist = new Int32Array(rows * cols).fill(NO_DISTANCE);
  const queue = new Int32Array(rows * cols);
  let burning = false;
  const hist = new Float64Array(span);
  const personHist = new Int32Array(n * span);
  // Each person's smallest and largest distance: the range of its row.
  const nearest = new Int32Array(n).fill(span);
  const farthest = new Int32Array(n);
  let states = 0;
  let withFire = 0;
  const ignite = (cells: Int32Array) => {
    if (cells.length === 0) return;
    relaxFromSources(dist, rows, cols, cells, queue);
    burning = true;
  };
  const visit = () => {
    states += activeCount;
    if (!burning) return;
    withFire += activeCount;
    for (let k = 0; k < activeCount; k++) {
      const p = active[k]!;
      const d = dist[position[p]!]!;
      if (d < 1) throw new RangeError("an active person is on a burning cell");
      hist[d]!++;
      personHist[p * span + d]!++;
      if (d < nearest[p]!) nearest[p] = d;
      if (d > farthest[p]!) farthest[p] = d;
    }
  };

  ignite(layout.ignitions);
  visit();
  for (let t = 1; t <= steps; t++) {
    const from = trace.stepEntries[t - 1]!;
    if (trace.stepEntries[t]! - from !== activeCount) {
      throw new RangeError(`step ${t} of the trace has another count`);
    }
    let kept = 0;
    for (let k = 0; k < activeCount; k++) {
      const p = active[k]!;
      const j = from + k;
      const code = codes[j]!;
      const out = outcome[j]!;
      const ev = event[j]!;
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
      if (lastBlocked[p] === 1) {
        withNext++;
        if (out === MOVED) movedAfter++;
        else if (isBlocked) blockedAfter++;
        else if (out === STAYED) stayedAfter++;
        if (code !== lastCode[p]) changedAfter++;
      }
      if (isBlocked) {
        events++;
        run[p] = lastBlocked[p] === 1 ? run[p]! + 1 : 1;
        if (run[p]! > maxRun[p]!) maxRun[p] = run[p]!;
      }
      lastBlocked[p] = isBlocked ? 1 : 0;
      lastCode[p] = code;
      if (ev === EVENT_NONE) active[kept++] = p;
      else if (ev === EVENT_EVACUATED) {
        status[p] = STATUS_EVACUATED;
        evacuationStep[p] = t;
        perExit[world.exitAt[position[p]!]!]!++;
      } else {
        status[p] = STATUS_CASUALTY;
        casualtyEvent[p] = ev;
      }
    }
    activeCount = kept;
    ignite(
      trace.ignited.subarray(
        trace.stepIgnitions[t - 1],
        trace.stepIgnitions[t],
      ),
    );
    visit();
  }

  if (trace.termination === TERM_NONE) {
    throw new RangeError("the trace's last state has not terminated");
  }
  const trappedFrom = steps === 0 ? 0 : trace.stepTrapped[steps - 1]!;
  const trapped: string[] = [];
  for (let k = trappedFrom; k < trace.stepTrapped[steps]!; k++) {
    trapped.push(ids[trace.trapped[k]!]!);
  }
  const people: FinalPerson[] = ids.map((id, i) => {
    const cell = position[i]!;
    if (cell !== trace.position[i] || status[i] !== trace.status[i]) {
      throw new RangeError(`person ${i} ends elsewhere than the trace says`);
    }
    const s = status[i]!;
    return {
      person_id: id,
      status: STATUSES[s]!,
      position: [(cell / cols) | 0, cell % cols],
      resolution_step: s === STATUS_ACTIVE ? null : trace.resolution[i]!,
      exit_id: s === STATUS_EVACUATED ? exitIds[world.exitAt[cell]!]! : null,
      casualty_cause: s !== STATUS_CASUALTY
        ? null
        : casualtyEvent[i] === EVENT_ENTERED_FIRE
        ? "entered_fire"
        : "fire_spread",
    };
  });
  const final: RunRecord["final_state"] = {
    step: steps,
    termination_reason: trace.termination === TERM_ALL_RESOLVED
      ? "all_resolved"
      : "max_steps",
    trapped,
    people,
  };

  const moves = new Map<string, PersonMoves>();
  const evacuated = new Map<string, number>();
  const runs = new Map<string, number>();
  const byPerson = new Map<string, PersonExposure>();
  const personEntries: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    moves.set(id, {
      decisions: decisions[i]!,
      stay_actions: stayed[i]!,
      cells_moved: cellsMoved[i]!,
      blocked_moves: blockedMoves[i]!,
    });
    if (evacuationStep[i]! >= 0) evacuated.set(id, evacuationStep[i]!);
    if (decisions[i]! > 0) runs.set(id, maxRun[i]!);
    personEntries.length = 0;
    for (let d = nearest[i]!; d <= farthest[i]!; d++) {
      const count = personHist[i * span + d]!;
      if (count > 0) personEntries.push([d, count]);
    }
    byPerson.set(id, personExposure(personEntries));
  }
  const distances = new Map<number, number>();
  for (let d = 0; d < span; d++) if (hist[d]! > 0) distances.set(d, hist[d]!);

  const ctx = rootCtx(MetricsInputError);
  const stepsCtx = at(ctx, "steps");
  const path = pathEfficiency(final, staticDistances, moves, ctx);
  const fire = exposureOfCounts(
    { states, withFire, hist: distances },
    byPerson,
  );
  const replans = replanningOfCounts(
    {
      events,
      withNext,
      movedAfter,
      blockedAfter,
      stayedAfter,
      changedAfter,
    },
    runs,
    stepsCtx,
  );
  const safety = safetySection(final, ctx);
  const time = timeSection(scenario, steps, evacuated);
  let decisionsTotal = 0;
  for (let i = 0; i < n; i++) decisionsTotal += decisions[i]!;
  const movement = movementOfCounts({
    decisions: decisionsTotal,
    stays: stayActions,
    moved,
    blocked: {
      boundary: blocked[0]!,
      wall: blocked[1]!,
      fire: blocked[2]!,
      occupied: blocked[3]!,
      conflict: blocked[4]!,
      cycle: blocked[5]!,
    },
  }, stepsCtx);
  const exits = exitsOfCounts(
    scenario,
    new Map(exitIds.map((id, e) => [id, perExit[e]!])),
  );
  return assembleMetrics(compiled, {
    seed,
    final,
    moves,
    evacuated,
    safety,
    time,
    movement,
    path,
    fire,
    exits,
    replans,
  });
}
