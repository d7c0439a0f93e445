/** Suites (contract §6) and manifests (contract §10). */

import assert from "node:assert/strict";
import { digest, encode, type JsonValue } from "../src/json/canonical.ts";
import { ScenarioError, SuiteError } from "../src/errors.ts";
import {
  buildManifest,
  manifestHash,
  parseSuite,
  suiteHash,
} from "../src/scenario/suite.ts";

// Test documents are edited freely before they are validated.
// deno-lint-ignore no-explicit-any
type Doc = Record<string, any>;

function scenario(id: string): Doc {
  return {
    schema_version: "1.0",
    scenario_id: id,
    description: "",
    grid: ["..."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [{ person_id: "p", position: [0, 2] }],
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: 4 },
  };
}

function base(): Doc {
  return {
    suite_id: "mini",
    suite_version: "1.0",
    families: [
      { family_id: "f1", description: "both", scenarios: ["b", "a"] },
      { family_id: "empty", description: "", scenarios: [] },
    ],
    scenarios: [
      { scenario: scenario("a"), seeds: [3, 0] },
      { scenario: scenario("b"), seeds: [7] },
    ],
  };
}

function refuses(
  edit: (s: Doc) => void,
  kind: typeof SuiteError | typeof ScenarioError,
  path: string,
  detail: RegExp,
) {
  const s = base();
  edit(s);
  assert.throws(
    () => parseSuite(s as JsonValue, { file: "suite.json" }),
    (e: unknown) => {
      assert.ok(e instanceof kind, `expected ${kind.name}, got ${e}`);
      assert.equal((e as SuiteError).path, path);
      assert.match((e as SuiteError).detail, detail);
      assert.ok((e as Error).message.startsWith(`suite.json: ${path}: `));
      return true;
    },
  );
}

Deno.test("a valid suite reads back to the same canonical bytes", () => {
  const v = base() as JsonValue;
  assert.equal(encode(parseSuite(v)), encode(v));
});

Deno.test("suite fields", () => {
  refuses((s) => (s.extra = 1), SuiteError, "extra", /unknown field/);
  refuses((s) => delete s.families, SuiteError, "families", /missing field/);
  refuses((s) => (s.suite_id = "-x"), SuiteError, "suite_id", /valid ID/);
  refuses((s) => (s.suite_version = ""), SuiteError, "suite_version", /empty/);
  refuses((s) => (s.suite_version = 1), SuiteError, "suite_version", /string/);
  refuses((s) => (s.scenarios = []), SuiteError, "scenarios", /1 to/);
});

Deno.test("scenario entries: seeds and unique IDs", () => {
  refuses(
    (s) => (s.scenarios[1].seeds = []),
    SuiteError,
    "scenarios[1].seeds",
    /1 to/,
  );
  refuses(
    (s) => (s.scenarios[0].seeds = [3, 3]),
    SuiteError,
    "scenarios[0].seeds[1]",
    /duplicate seed 3/,
  );
  refuses(
    (s) => (s.scenarios[0].seeds = [-1]),
    SuiteError,
    "scenarios[0].seeds[0]",
    /outside \[0, 9007199254740991\]/,
  );
  refuses(
    (s) => (s.scenarios[1].scenario.scenario_id = "a"),
    SuiteError,
    "scenarios[1].scenario.scenario_id",
    /duplicate scenario ID "a"/,
  );
  refuses(
    (s) => (s.scenarios[0].weight = 1),
    SuiteError,
    "scenarios[0].weight",
    /unknown field/,
  );
  const s = base();
  s.scenarios[0].seeds = [9007199254740991, 0];
  assert.deepEqual(parseSuite(s as JsonValue).scenarios[0]!.seeds, [
    9007199254740991,
    0,
  ]);
});

Deno.test("a bad scenario surfaces as ScenarioError with its path in the suite", () => {
  refuses(
    (s) => (s.scenarios[1].scenario.grid = ["..", "."]),
    ScenarioError,
    "scenarios[1].scenario.grid[1]",
    /ragged/,
  );
  refuses(
    (s) => delete s.scenarios[0].scenario.fire,
    ScenarioError,
    "scenarios[0].scenario.fire",
    /missing/,
  );
});

Deno.test("families: unique IDs, known scenarios, each at most once", () => {
  refuses(
    (s) => (s.families[1].family_id = "f1"),
    SuiteError,
    "families[1].family_id",
    /duplicate family ID "f1"/,
  );
  refuses(
    (s) => s.families[0].scenarios.push("zz"),
    SuiteError,
    "families[0].scenarios[2]",
    /unknown scenario "zz"/,
  );
  refuses(
    (s) => s.families[0].scenarios.push("a"),
    SuiteError,
    "families[0].scenarios[2]",
    /scenario "a" twice/,
  );
  refuses(
    (s) => delete s.families[0].description,
    SuiteError,
    "families[0].description",
    /missing/,
  );
  // No families at all, and a scenario in two families, are both fine.
  const s = base();
  s.families = [];
  assert.equal(parseSuite(s as JsonValue).families.length, 0);
  const t = base();
  t.families[1].scenarios = ["a"];
  assert.deepEqual(parseSuite(t as JsonValue).families[1]!.scenarios, ["a"]);
});

Deno.test("buildManifest schedules (scenario, seed) in suite then seed order", async () => {
  const suite = parseSuite(base() as JsonValue);
  const m = await buildManifest(suite);
  const ha = await digest(scenario("a") as JsonValue);
  const hb = await digest(scenario("b") as JsonValue);
  assert.deepEqual(m, {
    suite_id: "mini",
    suite_version: "1.0",
    suite_hash: await digest(base() as JsonValue),
    schema_version: "1.0",
    simulator_version: "1.0",
    observation_version: "1.0",
    metrics_version: "1.0",
    episodes: [
      { index: 0, scenario_id: "a", scenario_hash: ha, seed: 3 },
      { index: 1, scenario_id: "a", scenario_hash: ha, seed: 0 },
      { index: 2, scenario_id: "b", scenario_hash: hb, seed: 7 },
    ],
  });
  assert.equal(await suiteHash(suite), await digest(base() as JsonValue));
  assert.equal(await manifestHash(m), await digest(m as unknown as JsonValue));
});

Deno.test("suite and manifest hashes match Python's json.dumps + sha256", async () => {
  // A one-scenario suite, hashed independently with:
  //   python3 -c 'import json,hashlib; print(hashlib.sha256(json.dumps(S,
  //     sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()).hexdigest())'
  // where S is the document below (see the expected values).
  const doc = {
    suite_id: "mini",
    suite_version: "1.0",
    families: [],
    scenarios: [{ scenario: scenario("a"), seeds: [1] }],
  };
  const suite = parseSuite(doc as JsonValue);
  assert.equal(
    await suiteHash(suite),
    "5bc8222490c274a52c380d78d7fb556b8c4c9ebbb111c1d2a7a9891029645a51",
  );
  const m = await buildManifest(suite);
  assert.equal(
    m.episodes[0]!.scenario_hash,
    "9924d70dba603ee44a6a9b8daeb20d31d48fd8de6af27298afb243a6fc77821f",
  );
  assert.equal(
    await manifestHash(m),
    "6731e846167e1248db5b6a3e3c67951111ac46bef0f0289686286ba05b39a9a4",
  );
});
