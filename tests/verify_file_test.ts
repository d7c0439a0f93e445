/**
 * The verifier of result files (src/verify/file.ts, the streamed reading of
 * src/verify/stream.ts): on every file of the tamper corpus, and on each
 * as the result span of a run part, its verdict, message and digest are
 * those of the verifier of bytes in memory; a canonical valid result is
 * read in one pass, and verified beyond the `file-bytes` limit; each
 * episode's byte span is its item's text (offsets computed by Python);
 * a file changed between the streamed proof and the whole reading is
 * proved anew.
 */

import assert from "node:assert/strict";
import { encode, parse } from "../src/json/canonical.ts";
import { sha256Hex } from "../src/json/sha256.ts";
import { setLimits } from "../src/limits.ts";
import { EvaluationError } from "../src/errors.ts";
import {
  type FileRange,
  FileVerification,
  ResultFile,
  verifyResultFile,
  verifyWrittenInto,
} from "../src/verify/file.ts";
import { indicesReducer } from "../src/verify/sink.ts";
import { BytesVerification } from "../src/verify/bytes.ts";
import { provedResult } from "../src/verify/proof.ts";
import { canonicalReading } from "../src/verify/reader.ts";
import { type ByteRange, streamedReading } from "../src/verify/stream.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import type { VerifiedEvaluation } from "../src/verify/verified.ts";
import { inTempDir } from "./cli_support.ts";
import { corpus } from "./tamper_corpus.ts";
import {
  type Any,
  BASE,
  BASE_TEXT,
  fresh,
  subsetSuiteValue,
  SUITE,
} from "./tamper_support.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import type { EvaluationResult } from "../src/types.ts";

const CASES = await corpus();
const FILE = "case.json";
const ENCODER = new TextEncoder();

/** What a verification gave: its values, or its error's kind and message. */
async function outcome(run: () => Promise<VerifiedEvaluation>) {
  try {
    const v = await run();
    return {
      digest: v.digest,
      model: v.model_id,
      episodes: v.episodes.map((e) => [e.index, encode(e.metrics), e.values]),
    };
  } catch (e) {
    const err = e as Error & { path?: string };
    return { name: err.name, message: err.message, path: err.path };
  }
}

/** A run part's envelope around a result's text, as parts.md has it. */
function part(text: string): { bytes: Uint8Array; start: number; end: number } {
  const head = ENCODER.encode('{"result":');
  const body = ENCODER.encode(text);
  const tail = ENCODER.encode(',"shard":{"count":2,"index":0,"kind":"run"}}');
  const bytes = new Uint8Array(head.length + body.length + tail.length);
  bytes.set(head);
  bytes.set(body, head.length);
  bytes.set(tail, head.length + body.length);
  return { bytes, start: head.length, end: head.length + body.length };
}

Deno.test("result files: every tamper case, alone and as a part's span, has the verdict and message of the bytes in memory", async () => {
  await inTempDir(async (dir) => {
    const problems: string[] = [];
    for (const [i, c] of CASES.entries()) {
      const bytes = ENCODER.encode(c.text);
      const plain = `${dir}/case${i}.json`;
      await Deno.writeFile(plain, bytes);
      const wrapped = part(c.text);
      const partFile = `${dir}/part${i}.json`;
      await Deno.writeFile(partFile, wrapped.bytes);
      const want = await outcome(() =>
        verifyEvaluation(bytes.slice(), SUITE, { file: FILE })
      );
      const fromFile = await outcome(() =>
        verifyResultFile(plain, SUITE, { file: FILE })
      );
      const fromPart = await outcome(() =>
        verifyResultFile(partFile, SUITE, {
          file: FILE,
          start: wrapped.start,
          end: wrapped.end,
        })
      );
      for (const [how, got] of [["file", fromFile], ["part", fromPart]]) {
        try {
          assert.deepEqual(got, want);
        } catch {
          problems.push(`${c.name} (${how}): ${JSON.stringify(got)}`);
        }
      }
      // The corpus's own expectation, independently of today's verifier.
      if (c.verdict === "refuse") {
        if (!("message" in fromFile) || fromFile.path !== c.path) {
          problems.push(`${c.name}: not refused at ${c.path}`);
        }
      } else if (!("digest" in fromFile)) {
        problems.push(`${c.name}: refused: ${fromFile.message}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});

/** Bytes in memory as a range of a file, each byte read counted. */
function countingRange(bytes: Uint8Array): ByteRange & { reads: number[] } {
  const reads: number[] = new Array(bytes.length).fill(0);
  return {
    start: 0,
    end: bytes.length,
    reads,
    read(into: Uint8Array, at: number): Promise<number> {
      const part = bytes.subarray(at, at + into.length);
      into.set(part);
      for (let k = at; k < at + part.length; k++) reads[k]!++;
      return Promise.resolve(part.length);
    },
  };
}

/** The episodes a proof proved, by position, with their spans. */
function provedSpans(proof: Awaited<ReturnType<typeof provedResult>>) {
  if (proof?.verified !== undefined) return "verified";
  return [...(proof?.proved ?? new Map()).entries()].map(([i, p]) => [
    i,
    p.span,
  ]);
}

Deno.test("result files: read a byte at a time or in any size, each item is decided as in the whole text, the fields read in pieces too", async () => {
  const valid = BASE_TEXT;
  const r = fresh();
  r.episodes[2].record.steps[0].movements[0].outcome = "blocked_wall";
  // Not in the writer's form: an item with its keys in another order, and
  // one whose seed has a leading zero; both still valid values.
  const reordered = encode(r).replace(
    /\{"index":4,("metrics":.*?),"record":/,
    (_, m) => `{${m},"index":4,"record":`,
  );
  const zero = valid.replace(
    /"seed":(\d+)\}(,\{"index":3,)/,
    '"seed":0$1}$2',
  );
  assert.ok(zero !== valid && reordered !== encode(r));
  for (const text of [valid, encode(r), reordered, zero]) {
    const whole = provedSpans(
      await provedResult(canonicalReading(text), sha256Hex(text), SUITE, {}),
    );
    for (const least of [1, 2, 7, 64, 1000, 50_000]) {
      for (const sized of [false, true]) {
        const bytes = ENCODER.encode(text);
        const streamed = await streamedReading(countingRange(bytes), {}, {
          least,
          sized,
        });
        const proof = await provedResult(
          streamed?.reading,
          () => streamed!.digest(),
          SUITE,
          {},
        );
        assert.deepEqual(provedSpans(proof), whole, `${least} ${sized}`);
        if (proof?.verified !== undefined) {
          assert.equal(proof.verified.digest, sha256Hex(bytes));
        } else {
          assert.equal(await streamed?.finish(), sha256Hex(bytes));
        }
      }
    }
  }
});

Deno.test("result files: a canonical valid result is read in one pass, its fields twice, each item handed out once", async () => {
  const bytes = ENCODER.encode(BASE_TEXT);
  const range = countingRange(bytes);
  const streamed = (await streamedReading(range))!;
  const items = streamed.reading.episodes as AsyncIterator<
    unknown,
    boolean,
    boolean
  >;
  let handed = 0;
  const reading = {
    ...streamed.reading,
    episodes: {
      next: async (proved: boolean) => {
        const step = await items.next(proved);
        if (!step.done) handed++;
        return step;
      },
    },
  };
  const proof = await provedResult(
    reading as Any,
    () => streamed.digest(),
    SUITE,
    {},
  );
  assert.equal(proof?.verified?.digest, sha256Hex(bytes));
  assert.equal(handed, BASE.episodes.length);
  // The fields after the episodes are looked for from the end (in chunks
  // that double from 4 KiB), then read; the first 13 bytes are looked at
  // before; everything else is read once.
  const fields = BASE_TEXT.lastIndexOf('],"evaluation_manifest":');
  const searched = 2 * (bytes.length - fields) + 4096;
  const head = '{"episodes":['.length;
  const counts = (from: number, to: number) =>
    new Set(range.reads.slice(from, to));
  assert.ok(searched < bytes.length / 2);
  assert.deepEqual(counts(0, head), new Set([2]));
  assert.deepEqual(counts(head, bytes.length - searched), new Set([1]));
  assert.deepEqual(counts(fields, bytes.length), new Set([2]));
  assert.ok(range.reads.every((n) => n >= 1 && n <= 2));
});

/** The subset suite with 24 seeds a scenario, and its greedy result. */
let largerOnce:
  | Promise<{ suite: ReturnType<typeof parseSuite>; result: EvaluationResult }>
  | undefined;
function larger() {
  largerOnce ??= (async () => {
    const value = subsetSuiteValue() as Any;
    for (const s of value.scenarios) {
      s.seeds = Array.from({ length: 24 }, (_, i) => i);
    }
    const suite = parseSuite(parse(encode(value)));
    const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
    return { suite, result };
  })();
  return largerOnce;
}

Deno.test("result files: a byte that is not ASCII, beyond file-bytes: the episode not proved is the one that holds it", async () => {
  const { suite, result } = await larger();
  const text = encode(result);
  // Item k's span: the items before it and their commas, after the start.
  const sizes = result.episodes.map((e) => encode(e as Any).length);
  const fields = text.lastIndexOf('],"evaluation_manifest":');
  const max = text.length - fields + 100;
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json`;
    const previous = setLimits({ maxFileBytes: max });
    try {
      for (const k of [0, 29, 50, sizes.length - 1]) {
        const start = '{"episodes":['.length +
          sizes.slice(0, k).reduce((a, b) => a + b, k);
        // Near the item's start, where the text decoded for the items
        // before it reaches too.
        const at = start + 20;
        await Deno.writeTextFile(
          file,
          `${text.slice(0, at)}é${text.slice(at + 1)}`,
        );
        await assert.rejects(verifyResultFile(file, suite), (e: Error) => {
          assert.match(
            e.message,
            new RegExp(`whose episodes\\[${k}\\] is not proved in one pass`),
          );
          return true;
        });
      }
    } finally {
      setLimits(previous);
    }
  });
});

Deno.test("result files: the streamed reading decodes an item or a few at a time, never a chunk of the file as one text", async () => {
  // A result of 2 MB and more: the file is read a mebibyte at a time, and
  // a text that lives while its items are proved must stay small (a
  // mebibyte of text at a time grew V8's young generation to its largest).
  const { result } = await larger();
  const bytes = ENCODER.encode(encode(result));
  assert.ok(bytes.length > 2 << 20);
  const sizes = result.episodes.map((e) =>
    ENCODER.encode(encode(e as Any)).length
  );
  const largest = Math.max(...sizes);
  assert.ok(largest < 1 << 17);
  const streamed = (await streamedReading(countingRange(bytes)))!;
  const items = streamed.reading.episodes as AsyncIterator<
    unknown,
    boolean,
    boolean
  >;
  const decoded: number[] = [];
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = function (input, options) {
    decoded.push(input?.byteLength ?? 0);
    return decode.call(this, input, options);
  };
  let handed = 0;
  try {
    for (let step = await items.next(true); !step.done; handed++) {
      step = await items.next(true);
      if (step.done) assert.equal(step.value, true);
    }
  } finally {
    TextDecoder.prototype.decode = decode;
  }
  assert.equal(handed, result.episodes.length);
  // 64 KiB at a time, or the largest item and an eighth; each byte about
  // once (what an item's text overlaps the next is decoded again).
  const most = Math.max(1 << 16, largest + (largest >> 3));
  assert.ok(Math.max(...decoded) <= most, `${Math.max(...decoded)} > ${most}`);
  const total = decoded.reduce((a, b) => a + b, 0);
  assert.ok(total <= 1.5 * bytes.length, `${total} bytes decoded`);
  assert.ok(total >= sizes.reduce((a, b) => a + b, 0));
});

/**
 * The byte spans of the episode items of a result file whose result text
 * starts at `offset`, by Python's json module: the canonical text of each
 * item, one after the other after `{"episodes":[`, a comma between.
 */
async function pythonSpans(
  file: string,
  offset: number,
  length: number,
): Promise<{ start: number; end: number }[]> {
  const script = `
import json, sys
with open(sys.argv[1], "rb") as f:
    data = f.read()[int(sys.argv[2]):int(sys.argv[2]) + int(sys.argv[3])]
doc = json.loads(data)
at = int(sys.argv[2]) + len('{"episodes":[')
spans = []
for e in doc["episodes"]:
    n = len(json.dumps(e, sort_keys=True, separators=(",", ":")).encode())
    spans.append({"start": at, "end": at + n})
    at += n + 1
print(json.dumps(spans))
`;
  const out = await new Deno.Command("python3", {
    args: ["-c", script, file, String(offset), String(length)],
    stdout: "piped",
    stderr: "piped",
  }).output().catch((e) => {
    throw new Error(`python3 is needed for this test: ${e}`);
  });
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("result files: each verified episode's byte span is its item's text, in a file and in a part", async () => {
  await inTempDir(async (dir) => {
    const written = async (path: string, range: FileRange = {}) => {
      using file = await ResultFile.open(path, range, path);
      return await verifyWrittenInto(file, SUITE, {}, indicesReducer());
    };
    const plain = `${dir}/r.json`;
    await Deno.writeTextFile(plain, BASE_TEXT);
    const v = (await written(plain))!;
    assert.deepEqual(
      v.spans,
      await pythonSpans(plain, 0, ENCODER.encode(BASE_TEXT).length),
    );
    const wrapped = part(BASE_TEXT);
    const partFile = `${dir}/p.json`;
    await Deno.writeFile(partFile, wrapped.bytes);
    const p = (await written(partFile, {
      start: wrapped.start,
      end: wrapped.end,
    }))!;
    assert.equal(p.kept.digest, v.kept.digest);
    assert.deepEqual(
      p.spans,
      await pythonSpans(partFile, wrapped.start, wrapped.end - wrapped.start),
    );
    const text = new TextDecoder();
    for (const [k, s] of p.spans.entries()) {
      assert.equal(
        text.decode(wrapped.bytes.subarray(s.start, s.end)),
        encode(BASE.episodes[k] as unknown as Any),
      );
      assert.equal(p.kept.indices[k], BASE.episodes[k]!.index);
    }
    // A valid result written otherwise (read whole) has no spans; an
    // invalid one is refused.
    await Deno.writeTextFile(plain, ` ${BASE_TEXT}`);
    assert.equal(await written(plain), undefined);
    await Deno.writeTextFile(
      plain,
      BASE_TEXT.replace('"index":0', '"index":1'),
    );
    await assert.rejects(written(plain), EvaluationError);
  });
});

Deno.test("result files: a canonical result beyond the file-bytes limit is verified; another is refused saying why it is read whole", async () => {
  await inTempDir(async (dir) => {
    const size = ENCODER.encode(BASE_TEXT).length;
    // Room for the fields after the episodes (the manifest), which are read
    // as one document, not for the whole result.
    const fields = size - BASE_TEXT.lastIndexOf('],"evaluation_manifest":');
    const max = fields + 100;
    assert.ok(max < size / 4);
    const file = `${dir}/r.json`;
    const want = sha256Hex(BASE_TEXT);
    const r = fresh();
    r.episodes[2].record.steps[0].movements[0].outcome = "blocked_wall";
    const tampered = encode(r);
    const previous = setLimits({ maxFileBytes: max });
    try {
      await Deno.writeTextFile(file, BASE_TEXT);
      assert.equal((await verifyResultFile(file, SUITE)).digest, want);
      await Deno.writeTextFile(file, ` ${BASE_TEXT}`);
      await assert.rejects(verifyResultFile(file, SUITE), {
        name: "FileError",
        message: `${file}: input of ${
          size + 1
        } bytes that is not as the result writer writes it, read whole: over the implementation limit of ${max} bytes (raise it with --limits file-bytes=N or limits.maxFileBytes)`,
      });
      await Deno.writeTextFile(file, tampered);
      await assert.rejects(verifyResultFile(file, SUITE), {
        name: "FileError",
        message: `${file}: input of ${
          ENCODER.encode(tampered).length
        } bytes whose episodes[2] is not proved in one pass, read whole: over the implementation limit of ${max} bytes (raise it with --limits file-bytes=N or limits.maxFileBytes)`,
      });
    } finally {
      setLimits(previous);
    }
  });
});

Deno.test("result files: a file changed after the streamed proof is decided as the stream read it; an earlier proof of other bytes is not taken", async () => {
  const first = fresh();
  first.episodes[1].record.steps[0].movements[0].outcome = "blocked_wall";
  const second = fresh();
  second.episodes[3].record.steps[0].movements[0].outcome = "blocked_wall";
  const [a, b] = [
    ENCODER.encode(encode(first)),
    ENCODER.encode(encode(second)),
  ];
  const refusedAt = (k: number) => (e: Error) => {
    assert.match(e.message, new RegExp(`^r\\.json: episodes\\[${k}\\]\\.`));
    return true;
  };
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json`;
    await Deno.writeFile(file, a);
    using opened = await ResultFile.open(file);
    const steps = new FileVerification(opened, { file: "r.json" });
    assert.equal(await steps.prove(SUITE), undefined);
    // Within the file-bytes limit, the stream kept what it read.
    await Deno.writeFile(file, b);
    const reading = await steps.bytes();
    reading.read();
    await assert.rejects(reading.verify(SUITE), refusedAt(1));
  });
  // Episodes 0, 2, 3, 4 and 5 of the first bytes are proved; taken for
  // the second bytes (episode 1 genuine, 3 tampered), they would be
  // accepted.
  const streamed = (await streamedReading(countingRange(a)))!;
  const proof = await provedResult(streamed.reading, undefined, SUITE, {});
  assert.equal(proof?.proved?.size, 5);
  const digest = (await streamed.finish())!;
  for (const [bytes, k] of [[a, 1], [b, 3]] as const) {
    const reading = new BytesVerification(
      bytes.slice(),
      { file: "r.json" },
      false,
      { proof: proof!, digest },
    );
    reading.read();
    await assert.rejects(reading.verify(SUITE), refusedAt(k));
  }
});

Deno.test("result files: a byte range outside the file is a RangeError", async () => {
  await inTempDir(async (dir) => {
    const file = `${dir}/r.json`;
    await Deno.writeTextFile(file, "{}");
    await assert.rejects(
      verifyResultFile(file, SUITE, { start: 1, end: 3 }),
      RangeError,
    );
    await assert.rejects(
      verifyResultFile(file, SUITE, { start: 2, end: 1 }),
      RangeError,
    );
  });
});

Deno.test("result files: fields beyond what is kept are hashed as read again, and a file whose fields changed meanwhile is not proved", async () => {
  const bytes = ENCODER.encode(BASE_TEXT);
  const fields = BASE_TEXT.lastIndexOf('],"evaluation_manifest":');
  const tail = bytes.length - fields;
  // A file larger than `file-bytes` is not kept whole, so its fields are
  // not held through the proof either.
  const previous = setLimits({ maxFileBytes: tail + 16 });
  try {
    const range = countingRange(bytes);
    const streamed = (await streamedReading(range, {}, undefined, "deferred"))!;
    const proof = await provedResult(
      streamed.reading,
      () => streamed.digest(),
      SUITE,
      {},
    );
    assert.equal(proof?.verified?.digest, sha256Hex(bytes));
    assert.equal(proof?.verified?.episodes.length, BASE.episodes.length);
    // Searched for, parsed, and read again to be hashed.
    assert.deepEqual(new Set(range.reads.slice(fields)), new Set([3]));
    assert.equal(streamed.retained(), undefined);

    // The second read of the fields sees another model's ID, of the same
    // length: the digest would be of bytes that were not proved.
    const changed = ENCODER.encode(
      BASE_TEXT.slice(0, fields) +
        BASE_TEXT.slice(fields).replace(
          `"model_id":"${BASE.model_id}"`,
          `"model_id":"${"z".repeat(BASE.model_id.length)}"`,
        ),
    );
    assert.equal(changed.length, bytes.length);
    assert.notDeepEqual(changed, bytes);
    // Reads that begin where the fields begin: the one that parses them,
    // then the one that hashes them.
    let fromFields = 0;
    const flipping: ByteRange = {
      start: 0,
      end: bytes.length,
      read(into: Uint8Array, at: number): Promise<number> {
        const late = at === fields && fromFields++ >= 1;
        const part = (late ? changed : bytes).subarray(at, at + into.length);
        into.set(part);
        return Promise.resolve(part.length);
      },
    };
    const again = (await streamedReading(flipping, {}, undefined, "deferred"))!;
    const refused = await provedResult(
      again.reading,
      () => again.digest(),
      SUITE,
      {},
    );
    assert.equal(refused?.verified, undefined);
    assert.equal(refused?.proved?.size, BASE.episodes.length);
    assert.equal(fromFields, 2);
    assert.equal(await again.finish(), undefined);
  } finally {
    setLimits(previous);
  }
});

Deno.test("result files: fields read a read at a time, parsed, then read again and hashed only if every read has the bytes parsed", async () => {
  const bytes = ENCODER.encode(BASE_TEXT);
  const fields = BASE_TEXT.lastIndexOf('],"evaluation_manifest":');
  const tail = bytes.length - fields;
  // The model's ID is in the last of the reads of 16 bytes; the other
  // tests read the fields in one read.
  const changed = ENCODER.encode(
    BASE_TEXT.slice(0, fields) +
      BASE_TEXT.slice(fields).replace(
        `"model_id":"${BASE.model_id}"`,
        `"model_id":"${"z".repeat(BASE.model_id.length)}"`,
      ),
  );
  const first = [...changed].findIndex((b, k) => b !== bytes[k]);
  assert.ok(first > fields + 16 && tail > 64);
  const previous = setLimits({ maxFileBytes: tail + 16 });
  try {
    for (const late of [false, true]) {
      const reads: [number, number][] = [];
      // Passes over the fields a read of 16 bytes at a time: the one that
      // parses them, then the one that hashes them.
      let passes = 0;
      const range: ByteRange = {
        start: 0,
        end: bytes.length,
        read(into: Uint8Array, at: number): Promise<number> {
          reads.push([at, into.length]);
          const piece = at >= fields && into.length <= 16;
          if (piece && at === fields) passes++;
          const again = late && piece && passes >= 2;
          const part = (again ? changed : bytes).subarray(
            at,
            at + into.length,
          );
          into.set(part);
          return Promise.resolve(part.length);
        },
      };
      const streamed = (await streamedReading(
        range,
        {},
        { least: 16, sized: true },
        "deferred",
      ))!;
      const proof = await provedResult(
        streamed.reading,
        () => streamed.digest(),
        SUITE,
        {},
      );
      const pieces = Array.from({ length: Math.ceil(tail / 16) }, (_, k) => [
        fields + 16 * k,
        Math.min(16, tail - 16 * k),
      ]);
      assert.equal(passes, 2);
      assert.deepEqual(
        reads.filter(([at]) => at >= fields).slice(-2 * pieces.length),
        [...pieces, ...pieces],
      );
      if (late) {
        assert.equal(proof?.verified, undefined);
        assert.equal(proof?.proved?.size, BASE.episodes.length);
        // Read a third time, as changed: still not hashed.
        assert.equal(await streamed.finish(), undefined);
        assert.equal(passes, 3);
      } else {
        assert.equal(proof?.verified?.digest, sha256Hex(bytes));
      }
    }
  } finally {
    setLimits(previous);
  }
});
