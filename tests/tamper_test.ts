/**
 * The tamper corpus (tests/tamper_support.ts) against the library and the
 * independent Python verifier: every attack is refused with its documented
 * error kind and a message naming the file, the episode and the field; what
 * is not tampering (whitespace, a relabelled model, a missing episode) is
 * accepted by both with the same digest.
 */

import assert from "node:assert/strict";
import { encode, parseBytes } from "../src/json/canonical.ts";
import { sha256Hex } from "../src/json/sha256.ts";
import {
  CanonicalJsonError,
  EmberError,
  MetricsInputError,
  StatisticsInputError,
} from "../src/errors.ts";
import { REPLAY_FAILURE_PREFIX } from "../src/metrics/checks/replay.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import {
  checkCompatibility,
  checkStructure,
} from "../src/metrics/checks/stages.ts";
import { parseRecord } from "../src/record/reader.ts";
import { parseResult } from "../src/result/reader.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { rootCtx } from "../src/json/fields.ts";
import {
  BASE,
  type Case,
  pythonMetrics,
  pythonVerdicts,
  scenarioOf,
  subsetSuiteValue,
  SUITE,
} from "./tamper_support.ts";
import { corpus } from "./tamper_corpus.ts";
import { inTempDir } from "./cli_support.ts";

const CASES = await corpus();
const FILE = "case.json";

async function libraryVerdict(c: Case): Promise<unknown> {
  try {
    const value = parseBytes(new TextEncoder().encode(c.text), { file: FILE });
    return await verifyResult(value, SUITE, { file: FILE });
  } catch (e) {
    return e;
  }
}

function checkRefusal(c: Case, e: unknown) {
  assert.ok(e instanceof EmberError, `${c.name}: accepted or crashed: ${e}`);
  assert.equal(e.name, c.kind, `${c.name}: ${e.message}`);
  assert.equal(e.path, c.path, `${c.name}: ${e.message}`);
  assert.ok(
    e.message.startsWith(`${FILE}: ${c.path}: `),
    `${c.name}: ${e.message}`,
  );
  for (const m of c.mentions ?? []) {
    assert.ok(e.message.includes(m), `${c.name}: ${e.message} lacks ${m}`);
  }
}

Deno.test("tamper corpus: the base result is genuine", async () => {
  const v = await verifyResult(BASE, SUITE);
  assert.equal(v.result.episodes.length, 6);
  assert.ok(CASES.length >= 80, `${CASES.length} cases`);
  const names = new Set(CASES.map((c) => c.name));
  assert.equal(names.size, CASES.length, "case names are unique");
});

Deno.test("tamper corpus: the library refuses every attack where it must", async () => {
  const failures: string[] = [];
  for (const c of CASES) {
    const got = await libraryVerdict(c);
    try {
      if (c.verdict === "accept") {
        assert.ok(!(got instanceof Error), `${c.name}: ${got}`);
        continue;
      }
      checkRefusal(c, got);
      if (c.kind === "StatisticsInputError") {
        assert.ok(got instanceof StatisticsInputError);
      } else assert.ok(got instanceof CanonicalJsonError);
    } catch (e) {
      failures.push((e as Error).message.split("\n")[0]!);
    }
  }
  assert.deepEqual(failures, []);
});

Deno.test("tamper corpus: each tampered record alone fails episode metrics at its check", async () => {
  let n = 0;
  for (const c of CASES) {
    if (c.record === undefined) continue;
    n++;
    const scenario = scenarioOf(c.record.index);
    const e = await episodeMetrics(scenario, c.record.value, { file: "r.json" })
      .then(() => undefined, (x) => x);
    assert.ok(e instanceof MetricsInputError, `${c.name}: ${e}`);
    if (c.record.stage3) {
      // Consistent forgeries pass stages 1 and 2: only the replay refuses.
      const ctx = rootCtx(MetricsInputError);
      const record = parseRecord(c.record.value, ctx);
      const hash = BASE.episodes[c.record.index]!.scenario_hash;
      checkCompatibility(scenario, hash, c.record.value, ctx);
      checkStructure(scenario, record, ctx);
      assert.ok(e.message.startsWith(REPLAY_FAILURE_PREFIX), e.message);
      assert.ok(e.message.includes("steps["), e.message);
    } else {
      assert.equal(e.path, c.record.path, `${c.name}: ${e.message}`);
      assert.ok(e.message.startsWith(`r.json: ${c.record.path}: `), e.message);
    }
  }
  assert.ok(n >= 50, `${n} record cases`);
});

Deno.test("tamper corpus: accepted documents have the digest of their canonical form", async () => {
  for (const c of CASES.filter((c) => c.verdict === "accept")) {
    const value = parseBytes(new TextEncoder().encode(c.text));
    const v = await verifyResult(value, SUITE);
    assert.equal(
      v.digest,
      sha256Hex(new TextEncoder().encode(encode(value))),
    );
    if (c.name.startsWith("whitespace")) {
      assert.notEqual(c.text, encode(value));
      assert.equal(encode(value), encode(BASE));
    }
  }
});

Deno.test("tamper corpus: forged metrics are what a replay-free implementation computes", async () => {
  // The forgeries carry metrics from scripts/metrics_reference.py; on the
  // genuine records it must agree with the library byte for byte.
  const got = await pythonMetrics(
    BASE.episodes.map((e) => ({
      scenario: scenarioOf(e.index),
      record: e.record,
    })),
  );
  assert.equal(encode(got), encode(BASE.episodes.map((e) => e.metrics)));
  // And a forged result is structurally a valid result.
  for (const c of CASES.filter((c) => c.record?.stage3)) {
    parseResult(parseBytes(new TextEncoder().encode(c.text)));
  }
});

Deno.test("tamper corpus: the independent Python verifier judges every case the same way", async () => {
  await inTempDir(async (dir) => {
    const suiteFile = `${dir}/suite.json`;
    await Deno.writeTextFile(suiteFile, encode(subsetSuiteValue()));
    const files: string[] = [];
    for (const [i, c] of CASES.entries()) {
      files.push(`${dir}/case${i}.json`);
      await Deno.writeTextFile(files[i]!, c.text);
    }
    const verdicts = await pythonVerdicts(suiteFile, files);
    assert.equal(verdicts.length, CASES.length);
    for (const [i, c] of CASES.entries()) {
      const line = verdicts[i]!;
      if (c.verdict === "refuse") {
        assert.ok(
          line.startsWith("refused "),
          `${c.name}: Python says ${line}`,
        );
      } else {
        const value = parseBytes(new TextEncoder().encode(c.text));
        const { digest } = await verifyResult(value, SUITE);
        assert.equal(line, `ok ${digest}`, c.name);
      }
    }
  });
});
