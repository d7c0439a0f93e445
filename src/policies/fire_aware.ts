/**
 * The `fire_aware` policy: this project's design of the fire-aware built-in
 * policy that contract §9 asks for. Deterministic and stateless.
 *
 * Each step it
 * 1. computes the fire front's earliest arrival `fd(c)`: the breadth-first
 *    distance from the burning cells over every non-wall cell (fire spreads
 *    one cell per step at most, so `fd` is a worst case for any spread
 *    probability);
 * 2. for each person, runs a forward Dijkstra from the person's cell over
 *    open floor (people ignored) in which entering a cell at hop `i` costs
 *    one step, plus a risk that grows as the slack `fd(c) − i` shrinks (a
 *    cell that may ignite while the person stands on it, slack ≤ 0, is
 *    expensive, more so the shorter `fd` is, since the real front is
 *    usually slower than one cell per step; one the front reaches just
 *    after the person left is cheaper; one far ahead of the front is free),
 *    plus a small proximity cost `⌊24 / fd(c)⌋`; an exit is left before
 *    the fire spreads in that step, so it carries no cell cost;
 * 3. assigns people to exits, closest first, with a queue model (an exit
 *    takes one person per step), so that later people see the delay at a
 *    crowded exit and spread to other exits, and penalises an exit that
 *    the fire may reach before the person's estimated arrival;
 * 4. moves each person one step along its chosen path; a person with no
 *    reachable usable exit walks to the reachable cell farthest from the
 *    fire, since staying alive (stranded) beats becoming a casualty.
 *
 * The weights are integers so that every run is exactly reproducible. The
 * cost is one search per person per step, O(people · cells · log cells):
 * instant on the public suite, slow on a 256 × 256 grid with thousands of
 * people (use `greedy` there).
 *
 * @module
 */

import { compareCodePoints } from "../json/canonical.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import {
  bfs,
  cellIndex,
  DIRECTIONS,
  neighbour,
  UNREACHED,
} from "../scenario/geometry.ts";
import type { Controller } from "../sim/simulator.ts";
import type { Action, EpisodeKey, Observation } from "../types.ts";
import { actionMap, type PolicyView, viewOf } from "./view.ts";

/** Cost of one step. */
const STEP = 10;
/** Risk of a cell that the front reaches 1, 2 or 3 steps after the person left it. */
const NEAR_MISS_RISK = [20, 6, 2] as const;
/** Full risk of a cell that may burn while the person stands on it. */
const CELL_RISK = 100;
/** Full risk of an exit that may burn before the person reaches it. */
const EXIT_RISK = 300;
/** Proximity cost `floor(PROXIMITY / fd)`: keeps routes away from the fire at any slack. */
const PROXIMITY = 24;

/**
 * Risk of being at a cell at hop `hop` when the fire front can arrive
 * there at the earliest after `fd` steps (`fd ≥ 1`). When the front can be
 * there first (`hop ≥ fd`) the risk is `full · min(1, (hop − fd + 1) / fd)`:
 * the front moves at most one cell per step and usually slower, so being
 * late by a step on a short distance is near certain trouble while being
 * late by a step on a long distance is not.
 */
function risk(fd: number, hop: number, full: number): number {
  if (fd === UNREACHED) return 0;
  const slack = fd - hop;
  if (slack >= 1) {
    return slack <= NEAR_MISS_RISK.length
      ? NEAR_MISS_RISK[slack - 1] as number
      : 0;
  }
  return Math.floor(full * Math.min(fd, 1 - slack) / fd);
}

function proximity(fd: number): number {
  return fd === UNREACHED ? 0 : Math.floor(PROXIMITY / fd);
}

/** Scratch arrays of one forward search, reused for every person of a step. */
type Search = {
  readonly cost: Float64Array;
  readonly hop: Int32Array;
  readonly first: Int8Array;
  readonly done: Uint8Array;
  readonly heap: Heap;
};

/**
 * A binary min-heap of (key, cell); keys are `cost · 2^20 + push order`, so
 * equal costs pop in push order and the search is deterministic. A search
 * pushes each cell at most once per neighbour (at most 4 · 65536 + 1 <
 * 2^20 pushes on the largest grid), and costs stay below 2^32, so keys are
 * exact integers.
 */
class Heap {
  private keys: number[] = [];
  private cells: number[] = [];
  private pushes = 0;

  clear(): void {
    this.keys.length = 0;
    this.cells.length = 0;
    this.pushes = 0;
  }

  get size(): number {
    return this.keys.length;
  }

  push(cost: number, cell: number): void {
    const key = cost * 1048576 + this.pushes++;
    const keys = this.keys;
    const cells = this.cells;
    let i = keys.length;
    keys.push(key);
    cells.push(cell);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((keys[parent] as number) <= key) break;
      keys[i] = keys[parent] as number;
      cells[i] = cells[parent] as number;
      i = parent;
    }
    keys[i] = key;
    cells[i] = cell;
  }

  /** Remove the smallest entry and return its cell. */
  pop(): number {
    const keys = this.keys;
    const cells = this.cells;
    const top = cells[0] as number;
    const lastKey = keys.pop() as number;
    const lastCell = cells.pop() as number;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (keys[r] as number) < (keys[l] as number) ? r : l;
        if ((keys[c] as number) >= lastKey) break;
        keys[i] = keys[c] as number;
        cells[i] = cells[c] as number;
        i = c;
      }
      keys[i] = lastKey;
      cells[i] = lastCell;
    }
    return top;
  }
}

function newSearch(n: number): Search {
  return {
    cost: new Float64Array(n),
    hop: new Int32Array(n),
    first: new Int8Array(n),
    done: new Uint8Array(n),
    heap: new Heap(),
  };
}

/**
 * Forward Dijkstra from `start` over open cells; `first[v]` is the direction
 * (0..3) of the first move on the cheapest path to `v`, -1 at the start.
 * Unreached cells keep cost `Infinity`.
 */
function search(
  g: PolicyView,
  fd: Int32Array,
  isExit: Uint8Array,
  start: number,
  s: Search,
): void {
  s.cost.fill(Infinity);
  s.done.fill(0);
  s.heap.clear();
  s.cost[start] = 0;
  s.hop[start] = 0;
  s.first[start] = -1;
  s.heap.push(0, start);
  while (s.heap.size > 0) {
    const u = s.heap.pop();
    if (s.done[u] === 1) continue;
    s.done[u] = 1;
    // An exit ends a path: the person leaves the grid there.
    if (u !== start && isExit[u] === 1) continue;
    const cu = s.cost[u] as number;
    const hv = (s.hop[u] as number) + 1;
    for (let d = 0; d < 4; d++) {
      const v = neighbour(g.geometry.width, g.geometry.height, u, d);
      if (v < 0 || g.open[v] !== 1 || s.done[v] === 1) continue;
      const f = fd[v] as number;
      const r = isExit[v] === 1 ? 0 : risk(f, hv, CELL_RISK) + proximity(f);
      const cv = cu + STEP + r;
      if (cv < (s.cost[v] as number)) {
        s.cost[v] = cv;
        s.hop[v] = hv;
        s.first[v] = u === start ? d : s.first[u] as number;
        s.heap.push(cv, v);
      }
    }
  }
}

type Plan = {
  readonly id: string;
  /** Cost and hops to each usable exit (Infinity when unreachable). */
  readonly exitCost: Float64Array;
  readonly exitHop: Int32Array;
  readonly exitFirst: Int8Array;
  /** Best exit cost, used to order the assignment. */
  readonly best: number;
  /** First move towards the refuge (for people with no reachable exit). */
  readonly refugeFirst: number;
};

function refugeMove(g: PolicyView, fd: Int32Array, s: Search): number {
  // The reachable cell farthest from the fire front (no fire at all wins),
  // then the nearest such cell, then row-major.
  let bestCell = -1;
  let bestFd = -2;
  let bestCost = Infinity;
  const n = g.open.length;
  for (let v = 0; v < n; v++) {
    const c = s.cost[v] as number;
    if (c === Infinity) continue;
    const f = fd[v] === UNREACHED ? Number.MAX_SAFE_INTEGER : fd[v] as number;
    if (f > bestFd || (f === bestFd && c < bestCost)) {
      bestCell = v;
      bestFd = f;
      bestCost = c;
    }
  }
  return bestCell < 0 ? -1 : s.first[bestCell] as number;
}

/**
 * The fire-aware actions for one observation (pure; no state), given the
 * compiled scenario it comes from when there is one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fireAwareActions } from "./fire_aware.ts";
 * // Two exits at equal distance; the east one has fire beside it.
 * const a = fireAwareActions({
 *   observation_version: "1.0", scenario_id: "s", step: 0, max_steps: 9,
 *   grid: ["E...E", "...F."],
 *   exits: [{ exit_id: "w", position: [0, 0], usable: true },
 *           { exit_id: "e", position: [0, 4], usable: true }],
 *   burning: [[1, 3]], people: [{ person_id: "p", position: [0, 2], trapped: false }],
 * });
 * assert.ok(a.p === "west");
 * ```
 */
export function fireAwareActions(
  obs: Observation,
  scenario?: CompiledScenario,
): Record<string, Action> {
  const g = viewOf(obs, scenario);
  const { width, height, wall } = g.geometry;
  const n = width * height;
  const fd = bfs(width, height, g.burning, wall, 0);
  const isExit = new Uint8Array(n);
  for (const e of g.exits) isExit[e] = 1;
  const k = g.exits.length;

  const s = newSearch(n);
  const plans: Plan[] = [];
  for (const p of obs.people) {
    const cell = cellIndex(g.geometry, p.position[0], p.position[1]);
    if (cell < 0) {
      throw new RangeError(`person ${p.person_id} is outside the grid`);
    }
    search(g, fd, isExit, cell, s);
    const exitCost = new Float64Array(k);
    const exitHop = new Int32Array(k);
    const exitFirst = new Int8Array(k);
    let best = Infinity;
    for (let j = 0; j < k; j++) {
      const e = g.exits[j] as number;
      exitCost[j] = s.cost[e] as number;
      exitHop[j] = s.hop[e] as number;
      exitFirst[j] = s.first[e] as number;
      best = Math.min(best, s.cost[e] as number);
    }
    const refugeFirst = best === Infinity ? refugeMove(g, fd, s) : -1;
    plans.push({
      id: p.person_id,
      exitCost,
      exitHop,
      exitFirst,
      best,
      refugeFirst,
    });
  }

  // Closest people choose first; each exit takes one person per step.
  plans.sort((a, b) => a.best - b.best || compareCodePoints(a.id, b.id));
  const lastArrival = new Float64Array(k).fill(-Infinity);
  const actions = actionMap();
  for (const plan of plans) {
    let choice = -1;
    let choiceCost = Infinity;
    let choiceArrival = 0;
    for (let j = 0; j < k; j++) {
      const c = plan.exitCost[j] as number;
      if (c === Infinity) continue;
      const hop = plan.exitHop[j] as number;
      const arrival = Math.max(hop, (lastArrival[j] as number) + 1);
      let total = c + STEP * (arrival - hop);
      // The exit must not burn before the person arrives (fd ≥ arrival);
      // the near-miss part of the risk does not apply to leaving the grid.
      const f = fd[g.exits[j] as number] as number;
      if (f !== UNREACHED && f < arrival) total += risk(f, arrival, EXIT_RISK);
      if (total < choiceCost) {
        choice = j;
        choiceCost = total;
        choiceArrival = arrival;
      }
    }
    let dir = plan.refugeFirst;
    if (choice >= 0) {
      lastArrival[choice] = choiceArrival;
      dir = plan.exitFirst[choice] as number;
    }
    actions[plan.id] = dir < 0 ? "stay" : DIRECTIONS[dir] as Action;
  }
  return actions;
}

/**
 * Make the `fire_aware` controller for one episode of `scenario` (the seed
 * is unused).
 *
 * @example
 * ```ts
 * import { fireAwarePolicy } from "./fire_aware.ts";
 * const act = fireAwarePolicy(0);
 * ```
 */
export function fireAwarePolicy(
  _seed: number,
  _episode?: EpisodeKey,
  scenario?: CompiledScenario,
): Controller {
  return (obs) => fireAwareActions(obs, scenario);
}
