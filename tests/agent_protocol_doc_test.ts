/**
 * The worked episode of docs/agent-protocol.md is real: the CLI, running
 * the greedy agent on the page's suite, sends the page's `>` lines (ids
 * aside: they are random), and the agent, fed the page's `>` lines,
 * writes exactly the page's `<` lines.
 *
 * @module
 */

import assert from "node:assert/strict";
import { cli, inTempDir } from "./cli_support.ts";
import { fences } from "./doc_fences.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const DOC = "docs/agent-protocol.md";
const TEE = `${ROOT}tests/fixtures/agents/tee_agent.py`;
const GREEDY = `${ROOT}examples/python/greedy_agent.py`;
const HEADING = "## A worked episode of an external agent";

/** The page's suite (the json fence) and exchange (the text fence). */
function worked(): { suite: string; lines: string[] } {
  const text = Deno.readTextFileSync(`${ROOT}${DOC}`);
  const at = text.split("\n").indexOf(HEADING) + 1;
  assert.ok(at > 0, `${DOC} has no "${HEADING}"`);
  const after = fences(DOC, text).filter((f) => f.line > at);
  const suite = after.find((f) => f.tag === "json");
  const exchange = after.find((f) => f.tag === "text");
  assert.ok(suite !== undefined && exchange !== undefined);
  return { suite: suite.lines.join("\n"), lines: exchange.lines };
}

const noIds = (line: string) => line.replace(/"id":\d+/, '"id":N');

Deno.test("the worked episode's lines are what the CLI sends for the page's suite", async () => {
  const { suite, lines } = worked();
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/tiny.json`, suite);
    const run = await cli(dir, ["-A"], [
      "run",
      "-q",
      "--policy-exec",
      "--model-id",
      "greedy",
      "--suite",
      "tiny.json",
      "--policy-isolate=off",
      "--out",
      "t.json",
      "--",
      "python3",
      TEE,
      `${dir}/log`,
    ]);
    assert.equal(run.code, 0, run.err);
    // The episode's process, not the spare that only got the end of input.
    const logs: string[] = [];
    for (const e of Deno.readDirSync(dir)) {
      if (e.name.startsWith("log.")) {
        logs.push(Deno.readTextFileSync(`${dir}/${e.name}`));
      }
    }
    const played = logs.filter((l) => l.includes('"observation"'));
    assert.equal(played.length, 1, logs.join("\n---\n"));
    assert.deepEqual(
      played[0]!.trimEnd().split("\n").map(noIds),
      lines.map(noIds),
    );
  });
});

Deno.test("the greedy agent, fed the worked episode's requests, writes its answers", async () => {
  const { lines } = worked();
  const requests = lines.filter((l) => l.startsWith("> {")).map((l) =>
    l.slice(2)
  );
  const answers = lines.filter((l) => l.startsWith("< ")).map((l) =>
    l.slice(2)
  );
  // Each answer carries its request's id.
  const ids = (ls: string[]) => ls.map((l) => JSON.parse(l).id);
  assert.deepEqual(ids(answers.slice(1)), ids(requests));
  const child = new Deno.Command("python3", {
    args: [GREEDY],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(requests.map((r) => `${r}\n`).join("")),
  );
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0);
  assert.deepEqual(
    new TextDecoder().decode(out.stdout).trimEnd().split("\n"),
    answers,
  );
});
