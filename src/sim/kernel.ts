/**
 * The reference path's replay seam: what replays one record of a compiled
 * scenario step by step, as objects. The verifier's `"reference"` kernel
 * starts every replay through it; the WebAssembly kernel replays from the
 * record's text instead (its host is `src/replay/`).
 *
 * @module
 */

import type { CompiledScenario } from "./compiled.ts";
import type { Action, RunRecord, StepRecord } from "../types.ts";
import type { ActionProblem } from "./answers.ts";
import { Episode } from "./simulator.ts";

/** One episode being replayed, step by step. */
export interface ReplayRun {
  /** Whether the latest state is terminated. */
  readonly terminated: boolean;
  /** What is wrong with an answer for the next step, or `null`. */
  checkActions(answer: unknown): ActionProblem | null;
  /** Run the next step with actions `checkActions` accepted. */
  advance(actions: Readonly<Record<string, Action>>): StepRecord;
  /** The run record, once terminated. */
  record(): RunRecord;
}

/** Starts a replay of a compiled scenario with a seed. */
export type ReplayKernel = (
  compiled: CompiledScenario,
  seed: number,
) => ReplayRun;

/**
 * The reference kernel: the TypeScript simulator.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceReplay } from "./kernel.ts";
 * import { compileScenario } from "./compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const run = referenceReplay(c, 0);
 * assert.ok(!run.terminated && run.checkActions({}) !== null);
 * ```
 */
export const referenceReplay: ReplayKernel = (compiled, seed) =>
  new Episode(compiled.scenario, seed, compiled.hash);
