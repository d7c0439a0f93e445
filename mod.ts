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

// The public API, by pipeline stage (docs/architecture.md). Internals (the
// random streams, geometry, the field readers, the kernels' parts) are not
// exported: they may change without notice.

// Canonical JSON, exact numbers, errors, limits (contract §2, §3, §13).
export {
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
} from "./src/json/canonical.ts";
export {
  CanonicalJsonError,
  EmberError,
  type EmberErrorOptions,
  type ErrorKind,
  EvaluationError,
  MetricsInputError,
  PartError,
  PolicyError,
  ReplayMismatchError,
  ScenarioError,
  StatisticsInputError,
  SuiteError,
} from "./src/errors.ts";
export {
  EpisodePolicyError,
  EvaluationInterruptedError,
  type Interrupted,
} from "./src/evaluation/interrupted.ts";
// Implementation limits of the readers (not format rules; docs/security.md).
export {
  DEFAULT_LIMITS,
  type Limits,
  limitsWith,
  setLimits,
} from "./src/limits.ts";
export { Rational } from "./src/exact.ts";

// Documents and versions (contract §4–§11), scenarios and suites.
export * from "./src/types.ts";
export {
  parseScenario,
  scenarioHash,
  type ScenarioSource,
} from "./src/scenario/scenario.ts";
export {
  buildManifest,
  manifestHash,
  parseSuite,
  suiteHash,
} from "./src/scenario/suite.ts";
export { publicSuite } from "./src/scenario/public_suite.ts";
// What the runner hands a policy factory besides the seed and the key.
export type { CompiledScenario } from "./src/sim/compiled.ts";
export type { Geometry } from "./src/scenario/geometry.ts";

// The simulator and replay (contract §7, §8).
export { observe } from "./src/sim/observation.ts";
export {
  type Controller,
  replayActions,
  simulateEpisode,
} from "./src/sim/simulator.ts";
export { replayCheck } from "./src/record/replay.ts";

// Policies and the evaluation runner.
export {
  BUILTIN_POLICIES,
  builtinPolicy,
  fireAwarePolicy,
  greedyPolicy,
  type PolicyFactory,
  randomPolicy,
  stayPolicy,
} from "./src/policies/mod.ts";
export {
  partialResultOf,
  type ResumedEpisode,
  type ResumeStream,
  runEvaluation,
  type RunOptions,
} from "./src/evaluation/runner.ts";

// Episode metrics (metrics.md).
export {
  episodeMetrics,
  type EpisodeMetricsOptions,
} from "./src/metrics/episode.ts";

// Results: reading, verification (statistics.md §1) and pairing.
export { parseResult } from "./src/result/reader.ts";
export { type VerifiedResult, verifyResult } from "./src/verify/reference.ts";
export type { VerifyOptions } from "./src/verify/options.ts";
export { VerifiedEpisode, VerifiedEvaluation } from "./src/verify/verified.ts";
export {
  verifyEvaluation,
  type VerifyEvaluationOptions,
} from "./src/verify/verify.ts";
export {
  type FileRange,
  ResultFile,
  verifyResultFile,
} from "./src/verify/file.ts";
export type { ByteRange } from "./src/verify/stream.ts";
export {
  type PairableResult,
  type Pairing,
  pairResults,
} from "./src/result/pairing.ts";

// Statistics (statistics.md) and the bootstrap interval.
export {
  type AggregateOptions,
  aggregateStatistics,
} from "./src/statistics/aggregate.ts";
export {
  type PairedOptions,
  pairedStatistics,
} from "./src/statistics/paired.ts";
export {
  METRIC_DEFINITIONS,
  type MetricDefinition,
  type MetricDirection,
  type MetricKind,
} from "./src/statistics/definitions.ts";
export type {
  BootstrapProgress,
  ProgressCallback,
  ResultInput,
} from "./src/statistics/artifact.ts";
export type {
  AggregateArtifact,
  AggregateGroupJson,
  AggregateMetricJson,
  ArtifactHeader,
  DeltaJson,
  GroupKind,
  IntervalJson,
  MethodsJson,
  PairedArtifact,
  PairedGroupJson,
  PairedMetricJson,
  QuantilesJson,
  RobustnessJson,
  StatisticsArtifact,
  StatisticsJson,
} from "./src/statistics/artifact_types.ts";
export {
  type BootstrapInterval,
  bootstrapMeanInterval,
  type BootstrapOptions,
  type Numerators,
  type Scaled,
} from "./src/bootstrap/interval.ts";
// Numerators beyond 64 bits, as the statistics hand them to the bootstrap.
export { WideIntegers } from "./src/bootstrap/wide.ts";
// The bootstrap kernel's seam: what a kernel must provide.
export type { BootstrapKernel, Sampler } from "./src/bootstrap/kernel.ts";
// The name that chooses a kernel, for the bootstrap and the replay alike.
export type { KernelName } from "./src/kernel_name.ts";
export type { WordSource } from "./src/bootstrap/stream.ts";

// Shards and parts (docs/scale.md): split a run or a statistics command
// over N machines, and put the parts back together.
export { IntervalShare } from "./src/statistics/share.ts";
export {
  parseShard,
  type PartVersions,
  type Shard,
} from "./src/shard/shard.ts";
export type {
  RunShardFields,
  ShardFields,
  StatisticsShardFields,
} from "./src/shard/part.ts";
export { type MergedRun, mergeRunParts } from "./src/shard/merge_run.ts";
export {
  type MergedStatistics,
  mergeStatisticsParts,
} from "./src/shard/merge_statistics.ts";
export { memoryPart, type PartSource, type Sink } from "./src/shard/source.ts";
export {
  framedBytes,
  type RunPartFrame,
  runPartFrame,
  statisticsPartBytes,
} from "./src/shard/write_part.ts";

if (import.meta.main) {
  const { runProcess } = await import("./src/cli/main.ts");
  await runProcess();
}
