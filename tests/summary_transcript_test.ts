/**
 * `summary --transcript`: answer times and token totals per model, checked
 * on a small transcript worked out by hand, and on the fixtures of
 * scripts/gen_transcript_summary_vectors.py (an independent Python
 * implementation on exact fractions: several files of one model, a planted
 * tie for the slowest, usage in shapes that must not count). A malformed
 * line is refused with its file and line; every line fits 80 columns.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put } from "./cli_support.ts";

const FIXTURES = new URL("./fixtures/transcripts/", import.meta.url).pathname;

function header(model: string): string {
  return JSON.stringify({
    transcript_version: "1.0",
    model_id: model,
    evaluation_manifest_hash: "ab".repeat(32),
  });
}

function decision(
  episode: number,
  step: number,
  ms: number,
  info?: unknown,
): string {
  return JSON.stringify({
    episode,
    step,
    actions: { p1: "west" },
    ms,
    ...(info === undefined ? {} : { info }),
  });
}

const usage = (p: unknown, c: unknown) => ({
  usage: { prompt_tokens: p, completion_tokens: c },
});

function summary(dir: string, files: readonly string[]) {
  return cli(dir, [`--allow-read=${dir}`], [
    "summary",
    "--transcript",
    ...files,
  ]);
}

type Row = string[];

/** The rows of the table whose header row starts with `first`. */
function table(out: string, first: string): Row[] {
  const lines = out.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${first} `));
  assert.ok(start >= 0, `no table "${first}" in\n${out}`);
  const rows: Row[] = [];
  for (const l of lines.slice(start + 1)) {
    if (l === "") break;
    rows.push(l.trim().split(/ {2,}/));
  }
  return rows;
}

Deno.test("summary --transcript: a hand-worked transcript", async () => {
  await inTempDir(async (dir) => {
    // Model m: 20, 1, 10, 3, 2 ms. Sorted 1, 2, 3, 10, 20 (n = 5).
    //   median: h = 4 · 1/2 = 2, so y[2] = 3.0.
    //   p95: h = 4 · 19/20 = 3.8, so y[3] + 0.8 · (y[4] − y[3]) = 10 + 8 = 18.0.
    //   max 20.0, at episode 0, step 1 (line 2).
    // Usage counts on lines 2 and 4 only: prompt 100 + 7 = 107, completion
    // 20 + 3 = 23; a float count, a string count and a missing usage do not.
    await put(
      dir,
      "m.jsonl",
      [
        header("m"),
        decision(0, 1, 20, usage(100, 20)),
        decision(0, 2, 1, usage(1.5, 2)),
        decision(1, 1, 10, usage(7, 3)),
        decision(1, 2, 3, usage("4", 1)),
        decision(1, 3, 2, "just text"),
        "",
      ].join("\n"),
    );
    // Model m again, one more file, given last: its 20 ms ties the largest
    // but comes later, so it is not the slowest; 5 ms joins: sorted 1, 2, 3, 5, 10, 20, 20 (n = 7).
    //   median: h = 6 · 1/2 = 3, y[3] = 5.0.
    //   p95: h = 6 · 19/20 = 5.7, y[5] + 0.7 · (y[6] − y[5]) = 20.0.
    // Model q: 0.5 and 0.6 ms (n = 2): median 0.55; p95: h = 0.95,
    // 0.5 + 0.95 · 0.1 = 0.595; max 0.6 at episode 4, step 2 (line 3).
    await put(
      dir,
      "m2.jsonl",
      [header("m"), decision(0, 1, 5), decision(0, 2, 20), ""].join("\n"),
    );
    await put(
      dir,
      "q.jsonl",
      [
        header("q"),
        decision(4, 1, 0.5, usage(0, 0)),
        decision(4, 2, 0.6),
        "",
      ].join("\n"),
    );
    const r = await summary(dir, ["m.jsonl", "q.jsonl", "m2.jsonl"]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(table(r.out, "model  files"), [
      ["m", "2", "7", "5.0", "20.0", "20.0"],
      ["q", "1", "2", "0.55", "0.595", "0.6"],
    ]);
    assert.match(r.out, /^ {2}m: episode 0, step 1, 20\.0 ms \(m\.jsonl:2\)$/m);
    assert.match(r.out, /^ {2}q: episode 4, step 2, 0\.6 ms \(q\.jsonl:3\)$/m);
    assert.deepEqual(table(r.out, "model  with usage"), [
      ["m", "2 of 7", "107", "23"],
      ["q", "1 of 2", "0", "0"],
    ]);
  });
});

type Expected = {
  model: string;
  files: string[];
  decisions: number;
  median: string | null;
  p95: string | null;
  max: string | null;
  slowest:
    | { file: string; line: number; episode: number; step: number; ms: string }
    | null;
  usage: {
    decisions: number;
    prompt_tokens: number;
    completion_tokens: number;
  };
};

Deno.test("summary --transcript: the Python reference's figures for its fixtures", async () => {
  const expected: Expected[] = JSON.parse(
    await Deno.readTextFile(`${FIXTURES}expected.json`),
  );
  const r = await summary(FIXTURES, [
    "a.jsonl",
    "b.jsonl",
    "c.jsonl",
    "d.jsonl",
  ]);
  assert.equal(r.code, 0, r.err);
  const dash = (v: string | null) => v ?? "\u2014";
  assert.deepEqual(
    table(r.out, "model  files"),
    expected.map((e) => [
      e.model,
      String(e.files.length),
      String(e.decisions),
      dash(e.median),
      dash(e.p95),
      dash(e.max),
    ]),
  );
  for (const e of expected) {
    const s = e.slowest;
    const line = s === null
      ? `  ${e.model}: no decisions`
      : `  ${e.model}: episode ${s.episode}, step ${s.step}, ${s.ms} ms (${s.file}:${s.line})`;
    assert.ok(r.out.split("\n").includes(line), line);
  }
  assert.deepEqual(
    table(r.out, "model  with usage"),
    expected.map((e) => [
      e.model,
      `${e.usage.decisions} of ${e.decisions}`,
      e.usage.decisions === 0 ? "\u2014" : String(e.usage.prompt_tokens),
      e.usage.decisions === 0 ? "\u2014" : String(e.usage.completion_tokens),
    ]),
  );
  // The planted tie: alpha's largest time is also b.jsonl's first line.
  const b = (await Deno.readTextFile(`${FIXTURES}b.jsonl`)).split("\n")[1]!;
  assert.equal(JSON.parse(b).ms, Number(expected[0]!.max));
  assert.equal(expected[0]!.slowest!.file, "a.jsonl");
});

Deno.test("summary --transcript: 80 columns with the longest model ID", async () => {
  await inTempDir(async (dir) => {
    const long = `model-${"x".repeat(58)}`; // 64 characters, the most an ID has
    await put(
      dir,
      "t.jsonl",
      [header(long), decision(0, 1, 12345.6, usage(1, 2)), ""].join("\n"),
    );
    const r = await summary(dir, ["t.jsonl"]);
    assert.equal(r.code, 0, r.err);
    // Too wide for the row, the ID goes on a line of its own.
    assert.ok(r.out.split("\n").includes(long));
    for (const l of r.out.split("\n")) {
      assert.ok([...l].length <= 80, `${[...l].length} columns: ${l}`);
    }
  });
});

Deno.test("summary --transcript refuses a malformed line with its file and line, an input given twice, and no input", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "ok.jsonl", [header("m"), decision(0, 1, 1), ""].join("\n"));
    await put(
      dir,
      "bad.jsonl",
      [
        header("m"),
        decision(0, 1, 1),
        '{"episode":0,"step":2,"actions":{},"ms":1,}',
        "",
      ]
        .join("\n"),
    );
    const r = await summary(dir, ["ok.jsonl", "bad.jsonl"]);
    assert.equal(r.code, 1);
    assert.equal(r.out, "");
    assert.match(r.err, /^error: bad\.jsonl: line 3: not a JSON line: /);

    // An artifact is not a transcript.
    await put(dir, "a.stats.json", '{"artifact":"aggregate"}');
    const artifact = await summary(dir, ["a.stats.json"]);
    assert.equal(artifact.code, 1);
    assert.equal(
      artifact.err,
      "error: a.stats.json: line 1: not a transcript 1.0 header: the file has no whole first line\n",
    );

    const twice = await summary(dir, ["ok.jsonl", "ok.jsonl"]);
    assert.equal(twice.code, 2);
    assert.match(
      twice.err,
      /^error: "ok\.jsonl" is given twice: its decisions would count twice\n/,
    );

    const none = await summary(dir, []);
    assert.equal(none.code, 2);
    assert.match(none.err, /^error: missing input: TRANSCRIPT\.jsonl\n/);
  });
});
