/**
 * Cross-check of the statistics artifacts against an independent Python
 * implementation written from statistics.md and contract §12 alone
 * (`scripts/statistics_reference.py`). Its inputs come from
 * `scripts/gen_statistics_inputs.ts`; `expected_manifest.json` names, for each
 * expected artifact, its suite, its result files, R and the SHA-256 of the
 * expected bytes. Every artifact must be byte-identical.
 */

import assert from "node:assert/strict";
import {
  compareCodePoints,
  encode,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import { sha256Hex } from "../src/json/sha256.ts";
import { EvaluationError, StatisticsInputError } from "../src/errors.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { pairedStatistics } from "../src/statistics/paired.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import type { Suite } from "../src/types.ts";

const DIR = new URL("./fixtures/statistics/", import.meta.url);

function readText(name: string): string {
  return Deno.readTextFileSync(new URL(name, DIR));
}

const values = new Map<string, JsonValue>();
function readJson(name: string): JsonValue {
  let v = values.get(name);
  if (v === undefined) {
    v = parse(readText(name), { file: name });
    values.set(name, v);
  }
  return v;
}

function readSuite(name: string): Suite {
  return parseSuite(readJson(name), { file: name });
}

function isObject(v: JsonValue): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    !(v instanceof JsonFloat);
}

/**
 * The first field path where two JSON values differ (keys in canonical
 * order), with both encodings, or `undefined` when they are equal.
 */
function firstDifference(
  expected: JsonValue,
  actual: JsonValue,
  path = "$",
): string | undefined {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(expected[i]!, actual[i]!, `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return expected.length === actual.length
      ? undefined
      : `${path}: expected length ${expected.length}, actual ${actual.length}`;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [
      ...new Set([...Object.keys(expected), ...Object.keys(actual)]),
    ]
      .sort(compareCodePoints);
    for (const k of keys) {
      if (!(k in expected)) return `${path}.${k}: unexpected field in actual`;
      if (!(k in actual)) return `${path}.${k}: missing in actual`;
      const d = firstDifference(expected[k]!, actual[k]!, `${path}.${k}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const e = encode(expected);
  const a = encode(actual);
  return e === a ? undefined : `${path}: expected ${e}, actual ${a}`;
}

Deno.test("firstDifference names the first differing field", () => {
  const a = parse('{"a":[1,{"b":0.5,"c":null}],"z":1}');
  const b = parse('{"a":[1,{"b":0.25,"c":null}],"z":2}');
  assert.equal(firstDifference(a, b), "$.a[1].b: expected 0.5, actual 0.25");
  assert.equal(
    firstDifference(parse("[1.0]"), parse("[1]")),
    "$[0]: expected 1.0, actual 1",
  );
  assert.equal(firstDifference(a, a), undefined);
});

type Entry = {
  artifact: string;
  file: string;
  suite: string;
  results: string[];
  resamples: number;
  sha256: string;
};

const manifest = readJson("expected_manifest.json") as unknown as {
  artifacts: Entry[];
  refused_pairs: { suite: string; results: [string, string] }[];
};

Deno.test("the cross-check covers aggregate, paired and refused cases", () => {
  const kinds = manifest.artifacts.map((e) => e.artifact);
  assert.ok(kinds.includes("aggregate") && kinds.includes("paired"));
  assert.ok(manifest.artifacts.some((e) => e.resamples !== 100));
  assert.ok(manifest.refused_pairs.length >= 1);
});

for (const entry of manifest.artifacts) {
  Deno.test(`statistics reference: ${entry.file}`, async () => {
    const expectedText = readText(entry.file);
    assert.equal(
      sha256Hex(new TextEncoder().encode(expectedText)),
      entry.sha256,
      `${entry.file} does not match the SHA-256 in expected_manifest.json`,
    );
    const suite = readSuite(entry.suite);
    const inputs = entry.results.map(readJson);
    const actual = entry.artifact === "aggregate"
      ? await aggregateStatistics(inputs[0]!, suite, {
        resamples: entry.resamples,
      })
      : await pairedStatistics(inputs[0]!, inputs[1]!, suite, {
        resamples: entry.resamples,
      });
    const actualText = encode(actual);
    if (actualText !== expectedText) {
      assert.fail(
        `${entry.file}: ${
          firstDifference(parse(expectedText), actual) ??
            "same value, other bytes"
        }`,
      );
    }
  });
}

for (const { suite, results: [a, b] } of manifest.refused_pairs) {
  Deno.test(`paired statistics refuse different manifests: ${a} vs ${b}`, async () => {
    // The pairing refuses before any replay, so the error is the plain
    // evaluation error, not the statistics input error of a manifest check;
    // in either order.
    for (const [x, y] of [[a, b], [b, a]] as const) {
      await assert.rejects(
        pairedStatistics(readJson(x), readJson(y), readSuite(suite), {
          resamples: 100,
        }),
        (e: unknown) =>
          e instanceof EvaluationError && !(e instanceof StatisticsInputError),
      );
    }
  });
}
