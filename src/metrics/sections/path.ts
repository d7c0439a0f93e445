/**
 * Path efficiency (metrics.md §7): cells moved against the static exit
 * distance L_i, for evacuees only.
 *
 * @module
 */

import { float, type JsonFloat } from "../../json/canonical.ts";
import { FractionSum, quotientFloat } from "../fraction_sum.ts";
import type { RunRecord } from "../../types.ts";
import { at, type Ctx } from "../../json/fields.ts";
import type { PersonMoves } from "./movement.ts";
import { invariant, ratio, toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

/**
 * An evacuee's path efficiency L_i / cells_moved_i and detour ratio, each
 * converted to a float once (the dictionary holds only the floats).
 */
export type PersonPath = {
  readonly efficiency: number;
  readonly detour: number;
};

/** The `path_efficiency` section, its exact aggregate, and each evacuee's exact ratios. */
export type PathEfficiency = SectionWithValues<"aggregate_path_efficiency"> & {
  readonly byPerson: ReadonlyMap<string, PersonPath>;
};

/**
 * Path efficiency over the evacuees of the final state (`ctx` is the
 * record's). Checks that each evacuee's L_i is
 * defined and >= 1 and that cells_moved_i >= L_i.
 */
export function pathEfficiency(
  final: RunRecord["final_state"],
  staticDistances: ReadonlyMap<string, number | null>,
  moves: ReadonlyMap<string, PersonMoves>,
  ctx: Ctx,
): PathEfficiency {
  const byPerson = new Map<string, PersonPath>();
  let moved = 0;
  let bound = 0;
  // Only the means' floats are needed: summed over a common denominator,
  // not reduced term by term.
  const sumEff = new FractionSum();
  const sumDetour = new FractionSum();
  const pctx = at(at(ctx, "final_state"), "people");
  final.people.forEach((p, i) => {
    if (p.status !== "evacuated") return;
    const l = staticDistances.get(p.person_id) ?? null;
    const cells = moves.get(p.person_id)?.cells_moved ?? 0;
    // The message and its path only when it fails: this runs per evacuee.
    if (!(l !== null && l >= 1 && cells >= l)) {
      invariant(
        false,
        at(pctx, i),
        `evacuee ${JSON.stringify(p.person_id)} has static exit distance ` +
          `${l} and moved ${cells} cells (need L >= 1 and cells_moved >= L)`,
      );
    }
    byPerson.set(p.person_id, {
      efficiency: quotientFloat(l!, cells),
      detour: quotientFloat(cells, l!),
    });
    moved += cells;
    bound += l!;
    sumEff.add(l!, cells);
    sumDetour.add(cells, l!);
  });
  const m = byPerson.size;
  const aggregate = ratio(bound, moved);
  return {
    byPerson,
    exact: { aggregate_path_efficiency: aggregate },
    section: {
      evacuees_measured: m,
      total_cells_moved: moved,
      total_static_lower_bound: bound,
      aggregate_path_efficiency: toFloat(aggregate),
      mean_path_efficiency: meanOf(sumEff, m),
      mean_detour_ratio: meanOf(sumDetour, m),
    },
  };
}

/** `ratio(sum, m)` as its float (metrics.md §3), `null` when `m = 0`. */
function meanOf(sum: FractionSum, m: number): JsonFloat | null {
  const x = sum.meanFloat(m);
  return x === null ? null : float(x);
}
