/**
 * Structural checks of one recorded step against the previous snapshot
 * (metrics.md §2, "Each step t"). They prove internal consistency only; the
 * replay stage proves that the simulator produced the step.
 *
 * @module
 */

import type {
  CasualtyCause,
  Cell,
  Scenario,
  Snapshot,
  StepRecord,
} from "../../types.ts";
import { at, type Ctx, fail } from "../../json/fields.ts";
import {
  cellKey,
  compareCells,
  DELTAS,
  exitIdAt,
  type Geometry,
  inBounds,
  isWall,
  sameCell,
  showCell,
} from "../../scenario/geometry.ts";
import {
  checkPeopleList,
  checkRowMajor,
  checkSortedIds,
  checkTermination,
  checkTrapped,
} from "./snapshot.ts";

/** How and when a person was resolved, as its step's events say. */
export type Resolution = {
  readonly step: number;
  readonly exit_id: string | null;
  readonly cause: CasualtyCause | null;
};

/** What the step checks share: the scenario and what earlier steps found. */
export type Env = {
  readonly scenario: Scenario;
  readonly geometry: Geometry;
  /** Scenario person IDs, sorted by code point. */
  readonly ids: readonly string[];
  readonly horizon: number;
  /** Filled step by step from the evacuation and casualty events. */
  readonly resolutions: Map<string, Resolution>;
};

/**
 * Check step `t` (1-based, at `steps[t - 1]`) against `prev = s_{t-1}`, whose
 * burning cells are flagged in `prevBurning`. Returns the burning flags of
 * `s_t`.
 */
export function checkStep(
  env: Env,
  prev: Snapshot,
  prevBurning: Uint8Array,
  step: StepRecord,
  t: number,
  isLast: boolean,
  ctx: Ctx,
): Uint8Array {
  if (step.step !== t) {
    fail(at(ctx, "step"), `expected step number ${t}, found ${step.step}`);
  }
  const g = env.geometry;
  const active = prev.people.filter((p) => p.status === "active");
  checkActions(step, active, ctx);
  const after = checkMovements(env, step, active, prevBurning, ctx);
  const burning = checkIgnitions(g, prevBurning, step.ignitions, ctx);
  const state = step.state;
  const sctx = at(ctx, "state");
  if (state.step !== t) {
    fail(at(sctx, "step"), `expected snapshot step ${t}, found ${state.step}`);
  }
  checkPeopleList(state.people, env.ids, at(sctx, "people"));
  checkBurningList(prev.burning, step.ignitions, state.burning, sctx);
  checkPeopleUpdate(env, prev, after, burning, state, t, sctx);
  checkEvents(env, step, prev, after, prevBurning, burning, t, ctx);
  checkSortedIds(state.trapped, at(sctx, "trapped"));
  checkTrapped(env.scenario, state, sctx);
  checkTermination(state, t, env.horizon, isLast, sctx);
  return burning;
}

type Mover = {
  readonly cell: Cell;
  readonly enteredFire: boolean;
  /** Where the movement is, and its outcome: the earlier field of a mismatch. */
  readonly at: Ctx;
  readonly outcome: string;
};

function checkActions(
  step: StepRecord,
  active: readonly { readonly person_id: string }[],
  ctx: Ctx,
): void {
  const actx = at(ctx, "actions");
  const activeIds = new Set(active.map((p) => p.person_id));
  for (const id of Object.keys(step.actions)) {
    if (!activeIds.has(id)) {
      fail(
        at(actx, id),
        `action for person ${JSON.stringify(id)}, who is not active ` +
          `before step ${step.step}`,
      );
    }
  }
  for (const id of activeIds) {
    if (!Object.hasOwn(step.actions, id)) {
      fail(actx, `no action for active person ${JSON.stringify(id)}`);
    }
  }
}

/** Returns each active person's cell after the move, by person ID. */
function checkMovements(
  env: Env,
  step: StepRecord,
  active: readonly { readonly person_id: string; readonly position: Cell }[],
  prevBurning: Uint8Array,
  ctx: Ctx,
): Map<string, Mover> {
  const g = env.geometry;
  const mctx = at(ctx, "movements");
  if (step.movements.length !== active.length) {
    fail(
      mctx,
      `expected one movement per active person (${active.length}), found ` +
        `${step.movements.length}`,
    );
  }
  const after = new Map<string, Mover>();
  const occupied = new Map<number, string>();
  step.movements.forEach((m, j) => {
    const c = at(mctx, j);
    const person = active[j]!;
    if (m.person_id !== person.person_id) {
      fail(
        at(c, "person_id"),
        `expected active person ${JSON.stringify(person.person_id)} ` +
          `(one movement per active person, sorted by ID), found ` +
          JSON.stringify(m.person_id),
      );
    }
    const action = step.actions[m.person_id];
    if (m.action !== action) {
      fail(
        at(c, "action"),
        `movement action ${JSON.stringify(m.action)} differs from the ` +
          `recorded action ${JSON.stringify(action)}`,
      );
    }
    if (!sameCell(m.origin, person.position)) {
      fail(
        at(c, "origin"),
        `origin ${showCell(m.origin)} differs from the person's cell ` +
          `${showCell(person.position)} in the previous snapshot`,
      );
    }
    const target: Cell | null = m.action === "stay" ? null : [
      m.origin[0] + DELTAS[m.action][0],
      m.origin[1] + DELTAS[m.action][1],
    ];
    if (!sameCell(m.target, target)) {
      fail(
        at(c, "target"),
        `expected ${showCell(target)} for action ${m.action} from ` +
          `${showCell(m.origin)}, found ${showCell(m.target)}`,
      );
    }
    if ((m.outcome === "stayed") !== (m.action === "stay")) {
      fail(
        at(c, "outcome"),
        `outcome ${m.outcome} does not fit action ${m.action} (stayed ` +
          "exactly when the action is stay)",
      );
    }
    let cell = m.origin;
    let enteredFire = false;
    if (m.outcome === "moved") {
      if (target === null || !inBounds(g, target) || isWall(g, target)) {
        fail(
          at(c, "outcome"),
          `moved into ${showCell(target)}, which is outside the grid or a wall`,
        );
      }
      cell = target;
      enteredFire = prevBurning[cellKey(g, target)] === 1;
    }
    const key = cellKey(g, cell);
    const other = occupied.get(key);
    if (other !== undefined) {
      fail(
        c,
        `persons ${JSON.stringify(other)} and ${JSON.stringify(m.person_id)} ` +
          `both end step ${step.step} in cell ${showCell(cell)}`,
      );
    }
    occupied.set(key, m.person_id);
    after.set(m.person_id, {
      cell,
      enteredFire,
      at: at(c, "outcome"),
      outcome: m.outcome,
    });
  });
  return after;
}

function checkIgnitions(
  g: Geometry,
  prevBurning: Uint8Array,
  ignitions: readonly Cell[],
  ctx: Ctx,
): Uint8Array {
  const ictx = at(ctx, "ignitions");
  const burning = prevBurning.slice();
  ignitions.forEach((cell, i) => {
    const c = at(ictx, i);
    if (!inBounds(g, cell) || isWall(g, cell)) {
      fail(c, `ignition ${showCell(cell)} is outside the grid or a wall`);
    }
    if (prevBurning[cellKey(g, cell)] === 1) {
      fail(c, `ignition ${showCell(cell)} was already burning`);
    }
    burning[cellKey(g, cell)] = 1;
  });
  checkRowMajor(ignitions, ictx);
  return burning;
}

/** `burning(s_t)` must list `burning(s_{t-1}) ∪ ignitions_t` in row-major order. */
function checkBurningList(
  prev: readonly Cell[],
  ignitions: readonly Cell[],
  found: readonly Cell[],
  sctx: Ctx,
): void {
  const expected = [...prev, ...ignitions].sort(compareCells);
  const bctx = at(sctx, "burning");
  expected.forEach((cell, i) => {
    const f = found[i];
    if (f === undefined || !sameCell(cell, f)) {
      fail(
        at(bctx, i),
        `expected burning(s_t-1) ∪ ignitions_t in row-major order: ` +
          `${showCell(cell)} here, found ${showCell(f ?? null)}`,
      );
    }
  });
  if (found.length !== expected.length) {
    fail(
      at(bctx, expected.length),
      `burning(s_t) holds ${found.length} cells, but burning(s_t-1) ∪ ` +
        `ignitions_t has ${expected.length}`,
    );
  }
}

function checkPeopleUpdate(
  env: Env,
  prev: Snapshot,
  after: ReadonlyMap<string, Mover>,
  burning: Uint8Array,
  state: Snapshot,
  t: number,
  sctx: Ctx,
): void {
  const g = env.geometry;
  state.people.forEach((p, i) => {
    const c = at(at(sctx, "people"), i);
    const before = prev.people[i]!;
    const mover = after.get(p.person_id);
    if (mover === undefined) {
      if (
        p.status !== before.status || !sameCell(p.position, before.position)
      ) {
        fail(
          c,
          `person ${JSON.stringify(p.person_id)} was resolved ` +
            `(${before.status}) before step ${t} and must not change`,
        );
      }
      return;
    }
    if (!sameCell(p.position, mover.cell)) {
      // The movement comes first in the step, so it is the field named.
      fail(
        mover.at,
        `outcome ${mover.outcome} puts ${JSON.stringify(p.person_id)} at ` +
          `${showCell(mover.cell)}, but state.people[${i}].position is ` +
          `${showCell(p.position)}: the record is not what the simulator ` +
          "produces from its actions",
      );
    }
    if (p.status !== "active") return;
    const key = cellKey(g, p.position);
    if (burning[key] === 1) {
      fail(
        c,
        `active person ${JSON.stringify(p.person_id)} stands on burning ` +
          `cell ${showCell(p.position)}`,
      );
    }
    if (exitIdAt(g, env.scenario, key) !== undefined) {
      fail(
        c,
        `active person ${JSON.stringify(p.person_id)} stands on usable exit ` +
          JSON.stringify(exitIdAt(g, env.scenario, key)),
      );
    }
  });
}

function checkEvents(
  env: Env,
  step: StepRecord,
  prev: Snapshot,
  after: ReadonlyMap<string, Mover>,
  prevBurning: Uint8Array,
  burning: Uint8Array,
  t: number,
  ctx: Ctx,
): void {
  const g = env.geometry;
  const index = new Map(step.state.people.map((p, i) => [p.person_id, i]));
  const changed = { evacuated: 0, casualty: 0 };
  step.state.people.forEach((p, i) => {
    if (p.status !== "active" && prev.people[i]!.status === "active") {
      changed[p.status]++;
    }
  });
  const ectx = at(ctx, "evacuations");
  checkSortedIds(step.evacuations.map((e) => e.person_id), ectx);
  step.evacuations.forEach((e, j) => {
    const c = at(ectx, j);
    const cell = statusChange(step, prev, index, e.person_id, "evacuated", c);
    const key = cellKey(g, cell);
    const exitId = exitIdAt(g, env.scenario, key);
    if (exitId === undefined || prevBurning[key] === 1) {
      fail(
        c,
        `person ${JSON.stringify(e.person_id)} is evacuated at ` +
          `${showCell(cell)}, which is not an exit usable before step ${t}`,
      );
    }
    if (e.exit_id !== exitId) {
      fail(
        at(c, "exit_id"),
        `person ${JSON.stringify(e.person_id)} is evacuated at exit ` +
          `${JSON.stringify(exitId)}, found ${JSON.stringify(e.exit_id)}`,
      );
    }
    env.resolutions.set(e.person_id, { step: t, exit_id: exitId, cause: null });
  });
  const cctx = at(ctx, "casualties");
  checkSortedIds(step.casualties.map((e) => e.person_id), cctx);
  step.casualties.forEach((e, j) => {
    const c = at(cctx, j);
    const cell = statusChange(step, prev, index, e.person_id, "casualty", c);
    const cause: CasualtyCause | null = after.get(e.person_id)!.enteredFire
      ? "entered_fire"
      : burning[cellKey(g, cell)] === 1 && prevBurning[cellKey(g, cell)] !== 1
      ? "fire_spread"
      : null;
    if (cause === null) {
      fail(
        c,
        `person ${JSON.stringify(e.person_id)} becomes a casualty at ` +
          `${showCell(cell)}, where no fire is entered or ignites`,
      );
    }
    if (e.cause !== cause) {
      fail(
        at(c, "cause"),
        `expected cause ${cause} for person ${JSON.stringify(e.person_id)}, ` +
          `found ${JSON.stringify(e.cause)}`,
      );
    }
    env.resolutions.set(e.person_id, { step: t, exit_id: null, cause });
  });
  if (changed.evacuated !== step.evacuations.length) {
    fail(
      ectx,
      `${changed.evacuated} people change to evacuated in step ${t}, but ` +
        `${step.evacuations.length} evacuation events are recorded`,
    );
  }
  if (changed.casualty !== step.casualties.length) {
    fail(
      cctx,
      `${changed.casualty} people change to casualty in step ${t}, but ` +
        `${step.casualties.length} casualty events are recorded`,
    );
  }
}

/** The event's person must go from active to `status` in this step; returns its cell. */
function statusChange(
  step: StepRecord,
  prev: Snapshot,
  index: ReadonlyMap<string, number>,
  id: string,
  status: "evacuated" | "casualty",
  c: Ctx,
): Cell {
  const i = index.get(id);
  const now = i === undefined ? undefined : step.state.people[i];
  if (
    i === undefined || now === undefined ||
    prev.people[i]!.status !== "active" || now.status !== status
  ) {
    fail(
      at(c, "person_id"),
      `event names person ${JSON.stringify(id)}, who does not change from ` +
        `active to ${status} in step ${step.step}`,
    );
  }
  return now.position;
}
