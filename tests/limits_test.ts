/**
 * Implementation limits (src/limits.ts): each is enforced where the reading
 * happens, refused with a message naming the limit and how to raise it, and
 * each override works both ways (lower to refuse, raise to accept).
 */

import assert from "node:assert/strict";
import { encode, parse, parseBytes } from "../src/json/canonical.ts";
import {
  CanonicalJsonError,
  EvaluationError,
  SuiteError,
} from "../src/errors.ts";
import {
  DEFAULT_LIMITS,
  limitsWith,
  parseLimitsSpec,
  setLimits,
} from "../src/limits.ts";
import { parseManifest, parseResult } from "../src/result/reader.ts";
import { buildManifest, parseSuite } from "../src/scenario/suite.ts";
import { subsetSuiteValue } from "./tamper_support.ts";
import { cli, exists, inTempDir, put } from "./cli_support.ts";
import { copy, evaluate, testSuite } from "./_stats_fixtures.ts";

const SUITE = testSuite();
const MANIFEST = await buildManifest(SUITE);

function refusedWith(
  f: () => unknown,
  kind: abstract new (...args: never[]) => Error,
  what: RegExp,
) {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof kind, String(e));
    assert.match((e as Error).message, what);
    assert.match((e as Error).message, /implementation limit/);
    return true;
  });
}

Deno.test("limits: defaults as documented in docs/decisions.md", () => {
  assert.deepEqual(DEFAULT_LIMITS, {
    maxFileBytes: 67_108_864,
    maxEpisodes: 100_000,
    maxDepth: 512,
    maxStringLength: 1_048_576,
  });
  assert.deepEqual(limitsWith(), DEFAULT_LIMITS);
});

Deno.test("limits: input size, per call, on text and on bytes", () => {
  const text = '{"a":[1,2,3]}'; // 13 code units, 13 bytes
  assert.equal(encode(parse(text, { limits: { maxFileBytes: 13 } })), text);
  refusedWith(
    () => parse(text, { file: "x.json", limits: { maxFileBytes: 12 } }),
    CanonicalJsonError,
    /^x\.json: input of 13 code units: over .* 12 bytes .*file-bytes=N/,
  );
  const bytes = new TextEncoder().encode('["é"]'); // 6 bytes
  refusedWith(
    () => parseBytes(bytes, { limits: { maxFileBytes: 5 } }),
    CanonicalJsonError,
    /^input of 6 bytes/,
  );
  assert.equal(
    encode(parseBytes(bytes, { limits: { maxFileBytes: 6 } })),
    '["\\u00e9"]',
  );
});

Deno.test("limits: nesting depth, lowered and raised", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  assert.equal(encode(parse(deep(3), { limits: { maxDepth: 3 } })), deep(3));
  refusedWith(
    () => parse(deep(4), { limits: { maxDepth: 3 } }),
    CanonicalJsonError,
    /^\[0\]\[0\]\[0\]: nesting too deep: over .* 3 levels/,
  );
  refusedWith(() => parse(deep(513)), CanonicalJsonError, /512 levels/);
  // Reading deeper needs the raised limit; encode follows the process-wide one.
  assert.ok(Array.isArray(parse(deep(600), { limits: { maxDepth: 600 } })));
  const previous = setLimits({ maxDepth: 600 });
  try {
    assert.equal(encode(parse(deep(600))), deep(600));
  } finally {
    setLimits(previous);
  }
  assert.throws(() => encode(parse(deep(600), { limits: { maxDepth: 600 } })));
});

Deno.test("limits: string length counts code units after unescaping", () => {
  // "\u00e9\u00e9" is 12 characters of text but 2 code units.
  const escaped = '["\\u00e9\\u00e9", "abc"]';
  assert.ok(parse(escaped, { limits: { maxStringLength: 3 } }));
  refusedWith(
    () => parse('{"k": "abcd"}', { limits: { maxStringLength: 3 } }),
    CanonicalJsonError,
    /^k: string too long: over .* 3 code units .*string-length=N/,
  );
  // A key is a string too; an escape-heavy string is refused on the way.
  refusedWith(
    () => parse('{"abcd": 1}', { limits: { maxStringLength: 3 } }),
    CanonicalJsonError,
    /string too long/,
  );
  refusedWith(
    () => parse('["\\n\\n\\n\\n"]', { limits: { maxStringLength: 3 } }),
    CanonicalJsonError,
    /^\[0\]: string too long/,
  );
});

Deno.test("limits: episodes in a manifest and a result", async () => {
  const n = MANIFEST.episodes.length; // 20
  assert.equal(n, 20);
  assert.equal(
    parseManifest(copy(MANIFEST), undefined, { limits: { maxEpisodes: 20 } })
      .episodes.length,
    20,
  );
  refusedWith(
    () =>
      parseManifest(copy(MANIFEST), undefined, { limits: { maxEpisodes: 19 } }),
    EvaluationError,
    /^episodes: 20 episodes: over the implementation limit of 19 episodes/,
  );
  const result = copy(await evaluate(SUITE, "stay", "stay"));
  refusedWith(
    () => parseResult(result, { file: "r.json", limits: { maxEpisodes: 5 } }),
    EvaluationError,
    /^r\.json: evaluation_manifest\.episodes: 20 episodes/,
  );
  // The process-wide setting reaches callers that pass no options.
  const previous = setLimits({ maxEpisodes: 10 });
  try {
    assert.throws(() => parseResult(result), /20 episodes: over/);
  } finally {
    setLimits(previous);
  }
  assert.equal(parseResult(result).episodes.length, 20);
});

Deno.test("limits: overrides are checked", () => {
  assert.deepEqual(parseLimitsSpec("file-bytes=100,string-length=7"), {
    maxFileBytes: 100,
    maxStringLength: 7,
  });
  for (
    const bad of [
      "",
      "depth",
      "depth=",
      "depth=-1",
      "depth=0",
      "x=1",
      "depth=1,depth=2",
    ]
  ) {
    assert.throws(() => parseLimitsSpec(bad), RangeError, bad);
  }
  assert.throws(() => limitsWith({ maxDepth: 0 }), RangeError);
  assert.throws(() => setLimits({ maxDepth: 1.5 }), RangeError);
  assert.deepEqual(limitsWith(), DEFAULT_LIMITS);
});

Deno.test("limits: the CLI refuses a large file from its size, --limits overrides", async () => {
  await inTempDir(async (dir) => {
    const text = '{"a": [1, 2.0], "b": "xyz"}'; // 27 bytes
    await put(dir, "x.json", text);
    const flags = ["--allow-read=x.json"];
    const small = await cli(dir, flags, [
      "digest",
      "--limits",
      "file-bytes=26",
      "x.json",
    ]);
    assert.equal(small.code, 1, small.err);
    assert.match(
      small.err,
      /^error: x\.json: input of 27 bytes: over the implementation limit of 26 bytes/,
    );
    const ok = await cli(dir, flags, [
      "digest",
      "--limits",
      "file-bytes=27",
      "x.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
    const str = await cli(dir, flags, [
      "digest",
      "--limits",
      "string-length=2",
      "x.json",
    ]);
    assert.equal(str.code, 1);
    assert.match(str.err, /^error: x\.json: b: string too long/);
    const usage = await cli(dir, flags, [
      "digest",
      "--limits",
      "depth=0",
      "x.json",
    ]);
    assert.equal(usage.code, 2, usage.err);
    // A 16 GiB sparse file is refused from its size, before any byte is
    // read (reading it would take minutes and more memory than there is).
    await Deno.writeTextFile(`${dir}/huge.json`, "");
    await Deno.truncate(`${dir}/huge.json`, 2 ** 34);
    const started = performance.now();
    const huge = await cli(dir, ["--allow-read=huge.json"], [
      "digest",
      "huge.json",
    ]);
    assert.equal(huge.code, 1);
    assert.match(
      huge.err,
      /^error: huge\.json: input of 17179869184 bytes: over the implementation limit of 67108864 bytes/,
    );
    assert.ok(performance.now() - started < 10_000);
    // A stream (standard input) is cut off as it passes the limit.
    const stdin = await cli(dir, [], [
      "digest",
      "--limits",
      "file-bytes=100",
      "-",
    ], {
      stdin: new TextEncoder().encode(`[${"1,".repeat(10_000)}1]`),
    });
    assert.equal(stdin.code, 1);
    assert.match(stdin.err, /^error: <stdin>: input of more than 100 bytes/);
    // Refused input writes no output file.
    const out = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "digest",
      "--canonical",
      "--limits",
      "depth=1",
      "--out",
      "c.json",
      "x.json",
    ]);
    assert.equal(out.code, 1);
    assert.match(out.err, /x\.json: a: nesting too deep/);
    assert.equal(await exists(dir, "c.json"), false);
  });
});

Deno.test("limits: a suite that schedules too many episodes is refused before any is built", async () => {
  const value = copy(subsetSuiteValue()); // 3 scenarios × 2 seeds
  assert.equal(
    parseSuite(value, { limits: { maxEpisodes: 6 } }).scenarios.length,
    3,
  );
  refusedWith(
    () => parseSuite(value, { file: "s.json", limits: { maxEpisodes: 5 } }),
    SuiteError,
    /^s\.json: scenarios\[2\]\.seeds: at least 6 scheduled episodes: over .* 5 episodes/,
  );
  await inTempDir(async (dir) => {
    await put(dir, "s.json", encode(value));
    const r = await cli(dir, ["--allow-read=s.json"], [
      "suite",
      "--limits",
      "episodes=3",
      "--check",
      "s.json",
    ]);
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      /^error: s\.json: scenarios\[1\]\.seeds: at least 4 scheduled episodes/,
    );
    const ok = await cli(dir, ["--allow-read=s.json"], [
      "suite",
      "--check",
      "s.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
  });
});
