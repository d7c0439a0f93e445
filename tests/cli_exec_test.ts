/**
 * `run --policy-exec -- CMD ARG…`: external agents over agent protocol
 * 1.0. The Python greedy agent gives the built-in greedy's bytes; every
 * way an agent can break the protocol or die stops the run with one line
 * naming the episode, exit 1, and the episodes completed before it kept.
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
const GREEDY = `${ROOT}examples/python/greedy_agent.py`;
const FAULTY = `${ROOT}tests/fixtures/agents/faulty_agent.py`;
const PROBE = `${ROOT}tests/fixtures/agents/probe_agent.py`;
const ALL = ["-A"];

async function needBwrap(): Promise<void> {
  let ok = false;
  try {
    ok =
      (await new Deno.Command("bwrap", { args: ["--version"], stdout: "null" })
        .output()).success;
  } catch {
    ok = false;
  }
  assert.ok(
    ok,
    "bwrap (Debian package bubblewrap) is needed by these tests; .ci/run installs it",
  );
}

// The agent's file relative to the checkout, as a user types it; the CLI
// runs there with the fewest permissions of README's row.
const GREEDY_ARG = "examples/python/greedy_agent.py";
const EXEC_FLAGS = (dir: string) => [
  `--allow-read=examples/python,${dir}`,
  `--allow-write=${dir}`,
  "--allow-run=python3,bwrap,ps",
];

for (const concurrency of ["1", "4"]) {
  Deno.test(`the Python greedy agent gives the built-in greedy's bytes at --concurrency ${concurrency}`, async () => {
    await needBwrap();
    await inTempDir(async (dir) => {
      // Through bubblewrap (the default where it runs), a relative path.
      const agent = await cli(ROOT, EXEC_FLAGS(dir), [
        "run",
        "-q",
        "--policy-exec",
        "--model-id",
        "M",
        "--concurrency",
        concurrency,
        "--out",
        `${dir}/e.json`,
        "--",
        "python3",
        GREEDY_ARG,
      ]);
      assert.equal(agent.code, 0, agent.err);
      assert.equal(agent.err, "");
      assert.deepEqual(
        await Deno.readFile(`${dir}/e.json`),
        await builtinGreedyBytes(dir, ALL, "M"),
      );
    });
  });
}

Deno.test("an agent's file argument the CLI may not read is refused, naming the flag", async () => {
  await inTempDir(async (dir) => {
    const run = await cli(ROOT, [
      `--allow-read=${dir}`,
      `--allow-write=${dir}`,
      "--allow-run=python3,bwrap,ps",
    ], [
      "run",
      "--policy-exec",
      "--model-id",
      "M",
      "--out",
      `${dir}/e.json`,
      "--",
      "python3",
      GREEDY_ARG,
    ]);
    assert.equal(run.code, 1);
    assert.equal(
      run.err,
      `error: --policy-exec: cannot tell whether the agent's argument "${GREEDY_ARG}" names a file, as the CLI may not read it: add --allow-read=${GREEDY_ARG} (the agent starts in an empty folder of its own, so the CLI passes the files its arguments name as absolute paths)\n`,
    );
    assert.equal(await exists(dir, "e.json"), false);
  });
});

Deno.test("without bubblewrap, an agent's working folder needs --allow-write to the temporary folder", async () => {
  await inTempDir(async (dir) => {
    const run = await cli(ROOT, EXEC_FLAGS(dir), [
      "run",
      "--policy-exec",
      "--policy-isolate=off",
      "--model-id",
      "M",
      "--out",
      `${dir}/e.json`,
      "--",
      "python3",
      GREEDY_ARG,
    ], { env: { TMPDIR: "/tmp" } });
    assert.equal(run.code, 1);
    assert.match(
      run.err,
      /\nerror: --policy-exec: the agent's own working folder is made in \/tmp, which the CLI may not write: add --allow-write=\/tmp\n$/,
    );
    assert.equal(await exists(dir, "e.json"), false);
  });
});

Deno.test("a --model-id after -- is the agent's argument, not the CLI's", async () => {
  await inTempDir(async (dir) => {
    // As the issue first wrote the command: the CLI has no --model-id.
    const after = await cli(ROOT, EXEC_FLAGS(dir), [
      "run",
      "--policy-exec",
      "--",
      "python3",
      GREEDY_ARG,
      "--model-id",
      "M",
    ]);
    assert.equal(after.code, 2);
    assert.match(
      after.err,
      /^error: --model-id ID is required with --policy-exec, before --: everything after -- is the agent's own argv, so the --model-id there is the agent's argument, not the CLI's\n/,
    );
    // Given to both: the greedy agent takes no argument and says so.
    await put(dir, "suite.json", suiteText(1));
    const both = await cli(ROOT, EXEC_FLAGS(dir), [
      "run",
      "-q",
      "--policy-exec",
      "--model-id",
      "M",
      "--suite",
      `${dir}/suite.json`,
      "--out",
      `${dir}/e.json`,
      "--",
      "python3",
      GREEDY_ARG,
      "--model-id",
      "M",
    ]);
    assert.equal(both.code, 1);
    assert.match(
      both.err,
      /controller failed: --policy-exec: the policy process ended \(exit code 2\); its standard error ends with:\npolicy\[episode 0\]: greedy_agent\.py takes no argument, got --model-id M \(the CLI's options, --model-id among them, go before --\)\n/,
    );
    assert.equal(await exists(dir, "e.json"), false);
  });
});

/** A faulty agent's run over the 10 episodes of `suiteText()`. */
async function faulty(dir: string, mode: string, more: string[] = []) {
  await put(dir, "suite.json", suiteText());
  return await cli(dir, ALL, [
    "run",
    "-q",
    "--policy-exec",
    "--model-id",
    "M",
    "--suite",
    "suite.json",
    "--policy-isolate=off",
    "--step-timeout-ms",
    "1500",
    ...more,
    "--out",
    "f.json",
    "--",
    "python3",
    FAULTY,
    mode,
    `${dir}/counter`,
  ]);
}

const WARNING =
  "warning: --policy-isolate=off: the agent runs as your own program, with your files, network and processes in reach (docs/agent-protocol.md)\n";
const KEPT =
  "\n1 completed episodes are saved in f.json; continue with --resume\n";

const CASES: [string, RegExp][] = [
  [
    "wrong_id",
    /^protocol error at episode 1, step 1: an answer whose id is not the request's \(written ahead, or for another request\): "/,
  ],
  [
    "ahead",
    // Which of the two depends on whether the next request went out before
    // the guess arrived; the wire cannot tell the two apart.
    /^protocol error at episode 1, step [12]: an answer (while no request was outstanding \(written ahead\)|whose id is not the request's \(written ahead, or for another request\)): "/,
  ],
  [
    "second",
    /^protocol error at episode 1, step 2: a second answer to step 1: "/,
  ],
  [
    "nonjson",
    /^protocol error at episode 1, step 1: a line that is not a protocol frame: "thinking about the exits\.\.\."/,
  ],
  [
    "underscore",
    /^protocol error at episode 1, step 1: an answer's "actions" holds "_actions" or "_info"/,
  ],
  ["killed", /^the policy process ended \(exit signal SIGKILL\)$/],
  ["hang", /^policy did not answer within 1500 ms at episode 1, step 1$/],
  [
    "flood",
    /^protocol error at episode 1, step 1: an answer line longer than 458752 bytes/,
  ],
];

for (const [mode, reason] of CASES) {
  Deno.test(`an agent that breaks the protocol (${mode}) stops the run, keeping episode 0`, async () => {
    await inTempDir(async (dir) => {
      const run = await faulty(dir, mode);
      assert.equal(run.code, 1, run.err);
      assert.ok(run.err.startsWith(WARNING), run.err);
      assert.ok(run.err.endsWith(KEPT), run.err);
      const line = run.err.slice(WARNING.length, -KEPT.length);
      assert.ok(!line.includes("\n"), line);
      const head = "error: model M, episode 1: scenario hot, seed 1, step ";
      assert.ok(line.startsWith(head), line);
      const detail = line.replace(/^.*?controller failed: --policy-exec: /, "");
      assert.match(detail, reason);
      // Episode 0 is in f.json, a valid result that verify proves.
      const verified = await cli(dir, ALL, [
        "verify",
        "--suite",
        "suite.json",
        "f.json",
      ]);
      assert.equal(verified.code, 0, verified.err);
      const result = JSON.parse(await Deno.readTextFile(`${dir}/f.json`));
      assert.deepEqual(result.episodes.map((e: { index: number }) => e.index), [
        0,
      ]);
      await resumesToGreedy(dir);
    });
  });
}

/**
 * Nothing was lost: `--resume` with a sound agent completes f.json to the
 * bytes of the built-in greedy over the whole suite.
 */
async function resumesToGreedy(dir: string): Promise<void> {
  const resumed = await cli(dir, ALL, [
    "run",
    "-q",
    "--policy-exec",
    "--model-id",
    "M",
    "--suite",
    "suite.json",
    "--policy-isolate=off",
    "--resume",
    "--out",
    "f.json",
    "--",
    "python3",
    GREEDY,
  ]);
  assert.equal(resumed.code, 0, resumed.err);
  assert.deepEqual(
    await Deno.readFile(`${dir}/f.json`),
    await builtinGreedyBytes(dir, ALL, "M", "suite.json"),
  );
}

Deno.test("an agent that exits at once stops the run before any episode", async () => {
  await inTempDir(async (dir) => {
    const run = await faulty(dir, "exit");
    assert.equal(run.code, 1);
    assert.equal(
      run.err,
      `${WARNING}error: model M, episode 0: scenario hot, seed 0, step 1: controller failed: --policy-exec: the policy process ended (exit code 3)\nno episode was completed; f.json was not written\n`,
    );
    assert.equal(
      await Deno.stat(`${dir}/f.json`).catch(() => undefined),
      undefined,
    );
  });
});

Deno.test("a command that does not exist is refused before the run", async () => {
  await inTempDir(async (dir) => {
    const run = await cli(dir, ALL, [
      "run",
      "--policy-exec",
      "--model-id",
      "M",
      "--out",
      "f.json",
      "--",
      "no-such-agent-3f1",
    ]);
    assert.equal(run.code, 1);
    assert.equal(
      run.err,
      'error: --policy-exec: cannot start the agent "no-such-agent-3f1": no such command (looked for on the agent\'s PATH)\n',
    );
    assert.equal(
      await Deno.stat(`${dir}/f.json`).catch(() => undefined),
      undefined,
    );
  });
});

Deno.test("--policy-exec needs a command after -- and excludes --policy", async () => {
  await inTempDir(async (dir) => {
    const none = await cli(dir, ALL, [
      "run",
      "--policy-exec",
      "--model-id",
      "M",
    ]);
    assert.equal(none.code, 2);
    assert.match(
      none.err,
      /^error: --policy-exec needs the agent's command after --/,
    );
    const both = await cli(dir, ALL, [
      "run",
      "--policy",
      "greedy",
      "--policy-exec",
      "--",
      "python3",
    ]);
    assert.equal(both.code, 2);
    assert.match(
      both.err,
      /^error: --policy and --policy-exec exclude each other/,
    );
    const model = await cli(dir, ALL, [
      "run",
      "--policy-exec",
      "--",
      "python3",
    ]);
    assert.match(
      model.err,
      /^error: --model-id ID is required with --policy-exec/,
    );
  });
});

Deno.test("an isolated agent sees no suite, results, home or network, and its own PID namespace", async () => {
  await needBwrap();
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", suiteText(1));
    await put(dir, "old.json", "{}");
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = `${(listener.addr as Deno.NetAddr).port}`;
    const accepting = (async () => {
      for await (const c of listener) c.close();
    })();
    const home = Deno.env.get("HOME")!;
    const probe = async (net: string[]) => {
      const run = await cli(dir, ALL, [
        "run",
        "-q",
        "--policy-exec",
        "--model-id",
        "M",
        "--suite",
        "suite.json",
        "--policy-isolate=required",
        ...net,
        "--transcript",
        "t.jsonl",
        "--out",
        "old.json",
        "--",
        "python3",
        PROBE,
        home,
        port,
        `${dir}/suite.json`,
        `${dir}/old.json`,
      ]);
      assert.equal(run.code, 0, run.err);
      const lines = (await Deno.readTextFile(`${dir}/t.jsonl`)).trim().split(
        "\n",
      );
      return JSON.parse(lines[1]!).info;
    };
    try {
      const sealed = await probe([]);
      assert.deepEqual(sealed.files, [-1, -1], "suite and result unreadable");
      assert.deepEqual(sealed.folder, [], "the home folder is empty");
      assert.equal(sealed.net, false);
      assert.ok(sealed.pid < 10, `pid ${sealed.pid}`);
      assert.equal(sealed.cwd, "/tmp/agent");
      assert.deepEqual(sealed.cwd_entries, []);
      // PWD: bubblewrap's --chdir sets it (to /tmp/agent).
      assert.deepEqual(sealed.env, [
        "HOME",
        "LANG",
        "NO_COLOR",
        "PATH",
        "PWD",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONUNBUFFERED",
        "TMPDIR",
      ]);
      const open = await probe(["--policy-allow-net=127.0.0.1"]);
      assert.equal(
        open.net,
        true,
        "the host's network with --policy-allow-net",
      );
    } finally {
      listener.close();
      await accepting.catch(() => {});
    }
  });
});

Deno.test("--policy-isolate=required fails clearly where bubblewrap cannot run", async () => {
  await inTempDir(async (dir) => {
    const run = await cli(dir, [
      "--allow-read",
      "--allow-write",
      "--allow-run=python3,ps",
      "--allow-env",
    ], [
      "run",
      "--policy-exec",
      "--model-id",
      "M",
      "--policy-isolate=required",
      "--",
      "python3",
      GREEDY,
    ]);
    assert.equal(run.code, 1);
    assert.match(
      run.err,
      /^error: --policy-isolate: required, but the Linux isolation is unavailable: bwrap is not on the PATH or the CLI may not run it/,
    );
  });
});
