// Shards and merge, in process: N parts merged are byte for byte what the
// unsharded command writes (that command, not merge, is the oracle), in any
// order and under either kernel; and every kind of wrong part is refused
// naming the part and the field.

import assert from "node:assert/strict";
import { encodeBytes } from "../src/json/canonical.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { buildManifest, manifestHash } from "../src/scenario/suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { ResultEncoder } from "../src/cli/checkpoint.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { pairedStatistics } from "../src/statistics/paired.ts";
import { intervalOwners, IntervalShare } from "../src/statistics/share.ts";
import { artifactIntervalSizes } from "../src/shard/merge_statistics.ts";
import { type JsonObject, parse } from "../src/json/canonical.ts";
import {
  framedBytes,
  runPartFrame,
  statisticsPartBytes,
} from "../src/shard/write_part.ts";
import { mergeRunParts } from "../src/shard/merge_run.ts";
import { mergeStatisticsParts } from "../src/shard/merge_statistics.ts";
import { memoryPart, type PartSource } from "../src/shard/source.ts";
import type { KernelName } from "../src/kernel_name.ts";
import type { EvaluationResult, Suite } from "../src/types.ts";

const full = publicSuite();
// Three scenarios (24 episodes): every path, at a tenth of the time.
const suite: Suite = {
  ...full,
  families: [],
  scenarios: full.scenarios.slice(0, 3),
};
const R = 100;

async function runPart(
  policy: string,
  index: number,
  count: number,
  options: { kernel?: KernelName; drop?: number; suite?: Suite } = {},
): Promise<PartSource> {
  const s = options.suite ?? suite;
  const result = await runEvaluation(s, policy, {
    modelId: policy,
    shard: { index, count },
    ...(options.kernel === undefined ? {} : { kernel: options.kernel }),
  });
  const kept: EvaluationResult = options.drop === undefined ? result : {
    ...result,
    episodes: result.episodes.filter((_, i) => i !== options.drop),
  };
  const manifest = await buildManifest(s);
  const frame = runPartFrame(
    { index, count },
    policy,
    manifest,
    await manifestHash(manifest),
  );
  return memoryPart(
    `${policy}.${index}.json`,
    framedBytes(new ResultEncoder().encode(kept), frame),
  );
}

async function merged(
  parts: readonly PartSource[],
  s = suite,
): Promise<Uint8Array> {
  const m = await mergeRunParts(parts, s);
  const pieces: Uint8Array[] = [];
  await m.write((p) => {
    pieces.push(p.slice());
    return Promise.resolve();
  });
  const out = new Uint8Array(pieces.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const edited = (p: PartSource, from: string | RegExp, to: string) =>
  p.bytes().then((b) => {
    const t = text(b);
    const u = t.replace(from, to);
    assert.notEqual(u, t, `the edit ${String(from)} changed nothing`);
    return memoryPart(p.name, new TextEncoder().encode(u));
  });

const single = encodeBytes(
  await runEvaluation(suite, "greedy", { modelId: "greedy" }),
);

Deno.test("merge: 3 run parts, in any order, are the unsharded run's bytes", async () => {
  const parts = [
    await runPart("greedy", 2, 3),
    await runPart("greedy", 0, 3),
    await runPart("greedy", 1, 3),
  ];
  assert.equal(text(await merged(parts)), text(single));
});

Deno.test("merge: parts made with --kernel wasm and reference merge to the same bytes", async () => {
  const parts = [
    await runPart("greedy", 0, 2, { kernel: "reference" }),
    await runPart("greedy", 1, 2, { kernel: "wasm" }),
  ];
  assert.equal(text(await merged(parts)), text(single));
});

Deno.test("merge: more shards than episodes (empty parts) still give the result", async () => {
  const small: Suite = { ...suite, scenarios: suite.scenarios.slice(0, 1) }; // 8 episodes
  const parts: PartSource[] = [];
  for (let k = 0; k < 10; k++) {
    parts.push(await runPart("greedy", k, 10, { suite: small }));
  }
  const one = encodeBytes(
    await runEvaluation(small, "greedy", { modelId: "greedy" }),
  );
  assert.equal(text(await merged(parts, small)), text(one));
});

Deno.test("merge: a part that lost an episode merges into an incomplete result", async () => {
  const parts = [
    await runPart("greedy", 0, 2),
    await runPart("greedy", 1, 2, { drop: 3 }),
  ];
  const m = await mergeRunParts(parts, suite);
  // Part 1 holds the odd indices: its 4th episode is index 7.
  assert.deepEqual(m.missing.map((k) => k.index), [7]);
  assert.equal(m.episodes, 23);
  const out = text(await merged(parts));
  const oracle = JSON.parse(text(single));
  oracle.episodes = oracle.episodes.filter((e: { index: number }) =>
    e.index !== 7
  );
  assert.deepEqual(JSON.parse(out), oracle);
});

async function refused(
  parts: readonly PartSource[],
  message: RegExp | string,
): Promise<void> {
  await assert.rejects(
    () => merged(parts),
    (e: Error) => {
      if (typeof message === "string") assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    },
  );
}

Deno.test("merge refuses: a missing part, a part given twice", async () => {
  const p0 = await runPart("greedy", 0, 3);
  const p1 = await runPart("greedy", 1, 3);
  await refused([p0, p1], "merge: shard 2 of 3 is missing (given: 2 parts)");
  const copy = memoryPart("copy.json", await p1.bytes());
  await refused(
    [p0, p1, copy],
    "copy.json: shard.index: shard 1 of 3 is given twice (also greedy.1.json)",
  );
});

Deno.test("merge refuses: parts of two models, of two splits", async () => {
  const p0 = await runPart("greedy", 0, 2);
  const other = await runPart("fire_aware", 1, 2);
  await refused(
    [p0, other],
    'fire_aware.1.json: shard.model_id: "fire_aware" differs from greedy.0.json\'s "greedy": parts of one merge come from one command',
  );
  const split = await runPart("greedy", 1, 3);
  await refused(
    [p0, split],
    /^greedy\.1\.json: shard\.count: 3 differs from greedy\.0\.json's 2/,
  );
});

Deno.test("merge refuses: parts of another manifest than the suite's (naming the part)", async () => {
  const bigger: Suite = { ...suite, scenarios: full.scenarios.slice(0, 4) };
  const p0 = await runPart("greedy", 0, 2);
  const p1 = await runPart("greedy", 1, 2, { suite: bigger });
  await refused([p0, p1], /^greedy\.1\.json: .*manifest/);
});

Deno.test("merge refuses: a part of another package version", async () => {
  const p0 = await runPart("greedy", 0, 2);
  const p1 = await edited(
    await runPart("greedy", 1, 2),
    '"package_version":"0.1.0"',
    '"package_version":"0.0.9"',
  );
  await refused(
    [p0, p1],
    /^greedy\.1\.json: shard\.versions: made by @ember\/stats 0\.0\.9 .*; this is 0\.1\.0/,
  );
});

Deno.test("merge refuses: a tampered run part (a record that does not replay; a digest that does not match)", async () => {
  const p0 = await runPart("greedy", 0, 2);
  const p1 = await runPart("greedy", 1, 2);
  // The first recorded movement of part 1 made "blocked": replay refuses it.
  const moved = await edited(
    p1,
    '"outcome":"moved"',
    '"outcome":"blocked_wall"',
  );
  await refused([p0, moved], /^greedy\.1\.json: /);
  const digest = await edited(
    p1,
    /"result_digest":"[0-9a-f]{64}"/,
    `"result_digest":"${"0".repeat(64)}"`,
  );
  await refused(
    [p0, digest],
    /^greedy\.1\.json: shard\.result_digest: its result's digest is [0-9a-f]{64}, not the 0{64}/,
  );
  const moveOut = await edited(
    p1,
    /"index":1,"kind":"run"/,
    '"index":0,"kind":"run"',
  );
  await refused(
    [p0, moveOut],
    /^greedy\.1\.json: result\.episodes\[0\]\.index: episode 1 is not in shard 0 of 2/,
  );
});

Deno.test("merge refuses: a file that is not a part, a cut-off part", async () => {
  await refused([memoryPart("r.json", single)], /^r\.json: not a part/);
  const b = await (await runPart("greedy", 0, 1)).bytes();
  await refused(
    [memoryPart("cut.json", b.subarray(0, b.length - 40))],
    /^cut\.json: not a part: no "shard" member/,
  );
});

// Statistics parts.

const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
const other = await runEvaluation(suite, "fire_aware", {
  modelId: "fire_aware",
});

async function aggregatePart(
  index: number,
  count: number,
  r = R,
): Promise<PartSource> {
  const share = new IntervalShare(index, count);
  const artifact = await aggregateStatistics(result, suite, {
    resamples: r,
    share,
    workers: 1,
  });
  return memoryPart(`agg.${index}.json`, statisticsPartBytes(artifact, share));
}

async function pairedPart(index: number, count: number): Promise<PartSource> {
  const share = new IntervalShare(index, count);
  const artifact = await pairedStatistics(other, result, suite, {
    resamples: R,
    share,
    workers: 1,
  });
  return memoryPart(`cmp.${index}.json`, statisticsPartBytes(artifact, share));
}

Deno.test("merge: aggregate parts are the unsharded aggregate's bytes", async () => {
  const oracle = encodeBytes(
    await aggregateStatistics(result, suite, { resamples: R, workers: 1 }),
  );
  const parts = [
    await aggregatePart(3, 4),
    await aggregatePart(1, 4),
    await aggregatePart(0, 4),
    await aggregatePart(2, 4),
  ];
  const m = await mergeStatisticsParts(parts);
  assert.equal(text(m.bytes), text(oracle));
});

Deno.test("merge: paired parts are the unsharded compare's bytes", async () => {
  const oracle = encodeBytes(
    await pairedStatistics(other, result, suite, { resamples: R, workers: 1 }),
  );
  const m = await mergeStatisticsParts([
    await pairedPart(0, 2),
    await pairedPart(1, 2),
  ]);
  assert.equal(text(m.bytes), text(oracle));
});

Deno.test("the interval split is balanced by R x n: no shard's work exceeds the mean by more than the largest interval", async () => {
  const count = 4;
  const works: number[] = [];
  let largest = 0;
  for (let k = 0; k < count; k++) {
    const share = new IntervalShare(k, count);
    await aggregateStatistics(result, suite, {
      resamples: R,
      share,
      workers: 1,
    });
    works.push(share.work);
    largest = Math.max(largest, ...share.held.map(() => 0));
  }
  // n is at most 24 here (the overall group): one interval is R x 24.
  const mean = works.reduce((a, b) => a + b, 0) / count;
  for (const w of works) {
    assert.ok(w <= mean + R * 24, `work ${w} against mean ${mean}`);
  }
});

Deno.test("merge refuses statistics parts: two R, a changed bound, a moved interval, a wrong share", async () => {
  const p0 = await aggregatePart(0, 2);
  const p1 = await aggregatePart(1, 2);
  const r2 = memoryPart(
    "agg.r200.json",
    await (await aggregatePart(1, 2, 200)).bytes(),
  );
  await assert.rejects(() => mergeStatisticsParts([p0, r2]), {
    message:
      /^agg\.r200\.json: shard\.(input_digests|resamples|intervals): .* differs from agg\.0\.json's/,
  });
  // A bound changed without the digest: refused by the digest.
  const bound = await edited(p1, /"lower":(-?[0-9])/, '"lower":9$1');
  await assert.rejects(() => mergeStatisticsParts([p0, bound]), {
    message: /^agg\.1\.json: shard\.artifact_digest: its artifact's digest is/,
  });
  // Held lists swapped between the two: the split rule refuses them.
  const held0 = /"held":\[[0-9,]*\]/.exec(text(await p0.bytes()))![0];
  const swapped = await edited(p1, /"held":\[[0-9,]*\]/, held0);
  await assert.rejects(() => mergeStatisticsParts([p0, swapped]), {
    message:
      /^agg\.1\.json: shard\.held: it holds intervals .*; the split gives shard 1 of 2 intervals/,
  });
});

Deno.test("merge refuses a mix of run and statistics parts", async () => {
  const parts = [await aggregatePart(0, 2), await runPart("greedy", 1, 2)];
  await assert.rejects(() => mergeStatisticsParts(parts), {
    message: "greedy.1.json: a run part, not a statistics part",
  });
});

Deno.test("the interval split matches scripts/gen_shard_vectors.py on the reference artifacts", async () => {
  const fixtures = new URL("./fixtures/", import.meta.url);
  const vectors = JSON.parse(
    await Deno.readTextFile(new URL("shard_split.json", fixtures)),
  ) as {
    cases: {
      file: string;
      sizes: number[];
      owners: Record<string, number[]>;
    }[];
  };
  assert.equal(vectors.cases.length, 3);
  for (const c of vectors.cases) {
    const artifact = parse(
      await Deno.readTextFile(new URL(`statistics/${c.file}`, fixtures)),
    ) as JsonObject;
    assert.deepEqual(artifactIntervalSizes(artifact), c.sizes, c.file);
    for (const [count, owners] of Object.entries(c.owners)) {
      assert.deepEqual(
        intervalOwners(c.sizes, Number(count)),
        owners,
        `${c.file}, ${count} shards`,
      );
    }
  }
});
