/**
 * `env`: a trainer that owns the loop drives episodes over JSON lines.
 * The bytes of what it writes are held to `run`'s (a separate path: the
 * runner, its policies and its result writer); the error lines are
 * written out by hand here.
 */

import assert from "node:assert/strict";
import { greedyActions } from "../src/policies/greedy.ts";
import type { Observation } from "../src/types.ts";
import {
  builtinGreedyBytes,
  CLI,
  cli,
  type CliRun,
  exists,
  inTempDir,
  listDir,
  put,
  suiteText,
} from "./cli_support.ts";

/** An `env` process: one request line written, one answer line read. */
class Env {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: AsyncIterator<string>;
  readonly #err: Promise<string>;
  readonly sent: string[] = [];
  readonly received: string[] = [];

  constructor(cwd: string, flags: readonly string[], args: readonly string[]) {
    this.#child = new Deno.Command("deno", {
      args: ["run", "--no-prompt", ...flags, CLI, "env", ...args],
      cwd,
      env: { NO_COLOR: "1" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#lines = lines(this.#child.stdout);
    this.#err = new Response(this.#child.stderr).text();
  }

  /** Send a raw line; its answer, parsed. */
  async raw(line: string): Promise<Record<string, unknown>> {
    this.sent.push(line);
    await this.#writer.write(new TextEncoder().encode(`${line}\n`));
    const next = await this.#lines.next();
    assert.ok(!next.done, `no answer to ${line}`);
    this.received.push(next.value);
    return JSON.parse(next.value);
  }

  ask(request: unknown): Promise<Record<string, unknown>> {
    return this.raw(JSON.stringify(request));
  }

  /** Play episode `k` to its end with greedy's actions; its last answer. */
  async playGreedy(k: number): Promise<Record<string, unknown>> {
    let answer = await this.ask({ op: "reset", episode: k });
    for (;;) {
      const obs = answer.observation as Observation;
      answer = await this.ask({
        op: "step",
        episode: k,
        actions: greedyActions(obs),
      });
      assert.equal(answer.error, undefined, String(answer.error));
      if (answer.done === true) return answer;
    }
  }

  /** End input; exit code and standard error. */
  async end(): Promise<{ code: number; err: string }> {
    await this.#writer.close();
    for (;;) {
      const next = await this.#lines.next();
      if (next.done) break;
      this.received.push(next.value);
    }
    const { code } = await this.#child.status;
    return { code, err: await this.#err };
  }

  async kill(): Promise<void> {
    this.#child.kill("SIGKILL");
    await this.#child.status;
    await this.#writer.close().catch(() => {});
    await this.#err;
  }
}

async function* lines(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of stream) {
    buffered += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffered.indexOf("\n")) >= 0) {
      yield buffered.slice(0, cut);
      buffered = buffered.slice(cut + 1);
    }
  }
}

const FLAGS = (dir: string) => [`--allow-read=${dir}`, `--allow-write=${dir}`];
/** Six episodes: scenario "hot" (fire) seeds 0–2, then "cold" seeds 0–2. */
const EPISODES = 6;

/**
 * `env --model-id g` over the six-episode suite, writing `env.json`, in
 * `dir` (the suite written there first).
 */
async function evaluationEnv(dir: string): Promise<Env> {
  await put(dir, "suite.json", suiteText(3));
  return new Env(dir, FLAGS(dir), [
    "--model-id",
    "g",
    "--suite",
    `${dir}/suite.json`,
    "--out",
    `${dir}/env.json`,
  ]);
}

/** `env.json` is byte for byte what `run --policy greedy --model-id g` writes. */
async function sameAsRun(dir: string): Promise<void> {
  assert.deepEqual(
    await Deno.readFile(`${dir}/env.json`),
    await builtinGreedyBytes(dir, FLAGS(dir), "g", `${dir}/suite.json`),
  );
}

/** `verify` of `env.json` against the suite: it must pass. */
async function verifiedEnvResult(dir: string): Promise<CliRun> {
  const v = await cli(dir, [`--allow-read=${dir}`], [
    "verify",
    "--suite",
    `${dir}/suite.json`,
    `${dir}/env.json`,
  ]);
  assert.equal(v.code, 0, v.err);
  return v;
}

/** Close the session, see it exit 0, and compare with run (`sameAsRun`). */
async function closedSameAsRun(env: Env, dir: string): Promise<void> {
  await env.ask({ op: "close" });
  assert.equal((await env.end()).code, 0);
  await sameAsRun(dir);
}

/** Any key named `seed` anywhere in a JSON value. */
function hasSeedKey(v: unknown): boolean {
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some(hasSeedKey);
  return Object.entries(v).some(([k, x]) => k === "seed" || hasSeedKey(x));
}

Deno.test("env: greedy's actions, episodes in order, give run's bytes; no answer holds a seed", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    const schedule = await env.ask({ op: "schedule" });
    assert.deepEqual(
      (schedule.episodes as { scenario_id: string }[]).map((e) =>
        e.scenario_id
      ),
      ["hot", "hot", "hot", "cold", "cold", "cold"],
    );
    for (let k = 0; k < EPISODES; k++) {
      const last = await env.playGreedy(k);
      assert.equal(last.observation, null);
      assert.ok(typeof last.metrics === "object");
    }
    const closed = await env.ask({ op: "close" });
    const { code, err } = await env.end();
    assert.equal(code, 0, err);
    const bytes = await Deno.readFile(`${dir}/env.json`);
    assert.deepEqual(
      bytes,
      await builtinGreedyBytes(dir, FLAGS(dir), "g", `${dir}/suite.json`),
    );
    // The result digest is SHA-256 of the result's canonical bytes.
    const digest = Array.from(
      new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    assert.deepEqual(closed, { result_digest: digest });
    assert.match(err, /wrote .*env\.json \(6 of 6 episodes, model g/);
    assert.ok(!env.received.some((l) => hasSeedKey(JSON.parse(l))));
    // The journal is gone after a complete close.
    assert.deepEqual(
      (await listDir(dir)).filter((n) => n.startsWith(".")),
      [],
    );
  });
});

Deno.test("env: several episodes open at once, in any order, still give run's bytes", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    // Interleave three episodes step by step, last scheduled first.
    for (const batch of [[5, 1, 3], [0, 4, 2]]) {
      const obs = new Map<number, Observation>();
      for (const k of batch) {
        obs.set(
          k,
          (await env.ask({ op: "reset", episode: k }))
            .observation as Observation,
        );
      }
      while (obs.size > 0) {
        for (const [k, o] of [...obs]) {
          const a = await env.ask({
            op: "step",
            episode: k,
            actions: greedyActions(o),
          });
          if (a.done === true) obs.delete(k);
          else obs.set(k, a.observation as Observation);
        }
      }
    }
    await closedSameAsRun(env, dir);
  });
});

Deno.test("env: every refused request gets its one error line and changes nothing", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    const refusals: [string, Record<string, unknown>][] = [
      ["not json", {
        error: "line 1: not JSON: invalid literal (at byte 0)",
      }],
      ["[1]", { error: "a request is a JSON object" }],
      ['{"op":"jump"}', {
        error:
          'unknown op "jump": expected "schedule", "reset", "step" or "close"',
      }],
      ['{"episode":0}', {
        episode: 0,
        error: 'a request needs "op": "schedule", "reset", "step" or "close"',
      }],
      ['{"op":"step","episode":0,"actions":{}}', {
        episode: 0,
        error:
          "episode 0 is not open (reset it first; a finished or failed episode stays closed)",
      }],
      ['{"op":"reset","episode":6}', {
        episode: 6,
        error: '"episode" must be a scheduled episode index, 0 to 5, found 6',
      }],
      ['{"op":"reset","episode":1.0}', {
        error: '"episode" must be a scheduled episode index, 0 to 5, found 1.0',
      }],
      ['{"op":"reset","episode":"0"}', {
        error: '"episode" must be a scheduled episode index, 0 to 5, found "0"',
      }],
      ['{"op":"reset","episode":0,"seed":1}', {
        episode: 0,
        error:
          'unexpected field "seed" in a reset request (it takes "episode")',
      }],
      ['{"op":"close","now":true}', {
        error: 'a close request takes no field but "op", found "now"',
      }],
    ];
    for (const [line, expected] of refusals) {
      assert.deepEqual(await env.raw(line), expected, line);
    }
    // Open episode 0, then refuse a second reset: it stays open.
    await env.ask({ op: "reset", episode: 0 });
    assert.deepEqual(await env.ask({ op: "reset", episode: 0 }), {
      episode: 0,
      error:
        "episode 0 is already open: each scheduled episode is played once per result",
    });
    // Nothing changed: every episode played now gives run's bytes. Episode
    // 0 is open already, so play it from its reset's observation.
    const first = JSON.parse(env.received.at(-2)!);
    let obs = first.observation as Observation;
    for (;;) {
      const a = await env.ask({
        op: "step",
        episode: 0,
        actions: greedyActions(obs),
      });
      if (a.done === true) break;
      obs = a.observation as Observation;
    }
    assert.deepEqual(await env.ask({ op: "reset", episode: 0 }), {
      episode: 0,
      error:
        "episode 0 has finished: each scheduled episode is played once per result",
    });
    for (let k = 1; k < EPISODES; k++) await env.playGreedy(k);
    await closedSameAsRun(env, dir);
  });
});

Deno.test("env: invalid actions end that episode as failed (missing), the session goes on", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    await env.ask({ op: "reset", episode: 2 });
    assert.deepEqual(
      await env.ask({
        op: "step",
        episode: 2,
        actions: { p1: "west", p2: "fly" },
      }),
      {
        episode: 2,
        error:
          'episode 2, step 1: action "fly" for p2 is not one of stay, north, east, south, west; the episode ended as failed (it counts as missing from the result)',
      },
    );
    assert.deepEqual(await env.ask({ op: "reset", episode: 2 }), {
      episode: 2,
      error:
        "episode 2 has failed: each scheduled episode is played once per result",
    });
    for (const k of [0, 1, 3, 4, 5]) await env.playGreedy(k);
    await env.ask({ op: "close" });
    const { code, err } = await env.end();
    assert.equal(code, 0, err);
    const v = await verifiedEnvResult(dir);
    assert.match(v.out, /model g, 5 of 6 scheduled episodes replayed/);
    assert.match(
      v.err,
      /incomplete: .*env\.json: 1 of 6 scheduled episodes missing; first missing: 2 \(hot, seed 2\)/,
    );
  });
});

Deno.test("env: input ended without close, or a kill, leaves what env --resume continues to run's bytes", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", suiteText(3));
    const args = [
      "--model-id",
      "g",
      "--suite",
      `${dir}/suite.json`,
      "--out",
      `${dir}/env.json`,
    ];
    // Two episodes finished, a third left open; input ends.
    const first = new Env(dir, FLAGS(dir), args);
    await first.playGreedy(0);
    await first.playGreedy(4);
    await first.ask({ op: "reset", episode: 1 });
    const ended = await first.end();
    assert.equal(ended.code, 1);
    assert.match(
      ended.err,
      /env\.json: input ended without close: 2 of 6 episodes saved; `env --resume` continues/,
    );
    const v = await verifiedEnvResult(dir);
    assert.match(v.out, /2 of 6 scheduled episodes replayed/);
    // Resumed: the saved episodes stay finished; one more, then a kill.
    const second = new Env(dir, FLAGS(dir), [...args, "--resume"]);
    assert.deepEqual(await second.ask({ op: "reset", episode: 4 }), {
      episode: 4,
      error:
        "episode 4 has finished: each scheduled episode is played once per result",
    });
    await second.playGreedy(2);
    await second.kill();
    // Resumed again from what the kill left: the rest, then close.
    const third = new Env(dir, FLAGS(dir), [...args, "--resume"]);
    const schedule = await third.ask({ op: "schedule" });
    assert.deepEqual(
      (schedule.episodes as { standing: string }[]).map((e) => e.standing),
      ["finished", "fresh", "finished", "fresh", "finished", "fresh"],
    );
    for (const k of [1, 3, 5]) await third.playGreedy(k);
    await closedSameAsRun(third, dir);
  });
});

Deno.test("env --train: any scenario and seed, the evaluation mode's observations, nothing written", async () => {
  await inTempDir(async (dir) => {
    const evaluation = await evaluationEnv(dir);
    // Episode 1 is scenario "hot", seed 1 (the suite's second seed).
    await evaluation.playGreedy(1);
    await evaluation.end();
    const train = new Env(dir, [`--allow-read=${dir}`], [
      "--train",
      "--suite",
      `${dir}/suite.json`,
    ]);
    assert.deepEqual(await train.ask({ op: "schedule" }), {
      scenarios: ["hot", "cold"],
    });
    for (const round of [0, 1]) {
      let a = await train.ask({ op: "reset", scenario: "hot", seed: 1 });
      assert.equal(a.episode, round);
      const k = a.episode;
      for (;;) {
        a = await train.ask({
          op: "step",
          episode: k,
          actions: greedyActions(a.observation as Observation),
        });
        if (a.done === true) break;
      }
    }
    // Same observations and events, step for step; episode ids apart.
    const strip = (l: string) => {
      const v = JSON.parse(l);
      delete v.episode;
      return JSON.stringify(v);
    };
    const evalLines = evaluation.received.map(strip);
    const trainLines = train.received.slice(1).map(strip);
    assert.deepEqual(trainLines, [...evalLines, ...evalLines]);
    assert.deepEqual(
      await train.ask({ op: "reset", scenario: "warm", seed: 1 }),
      {
        error:
          '"scenario" must be one of the suite\'s scenarios (hot, cold), found "warm"',
      },
    );
    assert.deepEqual(await train.ask({ op: "close" }), { closed: true });
    assert.equal((await train.end()).code, 0);
    const usage = await cli(dir, FLAGS(dir), [
      "env",
      "--train",
      "--out",
      `${dir}/t.json`,
    ]);
    assert.equal(usage.code, 2);
    assert.match(
      usage.err,
      /--train writes no result: --out cannot go with it/,
    );
    assert.ok(!(await exists(dir, "t.json")));
  });
});

Deno.test("env: a line over the request bound is refused, and what finished is kept", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    await env.playGreedy(0);
    const huge = `{"op":"step","episode":1,"actions":"${"x".repeat(1 << 20)}"}`;
    const answer = await env.raw(huge);
    const n = env.sent.length;
    assert.deepEqual(answer, {
      error: `line ${n}: a line over the bytes bound of 1048576; input closed`,
    });
    const { code, err } = await env.end();
    assert.equal(code, 1);
    assert.ok(
      err.includes(
        `error: <stdin>: standard input, line ${n}: a line over the bytes bound of 1048576`,
      ),
      err,
    );
    const v = await verifiedEnvResult(dir);
    assert.match(v.out, /1 of 6 scheduled episodes replayed/);
  });
});

const PY_CLIENT = new URL("../examples/python/ember_env.py", import.meta.url)
  .pathname;

Deno.test("env: the Python client plays the suite with greedy's actions to run's bytes, one and four episodes open", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", suiteText(3));
    const expected = await builtinGreedyBytes(
      dir,
      FLAGS(dir),
      "py",
      `${dir}/suite.json`,
    );
    for (const vector of ["1", "4"]) {
      const py = await new Deno.Command("python3", {
        args: [
          PY_CLIENT,
          "--model-id",
          "py",
          "--suite",
          `${dir}/suite.json`,
          "--out",
          `${dir}/py${vector}.json`,
          "--vector",
          vector,
        ],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const err = new TextDecoder().decode(py.stderr);
      assert.equal(py.code, 0, err);
      assert.match(
        err,
        /wrote .*py\d\.json \(result digest [0-9a-f]{64}; \d+ steps in [\d.]+ s, \d+ steps\/s\)/,
      );
      assert.deepEqual(
        await Deno.readFile(`${dir}/py${vector}.json`),
        expected,
      );
    }
  });
});

Deno.test("env: the Python client's Gymnasium shapes and its two rewards", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", suiteText(3));
    // Episode 0 (scenario "hot", with fire) under both rewards: "terminal"
    // pays only on the last step, evacuated rate minus casualty rate;
    // "events" pays each step's evacuations minus its casualties, so its
    // sum is evacuated minus casualties of the metrics.
    const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(PY_CLIENT.replace(/\/[^/]*$/, ""))})
from ember_env import EmberEnv
from greedy_agent import actions
out = {}
for reward, name in (("terminal", "a.json"), ("events", "b.json")):
    env = EmberEnv(model_id="m", out=${JSON.stringify(dir)} + "/" + name,
                   suite=${JSON.stringify(`${dir}/suite.json`)}, reward=reward)
    obs, info = env.reset(episode=0)
    rewards, done = [], False
    while not done:
        obs, r, terminated, truncated, info = env.step(actions(obs))
        rewards.append(r)
        done = terminated or truncated
    safety = info["metrics"]["safety"]
    out[reward] = {"rewards": rewards, "safety": safety, "info_keys": sorted(info),
                   "last_obs": obs, "terminated": terminated, "truncated": truncated,
                   "digest": env.close()}
print(json.dumps(out))
`;
    const py = await new Deno.Command("python3", {
      args: ["-c", script],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(py.code, 0, new TextDecoder().decode(py.stderr));
    const out = JSON.parse(new TextDecoder().decode(py.stdout));
    for (const mode of ["terminal", "events"]) {
      const o = out[mode];
      assert.deepEqual(o.info_keys, ["episode", "events", "metrics"]);
      assert.equal(o.last_obs, null);
      assert.equal(o.terminated !== o.truncated, true);
      assert.match(o.digest, /^[0-9a-f]{64}$/);
    }
    const t = out.terminal;
    assert.ok(t.rewards.slice(0, -1).every((r: number) => r === 0));
    assert.equal(
      t.rewards.at(-1),
      t.safety.evacuated_rate - t.safety.casualty_rate,
    );
    const e = out.events;
    assert.equal(
      e.rewards.reduce((a: number, b: number) => a + b, 0),
      e.safety.evacuated - e.safety.casualties,
    );
    assert.equal(e.rewards.length, t.rewards.length);
  });
});

Deno.test("env: docs/agent-protocol.md's worked session is what env answers, line for line", async () => {
  const doc = await Deno.readTextFile(
    new URL("../docs/agent-protocol.md", import.meta.url),
  );
  const at = doc.indexOf("<!-- env-session:");
  assert.ok(at >= 0, "no env-session marker in docs/agent-protocol.md");
  const block = doc.slice(doc.indexOf("```text\n", at) + 8);
  const session = block.slice(0, block.indexOf("```")).trimEnd().split("\n");
  const sent = session.filter((l) => l.startsWith("> ")).map((l) => l.slice(2));
  const got = session.filter((l) => l.startsWith("< ")).map((l) => l.slice(2));
  assert.equal(sent.length, got.length);
  assert.ok(sent.length >= 5);
  await inTempDir(async (dir) => {
    await Deno.copyFile(
      new URL("../examples/python/tiny_suite.json", import.meta.url),
      `${dir}/tiny_suite.json`,
    );
    const env = new Env(dir, FLAGS(dir), [
      "--quiet",
      "--model-id",
      "demo",
      "--suite",
      "tiny_suite.json",
      "--out",
      "tiny_result.json",
    ]);
    for (const line of sent) await env.raw(line);
    assert.equal((await env.end()).code, 0);
    assert.deepEqual(env.received, got);
  });
});

Deno.test("env: close with no finished episode answers an error, exits 1 and writes nothing", async () => {
  await inTempDir(async (dir) => {
    const env = await evaluationEnv(dir);
    await env.ask({ op: "reset", episode: 3 });
    assert.deepEqual(await env.ask({ op: "close" }), {
      error: "close: no episode has finished, so there is no result to write",
    });
    const { code, err } = await env.end();
    assert.equal(code, 1);
    assert.match(err, /error: .*env\.json: close: no episode has finished/);
    assert.deepEqual(await listDir(dir), ["suite.json"]);
  });
});
