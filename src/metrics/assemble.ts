/**
 * The contract §11 dictionary from its computed sections: the one place
 * that lays it out, shared by the record path (`computeMetrics` of
 * `episode.ts`) and the trace path (`trace_metrics.ts`), which differ only
 * in how they count.
 *
 * @module
 */

import type { JsonObject } from "../json/canonical.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { METRICS_VERSION, type RunRecord } from "../types.ts";
import type { Exposure } from "./sections/exposure.ts";
import type { PersonMoves } from "./sections/movement.ts";
import type { PathEfficiency } from "./sections/path.ts";
import { peopleSection } from "./sections/people.ts";
import type { Replanning } from "./sections/replanning.ts";
import type { ExactValues, SectionWithValues } from "./statistics_metrics.ts";

/** A metrics dictionary and the exact values of its statistics metrics, from one computation. */
export type ComputedMetrics = {
  /** The dictionary (contract §11). */
  readonly metrics: JsonObject;
  /** The exact values the dictionary's statistics floats were converted from. */
  readonly exact: ExactValues;
};

/** The computed sections of one episode, and what the `people` list reads. */
export type EpisodeSections = {
  /** The episode seed. */
  readonly seed: number;
  /** The final state (people in ID order). */
  readonly final: RunRecord["final_state"];
  /** Decision counts by person ID, every scenario person included. */
  readonly moves: ReadonlyMap<string, PersonMoves>;
  /** Evacuation step by evacuee ID. */
  readonly evacuated: ReadonlyMap<string, number>;
  readonly safety: SectionWithValues<
    | "evacuated_rate"
    | "casualty_rate"
    | "stranded_rate"
    | "terminal_trapped_rate"
  >;
  readonly time: SectionWithValues<"mean_person_time_to_safety">;
  readonly movement: SectionWithValues<
    "blocked_rate" | "congestion_block_rate"
  >;
  readonly path: PathEfficiency;
  readonly fire: Exposure;
  readonly exits: SectionWithValues<
    "exits_used" | "max_exit_share" | "exit_balance"
  >;
  readonly replans: Replanning;
};

/**
 * The dictionary and its exact values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assembleMetrics } from "./assemble.ts";
 * import { computeMetrics } from "./episode.ts";
 * import { encode } from "../json/canonical.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { at, rootCtx } from "../json/fields.ts";
 * import { MetricsInputError } from "../errors.ts";
 * import { exitsSection } from "./sections/exits.ts";
 * import { exposure } from "./sections/exposure.ts";
 * import { movementSection, personMoves } from "./sections/movement.ts";
 * import { pathEfficiency } from "./sections/path.ts";
 * import { replanning } from "./sections/replanning.ts";
 * import { safetySection } from "./sections/safety.ts";
 * import { evacuationSteps, timeSection } from "./sections/time.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const record = await simulateEpisode(c.scenario, 1, (o) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "west" as const])),
 *   { scenarioHash: c.hash });
 * const ctx = rootCtx(MetricsInputError);
 * const moves = personMoves(c.ids, record);
 * const evacuated = evacuationSteps(record);
 * const final = record.final_state;
 * const assembled = assembleMetrics(c, {
 *   seed: 1, final, moves, evacuated,
 *   safety: safetySection(final, ctx),
 *   time: timeSection(c.scenario, record.steps.length, evacuated),
 *   movement: movementSection(record, at(ctx, "steps")),
 *   path: pathEfficiency(final, c.staticDistances, moves, ctx),
 *   fire: exposure(c.geometry, c.ids, record, ctx),
 *   exits: exitsSection(c.scenario, record),
 *   replans: replanning(record, at(ctx, "steps")),
 * });
 * assert.equal(encode(assembled.metrics), encode(computeMetrics(c, record, ctx).metrics));
 * ```
 */
export function assembleMetrics(
  compiled: CompiledScenario,
  s: EpisodeSections,
): ComputedMetrics {
  const { scenario, hash, staticDistances } = compiled;
  const metrics: JsonObject = {
    metrics_version: METRICS_VERSION,
    scenario_id: scenario.scenario_id,
    scenario_hash: hash,
    seed: s.seed,
    safety: s.safety.section,
    time: s.time.section,
    movement: s.movement.section,
    path_efficiency: s.path.section,
    fire_exposure: s.fire.section,
    exits: s.exits.section,
    replanning: s.replans.section,
    people: peopleSection(scenario, s.final, {
      moves: s.moves,
      maxRun: s.replans.maxRunByPerson,
      staticDistances,
      paths: s.path.byPerson,
      exposure: s.fire.byPerson,
      evacuated: s.evacuated,
    }),
  };
  return {
    metrics,
    exact: {
      ...s.safety.exact,
      ...s.time.exact,
      ...s.movement.exact,
      ...s.path.exact,
      ...s.fire.exact,
      ...s.exits.exact,
    },
  };
}
