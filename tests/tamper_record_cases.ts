/**
 * Tamper cases on run records: one per check of metrics.md §2 (stages 1 and
 * 2) and each kind of structural record error (contract §8), on genuine
 * records of the subset result (tests/tamper_support.ts).
 *
 * @module
 */

import { joinPath, JsonFloat } from "../src/json/canonical.ts";
import type { Action, Cell } from "../src/types.ts";
import {
  type Any,
  BOTTLE0,
  type Case,
  cmpCell,
  DIRS,
  HALL0,
  insertCell,
  isWallCell,
  personIndex,
  prevState,
  rec,
  recordCase,
  req,
  scenarioOf,
  stepWhere,
  THREE0,
} from "./tamper_support.ts";

/** Each check of metrics.md §2 (stages 1 and 2), on genuine records. */
export function metricsChecks(): Case[] {
  const cases: Case[] = [];
  const add = (c: Case) => cases.push(c);
  const H = HALL0;
  const hall = rec(H);
  // Stage 1: compatibility. In a result the record header is also compared
  // with the manifest (statistics.md §1), which names the same field.
  for (
    const [k, v] of [
      ["simulator_version", "1.1"],
      ["observation_version", "0.9"],
      ["schema_version", "2.0"],
      ["scenario_id", "office_single_exit"],
      ["scenario_hash", "0".repeat(64)],
    ] as const
  ) {
    add(recordCase(`stage 1: header ${k}`, H, (r) => {
      r.header[k] = v;
    }, `header.${k}`));
  }
  // Initial state.
  add(recordCase("s0: step 0", H, (r) => {
    r.initial_state.step = 1;
  }, "initial_state.step"));
  add(recordCase("s0: every person active", H, (r) => {
    r.initial_state.people[0].status = "evacuated";
  }, "initial_state.people[0].status"));
  add(recordCase("s0: scenario positions", H, (r) => {
    r.initial_state.people[0].position = hall.initial_state.people[1]!
      .position;
  }, "initial_state.people[0].position"));
  add(recordCase("s0: burning equals the ignitions", H, (r) => {
    r.initial_state.burning = [];
  }, "initial_state.burning"));
  add(recordCase("s0: not terminated", H, (r) => {
    r.initial_state.terminated = true;
  }, "initial_state.terminated"));
  add(recordCase("s0: trapped recomputed", H, (r) => {
    r.initial_state.trapped = [hall.initial_state.people[0]!.person_id];
  }, "initial_state.trapped"));
  // Each step t.
  add(recordCase("step numbers 1..T", H, (r) => {
    r.steps[1].step = 3;
  }, "steps[1].step"));
  const first = hall.steps[0]!;
  const firstId = first.movements[0]!.person_id;
  add(recordCase("actions cover the active people (missing)", H, (r) => {
    delete r.steps[0].actions[firstId];
  }, "steps[0].actions"));
  const tRes = stepWhere(
    H,
    (t) => prevState(H, t).people.some((p) => p.status !== "active"),
    "step after a resolution",
  );
  const resolved =
    prevState(H, tRes).people.find((p) => p.status !== "active")!.person_id;
  add(recordCase("actions cover only the active people (extra)", H, (r) => {
    r.steps[tRes].actions[resolved] = "stay";
  }, joinPath(`steps[${tRes}].actions`, resolved)));
  add(recordCase("movements cover the active people", H, (r) => {
    r.steps[0].movements.pop();
  }, "steps[0].movements"));
  add(recordCase("movements sorted by ID", H, (r) => {
    const m = r.steps[0].movements;
    [m[0], m[1]] = [m[1], m[0]];
  }, "steps[0].movements[0].person_id"));
  const j = req(
    first.movements.findIndex((m) => m.action !== "stay") + 1,
    "move in step 1",
  ) - 1;
  const mv = first.movements[j]!;
  const otherDir = DIRS.find(([d]) => d !== mv.action)![0];
  add(recordCase("movement agrees with its action", H, (r) => {
    r.steps[0].movements[j].action = otherDir;
  }, `steps[0].movements[${j}].action`));
  add(recordCase("movement agrees with its origin", H, (r) => {
    r.steps[0].movements[j].origin = [mv.origin[0], mv.origin[1] + 1];
  }, `steps[0].movements[${j}].origin`));
  add(recordCase("movement target from action and origin", H, (r) => {
    r.steps[0].movements[j].target = [mv.origin[0], mv.origin[1]];
  }, `steps[0].movements[${j}].target`));
  add(recordCase("movement agrees with its outcome", H, (r) => {
    r.steps[0].movements[j].outcome = "stayed";
  }, `steps[0].movements[${j}].outcome`));
  // A move turned into a "moved" into a wall next to the person.
  const sc = scenarioOf(H);
  let wall: [number, number, Action, Cell] | undefined;
  for (let t = 0; t < hall.steps.length && wall === undefined; t++) {
    hall.steps[t]!.movements.forEach((m, k) => {
      for (const [d, dr, dc] of DIRS) {
        const c: Cell = [m.origin[0] + dr, m.origin[1] + dc];
        if (wall === undefined && isWallCell(sc, c)) wall = [t, k, d, c];
      }
    });
  }
  const [wt, wk, wd, wc] = req(wall, "person next to a wall");
  add(recordCase("a moved target is not a wall", H, (r) => {
    const m = r.steps[wt].movements[wk];
    r.steps[wt].actions[m.person_id] = wd;
    m.action = wd;
    m.target = [wc[0], wc[1]];
    m.outcome = "moved";
  }, `steps[${wt}].movements[${wk}].outcome`));
  // No two people end in one cell: a conflict loser claimed to have moved.
  const B = BOTTLE0;
  const bottle = rec(B);
  const tc = stepWhere(
    B,
    (t) =>
      bottle.steps[t]!.movements.some((m) => m.outcome === "blocked_conflict"),
    "conflict",
  );
  const ms = bottle.steps[tc]!.movements;
  const loser = ms.findIndex((m) => m.outcome === "blocked_conflict");
  const winner = ms.findIndex((m, k) =>
    k !== loser && m.outcome === "moved" && m.target !== null &&
    cmpCell(m.target, ms[loser]!.target!) === 0
  );
  req(winner >= 0, "conflict winner");
  add(recordCase("no two people end in one cell", B, (r) => {
    r.steps[tc].movements[loser].outcome = "moved";
  }, `steps[${tc}].movements[${Math.max(loser, winner)}]`));
  // Ignitions: new, non-wall cells.
  const ti = stepWhere(
    H,
    (t) => t > 0 && hall.steps[t]!.ignitions.length > 0,
    "step with ignitions after step 1",
  );
  const old = prevState(H, ti).burning[0]!;
  const oldAt = [...hall.steps[ti]!.ignitions, old].sort(cmpCell).findIndex(
    (c) => cmpCell(c, old) === 0,
  );
  add(recordCase("ignitions are new cells", H, (r) => {
    insertCell(r.steps[ti].ignitions, old);
  }, `steps[${ti}].ignitions[${oldAt}]`));
  let wallCell: Cell | undefined;
  sc.grid.forEach((row, rr) => {
    const cc = row.indexOf("#");
    if (wallCell === undefined && cc >= 0) wallCell = [rr, cc];
  });
  const wCell = req(wallCell, "wall cell");
  const wallAt = [...hall.steps[ti]!.ignitions, wCell].sort(cmpCell)
    .findIndex((c) => cmpCell(c, wCell) === 0);
  add(recordCase("ignitions are not walls", H, (r) => {
    insertCell(r.steps[ti].ignitions, wCell);
  }, `steps[${ti}].ignitions[${wallAt}]`));
  const nb = hall.steps[ti]!.state.burning.length;
  add(recordCase("burning(s_t) = burning(s_t-1) ∪ ignited_t", H, (r) => {
    r.steps[ti].state.burning.pop();
  }, `steps[${ti}].state.burning[${nb - 1}]`));
  // Events match status changes.
  const te = stepWhere(
    H,
    (t) => hall.steps[t]!.evacuations.length > 0,
    "evacuation",
  );
  add(recordCase("every evacuation matches a status change", H, (r) => {
    r.steps[te].evacuations.shift();
  }, `steps[${te}].evacuations`));
  const T3 = THREE0;
  const three = rec(T3);
  const tx = stepWhere(
    T3,
    (t) => three.steps[t]!.evacuations.length > 0,
    "evacuation (three exits)",
  );
  const ev = three.steps[tx]!.evacuations[0]!;
  const otherExit = scenarioOf(T3).exits.find((e) => e.exit_id !== ev.exit_id)!
    .exit_id;
  add(recordCase("evacuation at the correct exit ID", T3, (r) => {
    r.steps[tx].evacuations[0].exit_id = otherExit;
  }, `steps[${tx}].evacuations[0].exit_id`));
  const tk = stepWhere(
    H,
    (t) => hall.steps[t]!.casualties.length > 0,
    "casualty",
  );
  const cas = hall.steps[tk]!.casualties[0]!;
  add(recordCase("casualty with the correct cause", H, (r) => {
    r.steps[tk].casualties[0].cause = cas.cause === "fire_spread"
      ? "entered_fire"
      : "fire_spread";
  }, `steps[${tk}].casualties[0].cause`));
  const iRes = personIndex(H, resolved);
  add(recordCase("resolved people never change", H, (r) => {
    const p = r.steps[tRes].state.people[iRes];
    p.position = [p.position[0], p.position[1] + 1];
  }, `steps[${tRes}].state.people[${iRes}]`));
  const iCas = personIndex(H, cas.person_id);
  add(recordCase("no active person on a burning cell", H, (r) => {
    r.steps[tk].state.people[iCas].status = "active";
    r.steps[tk].casualties.shift();
  }, `steps[${tk}].state.people[${iCas}]`));
  const iEv = personIndex(T3, ev.person_id);
  add(recordCase("no active person on a usable exit", T3, (r) => {
    r.steps[tx].state.people[iEv].status = "active";
    r.steps[tx].evacuations.shift();
  }, `steps[${tx}].state.people[${iEv}]`));
  add(recordCase("trapped set recomputed (step)", H, (r) => {
    r.steps[0].state.trapped = [firstId];
  }, "steps[0].state.trapped"));
  // Termination.
  const T = hall.steps.length;
  req(hall.final_state.termination_reason === "all_resolved", "all_resolved");
  add(recordCase("only the last snapshot is terminated", H, (r) => {
    r.steps[0].state.terminated = true;
  }, "steps[0].state.terminated"));
  add(recordCase("termination reason all_resolved", H, (r) => {
    r.steps[T - 1].state.termination_reason = "max_steps";
  }, `steps[${T - 1}].state.termination_reason`));
  add(recordCase("a record with no steps", H, (r) => {
    r.steps = [];
  }, "steps"));
  add(recordCase("a record that does not reach termination", H, (r) => {
    r.steps.pop();
  }, `steps[${T - 2}].state.terminated`));
  // Final state.
  add(recordCase("final_state.step", H, (r) => {
    r.final_state.step = T + 1;
  }, "final_state.step"));
  add(recordCase("final_state.termination_reason", H, (r) => {
    r.final_state.termination_reason = "max_steps";
  }, "final_state.termination_reason"));
  add(recordCase("final_state.trapped", H, (r) => {
    r.final_state.trapped = [firstId];
  }, "final_state.trapped"));
  add(recordCase("final_state status", H, (r) => {
    r.final_state.people[iCas].status = "evacuated";
  }, `final_state.people[${iCas}].status`));
  add(recordCase("final_state resolution step", H, (r) => {
    r.final_state.people[iCas].resolution_step += 1;
  }, `final_state.people[${iCas}].resolution_step`));
  add(recordCase("final_state exit ID", T3, (r) => {
    r.final_state.people[iEv].exit_id = otherExit;
  }, `final_state.people[${iEv}].exit_id`));
  return cases;
}

/** Each kind of structural record error (the shape reader of contract §8). */
export function structuralErrors(): Case[] {
  const H = HALL0;
  const id = rec(H).steps[0]!.movements[0]!.person_id;
  const c = (name: string, edit: (r: Any) => void, path: string) =>
    recordCase(`structure: ${name}`, H, edit, path);
  return [
    c("unknown field", (r) => (r.steps[0].note = 1), "steps[0].note"),
    c(
      "missing field",
      (r) => delete r.steps[0].ignitions,
      "steps[0].ignitions",
    ),
    c("string for an integer", (r) => (r.steps[0].step = "1"), "steps[0].step"),
    c(
      "float for an integer",
      (r) => (r.steps[0].step = new JsonFloat(1)),
      "steps[0].step",
    ),
    c("negative integer", (r) => (r.final_state.step = -1), "final_state.step"),
    c(
      "null for a boolean",
      (r) => (r.initial_state.terminated = null),
      "initial_state.terminated",
    ),
    c(
      "unknown outcome",
      (r) => (r.steps[0].movements[0].outcome = "teleported"),
      "steps[0].movements[0].outcome",
    ),
    c(
      "unknown action",
      (r) => (r.steps[0].actions[id] = "up"),
      joinPath("steps[0].actions", id),
    ),
    c(
      "cell of one number",
      (r) => (r.steps[0].movements[0].origin = [1]),
      "steps[0].movements[0].origin",
    ),
    c(
      "cell of a float",
      (r) => (r.steps[0].movements[0].origin[1] = new JsonFloat(1.5)),
      "steps[0].movements[0].origin[1]",
    ),
    c(
      "person ID that is not an ID",
      (r) => (r.final_state.people[0].person_id = "a b"),
      "final_state.people[0].person_id",
    ),
    c(
      "actions not an object",
      (r) => (r.steps[0].actions = []),
      "steps[0].actions",
    ),
    c("steps not a list", (r) => (r.steps = {}), "steps"),
    c(
      "scenario hash not a digest",
      (r) => (r.header.scenario_hash = "XYZ"),
      "header.scenario_hash",
    ),
  ];
}

/** statistics.md §1 and the result-level attacks of the issue. */
