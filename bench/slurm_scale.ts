/**
 * A sharded run on a real batch engine against the single command, in one
 * run: `run --policy greedy` of the public scenarios with 320 seeds each
 * (4,160 episodes; scripts/gen_seed_suite.ts 40) as one process, then as
 * a 4-task Slurm array (examples/slurm/shards.sbatch) and the dependent
 * merge (examples/slurm/merge.sbatch) on a private one-node cluster
 * (scripts/slurm_cluster.sh), timed from the first `sbatch` to the merge's
 * end. The merged result must be the single run's bytes. On one node the
 * shards share its cores: the figure is the overhead, not a speed-up.
 *
 *   deno run -A bench/slurm_scale.ts [FACTOR]
 *
 * @module
 */

import { encodeBytes } from "../src/json/canonical.ts";
import { seedSuite } from "../scripts/gen_seed_suite.ts";

const factor = Number(Deno.args[0] ?? "40");
const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const dir = await Deno.makeTempDir({ prefix: "ember-slurm-" });
const env = {
  SLURM_CONF: `${dir}/slurm.conf`,
  EMBER: `deno run -A ${root}/mod.ts`,
};

async function sh(cmd: string[], cwd = dir): Promise<string> {
  const out = await new Deno.Command(cmd[0]!, {
    args: cmd.slice(1),
    cwd,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) +
    new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd.join(" ")}:\n${text}`);
  return text;
}

const suite = `${dir}/suite.json`;
await Deno.writeFile(suite, encodeBytes(seedSuite(factor)));
await sh(["bash", `${root}/scripts/slurm_cluster.sh`, "start", dir]);
try {
  const t0 = performance.now();
  await sh([
    Deno.execPath(),
    "run",
    "-A",
    `${root}/mod.ts`,
    "run",
    "--suite",
    suite,
    "--policy",
    "greedy",
    "--quiet",
    "--out",
    `${dir}/single.json`,
  ]);
  const single = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const array = (await sh([
    "sbatch",
    "--parsable",
    `--chdir=${dir}`,
    "--array=0-3",
    `${root}/examples/slurm/shards.sbatch`,
    `${dir}/parts/run`,
    "run",
    "--suite",
    suite,
    "--policy",
    "greedy",
    "--quiet",
  ])).trim().split(";")[0]!;
  const merge = (await sh([
    "sbatch",
    "--parsable",
    `--chdir=${dir}`,
    `--dependency=afterok:${array}`,
    "--kill-on-invalid-dep=yes",
    `${root}/examples/slurm/merge.sbatch`,
    `${dir}/parts/run`,
    "4",
    `${dir}/merged.json`,
    "--suite",
    suite,
    "--quiet",
  ])).trim().split(";")[0]!;
  for (;;) {
    const q = await sh(["squeue", "-h", "-t", "all", "-j", merge, "-o", "%T"]);
    const state = q.trim();
    if (["COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"].includes(state)) {
      if (state !== "COMPLETED") throw new Error(`merge job ${state}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const sharded = (performance.now() - t1) / 1000;
  await sh(["cmp", `${dir}/single.json`, `${dir}/merged.json`]);
  const size = (await Deno.stat(`${dir}/single.json`)).size;
  console.log(
    `${104 * factor} episodes (${(size / 1e6).toFixed(0)} MB): single run ${
      single.toFixed(1)
    } s; 4 Slurm shards + merge ${sharded.toFixed(1)} s (${
      (sharded / single).toFixed(2)
    }x, ${Deno.loadavg()[0]!.toFixed(2)} load); merged bytes = single run's`,
  );
} finally {
  await sh(["bash", `${root}/scripts/slurm_cluster.sh`, "stop", dir]).catch(
    (e) => console.error(String(e)),
  );
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
