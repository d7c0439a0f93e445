/**
 * The long run of the replay-kernel comparison in
 * tests/replay_kernel_properties_test.ts: random scenarios up to 30 × 30
 * with horizons up to 200 steps and random action logs, replayed through
 * the WebAssembly kernel and the TypeScript reference, which must give
 * identical traces, and a rebuilt record with the simulator record's
 * bytes. Runs until the time budget is spent; prints the fast-check seed
 * so that a failure can be replayed.
 *
 *   deno run --allow-read=. scripts/replay_kernel_compare.ts [SECONDS] [SEED]
 *
 * @module
 */

import fc from "fast-check";
import { episodeInputs, episodeOf } from "../tests/replay_inputs.ts";
import { assertKernelReplays } from "../tests/replay_kernel_support.ts";

const seconds = Number(Deno.args[0] ?? 300);
const seed = Number(Deno.args[1] ?? Date.now() % 2 ** 31);
const deadline = Date.now() + seconds * 1000;
let episodes = 0;
let personSteps = 0;
console.error(`replay kernel comparison: seed ${seed}, ${seconds} s`);
await fc.assert(
  fc.asyncProperty(episodeInputs(30, 200), async (input) => {
    if (Date.now() > deadline) return;
    const { scenario, record } = await episodeOf(input);
    const trace = assertKernelReplays(scenario, record);
    episodes++;
    personSteps += trace.outcome.length;
  }),
  { numRuns: 10_000_000, seed, interruptAfterTimeLimit: seconds * 1000 },
);
console.log(
  `${episodes} episodes, ${personSteps} person-steps: wasm and reference identical`,
);
