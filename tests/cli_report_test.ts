/**
 * `summary`, `report` and `show` as subprocesses, with exactly the
 * documented permissions, on the cross-check fixtures (results and
 * artifacts written by scripts/*.py and the package).
 */

import assert from "node:assert/strict";
import {
  encodeBytes,
  type JsonObject,
  parseBytes,
} from "../src/json/canonical.ts";
import { cli, exists, inTempDir } from "./cli_support.ts";

const FIXTURES = new URL("./fixtures/statistics/", import.meta.url).pathname;
const AGGREGATES = ["stay", "greedy", "fire_aware_missing"].map((m) =>
  `expected_aggregate_${m}_r100.json`
);
const PAIRED = "expected_paired_fire_aware__greedy_r100.json";

async function copy(dir: string, name: string): Promise<void> {
  await Deno.copyFile(`${FIXTURES}${name}`, `${dir}/${name}`);
}

/** Write a fixture with one change, keeping its floats (strict parser value). */
async function edited(
  dir: string,
  name: string,
  as: string,
  edit: (o: Record<string, unknown>) => void,
): Promise<void> {
  const value = parseBytes(await Deno.readFile(`${FIXTURES}${name}`));
  edit(value as Record<string, unknown>);
  await Deno.writeFile(`${dir}/${as}`, encodeBytes(value));
}

Deno.test("cli summary: tables of several aggregates and a paired artifact, read-only permissions", async () => {
  await inTempDir(async (dir) => {
    for (const n of [...AGGREGATES, PAIRED]) await copy(dir, n);
    const files = [...AGGREGATES, PAIRED];
    const r = await cli(dir, [`--allow-read=${files.join(",")}`], [
      "summary",
      ...files,
    ]);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split("\n");
    assert.ok(lines.every((l) => [...l].length <= 80));
    // Models are the rows of each metric block, in the order given.
    const heading = lines.findIndex((l) => l.startsWith("casualty_rate "));
    assert.deepEqual(
      lines.slice(heading + 3, heading + 6).map((l) => l.split(" ")[0]),
      ["stay", "greedy", "fire_aware_missing"],
    );
    assert.match(
      r.out,
      /^Paired comparison, overall: A = fire_aware, B = greedy/m,
    );
    assert.doesNotMatch(r.out, /winner|rank(?!ed)|best/i);
  });
});

Deno.test("cli summary and report: mixed manifests, bad artifacts and usage errors fail closed", async () => {
  await inTempDir(async (dir) => {
    await copy(dir, AGGREGATES[1]!);
    await copy(dir, "expected_aggregate_greedy_other_r100.json");
    const mixed = [AGGREGATES[1]!, "expected_aggregate_greedy_other_r100.json"];
    const s = await cli(dir, [`--allow-read=.`], ["summary", ...mixed]);
    assert.equal(s.code, 1);
    assert.match(
      s.err,
      /^error: expected_aggregate_greedy_other_r100\.json: evaluation_manifest_hash: artifacts of different evaluation manifests/,
    );
    assert.equal(s.out, "");
    const r = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "report",
      "--out",
      "r.html",
      ...mixed,
    ]);
    assert.equal(r.code, 1);
    assert.equal(await exists(dir, "r.html"), false);

    await edited(dir, AGGREGATES[1]!, "bad.json", (o) => {
      (o.overall as Record<string, unknown>).kind = "scenario";
    });
    const bad = await cli(dir, ["--allow-read=bad.json"], [
      "summary",
      "bad.json",
    ]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.err,
      /^error: bad\.json: overall\.kind: expected one of|^error: bad\.json: overall\.kind: expected "overall"/,
    );

    const none = await cli(dir, [], ["summary"]);
    assert.equal(none.code, 2);
    assert.match(none.err, /missing input: ARTIFACT/);
    const noRead = await cli(dir, [], ["summary", AGGREGATES[1]!]);
    assert.equal(noRead.code, 1);
    assert.match(noRead.err, /--allow-read=/);
  });
});

Deno.test("cli report: self-contained page, every figure drawn, free text escaped", async () => {
  await inTempDir(async (dir) => {
    for (const n of [...AGGREGATES, PAIRED]) await copy(dir, n);
    const evil = "</script><img src=x onerror=alert(1)>\u2028";
    await edited(dir, AGGREGATES[0]!, "evil.json", (o) => {
      o.model_id = evil;
    });
    await Deno.mkdir(`${dir}/out`);
    const files = ["evil.json", AGGREGATES[1]!, PAIRED];
    const r = await cli(dir, [
      `--allow-read=${files.join(",")},out`,
      "--allow-write=out",
    ], ["report", "--out", "out/report.html", ...files]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, "");
    const html = await Deno.readTextFile(`${dir}/out/report.html`);
    // 12 metrics x (one forest plot for the pair + one means plot).
    assert.equal(html.match(/<svg[^>]* class="plot-[0-9a-f]+"/g)?.length, 24);
    assert.ok(!html.includes("<script"), "the report needs no script");
    assert.ok(!html.includes(evil) && !html.includes("<img"));
    assert.ok(
      html.includes("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"),
    );
    // Nothing is loaded from elsewhere: no src, no href but an in-page
    // fragment, no url(), no @import.
    assert.doesNotMatch(html, /<[^>]*\s(src=|href=(?!"#[^"]+"))|url\(|@import/);
    assert.match(html, /default-src 'none'/);
    // The audit names each artifact's digest, computed here independently.
    const bytes = await Deno.readFile(`${dir}/${PAIRED}`);
    const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
    assert.ok(html.includes(hex));
    assert.doesNotMatch(html, /winner|ranking/i);

    // Without --out the page goes to standard output.
    const stdout = await cli(dir, [`--allow-read=${PAIRED}`], [
      "report",
      PAIRED,
    ]);
    assert.equal(stdout.code, 0, stdout.err);
    assert.match(stdout.out, /^<!doctype html>/);
  });
});

Deno.test("cli report: contents link every metric section; every link resolves; every plot has its axis at top and bottom", async () => {
  await inTempDir(async (dir) => {
    for (const n of [...AGGREGATES, PAIRED]) await copy(dir, n);
    await Deno.mkdir(`${dir}/out`);
    const files = [...AGGREGATES, PAIRED];
    const r = await cli(dir, [
      `--allow-read=${files.join(",")},out`,
      "--allow-write=out",
    ], ["report", "--out", "out/report.html", ...files]);
    assert.equal(r.code, 0, r.err);
    const html = await Deno.readTextFile(`${dir}/out/report.html`);
    // The metric list, read here from the artifact itself.
    const artifact = JSON.parse(await Deno.readTextFile(`${dir}/${PAIRED}`));
    const metrics = (artifact.metric_definitions as { metric: string }[]).map(
      (d) => d.metric,
    );
    assert.equal(metrics.length, 12);
    const nav = html.match(/<nav id="contents"[^]*?<\/nav>/)?.[0] ?? "";
    const tocTargets = [...nav.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(tocTargets, [
      ...metrics.map((m) => `metric-${m}`),
      "robustness",
      "missing",
      "audit",
    ]);
    // Each metric's section carries that id and is headed by the metric.
    for (const m of metrics) {
      assert.match(
        html,
        new RegExp(
          `<section class="metric" id="metric-${m}">\\s*<h2>${m}</h2>`,
        ),
      );
    }
    // Every in-page link anywhere in the page names an id that exists once.
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, "ids are unique");
    const hrefs = [...html.matchAll(/\shref="#([^"]+)"/g)].map((m) => m[1]);
    for (const h of hrefs) assert.ok(ids.includes(h), `#${h} has no target`);
    // A link back to the top closes each metric section and the three after.
    assert.equal(
      hrefs.filter((h) => h === "top").length,
      metrics.length + 3,
    );
    // Each plot draws its x axis twice, ticks pointing up (the top axis)
    // and down (the bottom one), with the same tick labels. Where they sit
    // on the page is measured in the browser (browser_test.ts).
    const svgs = [...html.matchAll(
      /<svg[^>]* class="plot-[0-9a-f]+"[^]*?<\/svg>/g,
    )].map((m) => m[0]);
    assert.equal(svgs.length, 24);
    for (const svg of svgs) {
      const ticks = (d: string) => svg.split(`<path d="${d}"`).length - 1;
      assert.ok(ticks("M0,0L0,-6") >= 1, "a top axis");
      assert.equal(ticks("M0,0L0,-6"), ticks("M0,0L0,6"));
      const labels = svg.split('aria-label="x-axis tick label"').slice(1).map(
        (part) =>
          [...part.split("</g>")[0]!.matchAll(/>([^<]*)<\/text>/g)].map(
            (t) => t[1],
          ),
      );
      assert.equal(labels.length, 2);
      assert.deepEqual(labels[0], labels[1]);
    }
  });
});

Deno.test("cli report: each forest-plot row is coloured by the side its interval favours, computed here", async () => {
  await inTempDir(async (dir) => {
    await copy(dir, PAIRED);
    const r = await cli(dir, [`--allow-read=${PAIRED}`], ["report", PAIRED]);
    assert.equal(r.code, 0, r.err);
    const json = JSON.parse(await Deno.readTextFile(`${dir}/${PAIRED}`));
    const sections = r.out.split('<section class="metric"').slice(1);
    assert.equal(sections.length, 12);
    const groups = [json.overall, ...json.scenarios, ...json.families];
    json.metric_definitions.forEach(
      (def: { metric: string; direction: string | null }, m: number) => {
        const section = sections[m]!;
        for (const g of groups) {
          const e = g.metrics[m];
          const ci = e.mean_delta_ci;
          let expected: string;
          if (def.direction === null) expected = "descriptive";
          else if (ci === null) expected = "no interval (n &lt; 5)";
          else if (def.direction === "higher" ? ci.lower > 0 : ci.upper < 0) {
            expected = "favours A (fire_aware)";
          } else if (def.direction === "higher" ? ci.upper < 0 : ci.lower > 0) {
            expected = "favours B (greedy)";
          } else expected = "interval includes 0";
          const label = g.kind === "overall"
            ? "overall"
            : `${g.kind} ${g.name}`;
          if (e.statistics.mean === null) continue;
          const title = section.match(
            new RegExp(`<title>${label}: [^<]*</title>`),
          )?.[0];
          assert.ok(
            title?.endsWith(`, ${expected}</title>`),
            `${def.metric} ${label}: ${title}`,
          );
        }
      },
    );
    // Both sides and the neutral case occur in this fixture.
    assert.match(r.out, /, favours A \(fire_aware\)<\/title>/);
    assert.match(r.out, /, interval includes 0<\/title>/);
  });
});

type Fixture = {
  scenarios: {
    scenario: {
      scenario_id: string;
      grid: string[];
      exits: { position: [number, number] }[];
      people: { position: [number, number] }[];
      fire: { ignitions: [number, number][] };
    };
  }[];
};

Deno.test("cli show --text: the first frame is the scenario as drawn by hand; one frame per snapshot", async () => {
  await inTempDir(async (dir) => {
    await copy(dir, "result_greedy.json");
    await copy(dir, "suite.json");
    const r = await cli(dir, ["--allow-read=result_greedy.json,suite.json"], [
      "show",
      "--suite",
      "suite.json",
      "--episode",
      "8",
      "--text",
      "result_greedy.json",
    ]);
    assert.equal(r.code, 0, r.err);
    // Episode 8 is two_exits_fire, seed 3; 5 steps in the fixture.
    assert.match(r.out, /^scenario two_exits_fire, seed 3, 5 steps/);
    const suite = JSON.parse(
      await Deno.readTextFile(`${dir}/suite.json`),
    ) as Fixture;
    const sc = suite.scenarios[1]!.scenario;
    const grid: string[][] = sc.grid.map((row) =>
      [...row].map((c) => c === "#" ? "#" : ".")
    );
    for (const e of sc.exits) grid[e.position[0]]![e.position[1]] = "E";
    for (const [y, x] of sc.fire.ignitions) grid[y]![x] = "F";
    for (const p of sc.people) grid[p.position[0]]![p.position[1]] = "@";
    const lines = r.out.split("\n");
    const at = lines.indexOf("step 0: 5 active (0 trapped), 1 burning");
    assert.ok(at > 0, r.out);
    assert.deepEqual(
      lines.slice(at + 1, at + 1 + grid.length),
      grid.map((g) => g.join("")),
    );
    assert.equal(lines.filter((l) => /^step \d+: /.test(l)).length, 6);
  });
});

Deno.test("cli show: tampered records, missing episodes and wrong options are refused, no page written", async () => {
  await inTempDir(async (dir) => {
    await copy(dir, "suite.json");
    await edited(dir, "result_greedy.json", "tampered.json", (o) => {
      const ep = (o.episodes as Record<string, unknown>[])[8]!;
      const steps = (ep.record as Record<string, unknown>).steps as Record<
        string,
        unknown
      >[];
      const actions = steps[0]!.actions as Record<string, string>;
      const id = Object.keys(actions)[0]!;
      actions[id] = actions[id] === "stay" ? "north" : "stay";
    });
    const flags = ["--allow-read=.", "--allow-write=."];
    const base = ["show", "--suite", "suite.json", "--out", "e.html"];
    const t = await cli(dir, flags, [
      ...base,
      "--episode",
      "8",
      "tampered.json",
    ]);
    assert.equal(t.code, 1);
    assert.match(t.err, /^error: tampered\.json: /);
    assert.equal(await exists(dir, "e.html"), false);
    // Another episode of the same file is intact and shows.
    const ok = await cli(dir, flags, [
      ...base,
      "--episode",
      "0",
      "tampered.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(await exists(dir, "e.html"), true);
    await Deno.remove(`${dir}/e.html`);

    await copy(dir, "result_fire_aware_missing.json");
    const result = JSON.parse(
      await Deno.readTextFile(`${dir}/result_fire_aware_missing.json`),
    );
    const present = new Set(
      result.episodes.map((e: { index: number }) => e.index),
    );
    const absent = [...Array(30).keys()].find((i) => !present.has(i))!;
    const m = await cli(dir, flags, [
      ...base,
      "--episode",
      String(absent),
      "result_fire_aware_missing.json",
    ]);
    assert.equal(m.code, 1);
    assert.match(
      m.err,
      new RegExp(`episodes: episode ${absent} is scheduled but missing`),
    );
    const far = await cli(dir, flags, [
      ...base,
      "--episode",
      "30",
      "result_fire_aware_missing.json",
    ]);
    assert.equal(far.code, 1);
    assert.match(
      far.err,
      /no manifest index 30: the manifest schedules 30 episodes/,
    );
    const publicSuite = await cli(dir, flags, [
      "show",
      "result_fire_aware_missing.json",
    ]);
    assert.equal(publicSuite.code, 1);
    assert.match(
      publicSuite.err,
      /evaluation_manifest_hash: the result is not of the suite emberbench-public/,
    );
    const usage = await cli(dir, flags, [
      "show",
      "--scenario",
      "s.json",
      "--episode",
      "1",
      "r.json",
    ]);
    assert.equal(usage.code, 2);
    assert.equal(await exists(dir, "e.html"), false);
  });
});

Deno.test("cli show --scenario: a record of a scenario; its texts escaped in the page and the JSON", async () => {
  await inTempDir(async (dir) => {
    const result = JSON.parse(
      await Deno.readTextFile(`${FIXTURES}result_greedy.json`),
    );
    const suite = JSON.parse(await Deno.readTextFile(`${FIXTURES}suite.json`));
    const scenario = suite.scenarios[0].scenario;
    scenario.description = "</script><script>alert(1)</script>\u2028";
    // The description is part of the scenario hash: re-run to get the record.
    await Deno.writeTextFile(`${dir}/s.json`, JSON.stringify(scenario));
    await Deno.writeTextFile(
      `${dir}/stale.json`,
      JSON.stringify(result.episodes[0].record),
    );
    const stale = await cli(dir, ["--allow-read=s.json,stale.json"], [
      "show",
      "--scenario",
      "s.json",
      "stale.json",
    ]);
    assert.equal(stale.code, 1);
    assert.match(stale.err, /^error: stale\.json: header\.scenario_hash/);

    const { parseScenario, scenarioHash } = await import(
      "../src/scenario/scenario.ts"
    );
    const { replayActions } = await import("../src/sim/simulator.ts");
    const parsed = parseScenario(
      parseBytes(new TextEncoder().encode(JSON.stringify(scenario))),
    );
    const actions = result.episodes[0].record.steps.map((
      s: { actions: unknown },
    ) => s.actions);
    const record = replayActions(
      parsed,
      0,
      actions,
      await scenarioHash(parsed),
    );
    await Deno.writeFile(
      `${dir}/r.json`,
      encodeBytes(record as unknown as JsonObject),
    );
    const r = await cli(dir, ["--allow-read=s.json,r.json"], [
      "show",
      "--scenario",
      "s.json",
      "r.json",
    ]);
    assert.equal(r.code, 0, r.err);
    const html = r.out;
    assert.equal(
      html.match(/<script/g)?.length,
      2,
      "the data element and the viewer's script",
    );
    assert.ok(!html.includes("\u2028"));
    assert.ok(!html.includes("</script><script>alert"));
    const json = html.slice(
      html.indexOf('id="episode">') + 13,
      html.indexOf("</script>"),
    );
    assert.equal(JSON.parse(json).description, scenario.description);
  });
});
