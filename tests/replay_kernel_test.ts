/**
 * The replay kernel (assembly/replay.ts) against independent values: the
 * contract §14 SplitMix64 vectors, the ignition threshold at its
 * boundaries, and hand-worked episodes; and against the TypeScript
 * reference on the whole public suite. The random comparison is in
 * replay_kernel_properties_test.ts.
 */

import assert from "node:assert/strict";
import { builtinPolicy } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import {
  kernelIgnites,
  kernelStreamWords,
  kernelUniform,
} from "../src/replay/kernel.ts";
import { replayTrace, wasmTrace } from "../src/replay/session.ts";
import { parseScenario, scenarioHash } from "../src/scenario/scenario.ts";
import { Stream } from "../src/sim/rng.ts";
import { simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import {
  type ActionLog,
  actionLogOf,
  referenceTrace,
} from "../src/sim/trace.ts";
import type { Scenario } from "../src/types.ts";
import { assertKernelReplays } from "./replay_kernel_support.ts";

const TWO64 = 1n << 64n;

/** Words as 16 hex digits. */
function hex(words: BigUint64Array): string[] {
  return Array.from(words, (w) => w.toString(16).padStart(16, "0"));
}

Deno.test("kernel stream(seed, id) first three outputs (contract §14)", () => {
  assert.deepEqual(hex(kernelStreamWords(0n, 1n, 3)), [
    "1df5df97578d90c0",
    "bb0e8eb991d7d0f7",
    "274e21553f690adc",
  ]);
  assert.deepEqual(hex(kernelStreamWords(0n, 2n, 3)), [
    "b4f889396bbe9b0e",
    "ca0b90a49e8e069c",
    "fb1a405a41b21f61",
  ]);
  assert.deepEqual(hex(kernelStreamWords(1n, 1n, 3)), [
    "077ca23776407269",
    "5bde7a3c07235958",
    "80e8bd0a571f8eca",
  ]);
  assert.deepEqual(hex(kernelStreamWords(9007199254740991n, 2n, 3)), [
    "8cbbb879193c5a30",
    "ddbdf51ffa28544c",
    "60f2dce2757a6e5e",
  ]);
});

Deno.test("kernel uniform(k) by rejection (contract §14)", () => {
  assert.deepEqual(
    Array.from(kernelUniform(0n, 3n, Array(10).fill(5n)).draws, Number),
    [3, 1, 0, 0, 3, 4, 2, 0, 3, 4],
  );
  const mixed = [2n, 3n, 4n, 2n, 3n, 4n, 2n, 3n, 4n];
  assert.deepEqual(
    Array.from(kernelUniform(0n, 2n, mixed).draws, Number),
    [0, 2, 1, 1, 2, 2, 0, 2, 1],
  );
  // uniform(2^63 + 1): three draws after 8 rejections, 11 words in all, so
  // the next raw word is word 12 (index 11) of the stream.
  const k = (1n << 63n) + 1n;
  const { draws, next } = kernelUniform(0n, 2n, [k, k, k]);
  assert.deepEqual([...draws], [
    8084100846953360822n,
    597734609338628417n,
    2028686841381911524n,
  ]);
  const reference = new Stream(0, 2);
  for (let i = 0; i < 11; i++) reference.next();
  assert.equal(next, reference.next());
});

Deno.test("kernel fire rule: w < threshold, with 2^64 as always", () => {
  const w = 0x1df5df97578d90c0n;
  assert.equal(kernelIgnites(w, w), false); // equal is not below
  assert.equal(kernelIgnites(w, w + 1n), true);
  assert.equal(kernelIgnites(w - 1n, w), true);
  assert.equal(kernelIgnites(0n, 0n), false); // probability 0
  assert.equal(kernelIgnites(0n, 1n), true);
  assert.equal(kernelIgnites(TWO64 - 1n, TWO64 - 1n), false);
  assert.equal(kernelIgnites(TWO64 - 1n, TWO64), true); // probability 1
  // Thresholds at and above 2^63 cross the sign bit of i64.
  assert.equal(kernelIgnites(1n << 63n, (1n << 63n) + 1n), true);
  assert.equal(kernelIgnites((1n << 63n) + 1n, 1n << 63n), false);
});

/**
 * A grid from a picture: `#` wall, `.` floor, `X` exit, `F` ignition,
 * lower-case letters people.
 */
function scene(
  picture: string[],
  p: [number, number],
  enter: "casualty" | "blocked" = "casualty",
  max = 10,
): Scenario {
  const exits: unknown[] = [];
  const people: unknown[] = [];
  const ignitions: unknown[] = [];
  const grid = picture.map((row, r) =>
    [...row].map((ch, c) => {
      if (ch === "X") {
        exits.push({ exit_id: `x${exits.length}`, position: [r, c] });
      }
      if (ch === "F") {
        ignitions.push([r, c]);
      }
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
    fire: { ignitions, spread_probability: p, enter_fire: enter },
    termination: { max_steps: max },
  } as never);
}

const STAY_ONCE: ActionLog = {
  codes: Uint8Array.of(0),
  ends: Int32Array.of(1),
};

Deno.test("a fire word exactly at the threshold does not ignite, one above does", () => {
  // One candidate, [0,1], with one burning neighbour, [0,0]: the episode's
  // only fire word in step 1 is word 0 of stream(0, 1) = 0x1df5df97578d90c0
  // (§14). The threshold is injected into the compiled world.
  const w = 0x1df5df97578d90c0n;
  const layout = layoutOf(scene(["F.#a", "##X."], [0, 1], "casualty", 1));
  for (const [threshold, ignites] of [[w, false], [w + 1n, true]] as const) {
    const injected = { ...layout, world: { ...layout.world, threshold } };
    for (const kernel of ["wasm", "reference"] as const) {
      const t = replayTrace(injected, 0, STAY_ONCE, { kernel });
      assert.deepEqual(
        [...t.ignited],
        ignites ? [1] : [],
        `${kernel} ${threshold}`,
      );
    }
  }
});

Deno.test("thresholds 0 and 2^64, and every word drawn", () => {
  // Cells (width 3): F [0,0] = 0, [0,1] = 1, [1,0] = 3, [1,1] = 4, walled
  // off from a, who stays for the 2 steps of the horizon.
  const picture = ["F.#", "..#", "##a", "X.."];
  const always = layoutOf(scene(picture, [1, 1], "casualty", 2));
  const never = layoutOf(scene(picture, [0, 1], "casualty", 2));
  const log: ActionLog = {
    codes: Uint8Array.of(0, 0),
    ends: Int32Array.of(1, 2),
  };
  for (const kernel of ["wasm", "reference"] as const) {
    // p = 1: step 1 ignites both candidates 1 and 3; step 2 ignites 4.
    const a = replayTrace(always, 0, log, { kernel });
    assert.deepEqual([...a.ignited], [1, 3, 4]);
    assert.deepEqual([...a.stepIgnitions], [0, 2, 3]);
    const z = replayTrace(never, 0, log, { kernel });
    assert.deepEqual([...z.ignited], []);
  }
  // Threshold t = word 2 + 1 of stream(0, 1) (§14: 1df5…, bb0e…, 274e…).
  // Step 1: candidate 1 draws word 0 < t (ignites), candidate 3 draws
  // word 1 >= t (does not). Step 2: candidate 3 (N burning) draws word 2
  // < t and ignites; candidate 4 (N burning; W not yet) draws word 3. Had
  // step 1 skipped a draw after its ignition, candidate 3 would draw word 1
  // in step 2 and not ignite.
  const t = 0x274e21553f690addn;
  const word3 = new Stream(0, 1);
  for (let i = 0; i < 3; i++) word3.next();
  const step2 = word3.next() < t ? [3, 4] : [3];
  const injected = { ...always, world: { ...always.world, threshold: t } };
  for (const kernel of ["wasm", "reference"] as const) {
    const r = replayTrace(injected, 0, log, { kernel });
    assert.deepEqual([...r.ignited], [1, ...step2], kernel);
  }
});

Deno.test("a log that ends early, a short step and a bad code stop both kernels alike", () => {
  const layout = layoutOf(scene(["X.ab"], [0, 1], "blocked", 5));
  const cases: [ActionLog, string, number][] = [
    // Step 1 both west (a chain: both move), then the log ends.
    [{ codes: Uint8Array.of(4, 4), ends: Int32Array.of(2) }, "log_ended", 1],
    // Step 1 has one code for two active people.
    [{ codes: Uint8Array.of(4), ends: Int32Array.of(1) }, "log_mismatch", 0],
    // Step 2, both west again: a reaches the exit and evacuates, b moves;
    // step 3 then has two codes for one active person.
    [
      { codes: Uint8Array.of(4, 4, 4, 4, 4, 4), ends: Int32Array.of(2, 4, 6) },
      "log_mismatch",
      2,
    ],
    [{ codes: Uint8Array.of(4, 5), ends: Int32Array.of(2) }, "bad_action", 0],
    [{ codes: Uint8Array.of(4, 4), ends: Int32Array.of(3) }, "log_mismatch", 0],
  ];
  for (const [log, stop, steps] of cases) {
    const wasm = wasmTrace(layout, 0, log);
    assert.equal(wasm.stop, stop);
    assert.equal(wasm.steps, steps);
    assert.deepEqual(wasm, referenceTrace(layout, 0, log));
  }
});

Deno.test("the kernel replays every public-suite episode of greedy and random", async () => {
  const suite = publicSuite();
  let episodes = 0;
  const outcomes = new Set<number>();
  for (const policy of ["greedy", "random"]) {
    const factory = builtinPolicy(policy);
    for (const { scenario, seeds } of suite.scenarios) {
      const hash = await scenarioHash(scenario);
      for (const seed of seeds) {
        const record = await simulateEpisode(scenario, seed, factory(seed), {
          scenarioHash: hash,
        });
        const trace = assertKernelReplays(scenario, record);
        for (const o of trace.outcome) outcomes.add(o);
        episodes++;
      }
    }
  }
  assert.equal(
    episodes,
    2 * suite.scenarios.reduce((n, s) => n + s.seeds.length, 0),
  );
  assert.ok(outcomes.size >= 6, `only outcomes ${[...outcomes]}`);
});

Deno.test("a conflict follows the movement stream: the comparison can fail", () => {
  // a and b both target [0,1]: one uniform(2) of stream(seed, 2) picks the
  // winner by index in ID order. 2^64 mod 2 = 0, so no word is rejected.
  // seed 0: word 0xb4f889396bbe9b0e (§14) is even, so a moves.
  const layout = layoutOf(scene(["a.b", "#X#"], [0, 1], "casualty", 1));
  const log = actionLogOf(layout.ids, [{ a: "east", b: "west" }]);
  assert.deepEqual([...wasmTrace(layout, 0, log).outcome], [1, 6]);
  for (let seed = 1; seed < 6; seed++) {
    const aWins = new Stream(seed, 2).next() % 2n === 0n;
    assert.deepEqual(
      [...wasmTrace(layout, seed, log).outcome],
      aWins ? [1, 6] : [6, 1],
    );
  }
});

Deno.test("a layout with someone on an exit in s_0 evacuates them in step 1 in both", () => {
  // Scenario validation forbids it, so the layout is injected: a is put on
  // the exit [0,0] and stays; b stays on [0,2]. Step 5 evacuates every active person on a usable exit: a leaves through
  // x0 in step 1 whatever its action; b is still active at H = 1.
  const layout = layoutOf(scene(["Xab"], [0, 1], "casualty", 1));
  const injected = { ...layout, initialPositions: Int32Array.of(0, 2) };
  const log = actionLogOf(layout.ids, [{ a: "stay", b: "stay" }]);
  for (const kernel of ["wasm", "reference"] as const) {
    const t = replayTrace(injected, 0, log, { kernel });
    assert.deepEqual([...t.event], [1, 0], kernel);
    assert.deepEqual([...t.status], [1, 0], kernel);
  }
});

Deno.test("an episode too large for the kernel's regions is refused by name", () => {
  const layout = layoutOf(scene(["X.a"], [0, 1], "casualty", 1));
  const huge = { codes: new Uint8Array(2 ** 26 + 1), ends: Int32Array.of(1) };
  assert.throws(() => wasmTrace(layout, 0, huge), /too large/);
  assert.throws(() => wasmTrace(layout, -1, STAY_ONCE), /not a u64/);
});

Deno.test("replay kernel: a layout with an ignition listed twice is refused, not played", () => {
  const s = {
    grid: ["...."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [{ person_id: "p", position: [0, 3] }],
    fire: { ignitions: [], spread_probability: [1, 2], enter_fire: "blocked" },
    termination: { max_steps: 3 },
  } as unknown as Scenario;
  const layout = layoutOf(s);
  const twice = { ...layout, ignitions: Int32Array.of(2, 2) };
  const log = { codes: Uint8Array.of(4), ends: Int32Array.of(1) };
  assert.throws(() => wasmTrace(twice, 0, log), RangeError);
  // The same layout with the cell once is played.
  const once = { ...layout, ignitions: Int32Array.of(2) };
  assert.equal(wasmTrace(once, 0, log).stop, "log_ended");
});
