/**
 * The input limit of statistics artifacts and parts follows from the
 * episode limit (src/statistics/artifact_bound.ts, docs/security.md): the
 * bounds equal those that scripts/gen_artifact_bounds.py computes from the
 * contract's field lists alone; every piece of the reference's artifacts
 * lies within the bound's shape; `summary`, `report` and `merge` read an
 * artifact or part of exactly the limit and refuse one byte more, the
 * limit moving with `--limits episodes=N`; and `aggregate` refuses to write
 * an artifact beyond it (a suite wider than the bound's shape), writing
 * nothing, so that no reader under the same limits refuses what it wrote.
 */

import assert from "node:assert/strict";
import { encode, float, type JsonValue, parse } from "../src/json/canonical.ts";
import {
  artifactBound,
  artifactLimit,
  artifactShape,
  partLimit,
} from "../src/statistics/artifact_bound.ts";
import { DEFAULT_LIMITS } from "../src/limits.ts";
import { cli, exists, inTempDir, put, scenarioText } from "./cli_support.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const STATS = new URL("statistics/", FIXTURES);
const read = (name: string) => Deno.readTextFile(new URL(name, STATS));

type Row = {
  episodes: number;
  string_length: number;
  aggregate: Record<string, number>;
  paired: Record<string, number>;
  artifact_limit: number;
  part_limit: number;
};
const ROWS = JSON.parse(
  await Deno.readTextFile(new URL("artifact_bounds.json", FIXTURES)),
) as Row[];

Deno.test("artifact limit: the bounds are those the independent script computes", () => {
  // By hand: the widest float, and a paired episode in one group at 100
  // episodes ("99," and twelve {"delta":…,"index":99}, each 46 bytes).
  assert.equal(encode(float(-2.2250738585072014e-308)).length, 24);
  assert.equal(
    artifactShape("paired", { maxEpisodes: 100 }).member,
    3 + 12 * 46,
  );
  assert.ok(ROWS.length >= 4);
  for (const row of ROWS) {
    const limits = {
      maxEpisodes: row.episodes,
      maxStringLength: row.string_length,
    };
    for (const kind of ["aggregate", "paired"] as const) {
      const { bound, ...shape } = row[kind];
      assert.deepEqual({ ...artifactShape(kind, limits) }, shape, kind);
      assert.equal(artifactBound(kind, limits), bound, kind);
    }
    assert.equal(artifactLimit(limits), row.artifact_limit);
    assert.equal(partLimit(limits), row.part_limit);
  }
  // The defaults: 100,000 episodes, and the documented figures.
  const d = ROWS.find((r) =>
    r.episodes === DEFAULT_LIMITS.maxEpisodes &&
    r.string_length === DEFAULT_LIMITS.maxStringLength
  )!;
  assert.equal(artifactLimit(), d.artifact_limit);
  assert.equal(artifactLimit(), 670_205_423);
  assert.equal(artifactBound("aggregate"), 257_328_647);
});

/** A value with its per-episode lists emptied, and its size (with a comma). */
function emptied(value: Record<string, JsonValue>, lists: string[]): number {
  const copy: Record<string, JsonValue> = { ...value };
  for (const key of lists) if (key in copy) copy[key] = [];
  if (Array.isArray(copy["metrics"])) {
    copy["metrics"] = (copy["metrics"] as Record<string, JsonValue>[]).map((
      m,
    ) => ("deltas" in m ? { ...m, deltas: [] } : m));
  }
  return encode(copy).length + 1;
}

Deno.test("artifact limit: every piece of the reference's artifacts lies within the bound's shape", async () => {
  const names: string[] = [];
  for await (const e of Deno.readDir(STATS)) {
    if (/^expected_(aggregate|paired)_/.test(e.name)) names.push(e.name);
  }
  assert.ok(names.length >= 10);
  const lists = [
    "episode_indices",
    "missing_indices",
    "paired_indices",
    "missing_from_a",
    "missing_from_b",
  ];
  for (const name of names) {
    // The strict reader keeps floats typed, so sizes are the canonical ones.
    const v = parse(await read(name)) as Record<string, JsonValue>;
    const kind = v["artifact"] as "aggregate" | "paired";
    const shape = artifactShape(kind);
    const groups = [
      ...(v["scenarios"] as Record<string, JsonValue>[]),
      ...(v["families"] as Record<string, JsonValue>[]),
    ];
    for (const g of [v["overall"] as Record<string, JsonValue>, ...groups]) {
      assert.ok(emptied(g, lists) <= shape.group, `${name} ${g["name"]}`);
      for (const m of g["metrics"] as Record<string, JsonValue>[]) {
        for (const d of (m["deltas"] ?? []) as JsonValue[]) {
          assert.ok(12 * (encode(d).length + 1) + 7 <= shape.member, name);
        }
      }
    }
    const head = { ...v, scenarios: [], families: [] } as Record<
      string,
      JsonValue
    >;
    head["overall"] = {
      ...(v["overall"] as Record<string, JsonValue>),
      ...Object.fromEntries(lists.map((k) => [k, []])),
    };
    const metrics = (head["overall"] as Record<string, JsonValue>)["metrics"];
    (head["overall"] as Record<string, JsonValue>)["metrics"] =
      (metrics as Record<string, JsonValue>[]).map((m) =>
        "deltas" in m ? { ...m, deltas: [] } : m
      );
    for (const k of ["missing_episodes", "missing_from_a", "missing_from_b"]) {
      if (k in head) head[k] = [];
    }
    assert.ok(encode(head).length <= shape.fixed, name);
    for (const k of ["missing_episodes", "missing_from_a", "missing_from_b"]) {
      for (const key of (v[k] ?? []) as JsonValue[]) {
        assert.ok(encode(key).length + 1 <= shape.key, name);
      }
    }
  }
});

const SMALL = ROWS.find((r) => r.episodes === 100)!;
const LARGER = ROWS.find((r) => r.episodes === 1000)!;
const limitsAt = (row: Row) =>
  `episodes=${row.episodes},string-length=${row.string_length},file-bytes=1000`;

Deno.test("artifact limit: summary and report read an artifact of exactly the limit, refuse one byte more, and the limit follows --limits episodes=N", async () => {
  await inTempDir(async (dir) => {
    const text = await read("expected_paired_fire_aware__greedy_r100.json");
    const limit = SMALL.paired["bound"]!;
    assert.ok(text.length < limit && limit > 1000);
    // Trailing spaces are JSON whitespace: the artifact is the same.
    await put(dir, "at.json", text + " ".repeat(limit - text.length));
    await put(dir, "over.json", text + " ".repeat(limit + 1 - text.length));
    const flags = ["--allow-read=.", "--allow-write=."];
    const at = await cli(dir, flags, [
      "summary",
      "--limits",
      limitsAt(SMALL),
      "at.json",
    ]);
    assert.equal(at.code, 0, at.err);
    const plain = await cli(dir, flags, ["summary", "at.json"]);
    assert.equal(at.out, plain.out);
    const over = await cli(dir, flags, [
      "summary",
      "--limits",
      limitsAt(SMALL),
      "over.json",
    ]);
    assert.equal(over.code, 1);
    assert.equal(
      over.err,
      `error: over.json: input of ${
        limit + 1
      } bytes: over the implementation limit of ${limit} bytes for a statistics artifact, which follows from the episode limit (raise it with --limits episodes=N or file-bytes=N)\n`,
    );
    const report = await cli(dir, flags, [
      "report",
      "--limits",
      limitsAt(SMALL),
      "--out",
      "r.html",
      "over.json",
    ]);
    assert.equal(report.code, 1);
    assert.match(report.err, /^error: over\.json: input of \d+ bytes: over/);
    assert.equal(await exists(dir, "r.html"), false);
    // More episodes allowed: a larger bound, the same file read.
    for (const command of [["summary"], ["report", "--out", "r.html"]]) {
      const raised = await cli(dir, flags, [
        ...command,
        "--limits",
        limitsAt(LARGER),
        "over.json",
      ]);
      assert.equal(raised.code, 0, raised.err);
    }
  });
});

/** A suite of one scenario with 8 seeds in `families` families. */
function wideSuite(families: number): string {
  const list = Array.from(
    { length: families },
    (_, i) => `{"family_id": "f${i}", "description": "", "scenarios": ["hot"]}`,
  );
  return `{"suite_id": "wide", "suite_version": "1", "families": [${
    list.join(", ")
  }], "scenarios": [{"scenario": ${
    scenarioText("hot", true)
  }, "seeds": [0, 1, 2, 3, 4, 5, 6, 7]}]}`;
}

Deno.test("artifact limit: aggregate refuses to write an artifact beyond it and writes nothing; merge reads parts beyond file-bytes", async () => {
  await inTempDir(async (dir) => {
    const flags = ["--allow-read=.", "--allow-write=."];
    // 41 groups for 8 episodes: wider than the bound's shape (3 groups).
    await put(dir, "s.json", wideSuite(40));
    const run = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--quiet",
      "--out",
      "r.json",
    ]);
    assert.equal(run.code, 0, run.err);
    // file-bytes above the suite and the result's manifest, below the bound.
    const limits = "episodes=8,string-length=1024";
    const low = ",file-bytes=20000";
    const aggregate = (extra: string, out: string, ...more: string[]) =>
      cli(dir, flags, [
        "aggregate",
        "--suite",
        "s.json",
        "--resamples",
        "100",
        "--quiet",
        "--limits",
        `${limits}${extra}`,
        ...more,
        "--out",
        out,
        "r.json",
      ]);
    const bound = artifactLimit({
      maxEpisodes: 8,
      maxStringLength: 1024,
      maxFileBytes: 20000,
    });
    assert.ok(bound > 20000);
    const refused = await aggregate(low, "a.json");
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      new RegExp(
        `^error: a\\.json: (\\d+) bytes to write: over the implementation limit of ${bound} bytes for a statistics artifact, which follows from the episode limit \\(raise it with --limits episodes=N or file-bytes=N\\)\\n$`,
      ),
    );
    assert.equal(await exists(dir, "a.json"), false);
    // Raised, it is written, and read back under the same limits.
    const raised = ",file-bytes=1000000";
    const written = await aggregate(raised, "a.json");
    assert.equal(written.code, 0, written.err);
    const size = (await Deno.stat(`${dir}/a.json`)).size;
    assert.ok(size > bound);
    assert.equal(
      Number(/(\d+) bytes to write/.exec(refused.err)![1]),
      size,
    );
    const summary = await cli(dir, flags, [
      "summary",
      "--limits",
      `${limits}${raised}`,
      "a.json",
    ]);
    assert.equal(summary.code, 0, summary.err);
    // Statistics parts are read within the part limit, not file-bytes: the
    // merge gives the unsharded bytes.
    for (const k of [0, 1]) {
      const part = await aggregate(
        raised,
        `p${k}.json`,
        "--shard",
        `${k}/2`,
      );
      assert.equal(part.code, 0, part.err);
    }
    const merged = await cli(dir, flags, [
      "merge",
      "--quiet",
      "--limits",
      "file-bytes=5000",
      "--out",
      "m.json",
      "p0.json",
      "p1.json",
    ]);
    assert.equal(merged.code, 0, merged.err);
    assert.ok((await Deno.stat(`${dir}/p0.json`)).size > 5000);
    assert.deepEqual(
      await Deno.readFile(`${dir}/m.json`),
      await Deno.readFile(`${dir}/a.json`),
    );
  });
});
