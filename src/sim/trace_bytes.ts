/**
 * The canonical JSON text of the run record (contract §8) of a
 * {@linkcode Trace}, written straight from the trace, the layout, the
 * header and the action log, without building the record's objects. It is
 * the text that `encode(recordOfTrace(…))` gives (the tests hold them
 * equal); verification by regeneration compares it with a record's text in
 * the input (`src/verify/`).
 *
 * The text is printable ASCII (the canonical writer escapes anything else
 * in an ID), so its UTF-8 bytes are its characters. It is written as bytes into one buffer, reused from step
 * to step: a large record then makes little garbage. (Strings concatenated
 * piece by piece, then flattened to be compared, cost 15–25 MB more peak
 * memory when verifying one 7.5 MB record of the large scenario.)
 *
 * @module
 */

import { encode } from "../json/canonical.ts";
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
import type { RecordHeader } from "../types.ts";

const STATUS_TEXT = STATUSES.map((s) => `"${s}"`);
const ACTION_TEXT = ACTIONS.map((a) => `"${a}"`);
const OUTCOME_TEXT = OUTCOMES.map((o) => `"${o}"`);
const MOVED = OUTCOMES.indexOf("moved");
const MOVEMENT_HEAD = ACTION_TEXT.map((a) => `{"action":${a},"origin":`);
const OUTCOME_KEY = OUTCOME_TEXT.map((o) => `,"outcome":${o},"person_id":`);
const ASCII = new TextDecoder();

/** ASCII text written into a growing byte buffer, flushed in chunks. */
class Bytes {
  buf = new Uint8Array(1 << 16);
  n = 0;

  /** Append an ASCII string. */
  text(s: string): void {
    const len = s.length;
    if (this.n + len > this.buf.length) this.grow(len);
    const buf = this.buf;
    let n = this.n;
    for (let i = 0; i < len; i++) buf[n++] = s.charCodeAt(i);
    this.n = n;
  }

  /** Append a non-negative integer. */
  int(v: number): void {
    this.text(String(v));
  }

  /** Hand the buffered bytes to `out` (a view, valid during the call). */
  flush(out: (chunk: Uint8Array) => void): void {
    out(this.buf.subarray(0, this.n));
    this.n = 0;
  }

  private grow(len: number): void {
    let size = this.buf.length * 2;
    while (size < this.n + len) size *= 2;
    const wider = new Uint8Array(size);
    wider.set(this.buf.subarray(0, this.n));
    this.buf = wider;
  }
}

/**
 * The canonical text of the record of a trace that stopped with
 * `"terminated"`. Keys are written in code-point order, as canonical JSON
 * sorts them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "./simulator.ts";
 * import { layoutOf } from "./layout.ts";
 * import { actionLogOf, referenceTrace } from "./trace.ts";
 * import { recordTextOfTrace } from "./trace_bytes.ts";
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
 * const text = recordTextOfTrace(layout, record.header, log, referenceTrace(layout, 0, log));
 * assert.equal(text, encode(record as unknown as JsonValue));
 * ```
 */
export function recordTextOfTrace(
  layout: Layout,
  header: RecordHeader,
  log: ActionLog,
  trace: Trace,
): string {
  const pieces: string[] = [];
  writeRecordText(
    layout,
    header,
    log,
    trace,
    (chunk) => pieces.push(ASCII.decode(chunk)),
  );
  return pieces.join("");
}

/**
 * Write the canonical text of the record of a trace that stopped with
 * `"terminated"`, as ASCII bytes, in text order, to `out`: a chunk with the
 * final state and the header, one with the initial state, one per step and
 * the end. A chunk is a view of a buffer that the next chunk reuses: `out`
 * reads it during the call (it may throw to stop the writing). No chunk
 * holds more than one step, so a reader comparing the chunks as they come
 * never needs the whole text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "./layout.ts";
 * import { actionLogOf, referenceTrace } from "./trace.ts";
 * import { writeRecordText } from "./trace_bytes.ts";
 * import type { RecordHeader, Scenario } from "../types.ts";
 * const s = { scenario_id: "t", grid: ["X.a"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const layout = layoutOf(s);
 * const log = actionLogOf(layout.ids, [{ a: "west" }, { a: "west" }]);
 * const header: RecordHeader = { observation_version: "1.0", scenario_hash: "0".repeat(64),
 *   scenario_id: "t", schema_version: "1.0", seed: 0, simulator_version: "1.0" };
 * const chunks: string[] = [];
 * writeRecordText(layout, header, log, referenceTrace(layout, 0, log),
 *   (c) => chunks.push(new TextDecoder().decode(c)));
 * assert.ok(chunks[0]!.startsWith('{"final_state":{"people":[{"casualty_cause":null,"exit_id":"x"'));
 * assert.ok(chunks[1]!.startsWith(',"initial_state":{'));
 * assert.equal(chunks.length, 5); // 2 steps
 * assert.equal(chunks.at(-1), "]}");
 * ```
 */
export function writeRecordText(
  layout: Layout,
  header: RecordHeader,
  log: ActionLog,
  trace: Trace,
  out: (chunk: Uint8Array) => void,
): void {
  if (trace.stop !== "terminated") {
    throw new RangeError(`the replay stopped with ${trace.stop}`);
  }
  const { world, ids, exitIds } = layout;
  const n = ids.length;
  const w = world.width;
  const h = world.height;
  const b = new Bytes();
  // Texts computed once per episode: cells, quoted IDs.
  const cells: string[] = [];
  const cell = (index: number): string =>
    cells[index] ??= `[${(index / w) | 0},${index % w}]`;
  const quotedIds = ids.map((id) => encode(id));
  const quotedExits = exitIds.map((id) => encode(id));
  const trapped = (t: number): void => {
    const from = t === 0 ? 0 : trace.stepTrapped[t - 1]!;
    const to = trace.stepTrapped[t]!;
    for (let k = from; k < to; k++) {
      if (k > from) b.text(",");
      b.text(quotedIds[trace.trapped[k]!]!);
    }
  };
  const reasonText = (t: number): string =>
    t !== trace.steps || trace.termination === TERM_NONE
      ? "null"
      : trace.termination === TERM_ALL_RESOLVED
      ? '"all_resolved"'
      : '"max_steps"';

  // The final state comes first in the text: the casualty causes come from
  // a pass over the events, the rest from the trace's final arrays.
  const cause = new Uint8Array(n);
  const resolved = new Uint8Array(n);
  for (let t = 1; t <= trace.steps; t++) {
    let j = trace.stepEntries[t - 1]!;
    for (let i = 0; i < n; i++) {
      if (resolved[i] === 1) continue;
      const event = trace.event[j++]!;
      if (event === 0) continue;
      resolved[i] = 1;
      if (event !== EVENT_EVACUATED) cause[i] = event;
    }
  }
  // Final-state keys: people, step, termination_reason, trapped; a
  // person's: casualty_cause, exit_id, person_id, position,
  // resolution_step, status.
  b.text('{"final_state":{"people":[');
  for (let i = 0; i < n; i++) {
    const s = trace.status[i]!;
    const at = trace.position[i]!;
    b.text(i === 0 ? '{"casualty_cause":' : ',{"casualty_cause":');
    b.text(s === STATUS_CASUALTY ? causeText(cause[i]!) : "null");
    b.text(',"exit_id":');
    b.text(s === STATUS_EVACUATED ? quotedExits[world.exitAt[at]!]! : "null");
    b.text(',"person_id":');
    b.text(quotedIds[i]!);
    b.text(',"position":');
    b.text(cell(at));
    b.text(',"resolution_step":');
    if (s === STATUS_ACTIVE) b.text("null");
    else b.int(trace.resolution[i]!);
    b.text(',"status":');
    b.text(STATUS_TEXT[s]!);
    b.text("}");
  }
  b.text('],"step":');
  b.int(trace.steps);
  b.text(',"termination_reason":');
  b.text(reasonText(trace.steps));
  b.text(',"trapped":[');
  trapped(trace.steps);
  b.text(']},"header":');
  b.text(headerText(header));
  b.flush(out);

  const status = new Uint8Array(n);
  const position = Int32Array.from(layout.initialPositions);
  const burning = Array.from(layout.ignitions);
  // Snapshot keys: burning, people, step, terminated, termination_reason,
  // trapped; a person's: person_id, position, status.
  const snapshot = (t: number): void => {
    b.text('{"burning":[');
    for (let k = 0; k < burning.length; k++) {
      if (k > 0) b.text(",");
      b.text(cell(burning[k]!));
    }
    b.text('],"people":[');
    for (let i = 0; i < n; i++) {
      b.text(i === 0 ? '{"person_id":' : ',{"person_id":');
      b.text(quotedIds[i]!);
      b.text(',"position":');
      b.text(cell(position[i]!));
      b.text(',"status":');
      b.text(STATUS_TEXT[status[i]!]!);
      b.text("}");
    }
    const reason = reasonText(t);
    b.text('],"step":');
    b.int(t);
    b.text(reason === "null" ? ',"terminated":false' : ',"terminated":true');
    b.text(',"termination_reason":');
    b.text(reason);
    b.text(',"trapped":[');
    trapped(t);
    b.text("]}");
  };
  b.text(',"initial_state":');
  snapshot(0);
  b.text(',"steps":[');
  b.flush(out);
  for (let t = 1; t <= trace.steps; t++) {
    const firstEntry = trace.stepEntries[t - 1]!;
    // Step keys: actions, casualties, evacuations, ignitions, movements,
    // state, step. The first pass writes the actions and collects the
    // (few) evacuations and casualties; the second writes the movements
    // and applies them.
    b.text(t === 1 ? '{"actions":{' : ',{"actions":{');
    let evacuations = "";
    let casualties = "";
    let j = firstEntry;
    for (let i = 0; i < n; i++) {
      if (status[i] !== STATUS_ACTIVE) continue;
      const code = log.codes[j]!;
      const event = trace.event[j]!;
      if (j !== firstEntry) b.text(",");
      j++;
      b.text(quotedIds[i]!);
      b.text(":");
      b.text(ACTION_TEXT[code]!);
      if (event === EVENT_EVACUATED) {
        // Only a mover evacuates, onto its target.
        const [dr, dc] = ACTION_DELTAS[code]!;
        const exit = quotedExits[world.exitAt[position[i]! + dr * w + dc]!]!;
        evacuations += `${
          evacuations === "" ? "" : ","
        }{"exit_id":${exit},"person_id":${quotedIds[i]}}`;
      } else if (event === EVENT_ENTERED_FIRE || event === EVENT_FIRE_SPREAD) {
        casualties += `${casualties === "" ? "" : ","}{"cause":${
          causeText(event)
        },"person_id":${quotedIds[i]}}`;
      }
    }
    b.text('},"casualties":[');
    b.text(casualties);
    b.text('],"evacuations":[');
    b.text(evacuations);
    b.text('],"ignitions":[');
    const from = trace.stepIgnitions[t - 1]!;
    const to = trace.stepIgnitions[t]!;
    for (let k = from; k < to; k++) {
      if (k > from) b.text(",");
      b.text(cell(trace.ignited[k]!));
    }
    b.text('],"movements":[');
    j = firstEntry;
    for (let i = 0; i < n; i++) {
      if (status[i] !== STATUS_ACTIVE) continue;
      const code = log.codes[j]!;
      const outcome = trace.outcome[j]!;
      const event = trace.event[j]!;
      if (j !== firstEntry) b.text(",");
      j++;
      const origin = position[i]!;
      const [dr, dc] = ACTION_DELTAS[code]!;
      const row = (origin / w) | 0;
      const col = origin - row * w;
      // Movement keys: action, origin, outcome, person_id, target. A
      // target may lie outside the grid (blocked by the edge): it is then
      // written from its row and column.
      b.text(MOVEMENT_HEAD[code]!);
      b.text(cell(origin));
      b.text(OUTCOME_KEY[outcome]!);
      b.text(quotedIds[i]!);
      if (code === 0) b.text(',"target":null}');
      else if (row + dr >= 0 && row + dr < h && col + dc >= 0 && col + dc < w) {
        b.text(',"target":');
        b.text(cell(origin + dr * w + dc));
        b.text("}");
      } else {
        b.text(',"target":[');
        b.text(String(row + dr));
        b.text(",");
        b.text(String(col + dc));
        b.text("]}");
      }
      if (outcome === MOVED) position[i] = origin + dr * w + dc;
      if (event === EVENT_EVACUATED) status[i] = STATUS_EVACUATED;
      else if (event !== 0) status[i] = STATUS_CASUALTY;
    }
    if (to > from) {
      for (let k = from; k < to; k++) burning.push(trace.ignited[k]!);
      burning.sort((x, y) => x - y);
    }
    b.text('],"state":');
    snapshot(t);
    b.text(',"step":');
    b.int(t);
    b.text("}");
    b.flush(out);
  }
  b.text("]}");
  b.flush(out);
}

function causeText(event: number): string {
  return event === EVENT_ENTERED_FIRE ? '"entered_fire"' : '"fire_spread"';
}

/** Header keys in code-point order; strings through the canonical writer. */
function headerText(h: RecordHeader): string {
  return `{"observation_version":${
    encode(h.observation_version)
  },"scenario_hash":${encode(h.scenario_hash)},"scenario_id":${
    encode(h.scenario_id)
  },"schema_version":${encode(h.schema_version)},"seed":${
    encode(h.seed)
  },"simulator_version":${encode(h.simulator_version)}}`;
}
