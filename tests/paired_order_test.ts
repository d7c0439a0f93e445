/**
 * The paired comparison of two results given as bytes reads, checks and
 * verifies them one episode's values at a time (`BytesVerification`), and
 * must refuse exactly as statistics.md §1 orders it, which is written out
 * here on parsed values with the reference verifier: both inputs read
 * strictly (A, then B), both read structurally (`parseResult`, as a
 * statistics input error), paired (different manifests: an evaluation
 * error before any replay), then each verified (`verifyResult`). Pairs are
 * the genuine result against every case of the tamper corpus (each side,
 * canonical and spaced), a sample of two tampered cases together, and
 * inputs that are not JSON or not UTF-8. Accepted pairs must give the
 * reference's digests and the artifact of the same results given as
 * values.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue, parseBytes } from "../src/json/canonical.ts";
import { EmberError, StatisticsInputError } from "../src/errors.ts";
import { parseResult } from "../src/result/reader.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { pairResults } from "../src/result/pairing.ts";
import { pairedStatistics } from "../src/statistics/paired.ts";
import { spaced } from "./spaced.ts";
import { corpus } from "./tamper_corpus.ts";
import { BASE_TEXT, SUITE } from "./tamper_support.ts";

const FILES = ["a.json", "b.json"] as const;
const CASES = await corpus();
const bytesOf = (text: string) => new TextEncoder().encode(text);

type Verdict = { name: string; message: string } | { digests: string[] };

async function verdict(p: () => Promise<string[]>): Promise<Verdict> {
  try {
    return { digests: await p() };
  } catch (e) {
    const error = e as Error;
    return { name: error.name, message: error.message };
  }
}

/** statistics.md §1's order of work for a paired comparison, by hand. */
function reference(a: Uint8Array, b: Uint8Array): Promise<Verdict> {
  return verdict(async () => {
    const va = parseBytes(a, { file: FILES[0] });
    const vb = parseBytes(b, { file: FILES[1] });
    const structure = (v: JsonValue, file: string) => {
      try {
        return parseResult(v, { file });
      } catch (e) {
        if (!(e instanceof EmberError)) throw e;
        throw new StatisticsInputError(e.detail, { path: e.path, file });
      }
    };
    pairResults(structure(va, FILES[0]), structure(vb, FILES[1]));
    const ra = await verifyResult(va, SUITE, { file: FILES[0] });
    const rb = await verifyResult(vb, SUITE, { file: FILES[1] });
    return [ra.digest, rb.digest];
  });
}

function paired(a: Uint8Array, b: Uint8Array): Promise<Verdict> {
  return verdict(async () => {
    const artifact = await pairedStatistics(a, b, SUITE, {
      files: FILES,
      resamples: 100,
      workers: 1,
    });
    return [artifact.result_digest_a, artifact.result_digest_b];
  });
}

async function check(
  problems: string[],
  name: string,
  a: Uint8Array,
  b: Uint8Array,
): Promise<void> {
  const want = await reference(a, b);
  const got = await paired(a, b);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    problems.push(
      `${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
    );
  }
}

Deno.test("paired bytes: the genuine result against each tampered case, either side", async () => {
  const problems: string[] = [];
  for (const c of CASES) {
    for (const text of [c.text, spaced(c.text)]) {
      const kind = text === c.text ? "" : " (spaced)";
      await check(
        problems,
        `A base, B ${c.name}${kind}`,
        bytesOf(BASE_TEXT),
        bytesOf(text),
      );
      await check(
        problems,
        `A ${c.name}${kind}, B base`,
        bytesOf(text),
        bytesOf(BASE_TEXT),
      );
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("paired bytes: two refused inputs get the reference's first refusal", async () => {
  const refused = CASES.filter((c) => c.verdict !== "accept");
  // Every seventh case, so that each stage meets each other stage.
  const sample = refused.filter((_, i) => i % 7 === 0);
  const problems: string[] = [];
  for (const x of sample) {
    for (const y of sample) {
      if (x === y) continue;
      await check(
        problems,
        `A ${x.name}, B ${y.name}`,
        bytesOf(x.text),
        bytesOf(spaced(y.text)),
      );
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("paired bytes: not JSON, not UTF-8, empty, beside a refusal", async () => {
  const forged = CASES.find((c) => c.verdict !== "accept")!;
  const inputs: [string, Uint8Array][] = [
    ["not UTF-8", new Uint8Array([0x7b, 0xff, 0x7d])],
    ["not JSON", bytesOf('{"model_id":')],
    ["empty", new Uint8Array()],
    ["BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(BASE_TEXT)])],
    ["whitespace after", bytesOf(`${BASE_TEXT}\n`)],
    ["forged", bytesOf(forged.text)],
    ["base", bytesOf(BASE_TEXT)],
  ];
  const problems: string[] = [];
  for (const [x, a] of inputs) {
    for (const [y, b] of inputs) {
      await check(problems, `A ${x}, B ${y}`, a, b);
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("paired bytes: an accepted pair gives the artifact of its values", async () => {
  const accepted = CASES.filter((c) => c.verdict === "accept");
  assert.ok(accepted.length > 0);
  for (const c of accepted) {
    for (const text of [c.text, spaced(c.text)]) {
      const options = { files: FILES, resamples: 100, workers: 1 };
      const fromBytes = await pairedStatistics(
        bytesOf(BASE_TEXT),
        bytesOf(text),
        SUITE,
        options,
      );
      const fromValues = await pairedStatistics(
        parseBytes(bytesOf(BASE_TEXT)),
        parseBytes(bytesOf(text)),
        SUITE,
        options,
      );
      assert.equal(encode(fromBytes as never), encode(fromValues as never));
    }
  }
});

Deno.test("paired bytes: handed over, each buffer is detached once decoded", async () => {
  const a = bytesOf(BASE_TEXT);
  const b = bytesOf(spaced(BASE_TEXT));
  const options = { files: FILES, resamples: 100, workers: 1, release: true };
  const artifact = await pairedStatistics(a, b, SUITE, options);
  assert.equal(a.buffer.byteLength, 0);
  assert.equal(b.buffer.byteLength, 0);
  assert.equal(artifact.result_digest_a, artifact.result_digest_b);
  // The same buffer twice is not handed over by the first.
  const same = bytesOf(BASE_TEXT);
  const self = await pairedStatistics(same, same, SUITE, options);
  assert.equal(self.result_digest_a, artifact.result_digest_a);
});
