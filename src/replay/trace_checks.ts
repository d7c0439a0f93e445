/**
 * Stage 2 of metrics.md §2 over the replay kernel's trace: the host side of
 * `checkTrace` (`assembly/trace_checks.ts`). It answers, for the episode
 * an instance holds, what `checkStructure` answers on the record whose
 * canonical text `writeRecordText` writes from that episode's trace,
 * without building the record. The checks that hold by how that text is
 * written, and why, are listed in `docs/replay-kernel.md` ("Stage 2 over the
 * trace"). `ReplaySession` (`session.ts`) is what names the episode.
 *
 * @module
 */

import { CHECK_HOLDS, CHECK_NAMES } from "../kernel_codes.ts";
import type { ReplayExports } from "./kernel.ts";
import type { Layout } from "../sim/layout.ts";

/** The kernel's check names, by code (0 is "holds"). */
export const TRACE_CHECKS = CHECK_NAMES;

/** A check of the kernel, by name. */
export type TraceCheck = (typeof TRACE_CHECKS)[number];

/** The first failing check and its place. */
export type TraceCheckFailure = {
  /** Which check failed. */
  readonly check: Exclude<TraceCheck, "holds">;
  /** The snapshot or step: 0 for `initial_state`, T + 1 for `final_state`. */
  readonly step: number;
  /**
   * Index in the step of the movement, ignition, evacuation or casualty, or
   * the person number (for a snapshot's or the final state's people); 0
   * for a whole snapshot's check.
   */
  readonly item: number;
};

/**
 * The first stage-2 check that fails on the record of the episode that `k`
 * holds (its last `run`, or a stepped episode's steps), which must have
 * terminated, or `undefined` when they all hold. Person IDs are not the
 * kernel's: {@linkcode traceHolds} adds them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayInstance, replayInto } from "./kernel.ts";
 * import { traceFailure } from "./trace_checks.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 1 } } as unknown as Scenario;
 * const k = replayInstance();
 * replayInto(k, layoutOf(s), 0, { codes: Uint8Array.of(4), ends: Int32Array.of(1) });
 * assert.equal(traceFailure(k), undefined);
 * // max_steps 0: s_0 should have terminated.
 * const zero = { ...s, termination: { max_steps: 0 } };
 * replayInto(k, layoutOf(zero), 0, { codes: Uint8Array.of(4), ends: Int32Array.of(1) });
 * assert.deepEqual(traceFailure(k), { check: "initial_termination", step: 0, item: 0 });
 * ```
 */
export function traceFailure(
  k: ReplayExports,
): TraceCheckFailure | undefined {
  const code = k.checkTrace();
  if (code === CHECK_HOLDS) return undefined;
  const check = TRACE_CHECKS[code];
  if (check === undefined || check === "holds") {
    throw new RangeError(`checkTrace returned the unknown code ${code}`);
  }
  return { check, step: k.checkedStep(), item: k.checkedItem() };
}

/**
 * Whether stage 2 holds on the record of the episode of `layout` that `k`
 * holds (as for {@linkcode traceFailure}): the kernel's checks hold, and
 * the person IDs are distinct (the text lists them in code-point order,
 * which stage 2 requires to be strict wherever IDs are listed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayInstance, replayInto } from "./kernel.ts";
 * import { traceHolds } from "./trace_checks.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const layout = layoutOf(s);
 * const k = replayInstance();
 * replayInto(k, layout, 0, { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) });
 * assert.equal(traceHolds(k, layout), true);
 * ```
 */
export function traceHolds(k: ReplayExports, layout: Layout): boolean {
  const ids = layout.ids;
  for (let i = 1; i < ids.length; i++) {
    if (ids[i - 1] === ids[i]) return false;
  }
  return k.checkTrace() === CHECK_HOLDS;
}
