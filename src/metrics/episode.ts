/**
 * Episode metrics, metrics version 1.0 (metrics.md): the entry point. It
 * validates in the three stages of metrics.md §2 (compatibility, structure,
 * simulator replay), none of which can be skipped, then builds the contract
 * §11 dictionary. Every failure is a {@linkcode MetricsInputError}.
 *
 * @module
 */

import type { JsonObject, JsonValue } from "../json/canonical.ts";
import { assembleMetrics, type ComputedMetrics } from "./assemble.ts";
import { MetricsInputError, ScenarioError } from "../errors.ts";
import { type CompiledScenario, compileScenario } from "../sim/compiled.ts";
import { parseRecord } from "../record/reader.ts";
import type { RunRecord, Scenario } from "../types.ts";
import { at, type Ctx, fail, rootCtx } from "../json/fields.ts";
import { authenticate } from "./checks/replay.ts";
import { exitsSection } from "./sections/exits.ts";
import { exposure } from "./sections/exposure.ts";
import { movementSection, personMoves } from "./sections/movement.ts";
import { pathEfficiency } from "./sections/path.ts";
import { replanning } from "./sections/replanning.ts";
import { safetySection } from "./sections/safety.ts";
import { evacuationSteps, timeSection } from "./sections/time.ts";
import { checkCompatibility, checkStructure } from "./checks/stages.ts";

/**
 * Options of {@linkcode episodeMetrics}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeMetrics } from "./episode.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const scenario = publicSuite().scenarios[0]!.scenario;
 * await assert.rejects(episodeMetrics(scenario, {}, { file: "run.json" }), {
 *   name: "MetricsInputError",
 *   message: "run.json: header: missing field",
 * });
 * ```
 */
export type EpisodeMetricsOptions = {
  /** Name of the file that held the record, for error messages. */
  readonly file?: string;
};

/**
 * The metrics dictionary (contract §11) of one episode. The record may be
 * a parsed JSON value or a {@linkcode RunRecord}; it is read strictly, then
 * checked for compatibility, structure and by simulator replay. Neither
 * input is mutated, and the result does not depend on the key order of the
 * record's JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeMetrics } from "./episode.ts";
 * import { replayActions } from "../sim/simulator.ts";
 * import { parseScenario, scenarioHash } from "../scenario/scenario.ts";
 * const scenario = parseScenario({
 *   schema_version: "1.0", scenario_id: "corridor", description: "",
 *   grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 },
 * });
 * const record = replayActions(scenario, 0, [{ p: "west" }, { p: "west" }],
 *   await scenarioHash(scenario));
 * const metrics = await episodeMetrics(scenario, record);
 * const time = metrics.time as { person_time_to_safety_total: number };
 * assert.ok(time.person_time_to_safety_total === 2);
 * ```
 */
export async function episodeMetrics(
  scenario: Scenario,
  record: JsonValue | RunRecord,
  options: EpisodeMetricsOptions = {},
): Promise<JsonObject> {
  return (await computeEpisodeMetrics(scenario, record, options)).metrics;
}

/**
 * {@linkcode episodeMetrics} with the exact values of the statistics
 * metrics beside the dictionary (the reference verifier's).
 */
export function computeEpisodeMetrics(
  scenario: Scenario,
  record: JsonValue | RunRecord,
  options: EpisodeMetricsOptions = {},
): Promise<ComputedMetrics> {
  return computed(
    scenario,
    record,
    options,
    (r, ctx) => parseRecord(r as JsonValue, ctx),
  );
}

/**
 * {@linkcode computeEpisodeMetrics} of a record that `parseRecord` has
 * read already (the reference verifier's, kept from its structure pass):
 * reading it again could not fail and would only copy it to an equal
 * value, so it is not read again; every other check runs, in order.
 */
export function computeReadEpisodeMetrics(
  scenario: Scenario,
  record: RunRecord,
  options: EpisodeMetricsOptions = {},
): Promise<ComputedMetrics> {
  return computed(scenario, record, options, (r) => r as RunRecord);
}

async function computed(
  scenario: Scenario,
  record: JsonValue | RunRecord,
  options: EpisodeMetricsOptions,
  read: (v: JsonValue | RunRecord, ctx: Ctx) => RunRecord,
): Promise<ComputedMetrics> {
  const ctx = rootCtx(MetricsInputError, options.file);
  const compiled = await checkedScenario(scenario, ctx);
  const sc = compiled.scenario;
  const hash = compiled.hash;
  checkCompatibility(sc, hash, record as JsonValue, ctx);
  const rec = read(record, ctx);
  checkStructure(sc, rec, ctx);
  await authenticate(sc, rec, hash, options.file);
  return computeMetrics(compiled, rec, ctx);
}

/**
 * The metrics dictionary of a record this process has just produced with
 * the simulator (the runner's): stages 1 and 2 run, but the replay is left
 * out, because replaying the simulator's own output in the same process
 * can only give it back; whoever reads the record later replays it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeMetrics, producedRecordMetrics } from "./episode.ts";
 * import { encode } from "../json/canonical.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const scenario = publicSuite().scenarios[0]!.scenario;
 * const record = await simulateEpisode(scenario, 3, (obs) =>
 *   Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"])));
 * assert.equal(
 *   encode(producedRecordMetrics(await compileScenario(scenario), record)),
 *   encode(await episodeMetrics(scenario, record)),
 * );
 * ```
 */
export function producedRecordMetrics(
  compiled: CompiledScenario,
  record: RunRecord,
): JsonObject {
  const ctx = rootCtx(MetricsInputError);
  checkCompatibility(
    compiled.scenario,
    compiled.hash,
    record as unknown as JsonValue,
    ctx,
  );
  checkStructure(compiled.scenario, record, ctx);
  return computeMetrics(compiled, record, ctx).metrics;
}

/** A scenario given in memory is not trusted: it is read again strictly. */
async function checkedScenario(
  scenario: Scenario,
  ctx: Ctx,
): Promise<CompiledScenario> {
  try {
    return await compileScenario(scenario, "scenario");
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    // The record file does not hold the scenario: name no file here.
    return fail(
      { kind: ctx.kind, path: e.path },
      `scenario is not valid: ${e.detail}`,
      e,
    );
  }
}

/**
 * The dictionary of a record that passed all three stages (the verifier
 * calls it once it has proved that), with the exact values its sections
 * converted to the statistics floats.
 */
export function computeMetrics(
  compiled: CompiledScenario,
  record: RunRecord,
  ctx: Ctx,
): ComputedMetrics {
  const { scenario, ids, staticDistances } = compiled;
  const evacuated = evacuationSteps(record);
  const moves = personMoves(ids, record);
  const final = record.final_state;
  const path = pathEfficiency(final, staticDistances, moves, ctx);
  const fire = exposure(compiled.geometry, ids, record, ctx);
  const replans = replanning(record, at(ctx, "steps"));
  const safety = safetySection(final, ctx);
  const time = timeSection(scenario, record.steps.length, evacuated);
  const movement = movementSection(record, at(ctx, "steps"));
  const exits = exitsSection(scenario, record);
  return assembleMetrics(compiled, {
    seed: record.header.seed,
    final,
    moves,
    evacuated,
    safety,
    time,
    movement,
    path,
    fire,
    exits,
    replans,
  });
}
