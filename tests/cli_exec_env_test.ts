/**
 * What an external agent gets (`run --policy-exec`, without bubblewrap):
 * a scrubbed environment (the `--policy-allow-env` names, `PATH` and the
 * documented rest), an empty working folder of its own that is removed
 * after it, its argv as given, and a memory bound on its whole process
 * tree; `--quiet` drops its standard error, which is otherwise forwarded
 * under the episode's prefix.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  builtinGreedyBytes,
  cli,
  exists,
  inTempDir,
  put,
  suiteText,
} from "./cli_support.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ENV_AGENT = `${ROOT}tests/fixtures/agents/env_agent.py`;
const MEMORY_AGENT = `${ROOT}tests/fixtures/agents/memory_agent.py`;
// The interpreter itself, not a wrapper (pyenv's shim adds variables).
const PYTHON = new TextDecoder().decode(
  new Deno.Command("python3", {
    args: ["-c", "import sys; print(sys.executable)"],
  }).outputSync().stdout,
).trim();
const WARNING =
  "warning: --policy-isolate=off: the agent runs as your own program, with your files, network and processes in reach (docs/agent-protocol.md)\n";

/** A run of env_agent.py whose working folders go to `dir/tmp`. */
async function envRun(dir: string, more: string[]) {
  await put(dir, "suite.json", suiteText(1, ["hot"]));
  await Deno.mkdir(`${dir}/tmp`);
  return await cli(dir, ["-A"], [
    "run",
    ...more,
    "--policy-exec",
    "--model-id",
    "M",
    "--suite",
    "suite.json",
    "--policy-isolate=off",
    "--policy-allow-env=EMBER_GRANTED",
    "--transcript",
    "t.jsonl",
    "--out",
    "r.json",
    "--",
    PYTHON,
    ENV_AGENT,
    "plain-arg",
  ], {
    env: {
      TMPDIR: `${dir}/tmp`,
      EMBER_GRANTED: "granted-value",
      EMBER_SECRET: "never-passed-on",
    },
  });
}

Deno.test("an agent gets only the granted names, PATH and the documented rest, and an empty folder of its own", async () => {
  await inTempDir(async (dir) => {
    const run = await envRun(dir, []);
    assert.equal(run.code, 0, run.err);
    const lines = (await Deno.readTextFile(`${dir}/t.jsonl`)).trim().split(
      "\n",
    );
    const info = JSON.parse(lines[1]!).info;
    const cwd: string = info.cwd;
    assert.ok(cwd.startsWith(`${dir}/tmp/ember-agent-`), cwd);
    assert.deepEqual(info.env, {
      EMBER_GRANTED: "granted-value",
      HOME: cwd,
      LANG: "C.UTF-8",
      NO_COLOR: "1",
      PATH: Deno.env.get("PATH"),
      PYTHONDONTWRITEBYTECODE: "1",
      PYTHONUNBUFFERED: "1",
      TMPDIR: cwd,
    });
    assert.deepEqual(info.argv, ["plain-arg"]);
    assert.deepEqual(info.cwd_entries, []);
    assert.equal(info.writable, true);
    // Every process's folder (the spare's too) is gone after the run.
    assert.deepEqual([...Deno.readDirSync(`${dir}/tmp`)], []);
    assert.ok(
      run.err.includes("\npolicy[episode 0]: hello from the agent\n"),
      run.err,
    );
    assert.ok(!run.err.includes("never-passed-on"));
  });
});

Deno.test("--quiet drops an agent's standard error", async () => {
  await inTempDir(async (dir) => {
    const run = await envRun(dir, ["-q"]);
    assert.equal(run.code, 0, run.err);
    assert.equal(run.err, WARNING);
  });
});

Deno.test("--policy-max-memory-mb bounds the agent's whole process tree (read with ps, killed with kill)", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", suiteText(1, ["hot"]));
    await Deno.mkdir(`${dir}/tmp`);
    const run = await cli(dir, [
      `--allow-read=${ROOT}tests/fixtures/agents,${dir}`,
      `--allow-write=${dir}`,
      `--allow-run=${PYTHON},ps,kill`,
    ], [
      "run",
      "-q",
      "--policy-exec",
      "--model-id",
      "M",
      "--suite",
      "suite.json",
      "--policy-isolate=off",
      "--policy-max-memory-mb",
      "128",
      "--step-timeout-ms",
      "20000",
      "--out",
      "r.json",
      "--",
      PYTHON,
      MEMORY_AGENT,
      "300",
    ], { env: { TMPDIR: `${dir}/tmp` } });
    assert.equal(run.code, 1, run.err);
    assert.match(
      run.err,
      /^warning: --policy-isolate=off: .*\nerror: model M, episode 0: scenario hot, seed 0, step 1: controller failed: --policy-exec: memory limit: the agent's process tree reached \d+ MiB of resident memory, over --policy-max-memory-mb 128; it was stopped\nno episode was completed; r\.json was not written\n$/,
    );
    assert.equal(await exists(dir, "r.json"), false);
  });
});

Deno.test("without bubblewrap or a cgroup, an agent's run needs leave to kill its children", async () => {
  await inTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/tmp`);
    const run = await cli(dir, [
      `--allow-read=${ROOT}tests/fixtures/agents,${dir}`,
      `--allow-write=${dir}`,
      `--allow-run=${PYTHON},ps`,
    ], [
      "run",
      "--policy-exec",
      "--model-id",
      "M",
      "--policy-isolate=off",
      "--out",
      "r.json",
      "--",
      PYTHON,
      MEMORY_AGENT,
      "300",
    ], { env: { TMPDIR: `${dir}/tmp` } });
    assert.equal(run.code, 1);
    assert.equal(
      run.err,
      `${WARNING}error: --policy-exec: without bubblewrap or a memory cgroup, the CLI stops an agent's child processes with the kill command: add --allow-run=kill (or run with -A)\n`,
    );
    assert.equal(await exists(dir, "r.json"), false);
  });
});

Deno.test("an agent's standard error is bounded by --policy-stderr-max-bytes, the rest counted", async () => {
  await inTempDir(async (dir) => {
    const run = await envRun(dir, ["--policy-stderr-max-bytes", "5"]);
    assert.equal(run.code, 0, run.err);
    // Lines are shown whole: "hello from the agent\n" (21 bytes) does not
    // fit in 5, so it is dropped and counted.
    assert.ok(!run.err.includes("policy[episode 0]:"), run.err);
    assert.ok(
      run.err.includes(
        "\nnote: episode 0's policy wrote 21 more bytes to standard error than the 5 that --policy-stderr-max-bytes shows; they were dropped\n",
      ),
      run.err,
    );
  });
});

// -A: a memory cgroup where the CLI can make one (root), else /proc;
// the named flags: ps reads the tree and kill ends it.
for (const how of ["-A", "ps"]) {
  Deno.test(`an agent that lingers after the end of its input is killed after the grace period; the run goes on (${how})`, async () => {
    await inTempDir(async (dir) => {
      await put(dir, "suite.json", suiteText(1));
      await Deno.mkdir(`${dir}/tmp`);
      const started = performance.now();
      const flags = how === "-A" ? ["-A"] : [
        `--allow-read=${ROOT}tests/fixtures/agents,${ROOT}examples/python,${dir}`,
        `--allow-write=${dir}`,
        `--allow-run=${PYTHON},ps,kill`,
      ];
      const run = await cli(dir, flags, [
        "run",
        "-q",
        "--policy-exec",
        "--model-id",
        "M",
        "--suite",
        "suite.json",
        "--policy-isolate=off",
        "--out",
        "r.json",
        "--",
        PYTHON,
        `${ROOT}tests/fixtures/agents/linger_agent.py`,
      ], { env: { TMPDIR: `${dir}/tmp` } });
      const seconds = (performance.now() - started) / 1000;
      assert.equal(run.code, 0, run.err);
      // Each agent (and its child) would hold the run for 120 s.
      assert.ok(seconds < 60, `${seconds} s`);
      assert.deepEqual(
        await Deno.readFile(`${dir}/r.json`),
        await builtinGreedyBytes(dir, ["-A"], "M", "suite.json"),
      );
    });
  });
}
