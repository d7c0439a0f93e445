// The reclaims of src/collect.ts: they collect at once (what the peaks of
// the large commands rest on), and they leave no `gc` behind them for any
// context or worker made later.
import assert from "node:assert/strict";
import { getHeapSpaceStatistics } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  collected,
  gcFunction,
  reclaim,
  reclaimAfter,
  reclaimGrown,
} from "../src/collect.ts";

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
