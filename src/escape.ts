/**
 * Escaping of untrusted free text (model IDs, scenario and person IDs,
 * descriptions) for the three places the reports put it: HTML text and
 * attributes, JSON embedded in a `<script>` element, and the terminal.
 *
 * @module
 */

/**
 * The characters that move the cursor, reorder or hide text, as the body
 * of a regular-expression character class (for the `u` flag): C0 but tab,
 * DEL, C1, the bidi marks, embeddings, overrides and isolates, the
 * zero-width characters, the line and paragraph separators, and the other
 * invisible ones that carry hidden text (soft hyphen, Mongolian vowel
 * separator, invisible operators, interlinear annotation marks, the tag
 * characters of "ASCII smuggling"). One list for every place that shows
 * untrusted text on a terminal (here, and the policy's standard error).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { INVISIBLE_CHARACTERS } from "./escape.ts";
 * const re = new RegExp(`[${INVISIBLE_CHARACTERS}]`, "u");
 * assert.ok(re.test("\u202e") && re.test("\u{e0041}") && !re.test("\t") && !re.test("é"));
 * ```
 */
export const INVISIBLE_CHARACTERS =
  "\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f\\xad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}";

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text safe inside an HTML element or a quoted attribute value. U+2028 and
 * U+2029 become character references too, so that no raw line separator
 * reaches a page that might copy the text into a script.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./escape.ts";
 * assert.equal(escapeHtml(`<a href="x">'&'</a>`),
 *   "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
 * assert.equal(escapeHtml("a\u2028b"), "a&#x2028;b");
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"'\u2028\u2029]/g,
    (c) => HTML_ENTITIES[c] ?? `&#x${c.charCodeAt(0).toString(16)};`,
  );
}

/**
 * JSON text safe inside `<script type="application/json">`: `<`, `>` and
 * `&` become `\u` escapes (so neither `</script>` nor `<!--` can end or
 * change the element), and so do U+2028 and U+2029, which older JavaScript
 * parsers take for line ends. `JSON.parse` gives back the same value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonForScript } from "./escape.ts";
 * const text = jsonForScript({ id: "</script>\u2028" });
 * assert.equal(text, '{"id":"\\u003c/script\\u003e\\u2028"}');
 * assert.equal(JSON.parse(text).id, "</script>\u2028");
 * ```
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Text safe to print on a terminal: every control character (C0, DEL, C1)
 * and every bidirectional-override or invisible formatting character is
 * shown as `\u{…}`, so no escape sequence, carriage return or reordering
 * reaches the terminal. A backslash is doubled, so the output is unambiguous.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeTerminal } from "./escape.ts";
 * assert.equal(escapeTerminal("a\u001b[31mb\r\u202e\\"), "a\\u{1b}[31mb\\u{d}\\u{202e}\\\\");
 * assert.equal(escapeTerminal("fire_aware é"), "fire_aware é");
 * ```
 */
export function escapeTerminal(text: string): string {
  return text.replace(
    TERMINAL_ESCAPED,
    (c) => c === "\\" ? "\\\\" : `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

const TERMINAL_ESCAPED = new RegExp(`[\\t\\\\${INVISIBLE_CHARACTERS}]`, "gu");
