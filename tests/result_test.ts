/**
 * Evaluation manifests and results: structural reading, the full
 * verification of statistics.md §1 and the pairing of contract §10, on real
 * results simulated by the package (tests/_stats_fixtures.ts).
 */

import assert from "node:assert/strict";
import { digest, encode, type JsonValue } from "../src/json/canonical.ts";
import {
  EvaluationError,
  MetricsInputError,
  StatisticsInputError,
} from "../src/errors.ts";
import { pairResults } from "../src/result/pairing.ts";
import { parseManifest, parseResult } from "../src/result/reader.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { buildManifest } from "../src/scenario/suite.ts";
import {
  copy,
  evaluate,
  f,
  nextUp,
  testSuite,
  without,
} from "./_stats_fixtures.ts";

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const MANIFEST = await buildManifest(SUITE);

type Obj = Record<string, unknown>;
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("manifest: the suite's manifest reads back unchanged", () => {
  const m = parseManifest(copy(MANIFEST));
  assert.equal(encode(m), encode(MANIFEST));
});

Deno.test("manifest: malformed manifests are refused with a path", () => {
  const cases: [string, (m: Any) => void, string][] = [
    ["unknown field", (m) => (m.extra = 1), "extra"],
    [
      "other version",
      (m) => (m.simulator_version = "2.0"),
      "simulator_version",
    ],
    ["index gap", (m) => (m.episodes[3].index = 4), "episodes[3].index"],
    [
      "duplicate seed",
      (m) => (m.episodes[1].seed = m.episodes[0].seed),
      "episodes[1]",
    ],
    [
      "two hashes",
      (m) => (m.episodes[1].scenario_hash = "f".repeat(64)),
      "episodes[1].scenario_hash",
    ],
    ["not contiguous", (m) => {
      // Swap the scenario of episode 7 (corridor) with fire_hall's key.
      m.episodes[12].scenario_id = "fire_hall";
      m.episodes[12].scenario_hash = m.episodes[0].scenario_hash;
      m.episodes[12].seed = 99;
    }, "episodes[12].scenario_id"],
    ["float seed", (m) => (m.episodes[0].seed = f(0)), "episodes[0].seed"],
    ["no episodes", (m) => (m.episodes = []), "episodes"],
  ];
  for (const [name, edit, path] of cases) {
    const m = copy(MANIFEST);
    edit(m);
    assert.throws(
      () => parseManifest(m),
      (e: unknown) => e instanceof EvaluationError && e.path === path,
      name,
    );
  }
});

Deno.test("result: a simulated result reads back unchanged", () => {
  const r = parseResult(copy(GREEDY), { file: "g.json" });
  assert.equal(encode(r), encode(GREEDY));
  // Missing episodes are allowed.
  const partial = parseResult(copy(without(GREEDY, [0, 5, 19])));
  assert.deepEqual(
    partial.episodes.map((e) => e.index),
    GREEDY.episodes.map((e) => e.index).filter((i) => ![0, 5, 19].includes(i)),
  );
});

Deno.test("result: structural failures are evaluation errors naming the field", () => {
  const cases: [string, (r: Any) => void, string][] = [
    ["out of order", (r) => {
      [r.episodes[2], r.episodes[3]] = [r.episodes[3], r.episodes[2]];
    }, "episodes[3].index"],
    ["duplicate", (r) => (r.episodes[3] = r.episodes[2]), "episodes[3].index"],
    ["key differs", (r) => (r.episodes[4].seed = 77), "episodes[4].seed"],
    [
      "record seed",
      (r) => (r.episodes[4].record.header.seed = 77),
      "episodes[4].record.header.seed",
    ],
    [
      "record version",
      (r) => (r.episodes[4].record.header.observation_version = "0.9"),
      "episodes[4].record.header.observation_version",
    ],
    [
      "manifest hash",
      (r) => (r.evaluation_manifest_hash = "0".repeat(64)),
      "evaluation_manifest_hash",
    ],
    [
      "manifest edited",
      (r) => (r.evaluation_manifest.suite_version = "2"),
      "evaluation_manifest_hash",
    ],
    [
      "metrics header",
      (r) => (r.episodes[1].metrics.seed = 12),
      "episodes[1].metrics.seed",
    ],
    [
      "metrics not object",
      (r) => (r.episodes[1].metrics = []),
      "episodes[1].metrics",
    ],
    ["unknown field", (r) => (r.episodes[1].note = "x"), "episodes[1].note"],
    ["bad model id", (r) => (r.model_id = "a b"), "model_id"],
  ];
  for (const [name, edit, path] of cases) {
    const r = copy(GREEDY);
    edit(r);
    assert.throws(
      () => parseResult(r, { file: "res.json" }),
      (e: unknown) =>
        e instanceof EvaluationError && e.path === path &&
        e.message.startsWith(`res.json: ${path}: `),
      name,
    );
  }
});

Deno.test("verify: a simulated result verifies; digest of its canonical bytes", async () => {
  const seen: [number, number][] = [];
  const v = await verifyResult(copy(GREEDY), SUITE, {
    file: "g.json",
    onProgress: (d, t) => seen.push([d, t]),
  });
  assert.equal(v.digest, await digest(GREEDY));
  assert.equal(encode(v.result), encode(GREEDY));
  assert.deepEqual(seen.at(-1), [20, 20]);
  assert.equal(seen[0]![0], 0);
});

async function refused(
  v: JsonValue,
  path: string,
  check?: (e: StatisticsInputError) => void,
  suite = SUITE,
) {
  await assert.rejects(
    () => verifyResult(v, suite, { file: "r.json" }),
    (e: unknown) => {
      assert.ok(e instanceof StatisticsInputError, String(e));
      assert.ok(e.path.startsWith(path), `${e.path} vs ${path}`);
      assert.ok(e.message.startsWith(`r.json: ${path}`), e.message);
      check?.(e);
      return true;
    },
  );
}

Deno.test("verify: a stored metric one ulp off is refused", async () => {
  const r = copy(GREEDY) as Any;
  const t = r.episodes[3].metrics.time;
  t.mean_person_time_to_safety = f(
    nextUp(t.mean_person_time_to_safety.value),
  );
  await refused(r, "episodes[3].metrics.time.mean_person_time_to_safety");
});

Deno.test("verify: a tampered record fails replay, cause kept", async () => {
  const r = copy(GREEDY) as Any;
  // Corridor, seed 5: person a walks west; claim it stayed in step 1.
  const step = r.episodes[7].record.steps[0];
  step.actions.a = "stay";
  step.movements[0].action = "stay";
  step.movements[0].target = null;
  step.movements[0].outcome = "stayed";
  await refused(r, "episodes[7].record", (e) => {
    assert.ok(e.cause instanceof MetricsInputError);
  });
});

Deno.test("verify: the manifest must be the given suite's", async () => {
  // Same scenarios, another family description: another suite hash.
  await refused(
    copy(GREEDY),
    "evaluation_manifest.suite_hash",
    undefined,
    testSuite("another description"),
  );
  // A manifest edited with a consistent hash is still not the suite's.
  const r = copy(GREEDY) as Any;
  r.evaluation_manifest.suite_version = "1.1";
  r.evaluation_manifest_hash = await digest(r.evaluation_manifest);
  await refused(r, "evaluation_manifest.suite_version");
  const extra = copy(GREEDY) as Any;
  extra.evaluation_manifest.note = "x";
  await refused(extra, "evaluation_manifest.note");
});

Deno.test("verify: structural failures become statistics input errors", async () => {
  const r = copy(GREEDY) as Any;
  r.episodes[4].record.header.seed = 77;
  await refused(r, "episodes[4].record.header.seed", (e) => {
    assert.ok(e.cause instanceof EvaluationError);
  });
  await refused(null, "");
  await refused([], "");
});

Deno.test("pairing: same manifest pairs by key; missing on each side", () => {
  const a = without(GREEDY, [1, 2]);
  const b = { ...without(GREEDY, [2, 9]), model_id: "other" };
  const p = pairResults(a, b);
  assert.deepEqual(
    p.paired,
    [...Array(20).keys()].filter((i) => ![1, 2, 9].includes(i)),
  );
  assert.deepEqual(p.missingFromA.map((k) => k.index), [1, 2]);
  assert.deepEqual(p.missingFromB.map((k) => k.index), [2, 9]);
  assert.deepEqual(
    Object.keys(p.missingFromA[0]!).sort(),
    ["index", "scenario_hash", "scenario_id", "seed"],
  );
});

Deno.test("pairing: a key pairs only whole, found by its index however it is held", () => {
  // Keys by hand: the manifest's, and each result's episodes as their own
  // objects (equal values, not the same objects), with the cases that a
  // lookup by index must not get wrong.
  const key = (
    index: number,
    seed = index,
    scenario_hash = "a".repeat(64),
  ) => ({
    index,
    scenario_id: `s${index}`,
    scenario_hash,
    seed,
  });
  const manifest = { episodes: [0, 1, 2, 3, 4].map((i) => key(i)) };
  const result = (episodes: ReturnType<typeof key>[]) => ({
    evaluation_manifest: manifest,
    evaluation_manifest_hash: "c".repeat(64),
    episodes,
  });
  const a = result([
    key(0), // equal, another object
    key(1, 99), // its index, another seed: not the manifest's episode 1
    key(2, 2, "b".repeat(64)), // another scenario hash, another seed,
    key(2, 5), // then the right key: three at one index
    key(2),
    key(2 ** 40), // an index the manifest does not have
    key(7), // beyond the manifest
  ]);
  const b = result([manifest.episodes[4]!, key(2), key(0), key(3)]);
  const p = pairResults(a, b);
  assert.deepEqual(p.paired, [0, 2]);
  assert.deepEqual(p.missingFromA.map((k) => k.index), [1, 3, 4]);
  assert.deepEqual(p.missingFromB.map((k) => k.index), [1]);
});

Deno.test("pairing: different manifests raise an evaluation error", async () => {
  const other = await evaluate(testSuite("x"), "greedy", "greedy");
  assert.throws(
    () => pairResults(GREEDY, other),
    (e: unknown) =>
      e instanceof EvaluationError && !(e instanceof StatisticsInputError),
  );
});

Deno.test("verify: result given as JSON text value and as typed object agree", async () => {
  const a = await verifyResult(GREEDY as unknown as JsonValue, SUITE);
  const b = await verifyResult(copy(GREEDY), SUITE);
  assert.equal(a.digest, b.digest);
  const o = GREEDY as unknown as Obj;
  assert.equal(typeof o.model_id, "string");
});
