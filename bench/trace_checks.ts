/**
 * Stage 2 over the trace (`checkTrace` in the replay kernel) against the
 * reference stage 2 on the record object (`checkStructure` on
 * `recordOfTrace(…)`), in process, on the 4 records of the large generated
 * scenario (scripts/gen_large_scenario.ts) under greedy: the best of 5 per
 * record and per path. The kernel's trace is made once per record and not
 * timed (both paths start from it). The load average is printed before and
 * after, since the machine may be shared.
 *
 *   deno run -A bench/trace_checks.ts
 *
 * @module
 */

import { writeLargeResult } from "./large_result.ts";
import { encode, parse } from "../src/json/canonical.ts";
import { MetricsInputError } from "../src/errors.ts";
import { rootCtx } from "../src/json/fields.ts";
import { checkStructure } from "../src/metrics/checks/stages.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { ReplaySession } from "../src/replay/session.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import type { RunRecord } from "../src/types.ts";

const REPEATS = 5;
const work = await Deno.makeTempDir({ prefix: "ember-checks-" });
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`load average before: ${load()}`);

const { suiteFile, resultFile } = await writeLargeResult(work);

const suite = parseSuite(parse(await Deno.readTextFile(suiteFile)));
const scenario = suite.scenarios[0]!.scenario;
const layout = layoutOf(scenario);
const session = new ReplaySession();
const result = JSON.parse(await Deno.readTextFile(resultFile)) as {
  episodes: { record: RunRecord }[];
};

function best(f: () => void): number {
  let min = Infinity;
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    f();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

console.log(
  "record  MB    steps  checkTrace  recordOfTrace+checkStructure  checkStructure alone",
);
for (const [index, { record }] of result.episodes.entries()) {
  const mb = encode(record as never).length / 1e6;
  const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
  const replay = session.replay(layout, record.header.seed, log);
  const { trace } = replay;
  const ctx = rootCtx(MetricsInputError);
  // The session holds the replay: the check runs on its regions as they are.
  const kernel = best(() => {
    if (!session.holds(replay)) throw new Error("checkTrace failed");
  });
  const both = best(() =>
    checkStructure(
      scenario,
      recordOfTrace(layout, record.header, log, trace),
      ctx,
    )
  );
  const rebuilt = recordOfTrace(layout, record.header, log, trace);
  const alone = best(() => checkStructure(scenario, rebuilt, ctx));
  console.log(
    `${index}       ${mb.toFixed(1)}   ${trace.steps}    ${
      kernel.toFixed(2)
    } ms     ${both.toFixed(2)} ms                      ${alone.toFixed(2)} ms`,
  );
}
console.log(`load average after: ${load()}`);
await Deno.remove(work, { recursive: true });
