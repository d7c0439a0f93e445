/**
 * `--policy-max-memory-mb` bounds the policy process's resident memory,
 * heap and off-heap together: `ArrayBuffer`s and a `WebAssembly.Memory`
 * (outside V8's heap, which `--max-old-space-size` alone bounds) are
 * stopped at the bound, through the host's watchdog (a CLI without `-A`)
 * and through a memory cgroup (a CLI with `-A`, as root). The run then
 * stops as any policy failure does.
 */

import assert from "node:assert/strict";
import {
  cli,
  everyone,
  inTempDir,
  put,
  suiteText,
  WEST_POLICY,
} from "./cli_support.ts";

const BOUND_MB = 256;
// The host's resident size before the policy allocates, at most: measured
// 61–64 MiB on Deno 2.9.6 with the watchdog Worker (2026-12-07: a policy
// holding 196 MiB was stopped, one holding 192 MiB was not). The hog holds
// at BOUND_MB - START_RSS_MAX_MB allocated for HOLD_MS, which proves the
// crossing comes later (a start-up size over this stops it in the hold, and
// the test says so); the latency is counted from the hold's end.
const START_RSS_MAX_MB = 72;
const HOLD_AT_MB = BOUND_MB - START_RSS_MAX_MB;
// As long as the bound on the latency: a crossing in the hold is stopped
// before the hold ends, unless the watchdog is too slow anyway.
const HOLD_MS = 250;
// The policy allocates CHUNK_MB at a time, touched, in a synchronous loop
// (only another thread or the kernel can stop it), as fast as it can. From
// the hold to the crossing it allocates what the start-up size is under
// START_RSS_MAX_MB, about 10 MiB: the time that takes (12 ms a chunk here,
// twice that on a loaded machine) is in the latency as measured, so the
// margin under START_RSS_MAX_MB is kept small. (Assuming a start-up size of
// 100 MiB without a hold put 40 MiB there, and a loaded CI machine measured
// 305 ms for a stop that took a few tens.)
const CHUNK_MB = 4;

const WEST = everyone("west");

// Hogs in the "cold" scenario only, at its second step: the "hot"
// episodes come first in the manifest and complete.
function hog(kind: "buffers" | "wasm"): string {
  const grow = kind === "buffers"
    ? `const b = new Uint8Array(${CHUNK_MB} << 20); b.fill(1); keep.push(b);`
    : `const from = memory.buffer.byteLength; memory.grow(${
      CHUNK_MB * 16
    }); new Uint8Array(memory.buffer).fill(1, from);`;
  return `export default (obs) => {
  if (obs.scenario_id === "cold" && obs.step === 1) {
    const keep = [];
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
    const now = () => performance.timeOrigin + performance.now();
    for (let mb = ${CHUNK_MB}; mb <= 4096; mb += ${CHUNK_MB}) {
      ${grow}
      console.error("ALLOC " + mb + " " + now());
      if (mb === ${HOLD_AT_MB}) {
        const from = now();
        while (now() - from < ${HOLD_MS}) {}
        console.error("HELD " + now());
      }
    }
  }
  return ${WEST};
};`;
}

/** The MiB the policy had allocated when it was stopped. */
function allocated(err: string): number {
  const stamps = [...err.matchAll(/ALLOC (\d+) /g)].map((m) => Number(m[1]));
  assert.ok(stamps.length > 0, err.slice(-2000));
  return stamps[stamps.length - 1]!;
}

/** Upper bound of the time from crossing the bound to the kill, in ms. */
function killLatencyMs(err: string): number {
  const stamps = [...err.matchAll(/ALLOC (\d+) ([\d.]+)/g)].map((m) => ({
    mb: Number(m[1]),
    t: Number(m[2]),
  }));
  assert.ok(stamps.length > 1, err.slice(-2000));
  const last = stamps[stamps.length - 1]!;
  assert.ok(
    last.mb < BOUND_MB + 64,
    `allocated ${last.mb} MiB before the kill`,
  );
  const held = /HELD ([\d.]+)/.exec(err);
  assert.ok(
    held !== null,
    `stopped in the hold at ${HOLD_AT_MB} MiB allocated: the host's start-up size is over START_RSS_MAX_MB (${START_RSS_MAX_MB} MiB) here; measure it and raise the constant\n${
      err.slice(-2000)
    }`,
  );
  // The process died after its last stamp and before the next one would
  // have come: allow twice the mean time between stamps (the gap over the
  // hold left out).
  const gaps = stamps.slice(1).map((s, i) => ({
    mb: s.mb,
    ms: s.t - stamps[i]!.t,
  })).filter((g) => g.mb !== HOLD_AT_MB + CHUNK_MB);
  const step = gaps.reduce((sum, g) => sum + g.ms, 0) / gaps.length;
  return last.t + 2 * step - Number(held[1]);
}

const ARGS = [
  "run",
  "--suite",
  "s.json",
  "--policy",
  "./hog.js",
  "--model-id",
  "m",
  "--out",
  "r.json",
  "--policy-max-memory-mb",
  `${BOUND_MB}`,
  "--step-timeout-ms",
  "20000",
];

async function attack(
  flags: string[],
  kind: "buffers" | "wasm",
  message: RegExp,
): Promise<void> {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(2));
    await put(dir, "hog.js", hog(kind));
    const r = await cli(dir, flags, ARGS);
    assert.equal(r.code, 1, r.err.slice(-2000));
    assert.match(
      r.err,
      /model m, episode 2: scenario cold, seed 0, step 2: controller failed: \.\/hog\.js: memory limit: /,
    );
    assert.ok(
      message.test(r.err),
      message === CGROUP && WATCHDOG.test(r.err)
        ? "no memory cgroup was made: this test needs root and a writable memory controller (cgroup v1 at /sys/fs/cgroup/memory, or v2 delegating memory)"
        : r.err.slice(-2000),
    );
    assert.match(
      r.err,
      /2 completed episodes are saved in r\.json; continue with --resume/,
    );
    if (message === WATCHDOG) {
      const latency = killLatencyMs(r.err);
      // The bound is a quarter of a second from crossing to kill; the
      // watchdog polls every 10 ms (measured: 50-70 ms, allocation from the
      // hold to the crossing and two chunks' margin included).
      assert.ok(latency < 250, `${latency} ms from crossing to kill`);
      // EMBER_SHOW_LATENCY=1 prints the figure, for the record of a run.
      if (Deno.env.get("EMBER_SHOW_LATENCY")) {
        console.log(`${kind}: ${latency.toFixed(1)} ms`);
      }
    } else {
      // The kernel stops the allocation that crosses the cgroup's bound, so
      // there is no latency to measure, only what was allocated: never the
      // bound. (Its start-up pages count where the kernel still moves
      // charges with a process, cgroup v1's move_charge_at_immigrate; where
      // it does not, only what the policy allocates counts, and the crossing
      // comes about 60 MiB after the hold, not the watchdog's few: at 12 ms
      // a 4 MiB chunk, 180 ms later.)
      assert.ok(allocated(r.err) <= BOUND_MB, r.err.slice(-2000));
    }
    const saved = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.deepEqual(saved.episodes.map((e: { index: number }) => e.index), [
      0,
      1,
    ]);
    // The run resumes from there with a policy that stays under the bound.
    await put(dir, "hog.js", WEST_POLICY);
    const resumed = await cli(dir, flags, [...ARGS, "--resume"]);
    assert.equal(resumed.code, 0, resumed.err);
    const whole = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.equal(whole.episodes.length, 4);
  });
}

const WATCHDOG_FLAGS = [
  "--allow-read=.",
  "--allow-write=.",
  "--allow-run=deno",
];
const WATCHDOG =
  /resident memory reached \d+ MiB, over --policy-max-memory-mb 256 \(heap, buffers and WebAssembly memory together\); it was stopped\n/;
const CGROUP =
  /went over --policy-max-memory-mb 256 \(heap, buffers and WebAssembly memory together\) and the kernel stopped it\n/;

Deno.test("memory: ArrayBuffers past the bound are stopped by the watchdog (CLI without -A)", async () => {
  await attack(WATCHDOG_FLAGS, "buffers", WATCHDOG);
});

Deno.test("memory: a WebAssembly.Memory past the bound is stopped by the watchdog (CLI without -A)", async () => {
  await attack(WATCHDOG_FLAGS, "wasm", WATCHDOG);
});

Deno.test("memory: ArrayBuffers past the bound are stopped by the memory cgroup (CLI with -A, root)", async () => {
  await attack(["-A"], "buffers", CGROUP);
});

Deno.test("memory: a WebAssembly.Memory past the bound is stopped by the memory cgroup (CLI with -A, root)", async () => {
  await attack(["-A"], "wasm", CGROUP);
});

Deno.test("memory: a policy under the bound is not stopped, with the watchdog or the cgroup", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(1));
    await put(
      dir,
      "small.js",
      `const keep = [];
export default (obs) => {
  if (obs.step === 0) { const b = new Uint8Array(96 << 20); b.fill(1); keep.push(b); }
  return ${WEST};
};`,
    );
    for (const flags of [WATCHDOG_FLAGS, ["-A"]]) {
      const r = await cli(dir, flags, [
        "run",
        "--suite",
        "s.json",
        "--policy",
        "./small.js",
        "--model-id",
        "m",
        "--policy-max-memory-mb",
        `${BOUND_MB}`,
      ]);
      assert.equal(r.code, 0, `${flags}: ${r.err}`);
      assert.equal(JSON.parse(r.out).episodes.length, 2);
    }
  });
});
