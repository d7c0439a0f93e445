/**
 * What bubblewrap costs at start-up: the wall time of `run` of a
 * one-episode suite with a user policy, `--policy-isolate=required`
 * against `--policy-isolate=off`, and its two parts alone (checking and
 * bundling the policy; starting one policy process to its ready line).
 * Runs alternate between the modes so that load on a shared machine falls
 * on both; the median, least and most of RUNS are printed.
 *
 *   deno run -A bench/policy_isolation.ts [RUNS]
 *
 * @module
 */

import { bundlePolicy } from "../src/policies/sandbox/bundle.ts";
import {
  type Isolation,
  resolveIsolation,
} from "../src/policies/sandbox/isolation.ts";
import { PolicyProcess } from "../src/policies/sandbox/process.ts";
import {
  DEFAULT_INFO_MAX_BYTES,
  DEFAULT_STDERR_MAX_BYTES,
} from "../src/policies/sandbox/sandbox.ts";
import { suiteText, WEST_POLICY } from "../tests/cli_support.ts";

const RUNS = Number(Deno.args[0] ?? 15);
const CLI = new URL("../cli.ts", import.meta.url).pathname;
const dir = await Deno.makeTempDir({ prefix: "ember_isolation_" });
await Deno.mkdir(`${dir}/pol`);
await Deno.writeTextFile(`${dir}/s.json`, suiteText(1, ["hot"]));
await Deno.writeTextFile(`${dir}/pol/p.js`, WEST_POLICY);

const modes: Record<string, Isolation> = {
  bwrap: await resolveIsolation("required"),
  fallback: await resolveIsolation("off"),
};
const times: Record<string, number[]> = {};
const time = (name: string, ms: number) => (times[name] ??= []).push(ms);

try {
  Deno.chdir(dir);
  for (let i = 0; i < RUNS; i++) {
    for (const [name, isolation] of Object.entries(modes)) {
      let start = performance.now();
      const out = await new Deno.Command("deno", {
        args: [
          "run",
          "--no-prompt",
          "--allow-read=.",
          "--allow-write=.",
          "--allow-run=deno,bwrap",
          CLI,
          "run",
          "--suite",
          "s.json",
          "--policy",
          "./pol/p.js",
          "--model-id",
          "m",
          "--out",
          "r.json",
          "-q",
          `--policy-isolate=${name === "bwrap" ? "required" : "off"}`,
        ],
        stdout: "null",
        stderr: "piped",
      }).output();
      if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
      time(`run, 1 episode, ${name}`, performance.now() - start);

      start = performance.now();
      const bundle = await bundlePolicy("pol/p.js", {
        deno: "deno",
        isolation,
      });
      time(`bundle, ${name}`, performance.now() - start);

      start = performance.now();
      const proc = new PolicyProcess({
        deno: "deno",
        bundle: new TextEncoder().encode(bundle.source),
        maxMemoryMb: 512,
        allowNet: [],
        env: {},
        allowEnv: [],
        forwardStderr: false,
        isolation,
        stderrMaxBytes: DEFAULT_STDERR_MAX_BYTES,
        infoMaxBytes: DEFAULT_INFO_MAX_BYTES,
      });
      const ready = await proc.ready(60_000);
      if (ready !== true) throw new Error(ready);
      time(`process start, ${name}`, performance.now() - start);
      await proc.end();
    }
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}

for (const [name, list] of Object.entries(times).sort()) {
  list.sort((a, b) => a - b);
  const at = (i: number) => (list[i] ?? NaN).toFixed(0).padStart(5);
  console.log(
    `${name.padEnd(28)} median ${at(list.length >> 1)} ms  min ${at(0)}  max ${
      at(list.length - 1)
    }  (n = ${list.length})`,
  );
}
