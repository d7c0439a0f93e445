/**
 * `verify`, `aggregate` and `compare` read a result file as a stream: a
 * result as `run` writes it is verified, aggregated and compared under a
 * `file-bytes` limit far below its size, with the same output as without
 * the limit; a result that must be read whole (here: not as the writer
 * writes it) is refused beyond the limit, saying why, with nothing
 * written; standard input is still read whole.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { cli, exists, inTempDir } from "./cli_support.ts";

const SUITE = publicSuite();
const GREEDY = encode(
  await runEvaluation(SUITE, "greedy", {
    modelId: "greedy",
  }) as unknown as JsonValue,
);
const STAY = encode(
  await runEvaluation(SUITE, "stay", {
    modelId: "stay",
  }) as unknown as JsonValue,
);
const FLAGS = ["--allow-read=.", "--allow-write=."];
// Room for the fields after the episodes (the manifest of 104 episodes),
// a hundredth of a result.
const LIMIT = GREEDY.length - GREEDY.lastIndexOf('],"evaluation_manifest":') +
  1000;
const LIMITS = ["--limits", `file-bytes=${LIMIT}`];

Deno.test("stream: a result far beyond the file-bytes limit verifies, aggregates and compares as without it", async () => {
  assert.ok(LIMIT * 50 < GREEDY.length, `${LIMIT} of ${GREEDY.length}`);
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/g.json`, GREEDY);
    await Deno.writeTextFile(`${dir}/s.json`, STAY);
    const both = async (args: string[]) => {
      const limited = await cli(dir, FLAGS, [
        args[0]!,
        ...LIMITS,
        ...args.slice(1),
      ]);
      assert.equal(limited.code, 0, limited.err);
      return limited;
    };
    const verified = await both(["verify", "--quiet", "g.json"]);
    const plain = await cli(dir, FLAGS, ["verify", "--quiet", "g.json"]);
    assert.equal(verified.out, plain.out);
    assert.match(verified.out, /104 of 104 scheduled episodes replayed/);
    const stats = ["--quiet", "--resamples", "100", "--out"];
    await both(["aggregate", ...stats, "a1.json", "g.json"]);
    await cli(dir, FLAGS, ["aggregate", ...stats, "a0.json", "g.json"]);
    await both(["compare", ...stats, "c1.json", "g.json", "s.json"]);
    await cli(dir, FLAGS, ["compare", ...stats, "c0.json", "g.json", "s.json"]);
    for (const [a, b] of [["a0.json", "a1.json"], ["c0.json", "c1.json"]]) {
      assert.deepEqual(
        await Deno.readFile(`${dir}/${a}`),
        await Deno.readFile(`${dir}/${b}`),
      );
    }
  });
});

Deno.test("stream: a result read whole is refused beyond the file-bytes limit, saying why; nothing written", async () => {
  await inTempDir(async (dir) => {
    const spaced = ` ${GREEDY}`;
    await Deno.writeTextFile(`${dir}/p.json`, spaced);
    const why = `error: p.json: input of ${spaced.length} bytes that is not ` +
      `as the result writer writes it, read whole: over the implementation ` +
      `limit of ${LIMIT} bytes (raise it with --limits file-bytes=N or ` +
      `limits.maxFileBytes)\n`;
    const verify = await cli(dir, FLAGS, ["verify", ...LIMITS, "p.json"]);
    assert.equal(verify.code, 1);
    assert.equal(verify.err, why);
    const aggregate = await cli(dir, FLAGS, [
      "aggregate",
      ...LIMITS,
      "--quiet",
      "--out",
      "a.json",
      "p.json",
    ]);
    assert.equal(aggregate.code, 1);
    assert.equal(aggregate.err, why);
    assert.ok(!(await exists(dir, "a.json")));
    // Within the limit, the same file verifies (read whole).
    const raised = await cli(dir, FLAGS, ["verify", "--quiet", "p.json"]);
    assert.equal(raised.code, 0, raised.err);
  });
});

Deno.test("stream: standard input is read whole, as before", async () => {
  await inTempDir(async (dir) => {
    const ok = await cli(dir, [], ["verify", "--quiet", "-"], {
      stdin: new TextEncoder().encode(GREEDY),
    });
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /^verified: -: model greedy, 104 of 104/);
  });
});
