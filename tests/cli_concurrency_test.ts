/**
 * `run --concurrency N` and `--transcript`: the same result bytes for any
 * N, transcripts in (episode, step) order, `--resume` exact after an
 * interrupt at N > 1.
 */

import assert from "node:assert/strict";
import {
  cli,
  inTempDir,
  put,
  spawnCli,
  suiteText,
  untilExists,
} from "./cli_support.ts";

// Deterministic, but answers after a delay that varies by person count and
// step, so episodes finish out of order at N > 1.
const SLOW_POLICY = `
export default async function (obs) {
  await new Promise((r) => setTimeout(r, 5 + ((obs.step * 7 + obs.people.length * 13) % 17)));
  const actions = Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
  return { _actions: actions, _info: { active: obs.people.length } };
}`;

const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];

type Line = {
  episode: number;
  step: number;
  actions: Record<string, string>;
  ms: number;
  info?: { active: number };
};

/** The decision lines of a transcript, after its header line. */
function lines(text: string): Line[] {
  assert.ok(text.endsWith("\n"));
  const [header, ...rest] = text.slice(0, -1).split("\n");
  assert.equal(JSON.parse(header as string).transcript_version, "1.0");
  return rest.map((l) => JSON.parse(l));
}

Deno.test("cli run --concurrency: same bytes for N = 1 and 4; transcripts ordered and equal to the records", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(4));
    await put(dir, "slow.js", SLOW_POLICY);
    const outputs: Uint8Array[] = [];
    const transcripts: Line[][] = [];
    for (const n of ["1", "4"]) {
      const r = await cli(dir, FLAGS, [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "./slow.js",
        "--model-id",
        "slow",
        "--concurrency",
        n,
        "--transcript",
        `t${n}.jsonl`,
      ]);
      assert.equal(r.code, 0, r.err);
      outputs.push(r.stdout);
      transcripts.push(lines(await Deno.readTextFile(`${dir}/t${n}.jsonl`)));
    }
    assert.deepEqual(outputs[0], outputs[1]);
    const result = JSON.parse(new TextDecoder().decode(outputs[0]));
    // Every recorded step has its line, in (episode, step) order, with the
    // record's actions and the policy's info.
    const expected = result.episodes.flatMap((
      e: {
        index: number;
        record: { steps: { step: number; actions: Record<string, string> }[] };
      },
    ) =>
      e.record.steps.map((s) => ({
        episode: e.index,
        step: s.step,
        actions: s.actions,
        info: { active: Object.keys(s.actions).length },
      }))
    );
    for (const t of transcripts) {
      assert.deepEqual(t.map(({ ms: _, ...rest }) => rest), expected);
      for (const l of t) assert.ok(l.ms >= 5 && l.ms < 2000, String(l.ms));
    }
  });
});

Deno.test("cli run --concurrency 4: SIGINT, then --resume gives the uninterrupted bytes; the transcript covers that invocation", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(6));
    await put(dir, "slow.js", SLOW_POLICY);
    const args = [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./slow.js",
      "--model-id",
      "slow",
      "--concurrency",
      "4",
      "--out",
      "part.json",
    ];
    const child = spawnCli(dir, FLAGS, args);
    await untilExists(dir, "part.json", 20);
    child.kill("SIGINT");
    const stopped = await child.output();
    assert.equal(stopped.code, 130, new TextDecoder().decode(stopped.stderr));
    const partial = JSON.parse(await Deno.readTextFile(`${dir}/part.json`));
    const kept = partial.episodes.map((e: { index: number }) => e.index);
    assert.ok(kept.length >= 1 && kept.length < 12, String(kept));

    const resumed = await cli(dir, FLAGS, [
      ...args,
      "--resume",
      "--transcript",
      "resumed.jsonl",
    ]);
    assert.equal(resumed.code, 0, resumed.err);
    const one = await cli(dir, FLAGS, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./slow.js",
      "--model-id",
      "slow",
      "--out",
      "full.json",
    ]);
    assert.equal(one.code, 0, one.err);
    assert.deepEqual(
      await Deno.readFile(`${dir}/part.json`),
      await Deno.readFile(`${dir}/full.json`),
    );
    const ran = [
      ...new Set(
        lines(await Deno.readTextFile(`${dir}/resumed.jsonl`)).map((l) =>
          l.episode
        ),
      ),
    ];
    const all = Array.from({ length: 12 }, (_, i) => i);
    assert.deepEqual(ran, all.filter((i) => !kept.includes(i)));
  });
});

Deno.test("cli run: an answer with other underscore keys is refused", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1, ["hot"]));
    await put(
      dir,
      "under.js",
      `export default (obs) => ({ _actions: {}, _debug: 1 });`,
    );
    const r = await cli(dir, ["--allow-read=.", "--allow-run=deno"], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./under.js",
      "--model-id",
      "u",
    ]);
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /an answer with underscore keys must be \{"_actions": \{\.\.\.\}, "_info": \.\.\.\}; found keys \["_actions","_debug"\]/,
    );
  });
});

Deno.test("cli run --transcript with a built-in policy: one line per recorded step, in order", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(2));
    const r = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--concurrency",
      "3",
      "--transcript",
      "g.jsonl",
    ]);
    assert.equal(r.code, 0, r.err);
    const result = JSON.parse(r.out);
    const expected = result.episodes.flatMap((
      e: {
        index: number;
        record: { steps: { step: number; actions: Record<string, string> }[] };
      },
    ) =>
      e.record.steps.map((s) => ({
        episode: e.index,
        step: s.step,
        actions: s.actions,
      }))
    );
    const got = lines(await Deno.readTextFile(`${dir}/g.jsonl`));
    assert.deepEqual(got.map(({ ms: _, ...rest }) => rest), expected);
  });
});
