/**
 * Stages 1 and 2 of metrics.md §2: compatibility of the record with the
 * scenario and the running versions, then structural validation of the
 * initial state, every step, termination and the final state.
 *
 * @module
 */

import {
  compareCodePoints,
  type JsonObject,
  type JsonValue,
} from "../../json/canonical.ts";
import {
  OBSERVATION_VERSION,
  type RunRecord,
  type Scenario,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
} from "../../types.ts";
import { at, type Ctx, fail, isObject } from "../../json/fields.ts";
import { checkFinalState } from "../../record/checks/final.ts";
import {
  cellKey,
  compareCells,
  geometryOf,
  sameCell,
  showCell,
} from "../../scenario/geometry.ts";
import {
  checkPeopleList,
  checkSortedIds,
  checkTermination,
  checkTrapped,
} from "../../record/checks/snapshot.ts";
import { checkStep, type Env } from "../../record/checks/step.ts";

/**
 * Stage 1: versions, schema version, scenario ID and scenario hash.
 * `scenarioHash` is the digest of the scenario's canonical JSON. It reads
 * the record before its shape is checked, so that a record of another
 * version is named as such rather than by the first field it lacks: a field
 * that is missing or not a string is left to the shape check.
 */
export function checkCompatibility(
  scenario: Scenario,
  scenarioHash: string,
  record: JsonValue,
  ctx: Ctx,
): void {
  const header = isObject(record) ? record["header"] : undefined;
  const h: JsonObject = isObject(header) ? header : {};
  const hctx = at(ctx, "header");
  const expect = (key: string, want: string, why: string) => {
    const found = Object.hasOwn(h, key) ? h[key] : undefined;
    if (typeof found === "string" && found !== want) {
      fail(
        at(hctx, key),
        `expected ${JSON.stringify(want)} (${why}), found ${
          JSON.stringify(found)
        }`,
      );
    }
  };
  expect("simulator_version", SIMULATOR_VERSION, "the simulator version");
  expect("observation_version", OBSERVATION_VERSION, "the observation version");
  expect("schema_version", SCHEMA_VERSION, "the supported schema version");
  expect("schema_version", scenario.schema_version, "the scenario's");
  expect("scenario_id", scenario.scenario_id, "the scenario's ID");
  expect("scenario_hash", scenarioHash, "the scenario content hash");
}

/**
 * Stage 2: the structural checks of metrics.md §2. Throws the context's
 * error kind with the field path of the first violation.
 */
export function checkStructure(
  scenario: Scenario,
  record: RunRecord,
  ctx: Ctx,
): void {
  const ids = scenario.people.map((p) => p.person_id).sort(compareCodePoints);
  const env: Env = {
    scenario,
    geometry: geometryOf(scenario),
    ids,
    horizon: scenario.termination.max_steps,
    resolutions: new Map(),
  };
  const steps = record.steps;
  if (steps.length === 0) {
    fail(
      at(ctx, "steps"),
      "record has no steps; metrics need a complete, terminated episode",
    );
  }
  let burning = checkInitialState(env, record, at(ctx, "initial_state"));
  let prev = record.initial_state;
  const sctx = at(ctx, "steps");
  steps.forEach((step, i) => {
    burning = checkStep(
      env,
      prev,
      burning,
      step,
      i + 1,
      i === steps.length - 1,
      at(sctx, i),
    );
    prev = step.state;
  });
  checkFinalState(env, prev, record.final_state, at(ctx, "final_state"));
}

/** Returns the burning flags of `s_0`. */
function checkInitialState(
  env: Env,
  record: RunRecord,
  ctx: Ctx,
): Uint8Array {
  const s0 = record.initial_state;
  if (s0.step !== 0) {
    fail(at(ctx, "step"), `expected step 0, found ${s0.step}`);
  }
  const pctx = at(ctx, "people");
  checkPeopleList(s0.people, env.ids, pctx);
  const start = new Map(
    env.scenario.people.map((p) => [p.person_id, p.position]),
  );
  s0.people.forEach((p, i) => {
    if (p.status !== "active") {
      fail(at(at(pctx, i), "status"), `expected active, found ${p.status}`);
    }
    const want = start.get(p.person_id)!;
    if (!sameCell(p.position, want)) {
      fail(
        at(at(pctx, i), "position"),
        `expected the scenario position ${showCell(want)}, found ` +
          showCell(p.position),
      );
    }
  });
  const ignitions = [...env.scenario.fire.ignitions].sort(compareCells);
  const bctx = at(ctx, "burning");
  const same = ignitions.length === s0.burning.length &&
    ignitions.every((c, i) => sameCell(c, s0.burning[i]!));
  if (!same) {
    fail(
      bctx,
      `expected the scenario ignitions in row-major order ` +
        `[${ignitions.map(showCell).join(", ")}], found ` +
        `[${s0.burning.map(showCell).join(", ")}]`,
    );
  }
  const burning = new Uint8Array(env.geometry.height * env.geometry.width);
  for (const c of ignitions) burning[cellKey(env.geometry, c)] = 1;
  checkSortedIds(s0.trapped, at(ctx, "trapped"));
  checkTrapped(env.scenario, s0, ctx);
  checkTermination(s0, 0, env.horizon, false, ctx);
  return burning;
}
