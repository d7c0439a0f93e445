/**
 * Holds the replay kernel to the TypeScript reference on one episode: the
 * same trace through both, and the record rebuilt from the kernel's trace
 * has the simulator record's canonical bytes, and so has the text written
 * straight from it (verification by regeneration).
 */

import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { replayTrace } from "../src/replay/session.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf, type Trace } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import { recordTextOfTrace } from "../src/sim/trace_bytes.ts";
import type { RunRecord, Scenario } from "../src/types.ts";

/**
 * Replay `record`'s action log through both kernels; throws unless the
 * traces are equal and the kernel's trace rebuilds `record` byte for byte.
 * Returns the kernel's trace.
 */
export function assertKernelReplays(
  scenario: Scenario,
  record: RunRecord,
): Trace {
  const layout = layoutOf(scenario);
  const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
  const seed = record.header.seed;
  const wasm = replayTrace(layout, seed, log, { kernel: "wasm" });
  const reference = replayTrace(layout, seed, log, { kernel: "reference" });
  assert.deepEqual(wasm, reference);
  assert.equal(wasm.stop, "terminated");
  const rebuilt = recordOfTrace(layout, record.header, log, wasm);
  const canonical = encode(record as unknown as JsonValue);
  assert.equal(encode(rebuilt as unknown as JsonValue), canonical);
  assert.equal(
    recordTextOfTrace(layout, record.header, log, wasm),
    canonical,
  );
  return wasm;
}
