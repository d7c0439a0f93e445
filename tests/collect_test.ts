// The reclaims of src/collect.ts: they collect at once (what the peaks of
// the large commands rest on), and they leave no `gc` behind them for any
// context or worker made later.
import assert from "node:assert/strict";
import { getHeapSpaceStatistics } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  collectAfter,
  collected,
  gcFunction,
  reclaim,
  reclaimAfter,
  reclaimGrown,
  reclaimPastResident,
  residentCeiling,
} from "../src/collect.ts";
import { inTempDir } from "./cli_support.ts";

/**
 * A weak reference to an object that nothing else holds, once the job that
 * made it is over (V8 keeps a WeakRef's target to the end of that job).
 */
async function orphan(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ payload: new Array(1000).fill(7) });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return ref;
}

Deno.test("reclaim collects an unreachable object at once", async () => {
  const ref = await orphan();
  reclaim();
  assert.equal(ref.deref(), undefined);
});

Deno.test("collected collects an unreachable object before it resolves", async () => {
  const ref = await orphan();
  await collected(0);
  assert.equal(ref.deref(), undefined);
});

/** The committed bytes of V8's young generation (its semispaces). */
function youngBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!
    .space_size;
}

/**
 * Make V8 grow its young generation: objects that survive scavenge after
 * scavenge (about 100 MB of them, held to the end, then dropped).
 */
function growYoung(): void {
  let held: object[][] = [];
  for (let i = 0; i < 100; i++) {
    held.push(Array.from({ length: 20_000 }, (_, j) => ({ j, s: `x${j}` })));
  }
  held = [];
  assert.equal(held.length, 0);
}

for (
  const [name, collect] of [
    ["reclaim", reclaim],
    ["reclaimGrown", reclaimGrown],
    ["collected after 64 MiB of work", () => collected(0, 64 << 20)],
  ] as const
) {
  Deno.test(`${name} shrinks V8's young generation`, async () => {
    growYoung();
    const grown = youngBytes();
    assert.ok(grown >= 16 << 20, `young generation ${grown} bytes`);
    await collect();
    const after = youngBytes();
    assert.ok(after <= grown / 4, `${grown} bytes, then ${after}`);
  });
}

Deno.test("collected after less than 64 MiB of work only hints: the young generation stays", async () => {
  growYoung();
  const grown = youngBytes();
  assert.ok(grown >= 16 << 20, `young generation ${grown} bytes`);
  await collected(0, (64 << 20) - 1);
  assert.ok(youngBytes() > grown / 2, `${grown} bytes, then ${youngBytes()}`);
});

Deno.test("reclaimAfter reclaims at 4 MiB of garbage once the young generation has grown", async () => {
  growYoung();
  const grown = youngBytes();
  const ref = await orphan();
  reclaimAfter((4 << 20) - 1);
  assert.notEqual(ref.deref(), undefined, "a reclaim before 4 MiB");
  // deref keeps the target to the end of this job.
  await new Promise((resolve) => setTimeout(resolve, 0));
  reclaimAfter(1);
  assert.equal(ref.deref(), undefined);
  assert.ok(youngBytes() <= grown / 4, `${grown} bytes, then ${youngBytes()}`);
});

// The resident set is injected: 208 MiB is the documented trigger
// (docs/scale.md), and a reclaim moves it to 32 MiB above what the reclaim
// left (as the injected reader then says), never below 208 MiB.
const MiB = 1 << 20;

/** A reader of the resident set that says `bytes`, and counts its calls. */
function says(bytes: number): (() => number) & { calls: number } {
  const read = Object.assign(() => {
    read.calls++;
    return bytes;
  }, { calls: 0 });
  return read;
}

Deno.test("the resident set is not looked at before 64 MiB of work in the process", () => {
  // Off until asked for (the CLI's process asks).
  assert.equal(residentCeiling(true), false);
  // The tests above counted 4 MiB of work (reclaimAfter's).
  const read = says(208 * MiB);
  collectAfter(MiB, read);
  reclaimPastResident(MiB, read);
  reclaimGrown(read);
  assert.equal(read.calls, 0);
  collectAfter(58 * MiB - 1, read);
  assert.equal(read.calls, 0);
  // 64 MiB in all.
  reclaimPastResident(1, read);
  assert.equal(read.calls, 2, "a look, a reclaim, and the look after it");
});

Deno.test("with the ceiling off, the resident set is not looked at", () => {
  assert.equal(residentCeiling(false), true);
  try {
    const read = says(Number.MAX_SAFE_INTEGER);
    collectAfter(MiB, read);
    reclaimPastResident(MiB, read);
    reclaimGrown(read);
    assert.equal(read.calls, 0);
  } finally {
    residentCeiling(true);
  }
});

/**
 * Set the trigger back to 208 MiB, whatever earlier reclaims (with the
 * real resident set) made it: a reclaim that leaves 100 MiB.
 */
function resetTrigger(): void {
  residentCeiling(true);
  // 64 MiB of work counted, if the test above did not run.
  reclaimPastResident(64 * MiB, () => undefined);
  let calls = 0;
  collectAfter(
    MiB,
    () => calls++ === 0 ? Number.MAX_SAFE_INTEGER : 100 * MiB,
  );
  assert.equal(calls, 2);
}

Deno.test("collectAfter below its trigger only hints: the young generation stays", () => {
  resetTrigger();
  growYoung();
  const grown = youngBytes();
  assert.ok(grown >= 16 << 20, `young generation ${grown} bytes`);
  const read = says(208 * MiB - 1);
  collectAfter(4 * MiB, read);
  assert.equal(read.calls, 1);
  assert.ok(youngBytes() > grown / 2, `${grown} bytes, then ${youngBytes()}`);
});

Deno.test("collectAfter looks at the resident set after every MiB, and reclaims at its trigger", async () => {
  resetTrigger();
  growYoung();
  const grown = youngBytes();
  const ref = await orphan();
  const read = says(208 * MiB);
  collectAfter(MiB - 1, read);
  assert.equal(read.calls, 0, "a look before a MiB");
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectAfter(1, read);
  assert.equal(ref.deref(), undefined);
  assert.ok(youngBytes() <= grown / 4, `${grown} bytes, then ${youngBytes()}`);
});

Deno.test("after a reclaim that left 1 GiB, collectAfter waits for 32 MiB more, then for 208 MiB again", () => {
  const high = 1024 * MiB;
  resetTrigger();
  growYoung();
  collectAfter(MiB, says(high));
  growYoung();
  let grown = youngBytes();
  assert.ok(grown >= 16 << 20, `young generation ${grown} bytes`);
  collectAfter(MiB, says(high + 32 * MiB - 1));
  assert.ok(youngBytes() > grown / 2, "a reclaim below 1 GiB + 32 MiB");
  // This reclaim leaves 100 MiB: the trigger is 208 MiB again.
  let calls = 0;
  collectAfter(MiB, () => calls++ === 0 ? high + 32 * MiB : 100 * MiB);
  assert.ok(youngBytes() <= grown / 4, `${grown} bytes, then ${youngBytes()}`);
  growYoung();
  grown = youngBytes();
  collectAfter(MiB, says(208 * MiB - 1));
  assert.ok(youngBytes() > grown / 2, "a reclaim below 208 MiB");
  collectAfter(MiB, says(208 * MiB));
  assert.ok(youngBytes() <= grown / 4, `${grown} bytes, then ${youngBytes()}`);
});

Deno.test("reclaimGrown reclaims past the resident trigger even when the young generation is small", async () => {
  resetTrigger();
  assert.ok(youngBytes() < 16 << 20, `young generation ${youngBytes()} bytes`);
  const ref = await orphan();
  reclaimGrown(says(208 * MiB));
  assert.equal(ref.deref(), undefined);
});

Deno.test("reclaimPastResident reclaims at its trigger, and below it does nothing", async () => {
  resetTrigger();
  growYoung();
  const grown = youngBytes();
  const ref = await orphan();
  reclaimPastResident(MiB, says(208 * MiB - 1));
  assert.notEqual(ref.deref(), undefined, "a collection below 208 MiB");
  assert.ok(youngBytes() > grown / 2, `${grown} bytes, then ${youngBytes()}`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  reclaimPastResident(MiB, says(208 * MiB));
  assert.equal(ref.deref(), undefined);
  assert.ok(youngBytes() <= grown / 4, `${grown} bytes, then ${youngBytes()}`);
});

Deno.test("after a reclaim, no context or worker made later has a gc", async () => {
  assert.equal(typeof gcFunction(), "function");
  reclaim();
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, "undefined");
  assert.equal(runInNewContext("typeof gc"), "undefined");
  const url = URL.createObjectURL(
    new Blob(["postMessage(typeof gc);"], { type: "text/javascript" }),
  );
  const worker = new Worker(url, { type: "module" });
  try {
    const seen = await new Promise((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message));
    });
    assert.equal(seen, "undefined");
  } finally {
    worker.terminate();
    URL.revokeObjectURL(url);
  }
});

Deno.test("the CLI's own process (runProcess) turns the ceiling on; importing the CLI does not", async () => {
  await inTempDir(async (dir) => {
    const script = `${dir}/entry.ts`;
    const main = new URL("../src/cli/main.ts", import.meta.url).href;
    const collect = new URL("../src/collect.ts", import.meta.url).href;
    await Deno.writeTextFile(
      script,
      `import { runProcess } from ${JSON.stringify(main)};
import { residentCeiling } from ${JSON.stringify(collect)};
addEventListener("unload", () => console.log("at exit", residentCeiling(true)));
console.log("imported", residentCeiling(false));
await runProcess();
`,
    );
    const out = await new Deno.Command("deno", {
      args: ["run", "-A", script, "--version"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    assert.equal(lines[0], "imported false");
    assert.equal(lines.at(-1), "at exit true");
  });
});
