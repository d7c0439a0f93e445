import assert from "node:assert/strict";
import { compileScenario } from "../src/sim/compiled.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { greedyPolicy } from "../src/policies/greedy.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf, referenceTrace } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import type { Cell } from "../src/types.ts";

Deno.test("recordOfTrace: a step's ignitions out of order still give row-major burning lists", async () => {
  // The burning list takes each step's ignitions by a merge when they are
  // ascending (a genuine trace's are) and by a sort otherwise. Reversing
  // every step's ignitions in a genuine trace must leave every snapshot's
  // burning list as the simulator wrote it (row-major), and the step's own
  // list in the trace's (reversed) order.
  const key = (c: Cell) => `${c[0]},${c[1]}`;
  let reversed = 0;
  for (const { scenario } of publicSuite().scenarios) {
    const compiled = await compileScenario(scenario);
    const record = await simulateEpisode(
      compiled.scenario,
      3,
      greedyPolicy(3, undefined, compiled),
    );
    const layout = layoutOf(compiled.scenario);
    const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
    const trace = referenceTrace(layout, 3, log);
    const ignited = trace.ignited.slice();
    for (let t = 1; t <= trace.steps; t++) {
      const from = trace.stepIgnitions[t - 1]!;
      const to = trace.stepIgnitions[t]!;
      if (to - from > 1) reversed++;
      ignited.subarray(from, to).reverse();
    }
    const rebuilt = recordOfTrace(layout, record.header, log, {
      ...trace,
      ignited,
    });
    record.steps.forEach((step, i) => {
      const got = rebuilt.steps[i]!;
      assert.deepEqual(
        got.state.burning.map(key),
        step.state.burning.map(key),
      );
      assert.deepEqual(
        got.ignitions.map(key),
        step.ignitions.map(key).reverse(),
      );
    });
  }
  assert.ok(reversed > 10, `${reversed} steps with two or more ignitions`);
});
