/**
 * Random episodes for the replay-kernel comparison (the property test and
 * scripts/replay_kernel_compare.ts): scenarios with walls, several exits,
 * fire under both `enter_fire` settings, spread probabilities 0, 1 and in
 * between, and crowded rooms whose random moves make swaps, rotations and
 * conflicts; the action log is recorded by the TypeScript simulator.
 */

import fc from "fast-check";
import { Stream } from "../src/sim/rng.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import { type Controller, simulateEpisode } from "../src/sim/simulator.ts";
import { ACTIONS } from "../src/sim/step.ts";
import type { RunRecord, Scenario } from "../src/types.ts";

/** The parameters fast-check draws (and shrinks). */
export type EpisodeInput = {
  readonly height: number;
  readonly width: number;
  /** Percent of cells that are walls. */
  readonly wallPercent: number;
  readonly exits: number;
  readonly ignitions: number;
  /** Percent of the remaining floor that holds people. */
  readonly crowdPercent: number;
  readonly p: readonly [number, number];
  readonly enterFire: "casualty" | "blocked";
  readonly maxSteps: number;
  /** Percent of decisions that are `stay`. */
  readonly stayPercent: number;
  /** Seeds of the layout and of the actions (SplitMix64 stream 7 and 8). */
  readonly layoutSeed: number;
  readonly actionSeed: number;
  /** The episode seed. */
  readonly seed: number;
};

/** An arbitrary episode input; `side` bounds the grid, `horizon` the steps. */
export function episodeInputs(
  side = 8,
  horizon = 30,
): fc.Arbitrary<EpisodeInput> {
  const probability = fc.oneof(
    fc.constant([0, 1] as const),
    fc.constant([1, 1] as const),
    fc.integer({ min: 2, max: 1000 }).chain((den) =>
      fc.integer({ min: 1, max: den - 1 }).map((num) => [num, den] as const)
    ),
  );
  return fc.record({
    height: fc.integer({ min: 1, max: side }),
    width: fc.integer({ min: 2, max: side }),
    wallPercent: fc.integer({ min: 0, max: 35 }),
    exits: fc.integer({ min: 1, max: 3 }),
    ignitions: fc.integer({ min: 0, max: 4 }),
    crowdPercent: fc.integer({ min: 10, max: 100 }),
    p: probability,
    enterFire: fc.constantFrom("casualty", "blocked"),
    maxSteps: fc.integer({ min: 1, max: horizon }),
    stayPercent: fc.integer({ min: 0, max: 40 }),
    layoutSeed: fc.nat(),
    actionSeed: fc.nat(),
    seed: fc.maxSafeNat(),
  });
}

/** The scenario of an input (always valid: at least one exit and person). */
export function scenarioOf(input: EpisodeInput): Scenario {
  const rng = new Stream(input.layoutSeed, 7);
  const u = (k: number) => rng.uniformInt(k);
  const { height, width } = input;
  const cells = height * width;
  const wall = Array.from({ length: cells }, () => u(100) < input.wallPercent);
  let floor = [...Array(cells).keys()].filter((c) => !wall[c]);
  if (floor.length < 2) {
    wall.fill(false);
    floor = [...Array(cells).keys()];
  }
  for (let i = floor.length - 1; i > 0; i--) {
    const j = u(i + 1);
    [floor[i], floor[j]] = [floor[j]!, floor[i]!];
  }
  const cell = (c: number) => [Math.floor(c / width), c % width];
  const exitCount = Math.min(input.exits, floor.length - 1);
  const exits = floor.slice(0, exitCount);
  const rest = floor.slice(exitCount);
  const ignitionCount = Math.min(input.ignitions, rest.length - 1);
  const ignitions = rest.slice(0, ignitionCount);
  // A burning exit now and then (an ignition on an exit cell).
  if (u(4) === 0) ignitions.push(exits[0]!);
  const free = rest.slice(ignitionCount);
  const crowd = Math.max(1, Math.floor(free.length * input.crowdPercent / 100));
  // IDs whose code-point order differs from scenario order ("p10" < "p9").
  const people = free.slice(0, crowd).map((c, i) => ({
    person_id: `p${(i * 7919) % 1000}`,
    position: cell(c),
  }));
  const grid: string[] = [];
  for (let r = 0; r < height; r++) {
    let row = "";
    for (let c = 0; c < width; c++) row += wall[r * width + c] ? "#" : ".";
    grid.push(row);
  }
  return parseScenario({
    schema_version: "1.0",
    scenario_id: "random",
    description: "",
    grid,
    exits: exits.map((c, e) => ({ exit_id: `x${e}`, position: cell(c) })),
    people,
    fire: {
      ignitions: ignitions.map(cell),
      spread_probability: [...input.p],
      enter_fire: input.enterFire,
    },
    termination: { max_steps: input.maxSteps },
  } as never);
}

/** A controller of random actions from the input's action seed. */
function randomActions(input: EpisodeInput): Controller {
  const rng = new Stream(input.actionSeed, 8);
  return (obs) =>
    Object.fromEntries(obs.people.map((p) => {
      const stay = rng.uniformInt(100) < input.stayPercent;
      return [p.person_id, ACTIONS[stay ? 0 : 1 + rng.uniformInt(4)]!];
    }));
}

/** The scenario and the record the TypeScript simulator writes for it. */
export async function episodeOf(
  input: EpisodeInput,
): Promise<{ scenario: Scenario; record: RunRecord }> {
  const scenario = scenarioOf(input);
  const record = await simulateEpisode(
    scenario,
    input.seed,
    randomActions(input),
    { scenarioHash: "0".repeat(64) },
  );
  return { scenario, record };
}
