/**
 * proc_tree_sampler.ts measures what it claims: a grandchild holding a
 * known amount of memory is summed and counted when its command line has
 * `--deny-import`, the root's VmHWM leaves it out, and a bad PID is
 * refused.
 */

import assert from "node:assert/strict";
import { inTempDir } from "./cli_support.ts";

const SAMPLER = new URL("./proc_tree_sampler.ts", import.meta.url).pathname;

// 300 MiB written to, so resident, held 600 ms: many 20 ms samples.
const HOLD_300 =
  "const a = new Uint8Array(300 * 2 ** 20); a.fill(1); await new Promise((r) => setTimeout(r, 600)); console.log(a.length);";

/** A module that runs `deno run FLAG FILE` and prints its exit code. */
function spawner(flag: string, file: string): string {
  return `const c = new Deno.Command("deno", { args: ["run", "${flag}", "${file}"], stdout: "null" });
console.log((await c.output()).code);`;
}

async function sample(pid: number): Promise<Record<string, number>> {
  const out = await new Deno.Command("deno", {
    args: ["run", "-A", SAMPLER, String(pid), "20"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("proc_tree_sampler: a descendant's 300 MiB is summed, counted as a policy process, and not in the root's VmHWM", async () => {
  // The root starts a process that starts a `deno run --deny-import` of
  // a file that holds 300 MiB: a grandchild, and a policy process as far
  // as the sampler can tell.
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/hold.js`, HOLD_300);
    await Deno.writeTextFile(
      `${dir}/mid.js`,
      spawner("--deny-import", "hold.js"),
    );
    await Deno.writeTextFile(`${dir}/root.js`, spawner("-A", "mid.js"));
    const root = new Deno.Command("deno", {
      args: ["run", "-A", "root.js"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const [s, out] = await Promise.all([sample(root.pid), root.output()]);
    assert.equal(new TextDecoder().decode(out.stdout), "0\n");
    assert.ok(s.samples! > 5, JSON.stringify(s));
    assert.equal(s.maxPolicies, 1);
    assert.equal(s.policies, 1);
    assert.equal(s.inCgroup, 0);
    const mib = (kb: number) => kb / 1024;
    // The 300 MiB, and Deno's own (30–80 MiB) in the two descendants.
    assert.ok(
      mib(s.maxTotalKb!) > 300 && mib(s.maxTotalKb!) < 480,
      JSON.stringify(s),
    );
    assert.ok(mib(s.maxPolicyKb!) > 300, JSON.stringify(s));
    assert.ok(mib(s.rootHwmKb!) < 200, JSON.stringify(s));
  });
});

Deno.test("proc_tree_sampler: a PID that is not a number is refused", async () => {
  const out = await new Deno.Command("deno", {
    args: ["run", "-A", SAMPLER, "x"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  assert.match(
    new TextDecoder().decode(out.stderr),
    /usage: proc_tree_sampler\.ts PID \[PERIOD_MS\]/,
  );
});
