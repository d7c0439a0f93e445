/**
 * Write tests/fixtures/stats_inputs.json: the small statistics test suite
 * and two evaluation results simulated on it (greedy and random), as
 * canonical JSON. scripts/gen_artifact_vectors.py computes the expected
 * artifacts from this file independently. The simulation is deterministic,
 * so running this again rewrites the file byte for byte.
 *
 * Usage: deno run --allow-write=tests/fixtures scripts/gen_stats_inputs.ts
 *
 * @module
 */

import { encode } from "../src/canonical.ts";
import { evaluate, testSuite } from "../tests/_stats_fixtures.ts";

if (import.meta.main) {
  const suite = testSuite();
  const inputs = {
    suite,
    results: {
      greedy: await evaluate(suite, "greedy", "greedy"),
      random: await evaluate(suite, "random", "random"),
    },
  };
  await Deno.writeTextFile(
    new URL("../tests/fixtures/stats_inputs.json", import.meta.url),
    encode(inputs),
  );
}
