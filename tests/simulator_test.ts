/**
 * Simulator 1.0 rules (contract §7–§9), one small hand-made scenario per
 * rule. Every expected value is worked out by hand in the comment beside it;
 * stream words are the contract §14 vectors (or, where marked, further words
 * of the same §7 SplitMix64 definition computed with Python's integers).
 */

import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { PolicyError } from "../src/errors.ts";
import {
  exitDistanceField,
  geometryOf,
  staticExitDistances,
  trappedSet,
} from "../src/scenario/geometry.ts";
import { observe } from "../src/sim/observation.ts";
import { Stream } from "../src/sim/rng.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import {
  type Controller,
  initialCoreState,
  type RandomStream,
  replayActions,
  simulateEpisode,
  stepCore,
} from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import type { Action, RunRecord, Scenario } from "../src/types.ts";
import { assertKernelReplays } from "./replay_kernel_support.ts";

type SceneOptions = {
  p?: [number, number];
  enter?: "casualty" | "blocked";
  max?: number;
};

/**
 * A scenario from a picture: `#` wall, `.` floor, `X` exit, `F` ignition,
 * `G` an exit that is also an ignition, a lower-case letter a person with
 * that ID. Exits are named x0, x1, … in row-major order.
 */
function scene(picture: string[], opts: SceneOptions = {}): Scenario {
  const exits: JsonValue[] = [];
  const people: JsonValue[] = [];
  const ignitions: JsonValue[] = [];
  const grid = picture.map((row, r) =>
    [...row].map((ch, c) => {
      if (ch === "X" || ch === "G") {
        exits.push({ exit_id: `x${exits.length}`, position: [r, c] });
      }
      if (ch === "F" || ch === "G") ignitions.push([r, c]);
      if (/[a-z]/.test(ch)) people.push({ person_id: ch, position: [r, c] });
      return ch === "#" ? "#" : ".";
    }).join("")
  );
  return parseScenario({
    schema_version: "1.0",
    scenario_id: "hand",
    description: "",
    grid,
    exits,
    people,
    fire: {
      ignitions,
      spread_probability: opts.p ?? [0, 1],
      enter_fire: opts.enter ?? "casualty",
    },
    termination: { max_steps: opts.max ?? 10 },
  });
}

/** A controller that plays `script[t]` before step t + 1; unlisted active people stay. */
function scripted(script: Record<string, Action>[]): Controller {
  return (obs) => {
    const plan = script[obs.step] ?? {};
    return Object.fromEntries(
      obs.people.map((p) => [p.person_id, plan[p.person_id] ?? "stay"]),
    );
  };
}

/**
 * Simulate with the reference, and hold the replay kernel to the same
 * record (tests/replay_kernel_support.ts): every hand-worked expectation
 * below then holds for both.
 */
async function run(
  s: Scenario,
  script: Record<string, Action>[],
  seed = 0,
): Promise<RunRecord> {
  const record = await simulateEpisode(s, seed, scripted(script), {
    scenarioHash: "0".repeat(64),
  });
  assertKernelReplays(s, record);
  return record;
}

/** `id:outcome` of every movement of step t (1-based). */
function outcomes(rec: RunRecord, t: number): string[] {
  return rec.steps[t - 1]!.movements.map((m) => `${m.person_id}:${m.outcome}`);
}

function positions(rec: RunRecord, t: number): string[] {
  const snap = t === 0 ? rec.initial_state : rec.steps[t - 1]!.state;
  return snap.people.map((p) =>
    `${p.person_id}:${p.status}@${p.position.join(",")}`
  );
}

// ---------------------------------------------------------- the outcomes

Deno.test("stay gives stayed with a null target", async () => {
  const rec = await run(scene(["X.a"], { max: 1 }), [{ a: "stay" }]);
  assert.deepEqual(rec.steps[0]!.movements, [
    {
      person_id: "a",
      action: "stay",
      origin: [0, 2],
      target: null,
      outcome: "stayed",
    },
  ]);
  assert.deepEqual(positions(rec, 1), ["a:active@0,2"]);
});

Deno.test("a move into free floor is moved", async () => {
  // a at [0,2] goes west to [0,1], which is floor and empty.
  const rec = await run(scene(["X.a"], { max: 1 }), [{ a: "west" }]);
  assert.deepEqual(rec.steps[0]!.movements[0]!.target, [0, 1]);
  assert.deepEqual(outcomes(rec, 1), ["a:moved"]);
  assert.deepEqual(positions(rec, 1), ["a:active@0,1"]);
});

Deno.test("a move off the grid is blocked_boundary with the off-grid target", async () => {
  // From [0,2] in a 1x3 grid: east is [0,3], north is [-1,2].
  const rec = await run(scene(["X.a"], { max: 2 }), [{ a: "east" }, {
    a: "north",
  }]);
  assert.deepEqual(rec.steps[0]!.movements[0]!.target, [0, 3]);
  assert.deepEqual(rec.steps[1]!.movements[0]!.target, [-1, 2]);
  assert.deepEqual(outcomes(rec, 1), ["a:blocked_boundary"]);
  assert.deepEqual(outcomes(rec, 2), ["a:blocked_boundary"]);
  assert.deepEqual(positions(rec, 2), ["a:active@0,2"]);
});

Deno.test("a move into a wall is blocked_wall", async () => {
  const rec = await run(scene(["X.a#"], { max: 1 }), [{ a: "east" }]);
  assert.deepEqual(outcomes(rec, 1), ["a:blocked_wall"]);
  assert.deepEqual(rec.steps[0]!.movements[0]!.target, [0, 3]);
});

Deno.test("under enter_fire blocked a move into fire is blocked_fire", async () => {
  // [0,3] burns in s_0; p = 0 so nothing else ever ignites.
  const rec = await run(scene(["X.aF"], { enter: "blocked", max: 1 }), [{
    a: "east",
  }]);
  assert.deepEqual(outcomes(rec, 1), ["a:blocked_fire"]);
  assert.deepEqual(rec.steps[0]!.casualties, []);
  assert.deepEqual(positions(rec, 1), ["a:active@0,2"]);
});

Deno.test("under enter_fire casualty a move into fire is moved, then entered_fire", async () => {
  // a moves into the burning [0,3], becomes a casualty there in step 1;
  // nobody is left, so the episode ends all_resolved at step 1.
  const rec = await run(scene(["X.aF"], { max: 5 }), [{ a: "east" }]);
  assert.deepEqual(outcomes(rec, 1), ["a:moved"]);
  assert.deepEqual(rec.steps[0]!.casualties, [{
    person_id: "a",
    cause: "entered_fire",
  }]);
  assert.deepEqual(rec.final_state, {
    step: 1,
    termination_reason: "all_resolved",
    trapped: [],
    people: [{
      person_id: "a",
      status: "casualty",
      position: [0, 3],
      resolution_step: 1,
      exit_id: null,
      casualty_cause: "entered_fire",
    }],
  });
});

Deno.test("a move into a person who stays is blocked_occupied", async () => {
  // b at [0,3] goes west into a at [0,2], who stays.
  const rec = await run(scene(["X.ab"], { max: 1 }), [{ b: "west" }]);
  assert.deepEqual(outcomes(rec, 1), ["a:stayed", "b:blocked_occupied"]);
});

Deno.test("two movers on one cell: one wins by uniform(2), the other is blocked_conflict", async () => {
  // a [0,2] east and b [0,4] west both target [0,3]. Sorted [a, b];
  // uniform(2) on stream(0, 2)'s first word 0xb4f889396bbe9b0e (accepted:
  // 2^64 mod 2 = 0) is 0, so a wins.
  const rec = await run(scene(["X.a.b"], { max: 1 }), [{
    a: "east",
    b: "west",
  }]);
  assert.deepEqual(outcomes(rec, 1), ["a:moved", "b:blocked_conflict"]);
  assert.deepEqual(positions(rec, 1), ["a:active@0,3", "b:active@0,4"]);
});

Deno.test("a swap is blocked_cycle", async () => {
  const rec = await run(scene(["X.ab"], { max: 1 }), [{
    a: "east",
    b: "west",
  }]);
  assert.deepEqual(outcomes(rec, 1), ["a:blocked_cycle", "b:blocked_cycle"]);
  assert.deepEqual(positions(rec, 1), ["a:active@0,2", "b:active@0,3"]);
});

// ------------------------------------------------------------ chains

Deno.test("a chain moves into the cell its head frees", async () => {
  // All west: c [0,2] -> free [0,1]; b [0,3] -> c's cell; a [0,4] -> b's
  // cell. a is resolved first (lowest ID), so the chain is followed from
  // its tail: every member moves.
  const rec = await run(scene(["X.cba"], { max: 1 }), [{
    a: "west",
    b: "west",
    c: "west",
  }]);
  assert.deepEqual(outcomes(rec, 1), ["a:moved", "b:moved", "c:moved"]);
  assert.deepEqual(positions(rec, 1), [
    "a:active@0,3",
    "b:active@0,2",
    "c:active@0,1",
  ]);
});

Deno.test("a chain whose head is blocked is blocked_occupied throughout", async () => {
  // c [0,2] west hits the wall [0,1] (blocked_wall, does not move); b and a
  // queue behind it, so both are blocked_occupied.
  const rec = await run(scene(["X#cba"], { max: 1 }), [{
    a: "west",
    b: "west",
    c: "west",
  }]);
  assert.deepEqual(outcomes(rec, 1), [
    "a:blocked_occupied",
    "b:blocked_occupied",
    "c:blocked_wall",
  ]);
});

Deno.test("a 2x2 rotation is blocked_cycle for all four", async () => {
  // a [0,0] -> b [0,1] -> c [1,1] -> d [1,0] -> a: a closed 4-cycle.
  const rec = await run(scene(["ab.", "dcX"], { max: 1 }), [{
    a: "east",
    b: "south",
    c: "west",
    d: "north",
  }]);
  assert.deepEqual(outcomes(rec, 1), [
    "a:blocked_cycle",
    "b:blocked_cycle",
    "c:blocked_cycle",
    "d:blocked_cycle",
  ]);
});

Deno.test("a 6-cycle is blocked_cycle for all six", async () => {
  // a [0,0] e-> b [0,1] e-> c [0,2] s-> d [1,2] w-> e [1,1] w-> f [1,0] n-> a.
  const rec = await run(scene(["abc.", "fedX"], { max: 1 }), [{
    a: "east",
    b: "east",
    c: "south",
    d: "west",
    e: "west",
    f: "north",
  }]);
  assert.deepEqual(
    outcomes(rec, 1),
    ["a", "b", "c", "d", "e", "f"].map((id) => `${id}:blocked_cycle`),
  );
});

Deno.test("a three-way conflict is settled by uniform(3) of the movement stream", async () => {
  // a [1,0] east, b [0,1] south, c [1,2] west all target [1,1]. Sorted
  // [a, b, c]. stream(0, 2)'s first word is 0xb4f889396bbe9b0e =
  // 13040323600765065998 < 2^64 - (2^64 mod 3) = 18446744073709551615
  // (accepted) and 13040323600765065998 mod 3 = 2, so c (index 2) wins.
  // e [1,3] west follows c into its freed cell: moved. f [0,2] west targets
  // b's cell; b lost and stays, so f is blocked_occupied.
  const s = scene([".bf.", "a.ce", "...X"], { max: 1 });
  const rec = await run(s, [{
    a: "east",
    b: "south",
    c: "west",
    e: "west",
    f: "west",
  }]);
  assert.deepEqual(outcomes(rec, 1), [
    "a:blocked_conflict",
    "b:blocked_conflict",
    "c:moved",
    "e:moved",
    "f:blocked_occupied",
  ]);
  assert.deepEqual(positions(rec, 1), [
    "a:active@1,0",
    "b:active@0,1",
    "c:active@1,1",
    "e:active@1,2",
    "f:active@0,2",
  ]);
});

Deno.test("contested cells draw in row-major order, one uniform(k) each", async () => {
  // Cell [1,1] (first in row-major order): a, b, c, k = 3. Cell [3,3]:
  // d [2,3] south, e [3,2] east, f [3,4] west, g [4,3] north, k = 4.
  // stream(0, 2) words: w0 = 0xb4f889396bbe9b0e, w1 = 0xca0b90a49e8e069c.
  // Row-major: uniform(3) = w0 mod 3 = 2 (c wins), uniform(4) = w1 mod 4 = 0
  // (0x9c = 156 = 4 * 39; d wins). Had [3,3] drawn first, it would get
  // w0 mod 4 = 2 (f) instead.
  const s = scene([
    ".b...X",
    "a.c...",
    "...d..",
    "..e.f.",
    "...g..",
  ], { max: 1 });
  const rec = await run(s, [{
    a: "east",
    b: "south",
    c: "west",
    d: "south",
    e: "east",
    f: "west",
    g: "north",
  }]);
  assert.deepEqual(outcomes(rec, 1), [
    "a:blocked_conflict",
    "b:blocked_conflict",
    "c:moved",
    "d:moved",
    "e:blocked_conflict",
    "f:blocked_conflict",
    "g:blocked_conflict",
  ]);
});

// ------------------------------------------------- evacuation and fire

Deno.test("evacuation: exit cells resolve people, who then occupy no cell", async () => {
  // Step 1: a [0,1] west onto exit [0,0] (moved, evacuated through x0);
  // b [0,2] west into a's freed cell. Step 2: b west onto the exit, which
  // a no longer occupies: moved and evacuated. Nobody left: all_resolved.
  const rec = await run(scene(["Xab."], { max: 5 }), [
    { a: "west", b: "west" },
    { b: "west" },
  ]);
  assert.deepEqual(outcomes(rec, 1), ["a:moved", "b:moved"]);
  assert.deepEqual(rec.steps[0]!.evacuations, [{
    person_id: "a",
    exit_id: "x0",
  }]);
  assert.deepEqual(outcomes(rec, 2), ["b:moved"]);
  assert.deepEqual(rec.steps[1]!.actions, { b: "west" });
  assert.deepEqual(positions(rec, 2), [
    "a:evacuated@0,0",
    "b:evacuated@0,0",
  ]);
  assert.equal(rec.final_state.termination_reason, "all_resolved");
  assert.deepEqual(rec.final_state.people.map((p) => p.resolution_step), [
    1,
    2,
  ]);
  assert.deepEqual(rec.final_state.people.map((p) => p.exit_id), [
    "x0",
    "x0",
  ]);
});

Deno.test("an exit that ignites in the step a person arrives still evacuates them", async () => {
  // a [0,0] east onto exit [0,1], not burning in s_0: evacuated (step 5)
  // before fire spreads (step 6). With p = 1/1, [0,1] (north of F) and
  // [1,0] (west of F) ignite, row-major: [0,1] then [1,0].
  const rec = await run(scene(["aX", ".F"], { p: [1, 1] }), [{ a: "east" }]);
  assert.deepEqual(rec.steps[0]!.evacuations, [{
    person_id: "a",
    exit_id: "x0",
  }]);
  assert.deepEqual(rec.steps[0]!.ignitions, [[0, 1], [1, 0]]);
  assert.deepEqual(rec.steps[0]!.state.burning, [[0, 1], [1, 0], [1, 1]]);
  assert.deepEqual(rec.steps[0]!.casualties, []);
});

Deno.test("a burning exit is not usable: entering it is entered_fire, not evacuation", async () => {
  // x0 [0,0] burns from the start (p = 0: it never spreads); x1 [0,4] is
  // usable, so a is not trapped. a walks west twice: [0,1], then the
  // burning exit: moved, casualty entered_fire at [0,0], no evacuation.
  const s = scene(["G.a.X"], { max: 5 });
  const rec = await run(s, [{ a: "west" }, { a: "west" }]);
  assert.deepEqual(rec.initial_state.trapped, []);
  assert.deepEqual(outcomes(rec, 2), ["a:moved"]);
  assert.deepEqual(rec.steps[1]!.evacuations, []);
  assert.deepEqual(rec.steps[1]!.casualties, [{
    person_id: "a",
    cause: "entered_fire",
  }]);
  const obs = observe(s, rec.initial_state);
  assert.deepEqual(obs.grid, ["F...E"]);
  assert.deepEqual(obs.exits.map((e) => e.usable), [false, true]);
});

Deno.test("fire_spread: a person on a cell that ignites becomes a casualty there", async () => {
  // p = 1/1 (threshold 2^64: every word ignites). The only candidate in
  // step 1 is [0,2] (west of F [0,3]), where a stays: fire_spread at [0,2].
  const rec = await run(scene(["X.aF"], { p: [1, 1] }), [{ a: "stay" }]);
  assert.deepEqual(rec.steps[0]!.ignitions, [[0, 2]]);
  assert.deepEqual(rec.steps[0]!.casualties, [{
    person_id: "a",
    cause: "fire_spread",
  }]);
  assert.deepEqual(rec.final_state.people[0], {
    person_id: "a",
    status: "casualty",
    position: [0, 2],
    resolution_step: 1,
    exit_id: null,
    casualty_cause: "fire_spread",
  });
  assert.equal(rec.final_state.step, 1);
});

Deno.test("fire candidates: row-major, one word per burning neighbour, every draw made", async () => {
  // Burning in s_0: [0,1], [1,2]; p = 1/2, threshold 2^63. Candidates in
  // row-major order with their burning neighbours (N, E, S, W):
  //   [0,0]: E              -> word 0
  //   [0,2]: S, W           -> words 1, 2
  //   [1,1]: N, E           -> words 3, 4
  //   [1,3]: W              -> word 5
  // stream(1, 1): 0x077ca23776407269 < 2^63 (§14), 0x5bde7a3c07235958 <,
  // 0x80e8bd0a571f8eca >= (§14), then (Python, §7 definition)
  // 0xc872c9cfaa8490f9 >=, 0xae41774d7cd63cee >=, 0x2a0e183337bc5aeb <.
  // So [0,0], [0,2] and [1,3] ignite; [1,1] does not. Skipping word 2 after
  // [0,2] ignited would give [1,1] word 2 and [1,3] word 4 instead.
  const s = scene([".F..", "..F.", "####", "X.a."], { p: [1, 2] });
  const rec = await run(s, [{}], 1);
  assert.deepEqual(rec.steps[0]!.ignitions, [[0, 0], [0, 2], [1, 3]]);
  assert.deepEqual(rec.steps[0]!.state.burning, [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 2],
    [1, 3],
  ]);
});

Deno.test("every fire draw is made, even for p = 0 and p = 1", () => {
  // Same geometry: step 1 has 1 + 2 + 2 + 1 = 6 draws whatever p is.
  for (const p of [[0, 1], [1, 1]] as [number, number][]) {
    const s = scene([".F..", "..F.", "####", "X.a."], { p });
    const layout = layoutOf(s);
    const state = initialCoreState(
      layout.world,
      layout.initialPositions,
      layout.ignitions,
    );
    let draws = 0;
    const inner = new Stream(0, 1);
    const fire: RandomStream = {
      next: () => (draws++, inner.next()),
      uniform: (k) => inner.uniform(k),
    };
    const out = stepCore(layout.world, state, new Uint8Array(1), {
      fire,
      movement: new Stream(0, 2),
    });
    assert.equal(draws, 6);
    assert.equal(out.ignitions.length, p[0] === 0 ? 0 : 4);
  }
});

Deno.test("the trapped set appears when fire cuts the last path", async () => {
  // p = 1/1. s_0: path [0,3] -> [0,2] -> [0,1] -> exit [0,0]: not trapped.
  // Step 1: [0,1] (north of F [1,1]) ignites: the path is cut, a trapped.
  // Step 2: [0,0] (exit) and [0,2] ignite. Step 3: [0,3] ignites: a is a
  // fire_spread casualty and the trapped set is empty again.
  const rec = await run(scene(["X..a", "#F##"], { p: [1, 1] }), []);
  assert.deepEqual(rec.initial_state.trapped, []);
  assert.deepEqual(rec.steps.map((s) => s.state.trapped), [["a"], ["a"], []]);
  assert.deepEqual(rec.steps.map((s) => s.ignitions), [
    [[0, 1]],
    [[0, 0], [0, 2]],
    [[0, 3]],
  ]);
  assert.deepEqual(rec.final_state.trapped, []);
  assert.equal(rec.final_state.termination_reason, "all_resolved");
  assert.deepEqual(observe(scene(["X..a", "#F##"]), rec.steps[0]!.state), {
    observation_version: "1.0",
    scenario_id: "hand",
    step: 1,
    max_steps: 10,
    grid: ["EF..", "#F##"],
    exits: [{ exit_id: "x0", position: [0, 0], usable: true }],
    burning: [[0, 1], [1, 1]],
    people: [{ person_id: "a", position: [0, 3], trapped: true }],
  });
});

Deno.test("max_steps: the episode stops at H with people still active", async () => {
  // a is walled in ([0,1] is a wall): trapped from s_0, yet steps run to H = 2.
  const rec = await run(scene(["X#a"], { max: 2 }), []);
  assert.deepEqual(rec.initial_state.trapped, ["a"]);
  assert.equal(rec.steps.length, 2);
  assert.deepEqual(rec.steps.map((s) => s.state.terminated), [false, true]);
  assert.equal(rec.steps[1]!.state.termination_reason, "max_steps");
  assert.deepEqual(rec.final_state, {
    step: 2,
    termination_reason: "max_steps",
    trapped: ["a"],
    people: [{
      person_id: "a",
      status: "active",
      position: [0, 2],
      resolution_step: null,
      exit_id: null,
      casualty_cause: null,
    }],
  });
});

// -------------------------------------------------------- record layout

Deno.test("records list people by code point order of their IDs", async () => {
  // Code point order: "P1" (0x50) < "Z" (0x5a) < "p10" < "p9" ("1" < "9").
  const s = parseScenario({
    schema_version: "1.0",
    scenario_id: "order",
    description: "",
    grid: ["....."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [
      { person_id: "p9", position: [0, 1] },
      { person_id: "p10", position: [0, 2] },
      { person_id: "Z", position: [0, 3] },
      { person_id: "P1", position: [0, 4] },
    ],
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: 1 },
  });
  const rec = await run(s, []);
  const order = ["P1", "Z", "p10", "p9"];
  assert.deepEqual(rec.initial_state.people.map((p) => p.person_id), order);
  assert.deepEqual(rec.steps[0]!.movements.map((m) => m.person_id), order);
  assert.deepEqual(rec.final_state.people.map((p) => p.person_id), order);
  assert.deepEqual(
    encode(rec.steps[0]!.actions as unknown as JsonValue),
    '{"P1":"stay","Z":"stay","p10":"stay","p9":"stay"}',
  );
});

Deno.test("header and s_0", async () => {
  const s = scene(["X.a", "..F"]);
  const rec = await simulateEpisode(s, 42, scripted([]), {
    scenarioHash: "ab".repeat(32),
  });
  assert.deepEqual(rec.header, {
    simulator_version: "1.0",
    observation_version: "1.0",
    schema_version: "1.0",
    scenario_id: "hand",
    scenario_hash: "ab".repeat(32),
    seed: 42,
  });
  assert.deepEqual(rec.initial_state, {
    step: 0,
    people: [{ person_id: "a", status: "active", position: [0, 2] }],
    burning: [[1, 2]],
    trapped: [],
    terminated: false,
    termination_reason: null,
  });
});

// ------------------------------------------------------------- policies

Deno.test("the controller sees the observation and context of each state", async () => {
  const seen: string[] = [];
  await simulateEpisode(scene(["X.a"], { max: 3 }), 5, (obs, ctx) => {
    seen.push(`${obs.step}/${ctx.step}/${ctx.seed}/${obs.people.length}`);
    return { a: "west" };
  }, { scenarioHash: "0".repeat(64) });
  // Step 1 moves a to [0,1], step 2 onto the exit: two decisions.
  assert.deepEqual(seen, ["0/0/5/1", "1/1/5/1"]);
});

Deno.test("a malformed answer raises PolicyError naming scenario, seed and step", async () => {
  const s = scene(["X.ab"], { max: 3 });
  const cases: [Controller, RegExp][] = [
    [
      () => ({ a: "stay" } as Record<string, Action>),
      /no action for active person b/,
    ],
    [() => ({ a: "stay", b: "up" as Action }), /"up" for b is not one of/],
    [
      () => ({ a: "stay", b: "stay", c: "stay" }),
      /"c", who is not an active person/,
    ],
    [() => [] as unknown as Record<string, Action>, /expected an object/],
    [() => {
      throw new Error("boom");
    }, /controller failed: boom/],
  ];
  for (const [controller, re] of cases) {
    await assert.rejects(
      simulateEpisode(s, 3, controller, { scenarioHash: "0".repeat(64) }),
      (e: unknown) =>
        e instanceof PolicyError &&
        e.message.includes("scenario hand, seed 3, step 1") &&
        re.test(e.message),
    );
  }
  // An action for a person resolved earlier is refused too: a evacuates in
  // step 1, so step 2 must not name a.
  let calls = 0;
  await assert.rejects(
    simulateEpisode(
      scene(["Xab"], { max: 3 }),
      0,
      () => calls++ === 0 ? { a: "west", b: "stay" } : { a: "stay", b: "stay" },
      {
        scenarioHash: "0".repeat(64),
      },
    ),
    /step 2: action for "a", who is not an active person/,
  );
});

Deno.test("replayActions gives the simulated record and refuses a short log", async () => {
  const s = scene(["X..ab", "..F.."], { p: [1, 3], max: 6 });
  const script: Record<string, Action>[] = [
    { a: "west", b: "west" },
    { a: "south", b: "west" },
    { a: "west", b: "north" },
  ];
  const rec = await run(s, script, 9);
  const actions = rec.steps.map((st) => st.actions);
  assert.equal(
    encode(
      replayActions(s, 9, actions, "0".repeat(64)) as unknown as JsonValue,
    ),
    encode(rec as unknown as JsonValue),
  );
  // Entries after termination are not read.
  assert.equal(
    encode(
      replayActions(
        s,
        9,
        [...actions, { zz: "stay" }],
        "0".repeat(64),
      ) as unknown as JsonValue,
    ),
    encode(rec as unknown as JsonValue),
  );
  // a can die in fire from step 2 on at the earliest, b later: >= 2 steps.
  assert.ok(rec.steps.length >= 2);
  assert.throws(
    () => replayActions(s, 9, actions.slice(0, 1), "0".repeat(64)),
    (e: unknown) =>
      e instanceof PolicyError && /ends after 1 steps/.test(e.message),
  );
});

// ---------------------------------------------------------- observation

Deno.test("observe draws walls, floor, fire and usable exits", () => {
  const s = scene(["#X..", "a.F.", "G#.b"]);
  const obs = observe(s, {
    step: 3,
    people: [
      { person_id: "a", status: "active", position: [1, 0] },
      { person_id: "b", status: "evacuated", position: [0, 1] },
    ],
    burning: [[1, 2], [1, 3], [2, 0]],
    trapped: ["a"],
    terminated: false,
    termination_reason: null,
  });
  assert.deepEqual(obs, {
    observation_version: "1.0",
    scenario_id: "hand",
    step: 3,
    max_steps: 10,
    grid: ["#E..", "..FF", "F#.."],
    exits: [
      { exit_id: "x0", position: [0, 1], usable: true },
      { exit_id: "x1", position: [2, 0], usable: false },
    ],
    burning: [[1, 2], [1, 3], [2, 0]],
    people: [{ person_id: "a", position: [1, 0], trapped: true }],
  });
});

// ----------------------------------------------------------------- grid

Deno.test("staticExitDistances ignores fire and people, null when walled off", () => {
  // x0 [0,0]. a [0,3]: 3 steps along row 0. b [2,3]: [1,3] is floor, so
  // [2,3] -> [1,3] -> [0,3] -> ... = 5. c [2,0] is cut off by walls.
  const s = scene(["X.Fa", "##..", "c#.b"]);
  const d = staticExitDistances(s);
  assert.deepEqual([...d.entries()], [["a", 3], ["c", null], ["b", 5]]);
});

Deno.test("trappedSet: bounds are checked before cells are indexed", () => {
  const s = scene(["X..", "..z"]);
  // Burning [0,1] and [1,0] seal the exit. [0,3] would alias [1,0] as a key
  // if bounds were not checked; it is ignored as off-grid.
  assert.deepEqual(
    trappedSet(s, [[0, 1], [1, 0]], [
      { person_id: "b", position: [1, 2] },
      { person_id: "a", position: [0, 2] },
    ]),
    ["a", "b"],
  );
  assert.deepEqual(
    trappedSet(s, [[0, 3], [1, -1]], [
      { person_id: "a", position: [1, 0] },
      { person_id: "off", position: [0, 3] },
      { person_id: "neg", position: [-1, 0] },
    ]),
    ["neg", "off"],
  );
});

Deno.test("exitDistanceField skips burning exits as sources", () => {
  const s = scene(["X..X", "z..."]);
  const g = geometryOf(s);
  // Row 1 is floor too: with [0,3] burning, [1,3] is reached around it.
  const burning = Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 0);
  assert.deepEqual(
    [...exitDistanceField(g, burning)],
    [0, 1, 2, -1, 1, 2, 3, 4],
  );
  assert.deepEqual(
    [...exitDistanceField(g, null)],
    [0, 1, 1, 0, 1, 2, 2, 1],
  );
});
