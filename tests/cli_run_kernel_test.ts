/**
 * `run --kernel wasm|reference` through the real CLI, with exactly the
 * documented permissions: the episodes stepped by the replay kernel and
 * those played by the TypeScript simulator give the same bytes on
 * standard output and in `--out`, with any concurrency, for a built-in
 * policy and for a sandboxed user module, and a failing module gives the
 * same message under both.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put, suiteText, WEST_POLICY } from "./cli_support.ts";

const KERNELS = ["wasm", "reference"];

Deno.test("cli run --kernel: the public suite with a built-in policy gives the same bytes under both", async () => {
  await inTempDir(async (dir) => {
    const outputs: Uint8Array[] = [];
    for (const kernel of KERNELS) {
      const r = await cli(dir, [], [
        "run",
        "--policy",
        "fire_aware",
        "--kernel",
        kernel,
        "--quiet",
      ]);
      assert.equal(r.code, 0, r.err);
      outputs.push(r.stdout);
    }
    assert.ok(outputs[0]!.length > 1_000_000);
    assert.deepEqual(outputs[0], outputs[1]);
  });
});

Deno.test("cli run --kernel: --out and --concurrency give the same file under both", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(4, ["hot", "cold"]));
    const files: Uint8Array[] = [];
    for (const kernel of KERNELS) {
      for (const concurrency of ["1", "3"]) {
        const name = `r_${kernel}_${concurrency}.json`;
        const r = await cli(dir, ["--allow-read=.", "--allow-write=."], [
          "run",
          "--suite",
          "s.json",
          "--policy",
          "random",
          "--kernel",
          kernel,
          "--concurrency",
          concurrency,
          "--out",
          name,
          "--quiet",
        ]);
        assert.equal(r.code, 0, r.err);
        files.push(await Deno.readFile(`${dir}/${name}`));
      }
    }
    for (const f of files.slice(1)) assert.deepEqual(f, files[0]);
  });
});

Deno.test("cli run --kernel: a sandboxed module gives the same bytes, and the same error when it fails", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(2, ["hot"]));
    await put(dir, "west.js", WEST_POLICY);
    // Wrong at the second step (one process per episode: the first one
    // fails).
    await put(
      dir,
      "late.js",
      `export default function (obs) {
  if (obs.step === 1) return { nobody: "stay" };
  return Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
}`,
    );
    const runs: { code: number; out: Uint8Array; err: string }[] = [];
    for (const policy of ["west.js", "late.js"]) {
      for (const kernel of KERNELS) {
        const r = await cli(dir, ["--allow-read=.", "--allow-run=deno"], [
          "run",
          "--suite",
          "s.json",
          "--policy",
          `./${policy}`,
          "--model-id",
          "m",
          "--kernel",
          kernel,
          "--quiet",
        ]);
        runs.push({ code: r.code, out: r.stdout, err: r.err });
      }
    }
    const [westWasm, westReference, lateWasm, lateReference] = runs;
    assert.equal(westWasm!.code, 0, westWasm!.err);
    assert.deepEqual(westWasm, westReference);
    assert.equal(lateWasm!.code, 1);
    assert.match(
      lateWasm!.err,
      /^error: model m, episode 0: scenario hot, seed 0, step 2: no action for active person /m,
    );
    assert.deepEqual(lateWasm, lateReference);
  });
});
