// The kernel-stepped episode (src/replay/episode.ts) against the
// TypeScript simulator, which is the reference: the same observations
// (value, canonical text, key order, shared arrays), the same answers
// accepted and refused with the same messages and the same reads of the
// answer, the same record bytes; and a trace equal to the kernel's own
// replay of the log.
import { checkStructure } from "../src/metrics/checks/stages.ts";
import { rootCtx } from "../src/json/fields.ts";
import { MetricsInputError } from "../src/errors.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { PolicyError } from "../src/errors.ts";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { type CompiledScenario, compileScenario } from "../src/sim/compiled.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { kernelEpisode } from "../src/replay/episode.ts";
import {
  kernelTrace,
  kernelViews,
  loadEpisode,
  replayInstance,
} from "../src/replay/kernel.ts";
import { wasmTrace } from "../src/replay/session.ts";
import { R_ACTIONS, R_LOG_END, R_TRAPPED } from "../src/kernel_codes.ts";
import { Stream } from "../src/sim/rng.ts";
import { type Controller, simulateEpisode } from "../src/sim/simulator.ts";
import { layoutOf } from "../src/sim/layout.ts";
import { ACTIONS } from "../src/sim/step.ts";
import { actionLogOf } from "../src/sim/trace.ts";
import type { Observation, RunRecord } from "../src/types.ts";
import { episodeInputs, scenarioOf } from "./replay_inputs.ts";
import { producedBySimulator } from "../src/sim/record_writer.ts";

const text = (v: unknown) => encode(v as JsonValue);

/** A controller that records what it was shown before answering. */
function recording(inner: Controller, seen: Observation[]): Controller {
  return (obs, context) => {
    seen.push(obs);
    return inner(obs, context);
  };
}

/**
 * Plays the episode through both paths with fresh controllers from
 * `make` and checks everything the two must share; returns the record.
 */
async function bothPaths(
  compiled: CompiledScenario,
  seed: number,
  make: () => Controller,
  stepRoom?: number,
): Promise<RunRecord> {
  const seenRef: Observation[] = [];
  const seenKernel: Observation[] = [];
  const reference = await simulateEpisode(
    compiled.scenario,
    seed,
    recording(make(), seenRef),
    { scenarioHash: compiled.hash },
  );
  const stepped = await kernelEpisode(
    compiled,
    seed,
    recording(make(), seenKernel),
    stepRoom === undefined ? {} : { stepRoom },
  );
  assert.equal(seenKernel.length, seenRef.length);
  for (let t = 0; t < seenRef.length; t++) {
    const a = seenKernel[t]!;
    const b = seenRef[t]!;
    assert.deepStrictEqual(a, b);
    assert.equal(text(a), text(b));
    // The key order too: a sandboxed policy gets JSON.stringify's text.
    assert.equal(JSON.stringify(a), JSON.stringify(b));
    // The burning list is shared from step to step until the fire grows,
    // as the simulator shares its snapshots'.
    if (t > 0) {
      assert.equal(
        a.burning === seenKernel[t - 1]!.burning,
        b.burning === seenRef[t - 1]!.burning,
      );
    }
  }
  assert.equal(text(stepped.record), text(reference));
  // Its keys are in code-point order, as the simulator's: the result
  // writer writes both with JSON.stringify.
  assert.equal(JSON.stringify(stepped.record), text(reference));
  assert.ok(producedBySimulator(stepped.record));
  // The log is what the controller answered, read from the reference
  // record independently, and the trace is the kernel's replay of it.
  const layout = layoutOf(compiled.scenario);
  const log = actionLogOf(layout.ids, reference.steps.map((s) => s.actions));
  assert.deepStrictEqual(stepped.log, log);
  assert.deepStrictEqual(stepped.trace, wasmTrace(layout, seed, log));
  // Stage 2, run over the trace in the stepped instance (whose regions may
  // have been moved by regrow), gives the reference's verdict.
  let holds = true;
  try {
    checkStructure(compiled.scenario, reference, rootCtx(MetricsInputError));
  } catch {
    holds = false;
  }
  assert.equal(stepped.structural, holds);
  return reference;
}

Deno.test("kernelEpisode: the public suite under every built-in policy, as the simulator plays it", async () => {
  let steps = 0;
  let burning = 0;
  for (const [name, factory] of Object.entries(BUILTIN_POLICIES)) {
    for (const { scenario, seeds } of publicSuite().scenarios) {
      const compiled = await compileScenario(scenario);
      for (const seed of seeds) {
        const record = await bothPaths(
          compiled,
          seed,
          () => factory(seed, undefined, compiled),
        );
        steps += record.steps.length;
        if (record.final_state.step > 0 && name === "greedy") {
          burning += record.steps.at(-1)!.state.burning.length;
        }
      }
    }
  }
  // The suite is not trivial: many steps, and fire that spreads.
  assert.ok(steps > 4000 && burning > 500, `${steps} steps, ${burning}`);
});

Deno.test("kernelEpisode: log regions that grow from one step give the same episode", async () => {
  const suite = publicSuite();
  for (const pick of [0, 8, 12]) {
    const { scenario, seeds } = suite.scenarios[pick]!;
    const compiled = await compileScenario(scenario);
    for (const room of [1, 2, 3, 5]) {
      const record = await bothPaths(
        compiled,
        seeds[1]!,
        () => BUILTIN_POLICIES.random!(seeds[1]!, undefined, compiled),
        room,
      );
      assert.ok(record.steps.length > room);
    }
  }
});

/** Random actions from a stream: swaps, conflicts, walls, the boundary. */
function randomController(seed: number, stayPercent: number): Controller {
  const rng = new Stream(seed, 8);
  return (obs) =>
    Object.fromEntries(obs.people.map((p) => {
      const stay = rng.uniformInt(100) < stayPercent;
      return [p.person_id, ACTIONS[stay ? 0 : 1 + rng.uniformInt(4)]!];
    }));
}

Deno.test("kernelEpisode: random scenarios and random actions, as the simulator plays them (fast-check)", async () => {
  await fc.assert(
    fc.asyncProperty(
      episodeInputs(9, 40),
      fc.integer({ min: 1, max: 8 }),
      async (input, room) => {
        const compiled = await compileScenario(scenarioOf(input));
        await bothPaths(
          compiled,
          input.seed,
          () => randomController(input.actionSeed, input.stayPercent),
          room,
        );
      },
    ),
    { numRuns: 150 },
  );
});

/** What a path does with a bad controller: its error and the answer's reads. */
async function failure(
  path: "kernel" | "reference",
  compiled: CompiledScenario,
  seed: number,
  bad: (reads: string[]) => Controller,
): Promise<{ error: string; reads: string[] }> {
  const reads: string[] = [];
  const controller = bad(reads);
  try {
    if (path === "kernel") await kernelEpisode(compiled, seed, controller);
    else {
      await simulateEpisode(compiled.scenario, seed, controller, {
        scenarioHash: compiled.hash,
      });
    }
  } catch (e) {
    const err = e as Error;
    return { error: `${err.name}: ${err.message}`, reads };
  }
  return { error: "none", reads };
}

/** An answer that logs every read of it (a Proxy over `actions`). */
function logged(actions: Record<string, unknown>, reads: string[]): object {
  return new Proxy(actions, {
    get(t, k, r) {
      reads.push(`get ${String(k)}`);
      return Reflect.get(t, k, r);
    },
    has(t, k) {
      reads.push(`has ${String(k)}`);
      return Reflect.has(t, k);
    },
    getOwnPropertyDescriptor(t, k) {
      reads.push(`own ${String(k)}`);
      return Reflect.getOwnPropertyDescriptor(t, k);
    },
    ownKeys(t) {
      reads.push("keys");
      return Reflect.ownKeys(t);
    },
  });
}

Deno.test("kernelEpisode: bad answers at any step fail with the simulator's errors, after the same reads", async () => {
  const suite = publicSuite();
  const scenario =
    suite.scenarios.find((s) => s.scenario.scenario_id === "crowd_single_door")!
      .scenario;
  const compiled = await compileScenario(scenario);
  const seed = 3;
  const greedy = (s: number) =>
    BUILTIN_POLICIES.greedy!(s, undefined, compiled);
  // Each case answers greedily until step `at`, then answers `wrong`.
  const at =
    (step: number, wrong: (obs: Observation, reads: string[]) => unknown) =>
    (reads: string[]): Controller => {
      const g = greedy(seed);
      return async (obs, context) => {
        const good = await g(obs, context);
        if (obs.step + 1 < step) return good;
        return wrong(obs, reads) as never;
      };
    };
  const first = (obs: Observation) => obs.people[0]!.person_id;
  const cases: [string, (reads: string[]) => Controller][] = [];
  for (const step of [1, 2, 7, 15]) {
    const greedyAnswer = (obs: Observation) =>
      Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]));
    cases.push(
      [
        `throws at ${step}`,
        at(step, () => {
          throw new Error("boom");
        }),
      ],
      [
        `throws a string at ${step}`,
        at(step, () => {
          throw "plain";
        }),
      ],
      [
        `rejects at ${step}`,
        at(step, () => Promise.reject(new TypeError("no"))),
      ],
      [`null at ${step}`, at(step, () => null)],
      [`undefined at ${step}`, at(step, () => undefined)],
      [`an array at ${step}`, at(step, () => ["stay"])],
      [`a number at ${step}`, at(step, () => 7)],
      [`a string at ${step}`, at(step, () => "stay")],
      [
        `a missing person at ${step}`,
        at(step, (obs) => {
          const a = greedyAnswer(obs);
          delete a[first(obs)];
          return a;
        }),
      ],
      [
        `a bad action at ${step}`,
        at(step, (obs) => ({
          ...greedyAnswer(obs),
          [first(obs)]: "up",
        })),
      ],
      [
        `an undefined action at ${step}`,
        at(step, (obs) => ({
          ...greedyAnswer(obs),
          [first(obs)]: undefined,
        })),
      ],
      [
        `a null action at ${step}`,
        at(step, (obs) => ({
          ...greedyAnswer(obs),
          [obs.people.at(-1)!.person_id]: null,
        })),
      ],
      [
        `a non-string action at ${step}`,
        at(step, (obs) => ({
          ...greedyAnswer(obs),
          [first(obs)]: { go: "north" },
        })),
      ],
      [
        `extra keys at ${step}`,
        at(step, (obs) => ({
          ...greedyAnswer(obs),
          zz: "stay",
          "10": "stay",
          A: "stay",
          "é": "stay",
        })),
      ],
      [
        `an inherited action at ${step}`,
        at(step, (obs) => {
          const a = Object.create({ [first(obs)]: "stay" });
          for (const p of obs.people.slice(1)) a[p.person_id] = "stay";
          return a;
        }),
      ],
      [
        `a hidden action and an extra key at ${step}`,
        at(step, (obs) => {
          const a: Record<string, string> = { ...greedyAnswer(obs), q: "stay" };
          Object.defineProperty(a, first(obs), {
            value: "stay",
            enumerable: false,
          });
          return a;
        }),
      ],
      [
        `an action that changes after the check at ${step}`,
        at(step, (obs) => {
          const a: Record<string, string> = greedyAnswer(obs);
          let n = 0;
          Object.defineProperty(a, first(obs), {
            get: () => (n++ < 1 ? "stay" : "jump"),
            enumerable: true,
          });
          return a;
        }),
      ],
      [
        `a logged good answer, then a logged bad one at ${step}`,
        at(step, (obs, reads) =>
          logged(
            {
              ...greedyAnswer(obs),
              [obs.people.at(-1)!.person_id]: "sideways",
            },
            reads,
          )),
      ],
      [
        `a logged answer with extras at ${step}`,
        at(
          step,
          (obs, reads) =>
            logged({ ...greedyAnswer(obs), x1: "stay", x0: "north" }, reads),
        ),
      ],
    );
  }
  // A resolved person's key is an extra key too.
  cases.push(["a resolved person's key", (reads) => {
    const g = greedy(seed);
    const gone = new Set<string>();
    let last: string[] = [];
    return async (obs, context) => {
      const ids = obs.people.map((p) => p.person_id);
      for (const id of last) if (!ids.includes(id)) gone.add(id);
      last = ids;
      const answer = { ...await g(obs, context) };
      if (gone.size > 0) {
        return logged({ ...answer, [[...gone][0]!]: "stay" }, reads) as never;
      }
      return answer;
    };
  }]);
  const details = new Set<string>();
  for (const [name, bad] of cases) {
    const k = await failure("kernel", compiled, seed, bad);
    const r = await failure("reference", compiled, seed, bad);
    assert.deepStrictEqual(k, r, name);
    assert.ok(r.error.startsWith("PolicyError: "), `${name}: ${r.error}`);
    for (
      const d of [
        "controller failed",
        "expected an object of actions",
        "no action for active person",
        "is not one of",
        "who is not an active person",
        "changed after validation",
      ]
    ) if (r.error.includes(d)) details.add(d);
    if (name.includes("logged")) assert.ok(r.reads.length > 0, name);
  }
  // Every kind of refusal was met.
  assert.equal(details.size, 6);
  // The errors name the step and say what is wrong.
  const missing = await failure("kernel", compiled, seed, cases[8]![1]);
  assert.match(
    missing.error,
    /^PolicyError: scenario crowd_single_door, seed 3, step 1: no action for active person /,
  );
});

Deno.test("kernelEpisode: a controller that throws keeps its error as the cause; a bad seed is refused", async () => {
  const compiled = await compileScenario(publicSuite().scenarios[0]!.scenario);
  const boom = new Error("boom");
  await assert.rejects(
    kernelEpisode(compiled, 0, () => {
      throw boom;
    }),
    (e: unknown) => e instanceof PolicyError && e.cause === boom,
  );
  for (const seed of [-1, 0.5, 2 ** 53]) {
    await assert.rejects(
      kernelEpisode(compiled, seed, () => ({})),
      {
        name: "RangeError",
        message: `seed ${seed} is not an integer in [0, 2^53 - 1]`,
      },
    );
  }
});

Deno.test("kernelEpisode: episodes in flight at once keep apart", async () => {
  const suite = publicSuite();
  const jobs = await Promise.all(
    suite.scenarios.slice(0, 6).map(async ({ scenario, seeds }) => ({
      compiled: await compileScenario(scenario),
      seed: seeds[2]!,
    })),
  );
  // Every controller waits a tick, so that all six episodes interleave.
  const tick = (c: Controller): Controller => async (obs, context) => {
    await new Promise((r) => setTimeout(r, 0));
    return c(obs, context);
  };
  const together = await Promise.all(jobs.map((j) =>
    kernelEpisode(
      j.compiled,
      j.seed,
      tick(BUILTIN_POLICIES.random!(j.seed, undefined, j.compiled)),
    )
  ));
  for (const [i, j] of jobs.entries()) {
    const alone = await simulateEpisode(
      j.compiled.scenario,
      j.seed,
      BUILTIN_POLICIES.random!(j.seed, undefined, j.compiled),
      { scenarioHash: j.compiled.hash },
    );
    assert.equal(text(together[i]!.record), text(alone));
  }
});

Deno.test("replay kernel regrow: a smaller room is refused and changes nothing; a larger one keeps the episode", async () => {
  const compiled = await compileScenario(
    publicSuite().scenarios.find((s) =>
      s.scenario.scenario_id === "two_doors_fire"
    )!.scenario,
  );
  const layout = layoutOf(compiled.scenario);
  const seed = 4;
  const reference = await simulateEpisode(
    compiled.scenario,
    seed,
    BUILTIN_POLICIES.random!(seed, undefined, compiled),
    { scenarioHash: compiled.hash },
  );
  const log = actionLogOf(layout.ids, reference.steps.map((s) => s.actions));
  const n = layout.world.people;
  const k = replayInstance();
  const a = loadEpisode(k, layout, seed, 2 * n, 2);
  k.begin(a.maxSteps, a.blocked, a.seed, a.threshold, a.always);
  let consumed = 0;
  for (let t = 0; t < log.ends.length; t++) {
    if (t === 1) {
      const before = k.region(R_TRAPPED);
      assert.equal(k.regrow(2 * n - 1, 2), -1);
      assert.equal(k.regrow(2 * n, 1), -1);
      assert.equal(k.region(R_TRAPPED), before);
    }
    if (t >= 2 && t % 2 === 0) {
      assert.equal(k.regrow(n * (t + 2), t + 2), 0);
    }
    const { u8, i32 } = kernelViews(k);
    const end = log.ends[t]!;
    u8.set(
      log.codes.subarray(consumed, end),
      k.region(R_ACTIONS) + consumed,
    );
    i32[(k.region(R_LOG_END) >> 2) + t] = end;
    assert.equal(k.stepOnce(), 0);
    consumed = end;
  }
  assert.ok(log.ends.length > 4);
  // Nothing more to play once the episode has terminated.
  assert.equal(k.stepOnce(), 1);
  assert.deepStrictEqual(
    kernelTrace(k, 0, n),
    wasmTrace(layout, seed, log),
  );
});

Deno.test("an answer whose then throws fails its step, on both paths, as a PolicyError naming the step", async () => {
  const compiled = await compileScenario(publicSuite().scenarios[0]!.scenario);
  const bad = new Error("no then");
  let calls = 0;
  const controller: Controller = (obs) => {
    calls++;
    if (obs.step < 2) {
      return Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]));
    }
    return new Proxy({}, {
      get: (_, k) => {
        if (k === "then") throw bad;
        return undefined;
      },
    }) as never;
  };
  const runs = [
    () => kernelEpisode(compiled, 4, controller),
    () => simulateEpisode(compiled.scenario, 4, controller),
  ];
  for (const run of runs) {
    calls = 0;
    await assert.rejects(
      run(),
      (e: unknown) =>
        e instanceof PolicyError && e.cause === bad &&
        /, seed 4, step 3: controller failed: no then$/.test(e.message),
    );
    assert.equal(calls, 3);
  }
});
