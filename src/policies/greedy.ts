/**
 * The `greedy` policy of contract §9: one multi-source breadth-first
 * distance field from every usable exit, people ignored; each person steps
 * to the first neighbour (north, east, south, west) one closer to an exit.
 *
 * @module
 */

import type { CompiledScenario } from "../scenario/compiled.ts";
import {
  bfs,
  cellIndex,
  DIRECTIONS,
  neighbour,
  UNREACHED,
} from "../scenario/geometry.ts";
import type { Controller } from "../sim/simulator.ts";
import type { Action, EpisodeKey, Observation } from "../types.ts";
import { actionMap, viewOf } from "./view.ts";

/**
 * The greedy actions for one observation (pure; no state), given the
 * compiled scenario it comes from when there is one: with no fire, its
 * static exit distances are the field.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { greedyActions } from "./greedy.ts";
 * const a = greedyActions({
 *   observation_version: "1.0", scenario_id: "s", step: 0, max_steps: 5,
 *   grid: ["E.."], exits: [{ exit_id: "x", position: [0, 0], usable: true }],
 *   burning: [], people: [{ person_id: "p", position: [0, 2], trapped: false }],
 * });
 * assert.ok(a.p === "west");
 * ```
 */
export function greedyActions(
  obs: Observation,
  scenario?: CompiledScenario,
): Record<string, Action> {
  const v = viewOf(obs, scenario);
  const g = v.geometry;
  // No cell burns, so every exit is usable and the field is the static one.
  const dist = scenario !== undefined && v.burning.length === 0
    ? scenario.exitDistances
    : bfs(g.width, g.height, v.exits, v.open, 1);
  const actions = actionMap();
  for (const p of obs.people) {
    const i = cellIndex(g, p.position[0], p.position[1]);
    if (i < 0) {
      throw new RangeError(`person ${p.person_id} is outside the grid`);
    }
    const d = dist[i] as number;
    let action: Action = "stay";
    if (d > 0) {
      for (let k = 0; k < 4; k++) {
        const n = neighbour(g.width, g.height, i, k);
        if (n >= 0 && dist[n] !== UNREACHED && dist[n] === d - 1) {
          action = DIRECTIONS[k] as Action;
          break;
        }
      }
    }
    actions[p.person_id] = action;
  }
  return actions;
}

/**
 * Make the `greedy` controller for one episode of `scenario` (the seed is
 * unused).
 *
 * @example
 * ```ts
 * import { greedyPolicy } from "./greedy.ts";
 * const act = greedyPolicy(0);
 * ```
 */
export function greedyPolicy(
  _seed: number,
  _episode?: EpisodeKey,
  scenario?: CompiledScenario,
): Controller {
  return (obs) => greedyActions(obs, scenario);
}
