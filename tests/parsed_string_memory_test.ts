// A string that `parse` returns must not keep alive the text it was read
// from: V8 makes a substring of 13 characters or more a view of its parent,
// and `compare` of 100,000 episodes kept each result's 14 MB of fields
// alive through one 64-character manifest hash. Each text below is 1 MiB;
// 48 of them held by their kept strings are 48 MiB of heap, where strings
// of their own are a few kilobytes.

import assert from "node:assert/strict";
import { parse } from "../src/json/canonical.ts";

const TEXTS = 48;
const PAD = 1 << 20;

/** The heap in use once V8 has collected what it can (external-memory hints). */
async function settledHeap(): Promise<number> {
  let used = Infinity;
  for (let k = 0; k < 8; k++) {
    void new ArrayBuffer(256 << 20);
    await new Promise((r) => setTimeout(r, 10));
    const now = Deno.memoryUsage().heapUsed;
    if (now >= used) break;
    used = now;
  }
  return Deno.memoryUsage().heapUsed;
}

function heldGrowth(
  kept: string[],
  make: (i: number) => string,
): Promise<number> {
  return (async () => {
    const before = await settledHeap();
    for (let i = 0; i < TEXTS; i++) {
      const value = parse(make(i)) as { s: string };
      kept.push(value.s);
      if (i % 8 === 7) await settledHeap();
    }
    return (await settledHeap()) - before;
  })();
}

Deno.test("parse: a kept string lets the text it was read from go", async () => {
  const hash = (i: number) => i.toString(16).padStart(64, "0");
  const kept: string[] = [];
  const growth = await heldGrowth(
    kept,
    (i) => `{"pad":"${"x".repeat(PAD)}","s":"${hash(i)}"}`,
  );
  assert.deepEqual(kept, Array.from({ length: TEXTS }, (_, i) => hash(i)));
  assert.ok(
    growth < (TEXTS * PAD) / 4,
    `${(growth / 2 ** 20).toFixed(1)} MiB of heap held by ${TEXTS} strings`,
  );
});
