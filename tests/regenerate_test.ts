/**
 * Verification by regeneration (src/verify/regenerate.ts): the record
 * text written from the kernel's trace is proved equal to a genuine
 * record's canonical text, and a changed text is never proved unless it is
 * itself the canonical text of the record regenerated from it. Both
 * kernels of the verifier prove the same valid results and leave the same
 * refusals, with the same diagnostics, to the reference verifier.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { encode, encodeBytes, type JsonValue } from "../src/json/canonical.ts";
import { type CompiledScenario, compileScenario } from "../src/sim/compiled.ts";
import {
  actionLogOfText,
  provedRecordMetrics,
  regeneratedEpisode,
  regeneratedRecord,
} from "../src/verify/regenerate.ts";
import { checkStructure } from "../src/metrics/checks/stages.ts";
import { computeMetrics } from "../src/metrics/episode.ts";
import { rootCtx } from "../src/json/fields.ts";
import { MetricsInputError } from "../src/errors.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf } from "../src/sim/trace.ts";
import { replayTrace } from "../src/replay/session.ts";
import { recordTextOfTrace } from "../src/sim/trace_bytes.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import { verifyResult } from "../src/verify/reference.ts";
import {
  verifyCanonicalBytes,
  verifyEvaluation,
} from "../src/verify/verify.ts";
import { episodeInputs, episodeOf } from "./replay_inputs.ts";
import { copy, evaluate, testSuite } from "./_stats_fixtures.ts";

const KERNELS = ["wasm", "reference"] as const;
const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
const BYTES = encodeBytes(GREEDY);
// deno-lint-ignore no-explicit-any
type Any = any;

/** The compiled scenario the replay needs: the scenario and the header's hash. */
const compiledOf = (scenario: CompiledScenario["scenario"]) =>
  ({ scenario, hash: "0".repeat(64) }) as CompiledScenario;

Deno.test("regeneration proves the simulator's records on random scenarios", async () => {
  await fc.assert(
    fc.asyncProperty(episodeInputs(), async (input) => {
      const { scenario, record } = await episodeOf(input);
      const text = encode(record as unknown as JsonValue);
      const layout = layoutOf(scenario);
      // The log read from the text is the log of the record's actions.
      assert.deepEqual(
        actionLogOfText(text),
        actionLogOf(layout.ids, record.steps.map((s) => s.actions)),
      );
      const rebuilt = regeneratedRecord(
        compiledOf(scenario),
        record.header.seed,
        text,
      );
      assert.equal(encode(rebuilt as unknown as JsonValue), text);
    }),
    { numRuns: 400, seed: 20261302 },
  );
});

Deno.test("a regenerated episode gives the reference stages' metrics on random scenarios", async () => {
  // Valid scenarios (compileScenario reads them strictly): stage 2 passes,
  // so the kernel's stage 2 must pass too and the trace's metrics must be
  // the reference's. Its refusals are tests/trace_checks_test.ts's.
  await fc.assert(
    fc.asyncProperty(episodeInputs(), async (input) => {
      const { scenario, record } = await episodeOf(input);
      // The record's header names the hash the replay writes.
      const c = {
        ...await compileScenario(scenario),
        hash: record.header.scenario_hash,
      };
      const ctx = rootCtx(MetricsInputError);
      checkStructure(scenario, record, ctx);
      const reference = computeMetrics(c, record, ctx);
      const text = encode(record as unknown as JsonValue);
      const proved = regeneratedEpisode(c, record.header.seed, text);
      assert.equal(encode(proved.metrics.metrics), encode(reference.metrics));
      assert.deepEqual(proved.metrics.exact, reference.exact);
      assert.equal(proved.reason, record.final_state.termination_reason);
      // One character more is not the record of its own replay.
      assert.throws(() =>
        regeneratedEpisode(c, record.header.seed, text + " ")
      );
    }),
    { numRuns: 300, seed: 20261304 },
  );
});

Deno.test("regeneration proves a changed text only when it is that text's record", async () => {
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(
      episodeInputs(),
      fc.nat(),
      fc.constantFrom(...'0123456789,:{}[]"acdeilnorstuvwx_ '),
      async (input, where, char) => {
        const { scenario, record } = await episodeOf(input);
        const text = encode(record as unknown as JsonValue);
        const k = where % text.length;
        const changed = text.slice(0, k) + char + text.slice(k + 1);
        let proved;
        try {
          proved = regeneratedRecord(compiledOf(scenario), input.seed, changed);
        } catch {
          refused++;
          return;
        }
        assert.equal(encode(proved as unknown as JsonValue), changed);
      },
    ),
    { numRuns: 400, seed: 20261303 },
  );
  assert.ok(refused > 300, `${refused} refused`);
});

for (const kernel of KERNELS) {
  Deno.test(`verify bytes (--kernel ${kernel}): a valid result is proved with the reference digest`, async () => {
    const fast = await verifyCanonicalBytes(BYTES, SUITE, { kernel });
    assert.ok(fast !== undefined);
    const reference = await verifyResult(GREEDY, SUITE);
    assert.equal(fast.digest, reference.digest);
    assert.deepEqual(
      fast.episodes.map((e) => [e.index, encode(e.metrics)]),
      reference.result.episodes.map((e) => [e.index, encode(e.metrics)]),
    );
  });

  Deno.test(`verify bytes (--kernel ${kernel}): tampering is left to the reference verifier`, async () => {
    const cases: ((r: Any) => void)[] = [
      (r) => (r.episodes[1].record.steps[0].movements[0].outcome = "moved"),
      (r) => (r.episodes[0].record.header.seed = 99),
      (r) => (r.episodes[2].record.steps.pop()),
      (r) => r.episodes[2].record.steps.push(r.episodes[2].record.steps[0]),
      (r) => (r.episodes[0].metrics.safety.evacuated += 1),
      (r) => (r.episodes[0].record.final_state.trapped = ["x"]),
      (r) => (r.episodes[3].record.steps[1].actions = {}),
      (r) => (r.episodes[4].record.initial_state.burning = []),
      // The text that follows a record in a canonical file, inside one: the
      // fast path's guess at the record's end is wrong there.
      (r) => (r.episodes[1].record.zz = { a: {}, scenario_hash: "h" }),
      (r) => {
        for (const e of [r.episodes[0], r.episodes[2]]) {
          e.record.header.x = {
            a: {},
            scenario_hash: e.scenario_hash,
            scenario_id: e.scenario_id,
            seed: e.seed,
          };
        }
      },
    ];
    for (const [i, tamper] of cases.entries()) {
      const r = copy(GREEDY) as Any;
      tamper(r);
      const bytes = encodeBytes(r as JsonValue);
      if (i >= cases.length - 2) {
        // The key that follows a record occurs inside one.
        const text = new TextDecoder().decode(bytes);
        const follows = text.split('},"scenario_hash":"').length - 1;
        assert.ok(follows > r.episodes.length, `case ${i}`);
      }
      assert.equal(
        await verifyCanonicalBytes(bytes, SUITE, { kernel }),
        undefined,
        `case ${i}`,
      );
      let got: Error | undefined;
      try {
        await verifyEvaluation(bytes, SUITE, { file: "r.json", kernel });
      } catch (e) {
        got = e as Error;
      }
      let want: Error | undefined;
      try {
        await verifyResult(r, SUITE, { file: "r.json" });
      } catch (e) {
        want = e as Error;
      }
      assert.ok(want !== undefined, `case ${i}`);
      assert.equal(got?.name, want.name, `case ${i}`);
      assert.equal(got?.message, want.message, `case ${i}`);
    }
  });
}

Deno.test("verify: an unknown kernel name is a caller's error", async () => {
  await assert.rejects(
    verifyEvaluation(BYTES, SUITE, { kernel: "fast" as never }),
    { name: "RangeError" },
  );
});

Deno.test("a resumed result's records are proved by regeneration, with the reference metrics", async () => {
  const byId = new Map(
    SUITE.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
  );
  for (const episode of GREEDY.episodes) {
    const c = await compileScenario(byId.get(episode.scenario_id)!);
    const proved = provedRecordMetrics(c, episode.record);
    assert.ok(proved !== undefined);
    assert.equal(encode(proved), encode(episode.metrics));
    const forged = copy(episode.record) as Any;
    forged.steps[0].actions = {};
    assert.equal(provedRecordMetrics(c, forged), undefined);
  }
});

Deno.test("the record writer escapes an ID that is not ASCII as the canonical writer does", () => {
  const s = {
    scenario_id: "t",
    grid: ["X.."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [{ person_id: "p\u00e9", position: [0, 2] }],
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: 5 },
  } as unknown as CompiledScenario["scenario"];
  const layout = layoutOf(s);
  const log = actionLogOf(layout.ids, [{ "p\u00e9": "west" }, {
    "p\u00e9": "west",
  }]);
  const trace = replayTrace(layout, 0, log);
  const header = {
    observation_version: "1.0",
    scenario_hash: "0".repeat(64),
    scenario_id: "t",
    schema_version: "1.0",
    seed: 0,
    simulator_version: "1.0",
  };
  const text = recordTextOfTrace(layout, header, log, trace);
  assert.ok(text.includes('"person_id":"p\\u00e9"'));
  assert.equal(
    text,
    encode(recordOfTrace(layout, header, log, trace) as unknown as JsonValue),
  );
});
