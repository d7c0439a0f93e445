/**
 * CLI `verify`, `aggregate`, `compare` and `demo` as subprocesses, with
 * exactly the documented permission flags, on good and broken results.
 */

import assert from "node:assert/strict";
import {
  encode,
  float,
  JsonFloat,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import {
  cli,
  exists,
  inTempDir,
  listDir,
  put,
  sha256,
  suiteText,
} from "./cli_support.ts";

type Mutable = { [key: string]: JsonValue };

/** Run two built-in policies on the hand-made suite into `res/`. */
async function twoResults(dir: string): Promise<void> {
  await put(dir, "s.json", suiteText());
  await Deno.mkdir(`${dir}/res`);
  for (const policy of ["greedy", "stay"]) {
    const r = await cli(dir, ["--allow-read=s.json,res", "--allow-write=res"], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      policy,
      "--out",
      `res/${policy}.json`,
    ]);
    assert.equal(r.code, 0, r.err);
  }
}

/** Rewrite a result file through `edit` (on the strict, typed value). */
async function editResult(
  dir: string,
  from: string,
  to: string,
  edit: (v: Mutable) => void,
): Promise<void> {
  const v = parse(await Deno.readTextFile(`${dir}/${from}`)) as Mutable;
  edit(v);
  await put(dir, to, encode(v));
}

function at(v: JsonValue, ...keys: (string | number)[]): Mutable {
  let x = v as unknown;
  for (const k of keys) x = (x as Record<string | number, unknown>)[k];
  return x as Mutable;
}

Deno.test("cli verify: a good result verifies; tampered ones fail naming file and field", async () => {
  await inTempDir(async (dir) => {
    await twoResults(dir);
    const flags = ["--allow-read=s.json,res"];
    const ok = await cli(dir, flags, [
      "verify",
      "--suite",
      "s.json",
      "res/greedy.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
    const digest = await sha256(await Deno.readFile(`${dir}/res/greedy.json`));
    assert.match(
      ok.out,
      new RegExp(
        `^verified: res/greedy\\.json: model greedy, 10 of 10 .*${digest}\\n$`,
      ),
    );

    await editResult(dir, "res/greedy.json", "res/action.json", (v) => {
      const step = at(v, "episodes", 0, "record", "steps", 0);
      const actions = at(step, "actions");
      actions.p1 = actions.p1 === "stay" ? "north" : "stay";
      at(step, "movements", 0).action = actions.p1;
    });
    await editResult(dir, "res/greedy.json", "res/hash.json", (v) => {
      v.evaluation_manifest_hash = "0".repeat(64);
    });
    let intField = "";
    await editResult(dir, "res/greedy.json", "res/int.json", (v) => {
      // A float field written as an integer lexeme: `0` where `0.0` belongs
      // (same value, other canonical bytes).
      for (const [i, e] of (v.episodes as JsonValue[]).entries()) {
        const safety = at(e, "metrics", "safety");
        for (const [key, x] of Object.entries(safety)) {
          if (x instanceof JsonFloat && Number.isInteger(x.value)) {
            safety[key] = x.value;
            intField = `episodes[${i}].metrics.safety.${key}`;
            return;
          }
        }
      }
    });
    await editResult(dir, "res/greedy.json", "res/metric.json", (v) => {
      at(v, "episodes", 2, "metrics", "safety").evacuated_rate = float(0.123);
    });
    assert.notEqual(intField, "", "some safety rate is integral");
    const cases: [string, RegExp][] = [
      ["res/action.json", /res\/action\.json: episodes\[0\]/],
      ["res/hash.json", /res\/hash\.json: evaluation_manifest_hash/],
      [
        "res/int.json",
        new RegExp(
          `res/int\\.json: ${
            intField.replace(/[.[\]]/g, "\\$&")
          }: .*stored (\\d+), recomputed \\1\\.0`,
        ),
      ],
      ["res/metric.json", /res\/metric\.json: episodes\[2\]\.metrics/],
    ];
    for (const [file, message] of cases) {
      const r = await cli(dir, flags, ["verify", "--suite", "s.json", file]);
      assert.equal(r.code, 1, `${file}: ${r.err}`);
      assert.match(r.err, message);
      assert.equal(r.out, "");
    }
    // The public suite is not the suite of these results.
    const wrong = await cli(dir, ["--allow-read=res"], [
      "verify",
      "res/greedy.json",
    ]);
    assert.equal(wrong.code, 1);
    assert.match(wrong.err, /res\/greedy\.json: /);
  });
});

Deno.test("cli aggregate: artifact to --out with the documented flags; broken input writes nothing", async () => {
  await inTempDir(async (dir) => {
    await twoResults(dir);
    await Deno.mkdir(`${dir}/out`);
    const flags = ["--allow-read=s.json,res,out", "--allow-write=out"];
    const r = await cli(dir, flags, [
      "aggregate",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "--out",
      "out/g.stats.json",
      "res/greedy.json",
    ]);
    assert.equal(r.code, 0, r.err);
    const bytes = await Deno.readFile(`${dir}/out/g.stats.json`);
    const artifact = parse(new TextDecoder().decode(bytes)) as Mutable;
    assert.equal(
      encode(artifact),
      new TextDecoder().decode(bytes),
      "saved canonical",
    );
    assert.equal(artifact.artifact, "aggregate");
    assert.equal(
      artifact.result_digest,
      await sha256(await Deno.readFile(`${dir}/res/greedy.json`)),
    );
    assert.equal(at(artifact, "methods", "bootstrap").resamples, 100);

    await editResult(dir, "res/greedy.json", "res/bad.json", (v) => {
      at(v, "episodes", 0, "record", "header").seed = 9;
    });
    const bad = await cli(dir, flags, [
      "aggregate",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "--out",
      "out/bad.stats.json",
      "res/bad.json",
    ]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /res\/bad\.json: episodes\[0\]/);
    assert.deepEqual(await listDir(`${dir}/out`), ["g.stats.json"]);
  });
});

Deno.test("cli compare: paired artifact; swapping A and B negates every delta", async () => {
  await inTempDir(async (dir) => {
    await twoResults(dir);
    const flags = ["--allow-read=s.json,res", "--allow-write=res"];
    const ab = await cli(dir, flags, [
      "compare",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "--out",
      "res/ab.json",
      "res/greedy.json",
      "res/stay.json",
    ]);
    assert.equal(ab.code, 0, ab.err);
    const ba = await cli(dir, ["--allow-read=s.json,res"], [
      "compare",
      "--suite",
      "s.json",
      "--resamples",
      "100",
      "res/stay.json",
      "res/greedy.json",
    ]);
    assert.equal(ba.code, 0, ba.err);
    const x = JSON.parse(await Deno.readTextFile(`${dir}/res/ab.json`));
    const y = JSON.parse(ba.out);
    assert.equal(x.artifact, "paired");
    assert.equal(x.model_a, "greedy");
    assert.equal(y.model_a, "stay");
    for (const [i, m] of x.overall.metrics.entries()) {
      const n = y.overall.metrics[i];
      assert.equal(n.metric, m.metric);
      assert.deepEqual(
        n.deltas.map((d: { delta: number }) => d.delta),
        m.deltas.map((d: { delta: number }) => (d.delta === 0 ? 0 : -d.delta)),
      );
      assert.equal(n.a_better, m.b_better);
    }

    await put(dir, "one.json", suiteText(1));
    const other = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "run",
      "--suite",
      "one.json",
      "--policy",
      "greedy",
      "--out",
      "res/one.json",
    ]);
    assert.equal(other.code, 0, other.err);
    const mixed = await cli(dir, [
      "--allow-read=s.json,res",
      "--allow-write=res",
    ], [
      "compare",
      "--suite",
      "s.json",
      "--out",
      "res/mixed.json",
      "res/greedy.json",
      "res/one.json",
    ]);
    assert.equal(mixed.code, 1);
    assert.match(mixed.err, /res\/one\.json/);
    assert.equal(await exists(`${dir}/res`, "mixed.json"), false);
  });
});

Deno.test("cli demo: writes results, statistics and the comparison; summary has no ranking", async () => {
  await inTempDir(async (dir) => {
    const r = await cli(dir, [
      "--allow-read=ember-demo",
      "--allow-write=ember-demo",
    ], [
      "demo",
      "--resamples",
      "100",
    ]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(await listDir(`${dir}/ember-demo`), [
      "compare.fire_aware-vs-greedy.json",
      "fire_aware.result.json",
      "fire_aware.stats.json",
      "greedy.result.json",
      "greedy.stats.json",
      "random.result.json",
      "random.stats.json",
      "stay.result.json",
      "stay.stats.json",
    ]);
    const paired = JSON.parse(
      await Deno.readTextFile(
        `${dir}/ember-demo/compare.fire_aware-vs-greedy.json`,
      ),
    );
    assert.equal(paired.model_a, "fire_aware");
    assert.equal(paired.model_b, "greedy");
    // Every metric appears in both tables of the summary.
    for (const m of paired.metric_definitions) {
      const rows = r.out.split("\n").filter((l) =>
        l.trimStart().startsWith(`${m.metric} `)
      );
      assert.equal(rows.length, 2, m.metric);
    }
    // Models are rows of each metric's table, in run order.
    const models = r.out.split("\n").filter((l) =>
      /^(stay|random|greedy|fire_aware) /.test(l)
    ).map((l) => l.trim().split(" ")[0]);
    assert.deepEqual(
      models,
      paired.metric_definitions.flatMap(() => [
        "stay",
        "random",
        "greedy",
        "fire_aware",
      ]),
    );
    assert.doesNotMatch(r.out, /rank(?!ed)|winner|best|score|leader/i);
    assert.ok(r.out.split("\n").every((l) => [...l].length <= 80));
    // Exit metrics have no direction, hence no A/B/tie counts.
    const exitsRow = r.out.split("\n").filter((l) =>
      l.trimStart().startsWith("exits_used ")
    )[1];
    assert.match(exitsRow ?? "", /exits_used \u00b7 +n\/a /);

    // The demo's statistics are those `aggregate` gives for its saved result.
    const again = await cli(dir, ["--allow-read=ember-demo"], [
      "aggregate",
      "--resamples",
      "100",
      "ember-demo/greedy.result.json",
    ]);
    assert.equal(again.code, 0, again.err);
    assert.deepEqual(
      again.stdout,
      await Deno.readFile(`${dir}/ember-demo/greedy.stats.json`),
    );
  });
});
