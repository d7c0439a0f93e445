/**
 * Write a suite of the public suite's 13 scenarios with more seeds: FACTOR
 * times its 8 seeds each, seeds 0 to 8·FACTOR−1 (the public suite's own
 * seeds are 0 to 7, so FACTOR 1 schedules the same episodes under another
 * suite id). The scale measurements (docs/scale.md) use FACTOR 10, 40 and
 * 100: 1,040, 4,160 and 10,400 episodes.
 *
 *   deno run --allow-write=DIR scripts/gen_seed_suite.ts DIR/suite.json FACTOR
 *
 * @module
 */

import { encodeBytes, type JsonValue } from "../src/json/canonical.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { parseSuite } from "../src/scenario/suite.ts";

/**
 * The suite value: the public scenarios and families, 8·`factor` seeds each.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seedSuite } from "./gen_seed_suite.ts";
 * const s = seedSuite(2) as { scenarios: { seeds: number[] }[] };
 * assert.equal(s.scenarios.length, 13);
 * assert.deepEqual(s.scenarios[0]!.seeds, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
 * ```
 */
export function seedSuite(factor: number): JsonValue {
  const base = publicSuite();
  return {
    suite_id: `emberbench-public-seeds-x${factor}`,
    suite_version: "1.0",
    families: base.families,
    scenarios: base.scenarios.map((s) => ({
      scenario: s.scenario,
      seeds: Array.from({ length: 8 * factor }, (_, i) => i),
    })),
  } as unknown as JsonValue;
}

if (import.meta.main) {
  const [out, factorText] = Deno.args;
  if (out === undefined || !/^[1-9][0-9]{0,3}$/.test(factorText ?? "")) {
    console.error("usage: gen_seed_suite.ts OUT.json FACTOR (1 to 9999)");
    Deno.exit(2);
  }
  const value = seedSuite(Number(factorText));
  const suite = parseSuite(value);
  const episodes = suite.scenarios.reduce((a, s) => a + s.seeds.length, 0);
  await Deno.writeFile(out, encodeBytes(value));
  console.log(
    `${out}: ${episodes} episodes (${suite.scenarios.length} scenarios × ${
      8 * Number(factorText)
    } seeds)`,
  );
}
