/**
 * fast-check: the replay kernel and the TypeScript reference on random
 * scenarios and random action logs (tests/replay_inputs.ts). Each recorded
 * episode must give equal traces through both and a rebuilt record with the
 * simulator record's bytes; perturbed logs must stop both in the same way.
 * The run also checks that the random cases reached every outcome, event
 * and stop, so that a generator that drifted into trivial cases fails.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { replayTrace } from "../src/replay/session.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { OUTCOMES } from "../src/sim/step.ts";
import { type ActionLog, actionLogOf } from "../src/sim/trace.ts";
import type { Movement } from "../src/types.ts";
import { episodeInputs, episodeOf } from "./replay_inputs.ts";
import { assertKernelReplays } from "./replay_kernel_support.ts";

Deno.test("kernel = reference on random scenarios and action logs", async () => {
  const outcomes = new Set<number>();
  const events = new Set<number>();
  let midProbabilityIgnitions = 0;
  const cycleLengths = new Set<number>();
  await fc.assert(
    fc.asyncProperty(episodeInputs(), async (input) => {
      const { scenario, record } = await episodeOf(input);
      const trace = assertKernelReplays(scenario, record);
      for (const step of record.steps) {
        for (const n of cycleSizes(step.movements)) cycleLengths.add(n);
      }
      trace.outcome.forEach((o) => outcomes.add(o));
      trace.event.forEach((e) => events.add(e));
      const [num, den] = input.p;
      if (num > 0 && num < den) midProbabilityIgnitions += trace.ignited.length;
    }),
    { numRuns: 1500, seed: 20261301 },
  );
  assert.deepEqual(
    [...outcomes].sort().map((o) => OUTCOMES[o]),
    [...OUTCOMES],
  );
  assert.deepEqual([...events].sort(), [0, 1, 2, 3]);
  assert.ok(midProbabilityIgnitions > 0);
  // Swaps (2) and rotations (4 and longer) both occurred.
  assert.ok(cycleLengths.has(2), `cycles ${[...cycleLengths]}`);
  assert.ok(
    [...cycleLengths].some((n) => n >= 4),
    `cycles ${[...cycleLengths]}`,
  );
});

/** The length of each blocked cycle of one step, from its movements. */
function cycleSizes(movements: readonly Movement[]): number[] {
  const key = (c: readonly number[]) => c.join(",");
  const at = new Map<string, Movement>();
  for (const m of movements) {
    if (m.outcome === "blocked_cycle") at.set(key(m.origin), m);
  }
  const seen = new Set<string>();
  const sizes: number[] = [];
  for (const [start] of at) {
    if (seen.has(start)) continue;
    let n = 0;
    for (let k = start; !seen.has(k); n++) {
      seen.add(k);
      k = key(at.get(k)!.target!);
    }
    sizes.push(n);
  }
  return sizes;
}

/** Ways to spoil a valid log. */
const SPOIL = ["truncate", "drop", "extra", "bad_code", "overrun"] as const;

function spoiled(
  log: ActionLog,
  how: typeof SPOIL[number],
  at: number,
): ActionLog {
  const steps = log.ends.length;
  const t = at % steps;
  const start = t === 0 ? 0 : log.ends[t - 1]!;
  const codes = Array.from(log.codes);
  const ends = Array.from(log.ends);
  if (how === "truncate") {
    return { codes: log.codes.slice(0, start), ends: log.ends.slice(0, t) };
  }
  if (how === "bad_code") {
    if (log.ends[t]! > start) codes[start] = 5 + (at % 250);
  } else if (how === "drop" || how === "extra") {
    const delta = how === "drop" ? -1 : 1;
    if (how === "drop") codes.splice(start, 1);
    else codes.splice(start, 0, 0);
    for (let k = t; k < steps; k++) ends[k] = ends[k]! + delta;
  } else ends[t] = codes.length + 1;
  return { codes: Uint8Array.from(codes), ends: Int32Array.from(ends) };
}

Deno.test("kernel = reference where a spoiled log stops the replay", async () => {
  const stops = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      episodeInputs(6, 12),
      fc.constantFrom(...SPOIL),
      fc.nat(),
      async (input, how, at) => {
        const { scenario, record } = await episodeOf(input);
        const layout = layoutOf(scenario);
        const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
        const bad = spoiled(log, how, at);
        const wasm = replayTrace(layout, input.seed, bad, { kernel: "wasm" });
        const ref = replayTrace(layout, input.seed, bad, {
          kernel: "reference",
        });
        assert.deepEqual(wasm, ref);
        stops.add(wasm.stop);
      },
    ),
    { numRuns: 500, seed: 20261302 },
  );
  assert.deepEqual([...stops].sort(), [
    "bad_action",
    "log_ended",
    "log_mismatch",
  ]);
});
