/**
 * Loud incompleteness (issue 10): `verify`, `aggregate` and `compare` say on
 * standard error (not a terminal here) when episodes are missing or
 * unpaired; `verify --complete` fails; artifacts do not change. Also the
 * document-kind hint of `suite --check` and `metrics`.
 */

import assert from "node:assert/strict";
import { encode, parse } from "../src/json/canonical.ts";
import { aggregateStatistics } from "../src/statistics/aggregate.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import {
  cli,
  inTempDir,
  put,
  scenarioText,
  sha256,
  suiteText,
} from "./cli_support.ts";

Deno.test("cli verify/aggregate/compare: a result without its casualty episodes is named incomplete", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(3));
    const flags = ["--allow-read=."];
    const run = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "stay",
    ]);
    assert.equal(run.code, 0, run.err);
    // The canonical reader keeps float types (0.0), which JSON.parse drops.
    const full = parse(run.out) as unknown as {
      episodes: {
        index: number;
        seed: number;
        scenario_id: string;
        metrics: { safety: { casualties: number } };
      }[];
    };
    const kept = full.episodes.filter((e) => e.metrics.safety.casualties === 0);
    const dropped = full.episodes.filter((e) => !kept.includes(e)).map((e) =>
      `${e.index} (${e.scenario_id}, seed ${e.seed})`
    );
    assert.ok(dropped.length > 0 && kept.length > 0);
    await put(dir, "cut.json", encode({ ...full, episodes: kept } as never));
    await put(dir, "zero.json", encode({ ...full, episodes: [] } as never));
    await put(dir, "full.json", run.out);

    const warning =
      `incomplete: cut.json: ${dropped.length} of 6 scheduled episodes missing; first missing: ${
        dropped.join(", ")
      }\n`;
    const v = await cli(dir, flags, [
      "verify",
      "--suite",
      "s.json",
      "-q",
      "cut.json",
    ]);
    assert.equal(v.code, 0, v.err);
    assert.equal(v.err, warning);
    assert.match(
      v.out,
      new RegExp(`${kept.length} of 6 scheduled episodes replayed`),
    );

    const strict = await cli(dir, flags, [
      "verify",
      "--suite",
      "s.json",
      "--complete",
      "cut.json",
    ]);
    assert.equal(strict.code, 1);
    assert.equal(strict.out, "");
    assert.match(
      strict.err,
      new RegExp(
        `^error: cut\\.json: episodes: incomplete \\(--complete\\): ${dropped.length} of 6`,
      ),
    );
    const zero = await cli(dir, flags, [
      "verify",
      "--suite",
      "s.json",
      "zero.json",
    ]);
    assert.equal(zero.code, 0);
    assert.match(
      zero.err,
      /incomplete: zero\.json: 6 of 6 scheduled episodes missing/,
    );
    const complete = await cli(dir, flags, [
      "verify",
      "--suite",
      "s.json",
      "--complete",
      "full.json",
    ]);
    assert.equal(complete.code, 0, complete.err);
    assert.equal(complete.err, "");

    // aggregate: the same warning, and the artifact the library computes.
    const agg = await cli(dir, flags, [
      "aggregate",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "cut.json",
    ]);
    assert.equal(agg.code, 0, agg.err);
    assert.equal(
      maskTime(agg.err),
      warning + await written(agg.stdout, "aggregate", 6 - dropped.length),
    );
    const suite = parseSuite(parse(suiteText(3)));
    const expected = await aggregateStatistics(
      parse(await Deno.readTextFile(`${dir}/cut.json`)),
      suite,
      {
        resamples: 100,
        file: "cut.json",
      },
    );
    assert.equal(agg.out, encode(expected));

    // compare: unpaired episodes per file, and the same result twice.
    const cmp = await cli(dir, flags, [
      "compare",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "full.json",
      "cut.json",
    ]);
    assert.equal(cmp.code, 0, cmp.err);
    assert.equal(
      maskTime(cmp.err),
      `incomplete: cut.json: ${dropped.length} scheduled episodes missing (unpaired); first missing: ${
        dropped.join(", ")
      }\n${await written(cmp.stdout, "compare", 6 - dropped.length)}`,
    );
    const same = await cli(dir, flags, [
      "compare",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "full.json",
      "full.json",
    ]);
    assert.equal(same.code, 0, same.err);
    assert.match(
      same.err,
      /^warning: full\.json and full\.json are the same result \(digest [0-9a-f]{64}\): every delta is 0\nwrote standard output \(paired statistics of \d+ episode pairs, 100 resamples per interval, sha256 [0-9a-f]{64}, \d+\.\d s\)\n$/,
    );
  });
});

Deno.test("cli suite --check and metrics: a file of another kind is named with the kind expected", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    await put(dir, "hot.json", scenarioText("hot", true));
    const run = await cli(dir, ["--allow-read=."], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "stay",
    ]);
    await put(dir, "r.json", run.out);
    const check = await cli(dir, ["--allow-read=."], [
      "suite",
      "--check",
      "r.json",
    ]);
    assert.equal(check.code, 1);
    assert.equal(
      check.err,
      "error: r.json: expected a suite; this is an evaluation result (`suite --json` prints the public suite)\n",
    );
    const metrics = await cli(dir, ["--allow-read=."], [
      "metrics",
      "--scenario",
      "hot.json",
      "r.json",
    ]);
    assert.equal(metrics.code, 1);
    assert.equal(
      metrics.err,
      "error: r.json: expected a run record; this is an evaluation result (a result holds a run record per episode: `verify` replays them all, `show --episode N` draws one)\n",
    );
    const scenario = await cli(dir, ["--allow-read=."], [
      "metrics",
      "--scenario",
      "s.json",
      "r.json",
    ]);
    assert.equal(scenario.code, 1);
    assert.equal(
      scenario.err,
      "error: s.json: expected a scenario; this is a suite (a suite holds its scenarios under scenarios[].scenario)\n",
    );
  });
});

/**
 * The summary line of a statistics command that wrote `stdout` from
 * `episodes` episodes (or pairs), its time masked as {@linkcode maskTime}
 * does: the test compares everything else exactly.
 */
async function written(
  stdout: Uint8Array,
  command: "aggregate" | "compare",
  episodes: number,
): Promise<string> {
  const what = command === "aggregate"
    ? `aggregate statistics of ${episodes} episodes`
    : `paired statistics of ${episodes} episode pairs`;
  const digest = await sha256(stdout);
  return `wrote standard output (${what}, 100 resamples per interval, sha256 ${digest}, TIME s)\n`;
}

function maskTime(err: string): string {
  return err.replace(/, \d+\.\d s\)\n$/, ", TIME s)\n");
}
