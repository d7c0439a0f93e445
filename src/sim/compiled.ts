/**
 * The compiled scenario: a scenario read strictly, hashed and laid out once
 * per process (geometry, exits, static exit distances, the simulator's
 * layout), then shared by the simulator, the built-in policies, validation
 * and the metrics of every episode that uses it.
 *
 * @module
 */

import { compareCodePoints, encode } from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import {
  exitDistanceField,
  type Geometry,
  geometryOf,
  staticExitDistances,
} from "../scenario/geometry.ts";
import { parseScenario } from "../scenario/scenario.ts";
import { layoutOf } from "./layout.ts";
import type { Scenario } from "../types.ts";

/** A scenario read strictly once, with what every consumer derives. */
export type CompiledScenario = {
  /** The scenario, read strictly (a copy of the given one, frozen). */
  readonly scenario: Scenario;
  /** Its content hash (SHA-256 of its canonical JSON). */
  readonly hash: string;
  /** Person IDs in code-point order. */
  readonly ids: readonly string[];
  /** Walls and exits by cell key, for validation and the metrics. */
  readonly geometry: Geometry;
  /**
   * Static exit distance of every cell (through non-wall cells, fire
   * ignored), `UNREACHED` where no exit can be reached. Shared: read only.
   */
  readonly exitDistances: Int32Array;
  /** Static exit distance of each person's start, `null` if unreachable. */
  readonly staticDistances: ReadonlyMap<string, number | null>;
};

// Keyed by the canonical text, not the object: a scenario object can be
// changed after it was compiled, its text cannot. Bounded, so that a
// long-lived process that sees many scenarios does not keep them all.
const cache = new Map<string, Promise<CompiledScenario>>();
const CACHE_LIMIT = 256;

/**
 * Compile a scenario: read it strictly (a `ScenarioError` for an invalid
 * one, with `path` as the prefix of its field paths), hash it and lay it
 * out. The same content compiles once per process.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileScenario } from "./compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const s = publicSuite().scenarios[0]!.scenario;
 * const a = await compileScenario(s);
 * assert.ok(a === await compileScenario(structuredClone(s)));
 * assert.ok(a.hash.length === 64 && a.ids.length === s.people.length);
 * ```
 */
export function compileScenario(
  scenario: Scenario,
  path = "scenario",
): Promise<CompiledScenario> {
  // Reading first: a value that is not a scenario must be refused with the
  // reader's error before anything else, and `encode` may refuse it
  // differently.
  const read = parseScenario(scenario as never, { path });
  const text = encode(read);
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const compiled = Promise.resolve(build(read, text));
  cache.set(text, compiled);
  return compiled;
}

function build(read: Scenario, text: string): CompiledScenario {
  const scenario = deepFreeze(read);
  const hash = sha256Hex(new TextEncoder().encode(text));
  // The simulator's layout is cached by object: laying out the frozen copy
  // here makes every replay of this scenario (simulator, kernel) find it.
  layoutOf(scenario);
  const geometry = geometryOf(scenario);
  const exitDistances = exitDistanceField(geometry, null);
  return Object.freeze({
    scenario,
    hash,
    ids: Object.freeze(
      scenario.people.map((p) => p.person_id).sort(compareCodePoints),
    ),
    geometry,
    exitDistances,
    staticDistances: staticExitDistances(scenario, exitDistances),
  });
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === "object" && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}
