/**
 * Shape-only reader of a run record (contract §8): every field present, no
 * unknown field, the right types and enum values. Whether the record is
 * consistent with its scenario is for metrics stage 2 and the replay check.
 *
 * @module
 */

import {
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import { MetricsInputError } from "../errors.ts";
import { ACTIONS, OUTCOMES, STATUSES } from "../sim/step.ts";
import type {
  Action,
  CasualtyCause,
  Cell,
  FinalPerson,
  Movement,
  RunRecord,
  Snapshot,
  StepRecord,
  TerminationReason,
} from "../types.ts";
import {
  at,
  type Ctx,
  expectArray,
  expectBool,
  expectCell,
  expectDigest,
  expectEnum,
  expectId,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  nullable,
  rootCtx,
} from "../json/fields.ts";

const CAUSES: readonly CasualtyCause[] = ["entered_fire", "fire_spread"];
const REASONS: readonly TerminationReason[] = ["all_resolved", "max_steps"];

/**
 * Read a run record, checking its shape only. Errors are
 * {@linkcode MetricsInputError} by default (pass another `ctx` to change
 * the kind, file or path prefix).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRecord } from "./reader.ts";
 * import { MetricsInputError } from "../errors.ts";
 * try {
 *   parseRecord({ header: {} });
 *   throw new Error("unreachable");
 * } catch (e) {
 *   assert.ok(e instanceof MetricsInputError);
 * }
 * ```
 */
export function parseRecord(
  v: JsonValue,
  ctx: Ctx = rootCtx(MetricsInputError),
): RunRecord {
  const obj = expectObject(v, ctx, [
    "header",
    "initial_state",
    "steps",
    "final_state",
  ]);
  const stepsCtx = at(ctx, "steps");
  return {
    header: readHeader(field(obj, "header"), at(ctx, "header")),
    initial_state: readSnapshot(
      field(obj, "initial_state"),
      at(ctx, "initial_state"),
    ),
    steps: expectArray(field(obj, "steps"), stepsCtx).map((s, i) =>
      readStep(s, at(stepsCtx, i))
    ),
    final_state: readFinal(field(obj, "final_state"), at(ctx, "final_state")),
  };
}

function readHeader(v: JsonValue, ctx: Ctx): RunRecord["header"] {
  const obj = expectObject(v, ctx, [
    "simulator_version",
    "observation_version",
    "schema_version",
    "scenario_id",
    "scenario_hash",
    "seed",
  ]);
  const str = (k: string) => expectString(field(obj, k), at(ctx, k));
  return {
    simulator_version: str("simulator_version"),
    observation_version: str("observation_version"),
    schema_version: str("schema_version"),
    scenario_id: expectId(field(obj, "scenario_id"), at(ctx, "scenario_id")),
    scenario_hash: expectDigest(
      field(obj, "scenario_hash"),
      at(ctx, "scenario_hash"),
    ),
    seed: expectInt(field(obj, "seed"), at(ctx, "seed"), 0),
  };
}

function readCells(v: JsonValue, ctx: Ctx): Cell[] {
  return expectArray(v, ctx).map((c, i) => expectCell(c, at(ctx, i)));
}

function readIds(v: JsonValue, ctx: Ctx): string[] {
  return expectArray(v, ctx).map((id, i) => expectId(id, at(ctx, i)));
}

function readSnapshot(v: JsonValue, ctx: Ctx): Snapshot {
  const obj = expectObject(v, ctx, [
    "step",
    "people",
    "burning",
    "trapped",
    "terminated",
    "termination_reason",
  ]);
  const peopleCtx = at(ctx, "people");
  return {
    step: expectInt(field(obj, "step"), at(ctx, "step"), 0),
    people: expectArray(field(obj, "people"), peopleCtx).map((p, i) => {
      const pctx = at(peopleCtx, i);
      const person = expectObject(p, pctx, ["person_id", "status", "position"]);
      return {
        person_id: expectId(field(person, "person_id"), at(pctx, "person_id")),
        status: expectEnum(
          field(person, "status"),
          at(pctx, "status"),
          STATUSES,
        ),
        position: expectCell(field(person, "position"), at(pctx, "position")),
      };
    }),
    burning: readCells(field(obj, "burning"), at(ctx, "burning")),
    trapped: readIds(field(obj, "trapped"), at(ctx, "trapped")),
    terminated: expectBool(field(obj, "terminated"), at(ctx, "terminated")),
    termination_reason: nullable(
      field(obj, "termination_reason"),
      at(ctx, "termination_reason"),
      (r, c) => expectEnum(r, c, REASONS),
    ),
  };
}

function readStep(v: JsonValue, ctx: Ctx): StepRecord {
  const obj = expectObject(v, ctx, [
    "step",
    "actions",
    "movements",
    "ignitions",
    "evacuations",
    "casualties",
    "state",
  ]);
  const actionsCtx = at(ctx, "actions");
  const raw = field(obj, "actions");
  if (
    raw === null || typeof raw !== "object" || Array.isArray(raw) ||
    raw instanceof JsonFloat
  ) {
    fail(actionsCtx, "expected an object mapping person IDs to actions");
  }
  const actions: Record<string, Action> = Object.create(null);
  for (const [key, action] of Object.entries(raw as JsonObject)) {
    const kctx = at(actionsCtx, key);
    expectId(key, kctx);
    actions[key] = expectEnum(action, kctx, ACTIONS);
  }
  const movCtx = at(ctx, "movements");
  const evCtx = at(ctx, "evacuations");
  const casCtx = at(ctx, "casualties");
  return {
    step: expectInt(field(obj, "step"), at(ctx, "step"), 0),
    actions,
    movements: expectArray(field(obj, "movements"), movCtx).map((m, i) =>
      readMovement(m, at(movCtx, i))
    ),
    ignitions: readCells(field(obj, "ignitions"), at(ctx, "ignitions")),
    evacuations: expectArray(field(obj, "evacuations"), evCtx).map((e, i) => {
      const ectx = at(evCtx, i);
      const ev = expectObject(e, ectx, ["person_id", "exit_id"]);
      return {
        person_id: expectId(field(ev, "person_id"), at(ectx, "person_id")),
        exit_id: expectId(field(ev, "exit_id"), at(ectx, "exit_id")),
      };
    }),
    casualties: expectArray(field(obj, "casualties"), casCtx).map((c, i) => {
      const cctx = at(casCtx, i);
      const cas = expectObject(c, cctx, ["person_id", "cause"]);
      return {
        person_id: expectId(field(cas, "person_id"), at(cctx, "person_id")),
        cause: expectEnum(field(cas, "cause"), at(cctx, "cause"), CAUSES),
      };
    }),
    state: readSnapshot(field(obj, "state"), at(ctx, "state")),
  };
}

function readMovement(v: JsonValue, ctx: Ctx): Movement {
  const obj = expectObject(v, ctx, [
    "person_id",
    "action",
    "origin",
    "target",
    "outcome",
  ]);
  return {
    person_id: expectId(field(obj, "person_id"), at(ctx, "person_id")),
    action: expectEnum(field(obj, "action"), at(ctx, "action"), ACTIONS),
    origin: expectCell(field(obj, "origin"), at(ctx, "origin")),
    target: nullable(field(obj, "target"), at(ctx, "target"), expectCell),
    outcome: expectEnum(field(obj, "outcome"), at(ctx, "outcome"), OUTCOMES),
  };
}

function readFinal(v: JsonValue, ctx: Ctx): RunRecord["final_state"] {
  const obj = expectObject(v, ctx, [
    "step",
    "termination_reason",
    "trapped",
    "people",
  ]);
  const peopleCtx = at(ctx, "people");
  return {
    step: expectInt(field(obj, "step"), at(ctx, "step"), 0),
    termination_reason: expectEnum(
      field(obj, "termination_reason"),
      at(ctx, "termination_reason"),
      REASONS,
    ),
    trapped: readIds(field(obj, "trapped"), at(ctx, "trapped")),
    people: expectArray(field(obj, "people"), peopleCtx).map((p, i) =>
      readFinalPerson(p, at(peopleCtx, i))
    ),
  };
}

function readFinalPerson(v: JsonValue, ctx: Ctx): FinalPerson {
  const obj = expectObject(v, ctx, [
    "person_id",
    "status",
    "position",
    "resolution_step",
    "exit_id",
    "casualty_cause",
  ]);
  return {
    person_id: expectId(field(obj, "person_id"), at(ctx, "person_id")),
    status: expectEnum(field(obj, "status"), at(ctx, "status"), STATUSES),
    position: expectCell(field(obj, "position"), at(ctx, "position")),
    resolution_step: nullable(
      field(obj, "resolution_step"),
      at(ctx, "resolution_step"),
      (s, c) => expectInt(s, c, 0),
    ),
    exit_id: nullable(field(obj, "exit_id"), at(ctx, "exit_id"), expectId),
    casualty_cause: nullable(
      field(obj, "casualty_cause"),
      at(ctx, "casualty_cause"),
      (s, c) => expectEnum(s, c, CAUSES),
    ),
  };
}
