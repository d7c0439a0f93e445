/**
 * What the policy prints, made safe for the evaluator's terminal.
 *
 * @module
 */

import { INVISIBLE_CHARACTERS } from "../../escape.ts";

// CSI and OSC sequences (a policy may print its own colours, titles or
// cursor moves) are dropped whole; what they would do is noise, not text.
const ESCAPES =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]/g;
// Every other character that moves the cursor, reorders or hides text,
// shown escaped, so a line cannot pass for another one.
const HIDDEN = new RegExp(`[${INVISIBLE_CHARACTERS}]`, "gu");

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
