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
export * from "./src/scenario.ts";
export * from "./src/suite.ts";
export * from "./src/grid.ts";
export * from "./src/observation.ts";
export * from "./src/simulator.ts";
export * from "./src/record.ts";
export * from "./src/replay.ts";
export * from "./src/policies/mod.ts";
export * from "./src/public_suite.ts";
export * from "./src/runner.ts";
export * from "./src/metrics/episode.ts";
export { rebuildExact, STATISTICS_METRICS } from "./src/metrics/rebuild.ts";
export * from "./src/result.ts";
export * from "./src/statistics/aggregate.ts";
export * from "./src/statistics/paired.ts";
export { METRIC_DEFINITIONS } from "./src/statistics/definitions.ts";
export {
  type StreamImplementation,
  wordSource,
} from "./src/bootstrap/sources.ts";
export {
  IndexStream,
  ShakeWordSource,
  type WordSource,
} from "./src/bootstrap/stream.ts";
export { NativeShakeWordSource } from "./src/bootstrap/native_source.ts";
export {
  bootstrapMeanInterval,
  checkResamples,
  DEFAULT_RESAMPLES,
} from "./src/bootstrap/interval.ts";
export { resampleSums } from "./src/bootstrap/resample.ts";

if (import.meta.main) {
  const { main } = await import("./src/cli/main.ts");
  Deno.exit(await main(Deno.args));
}
