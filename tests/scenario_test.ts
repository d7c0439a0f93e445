/** Scenario schema 1.0 (contract §5): what is accepted and what is refused, with field paths. */

import assert from "node:assert/strict";
import {
  digest,
  encode,
  type JsonObject,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import { ScenarioError } from "../src/errors.ts";
import { parseScenario, scenarioHash } from "../src/scenario/scenario.ts";

const VALID = `{
  "schema_version": "1.0",
  "scenario_id": "office_two_exits",
  "description": "Open office; fire starts beside the west exit.",
  "grid": ["##########", ".........#", "#..##....#", "##########"],
  "exits": [{"exit_id": "west", "position": [1, 0]}, {"exit_id": "e2", "position": [2, 8]}],
  "people": [{"person_id": "p01", "position": [1, 3]}, {"person_id": "p02", "position": [2, 5]}],
  "fire": {"ignitions": [[2, 1]], "spread_probability": [1, 4], "enter_fire": "casualty"},
  "termination": {"max_steps": 60}
}`;

// Test documents are edited freely before they are validated.
// deno-lint-ignore no-explicit-any
type Doc = Record<string, any>;

function base(): Doc {
  return JSON.parse(VALID);
}

/** Apply `edit` to a fresh copy of the valid scenario and expect a ScenarioError at `path`. */
function refuses(
  edit: (s: Doc) => void,
  path: string,
  detail: RegExp,
) {
  const s = base();
  edit(s);
  assert.throws(
    () => parseScenario(s as JsonValue, { file: "s.json" }),
    (e: unknown) => {
      assert.ok(e instanceof ScenarioError, `expected ScenarioError, got ${e}`);
      assert.equal(e.path, path);
      assert.match(e.detail, detail);
      assert.ok(e.message.startsWith(`s.json: ${path}: `), e.message);
      return true;
    },
  );
}

Deno.test("a valid scenario reads back to the same canonical bytes", () => {
  const v = parse(VALID);
  const s = parseScenario(v);
  assert.equal(encode(s), encode(v));
  assert.equal(s.people[1]!.person_id, "p02");
  assert.deepEqual(s.fire.spread_probability, [1, 4]);
});

Deno.test("scenarioHash is the digest of the canonical JSON", async () => {
  const s = parseScenario(parse(VALID));
  // Independent of our encoder's key sorting: hash the keys in written
  // order through parse/encode of a reordered text, which must agree.
  const reordered = parse(
    `{"termination": {"max_steps": 60}, ${VALID.trim().slice(1)}`.replace(
      /,\s*"termination": \{"max_steps": 60\}\s*\}$/,
      "}",
    ),
  );
  assert.equal(await scenarioHash(s), await digest(reordered));
  assert.match(await scenarioHash(s), /^[0-9a-f]{64}$/);
});

Deno.test("top level: unknown, missing fields and schema version", () => {
  refuses((s) => (s.extra = 1), "extra", /unknown field/);
  refuses((s) => delete s.description, "description", /missing field/);
  refuses((s) => (s.schema_version = "1.1"), "schema_version", /unsupported/);
  refuses((s) => (s.schema_version = 1), "schema_version", /expected a string/);
  refuses((s) => (s.scenario_id = "_bad"), "scenario_id", /not a valid ID/);
  refuses(
    (s) => (s.scenario_id = "x".repeat(65)),
    "scenario_id",
    /not a valid ID/,
  );
  refuses((s) => (s.description = null), "description", /expected a string/);
  assert.throws(() => parseScenario([]), ScenarioError);
});

Deno.test("an empty description and a 64-character ID are fine", () => {
  const s = base();
  s.description = "";
  s.scenario_id = "A" + "b.:-_".repeat(12) + "xyz";
  assert.equal((s.scenario_id as string).length, 64);
  assert.equal(parseScenario(s as JsonValue).description, "");
});

Deno.test("grid shape: 1..256 rows of 1..256 chars, equal lengths, # and . only", () => {
  refuses((s) => (s.grid = []), "grid", /1 to 256 items/);
  refuses(
    (s) => (s.grid = Array(257).fill(".")),
    "grid",
    /1 to 256 items, found 257/,
  );
  refuses(
    (s) => (s.grid[1] = ".........##"),
    "grid[1]",
    /ragged grid: row has length 11, row 0 has 10/,
  );
  refuses((s) => (s.grid = [""]), "grid[0]", /row length 0/);
  refuses(
    (s) => (s.grid = ["#".repeat(257)]),
    "grid[0]",
    /row length 257/,
  );
  refuses(
    (s) => (s.grid[2] = "#..##.E..#"),
    "grid[2]",
    /unknown character "E" at column 6/,
  );
  refuses((s) => (s.grid[0] = 5), "grid[0]", /expected a string/);
});

Deno.test("a 256x256 grid is accepted", () => {
  const s = base();
  s.grid = Array(256).fill(".".repeat(256));
  assert.equal(parseScenario(s as JsonValue).grid.length, 256);
});

Deno.test("exits: at least one, on floor inside the grid, distinct IDs and cells", () => {
  refuses((s) => (s.exits = []), "exits", /1 to Infinity items, found 0/);
  refuses(
    (s) => (s.exits[1].position = [0, 0]),
    "exits[1].position",
    /exit \[0, 0\] lies on a wall/,
  );
  refuses(
    (s) => (s.exits[1].position = [4, 0]),
    "exits[1].position",
    /outside the 4x10 grid/,
  );
  refuses(
    (s) => (s.exits[1].position = [1, -1]),
    "exits[1].position",
    /outside/,
  );
  refuses(
    (s) => (s.exits[1].position = [0, 10]),
    "exits[1].position",
    /outside/,
  );
  refuses(
    (s) => (s.exits[1].exit_id = "west"),
    "exits[1].exit_id",
    /duplicate exit ID "west"/,
  );
  refuses(
    (s) => (s.exits[1].position = [1, 0]),
    "exits[1].position",
    /second exit on cell \[1, 0\]/,
  );
  refuses((s) => (s.exits[0].door = 1), "exits[0].door", /unknown field/);
});

Deno.test("cells must be integer lexemes", () => {
  const text = VALID.replace('"position": [1, 0]', '"position": [1.0, 0]');
  assert.throws(
    () => parseScenario(parse(text)),
    (e: unknown) =>
      e instanceof ScenarioError && e.path === "exits[0].position[0]" &&
      /expected an integer/.test(e.detail),
  );
});

Deno.test("people: 1..4096, on floor, not on an exit or an ignition, distinct", () => {
  refuses((s) => (s.people = []), "people", /1 to 4096 items, found 0/);
  refuses(
    (s) => (s.people[0].position = [1, 0]),
    "people[0].position",
    /starts on the exit cell \[1, 0\]/,
  );
  refuses(
    (s) => (s.people[0].position = [2, 1]),
    "people[0].position",
    /starts on the ignition \[2, 1\]/,
  );
  refuses(
    (s) => (s.people[1].position = [1, 3]),
    "people[1].position",
    /second person on cell \[1, 3\]/,
  );
  refuses(
    (s) => (s.people[1].person_id = "p01"),
    "people[1].person_id",
    /duplicate person ID "p01"/,
  );
  refuses(
    (s) => (s.people[1].position = [2, 3]),
    "people[1].position",
    /lies on a wall/,
  );
  refuses(
    (s) => (s.people[1].person_id = "p 2"),
    "people[1].person_id",
    /not a valid ID/,
  );
  refuses((s) => delete s.people[1].position, "people[1].position", /missing/);
  const many = base();
  many.grid = Array(65).fill(".".repeat(64));
  many.exits = [{ exit_id: "x", position: [64, 0] }];
  many.fire = {
    ignitions: [],
    spread_probability: [0, 1],
    enter_fire: "blocked",
  };
  const cells = Array.from({ length: 4097 }, (_, i) => [i >> 6, i & 63]);
  many.people = cells.map((c, i) => ({ person_id: `p${i}`, position: c }));
  assert.throws(
    () => parseScenario(many as JsonValue),
    (e: unknown) => e instanceof ScenarioError && e.path === "people",
  );
  many.people = cells.slice(0, 4096).map((c, i) => ({
    person_id: `p${i}`,
    position: c,
  }));
  assert.equal(parseScenario(many as JsonValue).people.length, 4096);
});

Deno.test("fire: ignitions on floor and distinct; an exit may burn", () => {
  refuses(
    (s) => s.fire.ignitions.push([2, 1]),
    "fire.ignitions[1]",
    /duplicate ignition \[2, 1\]/,
  );
  refuses(
    (s) => s.fire.ignitions.push([0, 0]),
    "fire.ignitions[1]",
    /ignition \[0, 0\] lies on a wall/,
  );
  refuses(
    (s) => s.fire.ignitions.push([9, 9]),
    "fire.ignitions[1]",
    /outside/,
  );
  refuses(
    (s) => (s.fire.enter_fire = "ignore"),
    "fire.enter_fire",
    /expected one of casualty, blocked/,
  );
  refuses((s) => (s.fire.wind = 0), "fire.wind", /unknown field/);
  const s = base();
  s.fire.ignitions.push([1, 0]);
  s.fire.ignitions = [];
  assert.equal(parseScenario(s as JsonValue).fire.ignitions.length, 0);
  s.fire.ignitions = [[1, 0]];
  assert.deepEqual(parseScenario(s as JsonValue).fire.ignitions, [[1, 0]]);
});

Deno.test("spread probability: 0 <= num <= den, 1 <= den <= 2^32", () => {
  const p = "fire.spread_probability";
  refuses((s) => (s.fire.spread_probability = [1, 0]), `${p}[1]`, /outside/);
  refuses(
    (s) => (s.fire.spread_probability = [1, 2 ** 32 + 1]),
    `${p}[1]`,
    /outside \[1, 4294967296\]/,
  );
  refuses((s) => (s.fire.spread_probability = [5, 4]), `${p}[0]`, /outside/);
  refuses((s) => (s.fire.spread_probability = [-1, 4]), `${p}[0]`, /outside/);
  refuses((s) => (s.fire.spread_probability = [1]), p, /2 to 2 items/);
  refuses((s) => (s.fire.spread_probability = [1, 2, 3]), p, /2 to 2 items/);
  for (
    const ok of [[0, 1], [1, 1], [4294967296, 4294967296], [0, 4294967296]]
  ) {
    const s = base();
    s.fire.spread_probability = ok;
    assert.deepEqual(parseScenario(s as JsonValue).fire.spread_probability, ok);
  }
  const text = VALID.replace("[1, 4]", "[0.5, 4]");
  assert.throws(
    () => parseScenario(parse(text)),
    (e: unknown) => e instanceof ScenarioError && e.path === `${p}[0]`,
  );
});

Deno.test("termination: max_steps in 1..10000", () => {
  refuses(
    (s) => (s.termination.max_steps = 0),
    "termination.max_steps",
    /outside \[1, 10000\]/,
  );
  refuses(
    (s) => (s.termination.max_steps = 10001),
    "termination.max_steps",
    /outside/,
  );
  refuses((s) => (s.termination = {}), "termination.max_steps", /missing/);
  const s = base();
  s.termination.max_steps = 10000;
  assert.equal(parseScenario(s as JsonValue).termination.max_steps, 10000);
});

Deno.test("a path prefix places errors inside a larger document", () => {
  const s = base();
  s.grid = [];
  assert.throws(
    () =>
      parseScenario(s as JsonValue, {
        file: "suite.json",
        path: "scenarios[2].scenario",
      }),
    (e: unknown) =>
      e instanceof ScenarioError &&
      e.message.startsWith("suite.json: scenarios[2].scenario.grid: "),
  );
});

Deno.test("the result is a fresh object: editing the input does not change it", () => {
  const v = parse(VALID) as JsonObject;
  const s = parseScenario(v);
  (v["grid"] as string[])[0] = "..........";
  assert.equal(s.grid[0], "##########");
});
