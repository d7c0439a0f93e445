/**
 * `@ember/stats`: EMBERBench's evaluation core. Importing this module needs
 * no permission and has no side effect.
 *
 * @module
 */

export * from "./src/canonical.ts";
export * from "./src/errors.ts";
export * from "./src/exact.ts";
export * from "./src/rng.ts";
export * from "./src/types.ts";
