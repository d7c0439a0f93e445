// runEvaluation under both kernels: episodes stepped by the WebAssembly
// replay kernel ("wasm", the default) and played by the TypeScript
// simulator ("reference") must give the same result bytes, and the same
// errors, messages and partial results when a policy fails, times out or
// the run is aborted, at any episode and step, with any concurrency, and
// when a partial result of either kernel is resumed by the other.
import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import {
  BUILTIN_POLICIES,
  greedyPolicy,
  type PolicyFactory,
} from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import {
  partialResultOf,
  runEvaluation,
  type RunOptions,
} from "../src/evaluation/runner.ts";
import type { KernelName } from "../src/kernel_name.ts";
import type { EvaluationResult, Suite } from "../src/types.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import { compileScenario } from "../src/sim/compiled.ts";
import { Episode } from "../src/sim/simulator.ts";
import { ResultEncoder } from "../src/cli/checkpoint.ts";
import { buildManifest, manifestHash } from "../src/scenario/suite.ts";

const KERNELS: readonly KernelName[] = ["wasm", "reference"];
const text = (v: unknown) => encode(v as JsonValue);

/** Four scenarios of the public suite (one with fire that cuts an exit), three seeds each. */
function smallSuite(): Suite {
  const suite = publicSuite();
  const pick = [
    "office_single_exit",
    "exit_cut_off",
    "crowd_single_door",
    "maze_fire",
  ];
  return {
    suite_id: "runner-kernel-test",
    suite_version: "1",
    families: [],
    scenarios: suite.scenarios
      .filter((s) => pick.includes(s.scenario.scenario_id))
      .map((s) => ({ scenario: s.scenario, seeds: [5, 0, 3] })),
  };
}

/** What a run gave: its result's bytes, or its error and partial result. */
async function outcome(
  suite: Suite,
  policy: string | PolicyFactory,
  options: RunOptions,
): Promise<string> {
  try {
    return `ok ${text(await runEvaluation(suite, policy, options))}`;
  } catch (e) {
    const err = e as Error;
    const partial = partialResultOf(e);
    const cause = (err as { cause?: unknown }).cause;
    return `${err.name}: ${err.message}\ncause: ${
      cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
    }\npartial: ${partial === undefined ? "none" : text(partial)}`;
  }
}

Deno.test("runEvaluation kernels: the public suite under every built-in policy gives the same bytes", async () => {
  const suite = publicSuite();
  for (const policy of Object.keys(BUILTIN_POLICIES)) {
    const [wasm, reference] = await Promise.all(
      KERNELS.map((kernel) =>
        runEvaluation(suite, policy, { modelId: policy, kernel })
      ),
    );
    assert.equal(wasm!.episodes.length, 104);
    assert.equal(text(wasm), text(reference), policy);
  }
});

Deno.test("runEvaluation kernels: the default is the kernel; an unknown kernel is refused", async () => {
  const suite = smallSuite();
  const one = { ...suite, scenarios: suite.scenarios.slice(0, 1) };
  // The value cannot tell the paths apart, but object identity can: the
  // simulator's records hold the cell tuples of its own cache, which a
  // new episode of the same scenario shares; a record built from a trace
  // holds others.
  const shared = async (kernel?: KernelName) => {
    const result = await runEvaluation(one, "random", {
      modelId: "r",
      ...(kernel === undefined ? {} : { kernel }),
    });
    const compiled = await compileScenario(one.scenarios[0]!.scenario);
    const cache = new Episode(compiled.scenario, 0, compiled.hash);
    return result.episodes.map((e) =>
      e.record.initial_state.people[0]!.position ===
        cache.initialState.people[0]!.position
    );
  };
  assert.deepStrictEqual(await shared(), [false, false, false]);
  assert.deepStrictEqual(await shared("wasm"), [false, false, false]);
  assert.deepStrictEqual(await shared("reference"), [true, true, true]);
  await assert.rejects(
    runEvaluation(one, "greedy", {
      modelId: "g",
      kernel: "fast" as KernelName,
    }),
    {
      name: "RangeError",
      message: "kernel must be one of wasm, reference, found fast",
    },
  );
});

/** A greedy policy that goes wrong in episode `episode` when deciding step `step`. */
function failing(
  episode: number,
  step: number,
  wrong: (obs: Parameters<ReturnType<PolicyFactory>>[0]) => unknown,
): PolicyFactory {
  return (seed, key, compiled) => {
    const inner = greedyPolicy(seed, key, compiled);
    return (obs, ctx) =>
      key!.index === episode && obs.step + 1 === step
        ? wrong(obs) as never
        : inner(obs, ctx);
  };
}

Deno.test("runEvaluation kernels: policy errors at various episodes and steps give the same errors and partial results", async () => {
  const suite = smallSuite();
  const stay = (obs: Parameters<ReturnType<PolicyFactory>>[0]) =>
    Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]));
  const cases: [string, PolicyFactory][] = [];
  for (const [episode, step] of [[0, 1], [4, 3], [7, 2], [10, 9]] as const) {
    cases.push(
      [
        `throws ${episode}/${step}`,
        failing(episode, step, () => {
          throw new Error("boom");
        }),
      ],
      [
        `rejects ${episode}/${step}`,
        failing(episode, step, () => Promise.reject("late")),
      ],
      [`null ${episode}/${step}`, failing(episode, step, () => null)],
      [
        `missing ${episode}/${step}`,
        failing(episode, step, (obs) => {
          const a = stay(obs);
          delete a[obs.people[0]!.person_id];
          return a;
        }),
      ],
      [
        `bad action ${episode}/${step}`,
        failing(episode, step, (obs) => ({
          ...stay(obs),
          [obs.people.at(-1)!.person_id]: "jump",
        })),
      ],
      [
        `extra ${episode}/${step}`,
        failing(episode, step, (obs) => ({
          ...stay(obs),
          nobody: "stay",
        })),
      ],
      [
        `changes ${episode}/${step}`,
        failing(episode, step, (obs) => {
          const a = stay(obs);
          let reads = 0;
          Object.defineProperty(a, obs.people[0]!.person_id, {
            get: () => reads++ === 0 ? "stay" : "fly",
            enumerable: true,
          });
          return a;
        }),
      ],
    );
  }
  cases.push(["cannot start", (seed, key) => {
    if (key!.index === 5) throw new Error("no model");
    return greedyPolicy(seed);
  }]);
  for (const [name, factory] of cases) {
    for (const concurrency of [1, 3]) {
      const [wasm, reference] = await Promise.all(
        KERNELS.map((kernel) =>
          outcome(suite, factory, { modelId: "m", kernel, concurrency })
        ),
      );
      assert.equal(wasm, reference, `${name}, concurrency ${concurrency}`);
      assert.match(reference!, /^PolicyError: model m, episode \d+/);
    }
  }
});

Deno.test("runEvaluation kernels: timeouts and aborts inside an episode give the same errors and partial results", async () => {
  const suite = smallSuite();
  const never = failing(4, 3, () => new Promise(() => {}));
  const runs: string[][] = [];
  for (const kernel of KERNELS) {
    const abort = new AbortController();
    let episode = -1;
    const aborting: PolicyFactory = (seed) => {
      episode++;
      const inner = greedyPolicy(seed);
      return (obs, ctx) => {
        if (episode === 6 && obs.step === 4) abort.abort("stop");
        return inner(obs, ctx);
      };
    };
    runs.push([
      await outcome(suite, never, {
        modelId: "t",
        kernel,
        stepTimeoutMs: 40,
      }),
      await outcome(suite, aborting, {
        modelId: "a",
        kernel,
        signal: abort.signal,
      }),
    ]);
  }
  assert.deepStrictEqual(runs[0], runs[1]);
  assert.match(
    runs[0]![0]!,
    /policy did not answer within 40 ms at episode 4, step 3/,
  );
  assert.match(
    runs[0]![1]!,
    /^EvaluationInterruptedError: evaluation aborted before model a, episode 6/,
  );
});

Deno.test("runEvaluation kernels: every concurrency gives the reference's bytes", async () => {
  const suite = smallSuite();
  // Greedy, delayed by a seed-fixed time per step, so that the episodes
  // in flight interleave their steps and finish out of order.
  const delayed: PolicyFactory = (seed, key, compiled) => {
    const greedy = greedyPolicy(seed, key, compiled);
    let calls = 0;
    return async (obs, ctx) => {
      await new Promise((r) => setTimeout(r, (seed * 7 + calls++ * 3) % 4));
      return await greedy(obs, ctx);
    };
  };
  const expected = await outcome(suite, "greedy", {
    modelId: "g",
    kernel: "reference",
  });
  for (const concurrency of [1, 4, 12]) {
    assert.equal(
      await outcome(suite, delayed, { modelId: "g", concurrency }),
      expected,
      `concurrency ${concurrency}`,
    );
  }
});

Deno.test("runEvaluation kernels: a partial result of either kernel resumes under the other to the same bytes", async () => {
  const suite = smallSuite();
  const full: Record<string, EvaluationResult> = {};
  for (const kernel of KERNELS) {
    full[kernel] = await runEvaluation(suite, "random", {
      modelId: "r",
      kernel,
    });
  }
  assert.equal(text(full.wasm), text(full.reference));
  for (const from of KERNELS) {
    for (const to of KERNELS) {
      for (const k of [1, 6, 11]) {
        const resume = {
          ...full[from]!,
          episodes: full[from]!.episodes.slice(0, k),
        };
        const r = await runEvaluation(suite, "random", {
          modelId: "r",
          kernel: to,
          resume,
        });
        assert.equal(text(r), text(full.reference), `${from} → ${to}, ${k}`);
      }
    }
  }
});

Deno.test("runEvaluation kernels: integer-like person IDs are written in code-point order by the result writer", async () => {
  // JavaScript orders the keys "9" and "10" numerically whatever the
  // insertion order, so such records must not be written by
  // JSON.stringify; canonical JSON (code-point order) puts "10" first.
  const scenario = parseScenario({
    schema_version: "1.0",
    scenario_id: "numbers",
    description: "",
    grid: ["......"],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: [
      { person_id: "9", position: [0, 2] },
      { person_id: "10", position: [0, 4] },
      { person_id: "p", position: [0, 5] },
    ],
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: 8 },
  } as never);
  const suite: Suite = {
    suite_id: "numbers",
    suite_version: "1",
    families: [],
    scenarios: [{ scenario, seeds: [1, 2] }],
  };
  const bytes: string[] = [];
  for (const kernel of KERNELS) {
    const result = await runEvaluation(suite, "greedy", {
      modelId: "g",
      kernel,
    });
    const written = new TextDecoder().decode(
      new ResultEncoder().encode(result),
    );
    assert.equal(written, text(result), kernel);
    assert.ok(
      written.includes('"actions":{"10":"west","9":"west","p":"west"}'),
    );
    bytes.push(written);
  }
  assert.equal(bytes[0], bytes[1]);
});

Deno.test("runEvaluation schedule: a suite run again gives its own manifest, and a changed suite a new one", async () => {
  const suite = structuredClone(smallSuite());
  const first = await runEvaluation(suite, "stay", { modelId: "s" });
  // The result's manifest is the run's own: changing it changes no later run.
  (first.evaluation_manifest.episodes[0] as { seed: number }).seed = 99;
  const second = await runEvaluation(suite, "stay", { modelId: "s" });
  assert.equal(second.evaluation_manifest.episodes[0]!.seed, 5);
  assert.notEqual(second.evaluation_manifest, first.evaluation_manifest);
  assert.equal(
    text(second.evaluation_manifest),
    text(await buildManifest(suite)),
  );
  assert.equal(
    second.evaluation_manifest_hash,
    await manifestHash(await buildManifest(suite)),
  );
  // The same suite object, changed after a run, is scheduled afresh.
  (suite.scenarios[0]!.seeds as number[]).push(11);
  const third = await runEvaluation(suite, "stay", { modelId: "s" });
  assert.equal(third.episodes.length, second.episodes.length + 1);
  assert.equal(
    text(third.evaluation_manifest),
    text(await buildManifest(suite)),
  );
  assert.equal(third.episodes[3]!.seed, 11);
});
