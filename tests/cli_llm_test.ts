/**
 * A real model, end to end: `examples/openai_chat_policy.ts` run by the CLI
 * under `--policy-allow-net=127.0.0.1:PORT --policy-allow-env=…` against a
 * local HTTP server in this test that plays the model, with garbage, slow
 * answers, server errors and an outage (`examples/mock_model_server.ts`,
 * scripted). Network: 127.0.0.1 only, and every request loop is bounded (3
 * attempts per step). The mock reports token usage; the transcript's
 * `info.usage` and `summary --transcript`'s totals must be what it reported,
 * counted here from the prompts and answers by the mock's documented rule.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put, suiteText } from "./cli_support.ts";
import {
  type MockReply,
  type MockRequest,
  serveMockModel,
} from "../examples/mock_model_server.ts";

const EXAMPLE = new URL("../examples/openai_chat_policy.ts", import.meta.url)
  .pathname;
const EXAMPLES = new URL("../examples", import.meta.url).pathname;
const KEY = "test-key-5e1f0c";
const VARS = "EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL";

type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
};
type Seen = {
  path: string;
  auth: string | null;
  model: string;
  step: number;
  /** For an answer: the usage the mock reports with it. */
  usage?: Usage;
};

/** The mock's rule (mock_model_server.ts): 4 characters a token, rounded up. */
function ruleOfFour(prompt: string, content: string): Usage {
  const p = Math.ceil(Array.from(prompt).length / 4);
  const c = Math.ceil(Array.from(content).length / 4);
  return { prompt_tokens: p, completion_tokens: c, total_tokens: p + c };
}

/**
 * The example mock model, scripted: its answer depends on the step asked
 * about, and any other path serves a module (which the sandbox must never
 * import).
 */
function fakeModel(seen: Seen[]) {
  let step2 = 0;
  return serveMockModel({
    reply: (request) => {
      const { path, authorization, model, step } = request;
      const reply = script(request);
      seen.push({
        path,
        auth: authorization,
        model,
        step,
        ...("content" in reply
          ? { usage: ruleOfFour(request.prompt, reply.content) }
          : {}),
      });
      return reply;
    },
  });

  function script(
    { path, model, step, people }: MockRequest,
  ): MockReply {
    if (path !== "/v1/chat/completions") {
      return {
        status: 200,
        body: "export default 1;",
        contentType: "application/javascript",
      };
    }
    if (model === "down") return { status: 503, body: "busy" };
    const answer = Object.fromEntries(
      people.map((
        p,
      ) => [p.person_id, p.position[0] === 2 ? "north" : "west"]),
    );
    if (step === 1) return { content: "I would lead everyone west, calmly." };
    if (step === 2 && step2++ % 2 === 0) return { status: 500, body: "oops" };
    if (step === 3) {
      return {
        content: "```json\n" + JSON.stringify(answer) + "\n```",
        delayMs: 300,
      };
    }
    if (step === 4) {
      return { content: JSON.stringify({ ...answer, p1: "up" }) };
    }
    return { content: JSON.stringify(answer) };
  }
}

function run(dir: string, port: number, model: string, policy = EXAMPLE) {
  return cli(
    dir,
    [
      `--allow-read=${EXAMPLES},s.json,.`,
      "--allow-write=.",
      "--allow-run=deno,bwrap",
      `--allow-env=${VARS}`,
    ],
    [
      "run",
      "--suite",
      "s.json",
      "--policy",
      policy,
      "--model-id",
      "llm",
      "--policy-allow-net",
      `127.0.0.1:${port}`,
      "--policy-allow-env",
      VARS,
      "--step-timeout-ms",
      "5000",
      "--transcript",
      "t.jsonl",
      "--out",
      "r.json",
    ],
    {
      env: {
        EMBER_LLM_URL: `http://127.0.0.1:${port}/v1`,
        EMBER_LLM_KEY: KEY,
        EMBER_LLM_MODEL: model,
        EMBER_UNRELATED_SECRET: "never-passed-on",
      },
    },
  );
}

Deno.test("llm example: garbage, server errors and slow answers against a local model; the key stays private", async () => {
  const seen: Seen[] = [];
  const server = fakeModel(seen);
  try {
    await inTempDir(async (dir) => {
      // "hot" burns out within 2 steps; "cold" has no fire and runs longer.
      await put(dir, "s.json", suiteText(1, ["hot", "cold"]));
      const r = await run(dir, server.addr.port, "fake-1");
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /note: this suite has seeds below 2\^32/);
      // The decisions, after the header line.
      const all = (await Deno.readTextFile(`${dir}/t.jsonl`)).trim()
        .split("\n").slice(1).map((l) => JSON.parse(l));
      const result = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
      const records = result.episodes.map((
        e: { record: { steps: { actions: unknown }[] } },
      ) => e.record.steps);
      assert.equal(all.length, records[0].length + records[1].length);
      const transcript = all.filter((l) => l.episode === 1);
      const steps = records[1];
      assert.ok(steps.length >= 4, String(steps.length));
      // Every answer's usage, in request order (one lane, so the order of
      // the decisions), is in its decision's info.
      const answered = seen.filter((s) => s.usage !== undefined);
      assert.equal(answered.length, all.length);
      all.forEach((l, i) => assert.deepEqual(l.info.usage, answered[i]!.usage));
      // Step 1: no JSON at all, so everyone stays and info says why.
      assert.deepEqual(transcript[0].actions, { p1: "stay", p2: "stay" });
      assert.deepEqual(transcript[0].info.problems, [
        "no JSON object in the reply",
      ]);
      assert.equal(
        transcript[0].info.reply,
        "I would lead everyone west, calmly.",
      );
      // Step 2: a 500, then the retry's answer; step 3 slow, in a code fence.
      assert.deepEqual(Object.keys(transcript[1].info), ["usage"]);
      assert.equal(seen.filter((s) => s.step === 2).length, 4);
      assert.ok(transcript[2].ms >= 300, String(transcript[2].ms));
      assert.deepEqual(Object.keys(transcript[2].info), ["usage"]);
      // Step 4: an invalid action for p1 (still on its way to the exit).
      assert.equal(transcript[3].actions.p1, "stay");
      assert.deepEqual(transcript[3].info.problems, [
        'p1: "up" is not an action',
      ]);
      transcript.forEach((l, i) =>
        assert.deepEqual(l.actions, steps[i].actions)
      );
      assert.ok(
        seen.every((s) => s.auth === `Bearer ${KEY}` && s.model === "fake-1"),
      );
      assert.equal(
        seen.length,
        all.length + 2,
        "one request per step, one retry per episode",
      );
      for (
        const text of [r.out, r.err, await Deno.readTextFile(`${dir}/t.jsonl`)]
      ) {
        assert.ok(!text.includes(KEY));
      }
      const v = await cli(dir, ["--allow-read=s.json,r.json"], [
        "verify",
        "--suite",
        "s.json",
        "r.json",
      ]);
      assert.equal(v.code, 0, v.err);

      // summary --transcript totals what the mock reported.
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
          `^llm +${all.length} of ${all.length} +${sum("prompt_tokens")} +${
            sum("completion_tokens")
          }$`,
          "m",
        ),
      );

      // An outage: 3 attempts, then the run stops, resumably.
      seen.length = 0;
      const down = await run(dir, server.addr.port, "down");
      assert.equal(down.code, 1);
      assert.match(down.err, /step 1: .*the model API failed \(HTTP 503\)/);
      assert.equal(seen.length, 3);
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("llm sandbox: granted net allows no import from that host, no other port and no other variable", async () => {
  const seen: Seen[] = [];
  const server = fakeModel(seen);
  try {
    await inTempDir(async (dir) => {
      await put(dir, "s.json", suiteText(1, ["hot"]));
      await put(
        dir,
        "probe.js",
        `export default async function (obs) {
  const r = {};
  const base = Deno.env.get("EMBER_LLM_URL").replace("/v1", "");
  try { await import([base, "/mod.js"].join("")); r.importHost = "ALLOWED"; } catch (e) { r.importHost = e.name; }
  try { await fetch("http://127.0.0.1:8081/"); r.otherPort = "ALLOWED"; } catch (e) { r.otherPort = e.name; }
  try { Deno.env.get("EMBER_UNRELATED_SECRET"); r.otherVar = "ALLOWED"; } catch (e) { r.otherVar = e.name; }
  throw new Error("PROBE " + JSON.stringify(r));
}`,
      );
      const r = await run(dir, server.addr.port, "fake-1", "./probe.js");
      assert.equal(r.code, 1);
      assert.match(
        r.err,
        /PROBE \{"importHost":"TypeError","otherPort":"NotCapable","otherVar":"NotCapable"\}/,
      );
      assert.ok(!r.err.includes("never-passed-on"));
      assert.equal(seen.length, 0, "nothing was fetched from the granted host");
    });
  } finally {
    await server.shutdown();
  }
});
