// Tests of src/errors.ts: the error kinds of contract §13, their names,
// hierarchy and message format `file: path: detail`.

import assert from "node:assert/strict";
import {
  CanonicalJsonError,
  EmberError,
  type ErrorKind,
  EvaluationError,
  MetricsInputError,
  PolicyError,
  ReplayMismatchError,
  ScenarioError,
  StatisticsInputError,
  SuiteError,
} from "../src/errors.ts";

const KINDS: [ErrorKind, string][] = [
  [EmberError, "EmberError"],
  [CanonicalJsonError, "CanonicalJsonError"],
  [ScenarioError, "ScenarioError"],
  [SuiteError, "SuiteError"],
  [ReplayMismatchError, "ReplayMismatchError"],
  [MetricsInputError, "MetricsInputError"],
  [EvaluationError, "EvaluationError"],
  [StatisticsInputError, "StatisticsInputError"],
  [PolicyError, "PolicyError"],
];

Deno.test("every kind has a stable name and is an EmberError", () => {
  for (const [Kind, name] of KINDS) {
    const e = new Kind("bad value", { path: "a.b", file: "f.json" });
    assert.equal(e.name, name);
    assert.ok(e instanceof EmberError, name);
    assert.ok(e instanceof Error, name);
    assert.equal(String(e), `${name}: f.json: a.b: bad value`);
    assert.ok(e.stack?.startsWith(`${name}: f.json: a.b: bad value`), name);
  }
  assert.equal(new Set(KINDS.map(([, n]) => n)).size, KINDS.length);
});

Deno.test("StatisticsInputError is an EvaluationError, not the other way", () => {
  assert.ok(new StatisticsInputError("x") instanceof EvaluationError);
  assert.ok(!(new EvaluationError("x") instanceof StatisticsInputError));
  assert.ok(!(new CanonicalJsonError("x") instanceof ScenarioError));
  assert.ok(!(new ScenarioError("x") instanceof SuiteError));
  assert.throws(() => {
    throw new StatisticsInputError("n < 1");
  }, EvaluationError);
});

Deno.test("message is file: path: detail, leaving out what is unknown", () => {
  const cases: [ConstructorParameters<ErrorKind>[1], string][] = [
    [{ file: "s.json", path: "grid.rows" }, "s.json: grid.rows: too big"],
    [{ path: "grid.rows" }, "grid.rows: too big"],
    [{ file: "s.json" }, "s.json: too big"],
    [{}, "too big"],
    [undefined, "too big"],
    [{ path: "" }, "too big"],
  ];
  for (const [options, message] of cases) {
    const e = new ScenarioError("too big", options);
    assert.equal(e.message, message);
    assert.equal(e.detail, "too big");
  }
  const e = new SuiteError("too big", { path: "p[2].q" });
  assert.equal(e.path, "p[2].q");
  assert.equal(e.file, undefined);
  assert.equal(new SuiteError("x").path, "");
});

Deno.test("inFile attaches the file once and rewrites the message", () => {
  const e = new MetricsInputError("missing", { path: "steps[3]" });
  const same = e.inFile("run.json");
  assert.equal(same, e);
  assert.equal(e.file, "run.json");
  assert.equal(e.message, "run.json: steps[3]: missing");
  e.inFile("other.json");
  assert.equal(e.file, "run.json");
  assert.equal(e.message, "run.json: steps[3]: missing");

  const known = new ReplayMismatchError("differs", { file: "a.json" });
  known.inFile("b.json");
  assert.equal(known.message, "a.json: differs");

  const bare = new EvaluationError("no pairs").inFile("m.json");
  assert.equal(bare.message, "m.json: no pairs");
  assert.equal(bare.path, "");
});

Deno.test("cause is kept when given and absent otherwise", () => {
  const cause = new TypeError("inner");
  const e = new CanonicalJsonError("outer", { cause, path: "x" });
  assert.equal(e.cause, cause);
  assert.equal(e.message, "x: outer");
  assert.ok(!("cause" in new CanonicalJsonError("outer")));
  const kept = new PolicyError("threw", { cause: "a string cause" });
  assert.equal(kept.cause, "a string cause");
});

Deno.test("an ErrorKind builds the kind it names", () => {
  const raise = (kind: ErrorKind): never => {
    throw new kind("detail", { path: "k" });
  };
  for (const [Kind, name] of KINDS) {
    assert.throws(() => raise(Kind), (e: unknown) => {
      assert.ok(e instanceof Kind);
      assert.equal((e as Error).name, name);
      assert.equal((e as Error).message, "k: detail");
      return true;
    });
  }
});
