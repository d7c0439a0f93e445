/**
 * The guessable-seeds note of `run` with a user module: shown for a private
 * suite with seeds below 2^32 (they must stay secret), not for the public
 * suite, whose seeds 0–7 are published. The public suite is recognised by
 * its suite hash, so a copy of `suites/public.json` counts and an edited
 * copy does not. The policy throws at its first step: the note comes before
 * the run, so one step is enough to see it or its absence.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put } from "./cli_support.ts";

const PUBLIC = new URL("../suites/public.json", import.meta.url);
const FLAGS = ["--allow-read=.", "--allow-run=deno,bwrap"];
const NOTE = /seeds below 2\^32/;

function runStopping(dir: string, suite: readonly string[]) {
  return cli(dir, FLAGS, [
    "run",
    ...suite,
    "--policy",
    "./pol/stop.js",
    "--model-id",
    "m",
  ]);
}

Deno.test("seed note: not for the public suite, embedded or read from a copy; shown for an edited copy", async () => {
  await inTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/pol`);
    await put(
      dir,
      "pol/stop.js",
      'export default () => { throw new Error("stop here"); };',
    );
    const text = await Deno.readTextFile(PUBLIC);
    await put(dir, "public.json", text);
    const edited = JSON.parse(text);
    edited.suite_version = `${edited.suite_version}-private`;
    await put(dir, "edited.json", JSON.stringify(edited));

    for (const suite of [[], ["--suite", "public.json"]]) {
      const r = await runStopping(dir, suite);
      assert.equal(r.code, 1, r.err);
      // The run got as far as the policy: the note would have come before.
      assert.match(r.err, /stop here/);
      assert.doesNotMatch(r.err, NOTE, suite.join(" "));
    }
    const r = await runStopping(dir, ["--suite", "edited.json"]);
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /stop here/);
    assert.match(
      r.err,
      /^note: this suite has seeds below 2\^32; a policy that can guess them/m,
    );
  });
});
