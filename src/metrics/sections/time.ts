/**
 * Time section (metrics.md §5): evacuation steps and person-time-to-safety,
 * with non-evacuees censored at the horizon H (not at T).
 *
 * @module
 */

import type { JsonObject } from "../../json/canonical.ts";
import { compareCodePoints } from "../../json/canonical.ts";
import { Rational } from "../../exact.ts";
import type { RunRecord, Scenario } from "../../types.ts";
import { ratio, toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

/** Evacuation step of each evacuee, by person ID, from the steps' evacuation lists. */
export function evacuationSteps(record: RunRecord): Map<string, number> {
  const steps = new Map<string, number>();
  for (const s of record.steps) {
    for (const e of s.evacuations) steps.set(e.person_id, s.step);
  }
  return steps;
}

/** τ_i: the evacuation step of an evacuee, else the horizon H. */
export function timeToSafety(
  scenario: Scenario,
  evacuated: ReadonlyMap<string, number>,
  personId: string,
): number {
  return evacuated.get(personId) ?? scenario.termination.max_steps;
}

/**
 * The `time` section and its exact mean time to safety, from the number of
 * steps T and the evacuation steps.
 */
export function timeSection(
  scenario: Scenario,
  episodeSteps: number,
  evacuated: ReadonlyMap<string, number>,
): SectionWithValues<"mean_person_time_to_safety"> {
  const n = scenario.people.length;
  const byId = [...evacuated.keys()].sort(compareCodePoints).map((id) =>
    evacuated.get(id)!
  );
  const e = byId.length;
  const sorted = [...byId].sort((a, b) => a - b);
  let total = 0;
  for (const p of scenario.people) {
    total += timeToSafety(scenario, evacuated, p.person_id);
  }
  const meanTime = ratio(total, n);
  const section: JsonObject = {
    episode_steps: episodeSteps,
    max_steps: scenario.termination.max_steps,
    evacuees: e,
    non_evacuees: n - e,
    evacuation_steps: byId,
    first_evacuation_step: e === 0 ? null : sorted[0]!,
    last_evacuation_step: e === 0 ? null : sorted[e - 1]!,
    mean_evacuation_step: toFloat(ratio(byId.reduce((a, b) => a + b, 0), e)),
    median_evacuation_step: toFloat(median(sorted)),
    person_time_to_safety_total: total,
    mean_person_time_to_safety: toFloat(meanTime),
  };
  return { section, exact: { mean_person_time_to_safety: meanTime } };
}

/** Middle value of ascending integers; mean of the two middle ones for an even count. */
function median(sorted: readonly number[]): Rational | null {
  const e = sorted.length;
  if (e === 0) return null;
  const hi = sorted[e >> 1]!;
  if (e % 2 === 1) return Rational.of(hi);
  return Rational.of(sorted[(e >> 1) - 1]! + hi, 2);
}
