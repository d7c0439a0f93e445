/**
 * The errors of a run that stopped early, carrying the episodes completed
 * before it: they live with the runner, since they hold its partial result
 * (and so the document types, which the base error classes must not
 * import: those sit below the JSON reader that throws them).
 *
 * @module
 */

import { EvaluationError, PolicyError } from "../errors.ts";
import type { EvaluationResult } from "../types.ts";

/** The partial result carried by an interrupted run. */
export type Interrupted = { readonly partial: EvaluationResult };

/**
 * The run was aborted through its signal. `partial` holds the completed
 * episodes only; `cause` is the signal's reason.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EvaluationError } from "../errors.ts";
 * import { EvaluationInterruptedError, runEvaluation } from "./runner.ts";
 * import type { Suite } from "../types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const signal = AbortSignal.abort("stop");
 * await assert.rejects(runEvaluation(suite, "stay", { modelId: "m", signal }), (e) =>
 *   e instanceof EvaluationInterruptedError && e instanceof EvaluationError &&
 *   e.name === "EvaluationInterruptedError" && e.cause === "stop" && e.partial.episodes.length === 0 &&
 *   e.message === "evaluation aborted before model m, episode 0 (scenario t, seed 0) completed");
 * ```
 */
export class EvaluationInterruptedError extends EvaluationError
  implements Interrupted {
  /** The class name, `EvaluationInterruptedError`. */
  override readonly name = "EvaluationInterruptedError";
  /** An interruption after the episodes in `partial`. */
  constructor(
    detail: string,
    /** The episodes completed before the interruption. */
    readonly partial: EvaluationResult,
    cause: unknown,
  ) {
    super(detail, { cause });
  }
}

/**
 * A controller threw or gave an invalid answer. The message names the model,
 * episode index, scenario, seed and step; `partial` holds the episodes
 * completed before it; `cause` is the original error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PolicyError } from "../errors.ts";
 * import { EpisodePolicyError, runEvaluation } from "./runner.ts";
 * import type { Suite } from "../types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const broken = () => () => { throw new Error("boom"); };
 * await assert.rejects(runEvaluation(suite, broken, { modelId: "m" }), (e) =>
 *   e instanceof EpisodePolicyError && e instanceof PolicyError && e.name === "PolicyError" &&
 *   e.partial.episodes.length === 0 &&
 *   e.message === "model m, episode 0: scenario t, seed 0, step 1: controller failed: boom");
 * ```
 */
export class EpisodePolicyError extends PolicyError implements Interrupted {
  /** A policy failure after the episodes in `partial`. */
  constructor(
    detail: string,
    /** The episodes completed before the failure. */
    readonly partial: EvaluationResult,
    cause: unknown,
  ) {
    super(detail, { cause });
  }
}
