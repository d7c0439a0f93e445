/**
 * The journal of `run --out` (src/cli/journal.ts) and the streamed
 * assembly of FILE from it (src/cli/checkpoint.ts): the bytes of each line
 * as the format says, computed here by hand (the episode's text by the
 * generic canonical writer, the digest by Web Crypto); reading back in
 * schedule order; a last line cut short or left as garbage dropped, damage
 * before the last line, another run's header, a repeated or unscheduled
 * episode refused naming the file and the field or line; and the
 * assembled file, bare and in a part's frame, equal to the canonical text
 * of the result of those episodes, with the digest of the result's text in
 * the frame.
 */

import assert from "node:assert/strict";
import { encode } from "../src/json/canonical.ts";
import { EvaluationError } from "../src/errors.ts";
import { writeEpisodeText } from "../src/result/writer.ts";
import { assemble, Checkpoint } from "../src/cli/checkpoint.ts";
import { Journal, journalFile } from "../src/cli/journal.ts";
import type { EvaluationResult, ResultEpisode } from "../src/types.ts";
import { inTempDir, sha256 } from "./cli_support.ts";
import { BASE } from "./tamper_support.ts";

const HEADER = {
  model_id: BASE.model_id,
  evaluation_manifest_hash: BASE.evaluation_manifest_hash,
};
const TOTAL = BASE.evaluation_manifest.episodes.length;
const FIELDS = {
  model_id: BASE.model_id,
  evaluation_manifest: BASE.evaluation_manifest,
  evaluation_manifest_hash: BASE.evaluation_manifest_hash,
};
const bytesOf = (s: string) => new TextEncoder().encode(s);

function episode(index: number): ResultEpisode {
  const e = BASE.episodes.find((x) => x.index === index);
  assert.ok(e !== undefined, `no episode ${index}`);
  return e;
}

/** The header line, written out by hand. */
const HEADER_LINE =
  `{"evaluation_manifest_hash":"${BASE.evaluation_manifest_hash}","journal_version":"1.0","model_id":"${BASE.model_id}"}\n`;

/** An episode's line, by hand: `INDEX LENGTH SHA256 TEXT\n`. */
async function lineOf(index: number): Promise<string> {
  const text = encode(episode(index) as never);
  const digest = await sha256(bytesOf(text));
  return `${index} ${bytesOf(text).length} ${digest} ${text}\n`;
}

/** A journal of `indices`, appended in that order. */
async function journalOf(
  file: string,
  indices: readonly number[],
): Promise<Journal> {
  const journal = await Journal.create(file, HEADER, TOTAL);
  for (const i of indices) {
    journal.append(i, (out) => writeEpisodeText(out, episode(i)));
  }
  return journal;
}

/** The canonical text of the result holding these episodes. */
function resultTextOf(indices: readonly number[]): string {
  const result: EvaluationResult = {
    ...BASE,
    episodes: BASE.episodes.filter((e) => indices.includes(e.index)),
  };
  return encode(result as never);
}

/** What refusing with this detail and place looks like. */
function refusal(file: string, path: string, detail: RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof EvaluationError, String(e));
    assert.equal(e.file, file);
    assert.equal(e.path, path);
    assert.match(e.detail, detail);
    return true;
  };
}

Deno.test("journal: the header, then one line per episode in completion order, each INDEX LENGTH SHA256 TEXT", async () => {
  await inTempDir(async (dir) => {
    const file = journalFile(`${dir}/r.json`);
    assert.equal(file, `${dir}/r.json.journal`);
    const journal = await journalOf(file, [3, 0, 5]);
    await journal.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER_LINE + (await lineOf(3)) + (await lineOf(0)) + (await lineOf(5)),
    );
  });
});

Deno.test("journal: read back in schedule order, through a new opening of the file", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json.journal`;
    await (await journalOf(file, [4, 1, 2])).close();
    const journal = await Journal.open(file, HEADER, TOTAL);
    assert.ok(journal !== undefined);
    assert.equal(journal.count, 3);
    assert.deepEqual(journal.indices(), [1, 2, 4]);
    const texts = [...journal.texts()].map((b) => new TextDecoder().decode(b));
    assert.deepEqual(texts, [1, 2, 4].map((i) => encode(episode(i) as never)));
    const lines = [...journal.episodes()].map((e) => [e.index, e.line]);
    // Line 1 is the header; episode 4 was appended first.
    assert.deepEqual(lines, [[1, 3], [2, 4], [4, 2]]);
    // It goes on where it ended.
    journal.append(0, (out) => writeEpisodeText(out, episode(0)));
    await journal.close();
    assert.equal(
      await Deno.readTextFile(file),
      HEADER_LINE + (await lineOf(4)) + (await lineOf(1)) + (await lineOf(2)) +
        (await lineOf(0)),
    );
  });
});

Deno.test("journal: a missing file, or one cut short in its header, holds nothing", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json.journal`;
    assert.equal(await Journal.open(file, HEADER, TOTAL), undefined);
    await Deno.writeTextFile(file, HEADER_LINE.slice(0, 30));
    assert.equal(await Journal.open(file, HEADER, TOTAL), undefined);
  });
});

Deno.test("journal: a last line cut short or left as garbage is dropped, and cut off the file", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json.journal`;
    const whole = HEADER_LINE + (await lineOf(0)) + (await lineOf(1));
    const cut = (await lineOf(2)).slice(0, 5000);
    const tails = [
      cut,
      // A whole line whose text is not the one its digest names.
      (await lineOf(2)).replace('"index":2', '"index":3'),
      "\0".repeat(3000),
      "2 10 ",
    ];
    for (const tail of tails) {
      await Deno.writeTextFile(file, whole + tail);
      const journal = await Journal.open(file, HEADER, TOTAL);
      assert.ok(journal !== undefined);
      assert.deepEqual(journal.indices(), [0, 1]);
      await journal.close();
      assert.equal(await Deno.readTextFile(file), whole);
    }
  });
});

Deno.test("journal: a bad line before the last one is damage, refused naming the line", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json.journal`;
    const bad = (await lineOf(1)).replace('"index":1', '"index":7');
    const text = HEADER_LINE + (await lineOf(0)) + bad + (await lineOf(2));
    await Deno.writeTextFile(file, text);
    await assert.rejects(
      () => Journal.open(file, HEADER, TOTAL),
      refusal(file, "line 3", /the journal is damaged/),
    );
    assert.equal(
      await Deno.readTextFile(file),
      text,
      "the file is left as it is",
    );
  });
});

Deno.test("journal: another run's header, a repeated episode, an unscheduled one: refused naming the file and the field or line", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json.journal`;
    await (await journalOf(file, [0])).close();
    await assert.rejects(
      () => Journal.open(file, { ...HEADER, model_id: "other" }, TOTAL),
      refusal(file, "model_id", /journal is for model "greedy", not other/),
    );
    const hash = "c".repeat(64);
    await assert.rejects(
      () =>
        Journal.open(
          file,
          { ...HEADER, evaluation_manifest_hash: hash },
          TOTAL,
        ),
      refusal(
        file,
        "evaluation_manifest_hash",
        new RegExp(
          `journal has manifest hash "${HEADER.evaluation_manifest_hash}", this suite schedules ${hash}`,
        ),
      ),
    );
    await Deno.writeTextFile(file, `{"transcript_version":"1.0"}\n`);
    await assert.rejects(
      () => Journal.open(file, HEADER, TOTAL),
      refusal(file, "", /not a journal 1\.0 header of this run/),
    );
    await Deno.writeTextFile(
      file,
      HEADER_LINE + (await lineOf(0)) + (await lineOf(0)),
    );
    await assert.rejects(
      () => Journal.open(file, HEADER, TOTAL),
      refusal(file, "line 3", /episode 0 is also at line 2/),
    );
    await Deno.writeTextFile(file, HEADER_LINE + (await lineOf(5)));
    await assert.rejects(
      () => Journal.open(file, HEADER, 5),
      refusal(file, "line 2", /episode 5 is not in this run's schedule of 5/),
    );
  });
});

Deno.test("assemble: the result of the journal's episodes in schedule order, bare or in a part's frame", async () => {
  await inTempDir(async (dir) => {
    const journal = await journalOf(`${dir}/r.json.journal`, [5, 2, 0]);
    const text = resultTextOf([0, 2, 5]);
    const digest = await sha256(bytesOf(text));

    const bare = await assemble(journal, `${dir}/r.json`, FIELDS);
    assert.equal(await Deno.readTextFile(`${dir}/r.json`), text);
    assert.deepEqual(bare, {
      digest,
      resultDigest: digest,
      bytes: bytesOf(text).length,
      episodes: 3,
    });

    const frame = {
      prefix: '{"result":',
      suffix: (d: string) => `,"shard":{"index":0,"result_digest":"${d}"}}`,
    };
    const part = await assemble(journal, `${dir}/p.json`, FIELDS, frame);
    const partText =
      `{"result":${text},"shard":{"index":0,"result_digest":"${digest}"}}`;
    assert.equal(await Deno.readTextFile(`${dir}/p.json`), partText);
    assert.equal(part.resultDigest, digest);
    assert.equal(part.digest, await sha256(bytesOf(partText)));
    assert.equal(part.bytes, bytesOf(partText).length);
    // Each assembly is recorded in the journal before the file is renamed.
    assert.ok(journal.assembled(bare.digest, bare.bytes));
    assert.ok(journal.assembled(part.digest, part.bytes));
    await journal.close();
    const lines = (await Deno.readTextFile(`${dir}/r.json.journal`)).split(
      "\n",
    );
    assert.deepEqual(lines.slice(-3), [
      `assembled ${digest} ${bytesOf(text).length}`,
      `assembled ${part.digest} ${bytesOf(partText).length}`,
      "",
    ]);
    const reopened = await Journal.open(
      `${dir}/r.json.journal`,
      HEADER,
      TOTAL,
    );
    assert.ok(reopened !== undefined);
    assert.ok(reopened.assembled(part.digest, part.bytes));
    assert.deepEqual(reopened.indices(), [0, 2, 5]);
  });
});

Deno.test("checkpoint: FILE after the first episode, not again within the interval, and on save", async () => {
  await inTempDir(async (dir) => {
    const journal = await Journal.create(
      `${dir}/r.json.journal`,
      HEADER,
      TOTAL,
    );
    const checkpoint = new Checkpoint(journal, `${dir}/r.json`, FIELDS, {
      minIntervalMs: 3_600_000,
    });
    assert.equal(await checkpoint.save(), undefined, "nothing to save yet");
    checkpoint.add(episode(1));
    await checkpoint.settled();
    assert.equal(await Deno.readTextFile(`${dir}/r.json`), resultTextOf([1]));
    checkpoint.add(episode(0));
    await checkpoint.settled();
    assert.equal(await Deno.readTextFile(`${dir}/r.json`), resultTextOf([1]));
    const saved = await checkpoint.save(true);
    assert.equal(saved?.episodes, 2);
    assert.equal(
      await Deno.readTextFile(`${dir}/r.json`),
      resultTextOf([0, 1]),
    );
    assert.equal(checkpoint.count, 2);
    await journal.remove();
  });
});

Deno.test("checkpoint: the run does not wait for an assembly, and one that failed fails the next episode and the save", async () => {
  await inTempDir(async (dir) => {
    const journal = await Journal.create(
      `${dir}/r.json.journal`,
      HEADER,
      TOTAL,
    );
    // FILE's folder is missing, so every assembly fails.
    const checkpoint = new Checkpoint(journal, `${dir}/gone/r.json`, FIELDS, {
      minIntervalMs: 0,
      maxShare: 1,
    });
    checkpoint.add(episode(1));
    assert.equal(checkpoint.count, 1, "journaled before the assembly ran");
    await assert.rejects(checkpoint.settled(), /gone\/r\.json/);
    assert.throws(() => checkpoint.add(episode(0)), /gone\/r\.json/);
    assert.equal(checkpoint.count, 1, "nothing journaled after the failure");
    // Even where FILE could be written now: the run has failed.
    await Deno.mkdir(`${dir}/gone`);
    await assert.rejects(checkpoint.save(), /gone\/r\.json/);
    assert.deepEqual([...Deno.readDirSync(`${dir}/gone`)], []);
    await journal.remove();
  });
});
