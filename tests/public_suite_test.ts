import assert from "node:assert/strict";
import { encode, type JsonObject, parse } from "../src/json/canonical.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import type { EvaluationResult, Suite } from "../src/types.ts";

const FILE = new URL("../suites/public.json", import.meta.url);

Deno.test("public suite: the embedded suite equals a strict read of the file", async () => {
  // The strict reader refuses float lexemes and duplicate keys that the JS
  // JSON import would silently accept.
  const text = await Deno.readTextFile(FILE);
  const strict = parseSuite(parse(text, { file: "suites/public.json" }));
  assert.equal(encode(publicSuite()), encode(strict));
  assert.equal(publicSuite(), publicSuite(), "memoised");
});

Deno.test("public suite: readable layout, two-space indent, one grid row per line", async () => {
  const lines = (await Deno.readTextFile(FILE)).split("\n");
  for (const { scenario } of publicSuite().scenarios) {
    for (const row of scenario.grid) {
      assert.ok(
        lines.some((l) =>
          /^( {2})+"/.test(l) &&
          l.trim().replace(/,$/, "") === JSON.stringify(row)
        ),
        `${scenario.scenario_id}: row ${row} is not on a line of its own`,
      );
    }
  }
  assert.ok(lines.every((l) => !l.includes("\t")));
});

Deno.test("public suite: size, families, seeds and variety (contract §6)", () => {
  const suite = publicSuite();
  assert.equal(suite.suite_id, "emberbench-public");
  assert.equal(suite.suite_version, "1.0");
  assert.ok(suite.scenarios.length >= 12);
  const families = suite.families.filter((f) => f.scenarios.length > 0);
  assert.ok(families.length >= 5);
  for (
    const id of [
      "single_exit",
      "multiple_exits",
      "bottleneck",
      "spreading_fire",
      "blocked_exits_and_trapping",
      "crowd_conflicts",
    ]
  ) {
    assert.ok(families.some((f) => f.family_id === id), id);
  }
  const modes = new Set<string>();
  const spreads = new Set<string>();
  for (const { scenario, seeds } of suite.scenarios) {
    const id = scenario.scenario_id;
    assert.deepStrictEqual(seeds, [0, 1, 2, 3, 4, 5, 6, 7], id);
    assert.ok(scenario.grid.length <= 20 && scenario.grid[0]!.length <= 20, id);
    assert.ok(scenario.people.length <= 20, id);
    const h = scenario.termination.max_steps;
    assert.ok(h >= 30 && h <= 80, id);
    assert.ok(scenario.description.length > 20, id);
    assert.ok(suite.families.some((f) => f.scenarios.includes(id)), id);
    modes.add(scenario.fire.enter_fire);
    spreads.add(scenario.fire.spread_probability.join("/"));
  }
  assert.deepStrictEqual([...modes].sort(), ["blocked", "casualty"]);
  for (const p of ["0/1", "1/8", "1/4", "1/2", "1/1"]) {
    assert.ok(spreads.has(p), p);
  }
});

const results = new Map<string, EvaluationResult>();
async function evaluate(policy: string, suite: Suite = publicSuite()) {
  const key = `${policy}:${suite.scenarios.length}`;
  let r = results.get(key);
  if (r === undefined) {
    r = await runEvaluation(suite, policy, { modelId: policy });
    results.set(key, r);
  }
  return r;
}

function safety(r: EvaluationResult) {
  return r.episodes.map((e) => {
    const s = e.metrics.safety as JsonObject;
    return {
      scenario: e.scenario_id,
      evacuated: s.evacuated as number,
      casualties: s.casualties as number,
      stranded: s.stranded as number,
    };
  });
}

Deno.test("public suite: built-in policies give casualties, stranded and all-evacuated episodes", async () => {
  let casualties = 0;
  let stranded = 0;
  let allEvacuated = 0;
  for (const name of Object.keys(BUILTIN_POLICIES)) {
    for (const e of safety(await evaluate(name))) {
      if (e.casualties > 0) casualties++;
      if (e.stranded > 0) stranded++;
      if (e.casualties === 0 && e.stranded === 0) allEvacuated++;
    }
  }
  assert.ok(casualties > 0 && stranded > 0 && allEvacuated > 0);
  // And the policies differ: greedy evacuates people that stay never does.
  const evac = (name: string) =>
    evaluate(name).then((r) => safety(r).reduce((a, e) => a + e.evacuated, 0));
  assert.equal(await evac("stay"), 0);
  assert.ok(await evac("greedy") > await evac("random"));
});

Deno.test("public suite: fire_aware beats greedy on the spreading_fire family", async () => {
  const family = publicSuite().families.find((f) =>
    f.family_id === "spreading_fire"
  )!;
  assert.ok(family.scenarios.length >= 4);
  const totals = async (name: string) => {
    let evacuated = 0;
    let casualties = 0;
    for (const e of safety(await evaluate(name))) {
      if (!family.scenarios.includes(e.scenario)) continue;
      evacuated += e.evacuated;
      casualties += e.casualties;
    }
    return { evacuated, casualties };
  };
  const greedy = await totals("greedy");
  const aware = await totals("fire_aware");
  assert.ok(
    aware.evacuated > greedy.evacuated,
    JSON.stringify({ greedy, aware }),
  );
  assert.ok(
    aware.casualties < greedy.casualties,
    JSON.stringify({ greedy, aware }),
  );
});
