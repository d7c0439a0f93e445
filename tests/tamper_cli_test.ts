/**
 * The tamper corpus (tests/tamper_support.ts) against the CLI: `aggregate
 * --out` on each tampered result exits 1, names the file, the episode and
 * the field on standard error, and writes no output file (nor leaves a
 * temporary one); what is not tampering is aggregated (exit 0).
 */

import assert from "node:assert/strict";
import { encode } from "../src/json/canonical.ts";
import { cli, exists, inTempDir, listDir } from "./cli_support.ts";
import { corpus } from "./tamper_corpus.ts";
import { type Case, subsetSuiteValue } from "./tamper_support.ts";

const CASES = await corpus();
const FLAGS = ["--allow-read=.", "--allow-write=."];

async function runCase(dir: string, c: Case, i: number): Promise<string[]> {
  const name = `case${i}.json`;
  const out = `out${i}.json`;
  const run = await cli(dir, FLAGS, [
    "aggregate",
    "--quiet",
    "--suite",
    "suite.json",
    "--resamples",
    "100",
    "--out",
    out,
    name,
  ]);
  const problems: string[] = [];
  const say = (what: string) =>
    problems.push(`${c.name}: ${what} (exit ${run.code}, stderr ${run.err})`);
  if (c.verdict === "accept") {
    if (run.code !== 0) say("refused");
    if (!(await exists(dir, out))) say("no output file");
    return problems;
  }
  if (run.code !== 1) say("exit code is not 1");
  if (!run.err.startsWith(`error: ${name}: ${c.path}: `)) {
    say(`message does not name ${name} and ${c.path}`);
  }
  for (const m of c.mentions ?? []) if (!run.err.includes(m)) say(`no ${m}`);
  if (await exists(dir, out)) say("an output file was written");
  if (run.stdout.length !== 0) say("standard output is not empty");
  return problems;
}

Deno.test("tamper corpus: the CLI refuses every attack (exit 1, no output file)", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/suite.json`, encode(subsetSuiteValue()));
    for (const [i, c] of CASES.entries()) {
      await Deno.writeTextFile(`${dir}/case${i}.json`, c.text);
    }
    const problems: string[] = [];
    // Two at a time: the machine has two cores.
    for (let i = 0; i < CASES.length; i += 2) {
      const batch = CASES.slice(i, i + 2).map((c, k) => runCase(dir, c, i + k));
      for (const p of await Promise.all(batch)) problems.push(...p);
    }
    assert.deepEqual(problems, []);
    // Only the inputs and the outputs of accepted cases: no temporary file.
    const accepted = CASES.flatMap((c, i) =>
      c.verdict === "accept" ? [`out${i}.json`] : []
    );
    assert.deepEqual(
      await listDir(dir),
      ["suite.json", ...CASES.map((_, i) => `case${i}.json`), ...accepted]
        .sort(),
    );
  });
});
