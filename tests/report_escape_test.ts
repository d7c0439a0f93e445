/**
 * Escaping of untrusted text for HTML, embedded JSON and the terminal, on
 * hand-picked attacks and on random strings.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeHtml, escapeTerminal, jsonForScript } from "../src/escape.ts";

const ATTACKS = [
  "</script><script>alert(1)</script>",
  "<!--",
  "\u2028\u2029",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "\u001b]0;title\u0007\u001b[2J",
  "\u202eevil",
];

Deno.test("jsonForScript: no <, >, &, U+2028 or U+2029 survive, and JSON.parse gives the value back", () => {
  const check = (s: string) => {
    const text = jsonForScript({ s, list: [s] });
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(text), { s, list: [s] });
  };
  ATTACKS.forEach(check);
  fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => check(s)));
});

Deno.test("escapeHtml: no markup character survives; entities decode to the text", () => {
  const decode = (t: string) =>
    t.replace(
      /&(lt|gt|quot|amp|#39|#x[0-9a-f]+);/g,
      (_m, e: string) =>
        e === "lt"
          ? "<"
          : e === "gt"
          ? ">"
          : e === "quot"
          ? '"'
          : e === "amp"
          ? "&"
          : e === "#39"
          ? "'"
          : String.fromCharCode(parseInt(e.slice(2), 16)),
    );
  const check = (s: string) => {
    const t = escapeHtml(s);
    assert.doesNotMatch(
      t,
      /[<>"'\u2028\u2029]|&(?!(lt|gt|quot|amp|#39|#x[0-9a-f]+);)/,
    );
    assert.equal(decode(t), s);
  };
  ATTACKS.forEach(check);
  fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => check(s)));
});

Deno.test("escapeTerminal: no control, C1 or bidirectional character survives", () => {
  const check = (s: string) => {
    const t = escapeTerminal(s);
    for (const c of t) {
      const n = c.codePointAt(0)!;
      assert.ok(
        !(n < 0x20 || (n >= 0x7f && n <= 0x9f) ||
          (n >= 0x202a && n <= 0x202e) ||
          (n >= 0x2066 && n <= 0x2069)),
        `U+${n.toString(16)} in ${JSON.stringify(t)}`,
      );
    }
  };
  ATTACKS.forEach(check);
  fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => check(s)));
  // Distinct inputs stay distinct: the backslash itself is escaped.
  assert.notEqual(escapeTerminal("\\u{1b}"), escapeTerminal("\u001b"));
});
