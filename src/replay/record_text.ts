/**
 * Verification by regeneration inside the replay kernel: the record's
 * canonical text is placed in an instance's memory, the kernel reads the
 * action log from it, replays the episode, writes the record's canonical
 * text from the trace (`assembly/record_text.ts`) and compares it with the
 * placed text as it is written, all in one call. The text is never built,
 * in wasm or here. `../sim/trace_bytes.ts` (`writeRecordText`) writes the
 * same text in TypeScript; it stays the reference, and the tests hold the
 * two equal. `ReplaySession.regenerate` (`session.ts`) is the entry point.
 *
 * A canonical record text is printable ASCII, so its UTF-8 bytes are its
 * characters: a text that is not ASCII is not proved, and an offset into the
 * bytes is an offset into the string up to the first difference.
 *
 * @module
 */

import { encode } from "../json/canonical.ts";
import type { RecordHeader } from "../types.ts";
import {
  R_ACTIONS,
  R_LOG_END,
  R_NAME_ENDS,
  R_NAMES,
  R_TEXT,
  R_TEXT_START,
} from "../kernel_codes.ts";
import {
  kernelViews as views,
  MAX_ITEMS,
  type ReplayExports as Exports,
  runPrepared,
  writeLayout,
} from "./kernel.ts";
import type { Layout } from "../sim/layout.ts";
import type { ActionLog, Trace } from "../sim/trace.ts";

/**
 * Bytes of a genuine record's text per log entry and per step, at least: an
 * entry is written as an action pair and a movement object, a step as far
 * more. It bounds the log the kernel's memory is placed for, so that a
 * large text that is not a record makes no large placement.
 */
const BYTES_PER_ENTRY = 16;
/** The longest text (a string is shorter anyway). */
const MAX_TEXT = 2 ** 30;

const encoder = new TextEncoder();

/** The quoted person IDs then exit IDs of a layout, as ASCII bytes. */
type Names = { readonly bytes: Uint8Array; readonly ends: Int32Array };

const namesOfLayout = new WeakMap<Layout, Names>();

function namesOf(layout: Layout): Names {
  let names = namesOfLayout.get(layout);
  if (names === undefined) {
    const quoted = [...layout.ids, ...layout.exitIds].map((id) => encode(id));
    const ends = new Int32Array(quoted.length);
    let end = 0;
    quoted.forEach((q, k) => ends[k] = end += q.length);
    names = { bytes: encoder.encode(quoted.join("")), ends };
    namesOfLayout.set(layout, names);
  }
  return names;
}

/** The header's canonical text: the canonical writer sorts its six keys. */
function headerText(h: RecordHeader): string {
  return encode({
    observation_version: h.observation_version,
    scenario_hash: h.scenario_hash,
    scenario_id: h.scenario_id,
    schema_version: h.schema_version,
    seed: h.seed,
    simulator_version: h.simulator_version,
  });
}

/**
 * The kernel's comparison of `source` with the record text regenerated
 * from the log read from it: `-1` when they are equal, or the offset of the
 * first difference; `undefined` when no comparison was made (the text is
 * not ASCII, no log could be read from it, or the replay did not
 * terminate). The kernel is left as `run` and the comparison left it.
 */
function compared(
  k: Exports,
  layout: Layout,
  header: RecordHeader,
  source: string,
): { offset: number; steps: number; trace: Trace } | undefined {
  const { world } = layout;
  const n = world.people;
  const length = source.length;
  const names = namesOf(layout);
  const head = encoder.encode(headerText(header));
  const nameCount = 1 + names.ends.length;
  const cells = world.width * world.height;
  if (
    !Number.isSafeInteger(header.seed) || header.seed < 0 ||
    cells > MAX_ITEMS || n > MAX_ITEMS || length > MAX_TEXT ||
    head.length + names.bytes.length > MAX_ITEMS
  ) return undefined;
  const cap = Math.floor(length / BYTES_PER_ENTRY);
  if (
    k.prepareText(
      world.width,
      world.height,
      n,
      layout.ignitions.length,
      Math.min(n * world.maxSteps, cap),
      Math.min(world.maxSteps, cap),
      length,
      head.length + names.bytes.length,
      nameCount,
    ) !== 0
  ) return undefined;
  const { u8, i32 } = views(k);
  const at = k.region(R_TEXT);
  const { read, written } = encoder.encodeInto(
    source,
    u8.subarray(at, at + length),
  );
  // Equal counts mean one byte per character: ASCII.
  if (read !== length || written !== length) return undefined;
  const namesAt = k.region(R_NAMES);
  u8.set(head, namesAt);
  u8.set(names.bytes, namesAt + head.length);
  const ends = k.region(R_NAME_ENDS) >> 2;
  i32[ends] = head.length;
  for (let j = 0; j < names.ends.length; j++) {
    i32[ends + 1 + j] = head.length + names.ends[j]!;
  }
  i32.set(layout.initialPositions, k.region(R_TEXT_START) >> 2);
  writeLayout(k, layout);
  const steps = k.readTextLog();
  if (steps < 0) return undefined;
  const trace = runPrepared(k, layout, BigInt(header.seed));
  if (trace.stop !== "terminated") return undefined;
  return { offset: k.compareText(), steps, trace };
}

/**
 * The action log and trace of the record whose canonical text is `source`,
 * when kernel `k` proves it: the text it writes from the replay of the log
 * read from `source` is `source`, byte for byte. `undefined` when it is not
 * proved; the caller then runs the reference checks, which give the
 * diagnostics. `k` then holds that replay, as `run` and the comparison
 * left it, so the kernel's checks of the trace can read its regions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "../sim/simulator.ts";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayInstance } from "./kernel.ts";
 * import { provedText } from "./record_text.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { scenario_id: "t", grid: ["X.a"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const record = replayActions(s, 3, [{ a: "west" }, { a: "west" }], "0".repeat(64));
 * const text = encode(record as unknown as JsonValue);
 * const k = replayInstance();
 * const proved = provedText(k, layoutOf(s), record.header, text);
 * assert.deepEqual([...proved!.log.codes], [4, 4]);
 * assert.equal(proved!.trace.steps, 2);
 * assert.equal(provedText(k, layoutOf(s), record.header, text + " "), undefined);
 * ```
 */
export function provedText(
  k: Exports,
  layout: Layout,
  header: RecordHeader,
  source: string,
): { log: ActionLog; trace: Trace } | undefined {
  const result = compared(k, layout, header, source);
  if (result === undefined || result.offset !== -1) return undefined;
  const { u8, i32 } = views(k);
  const entries = result.trace.stepEntries[result.trace.steps]!;
  const codesAt = k.region(R_ACTIONS);
  const endsAt = k.region(R_LOG_END) >> 2;
  return {
    log: {
      codes: u8.slice(codesAt, codesAt + entries),
      ends: i32.slice(endsAt, endsAt + result.steps),
    },
    trace: result.trace,
  };
}

/**
 * Test seam: kernel `k`'s comparison of `source` with the text regenerated
 * from it, `-1` when equal, else the offset of the first difference;
 * `undefined` when no comparison was made (not ASCII, no log read, or a
 * replay that did not terminate).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "../sim/simulator.ts";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayInstance } from "./kernel.ts";
 * import { textOffset } from "./record_text.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { scenario_id: "t", grid: ["X.a"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "a", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const record = replayActions(s, 3, [{ a: "west" }, { a: "west" }], "0".repeat(64));
 * const text = encode(record as unknown as JsonValue);
 * const layout = layoutOf(s);
 * const k = replayInstance();
 * assert.equal(textOffset(k, layout, record.header, text), -1);
 * assert.equal(textOffset(k, layout, record.header, text.slice(0, -1)), text.length - 1);
 * assert.equal(textOffset(k, layout, record.header, text.replace('"step":2,', '"step":7,')), text.indexOf('"step":2,') + 7);
 * assert.equal(textOffset(k, layout, record.header, "{}"), undefined);
 * ```
 */
export function textOffset(
  k: Exports,
  layout: Layout,
  header: RecordHeader,
  source: string,
): number | undefined {
  return compared(k, layout, header, source)?.offset;
}
