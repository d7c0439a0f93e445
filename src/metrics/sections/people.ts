/**
 * Per-person metrics (metrics.md §12), one entry per scenario person in ID
 * order. Stranded people keep status `active`.
 *
 * @module
 */

import { float, type JsonObject } from "../../json/canonical.ts";
import type { RunRecord, Scenario } from "../../types.ts";
import type { PersonExposure } from "./exposure.ts";
import type { PersonMoves } from "./movement.ts";
import type { PersonPath } from "./path.ts";
import { timeToSafety } from "./time.ts";

/** What the sections found per person, by person ID. */
export type PerPerson = {
  readonly moves: ReadonlyMap<string, PersonMoves>;
  readonly maxRun: ReadonlyMap<string, number>;
  readonly staticDistances: ReadonlyMap<string, number | null>;
  readonly paths: ReadonlyMap<string, PersonPath>;
  readonly exposure: ReadonlyMap<string, PersonExposure>;
  readonly evacuated: ReadonlyMap<string, number>;
};

/** The `people` list. `final_state.people` is already in ID order (stage 2). */
export function peopleSection(
  scenario: Scenario,
  final: RunRecord["final_state"],
  per: PerPerson,
): JsonObject[] {
  const start = new Map(scenario.people.map((p) => [p.person_id, p.position]));
  return final.people.map((p) => {
    const id = p.person_id;
    const moves = per.moves.get(id)!;
    const path = per.paths.get(id);
    const exposure = per.exposure.get(id)!;
    const init = start.get(id)!;
    return {
      person_id: id,
      initial_position: [init[0], init[1]],
      final_position: [p.position[0], p.position[1]],
      status: p.status,
      resolution_step: p.resolution_step,
      exit_id: p.exit_id,
      casualty_cause: p.casualty_cause,
      decisions: moves.decisions,
      stay_actions: moves.stay_actions,
      cells_moved: moves.cells_moved,
      blocked_moves: moves.blocked_moves,
      max_consecutive_blocks: per.maxRun.get(id) ?? 0,
      time_to_safety: timeToSafety(scenario, per.evacuated, id),
      static_exit_distance: per.staticDistances.get(id) ?? null,
      path_efficiency: path === undefined ? null : float(path.efficiency),
      detour_ratio: path === undefined ? null : float(path.detour),
      min_fire_distance: exposure.minFireDistance,
      fire_exposure: float(exposure.exposure),
    };
  });
}
