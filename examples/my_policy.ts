/**
 * A small user policy, the one README's tour runs: everyone walks a
 * shortest path to a usable exit, around walls and burning cells, and
 * where two steps are equally short, takes the one farther from the fire.
 *
 * ```sh
 * deno run --allow-read=. --allow-write=. --allow-run=deno,bwrap mod.ts \
 *     run --policy ./examples/my_policy.ts --model-id mine --out mine.json
 * ```
 *
 * It imports nothing, so the sandbox bundles this one file; the observation
 * is its only input (docs/policies.md).
 *
 * @module
 */

type Cell = readonly [number, number];

/** What this policy reads of the observation (docs/policies.md). */
export type Observation = {
  readonly grid: readonly string[];
  readonly exits: readonly { position: Cell; usable: boolean }[];
  readonly burning: readonly Cell[];
  readonly people: readonly { person_id: string; position: Cell }[];
};

// The order of the contract's actions, so ties go north, east, south, west.
const MOVES = [
  ["north", -1, 0],
  ["east", 0, 1],
  ["south", 1, 0],
  ["west", 0, -1],
] as const;

/**
 * Steps to the nearest usable exit from every cell (a breadth-first search
 * from all usable exits at once); walls, burning cells and cells no exit
 * reaches are absent.
 */
function exitDistances(obs: Observation): Map<string, number> {
  const burning = new Set(obs.burning.map((c) => String(c)));
  const open = (r: number, c: number) => {
    const cell = obs.grid[r]?.[c];
    return cell !== undefined && cell !== "#" && cell !== "F" &&
      !burning.has(`${r},${c}`);
  };
  const distance = new Map<string, number>();
  let frontier: Cell[] = obs.exits.filter((e) => e.usable).map((e) =>
    e.position
  );
  for (const c of frontier) distance.set(String(c), 0);
  for (let d = 1; frontier.length > 0; d++) {
    const next: Cell[] = [];
    for (const [r, c] of frontier) {
      for (const [, dr, dc] of MOVES) {
        const key = `${r + dr},${c + dc}`;
        if (!distance.has(key) && open(r + dr, c + dc)) {
          distance.set(key, d);
          next.push([r + dr, c + dc]);
        }
      }
    }
    frontier = next;
  }
  return distance;
}

/** Manhattan distance from `cell` to the nearest burning cell (∞ if none). */
function fireDistance(cell: Cell, burning: readonly Cell[]): number {
  let best = Infinity;
  for (const [r, c] of burning) {
    best = Math.min(best, Math.abs(r - cell[0]) + Math.abs(c - cell[1]));
  }
  return best;
}

/**
 * One action per active person: a step one closer to an exit, the one
 * farthest from the fire among those; `stay` when no step gets closer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import decide from "./my_policy.ts";
 * // South and west both lead one step closer; south is farther from the F.
 * assert.deepEqual(decide({
 *   grid: ["F.", "..", "E."],
 *   exits: [{ position: [2, 0], usable: true }],
 *   burning: [[0, 0]],
 *   people: [{ person_id: "p01", position: [1, 1] }],
 * }), { p01: "south" });
 * ```
 */
export default function decide(obs: Observation): Record<string, string> {
  const distance = exitDistances(obs);
  const actions: Record<string, string> = {};
  for (const { person_id, position: [r, c] } of obs.people) {
    const here = distance.get(`${r},${c}`) ?? Infinity;
    let best: { name: string; fire: number } | undefined;
    for (const [name, dr, dc] of MOVES) {
      const d = distance.get(`${r + dr},${c + dc}`);
      if (d === undefined || d >= here) continue;
      const fire = fireDistance([r + dr, c + dc], obs.burning);
      if (best === undefined || fire > best.fire) best = { name, fire };
    }
    actions[person_id] = best?.name ?? "stay";
  }
  return actions;
}
