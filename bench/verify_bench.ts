// `verify` of the large generated result (scripts/gen_large_scenario.ts,
// greedy, about 30 MB, 4 records of 7.5 MB): `verifyEvaluation` on the
// file's bytes in memory, through the WebAssembly kernel (verification by
// regeneration) and through the reference path (the TypeScript simulator's
// records), in one run. The result's size is printed: MB/s is that size
// over the time per iteration. `bench/regeneration.ts` times the whole
// command (process start and file read included) and its peak memory.
//
//   deno bench bench/verify_bench.ts
import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { encodeBytes } from "../src/json/canonical.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import { parseSuite } from "../src/scenario/suite.ts";

const suite = parseSuite(largeSuite(LARGE_SEED));
const bytes = encodeBytes(
  await runEvaluation(suite, "greedy", { modelId: "greedy" }),
);
console.log(`large result: ${(bytes.length / 1e6).toFixed(2)} MB`);

for (const kernel of ["reference", "wasm"] as const) {
  Deno.bench(`verify, kernel ${kernel}`, {
    group: "verify the large result",
    baseline: kernel === "reference",
    n: 10,
    warmup: 2,
  }, async () => {
    // A copy, as a file read gives: the verifier may release its input.
    await verifyEvaluation(bytes.slice(), suite, { kernel });
  });
}
