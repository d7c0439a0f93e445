/**
 * The digest of a file that the general path's reference checks accept
 * (src/verify/refusal.ts): the checks' own digest is not used, so
 * a proof's prefix hash is continued over the canonical text of the later
 * episodes, or the hash of a canonical file's bytes is taken. Each must be
 * the hash of the canonical JSON (and the reference verifier's digest,
 * `verifyResult`), for every length of prefix, on a file that is not
 * canonical (spaced) and on one with its keys out of order.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  encode,
  JsonFloat,
  type JsonValue,
  parse,
  parseDeferring,
} from "../src/json/canonical.ts";
import { verifyResult } from "../src/verify/reference.ts";
import { canonicalTextOf } from "../src/verify/canonical_text.ts";
import { slimmed, verifiedDeferred } from "../src/verify/refusal.ts";
import { ResultDigest } from "../src/result/writer.ts";
import { spaced } from "./spaced.ts";
import { BASE_TEXT, SUITE } from "./tamper_support.ts";

const defer = (segs: readonly (string | number)[]) =>
  segs.length === 3 && segs[0] === "episodes" &&
  (segs[2] === "record" || segs[2] === "metrics");

/** The result digest with the canonical text of the first `k` episodes hashed. */
function prefixHash(k: number): ResultDigest {
  const episodes = (parse(BASE_TEXT) as { episodes: JsonValue[] }).episodes;
  const digest = new ResultDigest();
  for (const e of episodes.slice(0, k)) digest.episode((out) => out(encode(e)));
  return digest;
}

/** SHA-256 of the base result's canonical JSON, and the reference's digest. */
async function wanted(): Promise<string> {
  const want = createHash("sha256").update(encode(parse(BASE_TEXT))).digest(
    "hex",
  );
  assert.equal((await verifyResult(parse(BASE_TEXT), SUITE)).digest, want);
  return want;
}

/** The base result's text with each object's keys in reverse order. */
function reversed(): string {
  const write = (v: JsonValue): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(",")}]`;
    if (v !== null && typeof v === "object" && !(v instanceof JsonFloat)) {
      const o = v as Record<string, JsonValue>;
      return `{${
        Object.keys(o).reverse().map((k) => `${encode(k)}:${write(o[k]!)}`)
          .join(",")
      }}`;
    }
    return encode(v);
  };
  return write(parse(BASE_TEXT));
}

Deno.test("general path: an accepted file's digest, continued from each prefix", async () => {
  const want = await wanted();
  const count = (parse(BASE_TEXT) as { episodes: JsonValue[] }).episodes.length;
  for (const text of [spaced(BASE_TEXT), reversed()]) {
    for (let k = 0; k <= count; k++) {
      const doc = parseDeferring(text, defer);
      assert.ok(!doc.canonical);
      const plan = { prefix: prefixHash(k) };
      const slim = slimmed(doc.value, new Map(), plan);
      const verified = await verifiedDeferred(
        slim,
        canonicalTextOf,
        new Map(),
        plan,
        SUITE,
        {},
      );
      assert.equal(verified.digest, want, `prefix of ${k}`);
    }
  }
});

Deno.test("general path: an accepted canonical file's digest is its bytes' hash", async () => {
  const want = await wanted();
  const doc = parseDeferring(BASE_TEXT, defer);
  assert.ok(doc.canonical);
  const plan = {
    digest: createHash("sha256").update(BASE_TEXT).digest("hex"),
  };
  const verified = await verifiedDeferred(
    slimmed(doc.value, new Map(), plan),
    (span) => span.source,
    new Map(),
    plan,
    SUITE,
    {},
  );
  assert.equal(verified.digest, want);
});
