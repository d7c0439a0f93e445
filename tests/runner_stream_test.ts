/**
 * The runner's `retain: false` (each episode handed to `onEpisode` as it
 * completes, then forgotten) and its resume streams (a partial run's
 * episodes read one at a time, in any order, each checked as a resumed
 * result's is and refused naming its file and path). The reference is the
 * same run with every episode kept.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue, parse } from "../src/json/canonical.ts";
import { EvaluationError } from "../src/errors.ts";
import {
  EvaluationInterruptedError,
  type ResumedEpisode,
  type ResumeStream,
  runEvaluation,
} from "../src/evaluation/runner.ts";
import type { EvaluationResult, ResultEpisode } from "../src/types.ts";
import { BASE, SUITE } from "./tamper_support.ts";

const texts = (episodes: readonly ResultEpisode[]) =>
  episodes.map((e) => encode(e as unknown as JsonValue));

/** The stream of `indices` of the reference run, named as lines of `file`. */
async function* streamOf(
  indices: readonly number[],
  adopted: number[] = [],
  edit: (e: ResultEpisode) => ResultEpisode = (e) => e,
): AsyncGenerator<ResumedEpisode> {
  for (const [i, index] of indices.entries()) {
    const episode = BASE.episodes.find((e) => e.index === index)!;
    yield {
      episode: edit(episode),
      file: "r.journal",
      path: `line ${i + 2}`,
      adopted: () => {
        adopted.push(index);
      },
    };
  }
}

const head = {
  model_id: BASE.model_id,
  evaluation_manifest_hash: BASE.evaluation_manifest_hash,
};

Deno.test("runEvaluation retain: false: every episode handed over once, as it completes; the result lists none", async () => {
  const seen: ResultEpisode[] = [];
  const result = await runEvaluation(SUITE, "greedy", {
    modelId: "greedy",
    retain: false,
    concurrency: 3,
    onEpisode: (partial, e) => {
      assert.equal(partial.episodes.length, 0);
      seen.push(e);
    },
  });
  assert.equal(result.episodes.length, 0);
  assert.equal(
    encode(result.evaluation_manifest),
    encode(BASE.evaluation_manifest),
  );
  const sorted = [...seen].sort((a, b) => a.index - b.index);
  assert.deepEqual(texts(sorted), texts(BASE.episodes));
});

Deno.test("runEvaluation retain: false: a call waiting on its promise does not hold up the next episode's call", async () => {
  const started: number[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const run = runEvaluation(SUITE, "greedy", {
    modelId: "greedy",
    retain: false,
    concurrency: 2,
    onEpisode: async (_, e) => {
      started.push(e.index);
      // The first call waits until a second call has started.
      if (started.length === 1) await gate;
      else release();
    },
  });
  await run;
  assert.equal(started.length, BASE.episodes.length);
});

Deno.test("runEvaluation: a resume stream in any order continues to the uninterrupted result; each episode adopted once, after its check", async () => {
  const adopted: number[] = [];
  const order = [4, 0, 2];
  const result = await runEvaluation(SUITE, "greedy", {
    modelId: "greedy",
    resume: { ...head, episodes: streamOf(order, adopted) },
  });
  assert.equal(encode(result as never), encode(BASE as never));
  assert.deepEqual(adopted, order);

  // With retain: false the resumed episodes are not handed over again.
  const played: number[] = [];
  const streamed = await runEvaluation(SUITE, "greedy", {
    modelId: "greedy",
    retain: false,
    resume: { ...head, episodes: streamOf(order) },
    onEpisode: (_, e) => {
      played.push(e.index);
    },
  });
  assert.equal(streamed.episodes.length, 0);
  assert.deepEqual(played.sort(), [1, 3, 5]);
});

Deno.test("runEvaluation: a resume stream's tampered, repeated or misplaced episode, or another model's stream, is refused naming the file and path", async () => {
  const refused = async (
    resume: ResumeStream,
    file: string | undefined,
    path: string,
    detail: RegExp,
  ) => {
    await assert.rejects(
      () => runEvaluation(SUITE, "greedy", { modelId: "greedy", resume }),
      (e) => {
        assert.ok(e instanceof EvaluationError, String(e));
        assert.equal(e.file, file);
        assert.equal(e.path, path);
        assert.match(e.detail, detail);
        return true;
      },
    );
  };
  const bumped = (e: ResultEpisode): ResultEpisode => {
    const copy = parse(encode(e as unknown as JsonValue)) as unknown as {
      metrics: { safety: { evacuated: number } };
    };
    copy.metrics.safety.evacuated += 1;
    return copy as unknown as ResultEpisode;
  };
  const adopted: number[] = [];
  await refused(
    {
      ...head,
      episodes: streamOf([0, 1], adopted, (e) => e.index === 1 ? bumped(e) : e),
    },
    "r.journal",
    "line 3.metrics",
    /^cannot resume: metrics differ from the metrics of the episode's record$/,
  );
  assert.deepEqual(adopted, [0], "a refused episode is not adopted");
  await refused(
    { ...head, episodes: streamOf([2, 2]) },
    "r.journal",
    "line 3.index",
    /^cannot resume: episode 2 is given twice$/,
  );
  const other = BASE.episodes[1]!;
  await refused(
    {
      ...head,
      episodes: streamOf([0], [], () => ({ ...other, index: 0 })),
    },
    "r.journal",
    "line 2",
    /^cannot resume: episode does not match manifest episode 0$/,
  );
  await refused(
    { ...head, model_id: "stay", episodes: streamOf([0]) },
    undefined,
    "model_id",
    /^cannot resume: result is for model stay, not greedy$/,
  );
});

Deno.test("runEvaluation retain: false: an interruption carries a partial result that lists no episode", async () => {
  const stop = new AbortController();
  let calls = 0;
  await assert.rejects(
    () =>
      runEvaluation(SUITE, "greedy", {
        modelId: "greedy",
        retain: false,
        signal: stop.signal,
        onEpisode: () => {
          if (++calls === 2) stop.abort(new Error("enough"));
        },
      }),
    (e) => {
      assert.ok(e instanceof EvaluationInterruptedError);
      const partial: EvaluationResult = e.partial;
      assert.equal(partial.episodes.length, 0);
      assert.equal(partial.model_id, "greedy");
      return true;
    },
  );
  assert.equal(calls, 2);
});
