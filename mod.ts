/**
 * `@ember/stats`: EMBERBench's evaluation core. Importing this module needs
 * no permission and has no side effect; run as a program it is the CLI
 * (`deno run <permissions> jsr:@ember/stats <command>`, see `docs/cli.md`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, float, Rational } from "./mod.ts";
 * assert.equal(encode({ b: float(Rational.of(1, 3).toFloat()), a: 1 }), '{"a":1,"b":0.3333333333333333}');
 * ```
 *
 * @module
 */

// Canonical JSON, exact numbers, errors (contract §2, §3, §13).
export {
  compareCodePoints,
  digest,
  encode,
  encodeBytes,
  float,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  parse,
  parseBytes,
  type ParseOptions,
  pythonFloatRepr,
} from "./src/json/canonical.ts";
export * from "./src/errors.ts";
// Implementation limits of the readers (not format rules; docs/security.md).
export {
  DEFAULT_LIMITS,
  type Limits,
  limitsWith,
  setLimits,
} from "./src/limits.ts";
export {
  mean,
  quantile7,
  Rational,
  ratioToFloat,
  sampleVariance,
  sortRationals,
  sum,
} from "./src/exact.ts";

// Documents, versions and the simulator (contract §4–§10).
export * from "./src/types.ts";
export { ignitionThreshold, Stream } from "./src/sim/rng.ts";
export { parseScenario, scenarioHash } from "./src/scenario/scenario.ts";
export {
  buildManifest,
  manifestHash,
  parseSuite,
  suiteHash,
} from "./src/scenario/suite.ts";
export { staticExitDistances, trappedSet } from "./src/scenario/geometry.ts";
export { observe } from "./src/sim/observation.ts";
export {
  type Controller,
  replayActions,
  simulateEpisode,
} from "./src/sim/simulator.ts";
export { parseRecord } from "./src/sim/record.ts";
export { replayCheck } from "./src/sim/replay.ts";

// Policies, the public suite and the evaluation runner.
export {
  BUILTIN_POLICIES,
  builtinPolicy,
  fireAwarePolicy,
  greedyPolicy,
  type PolicyFactory,
  randomPolicy,
  stayPolicy,
} from "./src/policies/mod.ts";
export { publicSuite } from "./src/scenario/public_suite.ts";
export {
  EpisodePolicyError,
  EvaluationInterruptedError,
  partialResultOf,
  runEvaluation,
  type RunOptions,
} from "./src/evaluation/runner.ts";

// Episode metrics (metrics.md) and statistics (statistics.md).
export {
  episodeMetrics,
  type EpisodeMetricsOptions,
} from "./src/metrics/episode.ts";
export { rebuildExact, STATISTICS_METRICS } from "./src/metrics/rebuild.ts";
export {
  pairResults,
  parseManifest,
  parseResult,
  type VerifyOptions,
  verifyResult,
} from "./src/evaluation/result.ts";
export {
  type AggregateOptions,
  aggregateStatistics,
} from "./src/statistics/aggregate.ts";
export {
  type PairedOptions,
  pairedStatistics,
} from "./src/statistics/paired.ts";
export { METRIC_DEFINITIONS } from "./src/statistics/definitions.ts";
export type { ProgressCallback } from "./src/statistics/artifact.ts";
export {
  type BootstrapInterval,
  bootstrapMeanInterval,
  type BootstrapOptions,
  type Scaled,
} from "./src/bootstrap/interval.ts";
export {
  type BootstrapKernel,
  type KernelName,
  type Sampler,
  streamKernel,
} from "./src/bootstrap/kernel.ts";
export { ShakeWordSource, type WordSource } from "./src/bootstrap/stream.ts";

if (import.meta.main) {
  const { main } = await import("./src/cli/main.ts");
  Deno.exit(await main(Deno.args));
}
