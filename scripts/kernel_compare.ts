/**
 * The long run of the kernel comparison in tests/bootstrap_kernel_test.ts:
 * random intervals (n up to 5,000, common denominators up to 2^300, signed
 * values, R up to 20,000) through the WebAssembly kernel and the TypeScript
 * reference, which must give identical exact bounds. Runs until the time
 * budget is spent; prints the fast-check seed so that a failure can be
 * replayed.
 *
 *   deno run --allow-read=. scripts/kernel_compare.ts [SECONDS] [SEED]
 *
 * @module
 */

import fc from "fast-check";
import { kernelCase, kernelInputs } from "../tests/kernel_inputs.ts";

const seconds = Number(Deno.args[0] ?? 300);
const seed = Number(Deno.args[1] ?? Date.now() % 2 ** 31);
const deadline = Date.now() + seconds * 1000;
let cases = 0;
let words = 0;
console.error(`kernel comparison: seed ${seed}, ${seconds} s`);
fc.assert(
  fc.property(kernelInputs({ maxWork: 20_000_000 }), (input) => {
    if (Date.now() > deadline) return;
    const [w, r] = kernelCase(input);
    if (w.lower.cmp(r.lower) !== 0 || w.upper.cmp(r.upper) !== 0) {
      throw new Error(
        `kernels differ at n = ${input.values.length}, R = ${input.resamples}`,
      );
    }
    cases++;
    words += input.values.length * input.resamples;
  }),
  { numRuns: 1_000_000, seed, interruptAfterTimeLimit: seconds * 1000 },
);
console.log(
  `${cases} intervals, ${
    (words / 1e6).toFixed(1)
  } M resample draws: wasm and reference identical`,
);
