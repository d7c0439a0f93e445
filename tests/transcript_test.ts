/**
 * `run --transcript`: a header line, then decisions appended in (episode,
 * step) order at any concurrency, later episodes held in files on disk
 * until their turn, never rewritten; a kill leaves the header and whole
 * lines; `--resume` continues a transcript of the same run; a large `_info`
 * on every step costs the CLI no memory.
 */

import assert from "node:assert/strict";
import {
  cli,
  inTempDir,
  listDir,
  put,
  scenarioText,
  spawnCli,
  suiteText,
  untilExists,
} from "./cli_support.ts";
import { measureCli } from "./cli_memory_support.ts";
import { encode, type JsonValue, parse } from "../src/json/canonical.ts";
import {
  checkTranscriptHeader,
  Transcript,
} from "../src/policies/sandbox/transcript.ts";

const HASH = "ab".repeat(32);
const HEADER =
  `{"transcript_version":"1.0","model_id":"m","evaluation_manifest_hash":"${HASH}"}\n`;

/** A decision line as docs/cli.md specifies it, written out by hand. */
function line(episode: number, step: number, info?: string): string {
  return `{"episode":${episode},"step":${step},"actions":{"p":"west"},"ms":1.5${
    info === undefined ? "" : `,"info":${JSON.stringify(info)}`
  }}\n`;
}

function decision(episode: number, step: number, info?: string) {
  return {
    episode,
    step,
    actions: { p: "west" },
    ms: 1.46,
    ...(info === undefined ? {} : { info }),
  };
}

Deno.test("transcript: later episodes wait in files of their own on disk; each lands in (episode, step) order when its turn comes", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [0, 1, 2],
    });
    assert.deepEqual(await listDir(dir), []);
    t.start();
    assert.equal(await Deno.readTextFile(file), HEADER);
    t.add(decision(2, 1, "two"));
    t.add(decision(1, 1));
    t.add(decision(0, 1));
    t.add(decision(2, 2));
    // Episode 0 is the lowest unfinished one: it alone is in the
    // transcript; 1 and 2 are each in their own file, not in memory.
    assert.equal(await Deno.readTextFile(file), HEADER + line(0, 1));
    assert.equal(
      await Deno.readTextFile(`${file}.episode-1.part`),
      line(1, 1),
    );
    assert.equal(
      await Deno.readTextFile(`${file}.episode-2.part`),
      line(2, 1, "two") + line(2, 2),
    );
    t.episodeEnded(2); // out of turn: it waits
    assert.equal(await Deno.readTextFile(file), HEADER + line(0, 1));
    t.add(decision(0, 2));
    t.episodeEnded(0); // episode 1's line so far comes in; it now streams
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(0, 2) + line(1, 1),
    );
    assert.deepEqual(await listDir(dir), ["t.jsonl", "t.jsonl.episode-2.part"]);
    t.add(decision(1, 2));
    assert.deepEqual(await listDir(dir), ["t.jsonl", "t.jsonl.episode-2.part"]);
    t.episodeEnded(1); // and episode 2, already ended, follows at once
    t.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(0, 2) + line(1, 1) + line(1, 2) +
        line(2, 1, "two") + line(2, 2),
    );
    assert.deepEqual(await listDir(dir), ["t.jsonl"]);
  });
});

Deno.test("transcript: append-only under any interleaving: every state of the file is a prefix of the next, ending in (episode, step) order", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    // A fixed pseudo-random interleaving of 6 episodes, 4 at a time, with
    // steps of each episode in order and episodes ending in any order.
    let state = 12345;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const steps = [3, 1, 4, 2, 5, 3];
    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [0, 1, 2, 3, 4, 5],
    });
    t.start();
    const big = "x".repeat(100_000);
    let started = 0;
    const live: { episode: number; step: number }[] = [];
    let previous = await Deno.readFile(file);
    let count = 0;
    while (started < 6 || live.length > 0) {
      while (live.length < 4 && started < 6) {
        live.push({ episode: started++, step: 0 });
      }
      const k = rand(live.length);
      const ep = live[k]!;
      if (ep.step < steps[ep.episode]!) {
        ep.step++;
        t.add(decision(ep.episode, ep.step, ep.step === 2 ? big : undefined));
      } else {
        live.splice(k, 1);
        t.episodeEnded(ep.episode);
      }
      const now = await Deno.readFile(file);
      assert.ok(now.length >= previous.length);
      assert.deepEqual(now.subarray(0, previous.length), previous);
      previous = now;
      count++;
    }
    t.close();
    const expected = HEADER + steps.flatMap((n, e) =>
      Array.from(
        { length: n },
        (_, s) => line(e, s + 1, s + 1 === 2 ? big : undefined),
      )
    ).join("");
    assert.equal(await Deno.readTextFile(file), expected);
    assert.ok(count > 20);
    assert.deepEqual(await listDir(dir), ["t.jsonl"]);
  });
});

Deno.test("transcript: a run that stops appends the out-of-turn episodes in order (completed or not) and removes their files", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [0, 1, 2, 3],
    });
    t.start();
    t.add(decision(3, 1));
    t.add(decision(0, 1));
    t.add(decision(2, 1));
    t.add(decision(2, 2));
    t.episodeEnded(2);
    t.add(decision(3, 2));
    // Episode 0 fails here: no episodeEnded; episode 1 had no decision.
    t.close();
    t.add(decision(0, 2)); // after the end: nothing
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(2, 1) + line(2, 2) + line(3, 1) +
        line(3, 2),
    );
    assert.deepEqual(await listDir(dir), ["t.jsonl"]);
  });
});

Deno.test("transcript: a transcript never started leaves no file; a start removes the files a killed run left", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    const unused = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [0],
    });
    unused.close();
    assert.deepEqual(await listDir(dir), []);
    await put(dir, "t.jsonl.episode-7.part", line(7, 1));
    await put(dir, "t.jsonl.episode-x.part", "not ours");
    await put(dir, "u.jsonl.episode-7.part", "another transcript's");
    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [0],
    });
    t.start();
    t.close();
    assert.deepEqual(await listDir(dir), [
      "t.jsonl",
      "t.jsonl.episode-x.part",
      "u.jsonl.episode-7.part",
    ]);
  });
});

Deno.test("transcript --resume: the header must be this run's; the file is cut after the lines of resumed episodes and continued", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    // What a killed run left: episodes 0 and 1 whole, 2 in part, and a
    // last line cut short. The resumed result holds 0 and 1 only.
    const before = HEADER + line(0, 1) + line(0, 2) + line(1, 1) + line(2, 1) +
      line(2, 2).slice(0, 20);
    await put(dir, "t.jsonl", before);
    await checkTranscriptHeader(file, "m", HASH);
    await assert.rejects(
      () => checkTranscriptHeader(file, "other", HASH),
      {
        message:
          `${file}: cannot resume the transcript: it is for model "m", not "other"; give another --transcript FILE or remove this one`,
      },
    );
    await assert.rejects(
      () => checkTranscriptHeader(file, "m", "cd".repeat(32)),
      {
        message:
          `${file}: cannot resume the transcript: its evaluation_manifest_hash is "${HASH}", this run's is ${
            "cd".repeat(32)
          }; give another --transcript FILE or remove this one`,
      },
    );
    await put(dir, "old.jsonl", line(0, 1));
    await assert.rejects(
      () => checkTranscriptHeader(`${dir}/old.jsonl`, "m", HASH),
      /old\.jsonl: cannot resume the transcript: its first line is not a transcript 1\.0 header/,
    );
    assert.equal(await Deno.readTextFile(file), before);

    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [2, 3],
      resumed: new Set([0, 1]),
    });
    t.start();
    assert.deepEqual(t.cut, {
      bytes: (HEADER + line(0, 1) + line(0, 2) + line(1, 1)).length,
      lines: 3,
      moved: [],
      missing: [],
    });
    t.add(decision(3, 1));
    t.add(decision(2, 1));
    t.episodeEnded(2);
    t.episodeEnded(3);
    t.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(0, 2) + line(1, 1) + line(2, 1) + line(3, 1),
    );

    // After a stop at N > 1: episode 1 was dropped, 3 had completed out of
    // turn. 3's lines are moved out and put back after 1 runs again; 5 has
    // no line at all.
    await put(
      dir,
      "t.jsonl",
      HEADER + line(0, 1) + line(1, 1) + line(3, 1) + line(3, 2),
    );
    const u = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [1, 4],
      resumed: new Set([0, 3, 5]),
    });
    u.start();
    assert.deepEqual(u.cut, {
      bytes: (HEADER + line(0, 1)).length,
      lines: 1,
      moved: [3],
      missing: [5],
    });
    assert.equal(await Deno.readTextFile(file), HEADER + line(0, 1));
    assert.equal(
      await Deno.readTextFile(`${file}.episode-3.part`),
      line(3, 1) + line(3, 2),
    );
    u.add(decision(4, 1));
    u.add(decision(1, 1, "again"));
    u.episodeEnded(1);
    u.add(decision(4, 2));
    u.episodeEnded(4);
    u.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(1, 1, "again") + line(3, 1) + line(3, 2) +
        line(4, 1) + line(4, 2),
    );
    assert.deepEqual(await listDir(dir), ["old.jsonl", "t.jsonl"]);

    // Resumed episodes first in turn are put back at once (here behind a
    // line of an episode the result does not hold, which is dropped).
    await put(dir, "t.jsonl", HEADER + line(0, 1) + line(1, 1) + line(2, 1));
    const v = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [3],
      resumed: new Set([1, 2]),
    });
    v.start();
    assert.deepEqual(v.cut, {
      bytes: HEADER.length,
      lines: 0,
      moved: [1, 2],
      missing: [],
    });
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(1, 1) + line(2, 1),
    );
    v.add(decision(3, 1));
    v.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(1, 1) + line(2, 1) + line(3, 1),
    );
    assert.deepEqual(await listDir(dir), ["old.jsonl", "t.jsonl"]);
  });
});

Deno.test("transcript --resume after a kill: the .part files of resumed episodes are their lines, put back in order; the others go", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    // Killed while episode 1 (completed out of turn, so in the result) was
    // being copied in: the transcript has one of its two lines, its .part
    // file both (and a line cut short after them); 3 completed out of turn
    // too; 2 was in flight and is not in the result.
    await put(dir, "t.jsonl", HEADER + line(0, 1) + line(1, 1));
    await put(
      dir,
      "t.jsonl.episode-1.part",
      line(1, 1) + line(1, 2) + line(1, 3).slice(0, 25),
    );
    await put(dir, "t.jsonl.episode-2.part", line(2, 1));
    await put(dir, "t.jsonl.episode-3.part", line(3, 1));
    const t = new Transcript({
      file,
      modelId: "m",
      manifestHash: HASH,
      pending: [2, 4],
      resumed: new Set([0, 1, 3]),
    });
    t.start();
    assert.deepEqual(t.cut, {
      bytes: (HEADER + line(0, 1)).length,
      lines: 1,
      moved: [1, 3],
      missing: [],
    });
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(1, 1) + line(1, 2),
    );
    assert.deepEqual(await listDir(dir), ["t.jsonl", "t.jsonl.episode-3.part"]);
    t.add(decision(4, 1));
    t.add(decision(2, 1, "again"));
    t.episodeEnded(2);
    t.episodeEnded(4);
    t.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER + line(0, 1) + line(1, 1) + line(1, 2) + line(2, 1, "again") +
        line(3, 1) + line(4, 1),
    );
    assert.deepEqual(await listDir(dir), ["t.jsonl"]);
  });
});

// ---------------------------------------------------------------- CLI

const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];

const SLOW_POLICY = `
export default async function (obs) {
  await new Promise((r) => setTimeout(r, 15));
  const actions = Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
  return { _actions: actions, _info: { n: obs.people.length } };
}`;

type Recorded = {
  index: number;
  record: { steps: { step: number; actions: Record<string, string> }[] };
};

/** The transcript's lines, `ms` dropped, after checking the header and that every line is whole. */
function body(text: string, modelId: string, hash: string): unknown[] {
  assert.ok(text.endsWith("\n"), "the file ends with a whole line");
  const [head, ...rest] = text.slice(0, -1).split("\n");
  assert.equal(
    head,
    `{"transcript_version":"1.0","model_id":"${modelId}","evaluation_manifest_hash":"${hash}"}`,
  );
  return rest.map((l) => {
    const { ms, ...other } = JSON.parse(l);
    assert.equal(typeof ms, "number");
    return other;
  });
}

/**
 * The episodes a killed run's journal (`r.json.journal`) holds, read here
 * from its lines (`INDEX LENGTH SHA256 TEXT`, after the header), not by
 * the journal's reader; a last line cut short by the kill is left out.
 */
async function journaled(file: string): Promise<Recorded[]> {
  const text = await Deno.readTextFile(file);
  const lines = text.split("\n").slice(1, -1);
  return lines.flatMap((l) => {
    const m = /^(\d+) (\d+) [0-9a-f]{64} (.*)$/.exec(l);
    return m === null || m[3]!.length !== Number(m[2])
      ? []
      : [JSON.parse(m[3]!) as Recorded];
  }).sort((a, b) => a.index - b.index);
}

/** What a transcript of these result episodes holds: every recorded step, with the slow policy's info. */
function expectedOf(episodes: Recorded[]): unknown[] {
  return episodes.flatMap((e) =>
    e.record.steps.map((s) => ({
      episode: e.index,
      step: s.step,
      actions: s.actions,
      info: { n: Object.keys(s.actions).length },
    }))
  );
}

Deno.test("cli run --transcript: a kill leaves the header and whole lines; --resume then makes it hold each episode of the result once, in order", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(4));
    await put(dir, "slow.js", SLOW_POLICY);
    const args = [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./slow.js",
      "--model-id",
      "slow",
      "--out",
      "r.json",
      "--transcript",
      "t.jsonl",
    ];
    const child = spawnCli(dir, FLAGS, args, "null");
    await untilExists(dir, "r.json", 10);
    // Into the next episode, which is in the transcript only in part.
    await new Promise((r) => setTimeout(r, 150));
    child.kill("SIGKILL");
    assert.equal((await child.status).signal, "SIGKILL");
    const partial = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    const hash = partial.evaluation_manifest_hash;
    const killed = body(
      await Deno.readTextFile(`${dir}/t.jsonl`),
      "slow",
      hash,
    );
    // The journal holds every completed episode (the result may lag it),
    // and --resume continues from it.
    const journal = await journaled(`${dir}/r.json.journal`);
    const kept = journal.length;
    assert.ok(kept >= 1 && kept < 8, String(kept));
    const indices = journal.map((e) => e.index);
    assert.deepEqual(indices, [...indices.keys()]);
    for (const e of partial.episodes) assert.ok(indices.includes(e.index));
    // The lines of the episodes the journal holds, and more (the episode
    // in progress).
    const saved = expectedOf(journal);
    assert.ok(killed.length >= saved.length, `${killed.length}`);
    assert.deepEqual(killed.slice(0, saved.length), saved);

    const resumed = await cli(dir, FLAGS, [...args, "--resume"]);
    assert.equal(resumed.code, 0, resumed.err);
    assert.match(
      resumed.err,
      new RegExp(
        `t\\.jsonl: continuing after its ${saved.length} decision lines of resumed episodes\\n`,
      ),
    );
    const result = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.equal(result.episodes.length, 8);
    assert.deepEqual(
      body(await Deno.readTextFile(`${dir}/t.jsonl`), "slow", hash),
      expectedOf(result.episodes),
    );
    assert.deepEqual(await listDir(dir), [
      "r.json",
      "s.json",
      "slow.js",
      "t.jsonl",
    ]);
  });
});

for (const signal of ["SIGINT", "SIGKILL"] as const) {
  Deno.test(`cli run --concurrency 4 --transcript: ${signal} while episode 0 runs and later ones are done, then --resume with the same transcript: each episode of the result once, in order`, () =>
    stopThenResume(signal));
}

async function stopThenResume(signal: "SIGINT" | "SIGKILL"): Promise<void> {
  await inTempDir(async (dir) => {
    // Episode 0 takes 40 steps (nobody reaches the exit in the cold
    // scenario), the 6 after it at most 12: they complete out of turn while
    // it runs.
    const long = scenarioText("long", false).replace(
      '"max_steps": 12',
      '"max_steps": 40',
    );
    await put(
      dir,
      "s.json",
      `{"suite_id": "order", "suite_version": "1", "families": [], "scenarios": [
        {"scenario": ${long}, "seeds": [0]},
        {"scenario": ${
        scenarioText("hot", true)
      }, "seeds": [0, 1, 2, 3, 4, 5]}]}`,
    );
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
      "r.json",
      "--transcript",
      "t.jsonl",
    ];
    const child = spawnCli(dir, FLAGS, args);
    await untilExists(dir, "r.json", 5);
    // On a loaded machine episode 0's sandbox can start after later
    // episodes are done: stop it once it has decided (it has 40 steps).
    await untilDecided(dir, "t.jsonl", 0);
    child.kill(signal);
    const stopped = await child.output();
    if (signal === "SIGINT") {
      assert.equal(stopped.code, 130, new TextDecoder().decode(stopped.stderr));
    } else {
      assert.equal(stopped.signal, "SIGKILL");
    }
    const partial = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    const kept = partial.episodes.map((e: { index: number }) => e.index);
    assert.ok(kept.length >= 1 && !kept.includes(0), String(kept));
    const hash = partial.evaluation_manifest_hash;
    // Stopped: every decision received, episode 0's first, in (episode,
    // step) order.
    const stoppedLines = body(
      await Deno.readTextFile(`${dir}/t.jsonl`),
      "slow",
      hash,
    ) as { episode: number; step: number }[];
    assert.equal(stoppedLines[0]?.episode, 0);
    assert.deepEqual(
      stoppedLines,
      [...stoppedLines].sort((a, b) =>
        a.episode - b.episode || a.step - b.step
      ),
    );
    // A kill leaves the .part files of the episodes out of turn; a stop
    // keeps the journal, for --resume.
    if (signal === "SIGINT") {
      assert.deepEqual(await listDir(dir), [
        "r.json",
        "r.json.journal",
        "s.json",
        "slow.js",
        "t.jsonl",
      ]);
    }

    const resumed = await cli(dir, FLAGS, [...args, "--resume"]);
    assert.equal(resumed.code, 0, resumed.err);
    const result = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.equal(result.episodes.length, 7);
    assert.deepEqual(
      body(await Deno.readTextFile(`${dir}/t.jsonl`), "slow", hash),
      expectedOf(result.episodes),
    );
    assert.doesNotMatch(resumed.err, /has no decisions/);
    assert.deepEqual(await listDir(dir), [
      "r.json",
      "s.json",
      "slow.js",
      "t.jsonl",
    ]);
  });
}

Deno.test("cli run --resume --transcript: a transcript of another model is refused before any episode, and nothing changes", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    await put(dir, "slow.js", SLOW_POLICY);
    const run = (model: string, transcript: string, resume: boolean) =>
      cli(dir, FLAGS, [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "./slow.js",
        "--model-id",
        model,
        "--out",
        `${model}.json`,
        "--transcript",
        transcript,
        ...(resume ? ["--resume"] : []),
      ]);
    const a = await run("a", "a.jsonl", false);
    assert.equal(a.code, 0, a.err);
    const b = await run("b", "b.jsonl", false);
    assert.equal(b.code, 0, b.err);
    const before = await Deno.readFile(`${dir}/a.jsonl`);
    const result = await Deno.readFile(`${dir}/b.json`);
    const r = await run("b", "a.jsonl", true);
    assert.equal(r.code, 1);
    assert.equal(
      r.err,
      `error: a.jsonl: cannot resume the transcript: it is for model "a", not "b"; give another --transcript FILE or remove this one\n`,
    );
    assert.deepEqual(await Deno.readFile(`${dir}/a.jsonl`), before);
    assert.deepEqual(await Deno.readFile(`${dir}/b.json`), result);
  });
});

Deno.test("cli run --resume --transcript: an empty transcript (a kill before its header) is started afresh", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    await put(dir, "slow.js", SLOW_POLICY);
    const args = [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./slow.js",
      "--model-id",
      "slow",
      "--out",
      "r.json",
    ];
    const first = await cli(dir, FLAGS, args);
    assert.equal(first.code, 0, first.err);
    // A result of episode 0 only, as a checkpoint after it would be (the
    // strict reader keeps the metrics' exact values).
    const result = parse(await Deno.readTextFile(`${dir}/r.json`)) as {
      episodes: JsonValue[];
    };
    result.episodes = result.episodes.slice(0, 1);
    await put(dir, "r.json", encode(result as unknown as JsonValue));
    await put(dir, "t.jsonl", "");
    const r = await cli(dir, FLAGS, [
      ...args,
      "--resume",
      "--transcript",
      "t.jsonl",
    ]);
    assert.equal(r.code, 0, r.err);
    const full = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.deepEqual(
      body(
        await Deno.readTextFile(`${dir}/t.jsonl`),
        "slow",
        full.evaluation_manifest_hash,
      ),
      expectedOf(full.episodes.slice(1)),
    );
  });
});

// One scenario of many steps where nobody moves: every step is decided.
const LONG_STEPS = 600;
const INFO_CHARS = 60_000;

function longSuite(): string {
  const scenario = scenarioText("still", false).replace(
    '"max_steps": 12',
    `"max_steps": ${LONG_STEPS}`,
  );
  return `{"suite_id": "long", "suite_version": "1", "families": [],
  "scenarios": [{"scenario": ${scenario}, "seeds": [0, 1]}]}`;
}

// 60,000 characters of `_info` a step is under the 64 KiB default bound of
// `--policy-info-max-bytes`, so this runs the same with or without it;
// 1,200 steps make 72 MB of `_info` in all.
const STILL_POLICY = (info: boolean) => `
const INFO = "i".repeat(${INFO_CHARS});
export default function (obs) {
  const actions = Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]));
  return ${info ? "{ _actions: actions, _info: INFO }" : "actions"};
}`;

Deno.test("cli run --transcript: a 60 KB _info on each of 1,200 steps leaves the CLI's peak memory within 50 MB of the same run without _info; the file is the lines computed here", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", longSuite());
    await put(dir, "info.js", STILL_POLICY(true));
    await put(dir, "plain.js", STILL_POLICY(false));
    const run = (policy: string) =>
      measureCli(dir, FLAGS, [
        "run",
        "--quiet",
        "--suite",
        "s.json",
        "--policy",
        `./${policy}.js`,
        "--model-id",
        policy,
        "--out",
        `${policy}.json`,
        "--transcript",
        `${policy}.jsonl`,
      ]);
    const plain = await run("plain");
    assert.equal(plain.code, 0, plain.err);
    const info = await run("info");
    assert.equal(info.code, 0, info.err);
    assert.ok(
      info.peakMb - plain.peakMb < 50,
      `peak RSS ${info.peakMb.toFixed(1)} MB with _info, ${
        plain.peakMb.toFixed(1)
      } MB without`,
    );

    const hash = JSON.parse(await Deno.readTextFile(`${dir}/info.json`))
      .evaluation_manifest_hash;
    const text = await Deno.readTextFile(`${dir}/info.jsonl`);
    // Only `ms` is taken from the file; every other byte is computed here.
    const ms = [...text.matchAll(/,"ms":([0-9]+(?:\.[0-9])?),"info":/g)].map(
      (m) => m[1],
    );
    assert.equal(ms.length, 2 * LONG_STEPS);
    const info60k = JSON.stringify("i".repeat(INFO_CHARS));
    let expected =
      `{"transcript_version":"1.0","model_id":"info","evaluation_manifest_hash":"${hash}"}\n`;
    for (let e = 0; e < 2; e++) {
      for (let s = 1; s <= LONG_STEPS; s++) {
        expected +=
          `{"episode":${e},"step":${s},"actions":{"p1":"stay","p2":"stay"},"ms":${
            ms[e * LONG_STEPS + s - 1]
          },"info":${info60k}}\n`;
      }
    }
    assert.equal(text.length, expected.length);
    assert.ok(text === expected, "the transcript's bytes");
  });
});

/** Wait until the transcript `name` holds a decision of `episode`. */
async function untilDecided(
  dir: string,
  name: string,
  episode: number,
): Promise<void> {
  const mark = `{"episode":${episode},`;
  for (;;) {
    const text = await Deno.readTextFile(`${dir}/${name}`).catch(() => "");
    if (text.split("\n").some((l) => l.startsWith(mark))) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}
