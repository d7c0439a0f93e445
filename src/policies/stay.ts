/**
 * The `stay` policy: every active person stays. A baseline whose people are
 * resolved only by the fire or not at all.
 *
 * @module
 */

import type { Controller } from "../sim/simulator.ts";
import { actionMap } from "./view.ts";

/**
 * Make the `stay` controller for one episode (the seed is unused).
 *
 * @example
 * ```ts
 * import { stayPolicy } from "./stay.ts";
 * const act = stayPolicy(0);
 * ```
 */
export function stayPolicy(_seed: number): Controller {
  return (obs) => {
    const actions = actionMap();
    for (const p of obs.people) actions[p.person_id] = "stay";
    return actions;
  };
}
