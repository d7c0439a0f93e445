/**
 * The built-in policies of contract §9 and their registry.
 *
 * A policy is a {@linkcode PolicyFactory}: called once per episode with the
 * episode seed, it returns a fresh {@linkcode Controller} that holds any
 * state the policy needs for that episode (the `random` policy's stream).
 * A runner must therefore call the factory once per episode and give the
 * controller that episode's observations in step order.
 *
 * @module
 */

import { EvaluationError } from "../errors.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import type { Controller } from "../sim/simulator.ts";
import type { EpisodeKey } from "../types.ts";
import { fireAwarePolicy } from "./fire_aware.ts";
import { greedyPolicy } from "./greedy.ts";
import { randomPolicy } from "./random.ts";
import { stayPolicy } from "./stay.ts";

export { fireAwareActions, fireAwarePolicy } from "./fire_aware.ts";
export { greedyActions, greedyPolicy } from "./greedy.ts";
export { RANDOM_ACTIONS, randomPolicy } from "./random.ts";
export { stayPolicy } from "./stay.ts";

/**
 * Makes the controller of one episode from the episode seed (and, as
 * further arguments, the episode's manifest key and the compiled scenario
 * it runs on, which the runner gives and the built-in policies lay out
 * from).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { builtinPolicy, type PolicyFactory } from "./mod.ts";
 * import type { Observation } from "../types.ts";
 * const obs: Observation = { observation_version: "1.0", scenario_id: "t", step: 0, max_steps: 3,
 *   grid: ["E."], exits: [{ exit_id: "x", position: [0, 0], usable: true }], burning: [],
 *   people: [{ person_id: "p", position: [0, 1], trapped: false }] };
 * const greedy: PolicyFactory = builtinPolicy("greedy");
 * assert.deepEqual({ ...await greedy(7)(obs, { seed: 7, step: 0 }) }, { p: "west" });
 * ```
 */
export type PolicyFactory = (
  seed: number,
  episode?: EpisodeKey,
  scenario?: CompiledScenario,
) => Controller;

/**
 * The built-in policies by name, in the order a comparison lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BUILTIN_POLICIES } from "./mod.ts";
 * assert.ok(Object.keys(BUILTIN_POLICIES).join() === "stay,random,greedy,fire_aware");
 * ```
 */
export const BUILTIN_POLICIES: Readonly<Record<string, PolicyFactory>> = Object
  .freeze(
    Object.assign(Object.create(null) as Record<string, PolicyFactory>, {
      stay: stayPolicy,
      random: randomPolicy,
      greedy: greedyPolicy,
      fire_aware: fireAwarePolicy,
    }),
  );

/**
 * The built-in policy with this name; an unknown name raises an
 * {@linkcode EvaluationError} that lists the known ones.
 *
 * @example
 * ```ts
 * import { builtinPolicy } from "./mod.ts";
 * const greedy = builtinPolicy("greedy");
 * ```
 */
export function builtinPolicy(name: string): PolicyFactory {
  const factory = Object.hasOwn(BUILTIN_POLICIES, name)
    ? BUILTIN_POLICIES[name]
    : undefined;
  if (factory === undefined) {
    throw new EvaluationError(
      `unknown policy ${JSON.stringify(name)}; built-in policies are ${
        Object.keys(BUILTIN_POLICIES).join(", ")
      }`,
      { path: "policy" },
    );
  }
  return factory;
}
