/**
 * Which implementation makes the bootstrap stream's SHAKE-256 blocks. Both
 * give identical bytes (tests hold them equal); they differ in speed only.
 *
 * @module
 */

import { NativeShakeWordSource } from "./native_source.ts";
import { ShakeWordSource, type WordSource } from "./stream.ts";

/**
 * `"native"`: the runtime's `node:crypto` (default, fast); `"reference"`:
 * the auditable TypeScript SHAKE-256 of `@noble/hashes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type StreamImplementation, wordSource } from "./sources.ts";
 * const block = (implementation: StreamImplementation) => {
 *   const out = new Uint8Array(4096);
 *   wordSource(implementation, new Uint8Array(32).fill(7)).fill(3, out);
 *   return out;
 * };
 * assert.deepEqual(block("native"), block("reference"));
 * ```
 */
export type StreamImplementation = "native" | "reference";

/**
 * A word source for a 32-byte seed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordSource } from "./sources.ts";
 * const out = new Uint8Array(4096);
 * wordSource("reference", new Uint8Array(32)).fill(0, out);
 * assert.ok(out[0] === 0x18);
 * ```
 */
export function wordSource(
  implementation: StreamImplementation,
  seed: Uint8Array,
): WordSource {
  return implementation === "native"
    ? new NativeShakeWordSource(seed)
    : new ShakeWordSource(seed);
}
