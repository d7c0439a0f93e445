// Throughput of the bootstrap's SHAKE-256 counter stream, relative to Deno's
// native node:crypto SHAKE-256 called directly (the baseline), in the same
// process: the TypeScript reference source (noble) and the native source the
// statistics use by default. Read the ratios, not the absolute times.
import { createHash } from "node:crypto";
import { NativeShakeWordSource } from "../src/bootstrap/native_source.ts";
import {
  BLOCK_BYTES,
  BOOTSTRAP_DOMAIN,
  ShakeWordSource,
} from "../src/bootstrap/stream.ts";

const seed = new Uint8Array(32).fill(7);
const blocks = 256; // 1 MiB of stream
const out = new Uint8Array(BLOCK_BYTES);
const counter = new Uint8Array(8);

function baselineBlock(k: number): Uint8Array {
  new DataView(counter.buffer).setUint32(4, k);
  return createHash("shake256", { outputLength: BLOCK_BYTES })
    .update(BOOTSTRAP_DOMAIN).update(seed).update(counter).digest();
}

const reference = new ShakeWordSource(seed);
const native = new NativeShakeWordSource(seed);

Deno.bench("node:crypto shake256 directly, 1 MiB", {
  group: "stream",
  baseline: true,
}, () => {
  for (let k = 0; k < blocks; k++) baselineBlock(k);
});

Deno.bench("NativeShakeWordSource, 1 MiB", { group: "stream" }, () => {
  for (let k = 0; k < blocks; k++) native.fill(k, out);
});

Deno.bench("reference ShakeWordSource (noble), 1 MiB", {
  group: "stream",
}, () => {
  for (let k = 0; k < blocks; k++) reference.fill(k, out);
});
