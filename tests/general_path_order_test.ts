/**
 * The general path skips the episodes that the proof showed valid and
 * builds only the others (a refused large file then holds one episode's
 * values at a time, not the whole document's). Skipping must not change
 * which refusal comes first: statistics.md §1 checks the structure of every
 * episode before any replay, so a structural error in a later episode wins
 * over a forged replay in an earlier one. Each case here tampers with two
 * episodes and must get the reference verifier's verdict (`verifyResult` on
 * the parsed value), through both kernels, canonical and spaced.
 */

import assert from "node:assert/strict";
import {
  DeferredJson,
  encode,
  JsonFloat,
  parseBytes,
} from "../src/json/canonical.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import { spaced } from "./spaced.ts";
import {
  type Any,
  BOTTLE0,
  BOTTLE1,
  fresh,
  HALL0,
  HALL1,
  SUITE,
  THREE0,
  THREE1,
} from "./tamper_support.ts";

const FILE = "r.json";

type Verdict = { name: string; message: string } | { digest: string };

async function verdict(p: () => Promise<{ digest: string }>): Promise<Verdict> {
  try {
    return { digest: (await p()).digest };
  } catch (e) {
    const error = e as Error;
    return { name: error.name, message: error.message };
  }
}

// Edits of one episode, each refused by a known pass of the reference.
const forgedTrapped = (k: number) => (r: Any) => {
  // Stage 2 (replay pass): the trapped set is recomputed.
  const first = r.episodes[k].record.initial_state.people[0].person_id;
  r.episodes[k].record.steps[0].state.trapped = [first];
};
const unknownRecordField = (k: number) => (r: Any) => {
  // Structure pass: the record's shape.
  r.episodes[k].record.steps[0].note = 1;
};
const metricsSeed = (k: number) => (r: Any) => {
  // Structure pass: the metrics header names the episode.
  r.episodes[k].metrics.seed += 1;
};
const metricOff = (k: number) => (r: Any) => {
  // Replay pass, after the record: a stored metric differs.
  const s = r.episodes[k].metrics.safety;
  s.evacuated_rate = new JsonFloat(s.evacuated_rate.value / 2);
};
const unknownEpisodeField = (k: number) => (r: Any) => {
  r.episodes[k].note = "x";
};

const CASES: readonly [string, ((r: Any) => void)[]][] = [
  ["forged early, structure broken late", [
    forgedTrapped(HALL0),
    unknownRecordField(THREE0),
  ]],
  ["metric off early, metrics header late", [
    metricOff(HALL0),
    metricsSeed(THREE1),
  ]],
  ["two forged episodes: the first is named", [
    forgedTrapped(HALL1),
    forgedTrapped(BOTTLE1),
  ]],
  ["unprovable item first, forgery after it", [
    unknownEpisodeField(HALL0),
    forgedTrapped(BOTTLE0),
  ]],
  ["forgery first, valid rest", [forgedTrapped(HALL0)]],
  ["forgery last, valid rest", [forgedTrapped(THREE1)]],
];

for (const kernel of ["wasm", "reference"] as const) {
  Deno.test(`general path (--kernel ${kernel}): two tampered episodes get the reference's first refusal`, async () => {
    const problems: string[] = [];
    for (const [name, edits] of CASES) {
      const r = fresh();
      for (const edit of edits) edit(r);
      const canonical = encode(r);
      for (const text of [canonical, spaced(canonical)]) {
        const bytes = new TextEncoder().encode(text);
        const want = await verdict(() =>
          verifyResult(parseBytes(bytes, { file: FILE }), SUITE, { file: FILE })
        );
        assert.ok("message" in want, `${name}: the reference refuses it`);
        const got = await verdict(() =>
          verifyEvaluation(bytes, SUITE, { file: FILE, kernel })
        );
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          problems.push(
            `${name}${text === canonical ? "" : " (spaced)"}: got ${
              JSON.stringify(got)
            }, want ${JSON.stringify(want)}`,
          );
        }
      }
    }
    assert.deepEqual(problems, []);
  });
}

Deno.test("general path: a refused canonical file builds only its unproved episode", async () => {
  const r = fresh();
  forgedTrapped(BOTTLE0)(r);
  const text = encode(r);
  // The forged episode's item, found in the text independently of the
  // reader: from its opening to the next episode's.
  const from = text.indexOf(`{"index":${BOTTLE0},"metrics":`);
  const to = text.indexOf(`{"index":${BOTTLE0 + 1},"metrics":`);
  assert.ok(from > 0 && to > from);
  // What was built, by its text: the general path builds values from
  // copies of their spans, not from the document's text.
  const built: string[] = [];
  const original = Object.getOwnPropertyDescriptor(
    DeferredJson.prototype,
    "value",
  )!;
  Object.defineProperty(DeferredJson.prototype, "value", {
    ...original,
    value(this: DeferredJson) {
      built.push(this.source);
      return original.value.call(this);
    },
  });
  try {
    await assert.rejects(
      verifyEvaluation(new TextEncoder().encode(text), SUITE, { file: FILE }),
      { name: "StatisticsInputError" },
    );
  } finally {
    Object.defineProperty(DeferredJson.prototype, "value", original);
  }
  assert.ok(built.length > 0);
  const item = text.slice(from, to);
  assert.deepEqual(built.filter((span) => !item.includes(span)), []);
});
