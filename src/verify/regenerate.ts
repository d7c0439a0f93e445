/**
 * Verification by regeneration: a genuine record is exactly the canonical
 * text that the simulator writes from the scenario, the seed and the
 * actions. So the WebAssembly kernel reads the record's action log from
 * its text, replays the episode into a trace, writes the canonical text
 * from the trace and compares it with the record's text
 * (`../replay/record_text.ts`; `writeRecordText` of
 * `../sim/trace_bytes.ts` is the TypeScript reference of that text), then
 * checks and counts over the trace; `actionLogOfText` is the TypeScript
 * reference of the log's reading. Why equal texts prove the record, however
 * the log was read: `proof.ts`.
 *
 * @module
 */

import { encode, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { rootCtx } from "../json/fields.ts";
import { MetricsInputError } from "../errors.ts";
import { checkCompatibility } from "../metrics/checks/stages.ts";
import type { ComputedMetrics } from "../metrics/assemble.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { replaySession } from "../replay/session.ts";
import { layoutOf } from "../sim/layout.ts";
import { ACTIONS, TERM_ALL_RESOLVED, TERM_MAX_STEPS } from "../sim/step.ts";
import type { ActionLog } from "../sim/trace.ts";
import { recordOfTrace } from "../sim/trace_record.ts";
import {
  OBSERVATION_VERSION,
  type RecordHeader,
  type RunRecord,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
  type TerminationReason,
} from "../types.ts";
import { need } from "./undecided.ts";

const ACTIONS_MARK = '{"actions":{';
const QUOTED_ACTIONS = ACTIONS.map((a) => `"${a}"`);

/**
 * The action log of a record's canonical text: per step, the values of its
 * `actions` object in text order (canonical text sorts the keys, so that is
 * person order). A value that is not an action gives code 255.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { actionLogOfText } from "./regenerate.ts";
 * const log = actionLogOfText('{"steps":[{"actions":{"a":"stay","b":"west"}},{"actions":{}}]}');
 * assert.deepEqual([...log.codes], [0, 4]);
 * assert.deepEqual([...log.ends], [2, 2]);
 * ```
 */
export function actionLogOfText(source: string): ActionLog {
  let codes = new Uint8Array(1024);
  let n = 0;
  const ends: number[] = [];
  let at = source.indexOf('"steps":[');
  need(at >= 0);
  for (;;) {
    const open = source.indexOf(ACTIONS_MARK, at);
    if (open < 0) break;
    const from = open + ACTIONS_MARK.length;
    const close = source.indexOf("}", from);
    need(close >= 0);
    // Pairs `"id":"action"`: an action holds no ':' or ',' (IDs may hold
    // ':'), so a value starts after the last ':' before its ',' or '}'.
    let colon = -1;
    for (let i = from; close > from && i <= close; i++) {
      const c = source.charCodeAt(i);
      if (c === 0x3a) colon = i;
      else if (c === 0x2c || i === close) {
        if (n === codes.length) {
          const wider = new Uint8Array(codes.length * 2);
          wider.set(codes);
          codes = wider;
        }
        codes[n++] = colon < 0 ? 255 : codeOf(source, colon + 1, i);
        colon = -1;
      }
    }
    ends.push(n);
    at = close;
  }
  return { codes: codes.slice(0, n), ends: Int32Array.from(ends) };
}

/** The code of the action written at `source[from..to)`, else 255. */
function codeOf(source: string, from: number, to: number): number {
  for (let k = 0; k < QUOTED_ACTIONS.length; k++) {
    const q = QUOTED_ACTIONS[k]!;
    if (q.length === to - from && source.startsWith(q, from)) return k;
  }
  return 255;
}

/**
 * The record whose canonical text is `source`, proved by regeneration with
 * the WebAssembly kernel; throws `Undecided` when the text written from the
 * replay differs (the object path then names the difference). The header's
 * strings were checked by stage 1 already; the seed is the recorded one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { regeneratedRecord } from "./regenerate.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const stay = (o: { people: readonly { person_id: string }[] }) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "stay" as const]));
 * const record = await simulateEpisode(c.scenario, 7, stay);
 * const text = encode(record as unknown as JsonValue);
 * assert.equal(encode(regeneratedRecord(c, 7, text) as unknown as JsonValue), text);
 * assert.throws(() => regeneratedRecord(c, 8, text));
 * ```
 */
export function regeneratedRecord(
  c: CompiledScenario,
  seed: number,
  source: string,
): RunRecord {
  const layout = layoutOf(c.scenario);
  const header = headerOf(c, seed);
  // The kernel reads the log from the text, replays it, and compares the
  // text it writes from the trace with the source (replay/record_text.ts).
  const proved = replaySession().regenerate(layout, header, source);
  need(proved !== undefined);
  const { log, trace } = proved;
  return recordOfTrace(layout, header, log, trace);
}

/** The header the simulator writes for an episode of `c` and `seed`. */
function headerOf(c: CompiledScenario, seed: number): RecordHeader {
  return {
    observation_version: OBSERVATION_VERSION,
    scenario_hash: c.hash,
    scenario_id: c.scenario.scenario_id,
    schema_version: SCHEMA_VERSION,
    seed,
    simulator_version: SIMULATOR_VERSION,
  };
}

/** What a proved record gives the verifier: its metrics and how it ended. */
export type RegeneratedEpisode = {
  /** The metrics dictionary and its exact values, as `computeMetrics` gives them. */
  readonly metrics: ComputedMetrics;
  /** The final state's termination reason. */
  readonly reason: TerminationReason;
};

/**
 * Stages 2 and 3 and the metrics of the record whose canonical text is
 * `source`, without building it: the kernel proves the text by
 * regeneration, runs stage 2 over its trace (`checkTrace`, which checks
 * the record the text stands for), and the metrics are counted over the
 * trace (`traceMetrics`). Throws `Undecided` when any of it cannot be
 * shown; the reference stages then give the verdict and its diagnostics.
 * When it returns, it is what they would return.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { regeneratedEpisode } from "./regenerate.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { episodeMetrics } from "../metrics/episode.ts";
 * import { encode, type JsonValue } from "../json/canonical.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const stay = (o: { people: readonly { person_id: string }[] }) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "stay" as const]));
 * const record = await simulateEpisode(c.scenario, 7, stay, { scenarioHash: c.hash });
 * const proved = regeneratedEpisode(c, 7, encode(record as unknown as JsonValue));
 * assert.equal(encode(proved.metrics.metrics), encode(await episodeMetrics(c.scenario, record)));
 * assert.equal(proved.reason, record.final_state.termination_reason);
 * ```
 */
export function regeneratedEpisode(
  c: CompiledScenario,
  seed: number,
  source: string,
): RegeneratedEpisode {
  const session = replaySession();
  const proved = session.regenerate(
    layoutOf(c.scenario),
    headerOf(c, seed),
    source,
  );
  need(proved !== undefined);
  need(session.holds(proved));
  const { trace } = proved;
  need(
    trace.termination === TERM_ALL_RESOLVED ||
      trace.termination === TERM_MAX_STEPS,
  );
  let metrics: ComputedMetrics | undefined;
  try {
    metrics = session.counts(c, proved);
  } catch {
    // An invariant that the reference sections would name.
  }
  need(metrics !== undefined);
  return {
    metrics,
    reason: trace.termination === TERM_ALL_RESOLVED
      ? "all_resolved"
      : "max_steps",
  };
}

/**
 * The metrics dictionary of a record value in memory (a resumed result's),
 * when regeneration proves it genuine: its canonical text, which stands for
 * the value exactly, equals the text written from its replay, and it passes
 * stages 1 and 2. `undefined` when that cannot be shown; the caller then
 * runs the reference stages (`episodeMetrics`), which give the verdict and
 * its diagnostics. When it is defined, it is what they would return.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { provedRecordMetrics } from "./regenerate.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { simulateEpisode } from "../sim/simulator.ts";
 * import { episodeMetrics } from "../metrics/episode.ts";
 * import { encode } from "../json/canonical.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const stay = (o: { people: readonly { person_id: string }[] }) =>
 *   Object.fromEntries(o.people.map((p) => [p.person_id, "stay" as const]));
 * const record = await simulateEpisode(c.scenario, 7, stay, { scenarioHash: c.hash });
 * const proved = provedRecordMetrics(c, record);
 * assert.equal(encode(proved!), encode(await episodeMetrics(c.scenario, record)));
 * assert.equal(provedRecordMetrics(c, { ...record, steps: [] }), undefined);
 * ```
 */
export function provedRecordMetrics(
  c: CompiledScenario,
  record: unknown,
): JsonObject | undefined {
  try {
    const text = encode(record as JsonValue);
    const ctx = rootCtx(MetricsInputError);
    checkCompatibility(c.scenario, c.hash, record as JsonValue, ctx);
    const header = (record as { header?: { seed?: unknown } }).header;
    const seed = header?.seed;
    need(typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0);
    return regeneratedEpisode(c, seed, text).metrics.metrics;
  } catch {
    return undefined;
  }
}
