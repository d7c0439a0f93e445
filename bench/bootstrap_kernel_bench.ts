// The bootstrap's stream and draws, kernel against reference, in one
// process (read the ratios, not the absolute times):
// - "stream": 1 MiB of SHAKE-256 counter blocks from the WebAssembly
//   kernel, from Deno's native node:crypto SHAKE-256 (the baseline), and
//   from the TypeScript reference (noble);
// - "draws": 2^20 index draws and sums at n = 104 (one public-suite
//   overall interval), kernel against the TypeScript reference path.
// bench/bootstrap_rates.ts sets the kernel beside OpenSSL via Python's
// hashlib and beside scipy.
import { createHash } from "node:crypto";
import { kernelByName } from "../src/bootstrap/kernel.ts";
import {
  BLOCK_BYTES,
  BOOTSTRAP_DOMAIN,
  ShakeWordSource,
} from "../src/bootstrap/stream.ts";

const seed = new Uint8Array(32).fill(7);
const blocks = 256; // 1 MiB of stream
const out = new Uint8Array(BLOCK_BYTES);
const counter = new Uint8Array(8);

function nativeBlock(k: number): Uint8Array {
  new DataView(counter.buffer).setUint32(4, k);
  return createHash("shake256", { outputLength: BLOCK_BYTES })
    .update(BOOTSTRAP_DOMAIN).update(seed).update(counter).digest();
}

const reference = new ShakeWordSource(seed);
const wasm = kernelByName("wasm")(seed, 104).source;

Deno.bench("node:crypto shake256, 1 MiB", {
  group: "stream",
  baseline: true,
}, () => {
  for (let k = 0; k < blocks; k++) nativeBlock(k);
});

Deno.bench("wasm kernel, 1 MiB", { group: "stream" }, () => {
  for (let k = 0; k < blocks; k++) wasm.fill(k, out);
});

Deno.bench("reference (noble), 1 MiB", { group: "stream" }, () => {
  for (let k = 0; k < blocks; k++) reference.fill(k, out);
});

const n = 104;
const values = Float64Array.from({ length: n }, (_, i) => i % 7);
const R = Math.ceil(2 ** 20 / n);
const sums = new Float64Array(R);

for (const name of ["reference", "wasm"] as const) {
  Deno.bench(`${name}: 2^20 draws at n = 104`, {
    group: "draws",
    baseline: name === "reference",
  }, () => {
    kernelByName(name)(seed, n).resample(values, sums, null, 0, R);
  });
}
