// `--shard K/N` and `merge` through the CLI: exit codes, the one-line
// refusals with no output file, what `verify`, `summary` and `report` say
// of a part, and `run --shard --resume`. The unsharded command's output is
// the oracle of every merge.

import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { cli, exists, inTempDir } from "./cli_support.ts";

const full = publicSuite();
const SUITE = encode(
  {
    ...full,
    families: [],
    scenarios: full.scenarios.slice(0, 2),
  } as unknown as JsonValue,
);
const RW = ["--allow-read=.", "--allow-write=."];

async function ok(dir: string, args: string[]): Promise<string> {
  const r = await cli(dir, RW, args);
  assert.equal(r.code, 0, `${args.join(" ")}: ${r.err}`);
  return r.err;
}

const bytesOf = (dir: string, name: string) => Deno.readFile(`${dir}/${name}`);

Deno.test("cli: run, aggregate and compare shards merge to the unsharded outputs", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s.json`, SUITE);
    const s = ["--suite", "s.json"];
    await ok(dir, [
      "run",
      ...s,
      "--policy",
      "greedy",
      "--quiet",
      "--out",
      "g.json",
    ]);
    await ok(dir, [
      "run",
      ...s,
      "--policy",
      "fire_aware",
      "--quiet",
      "--out",
      "f.json",
    ]);
    for (const k of [0, 1]) {
      const err = await ok(dir, [
        "run",
        ...s,
        "--policy",
        "greedy",
        "--shard",
        `${k}/2`,
        "--out",
        `g.${k}.json`,
      ]);
      assert.match(
        err,
        new RegExp(
          `wrote g\\.${k}\\.json \\(run part ${k} of 2: 8 of its 8 episodes, model greedy, sha256 `,
        ),
      );
    }
    const merged = await ok(dir, [
      "merge",
      ...s,
      "--out",
      "m.json",
      "g.1.json",
      "g.0.json",
    ]);
    assert.match(
      merged,
      /wrote m\.json \(result of 2 run parts: 16 of 16 episodes, model greedy, sha256 /,
    );
    assert.deepEqual(
      await bytesOf(dir, "m.json"),
      await bytesOf(dir, "g.json"),
    );

    const r = ["--resamples", "100", ...s];
    await ok(dir, ["aggregate", ...r, "--quiet", "--out", "a.json", "g.json"]);
    await ok(dir, [
      "compare",
      ...r,
      "--quiet",
      "--out",
      "c.json",
      "f.json",
      "g.json",
    ]);
    for (const k of [0, 1, 2]) {
      await ok(dir, [
        "aggregate",
        ...r,
        "--quiet",
        "--shard",
        `${k}/3`,
        "--out",
        `a.${k}.json`,
        "g.json",
      ]);
      await ok(dir, [
        "compare",
        ...r,
        "--quiet",
        "--shard",
        `${k}/3`,
        "--out",
        `c.${k}.json`,
        "f.json",
        "g.json",
      ]);
    }
    await ok(dir, [
      "merge",
      "--quiet",
      "--out",
      "am.json",
      "a.2.json",
      "a.0.json",
      "a.1.json",
    ]);
    await ok(dir, [
      "merge",
      "--quiet",
      "--out",
      "cm.json",
      "c.0.json",
      "c.1.json",
      "c.2.json",
    ]);
    assert.deepEqual(
      await bytesOf(dir, "am.json"),
      await bytesOf(dir, "a.json"),
    );
    assert.deepEqual(
      await bytesOf(dir, "cm.json"),
      await bytesOf(dir, "c.json"),
    );

    // What the other commands say of a part.
    const v = await cli(dir, RW, ["verify", ...s, "g.1.json"]);
    assert.equal(v.code, 0, v.err);
    assert.match(
      v.out,
      /^verified: g\.1\.json: run part 1 of 2 \(not a result: `merge` puts the 2 parts together\): model greedy, 8 of its 8 scheduled episodes replayed, result digest [0-9a-f]{64}\n$/,
    );
    for (
      const args of [["summary", "a.0.json"], [
        "report",
        "--out",
        "r.html",
        "a.0.json",
      ], ["verify", ...s, "a.0.json"]]
    ) {
      const x = await cli(dir, RW, args);
      assert.equal(x.code, 1, args.join(" "));
      assert.match(
        x.err,
        /^error: a\.0\.json: expected an? .*; this is a statistics part \(one shard's share of the work: `merge` puts all the parts together first\)\n$/,
      );
    }
    const agg = await cli(dir, RW, ["aggregate", ...s, "g.0.json"]);
    assert.match(
      agg.err,
      /^error: g\.0\.json: expected an evaluation result; this is a run part \(/,
    );
    assert.ok(!(await exists(dir, "r.html")));
  });
});

Deno.test("cli: merge refusals are one line naming the part, exit 1, nothing written", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s.json`, SUITE);
    const s = ["--suite", "s.json"];
    for (const k of [0, 1]) {
      await ok(dir, [
        "run",
        ...s,
        "--policy",
        "greedy",
        "--quiet",
        "--shard",
        `${k}/2`,
        "--out",
        `g.${k}.json`,
      ]);
    }
    await ok(dir, [
      "run",
      ...s,
      "--policy",
      "stay",
      "--quiet",
      "--shard",
      "1/2",
      "--out",
      "stay.1.json",
    ]);
    const cases: [string[], string][] = [
      [["g.0.json"], "error: merge: shard 1 of 2 is missing (given: 1 part)\n"],
      [
        ["g.0.json", "g.1.json", "g.1.json"],
        "error: g.1.json: shard.index: shard 1 of 2 is given twice (also g.1.json)\n",
      ],
      [
        ["g.0.json", "stay.1.json"],
        `error: stay.1.json: shard.model_id: "stay" differs from g.0.json's "greedy": parts of one merge come from one command\n`,
      ],
      [
        ["s.json", "g.0.json"],
        'error: s.json: not a part: a part starts with {"result": or {"artifact": (made by run, aggregate or compare with --shard K/N)\n',
      ],
    ];
    for (const [parts, message] of cases) {
      const r = await cli(dir, RW, [
        "merge",
        ...s,
        "--out",
        "m.json",
        ...parts,
      ]);
      assert.equal(r.code, 1, parts.join(" "));
      assert.equal(r.err, message);
      assert.ok(!(await exists(dir, "m.json")));
    }
    const usage = await cli(dir, RW, [
      "run",
      "--policy",
      "greedy",
      "--shard",
      "2/2",
    ]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /--shard: 0 <= K < N is required, found 2\/2/);
  });
});

Deno.test("cli: run --shard --resume continues a part to the bytes of an uninterrupted one", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s.json`, SUITE);
    const s = ["--suite", "s.json", "--policy", "greedy", "--quiet"];
    await ok(dir, ["run", ...s, "--shard", "1/2", "--out", "whole.json"]);
    // The part as a checkpoint holds it after a stop: its first three
    // episodes, framed (digest included) by the part writer.
    const { ResultEncoder } = await import("../src/cli/checkpoint.ts");
    const { framedBytes, runPartFrame } = await import(
      "../src/shard/write_part.ts"
    );
    const { readPartFrame } = await import("../src/shard/part.ts");
    const { parseResult } = await import("../src/result/reader.ts");
    const { parseBytes } = await import("../src/json/canonical.ts");
    const whole = await bytesOf(dir, "whole.json");
    const frame = readPartFrame(whole, "whole.json");
    const result = parseResult(
      parseBytes(whole.subarray(frame.start, frame.end)),
    );
    const cut = { ...result, episodes: result.episodes.slice(0, 3) };
    const f = runPartFrame(
      { index: 1, count: 2 },
      "greedy",
      result.evaluation_manifest,
      result.evaluation_manifest_hash,
    );
    await Deno.writeFile(
      `${dir}/p.json`,
      framedBytes(new ResultEncoder().encode(cut), f),
    );
    await ok(dir, [
      "run",
      ...s,
      "--shard",
      "1/2",
      "--resume",
      "--out",
      "p.json",
    ]);
    assert.deepEqual(await bytesOf(dir, "p.json"), whole);

    const wrong = await cli(dir, RW, [
      "run",
      ...s,
      "--shard",
      "0/2",
      "--resume",
      "--out",
      "p.json",
    ]);
    assert.equal(wrong.code, 1);
    assert.equal(
      wrong.err,
      "error: p.json: run part 1 of 2: continue it with --shard 1/2\n",
    );
    const plain = await cli(dir, RW, [
      "run",
      ...s,
      "--resume",
      "--out",
      "p.json",
    ]);
    assert.equal(
      plain.err,
      "error: p.json: run part 1 of 2: continue it with --shard 1/2\n",
    );
  });
});
