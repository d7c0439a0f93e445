/**
 * The sealed sandbox, attacked as a user would: every attack is a real
 * policy file run by the real CLI. Nothing may leak: the secret's text
 * appears in no output, no file is written, no state survives into the
 * next episode or run, and no seed reaches a policy.
 */

import assert from "node:assert/strict";
import {
  CLI,
  cli,
  everyone,
  inTempDir,
  listDir,
  put,
  runPolicy,
  suiteText,
} from "./cli_support.ts";

const SECRET = "SECRET-7f3a9c";
// Two seeds no observation contains as text.
const SEEDS_SUITE = suiteText(1, ["hot"]).replace(
  '"seeds": [0]',
  '"seeds": [918273645, 564738291]',
);

/** A folder with the secret outside the policy folder `pol/`. */
async function layout(dir: string): Promise<void> {
  await Deno.mkdir(`${dir}/pol/lib`, { recursive: true });
  await Deno.mkdir(`${dir}/secret`);
  await put(dir, "secret/secret.json", `{"token": "${SECRET}"}`);
  await put(dir, "secret/secret.txt", SECRET);
  await put(dir, "secret/code.ts", `export const X = "${SECRET}";`);
  await put(dir, "s.json", SEEDS_SUITE);
}

const FLAGS = ["--allow-read=.", "--allow-run=deno,bwrap"];

function run(dir: string, policy: string, extra: string[] = []) {
  return runPolicy(dir, FLAGS, policy, extra);
}

function noLeak(r: { out: string; err: string }, what: string) {
  assert.ok(!r.out.includes(SECRET), `${what}: secret on stdout`);
  assert.ok(!r.err.includes(SECRET), `${what}: secret on stderr`);
}

const WEST = everyone("west");

Deno.test("sandbox: the graph check refuses data, outside code, symlinks, remote modules and inputs, naming the import", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    // Deno.symlink needs unscoped permissions; a child Deno has them.
    const link = await new Deno.Command("deno", {
      args: [
        "eval",
        `await Deno.symlink(${JSON.stringify(`${dir}/secret/code.ts`)}, ${
          JSON.stringify(`${dir}/pol/lib/link.ts`)
        })`,
      ],
    }).output();
    assert.ok(link.success);
    const attacks: [string, string, RegExp][] = [
      [
        "json.js",
        `import s from "../secret/secret.json" with { type: "json" };
export default (obs) => { console.error(JSON.stringify(s)); return ${WEST}; };`,
        /imports the data module .*secret\/secret\.json \(Json\); allow it with --policy-allow-data=/,
      ],
      [
        "text.js",
        `import s from "../secret/secret.txt" with { type: "text" };
export default (obs) => { console.error(s); return ${WEST}; };`,
        /imports the data module .*secret\/secret\.txt/,
      ],
      [
        "literal_dynamic.js",
        `export default async (obs) => { console.error(JSON.stringify(await import("file://${dir}/secret/secret.json", { with: { type: "json" } }))); return ${WEST}; };`,
        /imports the data module .*secret\/secret\.json/,
      ],
      [
        // The bundler folds the constant expression the graph does not list.
        "folded.js",
        `export default async (obs) => { console.error(JSON.stringify(await import("../secret/" + "secret.json", { with: { type: "json" } }))); return ${WEST}; };`,
        /secret\/secret\.json.*the module graph does not list|the module graph does not list.*secret\/secret\.json/,
      ],
      [
        "outside.js",
        `import { X } from "../secret/code.ts";
export default (obs) => { console.error(X); return ${WEST}; };`,
        /imports .*secret\/code\.ts \(real path .*\), outside the policy's folder/,
      ],
      [
        "symlink.js",
        `import { X } from "./lib/link.ts";
export default (obs) => { console.error(X); return ${WEST}; };`,
        /imports .*pol\/lib\/link\.ts \(real path .*secret\/code\.ts\), outside the policy's folder/,
      ],
      [
        "remote.js",
        `import x from "https://example.invalid/mod.js";
export default (obs) => ${WEST};`,
        /https:\/\/example\.invalid\/mod\.js/,
      ],
    ];
    for (const [name, source, message] of attacks) {
      await put(dir, `pol/${name}`, source);
      const r = await run(dir, `./pol/${name}`);
      assert.equal(r.code, 1, `${name}: ${r.err}`);
      assert.match(r.err, message, name);
      assert.equal(r.out, "", name);
      noLeak(r, name);
    }
    // An input of the command is refused even when named as data.
    await put(
      dir,
      "pol/suite.js",
      `import s from "../s.json" with { type: "json" };
export default (obs) => ${WEST};`,
    );
    const input = await run(dir, "./pol/suite.js", [
      "--policy-allow-data=s.json",
    ]);
    assert.equal(input.code, 1, input.err);
    assert.match(
      input.err,
      /--policy-allow-data s\.json is an input of this command/,
    );
    // Any other EMBER document (a result holds seeds and records) too.
    await put(
      dir,
      "old.json",
      `{"model_id": "m", "evaluation_manifest": {}, "episodes": []}`,
    );
    const old = await run(dir, "./pol/suite.js", [
      "--policy-allow-data=old.json",
    ]);
    assert.equal(old.code, 1, old.err);
    assert.match(
      old.err,
      /--policy-allow-data old\.json is an EMBER evaluation result; a policy may not read EMBER documents/,
    );
    // Named data is bundled, and the CLI says what went in.
    await put(dir, "pol/table.json", `{"dir": "west"}`);
    await put(
      dir,
      "pol/data.js",
      `import t from "./table.json" with { type: "json" };
import { W } from "./lib/w.ts";
export default (obs) => Object.fromEntries(obs.people.map((p) => [p.person_id, t.dir === W ? W : "stay"]));`,
    );
    await put(dir, "pol/lib/w.ts", `export const W: string = "west";`);
    const ok = await run(dir, "./pol/data.js", [
      "--policy-allow-data=pol/table.json",
    ]);
    assert.equal(ok.code, 0, ok.err);
    assert.match(
      ok.err,
      /policy \.\/pol\/data\.js: bundled 3 local files: pol\/data\.js, pol\/lib\/w\.ts, pol\/table\.json/,
    );
    assert.equal(
      JSON.parse(ok.out).episodes[0].record.steps[0].actions.p1,
      "west",
    );
  });
});

Deno.test("sandbox: at run time no file, remote import, env, state or seed reaches the policy", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    // Each probe is recorded; the policy answers normally so both episodes run.
    await put(
      dir,
      "pol/probe.js",
      `const r = {};
async function probe(name, f) { try { r[name] = "ALLOWED " + String(await f()); } catch (e) { r[name] = e.name; } }
let calls = 0;
export default async function (obs) {
  r.args = arguments.length;
  r.calls = ++calls;
  if (obs.step === 0) {
    const secret = ["file://${dir}/secret/", "secret.json"].join("");
    await probe("computedFile", () => import(secret, { with: { type: "json" } }));
    await probe("computedRemote", () => import(["https://esm.sh/", "preact"].join("")));
    await probe("readFile", () => Deno.readTextFile("${dir}/secret/secret.txt"));
    await probe("write", () => Deno.writeTextFile("${dir}/pwned.txt", "x"));
    await probe("env", () => Deno.env.get("EMBER_SECRET"));
    await probe("envAll", () => Object.keys(Deno.env.toObject()).length);
    await probe("fetch", () => fetch("http://127.0.0.1:8080/"));
    await probe("lsGet", () => localStorage.getItem("k"));
    await probe("lsSet", () => localStorage.setItem("k", "v"));
    await probe("caches", () => caches.open("c"));
    await probe("cwd", () => Deno.cwd());
    await probe("execPath", () => Deno.execPath());
    await probe("meta", () => import.meta.url.startsWith("blob:"));
    console.error("PROBE " + JSON.stringify(r) + " \\x1b]0;title\\x07\\x1b[2J\\r");
  }
  return ${WEST};
}`,
    );
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const r = await cli(dir, FLAGS, [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "./pol/probe.js",
        "--model-id",
        "m",
        "--concurrency",
        "2",
      ]);
      assert.equal(r.code, 0, r.err);
      runs.push(r);
    }
    for (const r of runs) {
      noLeak(r, "probe");
      assert.ok(
        !/918273645|564738291/.test(r.err),
        "no seed reaches the policy",
      );
      assert.ok(!r.err.includes("\x1b"), "escape sequences are removed");
      assert.match(r.err, /note: this suite has seeds below 2\^32/);
      const probes = [
        ...r.err.matchAll(/^policy\[episode [01]\]: PROBE (\{.*\})/gm),
      ].map((m) => JSON.parse(m[1]!));
      assert.equal(probes.length, 2, r.err);
      for (const p of probes) {
        assert.deepEqual(p, {
          args: 1,
          calls: 1,
          computedFile: "TypeError",
          computedRemote: "TypeError",
          readFile: "NotCapable",
          write: "NotCapable",
          env: "NotCapable",
          envAll: "NotCapable",
          fetch: "NotCapable",
          lsGet: "NotADirectory",
          lsSet: "NotADirectory",
          caches: "Error",
          cwd: "ALLOWED /",
          execPath: "ALLOWED /ember-policy/deno",
          meta: "ALLOWED true",
        });
      }
    }
    assert.deepEqual(await listDir(dir), ["pol", "s.json", "secret"]);
  });
});

Deno.test("sandbox: episodes share no state; a hanging async policy and a memory hog are named", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(
      dir,
      "pol/counter.js",
      `let episodes = 0;
globalThis.seen ??= 0;
export default (obs) => {
  if (obs.step === 0 && (episodes++ > 0 || globalThis.seen++ > 0)) throw new Error("state carried over");
  return ${WEST};
};`,
    );
    const shared = await run(dir, "./pol/counter.js", ["--concurrency", "2"]);
    assert.equal(shared.code, 0, shared.err);

    await put(
      dir,
      "pol/never.js",
      `export default () => new Promise(() => {});`,
    );
    const never = await run(dir, "./pol/never.js", [
      "--step-timeout-ms",
      "300",
    ]);
    assert.equal(never.code, 1);
    assert.match(
      never.err,
      /policy did not answer within 300 ms at episode 0, step 1\n/,
    );
    assert.ok(!never.err.includes("Top-level await"), never.err);
    assert.ok(!never.err.includes("data:"), never.err);
    assert.equal(never.err.match(/did not answer/g)?.length, 1, never.err);

    // What the policy writes reaches our terminal only sanitized, and a
    // flood of standard output is cut off.
    await put(
      dir,
      "pol/escape.js",
      `export default () => { throw new Error("\\x1b]0;title\\x07\\x1b[31mboom"); };`,
    );
    const escape = await run(dir, "./pol/escape.js");
    assert.equal(escape.code, 1);
    assert.match(escape.err, /the policy threw Error: boom/);
    assert.ok(!escape.err.includes("\x1b"), escape.err);
    await put(
      dir,
      "pol/flood.js",
      `export default () => { Deno.stdout.writeSync(new Uint8Array(9 * 1024 * 1024).fill(65)); return new Promise(() => {}); };`,
    );
    const flood = await run(dir, "./pol/flood.js");
    assert.equal(flood.code, 1);
    assert.match(
      flood.err,
      /protocol error at episode 0, step 1: an answer line longer than 458752 bytes/,
    );

    await put(
      dir,
      "pol/hog.js",
      `export default () => { const a = []; for (;;) a.push(new Array(1e6).fill(1)); };`,
    );
    const hog = await run(dir, "./pol/hog.js", [
      "--policy-max-memory-mb",
      "128",
      "--step-timeout-ms",
      "20000",
    ]);
    assert.equal(hog.code, 1);
    // Whichever comes first: the heap limit or the watchdog's.
    assert.match(
      hog.err,
      /over its memory limit; see --policy-max-memory-mb|memory limit: .* over --policy-max-memory-mb 128/,
    );
  });
});

Deno.test("sandbox: the CLI's own permissions are named exactly", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(dir, "pol/w.js", `export default (obs) => ${WEST};`);
    const noRun = await cli(dir, ["--allow-read=."], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./pol/w.js",
      "--model-id",
      "m",
    ]);
    assert.equal(noRun.code, 1);
    assert.ok(
      noRun.err.includes(
        `run the CLI with --allow-run=${Deno.execPath()} (this Deno), or --allow-run=deno when deno is on the PATH`,
      ),
      noRun.err,
    );
    // Deno started by a path, with no deno on the PATH: the flag named works.
    // (`deno eval` has every permission, so it may start Deno by its path.)
    const byPath = async (flags: string[]) => {
      const args = [
        "run",
        "--no-prompt",
        "--allow-read=.",
        ...flags,
        CLI,
        "run",
        "--suite",
        "s.json",
        "--policy",
        "./pol/w.js",
        "--model-id",
        "m",
        "-q",
      ];
      const launcher = `const o = await new Deno.Command(Deno.execPath(), {
  args: ${JSON.stringify(args)}, env: { PATH: "/nonexistent", NO_COLOR: "1" },
  stdout: "null",
}).output();
Deno.stderr.writeSync(o.stderr);
Deno.exit(o.code);`;
      return await new Deno.Command("deno", {
        args: ["eval", launcher],
        cwd: dir,
      }).output();
    };
    const nameOnly = await byPath(["--allow-run=deno"]);
    assert.equal(nameOnly.code, 1);
    assert.match(
      new TextDecoder().decode(nameOnly.stderr),
      new RegExp(
        `--allow-run=${
          Deno.execPath().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        } \\(this Deno\\)`,
      ),
    );
    const exactPath = await byPath([`--allow-run=${Deno.execPath()}`]);
    assert.equal(
      exactPath.code,
      0,
      new TextDecoder().decode(exactPath.stderr),
    );
    const noRead = await cli(dir, ["--allow-read=s.json", "--allow-run=deno"], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./pol/w.js",
      "--model-id",
      "m",
    ]);
    assert.equal(noRead.code, 1);
    assert.match(noRead.err, /run it with --allow-read=\.\/pol/);
    const noEnv = await cli(dir, FLAGS, [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./pol/w.js",
      "--model-id",
      "m",
      "--policy-allow-env=API_KEY",
    ]);
    assert.equal(noEnv.code, 1);
    assert.match(noEnv.err, /add --allow-env=API_KEY/);
    const exact = await cli(dir, [
      "--allow-read=pol,s.json",
      "--allow-run=deno",
    ], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "pol/w.js",
      "--model-id",
      "m",
    ]);
    assert.equal(exact.code, 0, exact.err);
  });
});

Deno.test("sandbox: a suite of random 53-bit seeds gets no small-seed note", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(
      dir,
      "big.json",
      SEEDS_SUITE.replace(
        "[918273645, 564738291]",
        "[6004799503160661, 8421010305123177]",
      ),
    );
    await put(dir, "pol/w.js", `export default (obs) => ${WEST};`);
    const r = await cli(dir, FLAGS, [
      "run",
      "--suite",
      "big.json",
      "--policy",
      "./pol/w.js",
      "--model-id",
      "m",
    ]);
    assert.equal(r.code, 0, r.err);
    // The bundling line, then the summary line: no seed note.
    assert.match(
      r.err,
      /^policy \.\/pol\/w\.js: bundled 1 local file: pol\/w\.js\nwrote standard output \([^\n]*\)\n$/,
    );
  });
});
