/**
 * Issue 13: the episode metrics of a replayed trace, through the record
 * (`recordOfTrace` + `computeMetrics`, the reference path) and straight
 * from the trace (`traceMetrics`), in process, on the records of a result.
 * Each round computes every episode's metrics once; after `--warmup`
 * untimed rounds (default 5), the best of `--repeats` rounds (default 5) is
 * kept, and the mean round with the garbage collection the rounds leave
 * behind (a forced collection after the last, timed). Both
 * paths must give the same dictionary text and exact values. The first
 * round of each path in a fresh process (as `verify` computes each record's
 * metrics once) is measured too, best of `--repeats` processes. The load
 * average is printed before and after, since the machine may be shared.
 *
 *   deno run -A --v8-flags=--expose-gc bench/trace_metrics.ts SUITE RESULT
 *
 * Without SUITE and RESULT it writes and measures the large generated
 * result (scripts/gen_large_scenario.ts, greedy).
 *
 * @module
 */

import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import {
  type DeferredJson,
  encode,
  parse,
  parseDeferring,
} from "../src/json/canonical.ts";
import { actionLogOfText } from "../src/evaluation/regenerate.ts";
import { rootCtx } from "../src/json/fields.ts";
import { MetricsInputError } from "../src/errors.ts";
import {
  type CompiledScenario,
  compileScenario,
} from "../src/scenario/compiled.ts";
import type { ActionLog, Trace } from "../src/sim/trace.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { computeMetrics } from "../src/metrics/episode.ts";
import { traceMetrics } from "../src/metrics/trace_metrics.ts";
import { replayTrace } from "../src/sim/replay_kernel.ts";
import { type Layout, layoutOf } from "../src/sim/simulator.ts";
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
let [suiteFile, resultFile] = args;
if (suiteFile === undefined || resultFile === undefined) {
  const work = await Deno.makeTempDir({ prefix: "ember-trace-metrics-" });
  suiteFile = `${work}/large_suite.json`;
  resultFile = `${work}/large_greedy.json`;
  await Deno.writeTextFile(suiteFile, encode(largeSuite(LARGE_SEED)));
  const here = new URL("..", import.meta.url).pathname;
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "mod.ts",
      "run",
      "--quiet",
      "--suite",
      suiteFile,
      "--policy",
      "greedy",
      "--out",
      resultFile,
    ],
    cwd: here,
  }).output();
  if (r.code !== 0) throw new Error("run failed");
}

const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`load average before: ${load()}`);
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
console.log(
  `${episodes.length} records, ${(bytes / 1e6).toFixed(1)} MB of record text`,
);

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
/**
 * The fastest of REPEATS back-to-back rounds, and the mean round with the
 * collection they leave behind (their total plus a forced collection at
 * the end, over REPEATS). A forced collection before every round was
 * tried: it slowed the next round of the trace path 2-3x (V8 then starts
 * from an emptied young generation), which `verify` never does.
 */
function best(run: () => unknown): { round: number; withGc: number } {
  let round = Infinity;
  gc?.();
  const start = performance.now();
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    run();
    round = Math.min(round, performance.now() - t0);
  }
  gc?.();
  return { round, withGc: (performance.now() - start) / REPEATS };
}
const first = Deno.args.find((a) => a.startsWith("--first="))?.slice(8);
if (first !== undefined) {
  // One cold round in this fresh process (as `verify` runs each path once
  // per record), printed for the parent to read.
  const t0 = performance.now();
  (first === "record" ? viaRecord : viaTrace)();
  console.log(`first round: ${performance.now() - t0}`);
  Deno.exit(0);
}

// Untimed rounds first, so that "best of" compares compiled code (the
// first round of each path in a fresh process is measured below).
const warmupArg = Deno.args.find((a) => a.startsWith("--warmup="));
const WARMUP = warmupArg === undefined ? 5 : Number(warmupArg.slice(9));
for (let i = 0; i < WARMUP; i++) {
  viaRecord();
  viaTrace();
}
const idle = best(() => {});
console.log(
  `a forced collection alone: ${(idle.withGc * REPEATS).toFixed(1)} ms`,
);
const r = best(viaRecord);
const t = best(viaTrace);
const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(
  `recordOfTrace + computeMetrics: ${ms(r.round)} (mean ${
    ms(r.withGc)
  } with gc)`,
);
console.log(
  `traceMetrics:                   ${ms(t.round)} (mean ${
    ms(t.withGc)
  } with gc)`,
);
console.log(
  `speed-up: ${(r.round / t.round).toFixed(1)}x (${
    (r.withGc / t.withGc).toFixed(1)
  }x with gc)${gc === undefined ? "; run with --v8-flags=--expose-gc" : ""}`,
);

/** The first round of one path in a fresh process, best of REPEATS processes. */
async function coldRound(path: string): Promise<number> {
  let bestMs = Infinity;
  for (let i = 0; i < REPEATS; i++) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL(import.meta.url).pathname,
        suiteFile!,
        resultFile!,
        `--first=${path}`,
      ],
      stdout: "piped",
    }).output();
    const m = /first round: ([0-9.]+)/.exec(
      new TextDecoder().decode(out.stdout),
    );
    if (out.code !== 0 || m === null) throw new Error(`--first=${path} failed`);
    bestMs = Math.min(bestMs, Number(m[1]));
  }
  return bestMs;
}
const coldRecord = await coldRound("record");
const coldTrace = await coldRound("trace");
console.log(
  `first round in a fresh process: ${ms(coldRecord)} against ${
    ms(coldTrace)
  } (${(coldRecord / coldTrace).toFixed(1)}x)`,
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
