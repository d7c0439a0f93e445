/**
 * `examples/mock_model_server.ts` started as its documentation says (with
 * `--port 0`, so parallel tests never share a port): an OpenAI-style chat
 * reply whose content is the actions worked out by hand for the observation
 * the example policy's prompt draws, with its token usage by the mock's
 * rule; 404, 400 and 413 for what is not a chat
 * request; one usage line for a bad port; and Ctrl-C (SIGINT) stops it.
 */

import assert from "node:assert/strict";
import { render } from "../examples/openai_chat_policy.ts";
import { MAX_BODY_BYTES } from "../examples/mock_model_server.ts";

const SERVER = new URL("../examples/mock_model_server.ts", import.meta.url)
  .pathname;

/**
 * The west exit burns; the east one is 7 steps from p01 either way round
 * the wall, and east is farther from the fire at [1, 0] (4 cells against
 * 2 for north). p02 stands next to the east exit.
 */
const OBSERVATION = {
  scenario_id: "loop",
  step: 0,
  max_steps: 20,
  grid: ["#######", "F.....E", "#.###.#", "#.....#", "#######"],
  exits: [
    { exit_id: "west", position: [1, 0] as [number, number], usable: false },
    { exit_id: "east", position: [1, 6] as [number, number], usable: true },
  ],
  burning: [[1, 0]] as [number, number][],
  people: [
    { person_id: "p01", position: [3, 1] as [number, number], trapped: false },
    { person_id: "p02", position: [1, 5] as [number, number], trapped: false },
  ],
};

/** Read standard error up to the first newline. */
async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  reader.releaseLock();
  return text.split("\n")[0]!;
}

Deno.test("mock model: answers the prompt's observation, refuses the rest, stops on Ctrl-C", async () => {
  const child = new Deno.Command("deno", {
    args: ["run", "--allow-net=127.0.0.1", SERVER, "--port", "0"],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    const line = await firstLine(child.stderr);
    const base = /^mock model: (http:\/\/127\.0\.0\.1:\d+\/v1) /.exec(line)
      ?.[1];
    assert.ok(base !== undefined, line);
    const post = (body: string) =>
      fetch(`${base}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });

    const r = await post(JSON.stringify({
      model: "mock",
      messages: [
        { role: "system", content: "Reply with JSON only." },
        { role: "user", content: render(OBSERVATION) },
      ],
    }));
    assert.equal(r.status, 200);
    const data = await r.json();
    assert.equal(data.choices[0].message.role, "assistant");
    assert.deepEqual(JSON.parse(data.choices[0].message.content), {
      p01: "east",
      p02: "east",
    });
    // A token per 4 characters, rounded up: the content
    // {"p01":"east","p02":"east"} has 27, so 7 tokens.
    const prompt = Math.ceil(render(OBSERVATION).length / 4);
    assert.equal(data.choices[0].message.content.length, 27);
    assert.deepEqual(data.usage, {
      prompt_tokens: prompt,
      completion_tokens: 7,
      total_tokens: prompt + 7,
    });

    const missing = await fetch(`${base}/models`);
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    const garbled = await post("{not json");
    assert.equal(garbled.status, 400);
    await garbled.body?.cancel();
    const huge = await post("x".repeat(MAX_BODY_BYTES + 1));
    assert.equal(huge.status, 413);
    await huge.body?.cancel();
  } finally {
    child.kill("SIGINT");
  }
  const stopped = await Promise.race([
    child.status,
    new Promise<"still running">((r) =>
      setTimeout(() => r("still running"), 10_000)
    ),
  ]);
  if (stopped === "still running") child.kill("SIGKILL");
  assert.notEqual(stopped, "still running");
  assert.equal((stopped as Deno.CommandStatus).code, 0);
  await child.stderr.cancel().catch(() => {});
});

Deno.test("mock model: a bad port gets one usage line and exit code 2", async () => {
  const r = await new Deno.Command("deno", {
    args: ["run", "--allow-net=127.0.0.1", SERVER, "--port", "http"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(r.code, 2);
  assert.equal(
    new TextDecoder().decode(r.stderr),
    "error: usage: mock_model_server.ts [--port N] (N from 0 to 65535; got --port http)\n",
  );
});
