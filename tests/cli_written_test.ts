/**
 * The one summary line of `run`, `aggregate` and `compare` on success
 * (issue 20): printed on standard error although it is not a terminal here
 * (a pipe), naming what was written, the SHA-256 of those bytes (computed
 * here from the file or standard output, with Web Crypto) and the time;
 * `--quiet` silences it, and no progress bar is drawn off a terminal.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put, sha256, suiteText } from "./cli_support.ts";

const TIME = String.raw`\d+\.\d s`;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The whole of standard error: exactly the summary line, nothing else. */
function onlyLine(err: string, target: string, what: string, digest: string) {
  assert.match(
    err,
    new RegExp(
      `^wrote ${escape(target)} \\(${
        escape(what)
      }, sha256 ${digest}, ${TIME}\\)\\n$`,
    ),
  );
}

Deno.test("cli run: one summary line off a terminal, for a file and for standard output; none with --quiet", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(5));
    const flags = ["--allow-read=.", "--allow-write=."];
    const base = ["run", "--suite", "s.json", "--policy", "greedy"];
    const toFile = await cli(dir, flags, [...base, "--out", "r.json"]);
    assert.equal(toFile.code, 0, toFile.err);
    assert.equal(toFile.out, "");
    const bytes = await Deno.readFile(`${dir}/r.json`);
    // 2 scenarios × 5 seeds, by suiteText.
    onlyLine(
      toFile.err,
      "r.json",
      "10 of 10 episodes, model greedy",
      await sha256(bytes),
    );
    const toStdout = await cli(dir, flags, base);
    assert.equal(toStdout.code, 0, toStdout.err);
    assert.deepEqual(toStdout.stdout, bytes);
    onlyLine(
      toStdout.err,
      "standard output",
      "10 of 10 episodes, model greedy",
      await sha256(bytes),
    );
    const quiet = await cli(dir, flags, [...base, "--quiet"]);
    assert.equal(quiet.code, 0, quiet.err);
    assert.equal(quiet.err, "");
    assert.deepEqual(quiet.stdout, bytes);
  });
});

Deno.test("cli aggregate and compare: one summary line with the artifact's digest; none with --quiet", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(5));
    const flags = ["--allow-read=.", "--allow-write=."];
    for (const policy of ["greedy", "stay"]) {
      const r = await cli(dir, flags, [
        "run",
        "--suite",
        "s.json",
        "--policy",
        policy,
        "--quiet",
        "--out",
        `${policy}.json`,
      ]);
      assert.equal(r.code, 0, r.err);
    }
    const common = ["--suite", "s.json", "--resamples", "100"];
    const agg = await cli(dir, flags, [
      "aggregate",
      ...common,
      "--out",
      "a.json",
      "greedy.json",
    ]);
    assert.equal(agg.code, 0, agg.err);
    onlyLine(
      agg.err,
      "a.json",
      "aggregate statistics of 10 episodes, 100 resamples per interval",
      await sha256(await Deno.readFile(`${dir}/a.json`)),
    );
    const cmp = await cli(dir, flags, [
      "compare",
      ...common,
      "greedy.json",
      "stay.json",
    ]);
    assert.equal(cmp.code, 0, cmp.err);
    onlyLine(
      cmp.err,
      "standard output",
      "paired statistics of 10 episode pairs, 100 resamples per interval",
      await sha256(cmp.stdout),
    );
    for (
      const args of [["aggregate", "greedy.json"], [
        "compare",
        "greedy.json",
        "stay.json",
      ]]
    ) {
      const quiet = await cli(dir, flags, [
        args[0]!,
        ...common,
        "--quiet",
        ...args.slice(1),
      ]);
      assert.equal(quiet.code, 0, quiet.err);
      assert.equal(quiet.err, "");
    }
  });
});
