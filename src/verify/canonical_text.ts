/**
 * The canonical text of a deferred value of a document that is not
 * canonical, preferably without building the value: most such files are
 * canonical JSON with whitespace added (pretty-printed), and whitespace
 * outside strings does not change a JSON value. So the whitespace is
 * dropped, and when what is left is canonical (checked by the strict
 * reader, which builds nothing), it is the value's canonical text; else
 * the value is built and encoded.
 *
 * @module
 */

import { type DeferredJson, encode, isCanonical } from "../json/canonical.ts";

/**
 * The canonical text of a validated deferred value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDeferring, type DeferredJson } from "../json/canonical.ts";
 * import { canonicalTextOf } from "./canonical_text.ts";
 * const doc = parseDeferring('[{ "b" : "x y",\n "a": [1, 2] }, {"b":1,"a":2}]', (s) => s.length === 1);
 * const [pretty, unsorted] = doc.value as unknown as DeferredJson[];
 * assert.equal(canonicalTextOf(pretty!), '{"a":[1,2],"b":"x y"}');
 * assert.equal(canonicalTextOf(unsorted!), '{"a":2,"b":1}');
 * ```
 */
export function canonicalTextOf(span: DeferredJson): string {
  const stripped = withoutWhitespace(span.source);
  return stripped !== undefined && isCanonical(stripped)
    ? stripped
    : encode(span.value());
}

/**
 * `text` (valid JSON) without the whitespace outside its strings, written
 * into one byte buffer (a list of slices would cost more than the text);
 * `undefined` for text that is not ASCII, which is then encoded from its
 * value.
 */
function withoutWhitespace(text: string): string | undefined {
  const start = firstWhitespace(text);
  if (start === undefined) return undefined;
  if (start === text.length) return text;
  if (scratch.length < text.length) scratch = new Uint8Array(text.length);
  const out = scratch;
  for (let i = 0; i < start; i++) out[i] = text.charCodeAt(i);
  let n = start;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7e) return undefined;
    if (inString) {
      if (c === 0x5c) {
        // An escape: the next character is taken as it is.
        out[n++] = c;
        const d = text.charCodeAt(++i);
        if (d > 0x7e) return undefined;
        out[n++] = d;
        continue;
      }
      if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    out[n++] = c;
  }
  return n === text.length ? text : ASCII.decode(out.subarray(0, n));
}

/**
 * Where the first whitespace outside strings is (`text.length`: none, and
 * then no buffer is needed); `undefined` for text that is not ASCII.
 */
function firstWhitespace(text: string): number | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7e) return undefined;
    if (inString) {
      if (c === 0x5c) {
        if (text.charCodeAt(++i) > 0x7e) return undefined;
        continue;
      }
      if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return i;
  }
  return text.length;
}

const ASCII = new TextDecoder();

/**
 * The buffer the text is written into, kept for the next value: a record's
 * text is megabytes, and a new buffer for each one would be external memory
 * that only a garbage collection frees.
 */
let scratch = new Uint8Array(0);
