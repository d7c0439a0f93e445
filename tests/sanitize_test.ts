/**
 * Issue 19, item 5: every character that can reorder, hide or forge a
 * line reaches the terminal escaped. The classes are listed here from the
 * issue and Unicode's tables (not from sanitize.ts), and each code point
 * is checked alone and between letters, so dropping one from the
 * sanitizer's set fails this test.
 */

import assert from "node:assert/strict";
import { sanitize } from "../src/policies/sandbox/sanitize.ts";

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const HIDDEN: Record<string, number[]> = {
  // C0 but tab (U+0009), DEL, C1.
  controls: [
    ...range(0x00, 0x08),
    ...range(0x0a, 0x1f),
    0x7f,
    ...range(0x80, 0x9f),
  ],
  // Bidi: LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM, ALM.
  bidi: [
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
    0x200e,
    0x200f,
    0x061c,
  ],
  // Zero-width space, non-joiner, joiner, word joiner, BOM.
  zeroWidth: [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff],
  separators: [0x2028, 0x2029],
  // Invisible: soft hyphen, Mongolian vowel separator, invisible times /
  // separator / plus / function application, interlinear annotations.
  invisible: [0xad, 0x180e, ...range(0x2061, 0x2064), ...range(0xfff9, 0xfffb)],
};

Deno.test("sanitize: every control, bidi, zero-width, separator and invisible character is shown as \\uXXXX", () => {
  for (const [kind, codes] of Object.entries(HIDDEN)) {
    for (const code of codes) {
      const hex = code.toString(16).padStart(4, "0");
      const c = String.fromCharCode(code);
      assert.equal(sanitize(c), `\\u${hex}`, `${kind} U+${hex}`);
      // ESC and CSI take the next letter as the end of a sequence.
      if (code === 0x1b || code === 0x9b) continue;
      assert.equal(sanitize(`a${c}b`), `a\\u${hex}b`, `${kind} U+${hex}`);
    }
  }
});

Deno.test("sanitize: the tag characters (ASCII smuggling) are shown as \\u{e00XX}", () => {
  for (const code of [0xe0000, 0xe0001, 0xe0041, 0xe007f]) {
    const c = String.fromCodePoint(code);
    assert.equal(sanitize(`a${c}b`), `a\\u{${code.toString(16)}}b`);
  }
  // Past the tag block: an ordinary astral character passes.
  assert.equal(sanitize("a\u{1f525}b"), "a\u{1f525}b");
});

Deno.test("sanitize: tab and visible text pass unchanged; CSI and OSC sequences are dropped whole", () => {
  const visible = "tab\there é → 火 \u00a0nbsp \u2013 dash \u{1f6aa}";
  assert.equal(sanitize(visible), visible);
  assert.equal(sanitize("\x1b[2J\x1b[1;31mred\x1b[0m"), "red");
  assert.equal(sanitize("\x1b]0;title\x07after"), "after");
  assert.equal(sanitize("\x1b]8;;http://x\x1b\\link"), "link");
  assert.equal(sanitize("\x9b31mc1"), "c1");
  // A lone ESC that starts no sequence is a control character.
  assert.equal(sanitize("\x1bx"), "\\u001bx");
});
