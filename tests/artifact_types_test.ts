/**
 * The statistics artifact is typed once (src/statistics/artifact_types.ts):
 * the writers build values of those types and the report's reading returns
 * them, with no type assertion anywhere in either (the scan of
 * tests/assertion_scan.ts, itself checked here on hand-written cases and on
 * a real file with an assertion planted in it). The reader's value is the
 * whole file: encoded again, it gives the fixture's bytes.
 */

import assert from "node:assert/strict";
import { encode, type JsonObject, parseBytes } from "../src/json/canonical.ts";
import { readArtifact } from "../src/report/artifact.ts";
import type { StatisticsArtifact } from "../src/statistics/artifact_types.ts";
import { Rational } from "../src/exact.ts";
import { Summarizer } from "../src/statistics/artifact.ts";
import type { SeedInput } from "../src/statistics/seed.ts";
import { type Finding, typeAssertions } from "./assertion_scan.ts";

const ROOT = new URL("../", import.meta.url);

/**
 * The writers (every file of src/statistics/, which builds or describes
 * the artifact) and the reading of it: the strict reader, what the
 * renderers derive from its types, the renderers, the loader of `summary`
 * and `report`, and the demo, which writes and reads artifacts.
 */
async function artifactFiles(): Promise<string[]> {
  const statistics = [];
  for await (const e of Deno.readDir(new URL("src/statistics/", ROOT))) {
    if (e.isFile && e.name.endsWith(".ts")) {
      statistics.push(`src/statistics/${e.name}`);
    }
  }
  return [
    ...statistics.sort(),
    "src/report/artifact.ts",
    "src/report/artifact_values.ts",
    "src/report/summary_text.ts",
    "src/report/html_report.ts",
    "src/cli/artifacts.ts",
    "src/cli/demo.ts",
  ];
}

function kinds(source: string): [number, Finding["kind"]][] {
  return typeAssertions(source).map((f) => [f.line, f.kind]);
}

Deno.test("artifact types: no type assertion in the statistics writers or the report's artifact reading", async () => {
  const files = await artifactFiles();
  // The writers and the reader are all there (a rename would empty the scan).
  for (
    const f of [
      "src/statistics/aggregate.ts",
      "src/statistics/paired.ts",
      "src/statistics/artifact.ts",
      "src/statistics/artifact_types.ts",
      "src/statistics/descriptive.ts",
    ]
  ) {
    assert.ok(files.includes(f), f);
  }
  const found: string[] = [];
  for (const file of files) {
    const source = await Deno.readTextFile(new URL(file, ROOT));
    for (const f of typeAssertions(source)) {
      found.push(`${file}:${f.line}: ${f.kind}: ${f.text}`);
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("assertion scan: a cast planted in a writer is found, on its line", async () => {
  const source = await Deno.readTextFile(
    new URL("src/statistics/aggregate.ts", ROOT),
  );
  assert.deepEqual(kinds(source), []);
  const lines = source.split("\n");
  const at = lines.findIndex((l) => l.startsWith("  return {"));
  assert.ok(at > 0);
  const planted = [
    ...lines.slice(0, at),
    "  const planted = built as unknown as never;",
    ...lines.slice(at),
  ].join("\n");
  assert.deepEqual(kinds(planted), [[at + 1, "as"], [at + 1, "as"]]);
  // The same words in a string or a comment are not code.
  const quoted = [
    ...lines.slice(0, at),
    '  const text = "built as unknown as never"; // x as T',
    ...lines.slice(at),
  ].join("\n");
  assert.deepEqual(kinds(quoted), []);
});

Deno.test("assertion scan: each form of assertion, and what only looks like one", () => {
  // Found: as (const, never, chained), <T> casts, predicates, any, directives.
  assert.deepEqual(kinds("const a = b as T;"), [[1, "as"]]);
  assert.deepEqual(kinds("const a = [1] as const;"), [[1, "as"]]);
  assert.deepEqual(kinds("f((x) as never);"), [[1, "as"]]);
  assert.deepEqual(kinds("g(o.k as unknown as T);"), [[1, "as"], [1, "as"]]);
  assert.deepEqual(kinds('const s = "x" as S;'), [[1, "as"]]);
  assert.deepEqual(kinds("const a = <T>b;"), [[1, "angle cast"]]);
  assert.deepEqual(kinds("return <T>(b);"), [[1, "angle cast"]]);
  assert.deepEqual(kinds("h((v): v is T => true);"), [[1, "type predicate"]]);
  assert.deepEqual(kinds("function p(x: unknown): asserts x {}"), [[
    1,
    "type predicate",
  ]]);
  assert.deepEqual(kinds("let q: any = 1;"), [[1, "any"]]);
  assert.deepEqual(kinds("// @ts-ignore\nx;"), [[1, "ts directive"]]);
  assert.deepEqual(kinds("/* @ts-expect-error */ x;"), [[1, "ts directive"]]);
  // A template's ${…} is code, at any depth; its text is not.
  assert.deepEqual(kinds("const t = `${x as T}`;"), [[1, "as"]]);
  assert.deepEqual(kinds("const t = `a ${`b ${y as T}`} c`;"), [[1, "as"]]);
  assert.deepEqual(kinds("const t = `x as T ${z} y as T`;"), []);
  assert.deepEqual(kinds("const t = `\n\n${w as T}`;"), [[3, "as"]]);
  // Not assertions: comments, strings, regexes, renames, generics, keys.
  assert.deepEqual(kinds("// a as T\n/* b as T\n <T>c */"), []);
  assert.deepEqual(kinds("const s = 'a as T' + \"b as T\";"), []);
  assert.deepEqual(kinds("const r = / as T /.test(s);"), []);
  assert.deepEqual(kinds("const r = s.replace(/[/] as /g, '');"), []);
  assert.deepEqual(kinds("const d = a / b as T;"), [[1, "as"]]);
  assert.deepEqual(kinds('import { a as b } from "x";'), []);
  assert.deepEqual(kinds('import type { A as B } from "x";'), []);
  assert.deepEqual(kinds('import D, { a as b } from "x";'), []);
  assert.deepEqual(kinds('import * as m from "x";'), []);
  assert.deepEqual(kinds("export { a as b };"), []);
  assert.deepEqual(kinds("const f = <T>(x: T): T => x;"), []);
  assert.deepEqual(kinds("const g = <T,>(x: T) => x;"), []);
  assert.deepEqual(kinds("type F = <T>(x: T) => T;"), []);
  assert.deepEqual(kinds("const m = new Map<string, number>();"), []);
  assert.deepEqual(kinds("if (a < b && c > d) f<T>(x);"), []);
  assert.deepEqual(kinds("const o = { as: 1 }; o.as; o.any;"), []);
  assert.deepEqual(kinds("const v: T = w satisfies T;"), []);
  assert.deepEqual(kinds("const n = x!.y;"), []);
  // Operators that hold a `<` or end in a postfix are not casts.
  assert.deepEqual(kinds("const k = 1 << 20; if (n++ < 1 || m! < 2) f();"), []);
  assert.deepEqual(kinds("const from = 1; const r = (from / 2) | 0;"), []);
  assert.deepEqual(kinds("/** Never `@ts-ignore` here. */ x;"), []);
});

Deno.test("reader: the value read is the whole artifact, and of the writers' types", async () => {
  const dir = new URL("tests/fixtures/statistics/", ROOT);
  let read = 0;
  for await (const e of Deno.readDir(dir)) {
    if (!/^expected_(aggregate|paired)_/.test(e.name)) continue;
    const bytes = await Deno.readFile(new URL(e.name, dir));
    const { artifact, file, digest } = await readArtifact(
      parseBytes(bytes),
      e.name,
    );
    // Assignable to what the encoder takes, with no conversion.
    const json: JsonObject = artifact;
    assert.equal(encode(json), new TextDecoder().decode(bytes), e.name);
    assert.equal(file, e.name);
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    assert.equal(
      digest,
      [...hash].map((b) => b.toString(16).padStart(2, "0")).join(""),
    );
    const kind: StatisticsArtifact["artifact"] = e.name.includes("paired")
      ? "paired"
      : "aggregate";
    assert.equal(artifact.artifact, kind);
    read++;
  }
  assert.equal(read, 14);
});

/** The seed input of the summarizer tests' intervals. */
const SEED: Omit<SeedInput, "resamples"> = {
  purpose: "aggregate_mean",
  evaluationManifestHash: "0".repeat(64),
  resultDigests: ["1".repeat(64)],
  group: ["overall", "overall"],
  metric: "evacuated_rate",
};

Deno.test("summarizer: an interval is handed out whole, and only after finish()", async () => {
  const s = new Summarizer(100, [{ n: 5, equal: true }], undefined, {
    kernel: "reference",
    workers: 1,
  });
  const five = await s.summarize(
    [1, 1, 1, 1, 1].map((v) => Rational.of(v)),
    SEED,
  );
  const four = await s.summarize([1, 2, 3, 4].map((v) => Rational.of(v)), SEED);
  assert.equal(s.interval(four), null);
  assert.throws(() => s.interval(five), RangeError);
  await s.finish();
  const ci = s.interval(five);
  assert.ok(ci !== null);
  // Every resample of five equal values has their mean, 1.
  assert.equal(
    encode({ ...ci, seed: "" }),
    '{"level":0.95,"lower":1.0,"method":"percentile_bootstrap",' +
      '"resamples":100,"seed":"","statistic":"mean","upper":1.0}',
  );
  assert.match(ci.seed, /^[0-9a-f]{64}$/);
  assert.equal(five.statistics.n, 5);
});

Deno.test("summarizer: numerators in a BigInt64Array are handed to the worker (detached here), with the statistics and interval of the same BigInts in an array", async () => {
  const nums = Array.from({ length: 40 }, (_, i) => BigInt((i * 13) % 11) - 5n);
  const size = { n: nums.length, equal: false };
  const run = async (values: readonly bigint[] | BigInt64Array) => {
    // One worker computes here; two hand the job over.
    const s = new Summarizer(200, [size], undefined, {
      kernel: "wasm",
      workers: 2,
    });
    try {
      const summary = await s.summarize({ nums: values, den: 3n }, SEED);
      await s.finish();
      return encode({ ...summary.statistics, ci: s.interval(summary) });
    } finally {
      s.close();
    }
  };
  const typed = BigInt64Array.from(nums);
  const listed = [...nums];
  assert.equal(await run(typed), await run(listed));
  assert.equal(typed.buffer.byteLength, 0);
  assert.deepEqual(listed, nums);
});
