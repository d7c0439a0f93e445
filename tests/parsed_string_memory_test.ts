// A string that `parse` returns must not keep alive the text it was read
// from: V8 makes a substring of 13 characters or more a view of its parent,
// and `compare` of 100,000 episodes kept each result's 14 MB of fields
// alive through one 64-character manifest hash. Each text below is 8 MiB;
// 24 of them held by their kept strings are 192 MiB of heap, where strings
// of their own are a few kilobytes. The heap in use also counts garbage
// that V8 has not collected yet (17 MiB once, beside other tests), so the
// limit is a third of what the texts would hold.

import assert from "node:assert/strict";
import { parse } from "../src/json/canonical.ts";

const TEXTS = 24;
const PAD = 8 << 20;
/** Eight strings of 1 MiB, the longest that `parse` reads by default. */
const padding = Array.from(
  { length: 8 },
  (_, k) => `"p${k}":"${"x".repeat(PAD / 8 - 16)}"`,
).join(",");

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

async function heldGrowth(
  kept: string[],
  make: (i: number) => string,
): Promise<number> {
  const before = await settledHeap();
  for (let i = 0; i < TEXTS; i++) {
    const value = parse(make(i)) as { s: string };
    kept.push(value.s);
    if (i % 4 === 3) await settledHeap();
  }
  return (await settledHeap()) - before;
}

Deno.test("parse: a kept string lets the text it was read from go", async () => {
  const hash = (i: number) => i.toString(16).padStart(64, "0");
  const kept: string[] = [];
  const growth = await heldGrowth(
    kept,
    (i) => `{${padding},"s":"${hash(i)}"}`,
  );
  assert.deepEqual(kept, Array.from({ length: TEXTS }, (_, i) => hash(i)));
  assert.ok(
    growth < (TEXTS * PAD) / 3,
    `${(growth / 2 ** 20).toFixed(1)} MiB of heap held by ${TEXTS} strings`,
  );
});
