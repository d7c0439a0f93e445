/**
 * Stage 2 over the kernel's trace (`checkTrace`, issue 13) against the
 * reference `checkStructure` on the record rebuilt from the same trace: on
 * every fixture record, the public suite under greedy, random and stay,
 * random raw layouts that scenario validation would refuse, and hand-made
 * cases for each check that a genuine trace can fail.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { parseScenario, scenarioHash } from "../src/scenario/scenario.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { parse } from "../src/json/canonical.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { actionLogOf } from "../src/sim/trace.ts";
import { replayInstance, replayInto } from "../src/replay/kernel.ts";
import { traceFailure } from "../src/replay/trace_checks.ts";
import type { RunRecord, Scenario } from "../src/types.ts";
import {
  assertChecksAgree,
  rawInputs,
  rawLog,
  rawScenario,
} from "./trace_checks_support.ts";
import { episodeInputs, episodeOf } from "./replay_inputs.ts";

function agreeOnRecord(scenario: Scenario, record: RunRecord) {
  const layout = layoutOf(scenario);
  const log = actionLogOf(layout.ids, record.steps.map((s) => s.actions));
  const v = assertChecksAgree(scenario, record.header.seed, log);
  assert.ok(v !== undefined && v.failure === undefined && v.textIsRecord);
}

const fixture = (name: string) =>
  Deno.readTextFile(new URL(`./fixtures/${name}`, import.meta.url));

Deno.test("checkTrace holds on every fixture record", async () => {
  let records = 0;
  for (const name of ["metrics/random_episodes.json", "simulator_cases.json"]) {
    const cases = JSON.parse(await fixture(name)) as {
      scenario: unknown;
      record: RunRecord;
    }[];
    for (const c of cases) {
      agreeOnRecord(parseScenario(parse(JSON.stringify(c.scenario))), c.record);
      records++;
    }
  }
  for (const suiteName of ["suite.json", "suite_other.json"]) {
    const suite = parseSuite(parse(await fixture(`statistics/${suiteName}`)));
    const byId = new Map(
      suite.scenarios.map((s) => [s.scenario.scenario_id, s.scenario]),
    );
    for await (
      const entry of Deno.readDir(
        new URL("./fixtures/statistics/", import.meta.url),
      )
    ) {
      if (!entry.name.startsWith("result_")) continue;
      const result = JSON.parse(await fixture(`statistics/${entry.name}`)) as {
        episodes: { scenario_id: string; record: RunRecord }[];
      };
      for (const e of result.episodes) {
        const scenario = byId.get(e.scenario_id);
        if (scenario === undefined) continue;
        agreeOnRecord(scenario, e.record);
        records++;
      }
    }
  }
  assert.ok(records >= 80 + 30 * 4, `only ${records} records`);
});

Deno.test("checkTrace holds on the public suite under greedy, random and stay", async () => {
  const suite = publicSuite();
  let episodes = 0;
  for (const policy of ["greedy", "random", "stay"]) {
    const factory = builtinPolicy(policy);
    for (const { scenario, seeds } of suite.scenarios) {
      const hash = await scenarioHash(scenario);
      for (const seed of seeds) {
        const record = await simulateEpisode(scenario, seed, factory(seed), {
          scenarioHash: hash,
        });
        agreeOnRecord(scenario, record);
        episodes++;
      }
    }
  }
  assert.equal(
    episodes,
    3 * suite.scenarios.reduce((n, s) => n + s.seeds.length, 0),
  );
});

Deno.test("checkTrace holds on random valid episodes (fast-check)", async () => {
  await fc.assert(
    fc.asyncProperty(episodeInputs(6, 20), async (input) => {
      const { scenario, record } = await episodeOf(input);
      agreeOnRecord(scenario, record);
    }),
    { numRuns: 150 },
  );
});

Deno.test("checkTrace agrees with checkStructure on raw layouts (fast-check)", () => {
  const seen = new Map<string, number>();
  fc.assert(
    fc.property(rawInputs(), (input) => {
      const scenario = rawScenario(input);
      const steps = Math.max(input.maxSteps, 1) + 1;
      const log = rawLog(scenario, input.seed, input.actionSeed, steps);
      const v = assertChecksAgree(scenario, input.seed, log);
      const name = v === undefined
        ? "not terminated"
        : (v.failure?.check ?? "holds");
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }),
    { numRuns: 3000 },
  );
  // Every check that a genuine trace can fail is reached, and passing too.
  for (
    const name of [
      "holds",
      "initial_trapped",
      "initial_termination",
      "shared_cell",
      "active_on_fire",
      "evacuation_exit",
      "trapped",
      "termination",
    ]
  ) {
    assert.ok((seen.get(name) ?? 0) > 0, `${name} not reached: ${[...seen]}`);
  }
});

/** A raw scenario from a picture: `#` wall, `X` exit, `F` fire, letters people. */
function scene(
  rows: readonly string[],
  maxSteps: number,
  extra: {
    exits?: [number, number][];
    people?: [string, number, number][];
    p?: [number, number];
  } = {},
): Scenario {
  const exits: { exit_id: string; position: [number, number] }[] = [];
  const ignitions: [number, number][] = [];
  const people: { person_id: string; position: [number, number] }[] = [];
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === "X") {
        exits.push({ exit_id: `x${exits.length}`, position: [r, c] });
      }
      if (ch === "F") ignitions.push([r, c]);
      if (/[a-z]/.test(ch)) people.push({ person_id: ch, position: [r, c] });
    });
  });
  for (const p of extra.exits ?? []) {
    exits.push({ exit_id: `x${exits.length}`, position: p });
  }
  for (const [id, r, c] of extra.people ?? []) {
    people.push({ person_id: id, position: [r, c] });
  }
  return {
    schema_version: "1.0",
    scenario_id: "t",
    description: "",
    grid: rows.map((row) => row.replace(/[^#]/g, ".")),
    exits,
    people,
    fire: {
      ignitions,
      spread_probability: extra.p ?? [0, 1],
      enter_fire: "blocked",
    },
    termination: { max_steps: maxSteps },
  } as unknown as Scenario;
}

/** Codes per step, each step's codes for the people active before it. */
function steps(...codes: number[][]): { codes: Uint8Array; ends: Int32Array } {
  const ends: number[] = [];
  let n = 0;
  for (const s of codes) ends.push(n += s.length);
  return { codes: Uint8Array.from(codes.flat()), ends: Int32Array.from(ends) };
}

const STAY = 0, EAST = 2, WEST = 4;

function failureOf(
  scenario: Scenario,
  log: { codes: Uint8Array; ends: Int32Array },
) {
  const v = assertChecksAgree(scenario, 0, log);
  assert.ok(v !== undefined, "the episode terminates");
  return v.failure;
}

Deno.test("hand-made: a genuine episode passes", () => {
  // a walks west onto the exit in 2 steps: all_resolved at T = 2 < H = 5.
  assert.equal(failureOf(scene(["X.a"], 5), steps([WEST], [WEST])), undefined);
});

Deno.test("hand-made: max_steps 0 and no people fail at s_0's termination", () => {
  // H = 0: s_0 must carry max_steps, but the kernel plays step 1.
  assert.deepEqual(failureOf(scene(["X.a"], 0), steps([STAY])), {
    check: "initial_termination",
    step: 0,
    item: 0,
  });
  // Nobody: s_0 must carry all_resolved.
  assert.deepEqual(failureOf(scene(["X.."], 3), steps([])), {
    check: "initial_termination",
    step: 0,
    item: 0,
  });
});

Deno.test("hand-made: max_steps -1 fails at step 1's termination", () => {
  // t = 1 is not H = -1 and a is active: s_1 must not terminate, yet the
  // kernel ends at T = 1 with max_steps (steps >= maxSteps).
  assert.deepEqual(failureOf(scene(["X.a"], -1), steps([STAY])), {
    check: "termination",
    step: 1,
    item: 0,
  });
});

Deno.test("hand-made: two people on one cell fail the shared cell check", () => {
  // a and b both start on [0,2]; both stay: movement 1 (b) ends where a did.
  const s = scene(["X..."], 1, { people: [["a", 0, 2], ["b", 0, 2]] });
  assert.deepEqual(failureOf(s, steps([STAY, STAY])), {
    check: "shared_cell",
    step: 1,
    item: 1,
  });
  // b moves away east: nobody shares a cell, the episode passes to H = 1.
  const once = scene(["X..."], 1, { people: [["a", 0, 2], ["b", 0, 2]] });
  assert.equal(failureOf(once, steps([STAY, EAST])), undefined);
});

Deno.test("hand-made: a person left on a burning cell fails in step 1", () => {
  // a starts on the burning [0,2] (fire probability 0, so nothing spreads)
  // and stays: s_1 has active person 0 on a burning cell. s_0 is not
  // checked for it, and a is trapped in s_0 and s_1 (no search starts on
  // fire), as the trace says.
  const s = scene(["X.a"], 1);
  (s.fire.ignitions as [number, number][]).push([0, 2]);
  assert.deepEqual(failureOf(s, steps([STAY])), {
    check: "active_on_fire",
    step: 1,
    item: 0,
  });
});

Deno.test("hand-made: blocked on the exit it started on, the text names the target's exit", () => {
  // a starts on exit x0 [0,1], b on exit x1 [0,2]; a moves east into b,
  // who stays: a is blocked_occupied and both evacuate standing. The text
  // takes a's exit from its target [0,2], x1, where it stands on x0.
  const s = scene(["#.."], 1, {
    exits: [[0, 1], [0, 2]],
    people: [["a", 0, 1], ["b", 0, 2]],
  });
  assert.deepEqual(failureOf(s, steps([EAST, STAY])), {
    check: "evacuation_exit",
    step: 1,
    item: 0,
  });
});

Deno.test("hand-made: an exit on a wall makes the trapped sets differ", () => {
  // Exit x0 on the wall [0,0]; trappedSet() searches from it (it is not
  // burning), the kernel does not (walls are closed to its search). a on
  // [0,1] next to it is not trapped by the reference and trapped by the
  // kernel in s_0.
  const s = scene(["#a"], 1, { exits: [[0, 0]] });
  assert.deepEqual(failureOf(s, steps([STAY])), {
    check: "initial_trapped",
    step: 0,
    item: 0,
  });
  // With exit x0 [0,3] too, s_0 agrees: a reaches x0 by [0,2]. In step 1
  // (probability 1) the fire at [1,2] ignites [0,2]; a stays. Now only the
  // wall exit x1 reaches a: trapped for the kernel, not for the reference.
  const t = scene(["#a.X", "##F#"], 1, { exits: [[0, 0]], p: [1, 1] });
  assert.deepEqual(failureOf(t, steps([STAY])), {
    check: "trapped",
    step: 1,
    item: 0,
  });
});

Deno.test("the checks the kernel's runs cannot fail catch a corrupted trace", () => {
  // b walks west into the exit at [0,0] over 2 steps; a stays at [1,2].
  const s = scene(["X.b", "#.a"], 3);
  const layout = layoutOf(s);
  const log = steps([STAY, WEST], [STAY, WEST], [STAY]);
  // An instance of the test's own: the corruptions are of its regions.
  const k = replayInstance();
  const corrupt = (
    region: number,
    index: number,
    value: number,
    width: 1 | 4,
  ) => {
    replayInto(k, layout, 0, log);
    const base = k.region(region);
    if (width === 1) new Uint8Array(k.memory.buffer)[base + index] = value;
    else new Int32Array(k.memory.buffer)[(base >> 2) + index] = value;
    return traceFailure(k);
  };
  replayInto(k, layout, 0, log);
  assert.equal(traceFailure(k), undefined);
  // R_OUTCOME (5): entry 0 of step 1 (a's stay) said moved.
  assert.deepEqual(corrupt(5, 0, 1, 1), {
    check: "outcome_action",
    step: 1,
    item: 0,
  });
  // R_ACTIONS (4) and R_OUTCOME: a at [1,2] "moved" east, off the grid.
  corrupt(4, 0, EAST, 1);
  new Uint8Array(k.memory.buffer)[k.region(5)] = 1;
  assert.deepEqual(traceFailure(k), {
    check: "moved_off_floor",
    step: 1,
    item: 0,
  });
  // R_EVENT (6): b's move in step 2 (entry 3) said entered_fire.
  assert.deepEqual(corrupt(6, 3, 2, 1), {
    check: "casualty_no_fire",
    step: 2,
    item: 0,
  });
  // R_STATUS (12): a's final status said evacuated.
  assert.deepEqual(corrupt(12, 0, 1, 1), {
    check: "final_status",
    step: 4,
    item: 0,
  });
  // R_RESOLUTION (13): b's resolution step said 1 instead of 2.
  assert.deepEqual(corrupt(13, 1, 1, 4), {
    check: "final_resolution",
    step: 4,
    item: 1,
  });
  // R_TRAPPED (11) with R_STEP_TRAPPED (10): s_0's set said [a].
  replayInto(k, layout, 0, log);
  const i32 = new Int32Array(k.memory.buffer);
  i32[k.region(11) >> 2] = 0;
  i32[k.region(10) >> 2] = 1;
  assert.equal(traceFailure(k)?.check, "initial_trapped");
});
