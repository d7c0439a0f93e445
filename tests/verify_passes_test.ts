/**
 * The verifier's passes over a result's text (src/verify/bytes.ts), counted
 * by an instrumented text source: a canonical valid result is read once
 * (the proof's reading, each episode item handed out once, no strict
 * reading); a refused or non-canonical one at most once more (the strict
 * reading); and an episode that the first reading proved is not proved
 * again. The verdicts are the reference verifier's.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  type DeferredDocument,
  encode,
  type JsonValue,
  type ParseOptions,
} from "../src/json/canonical.ts";
import type { Limits } from "../src/limits.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { BytesVerification } from "../src/verify/bytes.ts";
import {
  type EpisodeItem,
  type ResultReading,
  TextSource,
} from "../src/verify/reader.ts";
import type { VerifiedEvaluation } from "../src/verify/verified.ts";
import { copy, evaluate, testSuite } from "./_stats_fixtures.ts";

const SUITE = testSuite();
const GREEDY = await evaluate(SUITE, "greedy", "greedy");
// deno-lint-ignore no-explicit-any
type Any = any;

/** A text source that counts its passes and what each reading hands out. */
class Counting extends TextSource {
  proofReadings = 0;
  strictReadings = 0;
  /** Items the proof's reading handed out. */
  itemsRead = 0;
  /** Per position, how often a reading was asked for the record's text. */
  readonly recordTexts: number[] = [];

  override proofReading(limits?: Partial<Limits>) {
    this.proofReadings++;
    return this.#counted(super.proofReading(limits), () => this.itemsRead++);
  }

  override strictReading(options?: ParseOptions): DeferredDocument {
    this.strictReadings++;
    return super.strictReading(options);
  }

  override documentReading(doc: DeferredDocument) {
    return this.#counted(super.documentReading(doc), () => {});
  }

  #counted(
    reading: ResultReading | undefined,
    onItem: () => void,
  ): ResultReading | undefined {
    if (reading === undefined) return undefined;
    const items = reading.episodes as Iterator<EpisodeItem, boolean, boolean>;
    let position = 0;
    const next = (proved: boolean) => {
      const step = items.next(proved);
      if (step.done) return step;
      onItem();
      const at = position++;
      const parts = step.value.parts;
      const value: EpisodeItem = parts === undefined ? step.value : {
        ...step.value,
        parts: {
          ...parts,
          record: () => {
            this.recordTexts[at] = (this.recordTexts[at] ?? 0) + 1;
            return parts.record();
          },
        },
      };
      return { done: false as const, value };
    };
    return { ...reading, episodes: { next } };
  }
}

/** `verifyEvaluation`'s steps over a counting source of `text`. */
async function verified(
  text: string,
  limits?: Partial<Limits>,
): Promise<{
  source: Counting;
  result?: VerifiedEvaluation;
  error?: Error;
}> {
  const source = new Counting(text);
  const digest = createHash("sha256").update(text).digest("hex");
  const v = new BytesVerification({ text: source, digest }, {
    file: "r.json",
    ...(limits === undefined ? {} : { limits }),
  });
  try {
    const fast = await v.prove(SUITE);
    if (fast !== undefined) return { source, result: fast };
    v.read();
    return { source, result: await v.verify(SUITE) };
  } catch (e) {
    return { source, error: e as Error };
  }
}

/** The reference verifier's verdict on a value. */
async function reference(value: JsonValue) {
  try {
    return {
      digest: (await verifyResult(value, SUITE, { file: "r.json" })).digest,
    };
  } catch (e) {
    return { message: (e as Error).message };
  }
}

const TEXT = encode(GREEDY);
const EPISODES = GREEDY.episodes.length;

Deno.test("passes: a canonical valid result is read once, each item once", async () => {
  const { source, result } = await verified(TEXT);
  assert.equal(source.proofReadings, 1);
  assert.equal(source.strictReadings, 0);
  assert.equal(source.itemsRead, EPISODES);
  assert.deepEqual(source.recordTexts, Array(EPISODES).fill(1));
  assert.equal(result?.digest, (await reference(GREEDY)).digest);
  assert.equal(
    result?.digest,
    createHash("sha256").update(TEXT).digest("hex"),
  );
});

Deno.test("passes: a refused result is read once more, strictly, and proved once", async () => {
  const r = copy(GREEDY) as Any;
  r.episodes[1].record.steps[0].movements[0].outcome = "blocked_wall";
  const { source, result, error } = await verified(encode(r));
  assert.equal(result, undefined);
  assert.equal(source.proofReadings, 1);
  assert.equal(source.strictReadings, 1);
  assert.equal(source.itemsRead, EPISODES);
  // The strict reading's document is canonical: nothing is proved again.
  assert.deepEqual(source.recordTexts, Array(EPISODES).fill(1));
  assert.equal(error?.message, (await reference(r)).message);
  assert.match(error!.message, /^r\.json: episodes\[1\]\./);
});

Deno.test("passes: a pretty-printed result is read strictly once, after a first reading that stops at once", async () => {
  const { source, result } = await verified(` ${TEXT}\n`);
  assert.equal(source.proofReadings, 1);
  assert.equal(source.itemsRead, 0);
  assert.equal(source.strictReadings, 1);
  assert.deepEqual(source.recordTexts, Array(EPISODES).fill(1));
  assert.equal(result?.digest, (await reference(GREEDY)).digest);
});

Deno.test("passes: an episode proved by the first reading is not proved again when a later one is not canonical", async () => {
  // Episode 2's record header with its keys reversed: the same value, not
  // its canonical text.
  const header = encode(
    GREEDY.episodes[2]!.record.header as unknown as JsonValue,
  );
  const reversed = JSON.stringify(
    Object.fromEntries(Object.entries(JSON.parse(header)).reverse()),
  );
  const at = TEXT.indexOf(header, TEXT.indexOf('{"index":2,'));
  const text = TEXT.slice(0, at) + reversed + TEXT.slice(at + header.length);
  assert.notEqual(text, TEXT);
  const { source, result } = await verified(text);
  assert.equal(source.proofReadings, 1);
  assert.equal(source.strictReadings, 1);
  assert.equal(source.itemsRead, EPISODES);
  // Episode 2 is tried in each reading (its text, then its value); every
  // other one once.
  const want = Array(EPISODES).fill(1);
  want[2] = 2;
  assert.deepEqual(source.recordTexts, want);
  assert.equal(result?.digest, (await reference(GREEDY)).digest);
});

Deno.test("passes: a canonical result under limits too low to skim records is proved on the strict reading", async () => {
  // The first reading skims records only when no record can reach the
  // depth limit; 14 lets the strict reader read these records.
  const { source, result } = await verified(TEXT, { maxDepth: 14 });
  assert.equal(source.proofReadings, 1);
  assert.equal(source.itemsRead, 0);
  assert.equal(source.strictReadings, 1);
  assert.deepEqual(source.recordTexts, Array(EPISODES).fill(1));
  assert.equal(result?.digest, (await reference(GREEDY)).digest);
});
