/**
 * `compare` reads its two results as streams and writes its artifact in
 * pieces: under a `file-bytes` limit fifty times below each result (room
 * for the suite and the fields after the episodes only, which are read
 * whole), it writes exactly the paired artifacts that the independent
 * Python reference (`scripts/statistics_reference.py`) committed, to a
 * file, to standard output and as shard parts that merge to them; a
 * result it must read whole is still refused by the limit.
 */

import assert from "node:assert/strict";
import { cli, exists, inTempDir } from "./cli_support.ts";

const FIXTURES = new URL("./fixtures/statistics/", import.meta.url).pathname;
const FLAGS = ["--allow-read=.", "--allow-write=."];
const LIMIT = 8192;
const LIMITS = ["--limits", `file-bytes=${LIMIT}`];
const COMMON = ["--quiet", "--suite", "suite.json", "--resamples", "100"];

/** A folder with the reference's suite and results, under the limit's check. */
async function withInputs(fn: (dir: string) => Promise<void>): Promise<void> {
  await inTempDir(async (dir) => {
    for (
      const name of [
        "suite.json",
        "result_fire_aware.json",
        "result_greedy.json",
        "result_fire_aware_missing.json",
      ]
    ) {
      await Deno.copyFile(`${FIXTURES}${name}`, `${dir}/${name}`);
    }
    // The suite and each result's fields after its episodes fit the
    // limit; the results are far beyond it, so only a stream reads them.
    assert.ok((await Deno.stat(`${dir}/suite.json`)).size < LIMIT);
    for (const name of ["result_fire_aware.json", "result_greedy.json"]) {
      const text = await Deno.readTextFile(`${dir}/${name}`);
      const fields = text.length - text.lastIndexOf('],"evaluation_manifest":');
      assert.ok(fields < LIMIT && 50 * LIMIT < text.length, name);
    }
    await fn(dir);
  });
}

/** The reference's expected artifact. */
function expected(name: string): Promise<Uint8Array> {
  return Deno.readFile(`${FIXTURES}expected_paired_${name}_r100.json`);
}

Deno.test("compare streams: results beyond the file-bytes limit give the reference's artifacts, to a file and to standard output", async () => {
  await withInputs(async (dir) => {
    const pairs = [
      ["fire_aware__greedy", "result_fire_aware.json", "result_greedy.json"],
      [
        "greedy__fire_aware_missing",
        "result_greedy.json",
        "result_fire_aware_missing.json",
      ],
    ];
    for (const [name, a, b] of pairs) {
      const out = await cli(dir, FLAGS, [
        "compare",
        ...LIMITS,
        ...COMMON,
        "--out",
        `${name}.json`,
        a!,
        b!,
      ]);
      assert.equal(out.code, 0, out.err);
      const want = await expected(name!);
      assert.deepEqual(await Deno.readFile(`${dir}/${name}.json`), want);
      const piped = await cli(dir, FLAGS, [
        "compare",
        ...LIMITS,
        ...COMMON,
        a!,
        b!,
      ]);
      assert.equal(piped.code, 0, piped.err);
      assert.deepEqual(piped.stdout, want);
      assert.equal(piped.err, out.err);
    }
  });
});

Deno.test("compare streams: shard parts beyond the file-bytes limit merge to the reference's artifact", async () => {
  await withInputs(async (dir) => {
    const parts = [];
    for (const k of [0, 1, 2]) {
      const part = await cli(dir, FLAGS, [
        "compare",
        ...LIMITS,
        ...COMMON,
        "--shard",
        `${k}/3`,
        "--out",
        `part.${k}.json`,
        "result_fire_aware.json",
        "result_greedy.json",
      ]);
      assert.equal(part.code, 0, part.err);
      parts.push(`part.${k}.json`);
    }
    const merged = await cli(dir, FLAGS, [
      "merge",
      "--quiet",
      "--out",
      "merged.json",
      ...parts,
    ]);
    assert.equal(merged.code, 0, merged.err);
    assert.deepEqual(
      await Deno.readFile(`${dir}/merged.json`),
      await expected("fire_aware__greedy"),
    );
  });
});

Deno.test("compare streams: a result it must read whole is refused beyond the limit, nothing written", async () => {
  await withInputs(async (dir) => {
    const text = await Deno.readTextFile(`${dir}/result_greedy.json`);
    await Deno.writeTextFile(`${dir}/spaced.json`, ` ${text}`);
    const refused = await cli(dir, FLAGS, [
      "compare",
      ...LIMITS,
      ...COMMON,
      "--out",
      "c.json",
      "result_fire_aware.json",
      "spaced.json",
    ]);
    assert.equal(refused.code, 1);
    assert.equal(
      refused.err,
      `error: spaced.json: input of ${text.length + 1} bytes that is not ` +
        `as the result writer writes it, read whole: over the implementation ` +
        `limit of ${LIMIT} bytes (raise it with --limits file-bytes=N or ` +
        `limits.maxFileBytes)\n`,
    );
    assert.ok(!(await exists(dir, "c.json")));
  });
});
