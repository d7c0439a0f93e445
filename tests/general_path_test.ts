/**
 * The one-pass verifier on every case of the tamper corpus, through both
 * kernels, against the reference: the strict reader on the bytes, then
 * `verifyResult` on the value. Every refusal must have the reference's error
 * class and message exactly, and every accepted file its digest: the
 * canonical fast path (regeneration or the object path), the proof of a
 * non-canonical file through its value's canonical text, and the general
 * path that reads one episode at a time must all leave the verdict as it
 * was. Each case is also tried pretty-printed (spaces after separators),
 * which can only be decided by the general path.
 */

import assert from "node:assert/strict";
import { parseBytes } from "../src/json/canonical.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import { spaced } from "./spaced.ts";
import { corpus } from "./tamper_corpus.ts";
import { SUITE } from "./tamper_support.ts";

const FILE = "r.json";
const CASES = await corpus();

type Verdict = { name: string; message: string } | { digest: string };

async function verdict(p: () => Promise<{ digest: string }>): Promise<Verdict> {
  try {
    return { digest: (await p()).digest };
  } catch (e) {
    const error = e as Error;
    return { name: error.name, message: error.message };
  }
}

function reference(bytes: Uint8Array): Promise<Verdict> {
  return verdict(() =>
    verifyResult(parseBytes(bytes, { file: FILE }), SUITE, { file: FILE })
  );
}

for (const kernel of ["wasm", "reference"] as const) {
  Deno.test(`tamper corpus: verifyEvaluation (--kernel ${kernel}) gives the reference's verdicts`, async () => {
    const problems: string[] = [];
    for (const c of CASES) {
      for (const text of [c.text, spaced(c.text)]) {
        const bytes = new TextEncoder().encode(text);
        const want = await reference(bytes);
        const got = await verdict(() =>
          verifyEvaluation(bytes, SUITE, { file: FILE, kernel })
        );
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          problems.push(
            `${c.name}${text === c.text ? "" : " (spaced)"}: got ${
              JSON.stringify(got)
            }, want ${JSON.stringify(want)}`,
          );
        }
      }
    }
    assert.deepEqual(problems, []);
  });
}
