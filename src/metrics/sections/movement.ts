/**
 * Movement and congestion section (metrics.md §6), and the per-person
 * decision counts of §12.
 *
 * @module
 */

import type { JsonObject } from "../../json/canonical.ts";
import type { RunRecord } from "../../types.ts";
import type { Ctx } from "../../json/fields.ts";
import { invariant, ratio, toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

/** One person's decision counts. */
export type PersonMoves = {
  decisions: number;
  stay_actions: number;
  cells_moved: number;
  blocked_moves: number;
};

/** Blocked outcome keys of `blocked_by_outcome`, in contract §11 order. */
export const BLOCK_KINDS = [
  "boundary",
  "wall",
  "fire",
  "occupied",
  "conflict",
  "cycle",
] as const;

/** Per-person decision counts, by person ID (every scenario person included). */
export function personMoves(
  ids: readonly string[],
  record: RunRecord,
): Map<string, PersonMoves> {
  const moves = new Map<string, PersonMoves>(
    ids.map((id) => [id, {
      decisions: 0,
      stay_actions: 0,
      cells_moved: 0,
      blocked_moves: 0,
    }]),
  );
  for (const s of record.steps) {
    for (const m of s.movements) {
      const p = moves.get(m.person_id)!;
      p.decisions++;
      if (m.outcome === "stayed") p.stay_actions++;
      else if (m.outcome === "moved") p.cells_moved++;
      else p.blocked_moves++;
    }
  }
  return moves;
}

/** The counts the `movement` formulas need, over all decisions. */
export type MovementCounts = {
  /** Decisions (movement entries). */
  readonly decisions: number;
  /** Decisions whose action is `stay`. */
  readonly stays: number;
  /** Decisions whose outcome is `moved`. */
  readonly moved: number;
  /** Blocked outcomes by kind. */
  readonly blocked: Readonly<Record<(typeof BLOCK_KINDS)[number], number>>;
};

/**
 * The movement counts of a record's steps.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { movementCounts, movementOfCounts } from "./movement.ts";
 * import { rootCtx } from "../../json/fields.ts";
 * import { MetricsInputError } from "../../errors.ts";
 * import { replayActions } from "../../sim/simulator.ts";
 * import type { Scenario } from "../../types.ts";
 * const s = { scenario_id: "t", grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const record = replayActions(s, 0, [{ p: "east" }, { p: "stay" }, { p: "west" }, { p: "west" }], "0".repeat(64));
 * const counts = movementCounts(record);
 * assert.ok(counts.decisions === 4 && counts.stays === 1 && counts.moved === 2);
 * assert.ok(counts.blocked.boundary === 1);
 * const { exact } = movementOfCounts(counts, rootCtx(MetricsInputError));
 * assert.equal(String(exact.blocked_rate), "1/3");
 * ```
 */
export function movementCounts(record: RunRecord): MovementCounts {
  let decisions = 0;
  let stays = 0;
  let moved = 0;
  const blocked: Record<(typeof BLOCK_KINDS)[number], number> = {
    boundary: 0,
    wall: 0,
    fire: 0,
    occupied: 0,
    conflict: 0,
    cycle: 0,
  };
  for (const s of record.steps) {
    for (const m of s.movements) {
      decisions++;
      if (m.action === "stay") stays++;
      if (m.outcome === "moved") moved++;
      else if (m.outcome !== "stayed") {
        blocked[m.outcome.slice("blocked_".length) as keyof typeof blocked]++;
      }
    }
  }
  return { decisions, stays, moved, blocked };
}

/**
 * The `movement` section and its two exact block rates. Checks
 * successful_moves + blocked_moves = movement_attempts.
 */
export function movementSection(
  record: RunRecord,
  ctx: Ctx,
): SectionWithValues<"blocked_rate" | "congestion_block_rate"> {
  return movementOfCounts(movementCounts(record), ctx);
}

/** The `movement` section from its counts (the same check). */
export function movementOfCounts(
  counts: MovementCounts,
  ctx: Ctx,
): SectionWithValues<"blocked_rate" | "congestion_block_rate"> {
  const { decisions, stays, moved, blocked } = counts;
  const blockedMoves = BLOCK_KINDS.reduce((a, k) => a + blocked[k], 0);
  const attempts = decisions - stays;
  invariant(
    moved + blockedMoves === attempts,
    ctx,
    `successful_moves ${moved} + blocked_moves ${blockedMoves} != ` +
      `movement_attempts ${attempts}`,
  );
  const congestion = blocked.occupied + blocked.conflict + blocked.cycle;
  const exact = {
    blocked_rate: ratio(blockedMoves, attempts),
    congestion_block_rate: ratio(congestion, attempts),
  };
  const section: JsonObject = {
    decisions,
    stay_actions: stays,
    movement_attempts: attempts,
    successful_moves: moved,
    blocked_moves: blockedMoves,
    blocked_by_outcome: Object.fromEntries(
      BLOCK_KINDS.map((k) => [k, blocked[k]]),
    ),
    congestion_blocks: congestion,
    stay_rate: toFloat(ratio(stays, decisions)),
    blocked_rate: toFloat(exact.blocked_rate),
    congestion_block_rate: toFloat(exact.congestion_block_rate),
  };
  return { section, exact };
}
