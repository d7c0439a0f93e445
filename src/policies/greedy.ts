/**
 * The `greedy` policy of contract §9: one multi-source breadth-first
 * distance field from every usable exit, people ignored; each person steps
 * to the first neighbour (north, east, south, west) one closer to an exit.
 *
 * @module
 */

import type { Controller } from "../sim/simulator.ts";
import type { Action, Observation } from "../types.ts";
import {
  actionMap,
  bfs,
  cellIndex,
  DIRECTIONS,
  neighbour,
  readGrid,
  UNREACHED,
} from "./grid.ts";

/**
 * The greedy actions for one observation (pure; no state).
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
export function greedyActions(obs: Observation): Record<string, Action> {
  const g = readGrid(obs);
  const dist = bfs(g.rows, g.cols, g.open, g.exits);
  const actions = actionMap();
  for (const p of obs.people) {
    const i = cellIndex(g.rows, g.cols, p.position[0], p.position[1]);
    if (i < 0) {
      throw new RangeError(`person ${p.person_id} is outside the grid`);
    }
    const d = dist[i] as number;
    let action: Action = "stay";
    if (d > 0) {
      for (let k = 0; k < 4; k++) {
        const v = neighbour(g.rows, g.cols, i, k);
        if (v >= 0 && dist[v] !== UNREACHED && dist[v] === d - 1) {
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
 * Make the `greedy` controller for one episode (the seed is unused).
 *
 * @example
 * ```ts
 * import { greedyPolicy } from "./greedy.ts";
 * const act = greedyPolicy(0);
 * ```
 */
export function greedyPolicy(_seed: number): Controller {
  return (obs) => greedyActions(obs);
}
