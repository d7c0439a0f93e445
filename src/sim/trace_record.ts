/**
 * The run record (contract §8) of a {@linkcode Trace}: what the simulator
 * writes, rebuilt from the compact trace, the layout, the header and the
 * action log. Tests hold its canonical bytes equal to the simulator's
 * record; verification by regeneration (`src/verify/`) can write the
 * same bytes from the same inputs without building objects.
 *
 * Every object is built with its keys in code-point order, as the
 * simulator builds its own, so that `JSON.stringify` of a record with such
 * a header writes its canonical JSON: the runner's kernel-stepped episodes
 * are written that way (`record_writer.ts`).
 *
 * @module
 */

import { cellTable, cellTuple } from "./cells.ts";
import type { Layout } from "./layout.ts";
import {
  ACTION_DELTAS,
  ACTIONS,
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  OUTCOMES,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  STATUSES,
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "./step.ts";
import type { ActionLog, Trace } from "./trace.ts";
import type {
  Action,
  CasualtyCause,
  Cell,
  Movement,
  RecordHeader,
  RunRecord,
  Snapshot,
  SnapshotPerson,
  StepRecord,
} from "../types.ts";

const ROW_DELTA = Int32Array.from(ACTION_DELTAS, (d) => d[0]);
const COLUMN_DELTA = Int32Array.from(ACTION_DELTAS, (d) => d[1]);

/**
 * The run record of a trace that stopped with `"terminated"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "./simulator.ts";
 * import { layoutOf } from "./layout.ts";
 * import { actionLogOf, referenceTrace } from "./trace.ts";
 * import { recordOfTrace } from "./trace_record.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { scenario_id: "t", grid: ["X.a"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const actions = [{ a: "west" as const }, { a: "west" as const }];
 * const record = replayActions(s, 0, actions, "0".repeat(64));
 * const layout = layoutOf(s);
 * const log = actionLogOf(layout.ids, actions);
 * const rebuilt = recordOfTrace(layout, record.header, log, referenceTrace(layout, 0, log));
 * assert.equal(encode(rebuilt as unknown as JsonValue), encode(record as unknown as JsonValue));
 * ```
 */
export function recordOfTrace(
  layout: Layout,
  header: RecordHeader,
  log: ActionLog,
  trace: Trace,
): RunRecord {
  if (trace.stop !== "terminated") {
    throw new RangeError(`the replay stopped with ${trace.stop}`);
  }
  const { world, ids, exitIds } = layout;
  const n = ids.length;
  const w = world.width;
  const tuples = cellTable(layout);
  const cell = (index: number): Cell => cellTuple(tuples, w, index);
  const status = new Uint8Array(n);
  const position = Int32Array.from(layout.initialPositions);
  const cause: (CasualtyCause | null)[] = ids.map(() => null);
  const burning = Array.from(layout.ignitions);
  // Snapshots share the burning list until the fire grows, as the
  // simulator's do.
  let burningCells = burning.map(cell);
  let people: SnapshotPerson[] = ids.map((id, i) => ({
    person_id: id,
    position: cell(position[i]!),
    status: "active",
  }));
  const snapshot = (t: number): Snapshot => {
    const trapped: string[] = [];
    const from = t === 0 ? 0 : trace.stepTrapped[t - 1]!;
    for (let k = from; k < trace.stepTrapped[t]!; k++) {
      trapped.push(ids[trace.trapped[k]!]!);
    }
    const last = t === trace.steps;
    const reason = !last || trace.termination === TERM_NONE
      ? null
      : trace.termination === TERM_ALL_RESOLVED
      ? "all_resolved"
      : "max_steps";
    return {
      burning: burningCells,
      people,
      step: t,
      terminated: reason !== null,
      termination_reason: reason,
      trapped,
    };
  };
  const initial = snapshot(0);
  const steps: StepRecord[] = [];
  for (let t = 1; t <= trace.steps; t++) {
    const actions: Record<string, Action> = {};
    const movements: Movement[] = [];
    const evacuations: { person_id: string; exit_id: string }[] = [];
    const casualties: { person_id: string; cause: CasualtyCause }[] = [];
    const next = people.slice();
    let j = trace.stepEntries[t - 1]!;
    for (let i = 0; i < n; i++) {
      if (status[i] !== STATUS_ACTIVE) continue;
      const id = ids[i]!;
      const code = log.codes[j]!;
      const outcome = OUTCOMES[trace.outcome[j]!]!;
      const event = trace.event[j]!;
      j++;
      const origin = cell(position[i]!);
      const dr = ROW_DELTA[code]!;
      const dc = COLUMN_DELTA[code]!;
      // A target inside the grid is the cell's shared tuple; one outside
      // (blocked by the edge) has no cell index.
      const tr = origin[0] + dr;
      const tc = origin[1] + dc;
      const target: Cell | null = code === 0
        ? null
        : tr >= 0 && tr < world.height && tc >= 0 && tc < w
        ? cell(tr * w + tc)
        : Object.freeze([tr, tc] as const);
      actions[id] = ACTIONS[code]!;
      movements.push({
        action: ACTIONS[code]!,
        origin,
        outcome,
        person_id: id,
        target,
      });
      if (outcome === "moved") position[i] = position[i]! + dr * w + dc;
      if (event === EVENT_EVACUATED) {
        status[i] = STATUS_EVACUATED;
        const exit = exitIds[world.exitAt[position[i]!]!]!;
        evacuations.push({ exit_id: exit, person_id: id });
      } else if (event === EVENT_ENTERED_FIRE || event === EVENT_FIRE_SPREAD) {
        status[i] = STATUS_CASUALTY;
        cause[i] = event === EVENT_ENTERED_FIRE
          ? "entered_fire"
          : "fire_spread";
        casualties.push({ cause: cause[i]!, person_id: id });
      }
      if (event !== 0 || outcome === "moved") {
        next[i] = {
          person_id: id,
          position: cell(position[i]!),
          status: STATUSES[status[i]!]!,
        };
      }
    }
    people = next;
    const from = trace.stepIgnitions[t - 1]!;
    const to = trace.stepIgnitions[t]!;
    const ignitions: Cell[] = [];
    for (let k = from; k < to; k++) ignitions.push(cell(trace.ignited[k]!));
    if (to > from) {
      addSorted(burning, trace.ignited, from, to);
      burningCells = burning.map(cell);
    }
    steps.push({
      actions,
      casualties,
      evacuations,
      ignitions,
      movements,
      state: snapshot(t),
      step: t,
    });
  }
  const last = steps.length === 0 ? initial : steps[steps.length - 1]!.state;
  return {
    final_state: {
      people: people.map((p, i) => ({
        casualty_cause: status[i] === STATUS_CASUALTY ? cause[i]! : null,
        exit_id: status[i] === STATUS_EVACUATED
          ? exitIds[world.exitAt[position[i]!]!]!
          : null,
        person_id: p.person_id,
        position: p.position,
        resolution_step: status[i] === STATUS_ACTIVE
          ? null
          : trace.resolution[i]!,
        status: p.status,
      })),
      step: trace.steps,
      termination_reason: last.termination_reason!,
      trapped: last.trapped,
    },
    header,
    initial_state: initial,
    steps,
  };
}

/**
 * Add `cells[from..to)` to the ascending list `into`, which stays
 * ascending: merged from the end when they are ascending (a step's
 * ignitions are), else sorted.
 */
function addSorted(
  into: number[],
  cells: Int32Array,
  from: number,
  to: number,
): void {
  for (let k = from + 1; k < to; k++) {
    if (cells[k - 1]! > cells[k]!) {
      for (let j = from; j < to; j++) into.push(cells[j]!);
      into.sort((a, b) => a - b);
      return;
    }
  }
  let i = into.length - 1;
  let j = to - 1;
  // Room at the end, pushed so that the list keeps no holes.
  for (let k = from; k < to; k++) into.push(0);
  let out = into.length - 1;
  while (j >= from) {
    if (i >= 0 && into[i]! > cells[j]!) into[out--] = into[i--]!;
    else into[out--] = cells[j--]!;
  }
}
