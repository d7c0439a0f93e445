/**
 * The policy process tells an episode nothing about its place in the run:
 * over the 13 episodes of a suite, `Deno.pid`, `Deno.ppid`, a Worker's (and
 * a nested Worker's) view of them and `Deno.memoryUsage()` at start are
 * the same, although every episode starts Workers. The spare process runs
 * no policy code before its episode. The `node:` built-ins load, and a
 * refused access names the `run` flag that grants it, never Deno's hint.
 */

import assert from "node:assert/strict";
import {
  everyone,
  inTempDir,
  put,
  runPolicy,
  suiteText,
} from "./cli_support.ts";

const FLAGS = ["--allow-read=.", "--allow-run=deno,bwrap"];
const WEST = everyone("west");

function run(dir: string, policy: string, extra: string[] = []) {
  return runPolicy(dir, FLAGS, policy, extra);
}

/** The JSON after `tag ` on each line of `err` that has it. */
function reports(err: string, tag: string): unknown[] {
  return [...err.matchAll(new RegExp(`${tag} (\\{.*\\})$`, "gm"))].map((m) =>
    JSON.parse(m[1]!)
  );
}

Deno.test("process: pid, ppid, a Worker's and a nested Worker's view, and the memory counters are equal over 13 episodes, in the namespace and in the fallback", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(13, ["hot"]));
    await put(
      dir,
      "p.js",
      `const workerSource = \`
const nested = self.name === "leaf" ? null : await new Promise((resolve) => {
  const w = new Worker("data:text/javascript," + encodeURIComponent("self.postMessage([Deno.pid, Deno.ppid])"), { type: "module", name: "leaf" });
  w.onmessage = (e) => { resolve(e.data); w.terminate(); };
});
self.postMessage({ pid: Deno.pid, ppid: Deno.ppid, nested });\`;
function inWorker(url) {
  return new Promise((resolve) => {
    const w = new Worker(url, { type: "module" });
    w.onmessage = (e) => { resolve(e.data); w.terminate(); };
    w.onerror = (e) => { e.preventDefault(); resolve("error " + e.message); };
  });
}
function memory() { try { return JSON.stringify(Deno.memoryUsage()); } catch (e) { return e.name; } }
const atStart = { pid: Deno.pid, ppid: Deno.ppid, memory: memory(), processPid: process.pid, processPpid: process.ppid };
export default async (obs) => {
  if (obs.step === 0) {
    const blob = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
    atStart.blobWorker = await inWorker(blob);
    atStart.dataWorker = await inWorker("data:text/javascript," + encodeURIComponent(workerSource));
    console.error("REPORT " + JSON.stringify(atStart));
  }
  return ${WEST};
};`,
    );
    // bwrap's PID namespace gives 2 and 1; the fallback's prelude gives
    // the same values in the process and in every Worker it wraps.
    for (const mode of [[], ["--policy-isolate=off"]]) {
      const r = await run(dir, "./p.js", mode);
      assert.equal(r.code, 0, r.err);
      assert.equal(
        r.err.includes("warning: --policy-isolate=off"),
        mode.length > 0,
      );
      const seen = reports(r.err, "REPORT");
      assert.equal(seen.length, 13, r.err);
      const worker = { pid: 2, ppid: 1, nested: [2, 1] };
      for (const report of seen) {
        assert.deepEqual(report, {
          pid: 2,
          ppid: 1,
          memory: "NotCapable",
          processPid: 2,
          processPpid: 1,
          blobWorker: worker,
          dataWorker: worker,
        }, mode.join(" "));
      }
    }
  });
});

Deno.test("process: the spare process runs no policy code before its episode begins", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(3, ["hot"]));
    // Each process stamps its top-level code and every step (wall clock,
    // fractional ms); slow steps make an episode outlast a process's
    // start-up, so a spare that loaded early would stamp inside one.
    await put(
      dir,
      "p.js",
      `const tag = crypto.randomUUID();
const stamp = (what) => console.error("STAMP " + JSON.stringify({ tag, what, t: performance.timeOrigin + performance.now() }));
stamp("load");
export default (obs) => {
  stamp("step");
  const until = performance.now() + 60;
  while (performance.now() < until);
  return ${WEST};
};`,
    );
    const r = await run(dir, "./p.js");
    assert.equal(r.code, 0, r.err);
    const stamps = reports(r.err, "STAMP") as {
      tag: string;
      what: string;
      t: number;
    }[];
    stamps.sort((a, b) => a.t - b.t);
    const order = stamps.map((s) => s.tag);
    const tags = [...new Set(order)];
    assert.equal(tags.length, 3, r.err);
    // In time order, each process's stamps are one run: load, then steps.
    for (const tag of tags) {
      const first = order.indexOf(tag);
      const last = order.lastIndexOf(tag);
      assert.ok(
        order.slice(first, last + 1).every((t) => t === tag),
        `a process ran code inside another's episode: ${
          JSON.stringify(stamps)
        }`,
      );
      assert.equal(stamps[first]!.what, "load");
    }
  });
});

Deno.test("process: node: built-ins load; what they refuse names the run flag, never Deno's hint", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1, ["hot"]));
    await put(
      dir,
      "p.js",
      `import process from "node:process";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { Buffer } from "node:buffer";
import util from "node:util";
import { EventEmitter } from "node:events";
const r = {};
function probe(name, f) { try { r[name] = f(); } catch (e) { r[name] = e.name + ": " + e.message; } }
export default (obs) => {
  if (obs.step === 0) {
    probe("execPath", () => process.execPath);
    probe("platform", () => process.platform === os.platform());
    probe("eol", () => os.EOL);
    probe("join", () => path.join("a", "b"));
    probe("hash", () => crypto.createHash("sha256").update("abc").digest("hex").slice(0, 8));
    probe("buffer", () => Buffer.from("hi").toString("base64"));
    probe("format", () => util.format("%s-%d", "a", 1));
    probe("emit", () => { const e = new EventEmitter(); let got = 0; e.on("x", (v) => { got = v; }); e.emit("x", 7); return got; });
    probe("readFile", () => fs.readFileSync("/etc/hostname", "utf8"));
    probe("env", () => process.env.HOME);
    probe("hostname", () => os.hostname());
    probe("memoryUsage", () => process.memoryUsage());
    probe("resourceUsage", () => process.resourceUsage());
    console.error("NODE " + JSON.stringify(r));
    // Deno's own message, printed as is, is retold on our standard error.
    try { Deno.readTextFileSync("/etc/hostname"); } catch (e) { console.error("RAW " + e.message); }
  }
  if (obs.step === 1) Deno.env.get("EMBER_SECRET");
  return ${WEST};
};`,
    );
    const r = await run(dir, "./p.js");
    assert.equal(r.code, 1, r.err);
    const [report] = reports(r.err, "NODE");
    const data =
      "a policy reads no file at run time: name a JSON or text file with run --policy-allow-data=PATH and import it (it is bundled before the run)";
    // Deno's hint, retold on the forwarded line (inside the JSON text too).
    assert.deepEqual(report, {
      execPath: "/ember-policy/deno",
      platform: true,
      eol: "\n",
      join: "a/b",
      hash: "ba7816bf",
      buffer: "aGk=",
      format: "a-1",
      emit: 7,
      readFile: `NotCapable: Requires read access to "/etc/hostname"; ${data}`,
      env:
        'NotCapable: Requires env access to "HOME"; a policy gets it only with run --policy-allow-env=HOME',
      hostname:
        'NotCapable: Requires sys access to "hostname"; sys access is not available to a policy',
      memoryUsage:
        "NotCapable: process.memoryUsage() is not available to a policy: it would tell one episode from another",
      resourceUsage:
        "NotCapable: process.resourceUsage() is not available to a policy: it would tell one episode from another",
    });
    assert.ok(!r.err.includes("run again with"), r.err);
    assert.ok(
      r.err.includes(
        `\npolicy[episode 0]: RAW Requires read access to "/etc/hostname"; ${data}\n`,
      ),
      r.err,
    );
    // The error reply of the policy names the flag.
    assert.match(
      r.err,
      /step 2: controller failed: \.\/p\.js: the policy threw NotCapable: Requires env access to "EMBER_SECRET"; a policy gets it only with run --policy-allow-env=EMBER_SECRET/,
    );
  });
});
