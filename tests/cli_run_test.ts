/**
 * CLI `run` as a subprocess: built-in and sandboxed user policies, policy
 * failures naming episode and step, the sandbox's denials, checkpoints,
 * SIGINT and `--resume` giving the bytes of an uninterrupted run.
 */

import assert from "node:assert/strict";
import { encode, parse } from "../src/json/canonical.ts";
import {
  cli,
  exists,
  inTempDir,
  listDir,
  put,
  spawnCli,
  suiteText,
  untilExists,
  WEST_POLICY,
} from "./cli_support.ts";

// One scenario, one seed: the cheapest suite for policy failures.
const ONE = suiteText(1, ["hot"]);

Deno.test("cli run: built-in policy to --out, with exactly the documented flags", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText());
    await Deno.mkdir(`${dir}/res`);
    const flags = ["--allow-read=s.json,res", "--allow-write=res"];
    const r = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--out",
      "res/g.json",
    ]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, "");
    assert.deepEqual(await listDir(`${dir}/res`), ["g.json"]);
    const bytes = await Deno.readFile(`${dir}/res/g.json`);
    assert.notEqual(bytes.at(-1), 10, "no trailing newline");
    const result = JSON.parse(new TextDecoder().decode(bytes));
    assert.equal(result.model_id, "greedy");
    assert.deepEqual(
      result.episodes.map((e: { index: number }) => e.index),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );

    // The same run to standard output needs no write permission and gives
    // the same bytes; with lanes, episodes that complete out of order are
    // written in order.
    for (const lanes of [[], ["--concurrency", "4"]]) {
      const stdout = await cli(dir, ["--allow-read=s.json"], [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "greedy",
        ...lanes,
      ]);
      assert.equal(stdout.code, 0, stdout.err);
      assert.deepEqual(stdout.stdout, bytes, lanes.join(" "));
    }
    // And a run part, framed, is the bytes --out writes.
    const part = ["run", "--suite", "s.json", "--policy", "greedy"];
    const shard = ["--shard", "1/3", "--concurrency", "3"];
    const partOut = await cli(dir, flags, [
      ...part,
      ...shard,
      "--out",
      "res/p.json",
    ]);
    assert.equal(partOut.code, 0, partOut.err);
    const partStdout = await cli(dir, ["--allow-read=s.json"], [
      ...part,
      ...shard,
    ]);
    assert.equal(partStdout.code, 0, partStdout.err);
    assert.deepEqual(
      partStdout.stdout,
      await Deno.readFile(`${dir}/res/p.json`),
    );
    assert.match(new TextDecoder().decode(partStdout.stdout), /^\{"result":/);
    await Deno.remove(`${dir}/res/p.json`);

    // Without read access to the output folder, it fails before running.
    const denied = await cli(
      dir,
      ["--allow-read=s.json", "--allow-write=res"],
      [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "greedy",
        "--out",
        "res/h.json",
      ],
    );
    assert.equal(denied.code, 1);
    assert.match(
      denied.err,
      /res\/h\.json: cannot write: permission not granted \(run with --allow-read=res --allow-write=res\)/,
    );
    assert.equal(await exists(`${dir}/res`, "h.json"), false);

    // A missing output folder is refused before running, too.
    const nowhere = await cli(dir, ["--allow-read=.", "--allow-write=."], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--out",
      "nowhere/g.json",
    ]);
    assert.equal(nowhere.code, 1);
    assert.match(
      nowhere.err,
      /nowhere\/g\.json: cannot write: directory "nowhere" does not exist/,
    );
    assert.deepEqual(await listDir(dir), ["res", "s.json"]);
  });
});

Deno.test("cli run: a user module runs sandboxed and gives a verifiable result", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText());
    await put(dir, "west.js", WEST_POLICY);
    const r = await cli(dir, [
      "--allow-read=.",
      "--allow-write=.",
      "--allow-run=deno",
    ], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./west.js",
      "--model-id",
      "west",
      "--out",
      "west.json",
    ]);
    assert.equal(r.code, 0, r.err);
    const result = JSON.parse(await Deno.readTextFile(`${dir}/west.json`));
    assert.equal(result.episodes.length, 10);
    // Step 1 of every episode: both people asked to go west.
    for (const e of result.episodes) {
      assert.deepEqual(e.record.steps[0].actions, { p1: "west", p2: "west" });
    }
    const v = await cli(dir, ["--allow-read=s.json,west.json"], [
      "verify",
      "--suite",
      "s.json",
      "west.json",
    ]);
    assert.equal(v.code, 0, v.err);
  });
});

Deno.test("cli run: a failing user policy exits 1 naming episode and step, writing nothing", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", ONE);
    const policies: [string, string, RegExp][] = [
      [
        "throws.js",
        `export default function (obs) { if (obs.step === 0) throw new Error("boom"); return {}; }`,
        /episode 0.*step 1: controller failed: \.\/throws\.js: the policy threw Error: boom \(at .*<policy bundle>/,
      ],
      [
        "hangs.js",
        `export default function () { for (;;) {} }`,
        /episode 0.*step 1.*hangs\.js: policy did not answer within 300 ms at episode 0, step 1$/m,
      ],
      [
        "malformed.js",
        `export default function (obs) { return Object.fromEntries(obs.people.map((p) => [p.person_id, "up"])); }`,
        /episode 0.*step 1: action "up" for p1 is not one of stay, north, east, south, west/,
      ],
      [
        "wrong_people.js",
        `export default function () { return { p1: "stay", p2: "stay", ghost: "west" }; }`,
        /episode 0.*step 1: action for "ghost", who is not an active person/,
      ],
      [
        "missing_person.js",
        `export default function () { return { p1: "stay" }; }`,
        /episode 0.*step 1: no action for active person p2/,
      ],
      [
        "nothing.js",
        `export default function () {}`,
        /episode 0.*step 1: expected an object of actions, found null/,
      ],
      [
        "no_default.js",
        `export const policy = 1;`,
        /no_default\.js: the module has no default export function/,
      ],
    ];
    for (const [name, source, message] of policies) {
      await put(dir, name, source);
      const r = await cli(dir, ["--allow-read=.", "--allow-run=deno"], [
        "run",
        "--suite",
        "s.json",
        "--policy",
        `./${name}`,
        "--model-id",
        "m",
        "--step-timeout-ms",
        "300",
      ]);
      assert.equal(r.code, 1, `${name}: ${r.err}`);
      assert.match(r.err, /^error: model m, /m, name);
      assert.match(r.err, message, name);
      assert.equal(r.out, "", name);
    }
    assert.deepEqual(await listDir(dir), [
      "hangs.js",
      "malformed.js",
      "missing_person.js",
      "no_default.js",
      "nothing.js",
      "s.json",
      "throws.js",
      "wrong_people.js",
    ]);
  });
});

Deno.test("cli run: the user policy gets no permission at all", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", ONE);
    // Each attempt is recorded; any success would say ALLOWED.
    await put(
      dir,
      "leaky.js",
      `export default async function () {
  const r = [];
  try { Deno.readTextFileSync("s.json"); r.push("read:ALLOWED"); } catch (e) { r.push("read:" + e.name); }
  try { Deno.writeTextFileSync("x.txt", "x"); r.push("write:ALLOWED"); } catch (e) { r.push("write:" + e.name); }
  try { await fetch("http://127.0.0.1:8080/"); r.push("net:ALLOWED"); } catch (e) { r.push("net:" + e.name); }
  try { Deno.env.get("HOME"); r.push("env:ALLOWED"); } catch (e) { r.push("env:" + e.name); }
  try { new Deno.Command("/bin/sh", { args: ["-c", "true"] }).outputSync(); r.push("run:ALLOWED"); } catch (e) { r.push("run:" + e.name); }
  throw new Error(r.join(" "));
}`,
    );
    const r = await cli(dir, [
      "--allow-read=.",
      "--allow-write=.",
      "--allow-env",
      "--allow-net",
      "--allow-run=deno",
    ], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./leaky.js",
      "--model-id",
      "leaky",
    ]);
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      /read:NotCapable write:NotCapable net:NotCapable env:NotCapable run:NotCapable/,
    );
    assert.equal(await exists(dir, "x.txt"), false);
  });
});

Deno.test("cli run: a policy error keeps the checkpoint; --resume with a fixed policy finishes it", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText());
    // Fails in episode 5 (the first of scenario "cold") at step 2.
    await put(
      dir,
      "flaky.js",
      `export default function (obs) {
  if (obs.scenario_id === "cold" && obs.step === 1) throw new Error("flaky");
  return Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
}`,
    );
    await put(dir, "fixed.js", WEST_POLICY);
    const flags = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];
    const base = [
      "run",
      "--suite",
      "s.json",
      "--model-id",
      "m",
      "--out",
      "r.json",
    ];
    const failed = await cli(dir, flags, [...base, "--policy", "./flaky.js"]);
    assert.equal(failed.code, 1, failed.err);
    assert.match(failed.err, /episode 5\b.*step 2.*flaky/);
    assert.match(
      failed.err,
      /5 completed episodes are saved in r\.json; continue with --resume/,
    );
    const partial = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.deepEqual(partial.episodes.map((e: { index: number }) => e.index), [
      0,
      1,
      2,
      3,
      4,
    ]);

    const resumed = await cli(dir, flags, [
      ...base,
      "--policy",
      "./fixed.js",
      "--resume",
    ]);
    assert.equal(resumed.code, 0, resumed.err);
    const full = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--model-id",
      "m",
      "--policy",
      "./fixed.js",
    ]);
    assert.equal(full.code, 0, full.err);
    assert.deepEqual(await Deno.readFile(`${dir}/r.json`), full.stdout);
  });
});

Deno.test("cli run: SIGINT stops with exit 130 and a valid checkpoint; --resume gives the uninterrupted bytes", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText());
    // 20 ms per step: slow enough to interrupt between episodes.
    await put(
      dir,
      "slow.js",
      `export default async function (obs) {
  await new Promise((r) => setTimeout(r, 20));
  return Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]));
}`,
    );
    const flags = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];
    const args = [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./slow.js",
      "--model-id",
      "slow",
      "--out",
      "part.json",
    ];
    const child = spawnCli(dir, flags, args);
    // The first checkpoint is written after the first episode.
    await untilExists(dir, "part.json", 20);
    child.kill("SIGINT");
    const stopped = await child.output();
    const err = new TextDecoder().decode(stopped.stderr);
    assert.equal(stopped.code, 130, err);
    assert.match(
      err,
      /interrupted: \d+ completed episodes are saved in part\.json/,
    );
    const text = await Deno.readTextFile(`${dir}/part.json`);
    assert.equal(encode(parse(text)), text, "the checkpoint is canonical");
    const partial = JSON.parse(text);
    assert.ok(
      partial.episodes.length >= 1 && partial.episodes.length < 10,
      String(partial.episodes.length),
    );
    assert.deepEqual(
      (await listDir(dir)).filter((n) => n.endsWith(".tmp")),
      [],
      "no temporary file left",
    );

    const resumed = await cli(dir, flags, [...args, "--resume"]);
    assert.equal(resumed.code, 0, resumed.err);
    const full = await cli(dir, flags, [
      ...args.slice(0, -2),
      "--out",
      "full.json",
    ]);
    assert.equal(full.code, 0, full.err);
    assert.deepEqual(
      await Deno.readFile(`${dir}/part.json`),
      await Deno.readFile(`${dir}/full.json`),
    );
  });
});

Deno.test("cli run --resume: refuses a checkpoint of another model or suite, naming file and field", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    await put(dir, "t.json", suiteText(2));
    const flags = ["--allow-read=.", "--allow-write=."];
    const first = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--out",
      "g.json",
    ]);
    assert.equal(first.code, 0, first.err);
    const before = await Deno.readFile(`${dir}/g.json`);

    const model = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "stay",
      "--out",
      "g.json",
      "--resume",
    ]);
    assert.equal(model.code, 1);
    assert.match(model.err, /g\.json: model_id: cannot resume/);
    const suite = await cli(dir, flags, [
      "run",
      "--suite",
      "t.json",
      "--policy",
      "greedy",
      "--out",
      "g.json",
      "--resume",
    ]);
    assert.equal(suite.code, 1);
    assert.match(suite.err, /g\.json: evaluation_manifest_hash: cannot resume/);
    assert.deepEqual(await Deno.readFile(`${dir}/g.json`), before);

    // A complete result resumes to itself.
    const again = await cli(dir, flags, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "greedy",
      "--out",
      "g.json",
      "--resume",
    ]);
    assert.equal(again.code, 0, again.err);
    assert.deepEqual(await Deno.readFile(`${dir}/g.json`), before);
  });
});
