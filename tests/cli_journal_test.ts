/**
 * `run --out FILE --resume` with the journal beside FILE (FILE.journal):
 * after a kill -9 the journal holds at least FILE's episodes and the
 * resumed run ends with the bytes of an uninterrupted one; a journal newer
 * than FILE, in completion order, with a last line cut short, or alone,
 * is continued to the same bytes; another model's or suite's journal,
 * a damaged one, a tampered episode, or a FILE whose episode is not the
 * journal's are refused naming the file and the field or line, and no
 * file changes; a fresh run replaces a stale journal and a complete run
 * leaves none. The journals here are written by hand from the format
 * (`INDEX LENGTH SHA256 TEXT` lines after a header); the expected bytes
 * are those of a run without `--out`, which writes no journal.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue, parse } from "../src/json/canonical.ts";
import {
  cli,
  inTempDir,
  listDir,
  put,
  sha256,
  spawnCli,
  suiteText,
  untilExists,
  WEST_POLICY,
} from "./cli_support.ts";

const FLAGS = ["--allow-read=.", "--allow-write=."];
const RUN = ["run", "--suite", "s.json", "--policy", "greedy"];
const OUT = [...RUN, "--out", "r.json"];
const bytesOf = (s: string) => new TextEncoder().encode(s);

type Result = {
  model_id: string;
  evaluation_manifest_hash: string;
  episodes: { index: number }[];
};

/** The suite, and the bytes of its uninterrupted greedy run. */
async function setUp(dir: string): Promise<Uint8Array> {
  await put(dir, "s.json", suiteText(3));
  const whole = await cli(dir, FLAGS, RUN);
  assert.equal(whole.code, 0, whole.err);
  return whole.stdout;
}

/** A journal's header line, by hand. */
function headerLine(model: string, hash: string): string {
  return `{"evaluation_manifest_hash":"${hash}","journal_version":"1.0","model_id":"${model}"}\n`;
}

/** An episode item's line, by hand, from its canonical text. */
async function line(text: string): Promise<string> {
  const index = (JSON.parse(text) as { index: number }).index;
  return `${index} ${bytesOf(text).length} ${await sha256(
    bytesOf(text),
  )} ${text}\n`;
}

/** The canonical texts of a result's episode items, by index. */
function itemTexts(result: Uint8Array): Map<number, string> {
  const value = parse(new TextDecoder().decode(result)) as {
    episodes: JsonValue[];
  };
  return new Map(
    value.episodes.map((e) => [(e as { index: number }).index, encode(e)]),
  );
}

/** The result of `reference` with only the episodes `indices`. */
function partOf(reference: Uint8Array, indices: readonly number[]): string {
  const value = parse(new TextDecoder().decode(reference)) as {
    episodes: { index: number }[];
  };
  value.episodes = value.episodes.filter((e) => indices.includes(e.index));
  return encode(value as unknown as JsonValue);
}

/** A journal of the reference's episodes `indices`, in that order. */
async function journalOf(
  reference: Uint8Array,
  indices: readonly number[],
  header?: string,
): Promise<string> {
  const r = JSON.parse(new TextDecoder().decode(reference)) as Result;
  const texts = itemTexts(reference);
  let out = header ?? headerLine(r.model_id, r.evaluation_manifest_hash);
  for (const i of indices) out += await line(texts.get(i)!);
  return out;
}

/** The indices a journal's whole lines hold, read by hand. */
function journaled(text: string): number[] {
  return text.split("\n").slice(1, -1).flatMap((l) => {
    const m = /^(\d+) (\d+) [0-9a-f]{64} (.*)$/.exec(l);
    return m !== null && bytesOf(m[3]!).length === Number(m[2])
      ? [Number(m[1])]
      : [];
  }).sort((a, b) => a - b);
}

Deno.test("cli run --out: SIGKILL mid-run leaves a journal holding at least FILE's episodes; --resume ends with the uninterrupted bytes", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(4));
    await put(dir, "west.js", WEST_POLICY);
    // The same answers, 10 ms late at each step.
    await put(
      dir,
      "slow.js",
      `export default async function (obs) {
  await new Promise((r) => setTimeout(r, 10));
  return Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
}`,
    );
    const flags = [...FLAGS, "--allow-run=deno"];
    const args = (policy: string) => [
      "run",
      "--suite",
      "s.json",
      "--model-id",
      "m",
      "--policy",
      policy,
    ];
    const whole = await cli(dir, flags, args("./west.js"));
    assert.equal(whole.code, 0, whole.err);

    const child = spawnCli(dir, flags, [
      ...args("./slow.js"),
      "--out",
      "r.json",
    ]);
    await untilExists(dir, "r.json", 10);
    await new Promise((r) => setTimeout(r, 400));
    child.kill("SIGKILL");
    assert.equal((await child.status).signal, "SIGKILL");
    const journal = journaled(await Deno.readTextFile(`${dir}/r.json.journal`));
    const saved =
      (JSON.parse(await Deno.readTextFile(`${dir}/r.json`)) as Result)
        .episodes.map((e) => e.index);
    assert.ok(saved.length >= 1 && journal.length < 8, `${saved}; ${journal}`);
    for (const i of saved) {
      assert.ok(journal.includes(i), `${saved}; ${journal}`);
    }

    const resumed = await cli(dir, flags, [
      ...args("./slow.js"),
      "--out",
      "r.json",
      "--resume",
    ]);
    assert.equal(resumed.code, 0, resumed.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), whole.stdout);
    assert.deepEqual(await listDir(dir), [
      "r.json",
      "s.json",
      "slow.js",
      "west.js",
    ]);
  });
});

Deno.test("cli run --resume: a journal newer than FILE, out of order, with a last line cut short, continues to the uninterrupted bytes", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    await put(dir, "r.json", partOf(reference, [0, 1]));
    const cut = (await journalOf(reference, [4])).split("\n")[1]!.slice(0, 900);
    await put(
      dir,
      "r.json.journal",
      (await journalOf(reference, [3, 0, 1, 2])) + cut,
    );
    const r = await cli(dir, FLAGS, [...OUT, "--resume"]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), reference);
    assert.deepEqual(await listDir(dir), ["r.json", "s.json"]);
  });
});

Deno.test("cli run --resume: a journal alone (FILE removed), or FILE alone, continues to the uninterrupted bytes", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    await put(dir, "r.json.journal", await journalOf(reference, [5, 2]));
    const alone = await cli(dir, FLAGS, [...OUT, "--resume"]);
    assert.equal(alone.code, 0, alone.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), reference);

    await put(dir, "r.json", partOf(reference, [1, 3]));
    const file = await cli(dir, FLAGS, [...OUT, "--resume"]);
    assert.equal(file.code, 0, file.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), reference);
    assert.deepEqual(await listDir(dir), ["r.json", "s.json"]);
  });
});

Deno.test("cli run --resume: a journal of another model or suite is refused naming the journal and the field; nothing changes", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    const hash = (JSON.parse(new TextDecoder().decode(reference)) as Result)
      .evaluation_manifest_hash;
    await put(dir, "r.json", partOf(reference, [0]));
    const cases = [
      {
        header: headerLine("other", hash),
        err:
          `error: r.json.journal: model_id: cannot resume: journal is for model "other", not greedy\n`,
      },
      {
        header: headerLine("greedy", "d".repeat(64)),
        err:
          `error: r.json.journal: evaluation_manifest_hash: cannot resume: journal has manifest hash "${
            "d".repeat(64)
          }", this suite schedules ${hash}\n`,
      },
    ];
    for (const c of cases) {
      const journal = await journalOf(reference, [0, 1], c.header);
      await put(dir, "r.json.journal", journal);
      const r = await cli(dir, FLAGS, [...OUT, "--resume"]);
      assert.equal(r.code, 1, r.err);
      assert.equal(r.err, c.err);
      assert.equal(await Deno.readTextFile(`${dir}/r.json.journal`), journal);
      assert.equal(
        await Deno.readTextFile(`${dir}/r.json`),
        partOf(reference, [0]),
      );
    }
    assert.deepEqual(await listDir(dir), [
      "r.json",
      "r.json.journal",
      "s.json",
    ]);
  });
});

Deno.test("cli run --resume: a damaged journal, a tampered episode in it, a FILE whose episode is not the journal's: refused naming the file and the line or field", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    const texts = itemTexts(reference);
    const check = async (journal: string, err: RegExp) => {
      await put(dir, "r.json.journal", journal);
      const r = await cli(dir, FLAGS, [...OUT, "--resume"]);
      assert.equal(r.code, 1, r.err);
      assert.match(r.err, err);
      assert.equal(await Deno.readTextFile(`${dir}/r.json.journal`), journal);
    };
    // A line cut short, then a whole one: not a torn tail.
    const [head, first, second] = (await journalOf(reference, [0, 1])).split(
      "\n",
    );
    await check(
      `${head}\n${first!.slice(0, 700)}\n${second}\n`,
      /^error: r\.json\.journal: line 2: cannot resume: the line is not a whole journal entry, and lines follow it: the journal is damaged/,
    );
    // A whole line, its digest made to match a changed metric.
    const changed = texts.get(1)!.replace(
      /"evacuated":(\d+)/,
      (_, n) => `"evacuated":${Number(n) + 1}`,
    );
    assert.notEqual(changed, texts.get(1));
    await check(
      (await journalOf(reference, [0])) + (await line(changed)),
      /^error: r\.json\.journal: line 3\.metrics: cannot resume: metrics differ from the metrics of the episode's record\n/,
    );
    // FILE holds episode 0 as the stay policy played it.
    const stay = await cli(dir, FLAGS, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "stay",
      "--model-id",
      "greedy",
    ]);
    assert.equal(stay.code, 0, stay.err);
    const other = parse(new TextDecoder().decode(stay.stdout)) as {
      episodes: { index: number }[];
    };
    other.episodes = other.episodes.filter((e) => e.index === 0);
    await put(dir, "r.json", encode(other as unknown as JsonValue));
    await check(
      await journalOf(reference, [1, 0]),
      /^error: r\.json: episodes\[0\]: cannot resume: the episode differs from episode 0 in r\.json\.journal \(line 3\); remove one of the two files\n/,
    );
  });
});

Deno.test("cli run --out: a fresh run replaces a stale journal; a complete run leaves none", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    await put(dir, "r.json.journal", headerLine("other", "e".repeat(64)));
    const r = await cli(dir, FLAGS, OUT);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), reference);
    assert.deepEqual(await listDir(dir), ["r.json", "s.json"]);
    assert.match(
      r.err,
      new RegExp(
        `^wrote r\\.json \\(6 of 6 episodes, model greedy, sha256 ${await sha256(
          reference,
        )}, `,
      ),
    );
  });
});

Deno.test("cli run --resume: journal lines longer than the file-bytes limit are read (their limit follows from the longest item a result streams)", async () => {
  await inTempDir(async (dir) => {
    const reference = await setUp(dir);
    const texts = itemTexts(reference);
    // A limit above the suite, below every episode's text.
    const limit = (await Deno.stat(`${dir}/s.json`)).size + 10;
    for (const text of texts.values()) assert.ok(bytesOf(text).length > limit);
    await put(dir, "r.json.journal", await journalOf(reference, [4, 0, 2]));
    const r = await cli(dir, FLAGS, [
      ...OUT,
      "--resume",
      "--limits",
      `file-bytes=${limit}`,
    ]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), reference);
    assert.deepEqual(await listDir(dir), ["r.json", "s.json"]);
  });
});
