import assert from "node:assert/strict";
import { EvaluationError } from "../src/errors.ts";
import {
  BUILTIN_POLICIES,
  builtinPolicy,
  fireAwareActions,
  greedyActions,
  randomPolicy,
  stayPolicy,
} from "../src/policies/mod.ts";
import { bfs } from "../src/scenario/geometry.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import type { Action, Cell, Observation } from "../src/types.ts";

/**
 * An observation drawn as a map: `#` wall, `.` floor, `F` burning, `E`
 * usable exit, `X` burning exit (drawn `F`, listed as not usable).
 */
function obsOf(
  map: string[],
  people: [string, Cell][],
  step = 0,
): Observation {
  const exits: Observation["exits"][number][] = [];
  const burning: Cell[] = [];
  map.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === "E" || ch === "X") {
        exits.push({
          exit_id: `x${exits.length}`,
          position: [r, c],
          usable: ch === "E",
        });
      }
      if (ch === "F" || ch === "X") burning.push([r, c]);
    });
  });
  return {
    observation_version: "1.0",
    scenario_id: "hand",
    step,
    max_steps: 50,
    grid: map.map((row) => row.replaceAll("X", "F")),
    exits,
    burning,
    people: people.map(([person_id, position]) => ({
      person_id,
      position,
      trapped: false,
    })),
  };
}

Deno.test("greedy: distance field worked out by hand", () => {
  // E . . .      0 1 2 3
  // . # . .      1 # 3 4
  // . . . .      2 3 4 5
  const map = ["E...", ".#..", "...."];
  const open = Uint8Array.from(
    [..."E....#......"].map((c) => c === "#" ? 0 : 1),
  );
  assert.deepStrictEqual(
    [...bfs(4, 3, Int32Array.of(0), open, 1)],
    [0, 1, 2, 3, 1, -1, 3, 4, 2, 3, 4, 5],
  );
  const a = greedyActions(obsOf(map, [
    ["a", [2, 2]], // 4: north [1,2]=3 (west [2,1]=3 ties, north first)
    ["b", [2, 1]], // 3: north wall, east 4, south off-grid, west [2,0]=2
    ["c", [1, 3]], // 4: north [0,3]=3 and west [1,2]=3: north first
    ["d", [2, 3]], // 5: north [1,3]=4 and west [2,2]=4: north first
    ["e", [1, 0]], // 1: north is the exit
  ]));
  assert.deepStrictEqual({ ...a }, {
    a: "north",
    b: "west",
    c: "north",
    d: "north",
    e: "north",
  });
});

Deno.test("greedy: ties go north, east, south, west in that order", () => {
  // Exits at [0,0] and [2,2] of an open 3×3 room; both at distance 2.
  //   [0,2]: N and E off-grid, S [1,2]=1, W [0,1]=1 -> south
  //   [2,0]: N [1,0]=1, E [2,1]=1 -> north
  //   [1,1]: N [0,1]=1, E [1,2]=1, S [2,1]=1, W [1,0]=1 -> north
  const a = greedyActions(obsOf(["E..", "...", "..E"], [
    ["p", [0, 2]],
    ["q", [2, 0]],
    ["r", [1, 1]],
  ]));
  assert.deepStrictEqual({ ...a }, { p: "south", q: "north", r: "north" });
  // Exit [0,1] only: from [1,0] (distance 2) north [0,0]=1 and east [1,1]=1 -> north;
  // from [1,2]: N [0,2]=1, W [1,1]=1 -> north; from [2,1]: N [1,1] = 1 -> north.
  // With a wall north of [1,0] the east neighbour wins.
  const b = greedyActions(obsOf(["#E.", "...", "..."], [["p", [1, 0]]]));
  assert.equal(b.p, "east");
  // Exit south-east of [0,0] only through the south: S beats W (off-grid) and E (wall).
  const c = greedyActions(obsOf([".#", "E."], [["p", [0, 0]]]));
  assert.equal(c.p, "south");
  // Only west leads to the exit.
  const d = greedyActions(obsOf(["E.#", "#.#"], [["p", [0, 1]]]));
  assert.equal(d.p, "west");
});

Deno.test("greedy: stays when unreachable, when exits burn, and avoids fire", () => {
  // Walled off: no distance.
  assert.equal(greedyActions(obsOf(["E#.."], [["p", [0, 3]]])).p, "stay");
  // The only exit burns (not usable): no source, no distance.
  assert.equal(greedyActions(obsOf(["X..."], [["p", [0, 3]]])).p, "stay");
  // A burning cell cuts the corridor.
  assert.equal(greedyActions(obsOf(["E.F."], [["p", [0, 3]]])).p, "stay");
  // Burning exit west, usable exit east: go east even though west is nearer.
  assert.equal(
    greedyActions(obsOf(["X.....E"], [["p", [0, 2]]])).p,
    "east",
  );
  // Fire on the direct route: BFS goes round it (distance 4 via the south row).
  //  E F .      0 F 4
  //  . . .      1 2 3
  assert.equal(
    greedyActions(obsOf(["EF.", "..."], [["p", [0, 2]]])).p,
    "south",
  );
});

Deno.test("greedy: people are ignored by the distance field", () => {
  // p at [0,2] behind q at [0,1]: both still step west.
  const a = greedyActions(obsOf(["E..."], [["q", [0, 1]], ["p", [0, 2]]]));
  assert.deepStrictEqual({ ...a }, { q: "west", p: "west" });
});

Deno.test("random: contract §14 draws map to actions over one episode", async () => {
  // stream(0, 3) ten uniform(5): 3 1 0 0 3 4 2 0 3 4 over
  // [stay, north, east, south, west].
  const expected: Action[] = [
    "south",
    "north",
    "stay",
    "stay",
    "south",
    "west",
    "east",
    "stay",
    "south",
    "west",
  ];
  // Open 5×5 room, exit in the north-east corner; the walk from [2,2] is
  // [3,2] [2,2] [2,2] [2,2] [3,2] [3,1] [3,2] [3,2] [4,2] [4,1]: it never
  // reaches the exit, so the episode lasts all ten steps.
  const scenario = parseScenario({
    schema_version: "1.0",
    scenario_id: "walk",
    description: "",
    grid: [".....", ".....", ".....", ".....", "....."],
    exits: [{ exit_id: "x", position: [0, 4] }],
    people: [{ person_id: "p", position: [2, 2] }],
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: 10 },
  });
  const record = await simulateEpisode(scenario, 0, randomPolicy(0));
  assert.deepStrictEqual(record.steps.map((s) => s.actions.p), expected);
  assert.deepStrictEqual(record.final_state.people[0]?.position, [4, 1]);
});

Deno.test("random: one draw per person per step, in code point ID order", async () => {
  // Two people "b" and "a": "a" takes the first draw (3), "b" the second (1),
  // then step 2 continues the stream: "a" 0, "b" 0.
  const act = randomPolicy(0);
  const people: [string, Cell][] = [["b", [0, 0]], ["a", [0, 2]]];
  const s0 = await act(obsOf(["...", "..E"], people, 0), { seed: 0, step: 0 });
  assert.deepStrictEqual({ ...s0 }, { a: "south", b: "north" });
  const s1 = await act(obsOf(["...", "..E"], people, 1), { seed: 0, step: 1 });
  assert.deepStrictEqual({ ...s1 }, { a: "stay", b: "stay" });
  // "\u{1F525}" sorts after "\uE000" by code point (not by UTF-16 unit).
  const act2 = randomPolicy(0);
  const s = await act2(
    obsOf(["..."], [["\u{1F525}", [0, 0]], ["\uE000", [0, 2]]]),
    { seed: 0, step: 0 },
  );
  assert.equal(s["\uE000"], "south");
  assert.equal(s["\u{1F525}"], "north");
});

Deno.test("random: refuses observations out of order or of another seed", () => {
  const act = randomPolicy(5);
  const o = obsOf(["E.."], [["p", [0, 2]]], 1);
  assert.throws(() => act(o, { seed: 5, step: 1 }), RangeError);
  assert.throws(
    () =>
      randomPolicy(5)(obsOf(["E.."], [["p", [0, 2]]]), { seed: 6, step: 0 }),
    RangeError,
  );
});

Deno.test("stay: every active person stays", async () => {
  const a = await stayPolicy(0)(
    obsOf(["E.."], [["p", [0, 1]], ["q", [0, 2]]]),
    {
      seed: 0,
      step: 0,
    },
  );
  assert.deepStrictEqual({ ...a }, { p: "stay", q: "stay" });
});

Deno.test("fire_aware: avoids the cell beside the fire when a route of equal length exists", () => {
  // E . F     p at [1,1]: north [0,1] touches the fire (fd 1, reached at hop 1);
  // . p .     west [1,0] (fd 3) then the exit is just as short. Greedy goes north.
  const o = obsOf(["E.F", "..."], [["p", [1, 1]]]);
  assert.equal(greedyActions(o).p, "north");
  assert.equal(fireAwareActions(o).p, "west");
});

Deno.test("fire_aware: gives up a nearer exit whose route passes the fire", () => {
  // Person at [0,2]: the west exit is 2 steps away but the route's cell
  // [0,1] touches the fire at [1,1] at hop 1; the east exit is 4 steps away
  // with the fire at least 2 steps behind on every cell. Greedy goes west.
  const o = obsOf(["E.....E", ".F....."], [["p", [0, 2]]]);
  assert.equal(greedyActions(o).p, "west");
  assert.equal(fireAwareActions(o).p, "east");
});

Deno.test("fire_aware: gives up an exit that the fire can reach first", () => {
  // Person at [0,3]; west exit [0,0] 3 steps away, fire at [2,0] 2 steps
  // from that exit (it may burn before the person arrives); east exit
  // [0,10] 7 steps away and 10 from the fire. Greedy goes west.
  const o = obsOf(["E.........E", "...........", "F.........."], [["p", [
    0,
    3,
  ]]]);
  assert.equal(greedyActions(o).p, "west");
  assert.equal(fireAwareActions(o).p, "east");
  // Without the fire both policies take the nearer exit.
  const calm = obsOf(["E.........E", "...........", "..........."], [["p", [
    0,
    3,
  ]]]);
  assert.equal(fireAwareActions(calm).p, "west");
});

Deno.test("fire_aware: shares exits when one would queue", () => {
  // A . . . .   hops to A / B: p1 [0,1] 1/5, p2 [1,0] 1/5, p3 [0,2] 2/4,
  // . . . . .                  p4 [1,1] 2/4, p5 [2,0] 2/4.
  // . . . . B   Queue at A (one person per step): arrivals 1, 2, 3, 4, 5, so
  // costs (10 per step, plus waiting) are 10, 20, 30, 40 (B: 40, tie keeps A)
  // and 50 for p5 against 40 at B: p5 walks east to B. Greedy sends all to A.
  const o = obsOf(["E....", ".....", "....E"], [
    ["p1", [0, 1]],
    ["p2", [1, 0]],
    ["p3", [0, 2]],
    ["p4", [1, 1]],
    ["p5", [2, 0]],
  ]);
  assert.deepStrictEqual({ ...fireAwareActions(o) }, {
    p1: "west",
    p2: "north",
    p3: "west",
    p4: "north",
    p5: "east",
  });
  assert.equal(greedyActions(o).p5, "north");
});

Deno.test("fire_aware: a trapped person moves away from the fire", () => {
  // . . F p . # E   no route to the exit; [0,4] is farthest from the fire.
  const o = obsOf(["..F..#E"], [["p", [0, 3]]]);
  assert.equal(greedyActions(o).p, "stay");
  assert.equal(fireAwareActions(o).p, "east");
  // Already as far as it can get: stay.
  assert.equal(fireAwareActions(obsOf(["..F..#E"], [["p", [0, 4]]])).p, "stay");
});

Deno.test("policies are deterministic and answer for every person only", async () => {
  const o = obsOf(["E.F..", ".....", "....E"], [["a", [1, 1]], ["b", [1, 3]]]);
  for (const [name, factory] of Object.entries(BUILTIN_POLICIES)) {
    const x = await factory(3)(o, { seed: 3, step: 0 });
    const y = await factory(3)(o, { seed: 3, step: 0 });
    assert.deepStrictEqual({ ...x }, { ...y }, name);
    assert.deepStrictEqual(Object.keys(x).sort(), ["a", "b"], name);
  }
});

Deno.test("builtinPolicy: known names and a refused unknown name", () => {
  assert.deepStrictEqual(Object.keys(BUILTIN_POLICIES), [
    "stay",
    "random",
    "greedy",
    "fire_aware",
  ]);
  assert.equal(builtinPolicy("greedy"), BUILTIN_POLICIES.greedy);
  assert.throws(() => builtinPolicy("smart"), EvaluationError);
  assert.throws(() => builtinPolicy("toString"), /unknown policy "toString"/);
});

Deno.test("policies refuse a grid they do not understand", () => {
  const o = { ...obsOf(["E.."], [["p", [0, 2]]]), grid: ["E.?"] };
  assert.throws(() => greedyActions(o), RangeError);
  assert.throws(() => fireAwareActions(o), RangeError);
});

Deno.test("greedy and fire_aware: the compiled scenario's layout gives the observation grid's actions", async () => {
  // Every state of a fiery public-suite episode, with and without the
  // compiled scenario (static distances and geometry vs the grid's own).
  const { compileScenario } = await import("../src/sim/compiled.ts");
  const { publicSuite } = await import("../src/scenario/public_suite.ts");
  const { observe } = await import("../src/sim/observation.ts");
  let states = 0;
  for (const { scenario } of publicSuite().scenarios) {
    const compiled = await compileScenario(scenario);
    const record = await simulateEpisode(compiled.scenario, 1, (obs) => {
      for (const act of [greedyActions, fireAwareActions]) {
        assert.deepStrictEqual({ ...act(obs, compiled) }, { ...act(obs) });
      }
      return greedyActions(obs);
    });
    for (const step of record.steps) {
      const obs = observe(compiled.scenario, step.state);
      assert.deepStrictEqual(
        { ...greedyActions(obs, compiled) },
        { ...greedyActions(obs) },
      );
      states++;
    }
  }
  assert.ok(states > 100);
});

Deno.test("greedy: the episode's controller answers what greedyActions answers, in any order of observations", async () => {
  // The controller keeps its field while the fire and the usable exits are
  // unchanged; greedyActions computes each field afresh. Every state of
  // the public suite's episodes under greedy and random, then the same
  // observations reversed and interleaved through one controller.
  const { compileScenario } = await import("../src/sim/compiled.ts");
  const { publicSuite } = await import("../src/scenario/public_suite.ts");
  const { greedyPolicy } = await import("../src/policies/greedy.ts");
  let states = 0;
  let kept = 0;
  for (const { scenario } of publicSuite().scenarios) {
    const compiled = await compileScenario(scenario);
    const seen: Observation[] = [];
    for (const seed of [1, 2]) {
      for (const inner of [greedyPolicy, randomPolicy]) {
        const act = inner(seed, undefined, compiled);
        const greedy = greedyPolicy(seed, undefined, compiled);
        let last: string | undefined;
        await simulateEpisode(compiled.scenario, seed, async (obs, key) => {
          const fire = JSON.stringify([obs.burning, obs.exits]);
          if (fire === last) kept++;
          last = fire;
          assert.deepStrictEqual(
            { ...await greedy(obs, key) },
            { ...greedyActions(obs, compiled) },
          );
          seen.push(obs);
          states++;
          return act(obs, key);
        });
      }
    }
    const one = greedyPolicy(0, undefined, compiled);
    const order = [
      ...seen.slice().reverse(),
      ...seen.filter((_, i) => i % 3 === 0),
    ];
    for (const obs of order) {
      assert.deepStrictEqual(
        { ...await one(obs, { seed: 0, step: obs.step }) },
        { ...greedyActions(obs, compiled) },
      );
    }
  }
  assert.ok(states > 500 && kept > 50, `${states} states, ${kept} kept`);
});

Deno.test("greedy: the episode's controller refuses what greedyActions refuses, after a field it kept", async () => {
  const s = parseScenario({
    schema_version: "1.0",
    scenario_id: "hand",
    description: "",
    grid: ["....", "...."],
    exits: [{ exit_id: "x0", position: [0, 0] }],
    people: [{ person_id: "p", position: [1, 3] }],
    fire: {
      ignitions: [[1, 0]],
      spread_probability: [0, 1],
      enter_fire: "blocked",
    },
    termination: { max_steps: 5 },
  });
  const { compileScenario } = await import("../src/sim/compiled.ts");
  const { greedyPolicy } = await import("../src/policies/greedy.ts");
  const compiled = await compileScenario(s);
  const good = obsOf(["E...", "F..."], [["p", [1, 3]]]);
  const act = greedyPolicy(0, undefined, compiled);
  assert.equal((await act(good, { seed: 0, step: 0 })).p, "north");
  // Each bad observation differs from the kept one in one field.
  const bad: Observation[] = [
    { ...good, burning: [[1, 4]] },
    { ...good, burning: [[2, 0]] },
    { ...good, burning: [[0, 0]] },
    { ...good, grid: ["E...", "F.."] },
    { ...good, people: [{ person_id: "p", position: [2, 0], trapped: false }] },
  ];
  for (const obs of bad) {
    assert.throws(() => greedyActions(obs, compiled), RangeError);
    const expected = (() => {
      try {
        greedyActions(obs, compiled);
      } catch (e) {
        return (e as Error).message;
      }
    })();
    await assert.rejects(
      async () => await act(obs, { seed: 0, step: 0 }),
      { name: "RangeError", message: expected },
    );
    // The field kept before the refusal is still right.
    assert.equal((await act(good, { seed: 0, step: 0 })).p, "north");
  }
});
