/**
 * The suite's manifest made a chunk at a time (`verify/manifest_text.ts`):
 * the chunks are the canonical text whose SHA-256 is the manifest hash of
 * a fixture made by Python (`scripts/`, json and hashlib), whatever the
 * chunk size; a stored manifest is the suite's only if equal, whether it
 * was parsed or left as a span of the file's text.
 */

import assert from "node:assert/strict";
import { DeferredJson, encode, parseDeferring } from "../src/json/canonical.ts";
import { sha256Hex } from "../src/json/sha256.ts";
import { manifestChunks } from "../src/scenario/manifest_text.ts";
import { manifestMatch } from "../src/verify/manifest_match.ts";
import {
  ResultDigest,
  resultEndChunks,
  writeResultItems,
} from "../src/result/writer.ts";
import type { Manifest } from "../src/types.ts";

const FIXTURE = JSON.parse(
  await Deno.readTextFile(
    new URL("./fixtures/statistics/result_greedy.json", import.meta.url),
  ),
);
const MANIFEST = FIXTURE.evaluation_manifest as Manifest;
const HASH = FIXTURE.evaluation_manifest_hash as string;

Deno.test("manifest text: the chunks are the canonical text of the Python fixture's hash, at any chunk size", () => {
  for (const size of [1, 7, 100, 1 << 15]) {
    const chunks = [...manifestChunks(MANIFEST, size)];
    assert.equal(sha256Hex(chunks.join("")), HASH, `size ${size}`);
    if (size === 1) assert.equal(chunks.length, MANIFEST.episodes.length + 1);
  }
  assert.equal(manifestMatch(structuredClone(MANIFEST), MANIFEST).hash, HASH);
  // A manifest read from a file may have keys of its own, or no episodes'
  // array: its text whole, as the encoder writes it.
  for (
    const odd of [
      { ...MANIFEST, aaa: 1 },
      { ...MANIFEST, episodes: {} },
    ]
  ) {
    const chunks = [...manifestChunks(odd as never, 1)];
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0], encode(odd as never));
  }
});

/** The stored manifest as a streamed reading leaves it: episodes as a span. */
function deferred(text: string): unknown {
  return parseDeferring(
    text,
    (segs) => segs.length === 1 && segs[0] === "episodes",
  ).value;
}

Deno.test("manifest text: a stored manifest is the suite's only when equal, parsed or left as text", () => {
  const text = [...manifestChunks(MANIFEST)].join("");
  assert.ok(deferred(text) !== undefined);
  const spans = deferred(text) as { episodes: unknown };
  assert.ok(spans.episodes instanceof DeferredJson);
  assert.deepEqual(manifestMatch(spans, MANIFEST), { same: true, hash: HASH });
  // A seed changed in the episodes' text; another field changed.
  const seed = text.replace('"seed":3', '"seed":4');
  assert.notEqual(seed, text);
  assert.equal(manifestMatch(deferred(seed), MANIFEST).same, false);
  assert.equal(manifestMatch(JSON.parse(seed), MANIFEST).same, false);
  const suite = text.replace(
    `"suite_id":"${MANIFEST.suite_id}"`,
    '"suite_id":"other"',
  );
  assert.equal(manifestMatch(deferred(suite), MANIFEST).same, false);
  // One episode fewer: the stored array closes early.
  const fewer = { ...MANIFEST, episodes: MANIFEST.episodes.slice(0, -1) };
  const short = [...manifestChunks(fewer)].join("");
  assert.equal(manifestMatch(deferred(short), MANIFEST).same, false);
  // A span that goes on after the canonical text ends (no reading makes
  // one: its brackets close where the canonical text's do).
  const from = '{"episodes":'.length;
  const longer = `${text.slice(from)}]`;
  const span = new DeferredJson(longer, 0, longer.length, true);
  assert.equal(
    manifestMatch({ ...spans, episodes: span }, MANIFEST).same,
    false,
  );
});

Deno.test("manifest text: a result's end made a chunk at a time is the Python fixture's end, and its digest the fixture's", async () => {
  const bytes = await Deno.readFile(
    new URL("./fixtures/statistics/result_greedy.json", import.meta.url),
  );
  const text = new TextDecoder().decode(bytes);
  const fields = {
    evaluation_manifest: FIXTURE.evaluation_manifest,
    evaluation_manifest_hash: HASH,
    model_id: FIXTURE.model_id,
  };
  const chunks = [...resultEndChunks(fields)];
  assert.ok(chunks.length > 2);
  assert.ok(text.endsWith(chunks.join("")));
  // The fixture's items, as one piece of text.
  const items = text.slice(
    '{"episodes":['.length,
    text.length - chunks.join("").length,
  );
  const pieces: string[] = [];
  await writeResultItems(
    (p) => {
      pieces.push(typeof p === "string" ? p : new TextDecoder().decode(p));
    },
    [items],
    fields,
  );
  assert.equal(pieces.join(""), text);
  const digest = new ResultDigest();
  digest.episode((out) => out(items));
  assert.equal(digest.finish(fields), sha256Hex(bytes));
});
