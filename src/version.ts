/**
 * The package's own version, as `deno.json` gives it (a test keeps the two
 * equal). Parts name it: parts of two package versions are never merged,
 * since the merge cannot tell what another version's algorithms did.
 *
 * @module
 */

/**
 * The version of `@ember/stats`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PACKAGE_VERSION } from "./version.ts";
 * assert.match(PACKAGE_VERSION, /^\d+\.\d+\.\d+/);
 * ```
 */
export const PACKAGE_VERSION = "0.1.0";
