/**
 * One record's text proved by replaying its own actions: stages 1 to 3 of
 * metrics.md §2 and the metrics, for the proof (`proof.ts`). The kernel
 * does it by regeneration, without building the record (`regenerate.ts`);
 * the TypeScript simulator (`kernel: "reference"`) builds the replayed
 * record and compares its text with the span part by part.
 *
 * @module
 */

import { compareCodePoints, type JsonValue } from "../json/canonical.ts";
import { rootCtx } from "../json/fields.ts";
import { MetricsInputError } from "../errors.ts";
import type { KernelName } from "../kernel_name.ts";
import {
  checkCompatibility,
  checkStructure,
} from "../metrics/checks/stages.ts";
import { computeMetrics } from "../metrics/episode.ts";
import { MISMATCH, TextMatch, writeRecord } from "../result/writer.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { referenceReplay } from "../sim/kernel.ts";
import type { Action, RunRecord } from "../types.ts";
import { type RegeneratedEpisode, regeneratedEpisode } from "./regenerate.ts";
import { need, objectAfter } from "./undecided.ts";

/**
 * Stages 1 to 3 for one recorded span, and its metrics: compatibility on
 * the recorded header, the replay from the recorded actions, the replayed
 * record's canonical text equal to the span (so the replayed record is the
 * record), the structural checks on it. Throws `Undecided` when any of it
 * cannot be shown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayedEpisode } from "./replay.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const stay = (o: { people: readonly { person_id: string }[] }) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "stay" as const]));
 * const record = await simulateEpisode(c.scenario, 7, stay, { scenarioHash: c.hash });
 * const text = encode(record as unknown as JsonValue);
 * for (const kernel of ["wasm", "reference"] as const) {
 *   assert.equal(replayedEpisode(c, text, kernel).header["seed"], 7);
 *   assert.throws(() => replayedEpisode(c, text.replace('"stay"', '"west"'), kernel));
 * }
 * ```
 */
export function replayedEpisode(
  c: CompiledScenario,
  source: string,
  kernel: KernelName,
): RegeneratedEpisode & { readonly header: Record<string, unknown> } {
  // Only the header and the actions are read from the span, by their keys:
  // the replayed record's text must then equal the whole span, so a span
  // read wrongly here can only be refused (by the reference verifier).
  const header = objectAfter(source, '"header":{', 0);
  const ctx = rootCtx(MetricsInputError);
  checkCompatibility(c.scenario, c.hash, { header } as JsonValue, ctx);
  const seed = header["seed"];
  need(typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0);
  if (kernel === "wasm") {
    return { header, ...regeneratedEpisode(c, seed, source) };
  }
  const record = replayedRecord(c, seed, source, kernel);
  return {
    header,
    metrics: computeMetrics(c, record, ctx),
    reason: record.final_state.termination_reason,
  };
}

/** The reference path of {@linkcode replayedEpisode}: the record it proves. */
function replayedRecord(
  c: CompiledScenario,
  seed: number,
  source: string,
  kernel: KernelName,
): RunRecord {
  need(kernel === "reference");
  const run = referenceReplay(c, seed);
  let at = source.indexOf('"steps":[');
  need(at >= 0);
  while (!run.terminated) {
    const actions = objectAfter(source, '{"actions":{', at);
    need(run.checkActions(actions) === null);
    run.advance(actions as Record<string, Action>);
    at = source.indexOf("}", source.indexOf('{"actions":{', at));
  }
  const record = run.record();
  // JSON.stringify writes canonical JSON for a record whose objects have
  // their keys in code-point order (the simulator builds them so, and
  // `checkKeyOrder` makes sure) and whose strings are printable ASCII (the
  // span must be): then equal text means an equal value.
  need(!NOT_PRINTABLE.test(source));
  checkKeyOrder(record);
  // Compared part by part, so that no text of the whole record is built.
  const match = new TextMatch([source]);
  try {
    writeRecord(match.out, record, JSON.stringify);
  } catch (e) {
    if (e === MISMATCH) need(false);
    throw e;
  }
  need(match.ended());
  checkStructure(c.scenario, record, rootCtx(MetricsInputError));
  return record;
}

const NOT_PRINTABLE = /[^\x20-\x7e]/;

function sorted(o: object): void {
  const keys = Object.keys(o);
  for (let i = 1; i < keys.length; i++) {
    need(compareCodePoints(keys[i - 1]!, keys[i]!) < 0);
  }
}

/**
 * Every object of the record has its keys in code-point order. The
 * simulator builds each kind of object with one object literal, so the
 * first of each kind stands for all of that literal; people come from two
 * (the start, and a person who changed), and the first step's actions hold
 * every person's ID, so later steps' subsets keep its order.
 */
function checkKeyOrder(record: RunRecord): void {
  sorted(record.header);
  sorted(record.final_state);
  sorted(record.initial_state);
  const first = <T extends object>(xs: readonly T[]) => {
    if (xs.length > 0) sorted(xs[0]!);
  };
  first(record.final_state.people);
  first(record.initial_state.people);
  first(record.steps);
  if (record.steps.length > 0) sorted(record.steps[0]!.actions);
  let movement = false;
  let evacuation = false;
  let casualty = false;
  let changed = false;
  let previous = record.initial_state.people;
  for (const step of record.steps) {
    if (!movement && step.movements.length > 0) {
      sorted(step.movements[0]!);
      movement = true;
    }
    if (!evacuation && step.evacuations.length > 0) {
      sorted(step.evacuations[0]!);
      evacuation = true;
    }
    if (!casualty && step.casualties.length > 0) {
      sorted(step.casualties[0]!);
      casualty = true;
    }
    if (!changed) {
      const people = step.state.people;
      const i = people.findIndex((p, k) => p !== previous[k]);
      if (i >= 0) {
        sorted(people[i]!);
        changed = true;
      }
      previous = people;
    }
  }
  if (record.steps.length > 0) sorted(record.steps[0]!.state);
}
