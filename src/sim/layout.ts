/**
 * The core layout of a scenario: its people numbered in ID order, exits
 * and ignitions as cell indices, the world the step core runs on. Every
 * simulator path (the reference, the kernels, the trace readers) lays a
 * scenario out through here, once per scenario object.
 *
 * @module
 */

import { compareCodePoints } from "../json/canonical.ts";
import { cellIndex, geometryOf } from "../scenario/geometry.ts";
import { ignitionThreshold } from "./rng.ts";
import type { World } from "./step.ts";
import type { Cell, Scenario } from "../types.ts";

/** A scenario mapped onto the core: people numbered in ID order. */
export type Layout = {
  /** The core's world. */
  readonly world: World;
  /** Person IDs by person number (code point order). */
  readonly ids: readonly string[];
  /** Exit IDs by exit number (scenario order). */
  readonly exitIds: readonly string[];
  /** Initial cell index by person number. */
  readonly initialPositions: Int32Array;
  /** Initial burning cells, ascending. */
  readonly ignitions: Int32Array;
};

const layouts = new WeakMap<Scenario, Layout>();

/**
 * The core layout of a validated scenario, cached per scenario object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "./layout.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "b", position: [0, 1] }, { person_id: "a", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [1, 2], enter_fire: "blocked" },
 *   termination: { max_steps: 3 } } as unknown as Scenario;
 * assert.ok(layoutOf(s).ids.join() === "a,b" && layoutOf(s).initialPositions[0] === 2);
 * ```
 */
export function layoutOf(scenario: Scenario): Layout {
  const cached = layouts.get(scenario);
  if (cached !== undefined) return cached;
  const g = geometryOf(scenario);
  const people = [...scenario.people].sort((a, b) =>
    compareCodePoints(a.person_id, b.person_id)
  );
  const toIndex = (c: Cell, what: string) => {
    const idx = cellIndex(g, c[0], c[1]);
    if (idx < 0) {
      throw new RangeError(`${what} [${c[0]}, ${c[1]}] is off the grid`);
    }
    return idx;
  };
  const [num, den] = scenario.fire.spread_probability;
  const layout: Layout = {
    world: {
      ...g,
      people: people.length,
      threshold: ignitionThreshold(num, den),
      enterFireBlocked: scenario.fire.enter_fire === "blocked",
      maxSteps: scenario.termination.max_steps,
    },
    ids: people.map((p) => p.person_id),
    exitIds: scenario.exits.map((e) => e.exit_id),
    initialPositions: Int32Array.from(
      people,
      (p) => toIndex(p.position, `person ${p.person_id}`),
    ),
    ignitions: Int32Array.from(
      scenario.fire.ignitions,
      (c) => toIndex(c, "ignition"),
    ).sort(),
  };
  layouts.set(scenario, layout);
  return layout;
}
