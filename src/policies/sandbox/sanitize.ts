/**
 * What the policy prints, made safe for the evaluator's terminal.
 *
 * @module
 */

// CSI and OSC sequences (a policy may print its own colours, titles or
// cursor moves) are dropped whole; what they would do is noise, not text.
const ESCAPES =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]/g;
// Every other character that moves the cursor, reorders or hides text:
// C0 (but tab), DEL, C1, the bidi marks, embeddings, overrides and
// isolates, the zero-width characters and the line and paragraph
// separators; and the other invisible ones that carry hidden text (soft
// hyphen, Mongolian vowel separator, invisible operators, interlinear
// annotation marks, the tag characters of "ASCII smuggling"). Shown
// escaped, so a line cannot pass for another one.
const HIDDEN =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0a-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

/**
 * Text of the policy made safe for a terminal, as one line: escape
 * sequences removed, every other control, bidi, zero-width, line- or
 * paragraph-separator character (newline included) shown as `\uXXXX`
 * (a tag character as `\u{E00XX}`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitize } from "./sanitize.ts";
 * assert.equal(sanitize("\x1b[31mred\x1b[0m\r\x07ok\n"), "red\\u000d\\u0007ok\\u000a");
 * assert.equal(sanitize("\x1b]0;title\x07x"), "x");
 * assert.equal(sanitize("a\u202eb\u200bc\u2028d\tok"), "a\\u202eb\\u200bc\\u2028d\tok");
 * ```
 */
export function sanitize(text: string): string {
  return text.replace(ESCAPES, "").replace(
    HIDDEN,
    (c) => {
      const code = c.codePointAt(0) ?? 0;
      return code > 0xffff
        ? `\\u{${code.toString(16)}}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}
