/**
 * The one-pass verifier on bytes (src/verify/verify.ts): it proves valid results
 * valid with the digest of the reference verifier, and leaves every
 * refusal, with its exact diagnostics, to the reference verifier.
 */

import assert from "node:assert/strict";
import {
  encode,
  encodeBytes,
  type JsonValue,
  parseBytes,
} from "../src/json/canonical.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { scenarioHash } from "../src/scenario/scenario.ts";
import { VerifiedEpisode, VerifiedEvaluation } from "../src/verify/verified.ts";
import {
  verifyCanonicalBytes,
  verifyEvaluation,
} from "../src/verify/verify.ts";
import { copy, evaluate, testSuite } from "./_stats_fixtures.ts";

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const BYTES = encodeBytes(GREEDY);
// deno-lint-ignore no-explicit-any
type Any = any;

async function refusal(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a refusal");
}

Deno.test("verify bytes: a canonical valid result is proved on the fast path", async () => {
  const fast = await verifyCanonicalBytes(BYTES, SUITE);
  assert.ok(fast instanceof VerifiedEvaluation);
  const reference = await verifyResult(GREEDY, SUITE);
  assert.equal(fast.digest, reference.digest);
  assert.equal(fast.model_id, "greedy");
  assert.deepEqual(
    fast.episodes.map((e) => [e.index, encode(e.metrics)]),
    reference.result.episodes.map((e) => [e.index, encode(e.metrics)]),
  );
  assert.deepEqual(
    fast.episodes.map((e) => e.termination_reason),
    reference.result.episodes.map((e) =>
      e.record.final_state.termination_reason
    ),
  );
});

Deno.test("verify bytes: a valid but non-canonical file takes the reference path", async () => {
  // Whitespace keeps the value (and its float lexemes such as 0.0).
  const pretty = new TextEncoder().encode(
    " " +
      new TextDecoder().decode(BYTES).replace('{"episodes":', '{ "episodes" :'),
  );
  assert.equal(await verifyCanonicalBytes(pretty, SUITE), undefined);
  const v = await verifyEvaluation(pretty, SUITE);
  assert.equal(v.digest, (await verifyResult(GREEDY, SUITE)).digest);
});

Deno.test("verify bytes: every tampering is refused exactly as the reference refuses it", async () => {
  const cases: ((r: Any) => void)[] = [
    (
      r,
    ) => (r.episodes[1].record.steps[0].movements[0].outcome = "blocked_wall"),
    (r) => (r.episodes[0].record.header.seed = 99),
    (r) => (r.episodes[2].record.steps.pop()),
    (r) => (r.episodes[0].metrics.safety.evacuated += 1),
    (r) => (r.episodes[0].record.final_state.step += 1),
    (r) => (r.episodes[3].record.steps[1].actions = {}),
    (r) => (r.model_id = "bad id!"),
    (r) => (r.episodes[0].index = 5),
    (r) => r.episodes.reverse(),
    (r) => (r.evaluation_manifest_hash = "0".repeat(64)),
  ];
  for (const [i, tamper] of cases.entries()) {
    const r = copy(GREEDY) as Any;
    tamper(r);
    const bytes = encodeBytes(r as JsonValue);
    assert.equal(
      await verifyCanonicalBytes(bytes, SUITE),
      undefined,
      `case ${i}`,
    );
    const got = await refusal(
      verifyEvaluation(bytes, SUITE, { file: "r.json" }),
    );
    const want = await refusal(verifyResult(r, SUITE, { file: "r.json" }));
    assert.equal(got.name, want.name, `case ${i}`);
    assert.equal(got.message, want.message, `case ${i}`);
  }
  // Not JSON at all: the strict reader's error, with the source name.
  const bad = new TextEncoder().encode('{"a":1,"a":2}');
  const got = await refusal(
    verifyEvaluation(bad, SUITE, { file: "-", source: "<stdin>" }),
  );
  assert.throws(() => parseBytes(bad, { file: "<stdin>" }), {
    name: "CanonicalJsonError",
    message: got.message,
  });
  assert.ok(got.message.startsWith("<stdin>: a: duplicate key"));
});

Deno.test("verify bytes: a record whose text differs only in key order is not proved", async () => {
  // The same value with the header's keys reversed: valid JSON, same
  // metrics, but not canonical, so the digest would differ.
  const text = new TextDecoder().decode(BYTES);
  const header = encode(
    GREEDY.episodes[0]!.record.header as unknown as JsonValue,
  );
  const reversed = JSON.stringify(
    Object.fromEntries(Object.entries(JSON.parse(header)).reverse()),
  );
  const swapped = text.replace(header, reversed);
  assert.notEqual(swapped, text);
  const bytes = new TextEncoder().encode(swapped);
  assert.equal(await verifyCanonicalBytes(bytes, SUITE), undefined);
  const v = await verifyEvaluation(bytes, SUITE);
  assert.equal(v.digest, (await verifyResult(GREEDY, SUITE)).digest);
});

Deno.test("verified values come from the verifier only", () => {
  assert.throws(
    () => new (VerifiedEvaluation as Any)(Symbol("verified"), {}),
    TypeError,
  );
  assert.throws(
    () => new (VerifiedEpisode as Any)(undefined, {}, {}, "max_steps", 0),
    TypeError,
  );
});

Deno.test("simulator records: JSON.stringify writes their canonical JSON", async () => {
  const suite = publicSuite();
  for (const { scenario, seeds } of suite.scenarios) {
    const hash = await scenarioHash(scenario);
    for (const policy of ["greedy", "random"]) {
      const record = await simulateEpisode(
        scenario,
        seeds[0]!,
        builtinPolicy(policy)(seeds[0]!),
        { scenarioHash: hash },
      );
      assert.equal(JSON.stringify(record), encode(record));
    }
  }
});

Deno.test("result encoder: simulator records written by JSON.stringify give the canonical bytes", async () => {
  const { ResultEncoder } = await import("../src/cli/checkpoint.ts");
  const { runEvaluation } = await import("../src/evaluation/runner.ts");
  const result = await runEvaluation(SUITE, "random", { modelId: "random" });
  assert.deepEqual(new ResultEncoder().encode(result), encodeBytes(result));
  // A changed copy is not the simulator's: the generic writer takes it.
  const changed = copy(result) as Any;
  changed.episodes[0].record.header.seed = 1.5;
  assert.throws(() => new ResultEncoder().encode(changed));
});

Deno.test("verify bytes: low reader limits leave the decision to the reference path", async () => {
  // Depth 9 is reached only inside records (a snapshot person's position):
  // the strict reader refuses there, so the result must be refused.
  const limits = { maxDepth: 9 };
  assert.equal(await verifyCanonicalBytes(BYTES, SUITE, { limits }), undefined);
  const got = await refusal(verifyEvaluation(BYTES, SUITE, { limits }));
  assert.throws(() => parseBytes(BYTES, { limits }), { message: got.message });
  assert.match(got.message, /^episodes\[0\]\.record\./);
});

Deno.test("verify bytes: release detaches the bytes once read, and only then", async () => {
  const kept = BYTES.slice();
  await verifyEvaluation(kept, SUITE);
  assert.equal(kept.length, BYTES.length);
  const given = BYTES.slice();
  const v = await verifyEvaluation(given, SUITE, { release: true });
  assert.equal(given.length, 0);
  assert.equal(v.digest, (await verifyResult(GREEDY, SUITE)).digest);
  // Bytes that are not UTF-8 are read by the strict reader from the bytes:
  // they are refused as before, released or not.
  const bad = Uint8Array.of(0x7b, 0xff, 0x7d);
  await assert.rejects(
    verifyEvaluation(bad, SUITE, { release: true }),
    { name: "CanonicalJsonError" },
  );
});

Deno.test("verify bytes: a pretty-printed or reordered valid file is proved with the canonical digest", async () => {
  const text = new TextDecoder().decode(BYTES);
  // Whitespace after every separator outside strings (strings hold none of
  // these characters here), and one record's header keys reversed.
  const spaced = text.replaceAll(",", ", ").replaceAll(":", ": ");
  const header = encode(
    GREEDY.episodes[0]!.record.header as unknown as JsonValue,
  );
  const reversed = JSON.stringify(
    Object.fromEntries(Object.entries(JSON.parse(header)).reverse()),
  );
  const want = (await verifyResult(GREEDY, SUITE)).digest;
  for (const variant of [spaced, text.replace(header, reversed)]) {
    const bytes = new TextEncoder().encode(variant);
    assert.equal(await verifyCanonicalBytes(bytes, SUITE), undefined);
    const v = await verifyEvaluation(bytes, SUITE);
    assert.equal(v.digest, want);
    assert.deepEqual(
      v.episodes.map((e) => encode(e.metrics)),
      GREEDY.episodes.map((e) => encode(e.metrics)),
    );
  }
});
