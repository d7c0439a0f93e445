/**
 * `examples/python/llm_agent.py` run by `run --policy-exec` against the
 * mock model (`examples/mock_model_server.ts`, scripted): a 429 with
 * Retry-After and a 5xx are retried after the delays the agent documents,
 * `info.usage` holds what the mock reported (counted here from the prompts
 * and answers by the mock's documented rule), an outage and a refused key
 * stop the run resumably, and the records equal those of the TypeScript
 * example against the same mock (the same prompt, so the same answers).
 * Network: 127.0.0.1 only.
 *
 * @module
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put, suiteText } from "./cli_support.ts";
import { serveMockModel } from "../examples/mock_model_server.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const AGENT = "examples/python/llm_agent.py";
const KEY = "test-key-7c2a91";
const VARS = "EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL";

type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
};
type Seen = {
  at: number;
  step: number;
  auth: string | null;
  model: string;
  status: number;
  usage?: Usage;
};

/** The mock's rule (mock_model_server.ts): 4 characters a token, rounded up. */
function ruleOfFour(prompt: string, content: string): Usage {
  const p = Math.ceil(Array.from(prompt).length / 4);
  const c = Math.ceil(Array.from(content).length / 4);
  return { prompt_tokens: p, completion_tokens: c, total_tokens: p + c };
}

/**
 * The mock, scripted: the first request about step 1 gets a 429 asking
 * for 1 s, the first about step 2 a 503; model "down" is always 503,
 * model "denied" 401. Every other request gets the mock's own answer.
 */
function scriptedModel(seen: Seen[]) {
  const asked = new Map<number, number>();
  return serveMockModel({
    reply: (r) => {
      const n = (asked.get(r.step) ?? 0) + 1;
      asked.set(r.step, n);
      const base = {
        at: performance.now(),
        step: r.step,
        auth: r.authorization,
        model: r.model,
      };
      const fail = r.model === "down"
        ? 503
        : r.model === "denied"
        ? 401
        : r.step === 1 && n === 1
        ? 429
        : r.step === 2 && n === 1
        ? 503
        : 0;
      if (fail !== 0) {
        seen.push({ ...base, status: fail });
        return {
          status: fail,
          body: "try later",
          ...(fail === 429 ? { headers: { "Retry-After": "1" } } : {}),
        };
      }
      const content = JSON.stringify(r.answer);
      seen.push({ ...base, status: 200, usage: ruleOfFour(r.prompt, content) });
      return { content };
    },
  });
}

function runAgent(dir: string, port: number, model: string) {
  return cli(ROOT, [
    `--allow-read=examples/python,${dir}`,
    `--allow-write=${dir}`,
    "--allow-run=python3,bwrap,ps",
    `--allow-env=${VARS}`,
  ], [
    "run",
    "-q",
    "--suite",
    `${dir}/s.json`,
    "--policy-exec",
    "--model-id",
    "llm",
    `--policy-allow-net=127.0.0.1:${port}`,
    `--policy-allow-env=${VARS}`,
    "--step-timeout-ms",
    "15000",
    "--transcript",
    `${dir}/t.jsonl`,
    "--out",
    `${dir}/r.json`,
    "--",
    "python3",
    AGENT,
  ], {
    env: {
      EMBER_LLM_URL: `http://127.0.0.1:${port}/v1`,
      EMBER_LLM_KEY: KEY,
      EMBER_LLM_MODEL: model,
    },
  });
}

Deno.test("llm_agent.py: a 429 with Retry-After and a 503 are retried; info.usage is what the mock reported", async () => {
  const seen: Seen[] = [];
  const server = scriptedModel(seen);
  try {
    await inTempDir(async (dir) => {
      await put(dir, "s.json", suiteText(1, ["hot", "cold"]));
      const r = await runAgent(dir, server.addr.port, "m-1");
      assert.equal(r.code, 0, r.err);
      const decisions = (await Deno.readTextFile(`${dir}/t.jsonl`)).trim()
        .split("\n").slice(1).map((l) => JSON.parse(l));
      const answered = seen.filter((s) => s.status === 200);
      // One lane: the answers come in the order of the decisions.
      assert.equal(decisions.length, answered.length);
      decisions.forEach((d, i) =>
        assert.deepEqual(d.info.usage, answered[i]!.usage)
      );
      const first = decisions[0]!;
      assert.deepEqual([first.episode, first.step], [0, 1]);
      assert.deepEqual(first.info.retried, ["HTTP 429"]);
      assert.deepEqual(decisions[1].info.retried, ["HTTP 503"]);
      assert.ok(
        decisions.slice(2).every((d) => d.info.retried === undefined),
      );
      // The retry waits what Retry-After asks (1 s), the 503 the first
      // backoff (0.5 s).
      const after = (status: number) => {
        const i = seen.findIndex((s) => s.status === status);
        return seen[i + 1]!.at - seen[i]!.at;
      };
      assert.ok(after(429) >= 950, `${after(429)} ms`);
      assert.ok(after(503) >= 450, `${after(503)} ms`);
      assert.equal(seen.length, answered.length + 2);
      assert.ok(
        seen.every((s) => s.auth === `Bearer ${KEY}` && s.model === "m-1"),
      );
      for (
        const text of [r.err, await Deno.readTextFile(`${dir}/t.jsonl`)]
      ) {
        assert.ok(!text.includes(KEY));
      }
      const sum = (k: keyof Usage) =>
        answered.reduce((n, s) => n + s.usage![k], 0);
      const totals = await cli(dir, ["--allow-read=t.jsonl"], [
        "summary",
        "--transcript",
        "t.jsonl",
      ]);
      assert.equal(totals.code, 0, totals.err);
      assert.match(
        totals.out,
        new RegExp(
          `^llm +${decisions.length} of ${decisions.length} +${
            sum("prompt_tokens")
          } +${sum("completion_tokens")}$`,
          "m",
        ),
      );
      const v = await cli(dir, ["--allow-read=s.json,r.json"], [
        "verify",
        "--suite",
        "s.json",
        "r.json",
      ]);
      assert.equal(v.code, 0, v.err);

      // The TypeScript example, same mock, same prompts: the same result.
      const ts = await cli(dir, [
        `--allow-read=${ROOT}examples,.`,
        "--allow-write=.",
        "--allow-run=deno,bwrap",
        `--allow-env=${VARS}`,
      ], [
        "run",
        "-q",
        "--suite",
        "s.json",
        "--policy",
        `${ROOT}examples/openai_chat_policy.ts`,
        "--model-id",
        "llm",
        `--policy-allow-net=127.0.0.1:${server.addr.port}`,
        `--policy-allow-env=${VARS}`,
        "--step-timeout-ms",
        "15000",
        "--out",
        "ts.json",
      ], {
        env: {
          EMBER_LLM_URL: `http://127.0.0.1:${server.addr.port}/v1`,
          EMBER_LLM_MODEL: "m-1",
        },
      });
      assert.equal(ts.code, 0, ts.err);
      assert.deepEqual(
        await Deno.readFile(`${dir}/ts.json`),
        await Deno.readFile(`${dir}/r.json`),
      );
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("llm_agent.py: an outage (4 attempts) and a refused key (1) stop the run with the agent's reason", async () => {
  const seen: Seen[] = [];
  const server = scriptedModel(seen);
  try {
    await inTempDir(async (dir) => {
      await put(dir, "s.json", suiteText(1, ["hot"]));
      const down = await runAgent(dir, server.addr.port, "down");
      assert.equal(down.code, 1);
      assert.match(
        down.err,
        /^note: --policy-allow-net gives an agent the host's whole network, not only 127\.0\.0\.1:\d+\nerror: model llm, episode 0: scenario hot, seed 0, step 1: controller failed: --policy-exec: the model API failed after 4 attempts \(HTTP 503, HTTP 503, HTTP 503, HTTP 503\)\n/,
      );
      assert.equal(seen.length, 4);
      seen.length = 0;
      const denied = await runAgent(dir, server.addr.port, "denied");
      assert.equal(denied.code, 1);
      assert.match(
        denied.err,
        /controller failed: --policy-exec: the model API failed after 1 attempts \(HTTP 401\)\n/,
      );
      assert.equal(seen.length, 1);
    });
  } finally {
    await server.shutdown();
  }
});
