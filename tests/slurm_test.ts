/**
 * Shards on a real batch engine: each test starts a private one-node Slurm
 * cluster (scripts/slurm_cluster.sh, under tests/.output/) and stops it in a
 * `finally`. The job scripts submitted are the files docs/scale.md shows
 * (examples/slurm/), with the CLI started as `deno run -A <checkout>/mod.ts`
 * through their EMBER variable. Without Debian's `slurm-wlm` and `munge`
 * every test here fails, naming the packages: it never skips.
 *
 * First the harness alone (an array and a job that depends on it; a failed
 * task cancels the dependent job), then `run`, `aggregate` and `compare`
 * sharded four ways and merged, each compared byte for byte with the
 * unsharded command's output.
 */

import assert from "node:assert/strict";
import { type Fence, sectionFences } from "./doc_fences.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const OUTPUT = `${ROOT}tests/.output`;
const CLUSTER = `${ROOT}scripts/slurm_cluster.sh`;
const SHARDS = `${ROOT}examples/slurm/shards.sbatch`;
const MERGE = `${ROOT}examples/slurm/merge.sbatch`;
const MOD = `${ROOT}mod.ts`;
const DOC = "docs/scale.md";
const SLURM_SECTION = "### Slurm: a job array and a dependent merge";
const PACKAGES = "slurm-wlm munge";
const TOOLS = ["slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "munged"];
/** How long one batch of jobs may take before the test gives up. */
const JOBS_TIMEOUT_MS = 120_000;
/** The states a job or array task does not leave (squeue's %T). */
const TERMINAL = new Set([
  "BOOT_FAIL",
  "CANCELLED",
  "COMPLETED",
  "DEADLINE",
  "FAILED",
  "NODE_FAIL",
  "OUT_OF_MEMORY",
  "PREEMPTED",
  "TIMEOUT",
]);

type Output = { code: number; out: string; err: string };
type Cluster = { dir: string; env: Record<string, string> };

async function exec(
  cmd: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<Output> {
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args,
    cwd: options.cwd ?? ROOT,
    env: { NO_COLOR: "1", ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code, out: text.decode(stdout), err: text.decode(stderr) };
}

/** The tools' absence fails the test, naming the packages to install. */
async function requireTools(): Promise<void> {
  const probe = await exec("bash", [
    "-c",
    'for t in "$@"; do command -v "$t" >/dev/null || echo "$t"; done',
    "probe",
    ...TOOLS,
  ]);
  const missing = probe.out.split("\n").filter((l) => l !== "");
  assert.deepEqual(
    missing,
    [],
    `${
      missing.join(", ")
    } not found: install the Debian packages ${PACKAGES} ` +
      `(apt-get install -y ${PACKAGES}; .ci/run does)`,
  );
}

/** Run `fn` against a fresh private cluster, stopped whatever happens. */
async function withCluster(fn: (c: Cluster) => Promise<void>): Promise<void> {
  await requireTools();
  await Deno.mkdir(OUTPUT, { recursive: true });
  const dir = await Deno.makeTempDir({ dir: OUTPUT, prefix: "slurm-" });
  const env = {
    SLURM_CONF: `${dir}/slurm.conf`,
    EMBER: `deno run -A ${MOD}`,
  };
  let passed = false;
  try {
    const start = await exec("bash", [CLUSTER, "start", dir]);
    assert.equal(
      start.code,
      0,
      `scripts/slurm_cluster.sh start failed:\n${start.out}${start.err}`,
    );
    await fn({ dir, env });
    passed = true;
  } finally {
    const stop = await exec("bash", [CLUSTER, "stop", dir]);
    if (stop.code !== 0) {
      console.error(`slurm_cluster.sh stop ${dir}: ${stop.out}${stop.err}`);
    }
    // A failed test keeps the folder: its job logs and daemon logs.
    if (passed && stop.code === 0) await Deno.remove(dir, { recursive: true });
  }
}

/** Submit a batch job from `c.dir`; its job id. */
async function sbatch(c: Cluster, args: string[]): Promise<string> {
  const r = await exec("sbatch", ["--parsable", `--chdir=${c.dir}`, ...args], {
    env: c.env,
    cwd: c.dir,
  });
  assert.equal(r.code, 0, `sbatch ${args.join(" ")}: ${r.out}${r.err}`);
  const id = r.out.trim().split(";")[0]!;
  assert.match(id, /^\d+$/, `sbatch printed no job id: ${r.out}`);
  return id;
}

/** The job logs and Slurm's view of the jobs, for a failure message. */
async function diagnostics(c: Cluster, ids: string[]): Promise<string> {
  const parts: string[] = [];
  for await (const e of Deno.readDir(c.dir)) {
    if (e.isFile && /^slurm-.*\.out$/.test(e.name)) {
      parts.push(
        `----- ${e.name}\n${await Deno.readTextFile(`${c.dir}/${e.name}`)}`,
      );
    }
  }
  // Every job of this private cluster: scontrol takes one id at most.
  const show = await exec("scontrol", ["show", "job"], { env: c.env });
  return `jobs ${ids.join(", ")}\n${
    parts.sort().join("\n")
  }\n----- scontrol show job\n${show.out}${show.err}`;
}

/**
 * Wait until every job and array task of `ids` has ended; the state of each
 * (`12_3` for a task). Slurm keeps an ended job visible for MinJobAge
 * (300 s in the cluster's configuration), long past this wait.
 */
async function waitJobs(
  c: Cluster,
  ids: string[],
): Promise<Record<string, string>> {
  const deadline = Date.now() + JOBS_TIMEOUT_MS;
  for (;;) {
    const r = await exec(
      "squeue",
      ["-h", "-t", "all", "-j", ids.join(","), "-o", "%i %T %r"],
      { env: c.env },
    );
    assert.equal(r.code, 0, `squeue: ${r.err}`);
    const rows = r.out.split("\n").filter((l) => l !== "").map((l) =>
      l.split(" ")
    );
    if (rows.length > 0 && rows.every(([, state]) => TERMINAL.has(state!))) {
      return Object.fromEntries(
        rows.map(([id, state, reason]) => [
          id!,
          state === "CANCELLED" ? `${state} ${reason}` : state!,
        ]),
      );
    }
    if (Date.now() > deadline) {
      assert.fail(
        `jobs ${ids} not done after ${
          JOBS_TIMEOUT_MS / 1000
        } s:\n${r.out}\n${await diagnostics(
          c,
          ids,
        )}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Assert the end states of jobs, with their logs when they differ. */
async function assertStates(
  c: Cluster,
  ids: string[],
  states: Record<string, string>,
  expected: Record<string, string>,
): Promise<void> {
  const [got, want] = [sorted(states), sorted(expected)];
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    assert.deepEqual(got, want, await diagnostics(c, ids));
  }
}

/** An array of `tasks` tasks and the jobs after it, all completed. */
function allCompleted(ids: string[], tasks: number): Record<string, string> {
  const expected: Record<string, string> = {};
  for (let k = 0; k < tasks; k++) expected[`${ids[0]}_${k}`] = "COMPLETED";
  for (const id of ids.slice(1)) expected[id] = "COMPLETED";
  return expected;
}

function sorted(r: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(r).sort());
}

async function writeScript(path: string, body: string): Promise<void> {
  await Deno.writeTextFile(path, `#!/bin/bash\nset -eu\n${body}\n`);
}

/** The unsharded command, run here as the job scripts run the CLI. */
async function ember(c: Cluster, args: string[]): Promise<void> {
  const r = await exec("deno", ["run", "-A", MOD, ...args], { cwd: c.dir });
  assert.equal(r.code, 0, `${args.join(" ")}: ${r.out}${r.err}`);
}

async function assertSameBytes(a: string, b: string): Promise<void> {
  const [x, y] = [await Deno.readFile(a), await Deno.readFile(b)];
  assert.ok(
    x.length === y.length && x.every((v, i) => v === y[i]),
    `${a} (${x.length} bytes) differs from ${b} (${y.length} bytes)`,
  );
}

/**
 * Shard `args` four ways as an array job, merge the parts in a dependent job
 * into `DIR/NAME.merged.json`, and meanwhile run the unsharded command into
 * `DIR/NAME.single.json`; then compare the two.
 */
async function shardedEqualsSingle(
  c: Cluster,
  name: string,
  args: string[],
): Promise<void> {
  const prefix = `${c.dir}/${name}`;
  const array = await sbatch(c, [
    "--array=0-3",
    SHARDS,
    `${c.dir}/parts/${name}`,
    ...args,
  ]);
  const merge = await sbatch(c, [
    `--dependency=afterok:${array}`,
    "--kill-on-invalid-dep=yes",
    MERGE,
    `${c.dir}/parts/${name}`,
    "4",
    `${prefix}.merged.json`,
  ]);
  const [_, states] = await Promise.all([
    ember(c, [
      ...args.slice(0, 1),
      "--quiet",
      "--out",
      `${prefix}.single.json`,
      ...args.slice(1),
    ]),
    waitJobs(c, [array, merge]),
  ]);
  await assertStates(
    c,
    [array, merge],
    states,
    allCompleted([array, merge], 4),
  );
  await assertSameBytes(`${prefix}.merged.json`, `${prefix}.single.json`);
}

/** The fenced blocks of the Slurm recipe. */
async function slurmFences(): Promise<Fence[]> {
  const text = await Deno.readTextFile(`${ROOT}${DOC}`);
  return sectionFences(DOC, text, SLURM_SECTION);
}

Deno.test("slurm: docs/scale.md shows the job scripts exactly as examples/slurm/ has them", async () => {
  const shown: string[] = [];
  for (const fence of await slurmFences()) {
    const m = /^# (examples\/slurm\/[\w.]+\.sbatch):/.exec(
      fence.lines[1] ?? "",
    );
    if (m === null) continue;
    shown.push(m[1]!);
    assert.equal(
      `${fence.lines.join("\n")}\n`,
      await Deno.readTextFile(`${ROOT}${m[1]}`),
      `${DOC}:${fence.line}: the block differs from ${m[1]}`,
    );
  }
  assert.deepEqual(shown, [
    "examples/slurm/shards.sbatch",
    "examples/slurm/merge.sbatch",
  ]);
});

Deno.test({
  name: "slurm: an array job's tasks all run, then the job that depends on it",
}, async () => {
  await withCluster(async (c) => {
    await writeScript(
      `${c.dir}/task.sh`,
      'echo "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" >"task.$SLURM_ARRAY_TASK_ID.txt"',
    );
    await writeScript(
      `${c.dir}/join.sh`,
      "cat task.0.txt task.1.txt task.2.txt task.3.txt >all.txt",
    );
    const array = await sbatch(c, ["--array=0-3", `${c.dir}/task.sh`]);
    const join = await sbatch(c, [
      `--dependency=afterok:${array}`,
      "--kill-on-invalid-dep=yes",
      `${c.dir}/join.sh`,
    ]);
    const states = await waitJobs(c, [array, join]);
    await assertStates(
      c,
      [array, join],
      states,
      allCompleted([array, join], 4),
    );
    assert.equal(
      await Deno.readTextFile(`${c.dir}/all.txt`),
      "0/4\n1/4\n2/4\n3/4\n",
    );
  });
});

Deno.test({
  name:
    "slurm: a failed array task cancels the dependent job, which never runs",
}, async () => {
  await withCluster(async (c) => {
    await writeScript(
      `${c.dir}/task.sh`,
      '[ "$SLURM_ARRAY_TASK_ID" != 2 ] || exit 3\ntouch "task.$SLURM_ARRAY_TASK_ID.txt"',
    );
    await writeScript(`${c.dir}/join.sh`, "touch joined.txt");
    const array = await sbatch(c, ["--array=0-3", `${c.dir}/task.sh`]);
    const join = await sbatch(c, [
      `--dependency=afterok:${array}`,
      "--kill-on-invalid-dep=yes",
      `${c.dir}/join.sh`,
    ]);
    const states = await waitJobs(c, [array, join]);
    await assertStates(c, [array, join], states, {
      [`${array}_0`]: "COMPLETED",
      [`${array}_1`]: "COMPLETED",
      [`${array}_2`]: "FAILED",
      [`${array}_3`]: "COMPLETED",
      [join]: "CANCELLED DependencyNeverSatisfied",
    });
    const made = [];
    for await (const e of Deno.readDir(c.dir)) {
      if (e.name.endsWith(".txt")) made.push(e.name);
    }
    assert.deepEqual(made.sort(), ["task.0.txt", "task.1.txt", "task.3.txt"]);
  });
});

/**
 * The run of the Slurm recipe: its submission block as docs/scale.md shows
 * it, run from the cluster's folder (with `examples/` linked there, for the
 * block's relative paths); the merged result must be the unsharded run's.
 */
async function docRecipe(c: Cluster): Promise<void> {
  const [submit] = (await slurmFences()).filter((f) => f.tag === "sh");
  const script = `set -e\nln -s "$1" examples\n${
    submit!.lines.join("\n")
  }\necho "$run $merge"`;
  const submitted = await exec(
    "bash",
    ["-c", script, "submit", `${ROOT}examples`],
    { env: c.env, cwd: c.dir },
  );
  assert.equal(
    submitted.code,
    0,
    `${DOC}:${submit!.line}: ${submitted.out}${submitted.err}`,
  );
  const ids = submitted.out.trim().split(" ");
  const single = `${c.dir}/run.single.json`;
  const [, states] = await Promise.all([
    ember(c, ["run", "--policy", "greedy", "--quiet", "--out", single]),
    waitJobs(c, ids),
  ]);
  await assertStates(c, ids, states, allCompleted(ids, 4));
  await assertSameBytes(`${c.dir}/results/greedy.json`, single);
}

Deno.test("slurm: run, aggregate and compare sharded 4 ways and merged give the unsharded bytes", async (t) => {
  await withCluster(async (c) => {
    const greedy = `${c.dir}/results/greedy.json`;
    const fireAware = `${c.dir}/fire_aware.json`;
    const steps: [string, () => Promise<void>][] = [
      ["run --shard K/4: the commands of docs/scale.md", () => docRecipe(c)],
      [
        "aggregate --shard K/4 --resamples 200",
        () =>
          shardedEqualsSingle(c, "aggregate", [
            "aggregate",
            "--resamples",
            "200",
            greedy,
          ]),
      ],
      ["compare --shard K/4 --resamples 200 (B = fire_aware)", async () => {
        await ember(c, [
          "run",
          "--policy",
          "fire_aware",
          "--quiet",
          "--out",
          fireAware,
        ]);
        await shardedEqualsSingle(c, "compare", [
          "compare",
          "--resamples",
          "200",
          greedy,
          fireAware,
        ]);
      }],
    ];
    const failed: string[] = [];
    for (const [name, fn] of steps) {
      if (!(await t.step(name, fn))) failed.push(name);
    }
    // Thrown here, so that withCluster keeps the folder and its job logs.
    assert.deepEqual(failed, [], "steps failed");
  });
});
