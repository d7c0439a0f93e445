/**
 * `demo` without write permission is refused before any work, in one line
 * that names the folder, the flags, and the files the demo writes there (the
 * ones `cli_stats_test.ts` "cli demo" finds after a run), never a file the
 * demo does not write.
 */

import assert from "node:assert/strict";
import { cli, exists, inTempDir } from "./cli_support.ts";

const WRITES = [
  "stay.result.json",
  "stay.stats.json",
  "random.result.json",
  "random.stats.json",
  "greedy.result.json",
  "greedy.stats.json",
  "fire_aware.result.json",
  "fire_aware.stats.json",
  "compare.fire_aware-vs-greedy.json",
].join(", ");

Deno.test("demo without permission: names the folder and the files it writes", async () => {
  await inTempDir(async (dir) => {
    const r = await cli(dir, [], ["demo"]);
    assert.equal(r.code, 1);
    assert.equal(r.out, "");
    assert.equal(
      r.err,
      `error: ember-demo: cannot write: permission not granted (run with --allow-read=ember-demo --allow-write=ember-demo); the demo writes ${WRITES} into this folder\n`,
    );
    assert.equal(await exists(dir, "ember-demo"), false);

    const other = await cli(dir, ["--allow-read=out"], [
      "demo",
      "--out",
      "out",
    ]);
    assert.equal(other.code, 1);
    assert.equal(
      other.err,
      `error: out: cannot write: permission not granted (run with --allow-read=out --allow-write=out); the demo writes ${WRITES} into this folder\n`,
    );
  });
});
