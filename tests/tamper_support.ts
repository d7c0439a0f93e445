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

import { encode, type JsonValue, parse } from "../src/json/canonical.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { parseSuite } from "../src/scenario/suite.ts";
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

/** An edit of a mutable copy of the base result. */
export type Edit = (r: Any) => void;

/** A result edit refused at `path`. */
export function resultCase(name: string, edit: Edit, path: string): Case {
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
export function recordCase(
  name: string,
  index: number,
  edit: (rec: Any) => void,
  path: string,
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
    path: full,
    record: { index, value: r.episodes[index].record, path },
  };
}

// Finders: where in the genuine records each kind of tampering can land.

export function rec(index: number): RunRecord {
  return BASE.episodes[index]!.record;
}

export function req<T>(v: T | undefined | null | false, what: string): T {
  if (v === undefined || v === null || v === false) {
    throw new Error(`tamper corpus: the subset has no ${what}`);
  }
  return v;
}

/** The first step index (0-based) satisfying `pred`. */
export function stepWhere(
  index: number,
  pred: (t: number) => boolean,
  what: string,
): number {
  const steps = rec(index).steps;
  for (let t = 0; t < steps.length; t++) if (pred(t)) return t;
  return req(undefined as number | undefined, what);
}

export function prevState(index: number, t: number) {
  return t === 0 ? rec(index).initial_state : rec(index).steps[t - 1]!.state;
}

export function personIndex(index: number, id: string): number {
  return rec(index).initial_state.people.findIndex((p) => p.person_id === id);
}

export const DIRS: readonly [Action, number, number][] = [
  ["north", -1, 0],
  ["east", 0, 1],
  ["south", 1, 0],
  ["west", 0, -1],
];

export function isWallCell(s: Scenario, c: Cell): boolean {
  const row = s.grid[c[0]];
  return row !== undefined && row[c[1]] === "#";
}

export function cmpCell(a: Cell, b: Cell): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Insert a cell into a row-major list; returns its index. */
export function insertCell(list: Any[], cell: Cell): number {
  let k = 0;
  while (k < list.length && cmpCell(list[k], cell) < 0) k++;
  list.splice(k, 0, [cell[0], cell[1]]);
  return k;
}

export function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  return v.getFloat64(0);
}

/** What is not tampering: accepted by every judge. */
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
