/**
 * Verification by regeneration in the kernel (`assembly/record_text.ts`
 * through `src/replay/record_text.ts`) against the TypeScript path: the
 * log read by `actionLogOfText`, the reference simulator's trace, and the
 * text `writeRecordText` writes. The kernel proves a text exactly when that
 * text is the source, and the offset it reports is the first index where the
 * two strings differ, computed here character by character. A hand-worked
 * record holds both to a text written by hand.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  encode,
  type JsonObject,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import { actionLogOfText } from "../src/verify/regenerate.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { parseScenario, scenarioHash } from "../src/scenario/scenario.ts";
import { provedText } from "../src/replay/record_text.ts";
import { replayInstance } from "../src/replay/kernel.ts";
import { ReplaySession, replayTrace } from "../src/replay/session.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { type Layout, layoutOf } from "../src/sim/layout.ts";
import { recordTextOfTrace } from "../src/sim/trace_bytes.ts";
import type { RecordHeader, RunRecord, Scenario } from "../src/types.ts";
import { episodeInputs, episodeOf } from "./replay_inputs.ts";

/** The first index where `a` and `b` differ, else the shorter length. */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The TypeScript path on `source`: -1 when the text written from the replay
 * of its log is `source`, else the first difference; undefined when no log
 * is read or the replay does not terminate.
 */
function referenceOffset(
  layout: Layout,
  header: RecordHeader,
  source: string,
): number | undefined {
  let log;
  try {
    log = actionLogOfText(source);
  } catch {
    return undefined;
  }
  const trace = replayTrace(layout, header.seed, log, { kernel: "reference" });
  if (trace.stop !== "terminated") return undefined;
  const text = recordTextOfTrace(layout, header, log, trace);
  return text === source ? -1 : firstDifference(text, source);
}

/**
 * Whether the kernel is placed for the log read from `source`: at most
 * max_steps steps and people · max_steps codes, and no more of either than
 * one per 16 bytes of text (src/replay/record_text.ts).
 */
function fits(layout: Layout, source: string): boolean {
  const log = actionLogOfText(source);
  const cap = Math.floor(source.length / 16);
  const { people, maxSteps } = layout.world;
  return log.ends.length <= Math.min(maxSteps, cap) &&
    log.codes.length <= Math.min(people * maxSteps, cap);
}

/** Whether every character of `s` is ASCII (one UTF-8 byte). */
const session = new ReplaySession();
const regenerationOffset = (l: Layout, h: RecordHeader, source: string) =>
  session.regenerationOffset(l, h, source);
const regeneratedTrace = (l: Layout, h: RecordHeader, source: string) =>
  session.regenerate(l, h, source);

const isAscii = (s: string) => [...s].every((c) => c.charCodeAt(0) < 0x80);

let compared = 0;

/**
 * The kernel's verdict and offset on `source` equal the TypeScript path's;
 * a proved text comes with the log and the reference trace. Returns the
 * kernel's offset.
 */
function agree(
  layout: Layout,
  header: RecordHeader,
  source: string,
): number | undefined {
  const want = referenceOffset(layout, header, source);
  const got = regenerationOffset(layout, header, source);
  const proved = regeneratedTrace(layout, header, source);
  assert.equal(proved !== undefined, want === -1, "verdict");
  if (got !== undefined) {
    compared++;
    assert.equal(got, want, "first difference");
  } else if (want !== undefined && isAscii(source)) {
    assert.ok(!fits(layout, source), "the kernel made no comparison");
  }
  if (proved !== undefined) {
    const log = actionLogOfText(source);
    assert.deepEqual(proved.log, log);
    assert.deepEqual(
      proved.trace,
      replayTrace(layout, header.seed, log, { kernel: "reference" }),
    );
  }
  return got;
}

const scene = (s: Record<string, unknown>) =>
  parseScenario({
    schema_version: "1.0",
    scenario_id: "t",
    description: "",
    ...s,
  } as never);

const HEADER: RecordHeader = {
  observation_version: "1.0",
  scenario_hash: "0".repeat(64),
  scenario_id: "t",
  schema_version: "1.0",
  seed: 5,
  simulator_version: "1.0",
};

Deno.test("a hand-worked record: evacuation, a target off the grid, fire spread, trapping", () => {
  // One row, exit x at [0,0], fire at [0,2] spreading with probability 1.
  // s_0: b at [0,3] is cut off by the fire (trapped). Step 1: a moves west
  // onto the exit (evacuated); b's north is off the grid (target [-1,3]);
  // then [0,1] and [0,3] ignite and b dies there; all resolved.
  const s = scene({
    grid: ["...."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [{ person_id: "b", position: [0, 3] }, {
      person_id: "a",
      position: [0, 1],
    }],
    fire: {
      ignitions: [[0, 2]],
      spread_probability: [1, 1],
      enter_fire: "casualty",
    },
    termination: { max_steps: 4 },
  });
  const header = '{"observation_version":"1.0","scenario_hash":"' +
    "0".repeat(64) +
    '","scenario_id":"t","schema_version":"1.0","seed":5,"simulator_version":"1.0"}';
  const text = '{"final_state":{"people":[' +
    '{"casualty_cause":null,"exit_id":"x","person_id":"a","position":[0,0],"resolution_step":1,"status":"evacuated"},' +
    '{"casualty_cause":"fire_spread","exit_id":null,"person_id":"b","position":[0,3],"resolution_step":1,"status":"casualty"}' +
    '],"step":1,"termination_reason":"all_resolved","trapped":[]},' +
    '"header":' + header + "," +
    '"initial_state":{"burning":[[0,2]],"people":[' +
    '{"person_id":"a","position":[0,1],"status":"active"},' +
    '{"person_id":"b","position":[0,3],"status":"active"}' +
    '],"step":0,"terminated":false,"termination_reason":null,"trapped":["b"]},' +
    '"steps":[{"actions":{"a":"west","b":"north"},' +
    '"casualties":[{"cause":"fire_spread","person_id":"b"}],' +
    '"evacuations":[{"exit_id":"x","person_id":"a"}],' +
    '"ignitions":[[0,1],[0,3]],' +
    '"movements":[' +
    '{"action":"west","origin":[0,1],"outcome":"moved","person_id":"a","target":[0,0]},' +
    '{"action":"north","origin":[0,3],"outcome":"blocked_boundary","person_id":"b","target":[-1,3]}' +
    '],"state":{"burning":[[0,1],[0,2],[0,3]],"people":[' +
    '{"person_id":"a","position":[0,0],"status":"evacuated"},' +
    '{"person_id":"b","position":[0,3],"status":"casualty"}' +
    '],"step":1,"terminated":true,"termination_reason":"all_resolved","trapped":[]},' +
    '"step":1}]}';
  const layout = layoutOf(s);
  const proved = regeneratedTrace(layout, HEADER, text);
  assert.ok(proved !== undefined);
  assert.deepEqual([...proved.log.codes], [4, 1]); // a west, b north
  assert.deepEqual([...proved.log.ends], [2]);
  assert.equal(regenerationOffset(layout, HEADER, text), -1);
  assert.equal(agree(layout, HEADER, text), -1);
  // b south instead: the text written follows the log, so it differs first
  // at b's target, [1,3] for [-1,3].
  const south = text.replace('"b":"north"', '"b":"south"').replace(
    '"action":"north"',
    '"action":"south"',
  );
  const target = south.indexOf('"target":[-1,3]') + '"target":['.length;
  assert.equal(regenerationOffset(layout, HEADER, south), target);
  assert.equal(regeneratedTrace(layout, HEADER, south), undefined);
  // Another seed in the header given: the text's header differs at its seed.
  assert.equal(
    regenerationOffset(layout, { ...HEADER, seed: 6 }, text),
    text.indexOf('"seed":5') + '"seed":'.length,
  );
  // Shorter, longer, not ASCII.
  assert.equal(regenerationOffset(layout, HEADER, text + "\n"), text.length);
  assert.equal(
    regenerationOffset(layout, HEADER, text.slice(0, -2)),
    text.length - 2,
  );
  assert.equal(regenerationOffset(layout, HEADER, text + "\u00e9"), undefined);
  // A log that stops before the end: no comparison.
  assert.equal(
    regenerationOffset(layout, HEADER, text.replace('"b":"north"', "")),
    undefined,
  );
});

Deno.test("the kernel's state after run() stays as run() left it", () => {
  const s = scene({
    grid: ["...."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [{ person_id: "a", position: [0, 3] }],
    fire: {
      ignitions: [],
      spread_probability: [0, 1],
      enter_fire: "blocked",
    },
    termination: { max_steps: 5 },
  });
  const layout = layoutOf(s);
  const log = { codes: Uint8Array.of(4, 4, 4), ends: Int32Array.of(1, 2, 3) };
  const trace = replayTrace(layout, 5, log, { kernel: "reference" });
  const text = recordTextOfTrace(layout, HEADER, log, trace);
  const k = replayInstance();
  const proved = provedText(k, layout, HEADER, text);
  assert.ok(proved !== undefined);
  assert.equal(k.stepCount(), 3);
  assert.equal(k.entriesConsumed(), 3);
  assert.equal(k.terminationCode(), trace.termination);
  const u8 = new Uint8Array(k.memory.buffer);
  const i32 = new Int32Array(k.memory.buffer);
  assert.deepEqual([...u8.subarray(k.region(5), k.region(5) + 3)], [1, 1, 1]); // outcomes
  assert.deepEqual([...u8.subarray(k.region(4), k.region(4) + 3)], [4, 4, 4]); // codes
  assert.deepEqual(
    [...i32.subarray(k.region(30) >> 2, (k.region(30) >> 2) + 3)],
    [1, 2, 3],
  );
  assert.equal(i32[k.region(2) >> 2], 0); // a's final cell
});

type Item = { layout: Layout; header: RecordHeader; text: string };

/** Every record of tests/fixtures, with its scenario's layout. */
async function fixtureRecords(): Promise<Item[]> {
  const dir = new URL("./fixtures/", import.meta.url);
  const read = async (p: string) =>
    parse(await Deno.readTextFile(new URL(p, dir))) as JsonObject;
  const items: Item[] = [];
  const add = (scenario: Scenario, record: JsonValue) =>
    items.push({
      layout: layoutOf(scenario),
      header: (record as unknown as RunRecord).header,
      text: encode(record),
    });
  for (const file of ["simulator_cases.json", "metrics/random_episodes.json"]) {
    for (const c of (await read(file)) as unknown as JsonObject[]) {
      add(parseScenario(c["scenario"]!), c["record"]!);
    }
  }
  const byHash = new Map<string, Scenario>();
  for (const file of ["suite.json", "suite_other.json"]) {
    const suite = await read(`statistics/${file}`);
    for (const { scenario } of suite["scenarios"] as JsonObject[]) {
      const s = parseScenario(scenario!);
      byHash.set(await scenarioHash(s), s);
    }
  }
  for await (const entry of Deno.readDir(new URL("statistics/", dir))) {
    if (!entry.name.startsWith("result_")) continue;
    const result = await read(`statistics/${entry.name}`);
    for (const e of result["episodes"] as JsonObject[]) {
      const record = e["record"] as JsonObject;
      const hash = (record["header"] as JsonObject)["scenario_hash"] as string;
      add(byHash.get(hash)!, record);
    }
  }
  return items;
}

/** Every episode of the public suite under greedy, random and stay. */
async function publicRecords(): Promise<Item[]> {
  const items: Item[] = [];
  for (const policy of ["greedy", "random", "stay"]) {
    for (const { scenario, seeds } of publicSuite().scenarios) {
      const hash = await scenarioHash(scenario);
      for (const seed of seeds) {
        const record = await simulateEpisode(
          scenario,
          seed,
          BUILTIN_POLICIES[policy]!(seed),
          { scenarioHash: hash },
        );
        items.push({
          layout: layoutOf(scenario),
          header: record.header,
          text: encode(record as unknown as JsonValue),
        });
      }
    }
  }
  return items;
}

const FIXTURES = await fixtureRecords();
const PUBLIC = await publicRecords();

Deno.test("every fixture record is proved, as the TypeScript writer proves it", () => {
  assert.ok(FIXTURES.length >= 80 + 7 * 20, `${FIXTURES.length} records`);
  for (const [i, { layout, header, text }] of FIXTURES.entries()) {
    assert.equal(agree(layout, header, text), -1, `record ${i}`);
  }
});

Deno.test("every public-suite episode of greedy, random and stay is proved", () => {
  assert.equal(PUBLIC.length, 3 * 8 * publicSuite().scenarios.length);
  for (const [i, { layout, header, text }] of PUBLIC.entries()) {
    assert.equal(agree(layout, header, text), -1, `episode ${i}`);
  }
});

Deno.test("random scenarios and action logs: the kernel proves the simulator's records", async () => {
  await fc.assert(
    fc.asyncProperty(episodeInputs(), async (input) => {
      const { scenario, record } = await episodeOf(input);
      const text = encode(record as unknown as JsonValue);
      assert.equal(agree(layoutOf(scenario), record.header, text), -1);
    }),
    { numRuns: 300, seed: 20261313 },
  );
});

const ACTION_VALUES = ['"stay"', '"north"', '"east"', '"south"', '"west"'];
const ACTIONS_OBJECT = /\{"actions":\{([^}]*)\}/g;

/** The `[start, end)` of each step's actions object's contents. */
function actionSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(ACTIONS_OBJECT)) {
    const start = m.index! + '{"actions":{'.length;
    spans.push([start, start + m[1]!.length]);
  }
  return spans;
}

/** A mutation of a record's text, from fast-check's numbers. */
type Mutation = (text: string, a: number, b: number) => string;

const CHARS = '0123456789,:{}[]"acdeilnorstuvwx_ -';
const NOT_ASCII_OR_PRINTABLE = [
  "\u00e9",
  "\u{1F525}",
  "\u0000",
  "\n",
  "\u007f",
  "\ud800",
];

const MUTATIONS: Record<string, Mutation> = {
  changed: (t, a, b) => {
    const k = a % t.length;
    return t.slice(0, k) + CHARS[b % CHARS.length] + t.slice(k + 1);
  },
  inserted: (t, a, b) => {
    const k = a % (t.length + 1);
    return t.slice(0, k) + CHARS[b % CHARS.length] + t.slice(k);
  },
  deleted: (t, a) => {
    const k = a % t.length;
    return t.slice(0, k) + t.slice(k + 1);
  },
  truncated: (t, a) => t.slice(0, a % t.length),
  extended: (t, _a, b) => t + ["}", " ", "]}", ',"x":1}', "\u00e9"][b % 5],
  notAscii: (t, a, b) => {
    const k = a % (t.length + 1);
    const c = NOT_ASCII_OR_PRINTABLE[b % NOT_ASCII_OR_PRINTABLE.length];
    return t.slice(0, k) + c + t.slice(b % 2 === 0 ? k : k + 1);
  },
  actionValue: (t, a, b) => {
    const spans = actionSpans(t);
    const [from, to] = spans[a % spans.length]!;
    const values = [
      ...t.slice(from, to).matchAll(/"(stay|north|east|south|west)"/g),
    ]
      .filter((m) => t[from + m.index! - 1] === ":");
    if (values.length === 0) return t;
    const m = values[b % values.length]!;
    const at = from + m.index!;
    const other = ACTION_VALUES.filter((v) => v !== m[0])[b % 4]!;
    return t.slice(0, at) + other + t.slice(at + m[0].length);
  },
  extraKey: (t, a, b) => {
    const spans = actionSpans(t);
    const [from, to] = spans[a % spans.length]!;
    if (b % 2 === 0) {
      return t.slice(0, from) + '"!":"stay"' + (to > from ? "," : "") +
        t.slice(from);
    }
    return t.slice(0, to) + (to > from ? "," : "") + '"~":"west"' + t.slice(to);
  },
  missingKey: (t, a, b) => {
    const spans = actionSpans(t);
    const [from, to] = spans[a % spans.length]!;
    const pairs = t.slice(from, to).split(",");
    if (to === from) return t;
    pairs.splice(b % pairs.length, 1);
    return t.slice(0, from) + pairs.join(",") + t.slice(to);
  },
};

Deno.test("mutated records: the kernel's verdict and first difference are the TypeScript writer's", async () => {
  compared = 0;
  const refused: Record<string, number> = {};
  for (const name of Object.keys(MUTATIONS)) refused[name] = 0;
  const pool = [...FIXTURES, ...PUBLIC];
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.nat(pool.length - 1).map((i) => pool[i]!),
        episodeInputs().map((input) => input),
      ),
      fc.constantFrom(...Object.keys(MUTATIONS)),
      fc.nat(),
      fc.nat(),
      async (source, name, a, b) => {
        let item: Item;
        if ("text" in source) item = source;
        else {
          const { scenario, record } = await episodeOf(source);
          item = {
            layout: layoutOf(scenario),
            header: record.header,
            text: encode(record as unknown as JsonValue),
          };
        }
        const changed = MUTATIONS[name]!(item.text, a, b);
        const got = agree(item.layout, item.header, changed);
        if (changed !== item.text && got !== -1) refused[name]!++;
      },
    ),
    { numRuns: 1500, seed: 20261314 },
  );
  for (const [name, count] of Object.entries(refused)) {
    assert.ok(count > 40, `${name}: ${count} refused`);
  }
  assert.ok(compared > 600, `${compared} compared`);
});
