/**
 * The tamper corpus of issue 11, built from genuine results of a small
 * subset of the public suite (three scenarios, two seeds each, `greedy`):
 * one case per check of metrics.md §2 and statistics.md §1, each kind of
 * structural record error, the result-level attacks of the issue, and
 * fully consistent forgeries that only the replay can catch.
 *
 * Every case states where it must be refused (the field path of the
 * error); the tests run it through the library, the CLI and the
 * independent Python verifier (scripts/verify_reference.py).
 *
 * @module
 */

import {
  compareCodePoints,
  digest,
  encode,
  joinPath,
  JsonFloat,
  type JsonValue,
  parse,
} from "../src/canonical.ts";
import { observe } from "../src/observation.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { publicSuite } from "../src/public_suite.ts";
import { runEvaluation } from "../src/runner.ts";
import { Episode, type RandomStream } from "../src/simulator.ts";
import { parseSuite } from "../src/suite.ts";
import type {
  Action,
  Cell,
  EvaluationResult,
  RunRecord,
  Scenario,
  Suite,
} from "../src/types.ts";

// deno-lint-ignore no-explicit-any
export type Any = any;

const ROOT = new URL("../", import.meta.url).pathname;

/** Scenarios of the subset, in public-suite order, with the seeds used. */
const SUBSET: readonly string[] = [
  "hall_two_exits", // spreading fire, fire_spread casualties, seed-dependent
  "bottleneck_fire_behind", // fire behind a crowd: conflicts and fire
  "three_exits_no_fire", // conflicts only (seed-dependent), three exits
];
const SEEDS = [0, 1];

/** Manifest indices of the subset's episodes. */
export const HALL0 = 0, HALL1 = 1, BOTTLE0 = 2, BOTTLE1 = 3, THREE0 = 4;
export const THREE1 = 5;

/** The subset suite as a JSON value (what `--suite FILE` holds). */
export function subsetSuiteValue(): JsonValue {
  const full = publicSuite();
  return JSON.parse(JSON.stringify({
    suite_id: "tamper-subset",
    suite_version: "1.0",
    families: full.families
      .map((f) => ({
        family_id: f.family_id,
        description: f.description,
        scenarios: f.scenarios.filter((s) => SUBSET.includes(s)),
      }))
      .filter((f) => f.scenarios.length > 0),
    scenarios: full.scenarios
      .filter((s) => SUBSET.includes(s.scenario.scenario_id))
      .map((s) => ({ scenario: s.scenario, seeds: SEEDS })),
  }));
}

/** The subset suite, read strictly like any suite file. */
export const SUITE: Suite = parseSuite(parse(encode(subsetSuiteValue())));
/** The genuine greedy result of the subset. */
export const BASE: EvaluationResult = await runEvaluation(SUITE, "greedy", {
  modelId: "greedy",
});
/** Its canonical text. */
export const BASE_TEXT: string = encode(BASE);

/** A mutable deep copy of the genuine result (typed numbers kept). */
export function fresh(): Any {
  return parse(BASE_TEXT);
}

/** The scenario of a manifest index. */
export function scenarioOf(index: number): Scenario {
  const id = BASE.evaluation_manifest.episodes[index]!.scenario_id;
  return SUITE.scenarios.find((s) => s.scenario.scenario_id === id)!.scenario;
}

/** One attack: how to build it and where it must be refused. */
export type Case = {
  readonly name: string;
  /** The tampered document, as the bytes of a file. */
  readonly text: string;
  /** "refuse": every judge must refuse; "accept": it is not tampering. */
  readonly verdict: "refuse" | "accept";
  /** Error kind of the library (CanonicalJsonError for unreadable text). */
  readonly kind?: "StatisticsInputError" | "CanonicalJsonError";
  /** The exact field path of the error (file-relative). */
  readonly path?: string;
  /** Words the message must hold beyond the path. */
  readonly mentions?: readonly string[];
  /**
   * For a tampered record: the episode, the record and the path of the
   * error `episodeMetrics` must raise on it alone (a MetricsInputError).
   */
  readonly record?: {
    readonly index: number;
    readonly value: JsonValue;
    readonly path: string;
    readonly stage3?: boolean;
  };
};

type Edit = (r: Any) => void;

function resultCase(name: string, edit: Edit, path: string): Case {
  const r = fresh();
  edit(r);
  return {
    name,
    text: encode(r),
    verdict: "refuse",
    kind: "StatisticsInputError",
    path,
  };
}

/** A record edit of episode `index`; `path` is record-relative. */
function recordCase(
  name: string,
  index: number,
  edit: (rec: Any) => void,
  path: string,
  viaResult?: string,
): Case {
  const r = fresh();
  edit(r.episodes[index].record);
  const full = `episodes[${index}].record${
    path === "" || path.startsWith("[") ? "" : "."
  }${path}`;
  return {
    name,
    text: encode(r),
    verdict: "refuse",
    kind: "StatisticsInputError",
    path: viaResult ?? full,
    record: { index, value: r.episodes[index].record, path },
  };
}

// ------------------------------------------------------------ record finders

function rec(index: number): RunRecord {
  return BASE.episodes[index]!.record;
}

function req<T>(v: T | undefined | null | false, what: string): T {
  if (v === undefined || v === null || v === false) {
    throw new Error(`tamper corpus: the subset has no ${what}`);
  }
  return v;
}

/** The first step index (0-based) satisfying `pred`. */
function stepWhere(
  index: number,
  pred: (t: number) => boolean,
  what: string,
): number {
  const steps = rec(index).steps;
  for (let t = 0; t < steps.length; t++) if (pred(t)) return t;
  return req(undefined as number | undefined, what);
}

function prevState(index: number, t: number) {
  return t === 0 ? rec(index).initial_state : rec(index).steps[t - 1]!.state;
}

function personIndex(index: number, id: string): number {
  return rec(index).initial_state.people.findIndex((p) => p.person_id === id);
}

const DIRS: readonly [Action, number, number][] = [
  ["north", -1, 0],
  ["east", 0, 1],
  ["south", 1, 0],
  ["west", 0, -1],
];

function isWallCell(s: Scenario, c: Cell): boolean {
  const row = s.grid[c[0]];
  return row !== undefined && row[c[1]] === "#";
}

function cmpCell(a: Cell, b: Cell): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Insert a cell into a row-major list; returns its index. */
function insertCell(list: Any[], cell: Cell): number {
  let k = 0;
  while (k < list.length && cmpCell(list[k], cell) < 0) k++;
  list.splice(k, 0, [cell[0], cell[1]]);
  return k;
}

// ------------------------------------------------------------ the corpus

/** Each check of metrics.md §2 (stages 1 and 2), on genuine records. */
function metricsChecks(): Case[] {
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
function structuralErrors(): Case[] {
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
async function resultChecks(): Promise<Case[]> {
  const cases: Case[] = [];
  const add = (c: Case) => cases.push(c);
  const rehash = async (r: Any) => {
    r.evaluation_manifest_hash = await digest(r.evaluation_manifest);
  };
  const withHash = async (name: string, edit: Edit, path: string) => {
    const r = fresh();
    edit(r);
    await rehash(r);
    add({
      name,
      text: encode(r),
      verdict: "refuse",
      kind: "StatisticsInputError",
      path,
    });
  };
  add(resultCase("manifest: unknown field", (r) => {
    r.evaluation_manifest.note = "x";
  }, "evaluation_manifest.note"));
  await withHash("manifest: suite version (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_version = "1.1";
  }, "evaluation_manifest.suite_version");
  await withHash("manifest: suite hash (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_hash = "a".repeat(64);
  }, "evaluation_manifest.suite_hash");
  await withHash("manifest: suite ID (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_id = "emberbench-public";
  }, "evaluation_manifest.suite_id");
  for (
    const k of [
      "simulator_version",
      "observation_version",
      "metrics_version",
      "schema_version",
    ]
  ) {
    await withHash(`manifest: changed ${k}`, (r) => {
      r.evaluation_manifest[k] = "1.1";
    }, `evaluation_manifest.${k}`);
  }
  await withHash("manifest: an episode dropped from the schedule", (r) => {
    r.evaluation_manifest.episodes.pop();
    r.episodes.pop();
  }, "evaluation_manifest.episodes");
  // A wrong scenario hash carried everywhere (manifest, keys, headers).
  await withHash("wrong scenario hash, consistent everywhere", (r) => {
    const bad = "b".repeat(64);
    for (const e of r.evaluation_manifest.episodes) {
      if (e.scenario_id === "hall_two_exits") e.scenario_hash = bad;
    }
    for (const e of r.episodes) {
      if (e.scenario_id !== "hall_two_exits") continue;
      e.scenario_hash = bad;
      e.record.header.scenario_hash = bad;
      e.metrics.scenario_hash = bad;
    }
  }, "evaluation_manifest.episodes[0]");
  add(resultCase("wrong scenario hash in one episode key", (r) => {
    r.episodes[1].scenario_hash = "c".repeat(64);
  }, "episodes[1].scenario_hash"));
  add(resultCase("manifest hash", (r) => {
    r.evaluation_manifest_hash = "0".repeat(64);
  }, "evaluation_manifest_hash"));
  add(resultCase("manifest edited, old hash", (r) => {
    r.evaluation_manifest.episodes[5].seed = 7;
  }, "evaluation_manifest.episodes[5]"));
  add(resultCase("episodes reordered", (r) => {
    [r.episodes[1], r.episodes[2]] = [r.episodes[2], r.episodes[1]];
  }, "episodes[2].index"));
  add(resultCase("episode duplicated", (r) => {
    r.episodes[2] = r.episodes[1];
  }, "episodes[2].index"));
  add(resultCase("episode index beyond the manifest", (r) => {
    r.episodes[5].index = 6;
  }, "episodes[5].index"));
  add(resultCase("episode key: seed differs from its manifest entry", (r) => {
    r.episodes[3].seed = 0;
  }, "episodes[3].seed"));
  add(
    resultCase("episode key: scenario differs from its manifest entry", (r) => {
      r.episodes[3].scenario_id = "hall_two_exits";
    }, "episodes[3].scenario_id"),
  );
  add(resultCase("record header seed differs from the manifest", (r) => {
    r.episodes[3].record.header.seed = 0;
  }, "episodes[3].record.header.seed"));
  add(resultCase("metrics header: seed", (r) => {
    r.episodes[3].metrics.seed = 0;
  }, "episodes[3].metrics.seed"));
  add(resultCase("metrics header: metrics version", (r) => {
    r.episodes[3].metrics.metrics_version = "1.1";
  }, "episodes[3].metrics.metrics_version"));
  add(resultCase("model_id is not an ID", (r) => {
    r.model_id = "gree dy";
  }, "model_id"));
  add(resultCase("unknown top-level field", (r) => {
    r.note = "x";
  }, "note"));
  add(resultCase("unknown episode field", (r) => {
    r.episodes[2].note = "x";
  }, "episodes[2].note"));
  // Stored metrics.
  const t = fresh().episodes[BOTTLE0].metrics.time.mean_person_time_to_safety;
  add(resultCase("a stored metric one ulp off", (r) => {
    r.episodes[BOTTLE0].metrics.time.mean_person_time_to_safety = new JsonFloat(
      nextUp(t.value),
    );
  }, `episodes[${BOTTLE0}].metrics.time.mean_person_time_to_safety`));
  const evacRate = BASE.episodes[THREE0]!.metrics as Any;
  if (!(evacRate.safety.evacuated_rate instanceof JsonFloat)) {
    throw new Error("evacuated_rate should be a float");
  }
  add(resultCase("a float field written as an integer (1 for 1.0)", (r) => {
    r.episodes[THREE0].metrics.safety.evacuated_rate = r.episodes[THREE0]
      .metrics.safety.evacuated_rate.value;
  }, `episodes[${THREE0}].metrics.safety.evacuated_rate`));
  add(resultCase("an integer field written as a float (20.0 for 20)", (r) => {
    r.episodes[THREE0].metrics.safety.population = new JsonFloat(
      r.episodes[THREE0].metrics.safety.population,
    );
  }, `episodes[${THREE0}].metrics.safety.population`));
  add(resultCase("a stored metric removed", (r) => {
    delete r.episodes[HALL1].metrics.safety.stranded;
  }, `episodes[${HALL1}].metrics.safety.stranded`));
  add(resultCase("a stored metric added", (r) => {
    r.episodes[HALL1].metrics.safety.score = new JsonFloat(1);
  }, `episodes[${HALL1}].metrics.safety.score`));
  add(resultCase("a stored count changed with its rate", (r) => {
    const s = r.episodes[HALL0].metrics.safety;
    s.casualties -= 1;
    s.evacuated += 1;
    s.casualty_rate = new JsonFloat((s.casualties) / s.population);
    s.evacuated_rate = new JsonFloat(s.evacuated / s.population);
  }, `episodes[${HALL0}].metrics.safety.casualties`));
  // Text-level attacks: what the strict reader refuses.
  const text = (name: string, t: string, path: string, mention: string) =>
    add({
      name,
      text: t,
      verdict: "refuse",
      kind: "CanonicalJsonError",
      path,
      mentions: [mention],
    });
  text(
    "duplicate JSON key",
    once(BASE_TEXT, '{"index":2,', '{"index":2,"index":2,'),
    "episodes[2].index",
    "duplicate key",
  );
  text(
    "duplicate JSON key, same value deep in a record",
    once(
      BASE_TEXT,
      '"terminated":false',
      '"terminated":false,"terminated":false',
    ),
    // The first `"terminated":false` of the canonical text is in the first
    // snapshot: metrics < record, and final_state, header have no such key.
    "episodes[0].record.initial_state.terminated",
    "duplicate key",
  );
  text(
    "an unsafe integer",
    once(
      BASE_TEXT,
      ',"seed":1},{"index":2,',
      ',"seed":9007199254740993},{"index":2,',
    ),
    "episodes[1].seed",
    "outside",
  );
  text(
    "a non-finite float",
    once(BASE_TEXT, '"evacuated_rate":', '"evacuated_rate":1e400,"x":'),
    "episodes[0].metrics.safety.evacuated_rate",
    "not finite",
  );
  return cases;
}

function once(text: string, find: string, replace: string): string {
  const i = text.indexOf(find);
  if (i < 0) throw new Error(`tamper corpus: ${find} not found`);
  return text.slice(0, i) + replace + text.slice(i + find.length);
}

/** The next double above x (x > 0). */
export function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  return v.getFloat64(0);
}

/** What is not tampering: accepted by every judge. */
function notTampering(): Case[] {
  const r = fresh();
  r.model_id = "another-label";
  const partial = fresh();
  partial.episodes.splice(THREE0, 1);
  return [
    {
      name: "whitespace only",
      text: spaced(BASE_TEXT),
      verdict: "accept",
    },
    { name: "model_id is a label", text: encode(r), verdict: "accept" },
    {
      name: "a whole episode removed (a valid partial result)",
      text: encode(partial),
      verdict: "accept",
    },
  ];
}

/** Insert whitespace between tokens (the result holds no `,"` in strings). */
function spaced(text: string): string {
  return text.replaceAll(',"', ',\n\t"').replaceAll('":', '" : ')
    .replaceAll("[", "[ ").replaceAll("{", "{\r\n");
}

// ------------------------------------------------------------ forgeries

/**
 * A genuine simulation of `greedy` in which the `k`-th conflict draw of the
 * movement stream picks the next claimant instead of the drawn one. The
 * stream advances exactly as in the real run, so everything after the
 * rigged conflict is what the simulator would do from that (impossible)
 * state: the record is consistent throughout.
 */
export async function riggedConflict(
  index: number,
  k: number,
): Promise<{ record: RunRecord; draws: number }> {
  const key = BASE.evaluation_manifest.episodes[index]!;
  const scenario = scenarioOf(index);
  const run = new Episode(scenario, key.seed, key.scenario_hash) as Any;
  const real: RandomStream = run.streams.movement;
  let draws = 0;
  run.streams = {
    fire: run.streams.fire,
    movement: {
      next: () => real.next(),
      uniform: (n: number | bigint) => {
        const w = real.uniform(n);
        return draws++ === k ? (w + 1n) % BigInt(n) : w;
      },
    },
  };
  const controller = builtinPolicy("greedy")(key.seed);
  while (!run.terminated) {
    const step = run.state.step;
    run.advance(
      await controller(observe(scenario, run.state), { seed: key.seed, step }),
    );
  }
  return { record: run.record(), draws };
}

/** Metrics of records computed by the Python reference (it trusts records). */
export async function pythonMetrics(
  cases: readonly { scenario: Scenario; record: RunRecord }[],
): Promise<JsonValue[]> {
  const child = new Deno.Command("python3", {
    args: [`${ROOT}scripts/verify_reference.py`, "metrics"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(encode(cases as unknown as JsonValue)),
  );
  await w.close();
  const out = await child.output();
  if (out.code !== 0) {
    throw new Error(
      `python3 metrics failed: ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return parse(new TextDecoder().decode(out.stdout)) as JsonValue[];
}

function forged(
  name: string,
  r: Any,
  index: number,
): Case {
  return {
    name,
    text: encode(r),
    verdict: "refuse",
    kind: "StatisticsInputError",
    path: `episodes[${index}].record`,
    mentions: ["record failed simulator replay verification"],
    record: { index, value: r.episodes[index].record, path: "", stage3: true },
  };
}

/** Forgeries consistent in every field that only the replay can catch. */
async function forgeries(): Promise<Case[]> {
  const cases: Case[] = [];
  // 1. Another seed's genuine simulation, relabelled: the record and the
  //    metrics are what seed 1 gives, with the header and metrics naming
  //    seed 0. Only the fire (hall, bottleneck) or the conflict draws
  //    (three exits) differ between the seeds.
  const pairs: [number, number][] = [
    [HALL0, HALL1],
    [BOTTLE0, BOTTLE1],
    [THREE0, THREE1],
  ];
  for (const [to, from] of pairs) {
    const r = fresh();
    const donor = parse(encode(r.episodes[from])) as Any;
    if (encode(donor.record.steps) === encode(r.episodes[to].record.steps)) {
      throw new Error(`tamper corpus: seeds of episode ${to} give one record`);
    }
    donor.record.header.seed = r.episodes[to].seed;
    donor.metrics.seed = r.episodes[to].seed;
    donor.index = to;
    donor.seed = r.episodes[to].seed;
    r.episodes[to] = donor;
    cases.push(
      forged(`another seed's simulation relabelled (episode ${to})`, r, to),
    );
  }
  // 2. A wrong conflict winner, carried through the rest of the record; and
  // 3. an evacuation one step early (a conflict at an exit won by the person
  //    who genuinely evacuates one step later).
  const genuine = rec(THREE0);
  const evacStep = (r: RunRecord) =>
    new Map(r.final_state.people.map((p) => [p.person_id, p.resolution_step]));
  const base = evacStep(genuine);
  const { draws } = await riggedConflict(THREE0, -1);
  let wrongWinner: RunRecord | undefined;
  let early: RunRecord | undefined;
  for (
    let k = 0;
    k < draws && (wrongWinner === undefined || early === undefined);
    k++
  ) {
    const { record } = await riggedConflict(THREE0, k);
    if (encode(record) === encode(genuine)) continue;
    const steps = evacStep(record);
    const earlier = [...steps].some(([id, s]) =>
      s !== null && base.get(id) !== null && s === base.get(id)! - 1
    );
    const sameEnd = [...steps].every(([id, s]) =>
      s === null || base.get(id) === null || Math.abs(s - base.get(id)!) <= 1
    );
    if (early === undefined && earlier && sameEnd) early = record;
    else if (wrongWinner === undefined && !earlier) wrongWinner = record;
  }
  req(wrongWinner, "rigged conflict that changes the record");
  req(early, "rigged conflict that evacuates someone one step early");
  const metrics = await pythonMetrics([
    { scenario: scenarioOf(THREE0), record: wrongWinner! },
    { scenario: scenarioOf(THREE0), record: early! },
  ]);
  for (
    const [name, record, m] of [
      [
        "a wrong conflict winner carried through the record",
        wrongWinner!,
        metrics[0],
      ],
      ["an evacuation one step early", early!, metrics[1]],
    ] as const
  ) {
    const r = fresh();
    r.episodes[THREE0].record = parse(encode(record));
    r.episodes[THREE0].metrics = m;
    cases.push(forged(name, r, THREE0));
  }
  return cases;
}

/** The whole corpus. */
export async function corpus(): Promise<Case[]> {
  return [
    ...metricsChecks(),
    ...structuralErrors(),
    ...(await resultChecks()),
    ...(await forgeries()),
    ...notTampering(),
  ];
}

/** Run the Python verifier on files; one verdict line per file. */
export async function pythonVerdicts(
  suiteFile: string,
  files: readonly string[],
): Promise<string[]> {
  const out = await new Deno.Command("python3", {
    args: [`${ROOT}scripts/verify_reference.py`, "verify", suiteFile, ...files],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) {
    throw new Error(
      `python3 verify failed: ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return new TextDecoder().decode(out.stdout).trimEnd().split("\n");
}

/** Code-point sort, re-exported for the tests' listings. */
export const byCodePoint = compareCodePoints;
