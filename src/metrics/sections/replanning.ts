/**
 * Replanning and recovery proxies (metrics.md §10): what a person's next
 * decision does after a blocked move. A next decision exists only while the
 * person stays active and the episode goes on, which in a record is exactly
 * "the person has a movement at the next step".
 *
 * @module
 */

import type { JsonObject } from "../../json/canonical.ts";
import type { Action, RunRecord } from "../../types.ts";
import type { Ctx } from "../../json/fields.ts";
import { invariant, ratio, toFloat } from "../numbers.ts";

type Last = { step: number; action: Action; blocked: boolean; run: number };

/** Replanning counts, with each person's longest run of consecutive blocks. */
export type Replanning = {
  readonly section: JsonObject;
  readonly maxRunByPerson: ReadonlyMap<string, number>;
};

/** The counts the `replanning` formulas need. */
export type ReplanningCounts = {
  /** Blocked movements B. */
  readonly events: number;
  /** Blocked movements followed by a next decision, B'. */
  readonly withNext: number;
  /** Of those, next decisions that moved, were blocked, stayed. */
  readonly movedAfter: number;
  readonly blockedAfter: number;
  readonly stayedAfter: number;
  /** Of those, next decisions with another action. */
  readonly changedAfter: number;
};

/**
 * The `replanning` section. Checks moved + blocked + stayed after block = B'.
 */
export function replanning(record: RunRecord, ctx: Ctx): Replanning {
  const last = new Map<string, Last>();
  const maxRun = new Map<string, number>();
  let events = 0;
  let withNext = 0;
  let movedAfter = 0;
  let blockedAfter = 0;
  let stayedAfter = 0;
  let changedAfter = 0;
  for (const s of record.steps) {
    for (const m of s.movements) {
      const blocked = m.outcome.startsWith("blocked_");
      const prev = last.get(m.person_id);
      if (prev !== undefined && prev.blocked && prev.step === s.step - 1) {
        withNext++;
        if (m.outcome === "moved") movedAfter++;
        else if (blocked) blockedAfter++;
        else if (m.outcome === "stayed") stayedAfter++;
        if (m.action !== prev.action) changedAfter++;
      }
      const run = blocked
        ? (prev !== undefined && prev.blocked ? prev.run + 1 : 1)
        : 0;
      if (blocked) events++;
      maxRun.set(m.person_id, Math.max(maxRun.get(m.person_id) ?? 0, run));
      last.set(m.person_id, { step: s.step, action: m.action, blocked, run });
    }
  }
  return replanningOfCounts(
    {
      events,
      withNext,
      movedAfter,
      blockedAfter,
      stayedAfter,
      changedAfter,
    },
    maxRun,
    ctx,
  );
}

/**
 * The `replanning` section from its counts and each person's longest run
 * of blocks (passed through), with the same check.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replanningOfCounts } from "./replanning.ts";
 * import { rootCtx } from "../../json/fields.ts";
 * import { MetricsInputError } from "../../errors.ts";
 * const counts = { events: 3, withNext: 2, movedAfter: 1, blockedAfter: 1,
 *   stayedAfter: 0, changedAfter: 2 };
 * const { section } = replanningOfCounts(counts, new Map([["p", 2]]), rootCtx(MetricsInputError));
 * assert.ok(section.blocks_without_next_decision === 1 && section.max_consecutive_blocks === 2);
 * assert.throws(() => replanningOfCounts({ ...counts, withNext: 3 }, new Map(),
 *   rootCtx(MetricsInputError)), { name: "MetricsInputError" });
 * ```
 */
export function replanningOfCounts(
  counts: ReplanningCounts,
  maxRun: ReadonlyMap<string, number>,
  ctx: Ctx,
): Replanning {
  const {
    events,
    withNext,
    movedAfter,
    blockedAfter,
    stayedAfter,
    changedAfter,
  } = counts;
  invariant(
    movedAfter + blockedAfter + stayedAfter === withNext,
    ctx,
    `moved_after_block ${movedAfter} + blocked_after_block ${blockedAfter} ` +
      `+ stayed_after_block ${stayedAfter} != blocks_with_next_decision ` +
      withNext,
  );
  let longest = 0;
  for (const r of maxRun.values()) longest = Math.max(longest, r);
  return {
    maxRunByPerson: maxRun,
    section: {
      blocked_events: events,
      blocks_with_next_decision: withNext,
      blocks_without_next_decision: events - withNext,
      moved_after_block: movedAfter,
      blocked_after_block: blockedAfter,
      stayed_after_block: stayedAfter,
      action_changed_after_block: changedAfter,
      max_consecutive_blocks: longest,
      recovery_proxy_rate: toFloat(ratio(movedAfter, withNext)),
      repeated_block_proxy_rate: toFloat(ratio(blockedAfter, withNext)),
      action_change_proxy_rate: toFloat(ratio(changedAfter, withNext)),
    },
  };
}
