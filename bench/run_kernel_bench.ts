// runEvaluation of the whole public suite (104 episodes) with the greedy
// policy, under both kernels, in one run: the TypeScript simulator (the
// reference path, the baseline) and the episodes stepped by the
// WebAssembly replay kernel. Deno's summary gives the ratio of the means.
// Both results are checked byte for byte first.
//
//   deno bench bench/run_kernel_bench.ts
//
// bench/run_breakdown.ts says where the time of each goes.
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";

const suite = publicSuite();
const run = (kernel: "wasm" | "reference") =>
  runEvaluation(suite, "greedy", { modelId: "greedy", kernel });

const [wasm, reference] = [await run("wasm"), await run("reference")];
if (
  encode(wasm as unknown as JsonValue) !==
    encode(reference as unknown as JsonValue)
) throw new Error("the two kernels gave different results");

Deno.bench("run, reference (TypeScript simulator)", {
  group: "run public suite, greedy",
  baseline: true,
  n: 60,
  warmup: 10,
}, async () => {
  await run("reference");
});

Deno.bench("run, kernel wasm (stepped replay kernel)", {
  group: "run public suite, greedy",
  n: 60,
  warmup: 10,
}, async () => {
  await run("wasm");
});
