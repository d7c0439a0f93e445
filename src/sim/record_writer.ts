/**
 * Writing run records: a record the simulator (or a kernel-stepped
 * episode) has just returned in this process is written with
 * `JSON.stringify`, which gives its canonical JSON (both build every object
 * with its keys in code-point order and write only integers, booleans, null
 * and ID strings; tests hold `JSON.stringify(record) === encode(record)`),
 * unless a person ID is integer-like; any other record goes through the
 * generic canonical writer (`encode`).
 *
 * @module
 */

import type { RunRecord } from "../types.ts";

// Records this process's simulator returned, not copies or parsed ones.
const produced = new WeakSet<RunRecord>();

const PRINTABLE = /^[\x20-\x7e]*$/;
const INTEGER = /^(?:0|[1-9][0-9]*)$/;

/**
 * Note a record the simulator has just built (the calls of the simulator
 * and of the kernel-stepped episode only: both build every object with its
 * keys in code-point order).
 */
export function markProduced(record: RunRecord): void {
  produced.add(record);
}

/**
 * Whether `record` is an object the simulator returned in this process
 * (not a copy, not a parsed record). It may have been changed since: the
 * caller that relies on its shape checks what it needs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { producedBySimulator } from "./record_writer.ts";
 * import { simulateEpisode } from "./simulator.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const s = publicSuite().scenarios[0]!.scenario;
 * const r = await simulateEpisode(s, 0, (o) => Object.fromEntries(o.people.map((p) => [p.person_id, "stay"])));
 * assert.ok(producedBySimulator(r) && !producedBySimulator(structuredClone(r)));
 * ```
 */
export function producedBySimulator(record: RunRecord): boolean {
  return produced.has(record);
}

/**
 * The canonical text of a record the simulator has just produced, by
 * `JSON.stringify`, when that text is printable ASCII; `undefined` for any
 * other record (the caller writes it with `encode`, which escapes and
 * refuses with field paths).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { freshRecordText } from "./record_writer.ts";
 * import { simulateEpisode } from "./simulator.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const s = publicSuite().scenarios[0]!.scenario;
 * const r = await simulateEpisode(s, 0, (o) => Object.fromEntries(o.people.map((p) => [p.person_id, "stay"])));
 * assert.equal(freshRecordText(r), encode(r));
 * assert.equal(freshRecordText(structuredClone(r)), undefined);
 * ```
 */
export function freshRecordText(record: RunRecord): string | undefined {
  if (!produced.has(record)) return undefined;
  // JavaScript puts integer-like keys first, in numeric order, whatever
  // the insertion order: a step's actions keyed by such person IDs ("9",
  // "10") would not be in code-point order.
  if (record.initial_state.people.some((p) => INTEGER.test(p.person_id))) {
    return undefined;
  }
  const text = JSON.stringify(record);
  return PRINTABLE.test(text) ? text : undefined;
}
