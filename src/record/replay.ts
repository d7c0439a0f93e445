/**
 * The replay check of contract §8: re-simulate a run record from its
 * scenario, its header's seed and its recorded actions, and require the
 * same canonical bytes. The first difference is reported by field path.
 *
 * @module
 */

import { compareCodePoints, joinPath } from "../json/canonical.ts";
import { firstDifference, show as showValue } from "../json/diff.ts";
import { ReplayMismatchError } from "../errors.ts";
import { scenarioHash as hashOf } from "../scenario/scenario.ts";
import { Episode } from "../sim/simulator.ts";
import type { Action, RunRecord, Scenario } from "../types.ts";

const MISSING = "<missing>";
const RECORD_FIELDS = ["header", "initial_state", "steps", "final_state"];

/**
 * Throw {@linkcode ReplayMismatchError} unless replaying `record` gives the
 * same canonical bytes. The message names the first differing field, in
 * record order (header, initial state, steps in order, final state), for
 * example `steps[2].movements[0].outcome: recorded "blocked_wall", replay
 * gives "moved"`. An action log that cannot be replayed (an action for a
 * person who is not active, a missing person, an invalid action, steps
 * after termination, too few steps) is a mismatch too.
 *
 * @example
 * ```ts
 * import { replayCheck } from "./replay.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { parseScenario } from "../scenario/scenario.ts";
 * import { parse } from "../json/canonical.ts";
 * const s = parseScenario(parse(`{"schema_version": "1.0", "scenario_id": "t", "description": "",
 *   "grid": [".."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 1]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 5}}`));
 * const rec = await simulateEpisode(s, 1, () => ({ p: "west" }));
 * await replayCheck(s, rec);
 * const forged = { ...rec, header: { ...rec.header, seed: 2 } };
 * await replayCheck(s, forged); // no stream was drawn: still the same record
 * ```
 */
export async function replayCheck(
  scenario: Scenario,
  record: RunRecord,
  options: { scenarioHash?: string } = {},
): Promise<void> {
  const hash = options.scenarioHash ?? await hashOf(scenario);
  const rec = record as unknown;
  if (!isPlainObject(rec)) {
    mismatch("", `recorded ${show(rec)}, replay gives a run record`);
  }
  for (const key of Object.keys(rec).sort(compareCodePoints)) {
    if (!RECORD_FIELDS.includes(key)) {
      mismatch(
        joinPath("", key),
        `recorded ${show(rec[key])}, replay gives ${MISSING}`,
      );
    }
  }
  const header = rec["header"];
  const seed = isPlainObject(header) ? header["seed"] : undefined;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) {
    mismatch(
      "header.seed",
      `recorded ${show(seed)}, replay needs an integer seed in [0, 2^53 - 1]`,
    );
  }
  const run = new Episode(scenario, seed, hash);
  compare(header, run.header, "header");
  compare(rec["initial_state"], run.initialState, "initial_state");

  const steps = rec["steps"];
  if (!Array.isArray(steps)) {
    mismatch("steps", `recorded ${show(steps)}, replay gives a list of steps`);
  }
  for (let t = 0; !run.terminated; t++) {
    const path = `steps[${t}]`;
    const step = steps[t] as unknown;
    if (step === undefined) {
      mismatch(
        path,
        `recorded ${MISSING}, replay needs step ${
          t + 1
        }: the episode has not terminated after step ${t}`,
      );
    }
    if (!isPlainObject(step)) {
      mismatch(path, `recorded ${show(step)}, replay gives a step`);
    }
    const actions = step["actions"];
    const problem = run.checkActions(actions);
    if (problem !== null) {
      const at = problem.key === ""
        ? joinPath(path, "actions")
        : joinPath(joinPath(path, "actions"), problem.key);
      mismatch(at, `recorded action log cannot be replayed: ${problem.detail}`);
    }
    compare(step, run.advance(actions as Record<string, Action>), path);
    // Only the replay's final state is read after the loop: its steps need
    // not be kept (a large record's replay would hold a second copy).
    run.steps.pop();
  }
  const last = run.state.step;
  if (steps.length > last) {
    mismatch(
      `steps[${last}]`,
      `recorded a step after termination, replay terminated at step ${last}`,
    );
  }
  compare(rec["final_state"], run.record().final_state, "final_state");
}

function mismatch(path: string, detail: string): never {
  throw new ReplayMismatchError(detail, { path });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}

/** A recorded or replayed value for messages (`<missing>` when absent). */
function show(v: unknown): string {
  return showValue(v, MISSING);
}

/**
 * Throw at the first place where `recorded` and `replayed` would encode
 * differently, visiting fields in the replayed object's order, then the
 * recorded object's extra fields by code point.
 */
function compare(recorded: unknown, replayed: unknown, path: string) {
  const d = firstDifference(recorded, replayed, { order: "second", path });
  if (d !== null) {
    mismatch(
      d.path,
      `recorded ${show(d.first)}, replay gives ${show(d.second)}`,
    );
  }
}
