/**
 * Reading a transcript back (`transcript_read.ts`): the decisions of a
 * hand-written file with their line numbers; selection by episode (skipped
 * lines are never parsed, reading stops at "stop"); and every malformed line
 * refused with the file and its line number.
 */

import assert from "node:assert/strict";
import {
  readTranscript,
  type TranscriptDecision,
} from "../src/policies/sandbox/transcript_read.ts";
import { setLimits } from "../src/limits.ts";
import { inTempDir } from "./cli_support.ts";

const HASH = "ab".repeat(32);
const HEADER =
  `{"transcript_version":"1.0","model_id":"m","evaluation_manifest_hash":"${HASH}"}`;

function line(episode: number, step: number, rest = ""): string {
  return `{"episode":${episode},"step":${step},"actions":{"p":"west"},"ms":1.5${rest}}`;
}

async function withFile(
  text: string | Uint8Array,
  fn: (file: string) => void | Promise<void>,
): Promise<void> {
  await inTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    await Deno.writeFile(
      file,
      typeof text === "string" ? new TextEncoder().encode(text) : text,
    );
    await fn(file);
  });
}

function readAll(
  file: string,
  select?: (e: number) => "read" | "skip" | "stop",
): TranscriptDecision[] {
  const out: TranscriptDecision[] = [];
  readTranscript(file, {
    ...(select === undefined ? {} : { select }),
    onDecision: (d) => out.push(d),
  });
  return out;
}

Deno.test("transcript read: decisions with their lines, ms in tenths and info as read", async () => {
  const text = [
    HEADER,
    line(0, 1, ',"info":"why"'),
    line(0, 2),
    // Another key order and spaces: not the writer's, still a decision.
    '{"step": 1, "episode": 2, "ms": 12, "actions": {}, "info": {"a": [1.5]}}',
    "",
  ].join("\n");
  await withFile(text, (file) => {
    const got = readAll(file);
    assert.deepEqual(
      got.map((d) => [d.line, d.episode, d.step, d.tenths]),
      [[2, 0, 1, 15], [3, 0, 2, 15], [4, 2, 1, 120]],
    );
    assert.equal(got[0]!.info, "why");
    assert.equal("info" in got[1]!, false);
    assert.deepEqual({ ...got[0]!.actions }, { p: "west" });
  });
});

Deno.test("transcript read: skipped episodes are not parsed; stop ends the reading", async () => {
  // Episode 1's second line is broken after its head: skipped, it is never
  // read; episode 3's line is broken too, but the reading stops before it.
  const text = [
    HEADER,
    line(0, 1),
    line(1, 1),
    '{"episode":1,"step":2,"actions":{"p":',
    line(2, 1),
    line(2, 2),
    '{"episode":3,"step":1,"actions":!!!}',
    "",
  ].join("\n");
  await withFile(text, (file) => {
    const seen: number[] = [];
    const got = readAll(file, (e) => {
      seen.push(e);
      return e < 2 ? "skip" : e === 2 ? "read" : "stop";
    });
    assert.deepEqual(got.map((d) => [d.line, d.step]), [[5, 1], [6, 2]]);
    assert.deepEqual(seen, [0, 1, 1, 2, 2, 3]);
    // Read whole, the broken line of episode 1 is refused.
    assert.throws(() => readAll(file), (e: Error) => {
      assert.ok(
        e.message.startsWith(`${file}: line 4: not a JSON line: `),
        e.message,
      );
      return true;
    });
  });
});

/** Text with one byte 0xFF (never in UTF-8) in place of each `~`. */
function withFF(text: string): Uint8Array {
  return new Uint8Array(
    [...new TextEncoder().encode(text)].map((b) => b === 0x7e ? 0xff : b),
  );
}

const REFUSED: readonly [string, string | Uint8Array, string][] = [
  ["empty file", "", "line 1: the file is empty: no transcript header"],
  [
    "no whole first line",
    HEADER,
    "line 1: not a transcript 1.0 header: the file has no whole first line",
  ],
  [
    "a header of another version",
    `${HEADER.replace('"1.0"', '"2.0"')}\n`,
    'line 1: transcript_version is "2.0", this version reads "1.0"',
  ],
  [
    "a header with another key",
    `${HEADER.replace('"model_id"', '"model"')}\n`,
    "line 1: not a transcript 1.0 header: expected an object of transcript_version, model_id, evaluation_manifest_hash",
  ],
  [
    "a model_id that is not an ID",
    `${HEADER.replace('"m"', '"m\\u001b[2J"')}\n`,
    'line 1: model_id "m\\u001b[2J" is not an ID',
  ],
  [
    "a manifest hash that is not a SHA-256",
    `${HEADER.replace(HASH, "AB")}\n`,
    'line 1: evaluation_manifest_hash "AB" is not a SHA-256 in hex',
  ],
  [
    "a decision before the header",
    `${line(0, 1)}\n`,
    "line 1: not a transcript 1.0 header: expected an object of transcript_version, model_id, evaluation_manifest_hash",
  ],
  [
    "a last line cut short",
    `${HEADER}\n${line(0, 1)}\n{"episode":0,"st`,
    "line 3: the last line has no newline at its end (a run killed while writing it?)",
  ],
  [
    "a duplicate key",
    `${HEADER}\n{"episode":0,"step":1,"step":1,"actions":{},"ms":1}\n`,
    "line 2: not a JSON line: step: duplicate key in object",
  ],
  [
    "an unknown key",
    `${HEADER}\n${line(0, 1, ',"why":1')}\n`,
    'line 2: not a decision line: unknown key "why"',
  ],
  [
    "an unknown key that would reorder the terminal",
    `${HEADER}\n${line(0, 1, ',"\u202e":1')}\n`,
    'line 2: not a decision line: unknown key "\\u202e"',
  ],
  [
    "a step 0",
    `${HEADER}\n${line(0, 0)}\n`,
    "line 2: step: expected an integer of at least 1",
  ],
  [
    "a float step",
    `${HEADER}\n{"episode":0,"step":1.0,"actions":{},"ms":1}\n`,
    "line 2: step: expected an integer of at least 1",
  ],
  [
    "a negative episode",
    `${HEADER}\n{"episode":-1,"step":1,"actions":{},"ms":1}\n`,
    "line 2: episode: expected an integer of at least 0",
  ],
  [
    "an action that is not a string",
    `${HEADER}\n{"episode":0,"step":1,"actions":{"p":1},"ms":1}\n`,
    'line 2: actions: the action of "p" is not a string',
  ],
  [
    "ms finer than 0.1",
    `${HEADER}\n{"episode":0,"step":1,"actions":{},"ms":1.25}\n`,
    "line 2: ms: expected a number of at least 0, to 0.1 (as the transcript writes it)",
  ],
  [
    "a negative ms",
    `${HEADER}\n{"episode":0,"step":1,"actions":{},"ms":-0.5}\n`,
    "line 2: ms: expected a number of at least 0, to 0.1 (as the transcript writes it)",
  ],
  [
    "an episode that starts at step 2",
    `${HEADER}\n${line(0, 1)}\n${line(1, 2)}\n`,
    "line 3: episode 1 starts at step 2: its first decision must be of step 1",
  ],
  [
    "a step repeated",
    `${HEADER}\n${line(0, 1)}\n${line(0, 2)}\n${line(0, 2)}\n`,
    "line 4: episode 0, step 2 follows step 2: a step is missing or repeated",
  ],
  [
    "episodes out of order",
    `${HEADER}\n${line(1, 1)}\n${line(0, 1)}\n`,
    "line 3: episode 0 after episode 1: the decisions are not in (episode, step) order",
  ],
  [
    "bytes that are not UTF-8",
    withFF(
      `${HEADER}\n{"episode":0,"step":1,"actions":{},"ms":1,"info":"~"}\n`,
    ),
    "line 2: not UTF-8 text",
  ],
];

for (const [name, text, message] of REFUSED) {
  Deno.test(`transcript read refuses ${name}, naming the file and line`, async () => {
    await withFile(text, (file) => {
      // The strict reader's own message follows; its byte offset is its own.
      assert.throws(() => readAll(file), (e: Error) => {
        assert.ok(e.message.startsWith(`${file}: ${message}`), e.message);
        return true;
      });
    });
  });
}

Deno.test("transcript read: a line longer than the file-bytes limit is refused before it is read", async () => {
  const long = line(0, 1, `,"info":"${"x".repeat(200)}"`);
  await withFile(`${HEADER}\n${long}\n`, (file) => {
    const previous = setLimits({ maxFileBytes: 150 });
    try {
      assert.throws(() => readAll(file), {
        message: `${file}: line 2: a line of ${
          long.length + 1
        } bytes: over the implementation limit of 150 bytes (raise it with --limits file-bytes=N or limits.maxFileBytes)`,
      });
    } finally {
      setLimits(previous);
    }
  });
});
