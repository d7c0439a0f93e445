/**
 * CLI as a subprocess: help, version, usage errors, `digest`, `suite` and
 * `metrics`, each with exactly the permission flags docs/cli.md documents.
 */

import assert from "node:assert/strict";
import {
  cli,
  exists,
  inTempDir,
  listDir,
  put,
  sha256,
  suiteText,
} from "./cli_support.ts";

const COMMANDS = [
  "demo",
  "run",
  "verify",
  "metrics",
  "aggregate",
  "compare",
  "suite",
  "digest",
  "summary",
  "report",
  "show",
];

Deno.test("cli: --help of every command exits 0 and shows usage and permissions", async () => {
  await inTempDir(async (dir) => {
    const general = await cli(dir, [], ["--help"]);
    assert.equal(general.code, 0, general.err);
    for (const c of COMMANDS) {
      assert.match(general.out, new RegExp(`\\n  ${c} `));
    }
    for (const c of COMMANDS) {
      const r = await cli(dir, [], [c, "--help"]);
      assert.equal(r.code, 0, `${c}: ${r.err}`);
      assert.match(r.out, new RegExp(`^Usage: .* ${c}`));
      assert.match(r.out, /Permissions:/);
      assert.equal(r.err, "");
    }
  });
});

Deno.test("cli: --version prints the package version from deno.json", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  );
  await inTempDir(async (dir) => {
    const r = await cli(dir, [], ["--version"]);
    assert.equal(r.code, 0);
    assert.ok(r.out.startsWith(`@ember/stats ${config.version} `), r.out);
  });
});

Deno.test("cli: usage errors exit 2 with the usage line and write nothing", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "a.json", "{}");
    const cases: [string[], RegExp][] = [
      [["frobnicate"], /unknown command "frobnicate"/],
      [["--out", "x"], /expected a command before "--out"/],
      [["digest", "--bogus", "a.json"], /unknown option '--bogus'/],
      [["digest"], /missing input: FILE/],
      [["digest", "a.json", "b.json"], /unexpected input: "b.json"/],
      [["digest", "--out", "o.json", "a.json"], /--out needs --canonical/],
      [
        ["aggregate", "--resamples", "99", "a.json"],
        /--resamples: expected an integer in \[100, 1000000\], got 99/,
      ],
      [
        ["aggregate", "--resamples", "1e3", "a.json"],
        /--resamples: expected an integer/,
      ],
      [["aggregate", "--resamples", "1000001", "a.json"], /--resamples/],
      [["compare", "a.json"], /missing input: B/],
      [["metrics", "a.json"], /missing --scenario/],
      [["run"], /missing --policy/],
      [["run", "--policy", "gredy"], /neither a built-in policy/],
      [["run", "--policy", "./p.ts"], /--model-id ID is required/],
      [
        ["run", "--policy", "greedy", "--model-id", "bad id"],
        /--model-id: "bad id" is not an ID/,
      ],
      [["run", "--policy", "greedy", "--resume"], /--resume needs --out/],
      [
        ["run", "--policy", "greedy", "--step-timeout-ms", "10"],
        /policy module only/,
      ],
      [[
        "run",
        "--policy",
        "./p.ts",
        "--model-id",
        "m",
        "--step-timeout-ms",
        "0",
      ], /--step-timeout-ms/],
      [
        ["suite", "--check", "a.json", "--json"],
        /--check takes no other option/,
      ],
      [["verify", "--out", "x.json", "a.json"], /unknown option '--out'/],
      [
        ["digest", "--out", "a", "--out", "b", "--canonical", "a.json"],
        /--out given more than once/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await cli(dir, ["--allow-read=.", "--allow-write=."], args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.err}`);
      assert.match(r.err, message, args.join(" "));
      assert.match(r.err, /\nUsage: /, args.join(" "));
      assert.equal(r.out, "");
    }
    assert.deepEqual(await listDir(dir), ["a.json"]);
  });
});

Deno.test("cli digest: hash of the canonical form, whatever the whitespace and key order", async () => {
  // Canonical form by hand (contract §2): keys sorted, no whitespace, `é` as
  // \u00e9, the float 1.0 keeps its `.0`, 1e-5 is written 1e-05.
  const canonical = '{"a":[1.0,"\\u00e9",1e-05],"b":{"c":null,"d":true}}';
  const expected = await sha256(new TextEncoder().encode(canonical));
  await inTempDir(async (dir) => {
    await put(
      dir,
      "doc.json",
      '{ "b" : {"d": true, "c": null},\n  "a": [1.0, "é", 0.00001] }\n',
    );
    const r = await cli(dir, ["--allow-read=doc.json"], ["digest", "doc.json"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, `${expected}\n`);

    const c = await cli(dir, ["--allow-read=doc.json"], [
      "digest",
      "--canonical",
      "doc.json",
    ]);
    assert.equal(c.code, 0, c.err);
    assert.equal(c.out, canonical);

    const o = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "digest",
      "--canonical",
      "--out",
      "canon.json",
      "doc.json",
    ]);
    assert.equal(o.code, 0, o.err);
    assert.equal(o.out, "");
    assert.equal(await Deno.readTextFile(`${dir}/canon.json`), canonical);
    assert.deepEqual(await listDir(dir), ["canon.json", "doc.json"]);

    const s = await cli(dir, [], ["digest", "-"], {
      stdin: new TextEncoder().encode(canonical),
    });
    assert.equal(s.out, `${expected}\n`);
  });
});

Deno.test("cli digest: refuses what the strict reader refuses, naming the file", async () => {
  await inTempDir(async (dir) => {
    const bad: [string, string, RegExp][] = [
      ["syntax.json", '{"a": }', /syntax\.json/],
      ["dup.json", '{"a": 1, "a": 2}', /dup\.json.*duplicate/i],
      ["unsafe.json", '{"n": 9007199254740993}', /unsafe\.json/],
      ["nan.json", '{"x": NaN}', /nan\.json/],
      ["lone.json", '["\\ud800"]', /lone\.json/],
    ];
    for (const [name, text, message] of bad) {
      await put(dir, name, text);
      const r = await cli(dir, [`--allow-read=${name}`], ["digest", name]);
      assert.equal(r.code, 1, `${name}: ${r.err}`);
      assert.match(r.err, /^error: /);
      assert.match(r.err, message);
      assert.equal(r.out, "");
    }
    const missing = await cli(dir, ["--allow-read=."], ["digest", "nope.json"]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /nope\.json: file not found/);
    const denied = await cli(dir, [], ["digest", "dup.json"]);
    assert.equal(denied.code, 1);
    assert.match(
      denied.err,
      /dup\.json: cannot read: permission not granted \(run with --allow-read=dup\.json\)/,
    );
  });
});

Deno.test("cli suite: lists the public suite with no permission; --json is canonical and round-trips", async () => {
  await inTempDir(async (dir) => {
    const list = await cli(dir, [], ["suite"]);
    assert.equal(list.code, 0, list.err);
    assert.match(list.out, /^suite emberbench-public /);
    assert.match(list.out, /suite hash +[0-9a-f]{64}\n/);

    const json = await cli(dir, [], ["suite", "--json"]);
    assert.equal(json.code, 0, json.err);
    const suite = JSON.parse(json.out);
    assert.equal(suite.suite_id, "emberbench-public");
    assert.ok(suite.scenarios.length >= 12);
    // The listing's hash is the SHA-256 of exactly these bytes.
    assert.ok(list.out.includes(`suite hash     ${await sha256(json.stdout)}`));

    await Deno.writeFile(`${dir}/public.json`, json.stdout);
    const check = await cli(dir, ["--allow-read=public.json"], [
      "suite",
      "--check",
      "public.json",
    ]);
    assert.equal(check.code, 0, check.err);
    assert.match(check.out, /^ok: public\.json: suite emberbench-public /);
    const again = await cli(dir, ["--allow-read=public.json"], [
      "suite",
      "--suite",
      "public.json",
      "--json",
    ]);
    assert.deepEqual(again.stdout, json.stdout);
  });
});

Deno.test("cli suite --check: names the file and field of a broken suite", async () => {
  await inTempDir(async (dir) => {
    const good = suiteText();
    const cases: [string, RegExp][] = [
      [
        good.replace('"schema_version": "1.0"', '"schema_version": "2.0"'),
        /scenarios\[0\]\.scenario\.schema_version/,
      ],
      [
        good.replace(
          '"seeds": [0, 1, 2, 3, 4]',
          '"seeds": [0, 9007199254740993]',
        ),
        /s\.json/,
      ],
      [
        good.replace('"max_steps": 12', '"max_steps": 12.0'),
        /scenarios\[0\]\.scenario\.termination\.max_steps/,
      ],
      [
        good.replace(
          '"suite_version": "1"',
          '"suite_version": "1", "extra": 1',
        ),
        /extra/,
      ],
      [
        good.replace(
          '"scenarios": ["hot", "cold"]',
          '"scenarios": ["hot", "nowhere"]',
        ),
        /families\[0\]\.scenarios/,
      ],
    ];
    for (const [text, field] of cases) {
      await put(dir, "s.json", text);
      const r = await cli(dir, ["--allow-read=s.json"], [
        "suite",
        "--check",
        "s.json",
      ]);
      assert.equal(r.code, 1, r.err);
      assert.match(r.err, /^error: s\.json: /);
      assert.match(r.err, field);
    }
    await put(dir, "s.json", good);
    const ok = await cli(dir, ["--allow-read=s.json"], [
      "suite",
      "--check",
      "s.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /2 scenarios, 1 families, 10 episodes/);
  });
});

Deno.test("cli metrics: one scenario and record give the metrics the result holds; broken records exit 1", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    const run = await cli(dir, ["--allow-read=s.json"], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
    ]);
    assert.equal(run.code, 0, run.err);
    const result = JSON.parse(run.out);
    const suite = JSON.parse(await Deno.readTextFile(`${dir}/s.json`));
    await put(
      dir,
      "scenario.json",
      JSON.stringify(suite.scenarios[0].scenario),
    );
    // The record's JSON holds no float, so JSON.stringify keeps it exact.
    await put(dir, "record.json", JSON.stringify(result.episodes[0].record));
    const flags = ["--allow-read=scenario.json,record.json"];
    const m = await cli(dir, flags, [
      "metrics",
      "--scenario",
      "scenario.json",
      "record.json",
    ]);
    assert.equal(m.code, 0, m.err);
    const start = run.out.indexOf('"metrics":') + '"metrics":'.length;
    assert.ok(
      run.out.slice(start).startsWith(m.out),
      "metrics differ from the result's",
    );

    // A seed written as a float, and an action the replay does not reproduce.
    const record = result.episodes[0].record;
    await put(
      dir,
      "float.json",
      JSON.stringify(record).replace(
        `"seed":${record.header.seed}`,
        `"seed":${record.header.seed}.0`,
      ),
    );
    const f = await cli(dir, ["--allow-read=scenario.json,float.json"], [
      "metrics",
      "--scenario",
      "scenario.json",
      "float.json",
    ]);
    assert.equal(f.code, 1);
    assert.match(f.err, /float\.json: header\.seed/);

    const p1 = record.steps[0].actions.p1;
    record.steps[0].actions.p1 = p1 === "stay" ? "north" : "stay";
    record.steps[0].movements[0].action = record.steps[0].actions.p1;
    await put(dir, "tampered.json", JSON.stringify(record));
    const t = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "metrics",
      "--scenario",
      "scenario.json",
      "--out",
      "m.json",
      "tampered.json",
    ]);
    assert.equal(t.code, 1);
    assert.match(t.err, /tampered\.json: steps\[0\]/);
    assert.equal(await exists(dir, "m.json"), false);
  });
});
