/**
 * Issue 19, items 1 and 7: bundling cannot read what the policy may not,
 * and the isolation is visible. Real policy files, the real CLI: each
 * computed specifier of the issue is refused before any episode, both in
 * bubblewrap's namespace (the default with `--allow-run=deno,bwrap`) and
 * in the fallback (`--policy-isolate=off`, the static scan); the isolation
 * modes say what they do in one line; a legitimate policy still runs in
 * both; the policy process sees the same PID in every episode and keeps a
 * granted local server.
 */

import assert from "node:assert/strict";
import {
  CLI,
  cli,
  everyone,
  exists,
  inTempDir,
  put,
  suiteText,
} from "./cli_support.ts";

const SECRET = "SECRET-b81d4e";
// Seeds no observation contains as text: the suite's secret.
const SEEDS = ["918273645", "564738291"];
const SUITE = suiteText(1, ["hot"]).replace(
  '"seeds": [0]',
  `"seeds": [${SEEDS.join(", ")}]`,
);
const WEST = everyone("west");

const ISOLATED = [
  "--allow-read=.",
  "--allow-write=.",
  "--allow-run=deno,bwrap",
];
const NO_BWRAP = ["--allow-read=.", "--allow-write=.", "--allow-run=deno"];

/** The tests need bubblewrap: without it they fail, naming it. */
async function needBwrap(): Promise<void> {
  let ok = false;
  try {
    ok =
      (await new Deno.Command("bwrap", { args: ["--version"], stdout: "null" })
        .output()).success;
  } catch {
    ok = false;
  }
  assert.ok(
    ok,
    "bwrap (Debian package bubblewrap) is needed by these tests; .ci/run installs it",
  );
}

/**
 * `private/suite.json` is the run's suite; `cwd.txt` sits in the CLI's
 * folder, `pol/inner.txt` in the policy's.
 */
async function layout(dir: string): Promise<void> {
  await Deno.mkdir(`${dir}/pol`);
  await Deno.mkdir(`${dir}/private`);
  await put(dir, "private/suite.json", SUITE);
  await put(dir, "cwd.txt", SECRET);
  await put(dir, "pol/inner.txt", SECRET);
}

function run(
  dir: string,
  flags: string[],
  policy: string,
  extra: string[] = [],
) {
  return cli(dir, flags, [
    "run",
    "--suite",
    "private/suite.json",
    "--policy",
    policy,
    "--model-id",
    "m",
    "--out",
    "r.json",
    ...extra,
  ], { env: { EMBER_TEST_SECRET: SECRET } });
}

/** A policy that would print what the computed import read, if it ran. */
function attack(specifier: string): string {
  return `export default async (obs) => {
  const m = await import(${specifier}, { with: { type: "bytes" } });
  console.error("LEAK " + new TextDecoder().decode(m.default));
  return ${WEST};
};`;
}

const ATTACKS: [string, string][] = [
  ["suite.js", `"../private/" + "suite.json"`],
  ["environ.js", `"/proc/self/" + "environ"`],
  ["cwd.js", `"/proc/self/cwd/" + "cwd.txt"`],
  // In the policy's own folder but not in its graph: the bundler sees only
  // the files the graph check accepted.
  ["inner.js", `"./" + "inner.txt"`],
  // Files of the system a bundler might see: the name-resolution files
  // (only the step that fetches has them) and an endless device (only
  // /dev/null is bound), which would hang the bundler.
  ["hosts.js", `"/etc/" + "hosts"`],
  ["zero.js", `"/dev/" + "zero"`],
];

const WARNING =
  /^warning: --policy-isolate=off: the policy's bundler and processes run without Linux namespaces/;

function refusedBeforeAnyEpisode(
  r: { code: number; out: string; err: string },
  name: string,
  reason: RegExp,
) {
  assert.equal(r.code, 1, `${name}: ${r.err}`);
  assert.equal(r.out, "", name);
  const lines = r.err.trimEnd().split("\n");
  const error = lines.filter((l) => l.startsWith("error:"));
  assert.equal(error.length, 1, `${name}: ${r.err}`);
  assert.match(error[0] as string, reason, name);
  for (const text of [SECRET, ...SEEDS, "LEAK"]) {
    assert.ok(!r.err.includes(text), `${name}: ${text} printed: ${r.err}`);
  }
}

Deno.test("sandbox bundle: the issue's three computed imports (and one into the policy's folder) are refused in the namespace, before any episode", async () => {
  await needBwrap();
  await inTempDir(async (dir) => {
    await layout(dir);
    for (const [name, specifier] of ATTACKS) {
      await put(dir, `pol/${name}`, attack(specifier));
      const r = await run(dir, ISOLATED, `./pol/${name}`);
      refusedBeforeAnyEpisode(
        r,
        name,
        /^error: \.\/pol\/\w+\.js: --policy: a computed import \(one the module graph does not list\) reached file:\/\/\S+, a file the policy may not read; refused$/,
      );
      // The namespace is used: no line says isolation is off.
      assert.equal(r.err.trimEnd().split("\n").length, 1, `${name}: ${r.err}`);
      assert.equal(await exists(dir, "r.json"), false, name);
    }
  });
});

Deno.test("sandbox bundle: the same three are refused by the fallback's scan, with its warning line", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    for (const [name, specifier] of ATTACKS) {
      await put(dir, `pol/${name}`, attack(specifier));
      for (const flags of [ISOLATED, NO_BWRAP]) {
        const r = await run(dir, flags, `./pol/${name}`, [
          "--policy-isolate=off",
        ]);
        refusedBeforeAnyEpisode(
          r,
          name,
          /^error: \.\/pol\/\w+\.js: --policy: pol\/\w+\.js:2: a computed import: its specifier is not one string literal .*; refused/,
        );
        const lines = r.err.trimEnd().split("\n");
        assert.equal(lines.length, 2, `${name}: ${r.err}`);
        assert.match(lines[0] as string, WARNING, name);
        assert.equal(await exists(dir, "r.json"), false, name);
      }
    }
  });
});

Deno.test("sandbox bundle: without the bubblewrap grant, required is an error and auto says so in one line and runs", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(dir, "pol/west.js", `export default (obs) => ${WEST};`);
    const required = await run(dir, NO_BWRAP, "./pol/west.js", [
      "--policy-isolate=required",
    ]);
    assert.equal(required.code, 1, required.err);
    assert.equal(
      required.err,
      "error: --policy-isolate: required, but the Linux isolation is unavailable: bwrap is not on the PATH or the CLI may not run it: install bubblewrap and add --allow-run=deno,bwrap\n",
    );
    assert.equal(await exists(dir, "r.json"), false);

    const auto = await run(dir, NO_BWRAP, "./pol/west.js", ["--quiet"]);
    assert.equal(auto.code, 0, auto.err);
    // Shown even with --quiet: it says what the sandbox cannot stop.
    assert.equal(
      auto.err,
      "note: policy isolation is off (bwrap is not on the PATH or the CLI may not run it: install bubblewrap and add --allow-run=deno,bwrap); using the fallback: static checks only (docs/security.md)\n",
    );
    assert.equal(await exists(dir, "r.json"), true);

    const bad = await run(dir, ISOLATED, "./pol/west.js", [
      "--policy-isolate=maybe",
    ]);
    assert.equal(bad.code, 2, bad.err);
    assert.match(
      bad.err,
      /--policy-isolate: "maybe" is not one of auto, required, off/,
    );
    const builtin = await cli(dir, NO_BWRAP, [
      "run",
      "--policy",
      "greedy",
      "--policy-isolate=off",
    ]);
    assert.equal(builtin.code, 2, builtin.err);
    assert.match(
      builtin.err,
      /--policy-isolate applies to a policy module only/,
    );
  });
});

Deno.test("sandbox bundle: a legitimate policy (local code, granted JSON and bytes, a literal dynamic import) runs in both modes", async () => {
  await needBwrap();
  await inTempDir(async (dir) => {
    await layout(dir);
    await Deno.mkdir(`${dir}/pol/lib`);
    await put(dir, "pol/table.json", `{"dir": "west"}`);
    await put(dir, "pol/dir.bin", "west");
    await put(dir, "pol/lib/w.ts", `export const W: string = "west";`);
    await put(
      dir,
      "pol/ok.js",
      `import t from "./table.json" with { type: "json" };
import bytes from "./dir.bin" with { type: "bytes" };
import { W } from "./lib/w.ts";
// A method named import is no import: obj.import(x).
const obj = { import: (x) => x };
export default async (obs) => {
  const again = await import("./table.json", { with: { type: "json" } });
  const d = new TextDecoder().decode(bytes) === again.default.dir && t.dir === W ? obj.import(W) : "stay";
  return Object.fromEntries(obs.people.map((p) => [p.person_id, d]));
};`,
    );
    const data = ["--policy-allow-data=pol/table.json,pol/dir.bin"];
    const results: string[] = [];
    for (const mode of ["--policy-isolate=required", "--policy-isolate=off"]) {
      await Deno.remove(`${dir}/r.json`).catch(() => {});
      const r = await run(dir, ISOLATED, "./pol/ok.js", [...data, mode]);
      assert.equal(r.code, 0, `${mode}: ${r.err}`);
      assert.match(
        r.err,
        /policy \.\/pol\/ok\.js: bundled 4 local files: pol\/dir\.bin, pol\/lib\/w\.ts, pol\/ok\.js, pol\/table\.json\n/,
      );
      assert.equal(WARNING.test(r.err), mode === "--policy-isolate=off", r.err);
      results.push(await Deno.readTextFile(`${dir}/r.json`));
    }
    // Everyone walked west in both modes: the same result bytes.
    assert.equal(results[0], results[1]);
    assert.match(results[0] as string, /"west"/);
    // Without the data grant, the bytes import is refused like JSON.
    const ungranted = await run(dir, ISOLATED, "./pol/ok.js", [
      "--policy-allow-data=pol/table.json",
    ]);
    assert.equal(ungranted.code, 1, ungranted.err);
    assert.match(
      ungranted.err,
      /imports the data module .*pol\/dir\.bin \(bytes or text\); allow it with --policy-allow-data=pol\/dir\.bin/,
    );
  });
});

Deno.test("sandbox bundle: in the namespace every episode sees the same pid and ppid, and a granted 127.0.0.1 server is reachable", async () => {
  await needBwrap();
  let hits = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => {
      hits++;
      return new Response("west");
    },
  );
  const port = server.addr.port;
  try {
    await inTempDir(async (dir) => {
      await layout(dir);
      await put(
        dir,
        "pol/net.js",
        `export default async (obs) => {
  if (obs.step === 0) {
    const d = await (await fetch("http://127.0.0.1:${port}/")).text();
    console.error("IDS " + Deno.pid + " " + Deno.ppid + " " + d);
  }
  return ${WEST};
};`,
      );
      const r = await run(dir, ISOLATED, "./pol/net.js", [
        `--policy-allow-net=127.0.0.1:${port}`,
      ]);
      assert.equal(r.code, 0, r.err);
      const ids = [...r.err.matchAll(/IDS (\d+) (\d+) west/g)].map((m) =>
        `${m[1]} ${m[2]}`
      );
      // Two episodes (two seeds), each in a fresh PID namespace.
      assert.equal(ids.length, 2, r.err);
      assert.equal(new Set(ids).size, 1, r.err);
      assert.equal(hits, 2);
    });
  } finally {
    await server.shutdown();
  }
});

/**
 * Stand-ins for `deno` and `bwrap`, first on the PATH, that log the
 * arguments and the names of the environment each call receives (as the
 * kernel got them: Python adds LC_CTYPE to its own), then run the real
 * program: the CLI starts both by name.
 */
async function recorders(dir: string): Promise<{ path: string; log: string }> {
  await Deno.mkdir(`${dir}/bin`);
  const log = `${dir}/calls.jsonl`;
  const path = Deno.env.get("PATH") ?? "";
  // The test may not stat /usr/bin: Python finds bwrap on the PATH.
  const which = await new Deno.Command("python3", {
    args: ["-c", "import shutil; print(shutil.which('bwrap') or '')"],
    stdout: "piped",
  }).output();
  const bwrap = new TextDecoder().decode(which.stdout).trim() || undefined;
  assert.ok(
    bwrap !== undefined,
    "bwrap (Debian package bubblewrap) is needed by this test",
  );
  for (const [name, real] of [["deno", Deno.execPath()], ["bwrap", bwrap]]) {
    const script = `${dir}/bin/${name}`;
    await Deno.writeTextFile(
      script,
      `#!/usr/bin/python3
import json, os, sys
with open(${JSON.stringify(log)}, "a") as f:
    f.write(json.dumps({"tool": ${
        JSON.stringify(name)
      }, "args": sys.argv[1:], "env": sorted(e.split(b"=")[0].decode() for e in open("/proc/self/environ", "rb").read().split(b"\\0") if e)}) + "\\n")
os.execv(${JSON.stringify(real)}, [${JSON.stringify(real)}] + sys.argv[1:])
`,
    );
    await Deno.chmod(script, 0o755);
  }
  return { path: `${dir}/bin:${path}`, log };
}

type Call = { tool: string; args: string[]; env: string[] };

Deno.test("sandbox bundle: the graph check and the bundler get exactly NO_COLOR, DENO_NO_UPDATE_CHECK and DENO_DIR (and the graph check the network variables the CLI may read), in the namespace and in the fallback", async () => {
  await needBwrap();
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(dir, "pol/p.js", `export default (obs) => ${WEST};`);
    const { path, log } = await recorders(dir);
    const env = {
      PATH: path,
      EMBER_TEST_SECRET: SECRET,
      HTTPS_PROXY: "http://127.0.0.1:9",
      NODE_EXTRA_CA_CERTS: "/nonexistent.pem",
    };
    const base = [
      "--allow-read=.",
      "--allow-write=.",
      "--allow-run=deno,bwrap",
    ];
    const cases: [string[], string[], string[]][] = [
      // flags, mode, the network variables the graph check gets
      [base, [], []],
      [base, ["--policy-isolate=off"], []],
      [[...base, "--allow-env=HTTPS_PROXY"], [], ["HTTPS_PROXY"]],
    ];
    const clean = ["DENO_DIR", "DENO_NO_UPDATE_CHECK", "NO_COLOR"];
    for (const [flags, mode, passed] of cases) {
      await Deno.remove(log).catch(() => {});
      // Python sets the stand-ins' PATH and starts this Deno by its path:
      // a PATH of stand-ins must not choose the CLI's own Deno.
      const launch =
        "import os, sys; os.environ['PATH'] = sys.argv[1]; os.execv(sys.argv[2], sys.argv[2:])";
      const out = await new Deno.Command("python3", {
        args: [
          "-c",
          launch,
          path,
          Deno.execPath(),
          "run",
          "--no-prompt",
          ...flags,
          CLI,
          "run",
          "--suite",
          "private/suite.json",
          "--policy",
          "./pol/p.js",
          "--model-id",
          "m",
          ...mode,
        ],
        cwd: dir,
        env: { NO_COLOR: "1", ...env, PATH: Deno.env.get("PATH") ?? "" },
        stdout: "null",
        stderr: "piped",
      }).output();
      const r = { code: out.code, err: new TextDecoder().decode(out.stderr) };
      assert.equal(r.code, 0, r.err);
      const calls = (await Deno.readTextFile(log)).trim().split("\n").map(
        (l) => JSON.parse(l) as Call,
      );
      // The graph check names the policy file; `deno info --json` alone
      // only asks where Deno's folder is.
      const graph = calls.filter((c) =>
        c.args.includes("info") && c.args.some((a) => a.endsWith("/pol/p.js"))
      );
      const bundle = calls.filter((c) => c.args.includes("bundle"));
      const where = `${flags.join(" ")} ${mode.join(" ")}`;
      assert.equal(graph.length, 1, where);
      assert.equal(bundle.length, 1, where);
      assert.equal(graph[0]!.tool, mode.length === 0 ? "bwrap" : "deno", where);
      assert.deepEqual(graph[0]!.env, [...clean, ...passed].sort(), where);
      assert.deepEqual(bundle[0]!.env, clean, where);
    }
  });
});

Deno.test("sandbox bundle: node:worker_threads Workers see the namespace's PID in every episode and Deno at a neutral path; the fallback refuses the module", async () => {
  await needBwrap();
  await inTempDir(async (dir) => {
    await layout(dir);
    // A node:worker_threads Worker is started by Deno's internals, past
    // the prelude's wrapper: only the PID namespace hides the real ID.
    await put(
      dir,
      "pol/nw.mjs",
      `import { Worker } from "node:worker_threads";
import process from "node:process";
export default async (obs) => {
  if (obs.step === 0) {
    const w = new Worker("const { parentPort } = require('node:worker_threads'); parentPort.postMessage(Deno.pid + ' ' + Deno.ppid);", { eval: true });
    const ids = await new Promise((res, rej) => { w.on("message", res); w.on("error", rej); });
    await w.terminate();
    console.error("NODEWORKER " + ids + " ARGV0 " + process.argv0 + " EXE " + Deno.execPath());
  }
  return ${WEST};
};`,
    );
    const r = await run(dir, ISOLATED, "./pol/nw.mjs");
    assert.equal(r.code, 0, r.err);
    const seen = [...r.err.matchAll(/NODEWORKER (.*)\n/g)].map((m) => m[1]);
    // bwrap's PID namespace: bwrap is 1, Deno its child 2; Deno is bound
    // at the path the prelude gives for Deno.execPath().
    assert.deepEqual(seen, [
      "2 1 ARGV0 /ember-policy/deno EXE /ember-policy/deno",
      "2 1 ARGV0 /ember-policy/deno EXE /ember-policy/deno",
    ]);
    await Deno.remove(`${dir}/r.json`);
    const off = await run(dir, ISOLATED, "./pol/nw.mjs", [
      "--policy-isolate=off",
    ]);
    assert.equal(off.code, 1, off.err);
    assert.equal(await exists(dir, "r.json"), false);
    assert.match(
      off.err,
      /^error: \.\/pol\/nw\.mjs: --policy: imports node:worker_threads, refused without the bubblewrap isolation: its Workers would see the process's real ID \(docs\/policies\.md\)$/m,
    );
    assert.doesNotMatch(off.err, /NODEWORKER/);
  });
});

Deno.test("sandbox bundle: a --policy-allow-data file under /proc, /sys or /dev is refused, even where the CLI may read it", async () => {
  await inTempDir(async (dir) => {
    await layout(dir);
    await put(dir, "pol/p.js", `export default (obs) => ${WEST};`);
    for (
      const file of [
        "/proc/self/environ",
        "/dev/zero",
        "/sys/kernel/uevent_seqnum",
      ]
    ) {
      const r = await run(dir, ["-A"], "./pol/p.js", [
        `--policy-allow-data=${file}`,
      ]);
      assert.equal(r.code, 1, r.err);
      assert.match(
        r.err,
        new RegExp(
          `^error: \\./pol/p\\.js: --policy: --policy-allow-data ${file} is under /proc, /sys or /dev \\(real path /(proc|sys|dev)/\\S+\\); a policy may import only plain files$`,
          "m",
        ),
      );
      assert.equal(await exists(dir, "r.json"), false, file);
    }
  });
});
