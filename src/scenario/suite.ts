/**
 * Suites (contract §6) and the evaluation manifest they schedule (§10).
 *
 * @module
 */

import { digest, type JsonValue } from "../json/canonical.ts";
import { SuiteError } from "../errors.ts";
import { beyondLimit, type Limits, limitsWith } from "../limits.ts";
import { parseScenario, scenarioHash } from "./scenario.ts";
import { manifestDigest } from "./manifest_text.ts";
import {
  type Family,
  type Manifest,
  METRICS_VERSION,
  OBSERVATION_VERSION,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
  type Suite,
} from "../types.ts";
import {
  at,
  expectArray,
  expectId,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  rootCtx,
} from "../json/fields.ts";

/**
 * Read and validate a suite. Suite-level problems raise {@linkcode SuiteError};
 * a bad scenario raises `ScenarioError` with a path such as
 * `scenarios[2].scenario.grid`. A suite that schedules more episodes than
 * the `maxEpisodes` implementation limit (`limits.ts`, overridable with
 * `options.limits`) is refused before its seeds are read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "../json/canonical.ts";
 * import { parseSuite } from "./suite.ts";
 * const scenario = `{"schema_version": "1.0", "scenario_id": "tiny", "description": "",
 *   "grid": [".."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 1]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 5}}`;
 * const suite = parseSuite(parse(`{"suite_id": "s", "suite_version": "1", "families": [],
 *   "scenarios": [{"scenario": ${scenario}, "seeds": [0, 1]}]}`));
 * assert.ok(suite.scenarios[0]?.seeds.length === 2);
 * assert.throws(() => parseSuite(parse(`{"suite_id": "s", "suite_version": "1", "families": [],
 *   "scenarios": [{"scenario": ${scenario}, "seeds": [0, 1]}]}`), { limits: { maxEpisodes: 1 } }),
 *   { name: "SuiteError", message: /^scenarios\[0\]\.seeds: at least 2 scheduled episodes: over/ });
 * ```
 */
export function parseSuite(
  v: JsonValue,
  options: { file?: string; limits?: Partial<Limits> } = {},
): Suite {
  const ctx = rootCtx(SuiteError, options.file);
  const maxEpisodes = limitsWith(options.limits).maxEpisodes;
  let scheduled = 0;
  const obj = expectObject(v, ctx, [
    "suite_id",
    "suite_version",
    "families",
    "scenarios",
  ]);
  const suiteId = expectId(field(obj, "suite_id"), at(ctx, "suite_id"));
  const versionCtx = at(ctx, "suite_version");
  const suiteVersion = expectString(field(obj, "suite_version"), versionCtx);
  if (suiteVersion === "") fail(versionCtx, "suite_version is empty");

  const scCtx = at(ctx, "scenarios");
  const scenarioIds = new Set<string>();
  const scenarios = expectArray(field(obj, "scenarios"), scCtx, 1).map(
    (item, i) => {
      const ictx = at(scCtx, i);
      const entry = expectObject(item, ictx, ["scenario", "seeds"]);
      const scenario = parseScenario(field(entry, "scenario"), {
        ...(options.file === undefined ? {} : { file: options.file }),
        path: at(ictx, "scenario").path,
      });
      if (scenarioIds.has(scenario.scenario_id)) {
        fail(
          at(at(ictx, "scenario"), "scenario_id"),
          `duplicate scenario ID ${JSON.stringify(scenario.scenario_id)}`,
        );
      }
      scenarioIds.add(scenario.scenario_id);
      const seedsCtx = at(ictx, "seeds");
      const seen = new Set<number>();
      const list = expectArray(field(entry, "seeds"), seedsCtx, 1);
      // Each seed schedules an episode: refuse a schedule beyond the limit
      // before any manifest is built from it.
      scheduled += list.length;
      if (scheduled > maxEpisodes) {
        fail(
          seedsCtx,
          beyondLimit(
            "maxEpisodes",
            `at least ${scheduled} scheduled episodes`,
            maxEpisodes,
          ),
        );
      }
      const seeds = list.map(
        (s, k) => {
          const seed = expectInt(s, at(seedsCtx, k), 0);
          if (seen.has(seed)) fail(at(seedsCtx, k), `duplicate seed ${seed}`);
          seen.add(seed);
          return seed;
        },
      );
      return { scenario, seeds };
    },
  );

  const famCtx = at(ctx, "families");
  const familyIds = new Set<string>();
  const families = expectArray(field(obj, "families"), famCtx).map(
    (item, i): Family => {
      const ictx = at(famCtx, i);
      const fam = expectObject(item, ictx, [
        "family_id",
        "description",
        "scenarios",
      ]);
      const idCtx = at(ictx, "family_id");
      const familyId = expectId(field(fam, "family_id"), idCtx);
      if (familyIds.has(familyId)) {
        fail(idCtx, `duplicate family ID ${JSON.stringify(familyId)}`);
      }
      familyIds.add(familyId);
      const description = expectString(
        field(fam, "description"),
        at(ictx, "description"),
      );
      const membersCtx = at(ictx, "scenarios");
      const members = new Set<string>();
      const names = expectArray(field(fam, "scenarios"), membersCtx).map(
        (m, k) => {
          const mctx = at(membersCtx, k);
          const id = expectId(m, mctx);
          if (!scenarioIds.has(id)) {
            fail(mctx, `family names unknown scenario ${JSON.stringify(id)}`);
          }
          if (members.has(id)) {
            fail(mctx, `family names scenario ${JSON.stringify(id)} twice`);
          }
          members.add(id);
          return id;
        },
      );
      return { family_id: familyId, description, scenarios: names };
    },
  );
  return {
    suite_id: suiteId,
    suite_version: suiteVersion,
    families,
    scenarios,
  };
}

/**
 * The suite hash: digest of the suite's canonical JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { suiteHash } from "./suite.ts";
 * import type { Suite } from "../types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * // SHA-256 of the canonical text, computed independently with Python's hashlib:
 * assert.equal(await suiteHash(suite), "7184dcbc0a7d51b94e1522d4b8755cdc138971cd1981dde7583b347cbb9435d6");
 * ```
 */
export function suiteHash(s: Suite): Promise<string> {
  return digest(s);
}

/**
 * The evaluation manifest a suite schedules (contract §10): one episode per
 * (scenario, seed), in suite order then seed order, indexed from 0.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "./suite.ts";
 * import type { Suite } from "../types.ts";
 * const suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [
 *   { scenario: { scenario_id: "a" }, seeds: [4, 2] }] } as unknown as Suite;
 * const m = await buildManifest(suite);
 * assert.ok(m.episodes.map((e) => e.seed).join() === "4,2");
 * ```
 */
export async function buildManifest(suite: Suite): Promise<Manifest> {
  const episodes = [];
  let index = 0;
  for (const { scenario, seeds } of suite.scenarios) {
    const hash = await scenarioHash(scenario);
    for (const seed of seeds) {
      episodes.push({
        index: index++,
        scenario_id: scenario.scenario_id,
        scenario_hash: hash,
        seed,
      });
    }
  }
  return {
    suite_id: suite.suite_id,
    suite_version: suite.suite_version,
    suite_hash: await suiteHash(suite),
    schema_version: SCHEMA_VERSION,
    simulator_version: SIMULATOR_VERSION,
    observation_version: OBSERVATION_VERSION,
    metrics_version: METRICS_VERSION,
    episodes,
  };
}

/**
 * The manifest hash: digest of the manifest's canonical JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest, manifestHash } from "./suite.ts";
 * import type { Suite } from "../types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * // SHA-256 of the canonical text, computed independently with Python's hashlib:
 * assert.equal(await manifestHash(await buildManifest(suite)),
 *   "37bff2283eedc848381a1fb3202ffee23a7308c89543ddfb9e4aa38eb350bf15");
 * ```
 */
export function manifestHash(m: Manifest): Promise<string> {
  // Hashed a chunk at a time: the whole text, 13 MB at 100,000 episodes,
  // is never one string (`manifest_text.ts`).
  return Promise.resolve(manifestDigest(m));
}
