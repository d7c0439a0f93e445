/**
 * Episode metrics straight from the replay kernel's compact trace: the
 * same {@linkcode ComputedMetrics} as `computeMetrics` of the
 * record that `recordOfTrace` rebuilds from it, counted over the typed
 * arrays in one pass (`trace_counts.ts`), without building the record's
 * steps, movements and snapshots. Only the counting differs: every
 * formula, check and the layout of the dictionary are the sections' own
 * (`*OfCounts`, `assembleMetrics`), and the final state, which the
 * `safety`, `path_efficiency` and `people` sections read, is built (one
 * object per person) and handed to them as it is.
 *
 * The record path stays the reference: it reads like metrics.md. Where it
 * raises an "invariant violated" metrics error, this one may throw any
 * error; a caller then falls back to the record path for the diagnostic.
 *
 * @module
 */

import { MetricsInputError } from "../errors.ts";
import { at, rootCtx } from "../json/fields.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { layoutOf } from "../sim/layout.ts";
import {
  EVENT_ENTERED_FIRE,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  STATUSES,
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "../sim/step.ts";
import type { ActionLog, Trace } from "../sim/trace.ts";
import type { FinalPerson, RunRecord } from "../types.ts";
import { assembleMetrics } from "./assemble.ts";
import { countTrace } from "./trace_counts.ts";
import type { ComputedMetrics } from "./assemble.ts";
import { exitsOfCounts } from "./sections/exits.ts";
import {
  ExposureAccumulator,
  exposureOfCounts,
  type PersonExposure,
} from "./sections/exposure.ts";
import {
  BLOCK_KINDS,
  movementOfCounts,
  type PersonMoves,
} from "./sections/movement.ts";
import { pathEfficiency } from "./sections/path.ts";
import { replanningOfCounts } from "./sections/replanning.ts";
import { safetySection } from "./sections/safety.ts";
import { timeSection } from "./sections/time.ts";

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
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { layoutOf } from "../sim/layout.ts";
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
  const steps = trace.steps;
  const c = countTrace(layout, log, trace);
  const { position, status, span, personHist } = c;

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
        : c.casualtyEvent[i] === EVENT_ENTERED_FIRE
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
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    moves.set(id, {
      decisions: c.decisions[i]!,
      stay_actions: c.stayed[i]!,
      cells_moved: c.cellsMoved[i]!,
      blocked_moves: c.blockedMoves[i]!,
    });
    if (c.evacuationStep[i]! >= 0) evacuated.set(id, c.evacuationStep[i]!);
    if (c.decisions[i]! > 0) runs.set(id, c.maxRun[i]!);
    const acc = new ExposureAccumulator();
    for (let d = c.nearest[i]!; d <= c.farthest[i]!; d++) {
      const count = personHist[i * span + d]!;
      if (count > 0) acc.add(d, count);
    }
    byPerson.set(id, acc.result());
  }
  const distances = new Map<number, number>();
  for (let d = 0; d < span; d++) {
    if (c.hist[d]! > 0) distances.set(d, c.hist[d]!);
  }

  const ctx = rootCtx(MetricsInputError);
  const stepsCtx = at(ctx, "steps");
  const path = pathEfficiency(final, staticDistances, moves, ctx);
  const fire = exposureOfCounts(
    { states: c.states, withFire: c.withFire, hist: distances },
    byPerson,
  );
  const replans = replanningOfCounts(c, runs, stepsCtx);
  const safety = safetySection(final, ctx);
  const time = timeSection(scenario, steps, evacuated);
  let decisions = 0;
  for (let i = 0; i < n; i++) decisions += c.decisions[i]!;
  const movement = movementOfCounts({
    decisions,
    stays: c.stayActions,
    moved: c.moved,
    blocked: Object.fromEntries(
      BLOCK_KINDS.map((kind, k) => [kind, c.blocked[k]!]),
    ) as Record<(typeof BLOCK_KINDS)[number], number>,
  }, stepsCtx);
  const exits = exitsOfCounts(
    scenario,
    new Map(exitIds.map((id, e) => [id, c.perExit[e]!])),
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
