// deno-lint-ignore-file no-explicit-any
/**
 * The strict artifact reader and the text summary, on the cross-check
 * fixtures of tests/fixtures/statistics (written by scripts/*.py): the
 * figures in the tables are compared with the fixture's own numbers, read
 * with JSON.parse and formatted here.
 */

import assert from "node:assert/strict";
import { float, parseBytes } from "../src/json/canonical.ts";
import { checkSameManifest, readArtifact } from "../src/report/artifact.ts";
import { renderSummary } from "../src/report/summary_text.ts";

const DIR = new URL("./fixtures/statistics/", import.meta.url);

async function raw(name: string) {
  return await Deno.readFile(new URL(name, DIR));
}

async function view(name: string, edit?: (o: Record<string, unknown>) => void) {
  const bytes = await raw(name);
  if (edit === undefined) return await readArtifact(parseBytes(bytes), name);
  // The strict parser's value keeps floats as floats; edit it in place.
  const value = parseBytes(bytes);
  edit(value as Record<string, unknown>);
  return await readArtifact(value, name);
}

function fixed(x: number): string {
  const t = x.toFixed(4);
  return t === "-0.0000" ? "0.0000" : t;
}

Deno.test("summary: each model's row shows the fixture's mean, interval and counts", async () => {
  const names = [
    "expected_aggregate_stay_r100.json",
    "expected_aggregate_fire_aware_missing_r100.json",
  ];
  const views = await Promise.all(names.map((n) => view(n)));
  const text = renderSummary(views);
  const lines = text.split("\n");
  for (const name of names) {
    const json = JSON.parse(new TextDecoder().decode(await raw(name)));
    json.overall.metrics.forEach((m: Record<string, any>, i: number) => {
      // The block of metric i starts at its heading; rows follow it.
      const head = lines.findIndex((l) => l.startsWith(`${m.metric} `));
      assert.ok(head >= 0, m.metric);
      const row = lines.slice(head).find((l) =>
        l.startsWith(`${json.model_id} `)
      );
      const cells = (row ?? "").split(/ {2,}/);
      const mean = m.statistics.mean === null
        ? "\u2014"
        : fixed(m.statistics.mean);
      const ci = m.mean_ci === null
        ? "\u2014"
        : `[${fixed(m.mean_ci.lower)}, ${fixed(m.mean_ci.upper)}]`;
      assert.deepEqual(cells.map((c) => c.trim()), [
        json.model_id,
        mean,
        ci,
        String(m.statistics.n),
        String(m.missing),
        String(m.undefined),
      ], `${json.model_id} ${m.metric} (${i})`);
    });
  }
  // fire_aware_missing misses 10 of the 30 scheduled episodes.
  assert.match(
    text,
    /^fire_aware_missing +0\.9717 +\[0\.9433, 0\.9960\] +20 +10 +0$/m,
  );
  assert.ok(lines.every((l) => [...l].length <= 80));
  assert.match(text, /not ranked/);
  assert.match(text, /30 scheduled episodes of 4 fixed scenarios/);
  assert.match(text, /100 resamples/);
});

Deno.test("summary: paired rows give A/B/tie, the mean delta and its interval; n/a without direction", async () => {
  const name = "expected_paired_fire_aware__greedy_r100.json";
  const text = renderSummary([await view(name)]);
  const json = JSON.parse(new TextDecoder().decode(await raw(name)));
  for (const m of json.overall.metrics) {
    const row = text.split("\n").find((l) => l.startsWith(`${m.metric} `));
    const wins = m.a_better === null
      ? "n/a"
      : `${m.a_better}/${m.b_better}/${m.ties}`;
    const ci = m.mean_delta_ci === null
      ? "\u2014"
      : `[${fixed(m.mean_delta_ci.lower)}, ${fixed(m.mean_delta_ci.upper)}]`;
    assert.deepEqual((row ?? "").split(/ {2,}/).slice(1).map((c) => c.trim()), [
      wins,
      fixed(m.statistics.mean),
      ci,
      String(m.statistics.n),
      String(m.undefined),
    ], m.metric);
  }
  // By hand from the fixture: exit_balance is defined in 16 of 30 pairs.
  assert.match(
    text,
    /^exit_balance \u00b7 +n\/a +-0\.2093 +\[-0\.3975, -0\.0714\] +16 +14$/m,
  );
});

Deno.test("summary: long model IDs wrap instead of overflowing; control characters are escaped", async () => {
  const long = "a-model-with-a-very-long-identifier-\u001b[2J-\u009b";
  const v = await view("expected_aggregate_stay_r100.json", (o) => {
    o.model_id = long;
  });
  const text = renderSummary([v]);
  assert.ok(text.split("\n").every((l) => [...l].length <= 80));
  assert.ok(!text.includes("\u001b") && !text.includes("\u009b"));
  assert.match(
    text,
    /^a-model-with-a-very-long-identifier-\\u\{1b\}\[2J-\\u\{9b\}$/m,
  );
});

Deno.test("reader: refuses unknown and mistyped fields, foreign metric definitions, naming file and field", async () => {
  const name = "expected_aggregate_greedy_r100.json";
  await assert.rejects(
    view(name, (o) => {
      o.extra = 1;
    }),
    {
      name: "StatisticsInputError",
      message: `${name}: extra: unknown field`,
    },
  );
  await assert.rejects(
    view(name, (o: any) => {
      o.overall.metrics[0].observed = "30";
    }),
    {
      message:
        `${name}: overall.metrics[0].observed: expected an integer, found string "30"`,
    },
  );
  await assert.rejects(
    view(name, (o: any) => {
      o.metric_definitions[1].direction = "higher";
    }),
    {
      message:
        `${name}: metric_definitions: expected exactly the metric definitions of statistics 1.0`,
    },
  );
  await assert.rejects(
    view(name, (o: any) => {
      o.scenarios[0].kind = "family";
    }),
    {
      message: /scenarios\[0\]\.kind: expected "scenario"/,
    },
  );
  await assert.rejects(
    view(name, (o: any) => {
      o.overall.metrics.reverse();
    }),
    {
      message: /overall\.metrics\[0\]\.metric: expected "evacuated_rate"/,
    },
  );
  await assert.rejects(
    readArtifact(parseBytes(new TextEncoder().encode("[]")), "x.json"),
    { message: "x.json: expected an object, found an array" },
  );
});

Deno.test("reader: artifacts of two manifests are refused together", async () => {
  const a = await view("expected_aggregate_greedy_r100.json");
  const b = await view("expected_aggregate_greedy_other_r100.json");
  assert.throws(() => checkSameManifest([a, b]), {
    name: "StatisticsInputError",
    message:
      /^expected_aggregate_greedy_other_r100\.json: evaluation_manifest_hash: artifacts of different evaluation manifests/,
  });
  checkSameManifest([
    a,
    await view("expected_paired_fire_aware__greedy_r100.json"),
  ]);
});

Deno.test("reader: the constants contract §12 fixes in methods and intervals are checked", async () => {
  const name = "expected_aggregate_greedy_r100.json";
  const refused = async (
    edit: (o: any) => void,
    message: string,
  ) =>
    await assert.rejects(view(name, edit), {
      name: "StatisticsInputError",
      message: `${name}: ${message}`,
    });
  await refused((o) => {
    o.methods.quantiles = "hyndman_fan_type_6";
  }, 'methods.quantiles: expected "hyndman_fan_type_7"');
  await refused((o) => {
    o.methods.bootstrap.stream = 1;
  }, "methods.bootstrap.stream: expected a string, found integer 1");
  await refused((o) => {
    o.methods.bootstrap.min_n = 4;
  }, "methods.bootstrap.min_n: expected 5");
  await refused((o) => {
    o.overall.metrics[0].mean_ci.method = "bca";
  }, 'overall.metrics[0].mean_ci.method: expected "percentile_bootstrap"');
  await refused((o) => {
    o.scenarios[1].metrics[2].mean_ci.level = float(0.9);
  }, "scenarios[1].metrics[2].mean_ci.level: expected 0.95");
  await refused((o) => {
    o.overall.metrics[0].mean_ci.level = 0;
  }, "overall.metrics[0].mean_ci.level: expected a float, found integer 0");
});
