/**
 * `canonicalTextOf` (src/verify/canonical_text.ts) against an
 * independent oracle: the canonical encoding of the value the strict reader
 * builds. Documents are canonical texts with whitespace put between tokens
 * (or none), strings with spaces and escapes in them, and key orders that
 * are not canonical; each span is read twice in a row, since the text is
 * written into a buffer that is kept from one call to the next.
 *
 * @module
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  DeferredJson,
  encode,
  parse,
  parseDeferring,
} from "../src/json/canonical.ts";
import { canonicalTextOf } from "../src/verify/canonical_text.ts";

/** `text` with `ws[k]` after its k-th structural character (cycling). */
function whitespaced(text: string, ws: readonly string[]): string {
  if (ws.length === 0) return text;
  let out = "";
  let inString = false;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    out += c;
    if (inString) {
      if (c === "\\") out += text[++i]!;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ("{}[],:".includes(c)) out += ws[k++ % ws.length]!;
  }
  return out;
}

const key = fc.constantFrom("a", "b", "a b", "\\u00e9", 'q"', "z\\n");
const leaf = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(1.5, -0.25, 1e21, true, false, null),
  fc.constantFrom("", " ", "x y", "tab\there", "é", '"quoted"', "back\\slash"),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(key, tie("v"), { maxKeys: 4 }),
  ),
})).v;

Deno.test("canonicalTextOf: the canonical text of the span's value", () => {
  fc.assert(
    fc.property(
      value,
      fc.array(fc.constantFrom("", " ", "\n", "\t", "\r\n  "), {
        maxLength: 5,
      }),
      fc.boolean(),
      (v, ws, reversed) => {
        // A key order that is not canonical, sometimes.
        let text = JSON.stringify(
          { span: [v] },
          (_, x) =>
            reversed && x !== null && typeof x === "object" && !Array.isArray(x)
              ? Object.fromEntries(Object.entries(x).reverse())
              : x,
        );
        text = whitespaced(text, ws);
        const doc = parseDeferring(text, (segs) => segs.length === 1);
        const span = (doc.value as unknown as { span: DeferredJson }).span;
        assert.ok(span instanceof DeferredJson);
        const want = encode(parse(span.source));
        assert.equal(canonicalTextOf(span), want);
        assert.equal(canonicalTextOf(span), want);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("canonicalTextOf: a long span after a short one, and back", () => {
  const long = `[${Array.from({ length: 2000 }, (_, i) => `{ "k" : ${i} }`)}]`;
  const text = `{"a": [1, 2], "b": ${long}, "c": {"y": " ", "x": 0}}`;
  const doc = parseDeferring(text, (segs) => segs.length === 1);
  const o = doc.value as unknown as Record<string, DeferredJson>;
  for (const k of ["a", "b", "c", "a"]) {
    assert.equal(canonicalTextOf(o[k]!), encode(parse(o[k]!.source)));
  }
  assert.equal(canonicalTextOf(o["c"]!), '{"x":0,"y":" "}');
});
