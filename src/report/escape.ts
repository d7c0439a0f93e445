/**
 * Escaping of untrusted free text (model IDs, scenario and person IDs,
 * descriptions) for the three places the reports put it: HTML text and
 * attributes, JSON embedded in a `<script>` element, and the terminal.
 *
 * @module
 */

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
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\\]/g,
    (c) => c === "\\" ? "\\\\" : `\\u{${c.charCodeAt(0).toString(16)}}`,
  );
}
