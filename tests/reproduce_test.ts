/**
 * docs/security.md tells how to reproduce every digest and every interval
 * without this package: `scripts/verify_reference.py` (Python standard
 * library and the other reference scripts). This test follows those steps
 * on the public-suite subset and requires byte-identical artifacts.
 */

import assert from "node:assert/strict";
import { encode } from "../src/json/canonical.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { cli, inTempDir, sha256 } from "./cli_support.ts";
import { BASE, subsetSuiteValue, SUITE } from "./tamper_support.ts";

const ROOT = new URL("../", import.meta.url).pathname;

async function python(args: string[]): Promise<Uint8Array> {
  const out = await new Deno.Command("python3", {
    args: [`${ROOT}scripts/verify_reference.py`, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return out.stdout;
}

Deno.test("reproduce: digests, aggregate and paired intervals equal the Python reference byte for byte", async () => {
  const other = await runEvaluation(SUITE, "fire_aware", {
    modelId: "fire_aware",
  });
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/suite.json`, encode(subsetSuiteValue()));
    await Deno.writeTextFile(`${dir}/a.json`, encode(other));
    await Deno.writeTextFile(`${dir}/b.json`, encode(BASE));
    const flags = ["--allow-read=."];
    const verdict = new TextDecoder().decode(
      await python([
        "verify",
        `${dir}/suite.json`,
        `${dir}/a.json`,
        `${dir}/b.json`,
      ]),
    );
    const digests = [
      await sha256(new TextEncoder().encode(encode(other))),
      await sha256(new TextEncoder().encode(encode(BASE))),
    ];
    assert.equal(verdict, `ok ${digests[0]}\nok ${digests[1]}\n`);
    const agg = await cli(dir, flags, [
      "aggregate",
      "--quiet",
      "--suite",
      "suite.json",
      "--resamples",
      "100",
      "b.json",
    ]);
    assert.equal(agg.code, 0, agg.err);
    assert.deepEqual(
      agg.stdout,
      await python(["aggregate", `${dir}/suite.json`, `${dir}/b.json`, "100"]),
    );
    const cmp = await cli(dir, flags, [
      "compare",
      "--quiet",
      "--suite",
      "suite.json",
      "--resamples",
      "100",
      "a.json",
      "b.json",
    ]);
    assert.equal(cmp.code, 0, cmp.err);
    assert.deepEqual(
      cmp.stdout,
      await python([
        "paired",
        `${dir}/suite.json`,
        `${dir}/a.json`,
        `${dir}/b.json`,
        "100",
      ]),
    );
  });
});
