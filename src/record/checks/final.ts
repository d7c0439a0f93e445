/**
 * Structural check of `final_state` (metrics.md §2): it must repeat the last
 * snapshot (step, termination reason, trapped set, statuses and positions)
 * and the resolution of each person that the step events recorded.
 *
 * @module
 */

import type { RunRecord, Snapshot } from "../../types.ts";
import { at, type Ctx, fail } from "../../json/fields.ts";
import { sameCell, showCell } from "../../scenario/geometry.ts";
import { checkPeopleList } from "./snapshot.ts";
import type { Env } from "./step.ts";

/** Check `final_state` against the last snapshot and the recorded events. */
export function checkFinalState(
  env: Env,
  last: Snapshot,
  final: RunRecord["final_state"],
  ctx: Ctx,
): void {
  if (final.step !== last.step) {
    fail(
      at(ctx, "step"),
      `expected the number of steps ${last.step}, found ${final.step}`,
    );
  }
  if (final.termination_reason !== last.termination_reason) {
    fail(
      at(ctx, "termination_reason"),
      `expected the last snapshot's ${
        JSON.stringify(last.termination_reason)
      }, found ${JSON.stringify(final.termination_reason)}`,
    );
  }
  const sameTrapped = final.trapped.length === last.trapped.length &&
    final.trapped.every((id, i) => id === last.trapped[i]);
  if (!sameTrapped) {
    fail(
      at(ctx, "trapped"),
      `expected the last snapshot's trapped set ${
        JSON.stringify(last.trapped)
      }, found ${JSON.stringify(final.trapped)}`,
    );
  }
  const pctx = at(ctx, "people");
  checkPeopleList(final.people, env.ids, pctx);
  final.people.forEach((p, i) => {
    const c = at(pctx, i);
    const snap = last.people[i]!;
    if (p.status !== snap.status) {
      fail(
        at(c, "status"),
        `expected the last snapshot's status ${snap.status}, found ${p.status}`,
      );
    }
    if (!sameCell(p.position, snap.position)) {
      fail(
        at(c, "position"),
        `expected the last snapshot's position ${showCell(snap.position)}, ` +
          `found ${showCell(p.position)}`,
      );
    }
    const r = env.resolutions.get(p.person_id);
    const want = {
      resolution_step: r?.step ?? null,
      exit_id: r?.exit_id ?? null,
      casualty_cause: r?.cause ?? null,
    };
    for (
      const key of ["resolution_step", "exit_id", "casualty_cause"] as const
    ) {
      if (p[key] !== want[key]) {
        fail(
          at(c, key),
          `expected ${JSON.stringify(want[key])} from the step events, ` +
            `found ${JSON.stringify(p[key])}`,
        );
      }
    }
  });
}
