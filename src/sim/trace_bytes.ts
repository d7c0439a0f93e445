/**
 * The canonical JSON text of the run record (contract §8) of a
 * {@linkcode Trace}, written straight from the trace, the layout, the
 * header and the action log, without building the record's objects. It is
 * the text that `encode(recordOfTrace(…))` gives (the tests hold them
 * equal); verification by regeneration compares it with a record's text in
 * the input (issue 13, item 2).
 *
 * The text is printable ASCII (IDs are), so its UTF-8 bytes are its
 * characters.
 *
 * @module
 */

import { encode } from "../json/canonical.ts";
import type { Layout } from "./simulator.ts";
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
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "./step.ts";
import type { ActionLog, Trace } from "./trace.ts";
import type { RecordHeader } from "../types.ts";

const STATUS_TEXT = ['"active"', '"evacuated"', '"casualty"'];
const ACTION_TEXT = ACTIONS.map((a) => `"${a}"`);
const OUTCOME_TEXT = OUTCOMES.map((o) => `"${o}"`);
const MOVED = OUTCOMES.indexOf("moved");
const MOVEMENT_HEAD = ACTION_TEXT.map((a) => `{"action":${a},"origin":`);
const OUTCOME_KEY = OUTCOME_TEXT.map((o) => `,"outcome":${o},"person_id":`);

/**
 * The canonical text of the record of a trace that stopped with
 * `"terminated"`. Keys are written in code-point order, as canonical JSON
 * sorts them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf, replayActions } from "./simulator.ts";
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
  writeRecordText(layout, header, log, trace, (piece) => pieces.push(piece));
  return pieces.join("");
}

/**
 * Write the canonical text of the record of a trace that stopped with
 * `"terminated"`, in pieces, in text order, to `out`: the final state, the
 * header, the initial state, then one piece per step. No piece holds more
 * than one step, so a reader comparing the pieces as they come never needs
 * the whole text; `out` may throw to stop the writing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "./simulator.ts";
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
 * const pieces: string[] = [];
 * writeRecordText(layout, header, log, referenceTrace(layout, 0, log), (p) => pieces.push(p));
 * assert.ok(pieces[0]!.startsWith('{"final_state":{"people":[{"casualty_cause":null,"exit_id":"x"'));
 * // the final state and header; the initial state; 2 steps; the end
 * assert.equal(pieces.length, 5);
 * ```
 */
export function writeRecordText(
  layout: Layout,
  header: RecordHeader,
  log: ActionLog,
  trace: Trace,
  out: (piece: string) => void,
): void {
  if (trace.stop !== "terminated") {
    throw new RangeError(`the replay stopped with ${trace.stop}`);
  }
  const { world, ids, exitIds } = layout;
  const n = ids.length;
  const w = world.width;
  // Texts computed once per episode: cells, quoted IDs.
  const cells: string[] = [];
  const cell = (index: number): string =>
    cells[index] ??= `[${(index / w) | 0},${index % w}]`;
  const quotedIds = ids.map((id) => encode(id));
  const quotedExits = exitIds.map((id) => encode(id));
  const trappedText = (t: number): string => {
    let s = "";
    const from = t === 0 ? 0 : trace.stepTrapped[t - 1]!;
    const to = trace.stepTrapped[t]!;
    for (let k = from; k < to; k++) {
      s += k === from
        ? quotedIds[trace.trapped[k]!]
        : `,${quotedIds[trace.trapped[k]!]}`;
    }
    return s;
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
  // Final-state person keys: casualty_cause, exit_id, person_id, position,
  // resolution_step, status.
  let finalPeople = "";
  for (let i = 0; i < n; i++) {
    const s = trace.status[i]!;
    const at = trace.position[i]!;
    finalPeople += `${i === 0 ? "" : ","}{"casualty_cause":${
      s === STATUS_CASUALTY ? causeText(cause[i]!) : "null"
    },"exit_id":${
      s === STATUS_EVACUATED ? quotedExits[world.exitAt[at]!]! : "null"
    },"person_id":${quotedIds[i]},"position":${cell(at)},"resolution_step":${
      s === STATUS_ACTIVE ? "null" : trace.resolution[i]
    },"status":${STATUS_TEXT[s]}}`;
  }
  // Final-state keys: people, step, termination_reason, trapped.
  out(
    `{"final_state":{"people":[${finalPeople}],"step":${trace.steps},"termination_reason":${
      reasonText(trace.steps)
    },"trapped":[${trappedText(trace.steps)}]},"header":${headerText(header)}`,
  );

  const status = new Uint8Array(n);
  const position = Int32Array.from(layout.initialPositions);
  const burning = Array.from(layout.ignitions);
  const personText = (i: number) =>
    `{"person_id":${quotedIds[i]},"position":${cell(position[i]!)},"status":${
      STATUS_TEXT[status[i]!]
    }}`;
  const people: string[] = [];
  for (let i = 0; i < n; i++) people.push(personText(i));
  const peopleText = people.join(",");
  let burningText = burning.map(cell).join(",");
  // Snapshot keys: burning, people, step, terminated, termination_reason,
  // trapped.
  const snapshot = (t: number): string => {
    const reason = reasonText(t);
    return `{"burning":[${burningText}],"people":[${peopleText}],"step":${t},"terminated":${
      reason !== "null"
    },"termination_reason":${reason},"trapped":[${trappedText(t)}]}`;
  };
  out(`,"initial_state":${snapshot(0)},"steps":[`);
  // Each step's text is pushed in parts, most of them texts kept for the
  // episode (IDs, cells, a person's snapshot entry until it changes), and
  // joined once: concatenating them would build a tree of string pieces as
  // large as the text before it is flattened to be compared.
  const h = world.height;
  const actionPairs: (string[] | undefined)[] = [];
  const parts: string[] = [];
  for (let t = 1; t <= trace.steps; t++) {
    parts.length = 0;
    const firstEntry = trace.stepEntries[t - 1]!;
    parts.push(t === 1 ? '{"actions":{' : ',{"actions":{');
    let evacuations = "";
    let casualties = "";
    let j = firstEntry;
    for (let i = 0; i < n; i++) {
      if (status[i] !== STATUS_ACTIVE) continue;
      const code = log.codes[j]!;
      const event = trace.event[j]!;
      if (j !== firstEntry) parts.push(",");
      j++;
      const pairs = actionPairs[i] ??= ACTION_TEXT.map((a) =>
        `${quotedIds[i]}:${a}`
      );
      parts.push(pairs[code]!);
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
    let ignitions = "";
    const from = trace.stepIgnitions[t - 1]!;
    const to = trace.stepIgnitions[t]!;
    for (let k = from; k < to; k++) {
      ignitions += `${k === from ? "" : ","}${cell(trace.ignited[k]!)}`;
    }
    // Step keys: actions, casualties, evacuations, ignitions, movements,
    // state, step.
    parts.push(
      `},"casualties":[${casualties}],"evacuations":[${evacuations}],"ignitions":[${ignitions}],"movements":[`,
    );
    j = firstEntry;
    for (let i = 0; i < n; i++) {
      if (status[i] !== STATUS_ACTIVE) continue;
      const code = log.codes[j]!;
      const outcome = trace.outcome[j]!;
      const event = trace.event[j]!;
      if (j !== firstEntry) parts.push(",");
      j++;
      const origin = position[i]!;
      const [dr, dc] = ACTION_DELTAS[code]!;
      const row = (origin / w) | 0;
      const col = origin - row * w;
      // Movement keys: action, origin, outcome, person_id, target. A
      // target may lie outside the grid (blocked by the edge): it is then
      // written from its row and column.
      parts.push(
        MOVEMENT_HEAD[code]!,
        cell(origin),
        OUTCOME_KEY[outcome]!,
        quotedIds[i]!,
        code === 0
          ? ',"target":null}'
          : row + dr >= 0 && row + dr < h && col + dc >= 0 && col + dc < w
          ? `,"target":${cell(origin + dr * w + dc)}}`
          : `,"target":[${row + dr},${col + dc}]}`,
      );
      const moved = outcome === MOVED;
      if (moved) position[i] = origin + dr * w + dc;
      if (event === EVENT_EVACUATED) status[i] = STATUS_EVACUATED;
      else if (event !== 0) status[i] = STATUS_CASUALTY;
      if (event !== 0 || moved) people[i] = personText(i);
    }
    if (to > from) {
      for (let k = from; k < to; k++) burning.push(trace.ignited[k]!);
      burning.sort((a, b) => a - b);
      burningText = burning.map(cell).join(",");
    }
    // Snapshot keys: burning, people, step, terminated, termination_reason,
    // trapped.
    parts.push('],"state":{"burning":[', burningText, '],"people":[');
    for (let i = 0; i < n; i++) {
      if (i > 0) parts.push(",");
      parts.push(people[i]!);
    }
    const reason = reasonText(t);
    parts.push(
      `],"step":${t},"terminated":${
        reason !== "null"
      },"termination_reason":${reason},"trapped":[${
        trappedText(t)
      }]},"step":${t}}`,
    );
    out(parts.join(""));
  }
  out("]}");
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
