/**
 * Killed runs (issue 11): `run --out` killed with SIGKILL at random points
 * leaves either no file or a valid result with missing episodes (verified
 * in full), and `--resume` completes it to the digest of an uninterrupted
 * run, also when the resume itself is killed.
 *
 * The run uses a slow sandboxed user policy (greedy with a pause per step)
 * so that kills land between checkpoints, on the tamper subset suite.
 */

import assert from "node:assert/strict";
import { encode, parseBytes } from "../src/json/canonical.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { cli, exists, inTempDir, listDir, sha256 } from "./cli_support.ts";
import { subsetSuiteValue, SUITE } from "./tamper_support.ts";

/**
 * Concurrency levels to attack: level 1 runs without the flag, any other
 * level passes `--concurrency N`.
 */
const CONCURRENCY_LEVELS: readonly number[] = [1, 3];

const GREEDY = new URL("../src/policies/greedy.ts", import.meta.url).pathname;
// The sandbox takes only modules under the policy's own folder, so the
// greedy policy is bundled into that folder next to the slow wrapper.
const SLOW_POLICY = `
import { greedyActions } from "./greedy.js";
export default async function (observation) {
  await new Promise((r) => setTimeout(r, 12));
  return greedyActions(observation);
}
`;
const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];

function runArgs(level: number, resume: boolean): string[] {
  return [
    "run",
    "--quiet",
    "--policy",
    "./slow.ts",
    "--model-id",
    "slow",
    "--suite",
    "suite.json",
    "--out",
    "res.json",
    ...(resume ? ["--resume"] : []),
    ...(level === 1 ? [] : ["--concurrency", String(level)]),
  ];
}

/** Start the CLI, SIGKILL it after `ms`; true when it was still running. */
async function killAfter(dir: string, args: string[], ms: number) {
  const child = new Deno.Command("deno", {
    args: [
      "run",
      "--no-prompt",
      ...FLAGS,
      new URL("../cli.ts", import.meta.url).pathname,
      ...args,
    ],
    cwd: dir,
    stdout: "null",
    stderr: "null",
  }).spawn();
  let done = false;
  const status = child.status.then((s) => {
    done = true;
    return s;
  });
  await new Promise((r) => setTimeout(r, ms));
  let wasRunning = !done;
  if (wasRunning) {
    try {
      child.kill("SIGKILL");
    } catch (e) {
      // It ended between the look at `done` and the kill.
      if (!(e instanceof TypeError)) throw e;
      wasRunning = false;
    }
  }
  await status;
  return wasRunning;
}

/** A small deterministic generator of kill times (mulberry32). */
function times(seed: number) {
  let a = seed;
  return (lo: number, hi: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return lo + Math.floor(((t ^ (t >>> 14)) >>> 0) / 2 ** 32 * (hi - lo));
  };
}

/** The file left behind must be absent or a fully verified (partial) result. */
async function leftBehind(dir: string): Promise<number | null> {
  if (!(await exists(dir, "res.json"))) return null;
  const bytes = await Deno.readFile(`${dir}/res.json`);
  const v = await verifyResult(parseBytes(bytes, { file: "res.json" }), SUITE, {
    file: "res.json",
  });
  // Checkpoints are canonical bytes: the digest is the file's SHA-256.
  assert.equal(v.digest, await sha256(bytes));
  return v.result.episodes.length;
}

for (const level of CONCURRENCY_LEVELS) {
  Deno.test(`faults: SIGKILL during run --out (concurrency ${level}) leaves no file or a valid partial result; --resume completes it`, async () => {
    await inTempDir(async (dir) => {
      await Deno.writeTextFile(`${dir}/suite.json`, encode(subsetSuiteValue()));
      await Deno.writeTextFile(`${dir}/slow.ts`, SLOW_POLICY);
      const bundled = await new Deno.Command("deno", {
        args: ["bundle", "--quiet", "--output", `${dir}/greedy.js`, GREEDY],
        stdout: "null",
        stderr: "piped",
      }).output();
      assert.ok(bundled.success, new TextDecoder().decode(bundled.stderr));
      const whole = await cli(dir, FLAGS, runArgs(level, false));
      assert.equal(whole.code, 0, whole.err);
      const reference = await sha256(await Deno.readFile(`${dir}/res.json`));
      await Deno.remove(`${dir}/res.json`);

      const next = times(11 + level);
      const seen = new Set<string>();
      for (let trial = 0; trial < 3; trial++) {
        const killed = await killAfter(
          dir,
          runArgs(level, false),
          next(150, 2200),
        );
        const left = await leftBehind(dir);
        seen.add(left === null ? "none" : left === 6 ? "complete" : "partial");
        if (!killed) assert.equal(left, 6);
        if (trial === 1) {
          // Kill the resume too: it must leave a valid result as well.
          await killAfter(dir, runArgs(level, true), next(150, 1200));
          await leftBehind(dir);
        }
        const resumed = await cli(dir, FLAGS, runArgs(level, true));
        assert.equal(resumed.code, 0, resumed.err);
        assert.equal(
          await sha256(await Deno.readFile(`${dir}/res.json`)),
          reference,
          `trial ${trial}`,
        );
        await Deno.remove(`${dir}/res.json`);
      }
      // A hard kill may strand a temporary file, never a partial res.json.
      for (const name of await listDir(dir)) {
        assert.match(
          name,
          /^(suite\.json|slow\.ts|greedy\.js|\.res\.json\.[0-9a-f]{12}\.tmp)$/,
        );
      }
      console.log("outcomes seen:", [...seen].join(", "));
      assert.ok(seen.size >= 1);
    });
  });
}
