/**
 * What the policy prints, made safe for the evaluator's terminal.
 *
 * @module
 */

// CSI and OSC sequences (a policy may print its own colours, titles or
// cursor moves), then every other control character but tab and newline.
const ESCAPES =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]/g;
// deno-lint-ignore no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * A line of the policy's standard error made safe for a terminal: escape
 * sequences removed, other control characters shown as `?`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitize } from "./sanitize.ts";
 * assert.equal(sanitize("\x1b[31mred\x1b[0m\r\x07ok\n"), "red??ok\n");
 * assert.equal(sanitize("\x1b]0;title\x07x"), "x");
 * ```
 */
export function sanitize(text: string): string {
  return text.replace(ESCAPES, "").replace(CONTROLS, "?");
}
