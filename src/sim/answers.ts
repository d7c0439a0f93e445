/**
 * A controller's answers, as both ways of playing an episode take them (the
 * TypeScript simulator's `Episode` and the kernel's stepped episode): the
 * loop that asks the controller at each step, the check that an answer is
 * exactly one valid action per active person, and their error messages.
 * One place for them keeps the two paths' errors, and their reads of an
 * answer, the same.
 *
 * @module
 */

import { compareCodePoints } from "../json/canonical.ts";
import { PolicyError } from "../errors.ts";
import { ACTIONS, STATUS_ACTIVE } from "./step.ts";
import type { Action, Observation, Scenario } from "../types.ts";

/** Action names by code (`ACTIONS` order), for answers of any value. */
export const ACTION_CODES: ReadonlyMap<unknown, number> = new Map<
  unknown,
  number
>(ACTIONS.map((a, i) => [a, i]));

/**
 * What is wrong with a controller's answer: the offending key (`""` for
 * the answer itself) and why.
 *
 * @example
 * ```ts
 * import type { ActionProblem } from "./answers.ts";
 * const p: ActionProblem = { key: "p", detail: "no action for active person p" };
 * ```
 */
export type ActionProblem = { readonly key: string; readonly detail: string };

/** A value as an error message names it. */
function describeValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || typeof v !== "object") return String(v);
  return Array.isArray(v) ? "an array" : "an object";
}

/**
 * Where an episode is, as its errors say it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { where } from "./answers.ts";
 * import type { Scenario } from "../types.ts";
 * assert.equal(where({ scenario_id: "s" } as Scenario, 3, 2), "scenario s, seed 3, step 2");
 * ```
 */
export function where(scenario: Scenario, seed: number, step: number): string {
  return `scenario ${scenario.scenario_id}, seed ${seed}, step ${step}`;
}

// Person numbers by ID, once per ID list (a layout's).
const numbersOf = new WeakMap<readonly string[], ReadonlyMap<string, number>>();

/**
 * Why `answer` is not exactly one valid action per active person and
 * nothing else, or `null` when it is. People are numbered by `ids` (in
 * code-point order); person `i` is active when `status[at + i]` is
 * `STATUS_ACTIVE` (a status array, or the kernel's memory). The answer is
 * read in this order: each active person's key (`hasOwn`, then its value),
 * then its own keys once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { actionProblem } from "./answers.ts";
 * const ids = ["a", "b"];
 * const onlyA = Uint8Array.of(0, 1); // a active, b evacuated
 * assert.equal(actionProblem({ a: "stay" }, ids, onlyA, 0), null);
 * assert.deepEqual(actionProblem({}, ids, onlyA, 0), { key: "a", detail: "no action for active person a" });
 * assert.deepEqual(actionProblem({ a: "stay", b: "stay" }, ids, onlyA, 0)?.key, "b");
 * assert.equal(actionProblem([], ids, onlyA, 0)?.detail, "expected an object of actions, found an array");
 * ```
 */
export function actionProblem(
  answer: unknown,
  ids: readonly string[],
  status: Uint8Array,
  at: number,
): ActionProblem | null {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
    return {
      key: "",
      detail: `expected an object of actions, found ${describeValue(answer)}`,
    };
  }
  const map = answer as Record<string, unknown>;
  for (let i = 0; i < ids.length; i++) {
    if (status[at + i] !== STATUS_ACTIVE) continue;
    const id = ids[i]!;
    if (!Object.hasOwn(map, id)) {
      return { key: id, detail: `no action for active person ${id}` };
    }
    if (!ACTION_CODES.has(map[id])) {
      return {
        key: id,
        detail: `action ${describeValue(map[id])} for ${id} is not one of ${
          ACTIONS.join(", ")
        }`,
      };
    }
  }
  let numbers = numbersOf.get(ids);
  if (numbers === undefined) {
    numbers = new Map(ids.map((id, i) => [id, i]));
    numbersOf.set(ids, numbers);
  }
  let extra: string[] | undefined;
  for (const key of Object.keys(map)) {
    const i = numbers.get(key);
    if (i === undefined || status[at + i] !== STATUS_ACTIVE) {
      (extra ??= []).push(key);
    }
  }
  if (extra === undefined) return null;
  const first = extra.sort(compareCodePoints)[0]!;
  return {
    key: first,
    detail: `action for ${JSON.stringify(first)}, who is not an active person`,
  };
}

/**
 * An episode that a controller plays one step at a time: the simulator's
 * or the kernel's.
 *
 * @example
 * ```ts
 * import type { SteppedRun } from "./answers.ts";
 * const done: SteppedRun = { terminated: true, step: 0, observation: () => { throw new Error(); },
 *   checkActions: () => null, advance: () => {} };
 * ```
 */
export type SteppedRun = {
  /** Whether the latest state is terminal. */
  readonly terminated: boolean;
  /** The step of the latest state. */
  readonly step: number;
  /** The observation of the latest state. */
  observation(): Observation;
  /** {@linkcode actionProblem} of an answer for the latest state. */
  checkActions(answer: unknown): ActionProblem | null;
  /** Play the next step with an answer that `checkActions` accepted. */
  advance(answer: Readonly<Record<string, Action>>): void;
};

/** What answers each observation of a played episode (in hand or promised). */
export type StepController = (
  obs: Observation,
  context: { seed: number; step: number },
) => unknown;

/**
 * Play `run` to termination, the controller answering each observation. A
 * controller that throws, or answers anything but exactly one valid action
 * per active person, raises `PolicyError` naming scenario, seed and step.
 *
 * Answers in hand are played at once, without a turn of the event loop
 * between steps: then the episode is over when this returns (`undefined`),
 * and nothing else has run meanwhile. From the first answer that is a
 * thenable, the rest is played asynchronously and this returns a promise.
 * An answer in hand has its `then` read once here, as an `await` would.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { playEpisode, type SteppedRun } from "./answers.ts";
 * import type { Observation, Scenario } from "../types.ts";
 * let step = 0;
 * const run: SteppedRun = {
 *   get terminated() { return step === 2; }, get step() { return step; },
 *   observation: () => ({ people: [] }) as unknown as Observation,
 *   checkActions: () => null, advance: () => { step++; },
 * };
 * assert.equal(playEpisode(run, { scenario_id: "s" } as Scenario, 0, () => ({})), undefined);
 * assert.equal(step, 2);
 * step = 0;
 * await playEpisode(run, { scenario_id: "s" } as Scenario, 0, async () => ({}));
 * assert.equal(step, 2);
 * ```
 */
export function playEpisode(
  run: SteppedRun,
  scenario: Scenario,
  seed: number,
  controller: StepController,
): Promise<void> | undefined {
  while (!run.terminated) {
    const step = run.step;
    const obs = run.observation();
    let answer: unknown;
    let promised: boolean;
    try {
      answer = controller(obs, { seed, step });
      // A `then` that throws fails the step, as it did under `await`.
      promised = isThenable(answer);
    } catch (cause) {
      throw controllerFailed(scenario, seed, step, cause);
    }
    if (promised) {
      return playRest(run, scenario, seed, controller, step, answer);
    }
    play(run, scenario, seed, step, answer);
  }
  return undefined;
}

/** The rest of {@linkcode playEpisode} from a promised answer at `step`. */
async function playRest(
  run: SteppedRun,
  scenario: Scenario,
  seed: number,
  controller: StepController,
  step: number,
  promised: unknown,
): Promise<void> {
  let answer: unknown;
  try {
    answer = await promised;
  } catch (cause) {
    throw controllerFailed(scenario, seed, step, cause);
  }
  play(run, scenario, seed, step, answer);
  while (!run.terminated) {
    const next = run.step;
    const obs = run.observation();
    try {
      answer = await controller(obs, { seed, step: next });
    } catch (cause) {
      throw controllerFailed(scenario, seed, next, cause);
    }
    play(run, scenario, seed, next, answer);
  }
}

/**
 * Whether a controller's answer is to be waited for: what `await` would
 * treat as a promise (its `then` is read once, as `Promise.resolve` does).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isThenable } from "./answers.ts";
 * assert.ok(isThenable(Promise.resolve({})) && !isThenable({ a: "stay" }));
 * ```
 */
export function isThenable(answer: unknown): boolean {
  return ((typeof answer === "object" && answer !== null) ||
    typeof answer === "function") &&
    typeof (answer as { then?: unknown }).then === "function";
}

function controllerFailed(
  scenario: Scenario,
  seed: number,
  step: number,
  cause: unknown,
): PolicyError {
  const msg = cause instanceof Error ? cause.message : String(cause);
  return new PolicyError(
    `${where(scenario, seed, step + 1)}: controller failed: ${msg}`,
    { cause },
  );
}

/** Check the answer to step `step` and play it. */
function play(
  run: SteppedRun,
  scenario: Scenario,
  seed: number,
  step: number,
  answer: unknown,
): void {
  const problem = run.checkActions(answer);
  if (problem !== null) {
    throw new PolicyError(
      `${where(scenario, seed, step + 1)}: ${problem.detail}`,
    );
  }
  run.advance(answer as Readonly<Record<string, Action>>);
}
