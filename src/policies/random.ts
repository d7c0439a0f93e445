/**
 * The `random` policy of contract §9: one `uniform(5)` per active person per
 * step, in person-ID order, from stream 3 of the episode seed, over
 * `[stay, north, east, south, west]`. The stream is created once per episode
 * and continues across steps, so the controller holds state: it must see
 * the episode's observations in order, from step 0, and refuses anything
 * else rather than silently drawing a different sequence.
 *
 * @module
 */

import { compareCodePoints } from "../json/canonical.ts";
import { Stream, STREAM_POLICY } from "../sim/rng.ts";
import type { Controller } from "../sim/simulator.ts";
import type { Action } from "../types.ts";
import { actionMap } from "./view.ts";

/** The actions that `uniform(5)` indexes. */
export const RANDOM_ACTIONS: readonly Action[] = [
  "stay",
  "north",
  "east",
  "south",
  "west",
];

/**
 * Make the `random` controller for the episode with this seed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { randomPolicy } from "./random.ts";
 * const act = randomPolicy(0);
 * const obs = {
 *   observation_version: "1.0", scenario_id: "s", step: 0, max_steps: 5,
 *   grid: ["E.."], exits: [{ exit_id: "x", position: [0, 0], usable: true }],
 *   burning: [], people: [{ person_id: "p", position: [0, 2], trapped: false }],
 * } as const;
 * // stream(0, 3) first uniform(5) is 3: "south" (contract §14).
 * assert.ok((await act(obs, { seed: 0, step: 1 })).p === "south");
 * ```
 */
export function randomPolicy(seed: number): Controller {
  const stream = new Stream(seed, STREAM_POLICY);
  let nextStep = 0;
  return (obs, context) => {
    if (context.seed !== seed) {
      throw new RangeError(
        `random policy made for seed ${seed} was asked about seed ${context.seed}`,
      );
    }
    if (obs.step !== nextStep) {
      throw new RangeError(
        `random policy expected the observation of step ${nextStep}, got step ${obs.step}`,
      );
    }
    nextStep = obs.step + 1;
    const ids = obs.people.map((p) => p.person_id).sort(compareCodePoints);
    const actions = actionMap();
    for (const id of ids) {
      actions[id] = RANDOM_ACTIONS[stream.uniformInt(5)] as Action;
    }
    return actions;
  };
}
