/**
 * Issue 13: the episode metrics of a replayed trace, through the record
 * (`recordOfTrace` + `computeMetrics`, the reference path) and straight
 * from the trace (`traceMetrics`), in process, on the records of a result.
 * A round computes every episode's metrics once. Each path is timed in its
 * own fresh processes (`--processes`, default 3; the best of each figure
 * is kept): its
 * first round (as `verify` computes each record's metrics once), then,
 * after `--warmup` untimed rounds (default 5), the best of `--repeats`
 * back-to-back rounds (default 5) and their mean with the garbage
 * collection they leave behind (a forced collection after the last, less
 * a forced collection of the idle heap). Both paths must then give the
 * same dictionary text and exact values, and the rebuilt records must be
 * the stored ones. The load average is printed before and after, since
 * the machine may be shared.
 *
 *   deno run -A bench/trace_metrics.ts SUITE RESULT
 *
 * Without SUITE and RESULT it writes and measures the large generated
 * result (scripts/gen_large_scenario.ts, greedy).
 *
 * @module
 */

import { writeLargeResult } from "./large_result.ts";
import {
  type DeferredJson,
  encode,
  parse,
  parseDeferring,
} from "../src/json/canonical.ts";
import { actionLogOfText } from "../src/verify/regenerate.ts";
import { rootCtx } from "../src/json/fields.ts";
import { MetricsInputError } from "../src/errors.ts";
import { type CompiledScenario, compileScenario } from "../src/sim/compiled.ts";
import type { ActionLog, Trace } from "../src/sim/trace.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { computeMetrics } from "../src/metrics/episode.ts";
import { traceMetrics } from "../src/metrics/trace_metrics.ts";
import { replayTrace } from "../src/replay/session.ts";
import { type Layout, layoutOf } from "../src/sim/layout.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import {
  OBSERVATION_VERSION,
  type RecordHeader,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
} from "../src/types.ts";

const args = Deno.args.filter((a) => !a.startsWith("--"));
const repeatsArg = Deno.args.find((a) => a.startsWith("--repeats="));
const REPEATS = repeatsArg === undefined ? 5 : Number(repeatsArg.slice(10));
const warmupArg = Deno.args.find((a) => a.startsWith("--warmup="));
const WARMUP = warmupArg === undefined ? 5 : Number(warmupArg.slice(9));
/** Fresh processes per path. */
const processesArg = Deno.args.find((a) => a.startsWith("--processes="));
const PROCESSES = processesArg === undefined
  ? 3
  : Number(processesArg.slice(12));
let [suiteFile, resultFile] = args;
if (suiteFile === undefined || resultFile === undefined) {
  const work = await Deno.makeTempDir({ prefix: "ember-trace-metrics-" });
  ({ suiteFile, resultFile } = await writeLargeResult(work));
}

const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
const child = Deno.args.some((a) => a.startsWith("--only="));
if (!child) console.log(`load average before: ${load()}`);
const suite = parseSuite(parse(await Deno.readTextFile(suiteFile)));
const byId = new Map(
  suite.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
);
// The records are read as text spans and never built: only the traces,
// logs and headers stay alive, so that a forced collection after a round
// costs what the round left behind, not a parsed result.
const read = parseDeferring(
  await Deno.readTextFile(resultFile),
  (segs) => segs.length === 3 && segs[0] === "episodes" && segs[2] === "record",
).value as unknown as {
  episodes: { scenario_id: string; seed: number; record: DeferredJson }[];
};
let bytes = 0;
const episodes: {
  compiled: CompiledScenario;
  layout: Layout;
  header: RecordHeader;
  seed: number;
  log: ActionLog;
  trace: Trace;
  text: string;
}[] = [];
for (const e of read.episodes) {
  const compiled = await compileScenario(byId.get(e.scenario_id)!);
  const layout = layoutOf(compiled.scenario);
  const text = e.record.source;
  bytes += text.length;
  const log = actionLogOfText(text);
  const seed = e.seed;
  const header: RecordHeader = {
    observation_version: OBSERVATION_VERSION,
    scenario_hash: compiled.hash,
    scenario_id: compiled.scenario.scenario_id,
    schema_version: SCHEMA_VERSION,
    seed,
    simulator_version: SIMULATOR_VERSION,
  };
  const trace = replayTrace(layout, seed, log, { kernel: "wasm" });
  episodes.push({ compiled, layout, header, seed, log, trace, text });
}
if (!child) {
  console.log(
    `${episodes.length} records, ${(bytes / 1e6).toFixed(1)} MB of record text`,
  );
}

const ctx = rootCtx(MetricsInputError);
const viaRecord = () =>
  episodes.map((e) =>
    computeMetrics(
      e.compiled,
      recordOfTrace(e.layout, e.header, e.log, e.trace),
      ctx,
    )
  );
const viaTrace = () =>
  episodes.map((e) => traceMetrics(e.compiled, e.seed, e.log, e.trace));

// deno-lint-ignore no-explicit-any
const gc = (globalThis as any).gc as (() => void) | undefined;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** What one process measured of one path. */
type Timing = { first: number; round: number; withGc: number; idle: number };

const only = Deno.args.find((a) => a.startsWith("--only="))?.slice(7);
if (only !== undefined) {
  // This process times one path only: run in one process, the two paths
  // share the sections' formula functions, and whichever ran last leaves
  // them compiled for its argument shapes (the trace path's first rounds
  // after the record path's were 3-5x slower than its own warm rounds).
  const run = only === "record" ? viaRecord : viaTrace;
  const t0 = performance.now();
  run(); // the first round of a fresh process, as `verify` runs it
  const first = performance.now() - t0;
  for (let i = 0; i < WARMUP; i++) run();
  // The fastest of REPEATS back-to-back rounds, and the mean round with
  // the collection they leave behind (their total plus a forced
  // collection at the end). A forced collection before every round slowed
  // the next round 2-3x, which `verify` never does.
  gc?.();
  const idle0 = performance.now();
  gc?.();
  const idle = performance.now() - idle0;
  let round = Infinity;
  const start = performance.now();
  for (let i = 0; i < REPEATS; i++) {
    const r0 = performance.now();
    run();
    round = Math.min(round, performance.now() - r0);
  }
  gc?.();
  const withGc = (performance.now() - start - idle) / REPEATS;
  console.log(JSON.stringify({ first, round, withGc, idle }));
  Deno.exit(0);
}

/** Each path in PROCESSES fresh processes; the best of each figure. */
async function measure(path: string): Promise<Timing> {
  const best: Timing = {
    first: Infinity,
    round: Infinity,
    withGc: Infinity,
    idle: Infinity,
  };
  for (let i = 0; i < PROCESSES; i++) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--v8-flags=--expose-gc",
        new URL(import.meta.url).pathname,
        suiteFile!,
        resultFile!,
        `--only=${path}`,
        ...Deno.args.filter((a) => /^--(repeats|warmup)=/.test(a)),
      ],
      stdout: "piped",
    }).output();
    if (out.code !== 0) throw new Error(`--only=${path} failed`);
    const t = JSON.parse(
      new TextDecoder().decode(out.stdout).trim()
        .split("\n").pop()!,
    ) as Timing;
    for (const k of Object.keys(best) as (keyof Timing)[]) {
      best[k] = Math.min(best[k], t[k]);
    }
  }
  return best;
}
const r = await measure("record");
const t = await measure("trace");
const row = (name: string, x: Timing) =>
  console.log(
    `${name} first round ${ms(x.first)}, best of ${REPEATS} ${
      ms(x.round)
    }, mean with gc ${ms(x.withGc)}`,
  );
row("recordOfTrace + computeMetrics:", r);
row("traceMetrics:                  ", t);
console.log(
  `speed-up: first round ${(r.first / t.first).toFixed(1)}x, best ${
    (r.round / t.round).toFixed(1)
  }x, with gc ${(r.withGc / t.withGc).toFixed(1)}x (a forced collection ` +
    `alone: ${ms(t.idle)}, taken out)`,
);

// Both paths must give the same metrics, and the rebuilt records must be
// the stored ones, or the figures mean nothing.
for (const e of episodes) {
  if (
    encode(recordOfTrace(e.layout, e.header, e.log, e.trace) as never) !==
      e.text
  ) {
    throw new Error(`seed ${e.seed}: not the stored record`);
  }
}
const a = viaRecord();
const b = viaTrace();
a.forEach((m, i) => {
  if (encode(m.metrics) !== encode(b[i]!.metrics)) {
    throw new Error(`episode ${i}: the dictionaries differ`);
  }
  for (const k of Object.keys(m.exact) as (keyof typeof m.exact)[]) {
    if (String(m.exact[k]) !== String(b[i]!.exact[k])) {
      throw new Error(`episode ${i}: ${k} differs`);
    }
  }
});

console.log("both paths: the same dictionaries and exact values");
console.log(`load average after: ${load()}`);
