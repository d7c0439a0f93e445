/**
 * What the episode viewer draws, taken from a replay-verified run record and
 * its scenario: the fixed grid (walls, floor, exits), one frame per
 * snapshot (s_0, then after each step) with the people, the burning cells
 * and the step's evacuations and casualties, and the episode's key metrics.
 * The text rendering for `show --text` lives here too.
 *
 * @module
 */

import {
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import type { RunRecord, Scenario, Snapshot, StepRecord } from "../types.ts";
import { escapeTerminal } from "../escape.ts";
import { decisionText, type DecisionView } from "./transcript_view.ts";

/** One person in a frame. */
export type FramePerson = {
  readonly id: string;
  readonly row: number;
  readonly col: number;
  readonly status: "active" | "evacuated" | "casualty";
  readonly trapped: boolean;
};

/** One snapshot of the episode, with the events of the step that led to it. */
export type Frame = {
  readonly step: number;
  readonly people: readonly FramePerson[];
  readonly burning: readonly (readonly [number, number])[];
  readonly evacuations: readonly {
    readonly person: string;
    readonly exit: string;
    readonly row: number;
    readonly col: number;
  }[];
  readonly casualties: readonly {
    readonly person: string;
    readonly cause: string;
    readonly row: number;
    readonly col: number;
  }[];
  readonly terminated: boolean;
  readonly reason: string | null;
};

/** The whole episode as the viewer needs it. */
export type EpisodeView = {
  readonly scenarioId: string;
  readonly description: string;
  readonly seed: number;
  readonly maxSteps: number;
  readonly grid: readonly string[];
  readonly exits: readonly {
    readonly id: string;
    readonly row: number;
    readonly col: number;
  }[];
  readonly frames: readonly Frame[];
  /** Key metrics: label and value, already formatted. */
  readonly metrics: readonly (readonly [string, string])[];
};

/**
 * Build the view of a replay-verified record and its metrics dictionary.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeView } from "./episode_view.ts";
 * import { replayActions } from "../sim/simulator.ts";
 * import { episodeMetrics } from "../metrics/episode.ts";
 * import { scenarioHash } from "../scenario/scenario.ts";
 * import type { Scenario } from "../types.ts";
 * const scenario: Scenario = { schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } };
 * const record = replayActions(scenario, 0, [{ p: "west" }], await scenarioHash(scenario));
 * const view = episodeView(scenario, record, await episodeMetrics(scenario, record));
 * assert.equal(view.frames.length, 2);
 * assert.deepEqual(view.frames[1]!.evacuations, [{ person: "p", exit: "x", row: 0, col: 0 }]);
 * ```
 */
export function episodeView(
  scenario: Scenario,
  record: RunRecord,
  metrics: JsonObject,
): EpisodeView {
  const frames = [
    frameOf(record.initial_state, undefined),
    ...record.steps.map((s) => frameOf(s.state, s)),
  ];
  return {
    scenarioId: scenario.scenario_id,
    description: scenario.description,
    seed: record.header.seed,
    maxSteps: scenario.termination.max_steps,
    grid: scenario.grid,
    exits: scenario.exits.map((e) => ({
      id: e.exit_id,
      row: e.position[0],
      col: e.position[1],
    })),
    frames,
    metrics: keyMetrics(metrics, record),
  };
}

function frameOf(state: Snapshot, step: StepRecord | undefined): Frame {
  const trapped = new Set(state.trapped);
  const at = new Map(
    state.people.map((p) => [p.person_id, p.position] as const),
  );
  const cell = (id: string) => at.get(id) ?? [-1, -1];
  return {
    step: state.step,
    people: state.people.map((p) => ({
      id: p.person_id,
      row: p.position[0],
      col: p.position[1],
      status: p.status,
      trapped: trapped.has(p.person_id),
    })),
    burning: state.burning.map((c) => [c[0], c[1]] as const),
    evacuations: (step?.evacuations ?? []).map((e) => ({
      person: e.person_id,
      exit: e.exit_id,
      row: cell(e.person_id)[0],
      col: cell(e.person_id)[1],
    })),
    casualties: (step?.casualties ?? []).map((c) => ({
      person: c.person_id,
      cause: c.cause,
      row: cell(c.person_id)[0],
      col: cell(c.person_id)[1],
    })),
    terminated: state.terminated,
    reason: state.termination_reason,
  };
}

/** The metrics a viewer shows beside the grid, from the dictionary. */
function keyMetrics(
  m: JsonObject,
  record: RunRecord,
): [string, string][] {
  const get = (section: string, key: string): JsonValue => {
    const s = m[section];
    if (s === null || typeof s !== "object" || Array.isArray(s)) return null;
    return (s as JsonObject)[key] ?? null;
  };
  const show = (v: JsonValue): string =>
    v === null
      ? "\u2014 (undefined)"
      : v instanceof JsonFloat
      ? v.value.toFixed(4)
      : String(v);
  return [
    ["population", show(get("safety", "population"))],
    ["evacuated", show(get("safety", "evacuated"))],
    ["casualties", show(get("safety", "casualties"))],
    ["stranded (active at the end)", show(get("safety", "stranded"))],
    ["trapped at the end", show(get("safety", "terminal_trapped_count"))],
    ["evacuated_rate", show(get("safety", "evacuated_rate"))],
    ["casualty_rate", show(get("safety", "casualty_rate"))],
    [
      "mean_person_time_to_safety (steps)",
      show(get("time", "mean_person_time_to_safety")),
    ],
    ["blocked_rate", show(get("movement", "blocked_rate"))],
    ["mean_exposure", show(get("fire_exposure", "mean_exposure"))],
    ["exits_used", show(get("exits", "exits_used"))],
    [
      "steps / horizon",
      `${record.final_state.step} / ${show(get("time", "max_steps"))}`,
    ],
    ["termination", record.final_state.termination_reason],
  ];
}

/** The characters of the text frames, explained in the legend. */
export const TEXT_LEGEND =
  "# wall  . floor  E exit  F fire  @ person  T trapped person (no way out)\n+ evacuated here this step  x casualty here this step";

/**
 * The episode as text frames for a terminal: a heading, the legend, then
 * each frame's grid and its events, and with `decisions` (from a
 * transcript) the answer time and info of the step that led to the frame.
 * Every ID and info line is escaped for the terminal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeText } from "./episode_view.ts";
 * const text = episodeText({ scenarioId: "t", description: "", seed: 0, maxSteps: 3, grid: [".."],
 *   exits: [{ id: "x", row: 0, col: 0 }], metrics: [],
 *   frames: [{ step: 0, people: [{ id: "p", row: 0, col: 1, status: "active", trapped: false }],
 *     burning: [], evacuations: [], casualties: [], terminated: false, reason: null }] });
 * assert.match(text, /^E@$/m);
 * ```
 */
export function episodeText(
  view: EpisodeView,
  decisions?: readonly DecisionView[],
): string {
  const byStep = new Map(decisions?.map((d) => [d.step, d]));
  const lines = [
    `scenario ${escapeTerminal(view.scenarioId)}, seed ${view.seed}, ${
      view.frames.length - 1
    } steps (horizon ${view.maxSteps})`,
    TEXT_LEGEND,
    ...view.metrics.map(([k, v]) => `  ${k}: ${escapeTerminal(v)}`),
  ];
  for (const f of view.frames) {
    const cells: string[][] = view.grid.map((row) =>
      [...row].map((c) => (c === "#" ? "#" : "."))
    );
    const put = (r: number, c: number, ch: string) => {
      const line = cells[r];
      if (line !== undefined && c >= 0 && c < line.length) line[c] = ch;
    };
    for (const e of view.exits) put(e.row, e.col, "E");
    for (const [r, c] of f.burning) put(r, c, "F");
    for (const p of f.people) {
      if (p.status === "active") put(p.row, p.col, p.trapped ? "T" : "@");
    }
    for (const e of f.evacuations) put(e.row, e.col, "+");
    for (const c of f.casualties) put(c.row, c.col, "x");
    const active = f.people.filter((p) => p.status === "active").length;
    const trapped = f.people.filter((p) => p.trapped).length;
    lines.push(
      "",
      `step ${f.step}: ${active} active (${trapped} trapped), ${f.burning.length} burning${
        f.terminated ? `, ended: ${f.reason}` : ""
      }`,
      ...cells.map((r) => r.join("")),
      ...f.evacuations.map((e) =>
        `  evacuated ${escapeTerminal(e.person)} via ${escapeTerminal(e.exit)}`
      ),
      ...f.casualties.map((c) =>
        `  casualty ${escapeTerminal(c.person)} (${c.cause})`
      ),
    );
    const d = byStep.get(f.step);
    if (d !== undefined) lines.push(...decisionText(d));
  }
  return lines.join("\n");
}
