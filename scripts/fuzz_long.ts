/**
 * The long run of the mutation fuzzing of tests/fuzz_test.ts: the same
 * property for a time budget, with a random (printed) or given seed.
 *
 * Usage: deno run -A scripts/fuzz_long.ts [SECONDS=600] [SEED]
 *
 * A failure prints the fast-check counterexample and its seed and path, so
 * that `fc.assert(..., { seed, path })` replays it; exit code 1.
 *
 * @module
 */

import fc from "fast-check";
import { parse } from "../src/json/canonical.ts";
import { fieldValues, indexPoints, judge, mutate } from "../tests/mutation.ts";
import { BASE_TEXT, SUITE } from "../tests/tamper_support.ts";

const seconds = Number(Deno.args[0] ?? "600");
const seed = Deno.args[1] === undefined
  ? Math.floor(Math.random() * 2 ** 31)
  : Number(Deno.args[1]);
if (!Number.isFinite(seconds) || seconds <= 0 || !Number.isSafeInteger(seed)) {
  console.error("usage: fuzz_long.ts [SECONDS] [SEED]");
  Deno.exit(2);
}

const index = indexPoints(parse(BASE_TEXT));
const values = fieldValues(index);
const seen = { refused: 0, "no-op": 0 };
console.log(`fuzzing for ${seconds} s with seed ${seed}`);
const started = performance.now();
const details = await fc.check(
  fc.asyncProperty(fc.tuple(fc.nat(), fc.nat(), fc.nat()), async (choice) => {
    const m = mutate(BASE_TEXT, index, values, choice);
    seen[await judge(BASE_TEXT, m, SUITE)]++;
  }),
  {
    seed,
    numRuns: Number.MAX_SAFE_INTEGER,
    interruptAfterTimeLimit: seconds * 1000,
    markInterruptAsFailure: false,
  },
);
const elapsed = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${details.numRuns} mutations in ${elapsed} s: ${seen.refused} refused, ${
    seen["no-op"]
  } byte-level no-ops`,
);
if (details.failed) {
  console.error(fc.defaultReportMessage(details));
  Deno.exit(1);
}
