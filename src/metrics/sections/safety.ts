/**
 * Safety section (metrics.md §4): terminal outcome counts and rates.
 *
 * @module
 */

import type { RunRecord } from "../../types.ts";
import { at, type Ctx } from "../../json/fields.ts";
import { invariant, ratio, toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

type SafetyMetric =
  | "evacuated_rate"
  | "casualty_rate"
  | "stranded_rate"
  | "terminal_trapped_rate";

/**
 * The `safety` section and its four exact rates, from the final state (`ctx`
 * is the record's). Checks evacuated + casualties + stranded = N,
 * terminal_trapped_count <= stranded, and that an `all_resolved` episode
 * has nobody stranded or trapped.
 */
export function safetySection(
  final: RunRecord["final_state"],
  ctx: Ctx,
): SectionWithValues<SafetyMetric> {
  const n = final.people.length;
  let evacuated = 0;
  let stranded = 0;
  const byCause = { entered_fire: 0, fire_spread: 0 };
  for (const p of final.people) {
    if (p.status === "evacuated") evacuated++;
    else if (p.status === "active") stranded++;
    else if (p.casualty_cause !== null) byCause[p.casualty_cause]++;
  }
  const casualties = byCause.entered_fire + byCause.fire_spread;
  const fctx = at(ctx, "final_state");
  invariant(
    evacuated + casualties + stranded === n,
    fctx,
    `evacuated ${evacuated} + casualties ${casualties} + stranded ` +
      `${stranded} != population ${n}`,
  );
  const trapped = final.trapped.length;
  invariant(
    trapped <= stranded,
    at(fctx, "trapped"),
    `terminal_trapped_count ${trapped} > stranded ${stranded}`,
  );
  if (final.termination_reason === "all_resolved") {
    invariant(
      stranded === 0 && trapped === 0,
      fctx,
      "an all_resolved episode has people stranded or trapped",
    );
  }
  const exact = {
    evacuated_rate: ratio(evacuated, n),
    casualty_rate: ratio(casualties, n),
    stranded_rate: ratio(stranded, n),
    terminal_trapped_rate: ratio(trapped, n),
  };
  return {
    exact,
    section: {
      population: n,
      evacuated,
      casualties,
      stranded,
      evacuated_rate: toFloat(exact.evacuated_rate),
      casualty_rate: toFloat(exact.casualty_rate),
      stranded_rate: toFloat(exact.stranded_rate),
      terminal_trapped_count: trapped,
      terminal_trapped_rate: toFloat(exact.terminal_trapped_rate),
      casualties_by_cause: { ...byCause },
    },
  };
}
