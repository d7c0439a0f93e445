import assert from "node:assert/strict";
import { encode } from "../src/json/canonical.ts";
import { EvaluationError, PolicyError } from "../src/errors.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import {
  greedyActions,
  greedyPolicy,
  type PolicyFactory,
} from "../src/policies/mod.ts";
import { observe } from "../src/sim/observation.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import {
  EpisodePolicyError,
  EvaluationInterruptedError,
  partialResultOf,
  runEvaluation,
} from "../src/evaluation/runner.ts";
import { buildManifest, manifestHash } from "../src/scenario/suite.ts";
import type { EvaluationResult, Suite } from "../src/types.ts";

/** Three scenarios of the public suite with three seeds each: 9 episodes. */
function smallSuite(): Suite {
  const suite = publicSuite();
  const pick = ["office_single_exit", "hall_two_exits", "dead_end_room"];
  return {
    suite_id: "runner-test",
    suite_version: "1",
    families: [],
    scenarios: suite.scenarios
      .filter((s) => pick.includes(s.scenario.scenario_id))
      .map((s) => ({ scenario: s.scenario, seeds: [5, 0, 3] })),
  };
}

let full: EvaluationResult | undefined;
async function fullRun(): Promise<EvaluationResult> {
  full ??= await runEvaluation(smallSuite(), "random", { modelId: "rnd" });
  return full;
}

Deno.test("runEvaluation: result structure, index order and real metrics", async () => {
  const suite = smallSuite();
  const progress: string[] = [];
  const r = await runEvaluation(suite, "greedy", {
    modelId: "m-1",
    onProgress: (done, total) => progress.push(`${done}/${total}`),
  });
  assert.deepStrictEqual(Object.keys(r).sort(), [
    "episodes",
    "evaluation_manifest",
    "evaluation_manifest_hash",
    "model_id",
  ]);
  assert.equal(r.model_id, "m-1");
  const manifest = await buildManifest(suite);
  assert.equal(encode(r.evaluation_manifest), encode(manifest));
  assert.equal(r.evaluation_manifest_hash, await manifestHash(manifest));
  assert.equal(r.episodes.length, 9);
  assert.deepStrictEqual(progress, [
    "0/9",
    "1/9",
    "2/9",
    "3/9",
    "4/9",
    "5/9",
    "6/9",
    "7/9",
    "8/9",
    "9/9",
  ]);
  for (const [i, e] of r.episodes.entries()) {
    const key = manifest.episodes[i]!;
    assert.deepStrictEqual(Object.keys(e).sort(), [
      "index",
      "metrics",
      "record",
      "scenario_hash",
      "scenario_id",
      "seed",
    ]);
    assert.equal(e.index, i);
    assert.equal(e.scenario_id, key.scenario_id);
    assert.equal(e.scenario_hash, key.scenario_hash);
    assert.equal(e.seed, key.seed);
    assert.equal(e.record.header.seed, key.seed);
    assert.equal(e.record.header.scenario_id, key.scenario_id);
    // Seeds 5, 0, 3 in the order written.
    assert.equal(e.seed, [5, 0, 3][i % 3]);
    const scenario = suite.scenarios[Math.floor(i / 3)]!.scenario;
    assert.equal(
      encode(e.metrics),
      encode(await episodeMetrics(scenario, e.record)),
    );
  }
  // Each record holds the greedy policy's answers to its own observations.
  for (const [i, e] of r.episodes.entries()) {
    const scenario = suite.scenarios[Math.floor(i / 3)]!.scenario;
    let state = e.record.initial_state;
    for (const step of e.record.steps) {
      assert.deepStrictEqual({ ...step.actions }, {
        ...greedyActions(observe(scenario, state)),
      });
      state = step.state;
    }
  }
  // A factory gives the same bytes as its built-in name.
  const viaFactory = await runEvaluation(suite, greedyPolicy, {
    modelId: "m-1",
  });
  assert.equal(encode(viaFactory), encode(r));
});

Deno.test("runEvaluation: an abort after k episodes leaves a valid partial result", async () => {
  const expected = await fullRun();
  for (const k of [0, 1, 4]) {
    const controller = new AbortController();
    const checkpoints: EvaluationResult[] = [];
    if (k === 0) controller.abort("stop");
    const err = await runEvaluation(smallSuite(), "random", {
      modelId: "rnd",
      signal: controller.signal,
      onEpisode: (partial) => {
        checkpoints.push(partial);
        if (partial.episodes.length === k) controller.abort("stop");
      },
    }).then(() => undefined, (e) => e);
    assert.ok(err instanceof EvaluationInterruptedError, String(err));
    assert.ok(err instanceof EvaluationError);
    const partial = partialResultOf(err)!;
    assert.equal(partial.episodes.length, k);
    assert.equal(checkpoints.length, k);
    // The partial holds exactly the first k episodes of an uninterrupted run.
    assert.equal(
      encode(partial),
      encode({ ...expected, episodes: expected.episodes.slice(0, k) }),
    );
  }
});

Deno.test("runEvaluation: an abort inside an episode drops that episode", async () => {
  // Abort while the third episode (index 2) decides its step 3; its
  // scenario (office_single_exit, greedy) lasts longer than that.
  const controller = new AbortController();
  let episode = -1;
  const factory: PolicyFactory = (seed) => {
    episode++;
    const inner = greedyPolicy(seed);
    return (obs, ctx) => {
      if (episode === 2 && obs.step === 2) controller.abort();
      return inner(obs, ctx);
    };
  };
  const err = await runEvaluation(smallSuite(), factory, {
    modelId: "m",
    signal: controller.signal,
  }).then(() => undefined, (e) => e);
  assert.ok(err instanceof EvaluationInterruptedError);
  const partial = err.partial;
  assert.deepStrictEqual(partial.episodes.map((e) => e.index), [0, 1]);
  // Every kept episode is complete: its metrics authenticate the record.
  for (const e of partial.episodes) {
    const scenario = smallSuite().scenarios[0]!.scenario;
    assert.equal(
      encode(await episodeMetrics(scenario, e.record)),
      encode(e.metrics),
    );
  }
});

Deno.test("runEvaluation: resume reproduces the bytes of an uninterrupted run", async () => {
  const expected = await fullRun();
  for (const k of [0, 3, 7, 9]) {
    const resume = { ...expected, episodes: expected.episodes.slice(0, k) };
    const seen: number[] = [];
    const progress: number[] = [];
    const r = await runEvaluation(smallSuite(), "random", {
      modelId: "rnd",
      resume,
      onEpisode: (p) => void seen.push(p.episodes.length),
      onProgress: (done) => void progress.push(done),
    });
    assert.equal(encode(r), encode(expected));
    // Only the missing episodes run; progress starts at k.
    assert.deepStrictEqual(
      seen,
      Array.from({ length: 9 - k }, (_, i) => k + i + 1),
    );
    assert.equal(progress[0], k);
  }
  // A result with a gap (episode 1 missing) is completed in index order.
  const gap = {
    ...expected,
    episodes: expected.episodes.filter((e) => e.index !== 1),
  };
  const r = await runEvaluation(smallSuite(), "random", {
    modelId: "rnd",
    resume: gap,
  });
  assert.equal(encode(r), encode(expected));
});

Deno.test("runEvaluation: resume refuses another manifest, model or tampered episodes", async () => {
  const expected = await fullRun();
  const partial = { ...expected, episodes: expected.episodes.slice(0, 2) };
  const other = { ...smallSuite(), suite_version: "2" };
  await assert.rejects(
    runEvaluation(other, "random", { modelId: "rnd", resume: partial }),
    (e) =>
      e instanceof EvaluationError &&
      /evaluation_manifest_hash/.test(e.message),
  );
  await assert.rejects(
    runEvaluation(smallSuite(), "random", {
      modelId: "other",
      resume: partial,
    }),
    (e) => e instanceof EvaluationError && /model_id/.test(e.message),
  );
  const e0 = expected.episodes[0]!;
  const tampered = {
    ...partial,
    episodes: [
      { ...e0, metrics: expected.episodes[1]!.metrics },
      expected.episodes[1]!,
    ],
  };
  await assert.rejects(
    runEvaluation(smallSuite(), "random", { modelId: "rnd", resume: tampered }),
    (e) =>
      e instanceof EvaluationError && /episodes\[0\]\.metrics/.test(e.message),
  );
  const misplaced = { ...partial, episodes: [{ ...e0, seed: 0 }] };
  await assert.rejects(
    runEvaluation(smallSuite(), "random", {
      modelId: "rnd",
      resume: misplaced,
    }),
    (e) => e instanceof EvaluationError && /episodes\[0\]/.test(e.message),
  );
  // A record from another seed, filed under this episode's key.
  const swapped = {
    ...partial,
    episodes: [{ ...e0, record: expected.episodes[1]!.record }],
  };
  await assert.rejects(
    runEvaluation(smallSuite(), "random", { modelId: "rnd", resume: swapped }),
    (e) =>
      e instanceof EvaluationError &&
      /episodes\[0\]\.record\.header\.seed/.test(e.message),
  );
  // A record that fails replay (an action changed) is refused with its path.
  const steps = [...e0.record.steps];
  const first = steps[0]!;
  const id = Object.keys(first.actions)[0]!;
  const forged = {
    ...first,
    actions: {
      ...first.actions,
      [id]: first.actions[id] === "stay" ? "north" : "stay",
    },
  };
  steps[0] = forged as typeof first;
  const replayFails = {
    ...partial,
    episodes: [{ ...e0, record: { ...e0.record, steps } }],
  };
  await assert.rejects(
    runEvaluation(smallSuite(), "random", {
      modelId: "rnd",
      resume: replayFails,
    }),
    (e) =>
      e instanceof EvaluationError && /episodes\[0\]\.record/.test(e.message),
  );
  const reordered = { ...partial, episodes: [...partial.episodes].reverse() };
  await assert.rejects(
    runEvaluation(smallSuite(), "random", {
      modelId: "rnd",
      resume: reordered,
    }),
    (e) =>
      e instanceof EvaluationError && /episodes\[1\]\.index/.test(e.message),
  );
});

Deno.test("runEvaluation: a failing controller raises PolicyError naming the episode", async () => {
  // Throws in episode 4 (hall_two_exits, seed 0) when deciding step 3.
  let episode = -1;
  const throwing: PolicyFactory = (seed) => {
    episode++;
    const inner = greedyPolicy(seed);
    return (obs, ctx) => {
      if (episode === 4 && obs.step === 2) throw new Error("boom");
      return inner(obs, ctx);
    };
  };
  const err = await runEvaluation(smallSuite(), throwing, {
    modelId: "bad-model",
  })
    .then(() => undefined, (e) => e);
  assert.ok(err instanceof EpisodePolicyError, String(err));
  assert.ok(err instanceof PolicyError);
  for (
    const part of [
      "bad-model",
      "episode 4",
      "hall_two_exits",
      "seed 0",
      "step 3",
      "boom",
    ]
  ) {
    assert.ok(
      err.message.includes(part),
      `${part} missing from: ${err.message}`,
    );
  }
  assert.equal(partialResultOf(err)!.episodes.length, 4);

  // An answer that leaves a person out is a policy error too.
  const silent: PolicyFactory = () => () => ({});
  const err2 = await runEvaluation(smallSuite(), silent, { modelId: "quiet" })
    .then(() => undefined, (e) => e);
  assert.ok(err2 instanceof EpisodePolicyError);
  assert.match(
    err2.message,
    /quiet.*episode 0.*office_single_exit.*seed 5.*step 1/,
  );
  assert.equal(err2.partial.episodes.length, 0);
});

Deno.test("runEvaluation: refuses a bad model ID and an unknown policy", async () => {
  await assert.rejects(
    runEvaluation(smallSuite(), "greedy", { modelId: "has space" }),
    (e) => e instanceof EvaluationError && /model_id/.test(e.message),
  );
  await assert.rejects(
    runEvaluation(smallSuite(), "clever", { modelId: "m" }),
    EvaluationError,
  );
});

Deno.test("runEvaluation concurrency: the same bytes for 1, 3 and 9 episodes in flight, each episode its own controller", async () => {
  const suite = smallSuite();
  const live = new Set<number>();
  let most = 0;
  // Greedy, delayed by a pseudo-random (but seed-fixed) time per step, so
  // episodes overlap and finish out of order.
  const delayed: PolicyFactory = (seed, key) => {
    const greedy = greedyPolicy(seed);
    let calls = 0;
    return Object.assign(
      async (
        obs: Parameters<typeof greedy>[0],
        ctx: Parameters<typeof greedy>[1],
      ) => {
        live.add(key!.index);
        most = Math.max(most, live.size);
        await new Promise((r) => setTimeout(r, (seed * 7 + calls++ * 3) % 5));
        return await greedy(obs, ctx);
      },
      { dispose: () => void live.delete(key!.index) },
    );
  };
  const bytes = [];
  for (const concurrency of [1, 3, 9]) {
    most = 0;
    const r = await runEvaluation(suite, delayed, {
      modelId: "g",
      concurrency,
    });
    bytes.push(encode(r));
    assert.equal(most, concurrency, "episodes in flight");
    assert.equal(live.size, 0, "every controller disposed");
  }
  const plain = await runEvaluation(suite, "greedy", { modelId: "g" });
  assert.deepEqual(bytes, [encode(plain), encode(plain), encode(plain)]);
});

Deno.test("runEvaluation stepTimeoutMs: a controller that never answers is named with episode and step", async () => {
  const suite = smallSuite();
  const never: PolicyFactory = (seed, key) => (obs, ctx) =>
    key!.index === 4 && obs.step === 2
      ? new Promise(() => {})
      : greedyPolicy(seed)(obs, ctx);
  await assert.rejects(
    runEvaluation(suite, never, {
      modelId: "g",
      stepTimeoutMs: 50,
      concurrency: 2,
    }),
    (e) =>
      e instanceof EpisodePolicyError &&
      /episode 4\b.*policy did not answer within 50 ms at episode 4, step 3/
        .test(e.message) &&
      !e.partial.episodes.some((x) => x.index === 4),
  );
});

Deno.test("runEvaluation signal: an abort while a controller is waiting stops the run at once", async () => {
  const suite = smallSuite();
  const controller = new AbortController();
  const started = Date.now();
  const waiting: PolicyFactory = () => () => {
    setTimeout(() => controller.abort("stop"), 20);
    return new Promise(() => {});
  };
  await assert.rejects(
    runEvaluation(suite, waiting, {
      modelId: "g",
      signal: controller.signal,
      concurrency: 3,
    }),
    (e) =>
      e instanceof EvaluationInterruptedError && e.cause === "stop" &&
      e.partial.episodes.length === 0,
  );
  assert.ok(Date.now() - started < 2000, "no wait for an answer");
});

Deno.test("runEvaluation: how many times an answer's then is read, in hand or promised, under both kernels", async () => {
  // Worked out by hand from the wrapper. An answer in hand: the wrapper's
  // thenable test, then the episode's (2). An answer given by an
  // async policy that awaits Promise.resolve(answer): that call, the
  // policy's promise resolving with it, the stop race, `pending.catch`'s
  // derived promise and the wrapper's async step resolving with it (5). The steps are
  // counted from the records.
  for (const kernel of ["wasm", "reference"] as const) {
    for (const promised of [false, true]) {
      let reads = 0;
      const factory: PolicyFactory = (seed, key, compiled) => {
        const inner = greedyPolicy(seed, key, compiled);
        return (obs, context) => {
          const answer = new Proxy(
            inner(obs, context) as Record<string, never>,
            {
              get(target, name, receiver) {
                if (name === "then") reads++;
                return Reflect.get(target, name, receiver);
              },
            },
          );
          return promised
            ? (async () => await Promise.resolve(answer))()
            : answer;
        };
      };
      const result = await runEvaluation(smallSuite(), factory, {
        modelId: "m",
        kernel,
      });
      const steps = result.episodes.reduce(
        (n, e) => n + e.record.steps.length,
        0,
      );
      assert.equal(
        reads,
        (promised ? 5 : 2) * steps,
        `${kernel}, promised ${promised}`,
      );
    }
  }
});

Deno.test("runEvaluation: answers in hand play each episode whole and hand it over before the next starts, with a turn of the event loop between episodes", async () => {
  // 300 episodes: tens of milliseconds, so a timer is due well before the end.
  const small = smallSuite();
  const seeds = [...Array(100).keys()];
  const suite = {
    ...small,
    scenarios: small.scenarios.map((s) => ({ ...s, seeds })),
  };
  const scheduled = (await buildManifest(suite)).episodes.length;
  for (const kernel of ["wasm", "reference"] as const) {
    const order: number[] = [];
    let steppedBefore = -1;
    let steps = 0;
    // A timer set now fires only when the event loop turns: between two
    // episodes, not after the run.
    setTimeout(() => steppedBefore = order.length, 0);
    let interleaved = 0;
    let last = -1;
    await runEvaluation(suite, (seed, key) => {
      const greedy = greedyPolicy(seed);
      return (obs, ctx) => {
        steps++;
        // Steps of an earlier episode after a later one's: lanes took turns.
        if (key!.index < last) interleaved++;
        last = key!.index;
        return greedy(obs, ctx);
      };
    }, {
      modelId: "g",
      kernel,
      concurrency: 4,
      retain: false,
      onEpisode: (_, e) => void order.push(e.index),
    });
    assert.ok(steps > scheduled);
    assert.equal(interleaved, 0, `${kernel}: steps of episodes in turn`);
    // In schedule order, though four lanes run: none waits mid-episode.
    assert.deepEqual(order, [...Array(scheduled).keys()], kernel);
    assert.ok(
      steppedBefore >= 0 && steppedBefore < scheduled,
      `${kernel}: the timer fired after ${steppedBefore} of ${scheduled} episodes`,
    );
  }
});

Deno.test("runner: each run of a suite gets its own manifest, the suite's, however the runs before changed theirs", async () => {
  const full = publicSuite();
  const suite = {
    ...full,
    families: [],
    scenarios: full.scenarios.slice(0, 2),
  };
  const want = encode(await buildManifest(suite));
  const first = await runEvaluation(suite, "stay", { modelId: "stay" });
  // Changed after the run: neither the next run's manifest nor its hash.
  (first.evaluation_manifest.episodes[0] as { seed: number }).seed = 99;
  (first.evaluation_manifest as { suite_id: string }).suite_id = "other";
  const second = await runEvaluation(suite, "stay", { modelId: "stay" });
  assert.equal(encode(second.evaluation_manifest), want);
  assert.equal(
    second.evaluation_manifest_hash,
    await manifestHash(await buildManifest(suite)),
  );
  (second.evaluation_manifest.episodes[1] as { seed: number }).seed = 98;
  const third = await runEvaluation(suite, "stay", { modelId: "stay" });
  assert.equal(encode(third.evaluation_manifest), want);
  assert.notEqual(
    third.evaluation_manifest.episodes[0],
    second.evaluation_manifest.episodes[0],
  );
});
