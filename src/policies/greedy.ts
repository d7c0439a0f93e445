/**
 * The `greedy` policy of contract §9: one multi-source breadth-first
 * distance field from every usable exit, people ignored; each person steps
 * to the first neighbour (north, east, south, west) one closer to an exit.
 *
 * @module
 */

import type { CompiledScenario } from "../sim/compiled.ts";
import {
  bfs,
  cellIndex,
  DIRECTIONS,
  type Geometry,
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
  return actionsOver(obs, g, dist);
}

/** Each person's step down `dist`, the field over `g`'s cells. */
function actionsOver(
  obs: Observation,
  g: Geometry,
  dist: Int32Array,
): Record<string, Action> {
  const { width, height } = g;
  const actions = actionMap();
  for (const p of obs.people) {
    const i = cellIndex(g, p.position[0], p.position[1]);
    if (i < 0) {
      throw new RangeError(`person ${p.person_id} is outside the grid`);
    }
    const d = dist[i]!;
    let action: Action = "stay";
    if (d > 0) {
      // The neighbours in DIRECTIONS order (north, east, south, west); one
      // closer is never unreached (-1), since d - 1 >= 0.
      const row = (i / width) | 0;
      const col = i - row * width;
      const e = d - 1;
      if (row > 0 && dist[i - width] === e) action = DIRECTIONS[0];
      else if (col < width - 1 && dist[i + 1] === e) action = DIRECTIONS[1];
      else if (row < height - 1 && dist[i + width] === e) {
        action = DIRECTIONS[2];
      } else if (col > 0 && dist[i - 1] === e) action = DIRECTIONS[3];
    }
    actions[p.person_id] = action;
  }
  return actions;
}

/**
 * The greedy field of one episode's observations: `greedyActions` with
 * the compiled scenario, reading each observation into buffers of its own
 * and keeping the field while the fire and the usable exits are those of
 * the last observation it read (a fire that does not spread). Checks and
 * errors are `viewOf`'s, in the same order: an observation equal in those
 * to one already read would pass them again.
 */
class GreedyField {
  private readonly g: Geometry;
  /** Per cell: 1 on floor (`viewOf`'s `open` with no fire). */
  private readonly floor: Uint8Array;
  private readonly open: Uint8Array;
  private readonly dist: Int32Array;
  private readonly queue: Int32Array;
  /** The last field's burning cells (`count` of them) and usable exits. */
  private cells: Int32Array;
  private count = -1;
  private readonly usable: Uint8Array;
  private readonly exits: number[] = [];

  constructor(private readonly scenario: CompiledScenario) {
    const g = scenario.geometry;
    this.g = g;
    const n = g.width * g.height;
    const k = g.exitCells.length;
    // One buffer for all: each typed array of its own would be an
    // allocation outside the heap for the collector to track.
    const buffer = new ArrayBuffer(12 * n + 2 * n + k);
    this.dist = new Int32Array(buffer, 0, n);
    this.queue = new Int32Array(buffer, 4 * n, n);
    this.cells = new Int32Array(buffer, 8 * n, n);
    this.floor = new Uint8Array(buffer, 12 * n, n);
    this.open = new Uint8Array(buffer, 13 * n, n);
    this.usable = new Uint8Array(buffer, 14 * n, k);
    const wall = g.wall;
    for (let i = 0; i < n; i++) this.floor[i] = wall[i] === 0 ? 1 : 0;
  }

  actions(obs: Observation): Record<string, Action> {
    const { width, height, exitCells } = this.g;
    if (
      width === 0 || height === 0 || obs.grid.length !== height ||
      obs.grid.some((row) => row.length !== width) ||
      obs.exits.length !== exitCells.length
    ) {
      throw new RangeError(
        `observation grid of scenario ${obs.scenario_id} does not match its layout`,
      );
    }
    return actionsOver(obs, this.g, this.field(obs));
  }

  private field(obs: Observation): Int32Array {
    const burning = obs.burning;
    if (burning.length === 0) {
      // viewOf's check of the usable exits, with nothing burning.
      const { wall, exitCells } = this.g;
      obs.exits.forEach((e, k) => {
        if (e.usable && wall[exitCells[k]!] !== 0) {
          throw new RangeError(
            `usable exit ${e.exit_id} is not an open grid cell`,
          );
        }
      });
      return this.scenario.exitDistances;
    }
    if (!this.same(obs)) this.read(obs);
    return this.dist;
  }

  /** Whether the observation's fire and usable exits are the last field's. */
  private same(obs: Observation): boolean {
    const burning = obs.burning;
    if (burning.length !== this.count) return false;
    const { g, cells, usable } = this;
    for (let k = 0; k < burning.length; k++) {
      const b = burning[k]!;
      const r = b[0];
      const c = b[1];
      if (cellIndex(g, r, c) !== cells[k]) return false;
    }
    const exits = obs.exits;
    for (let k = 0; k < exits.length; k++) {
      if ((exits[k]!.usable ? 1 : 0) !== usable[k]) return false;
    }
    return true;
  }

  /** `viewOf` into the buffers, then the field. */
  private read(obs: Observation): void {
    this.count = -1;
    const { g, open } = this;
    const exitCells = g.exitCells;
    const burning = obs.burning;
    if (burning.length > this.cells.length) {
      this.cells = new Int32Array(burning.length);
    }
    const cells = this.cells;
    // Open: floor that does not burn.
    open.set(this.floor);
    for (let k = 0; k < burning.length; k++) {
      const b = burning[k]!;
      const r = b[0];
      const c = b[1];
      const i = cellIndex(g, r, c);
      if (i < 0) {
        throw new RangeError(`burning cell [${r}, ${c}] is off the grid`);
      }
      open[i] = 0;
      cells[k] = i;
    }
    const exits = this.exits;
    exits.length = 0;
    const all = obs.exits;
    for (let k = 0; k < all.length; k++) {
      const e = all[k]!;
      this.usable[k] = e.usable ? 1 : 0;
      if (!e.usable) continue;
      const i = exitCells[k]!;
      if (open[i] !== 1) {
        throw new RangeError(
          `usable exit ${e.exit_id} is not an open grid cell`,
        );
      }
      exits.push(i);
    }
    this.search(exits);
    this.count = burning.length;
  }

  /**
   * `bfs(width, height, exits, open, 1)` into the field's buffer: the same
   * search, with the four neighbours written out.
   */
  private search(sources: readonly number[]): void {
    const { open, dist: out, queue } = this;
    const { width, height } = this.g;
    out.fill(-1);
    let tail = 0;
    for (let k = 0; k < sources.length; k++) {
      const cell = sources[k]!;
      if (out[cell] === 0) continue;
      out[cell] = 0;
      queue[tail++] = cell;
    }
    for (let head = 0; head < tail; head++) {
      const cell = queue[head]!;
      const d = out[cell]! + 1;
      const row = (cell / width) | 0;
      const col = cell - row * width;
      let n = cell - width;
      if (row > 0 && out[n] === -1 && open[n] === 1) {
        out[n] = d;
        queue[tail++] = n;
      }
      n = cell + 1;
      if (col < width - 1 && out[n] === -1 && open[n] === 1) {
        out[n] = d;
        queue[tail++] = n;
      }
      n = cell + width;
      if (row < height - 1 && out[n] === -1 && open[n] === 1) {
        out[n] = d;
        queue[tail++] = n;
      }
      n = cell - 1;
      if (col > 0 && out[n] === -1 && open[n] === 1) {
        out[n] = d;
        queue[tail++] = n;
      }
    }
  }
}

/**
 * Make the `greedy` controller for one episode of `scenario` (the seed is
 * unused). With the compiled scenario, the controller keeps its buffers
 * and its field between the episode's observations; it answers what
 * `greedyActions` answers.
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
  if (scenario === undefined) return (obs) => greedyActions(obs);
  const field = new GreedyField(scenario);
  return (obs) => field.actions(obs);
}
