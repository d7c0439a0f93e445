/**
 * Exit utilization (metrics.md §9): evacuations per exit, shares and the
 * normalized Gini-Simpson balance. Descriptive only.
 *
 * @module
 */

import type { JsonObject } from "../../json/canonical.ts";
import { compareCodePoints } from "../../json/canonical.ts";
import { Rational } from "../../exact.ts";
import type { RunRecord, Scenario } from "../../types.ts";
import { toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

/**
 * `(1 − Σ p_e²) / (1 − 1/K)` with `p_e = n_e / E`, exactly; `null` when
 * `K = 1` or `E = 0`. Equals `(E² − Σ n_e²) · K / (E² · (K − 1))`.
 */
export function exitBalance(counts: readonly number[]): Rational | null {
  const k = counts.length;
  const e = counts.reduce((a, b) => a + b, 0);
  if (k <= 1 || e === 0) return null;
  const e2 = BigInt(e) * BigInt(e);
  const squares = counts.reduce((a, n) => a + BigInt(n) * BigInt(n), 0n);
  return Rational.of((e2 - squares) * BigInt(k), e2 * BigInt(k - 1));
}

/** `max_e n_e / E`, or `null` when `E = 0`. */
export function maxExitShare(counts: readonly number[]): Rational | null {
  const e = counts.reduce((a, b) => a + b, 0);
  return e === 0
    ? null
    : Rational.of(counts.reduce((a, b) => Math.max(a, b), 0), e);
}

/**
 * Evacuations per exit ID (every exit of the scenario included) of a record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evacuationsPerExit, exitsOfCounts } from "./exits.ts";
 * import { replayActions } from "../../sim/simulator.ts";
 * import type { Scenario } from "../../types.ts";
 * const s = { scenario_id: "t", grid: ["..."],
 *   exits: [{ exit_id: "w", position: [0, 0] }, { exit_id: "e", position: [0, 2] }],
 *   people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const perExit = evacuationsPerExit(s, replayActions(s, 0, [{ p: "west" }], "0".repeat(64)));
 * assert.deepEqual([...perExit], [["w", 1], ["e", 0]]);
 * assert.equal(String(exitsOfCounts(s, perExit).exact.exit_balance), "0");
 * ```
 */
export function evacuationsPerExit(
  scenario: Scenario,
  record: RunRecord,
): Map<string, number> {
  const perExit = new Map<string, number>(
    scenario.exits.map((x) => [x.exit_id, 0]),
  );
  for (const s of record.steps) {
    for (const e of s.evacuations) {
      perExit.set(e.exit_id, perExit.get(e.exit_id)! + 1);
    }
  }
  return perExit;
}

/** The `exits` section and its three exact statistics values. */
export function exitsSection(
  scenario: Scenario,
  record: RunRecord,
): SectionWithValues<"exits_used" | "max_exit_share" | "exit_balance"> {
  return exitsOfCounts(scenario, evacuationsPerExit(scenario, record));
}

/** The `exits` section from the evacuations per exit ID. */
export function exitsOfCounts(
  scenario: Scenario,
  perExit: ReadonlyMap<string, number>,
): SectionWithValues<"exits_used" | "max_exit_share" | "exit_balance"> {
  const ids = scenario.exits.map((x) => x.exit_id).sort(compareCodePoints);
  const counts = ids.map((id) => perExit.get(id)!);
  const total = counts.reduce((a, b) => a + b, 0);
  const used = counts.filter((n) => n >= 1).length;
  const exact = {
    exits_used: Rational.of(used),
    max_exit_share: maxExitShare(counts),
    exit_balance: exitBalance(counts),
  };
  const section: JsonObject = {
    exit_count: ids.length,
    exits_used: used,
    evacuations_per_exit: Object.fromEntries(
      ids.map((id, i) => [id, counts[i]!]),
    ),
    exit_shares: total === 0 ? null : Object.fromEntries(
      ids.map((id, i) => [id, toFloat(Rational.of(counts[i]!, total))]),
    ),
    max_exit_share: toFloat(exact.max_exit_share),
    exit_balance: toFloat(exact.exit_balance),
  };
  return { section, exact };
}
