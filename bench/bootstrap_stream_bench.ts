// Throughput of the bootstrap's SHAKE-256 counter stream: the TypeScript
// reference source (noble) against Deno's native node:crypto SHAKE-256 as the
// baseline, in the same process. Read the ratio, not the absolute time.
import { createHash } from "node:crypto";
import {
  BLOCK_BYTES,
  BOOTSTRAP_DOMAIN,
  ShakeWordSource,
} from "../src/bootstrap/stream.ts";

const seed = new Uint8Array(32).fill(7);
const blocks = 256; // 1 MiB of stream
const out = new Uint8Array(BLOCK_BYTES);

function nativeBlock(k: number): Uint8Array {
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setUint32(4, k);
  return createHash("shake256", { outputLength: BLOCK_BYTES })
    .update(BOOTSTRAP_DOMAIN).update(seed).update(counter).digest();
}

// Both sources must agree before their speeds mean anything.
const ref = new ShakeWordSource(seed);
ref.fill(3, out);
if (!nativeBlock(3).every((b, i) => b === out[i])) {
  throw new Error("node:crypto SHAKE-256 block differs from the reference");
}

Deno.bench("node:crypto shake256, 1 MiB of stream", {
  group: "stream",
  baseline: true,
}, () => {
  for (let k = 0; k < blocks; k++) nativeBlock(k);
});

Deno.bench("reference ShakeWordSource (noble), 1 MiB of stream", {
  group: "stream",
}, () => {
  for (let k = 0; k < blocks; k++) ref.fill(k, out);
});
