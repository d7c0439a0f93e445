/**
 * The host side of the AssemblyScript replay kernel (`assembly/replay.ts`):
 * an instance's exports, its memory, and the calls that place an episode,
 * play it and copy its {@linkcode Trace} out. Every function here takes the
 * instance it works on: an instance's memory holds one episode at a time
 * (`prepare` places the regions, the host writes the inputs, `run` plays
 * the episode), and what owns an instance and says which episode it holds
 * is a `ReplaySession` (`session.ts`).
 *
 * Region ids and codes are `src/kernel_codes.ts`'s, generated with the
 * kernel's from one table.
 *
 * @module
 */

import { replayWasmModule } from "../../wasm/replay_wasm.generated.ts";
import {
  R_ACTIONS,
  R_EVENT,
  R_EXIT_AT,
  R_IGNITED,
  R_IGNITION,
  R_LOG_END,
  R_OUTCOME,
  R_POSITION,
  R_RESOLUTION,
  R_STATUS,
  R_STEP_IGNITED,
  R_STEP_MOVES,
  R_STEP_TRAPPED,
  R_TRAPPED,
  R_WALL,
  RUN_STOPS,
} from "../kernel_codes.ts";
import type { Layout } from "../sim/layout.ts";
import type { ActionLog, ReplayStop, Trace } from "../sim/trace.ts";

/**
 * The replay kernel's exports (`assembly/replay.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ReplayExports, replayInstance } from "./kernel.ts";
 * const k: ReplayExports = replayInstance();
 * assert.equal(k.stepCount(), 0);
 * ```
 */
export type ReplayExports = {
  memory: WebAssembly.Memory;
  region(id: number): number;
  prepare(
    width: number,
    height: number,
    people: number,
    ignitions: number,
    entries: number,
    steps: number,
  ): number;
  run(
    maxSteps: number,
    enterFireBlocked: number,
    seed: bigint,
    threshold: bigint,
    always: number,
  ): number;
  begin(
    maxSteps: number,
    enterFireBlocked: number,
    seed: bigint,
    threshold: bigint,
    always: number,
  ): number;
  stepOnce(): number;
  regrow(entries: number, steps: number): number;
  prepareText(
    width: number,
    height: number,
    people: number,
    ignitions: number,
    entries: number,
    steps: number,
    bytes: number,
    nameBytes: number,
    names: number,
  ): number;
  readTextLog(): number;
  compareText(): number;
  checkTrace(): number;
  checkedStep(): number;
  checkedItem(): number;
  stepCount(): number;
  terminationCode(): number;
  entriesConsumed(): number;
  ignitesWord(w: bigint, threshold: bigint, always: number): number;
  streamWords(seed: bigint, id: bigint, count: number, out: number): void;
  streamUniform(seed: bigint, id: bigint, count: number, io: number): void;
};
type Exports = ReplayExports;

const STOPS: readonly ReplayStop[] = RUN_STOPS;

const TWO64 = 1n << 64n;
/**
 * The largest cell, person, code or step count: the kernel's region sizes
 * are u32 bytes, and (people + codes) · 4 must stay below 2^32 − 2^16.
 * The regeneration's host bounds its name counts by it too.
 */
export const MAX_ITEMS = 2 ** 26;

type Views = { u8: Uint8Array; i32: Int32Array };
const memoryViews = new WeakMap<Exports, Views>();

/** Views of an instance's whole memory, made again after it grows. */
function views(k: Exports): Views {
  const buffer = k.memory.buffer;
  let v = memoryViews.get(k);
  if (v === undefined || v.u8.buffer !== buffer) {
    v = { u8: new Uint8Array(buffer), i32: new Int32Array(buffer) };
    memoryViews.set(k, v);
  }
  return v;
}

/**
 * A new instance of the replay kernel, with its own memory: each
 * `ReplaySession` owns one, so that episodes in flight at once never share
 * one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayInstance } from "./kernel.ts";
 * assert.ok(replayInstance().memory !== replayInstance().memory);
 * ```
 */
export function replayInstance(): ReplayExports {
  return new WebAssembly.Instance(replayWasmModule(), {})
    .exports as unknown as ReplayExports;
}

/**
 * Views of `k`'s whole memory: the same objects until the memory grows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelViews, replayInstance } from "./kernel.ts";
 * const k = replayInstance();
 * assert.ok(kernelViews(k).u8 === kernelViews(k).u8);
 * ```
 */
export function kernelViews(k: ReplayExports): Views {
  return views(k);
}

/**
 * What `run` and `begin` take besides the regions: the checked seed and
 * threshold (2^64 travels as `always`).
 *
 * @example
 * ```ts
 * import type { KernelStart } from "./kernel.ts";
 * const start: KernelStart = { maxSteps: 5, blocked: 1, seed: 3n, threshold: 0n, always: 1 };
 * ```
 */
export type KernelStart = {
  readonly maxSteps: number;
  readonly blocked: number;
  readonly seed: bigint;
  readonly threshold: bigint;
  readonly always: number;
};

/**
 * Place the regions of `k` for an episode of `layout` with room for a log
 * of `entries` codes over `steps` steps, and write every input but the
 * log. Returns the arguments of `run` or `begin`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { loadEpisode, replayInstance } from "./kernel.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: [".."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [1, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * assert.equal(loadEpisode(replayInstance(), layoutOf(s), 3, 5, 5).always, 1);
 * ```
 */
export function loadEpisode(
  k: ReplayExports,
  layout: Layout,
  seed: number | bigint,
  entries: number,
  steps: number,
): KernelStart {
  const start = startOf(layout, seed);
  const { world } = layout;
  const cells = world.width * world.height;
  const n = world.people;
  if (
    cells > MAX_ITEMS || n > MAX_ITEMS || entries > MAX_ITEMS ||
    steps > MAX_ITEMS
  ) throw new RangeError(`episode too large for the replay kernel`);
  if (
    k.prepare(
      world.width,
      world.height,
      n,
      layout.ignitions.length,
      entries,
      steps,
    ) !== 0
  ) throw new RangeError("the replay kernel cannot grow its memory");
  writeLayout(k, layout);
  return start;
}

/** The checked arguments of `run` or `begin` for an episode of `layout`. */
function startOf(layout: Layout, seed: number | bigint): KernelStart {
  const { world } = layout;
  const s = BigInt(seed);
  if (s < 0n || s >= TWO64) throw new RangeError(`seed ${seed} is not a u64`);
  const threshold = world.threshold;
  if (threshold < 0n || threshold > TWO64) {
    throw new RangeError(`threshold ${threshold} is outside [0, 2^64]`);
  }
  const always = threshold === TWO64;
  return {
    maxSteps: world.maxSteps,
    blocked: world.enterFireBlocked ? 1 : 0,
    seed: s,
    threshold: always ? 0n : threshold,
    always: always ? 1 : 0,
  };
}

/**
 * Write the layout's inputs (walls, exits, initial cells, ignitions) into
 * the regions that `prepare` placed for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { kernelViews, replayInstance, writeLayout } from "./kernel.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: [".#"], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [], fire: { ignitions: [], spread_probability: [0, 1],
 *   enter_fire: "blocked" }, termination: { max_steps: 1 } } as unknown as Scenario;
 * const k = replayInstance();
 * k.prepare(2, 1, 0, 0, 0, 0);
 * writeLayout(k, layoutOf(s));
 * assert.deepEqual([...kernelViews(k).u8.subarray(k.region(0), k.region(0) + 2)], [0, 1]);
 * ```
 */
export function writeLayout(k: ReplayExports, layout: Layout): void {
  const { world } = layout;
  // The kernel sizes its burning list by cells: an ignition listed twice
  // (which scenario validation refuses) would overrun it.
  for (let i = 1; i < layout.ignitions.length; i++) {
    if (!(layout.ignitions[i]! > layout.ignitions[i - 1]!)) {
      throw new RangeError("the layout's ignitions are not strictly ascending");
    }
  }
  const { u8, i32 } = views(k);
  // Regions are 8-byte aligned, so an Int32Array index is the address / 4.
  u8.set(world.wall, k.region(R_WALL));
  i32.set(world.exitAt, k.region(R_EXIT_AT) >> 2);
  i32.set(layout.initialPositions, k.region(R_POSITION) >> 2);
  i32.set(layout.ignitions, k.region(R_IGNITION) >> 2);
}

/**
 * Play the episode whose inputs and log are in place (`prepare`, then
 * {@linkcode writeLayout} and the log's regions) and copy its trace out.
 * The kernel's state after `run` stays as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { kernelViews, replayInstance, runPrepared, writeLayout } from "./kernel.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: [".."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const layout = layoutOf(s);
 * const k = replayInstance();
 * k.prepare(2, 1, 1, 0, 1, 1);
 * writeLayout(k, layout);
 * kernelViews(k).u8[k.region(4)] = 4; // west
 * kernelViews(k).i32[k.region(30) >> 2] = 1;
 * const trace = runPrepared(k, layout, 0n);
 * assert.ok(trace.stop === "terminated" && trace.status[0] === 1);
 * ```
 */
export function runPrepared(
  k: ReplayExports,
  layout: Layout,
  seed: bigint,
): Trace {
  const a = startOf(layout, seed);
  const code = k.run(a.maxSteps, a.blocked, a.seed, a.threshold, a.always);
  return kernelTrace(k, code, layout.world.people);
}

/**
 * The trace that `k` holds after `run` (or `begin` and `stepOnce`) gave
 * `code`, copied out of its memory, for an episode of `people` people.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { kernelTrace, loadEpisode, replayInstance } from "./kernel.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: [".."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const k = replayInstance();
 * const a = loadEpisode(k, layoutOf(s), 0, 0, 0);
 * const code = k.run(a.maxSteps, a.blocked, a.seed, a.threshold, a.always);
 * assert.equal(kernelTrace(k, code, 1).stop, "log_ended");
 * ```
 */
export function kernelTrace(
  k: ReplayExports,
  code: number,
  people: number,
): Trace {
  const { u8, i32 } = views(k);
  const n = people;
  const steps = k.stepCount();
  const entries = k.entriesConsumed();
  const at = (id: number) => k.region(id) >> 2;
  const ignitions = i32[at(R_STEP_IGNITED) + steps]!;
  const trappedCount = i32[at(R_STEP_TRAPPED) + steps]!;
  // Only the used part of each output region, into one buffer: a stepped
  // episode's regions have room for more steps than it took.
  const ints = 3 * (steps + 1) + ignitions + trappedCount + 2 * n;
  const out = new ArrayBuffer(4 * ints + 2 * entries + n);
  let next = 0;
  // Copied by loops: the parts are short, and a view of the source for
  // each would be one more object.
  const o32 = (id: number, length: number) => {
    const a = new Int32Array(out, next, length);
    const from = at(id);
    for (let i = 0; i < length; i++) a[i] = i32[from + i]!;
    next += 4 * length;
    return a;
  };
  const o8 = (id: number, length: number) => {
    const a = new Uint8Array(out, next, length);
    const from = k.region(id);
    for (let i = 0; i < length; i++) a[i] = u8[from + i]!;
    next += length;
    return a;
  };
  const stepEntries = o32(R_STEP_MOVES, steps + 1);
  const stepIgnitions = o32(R_STEP_IGNITED, steps + 1);
  const ignited = o32(R_IGNITED, ignitions);
  const stepTrapped = o32(R_STEP_TRAPPED, steps + 1);
  const trapped = o32(R_TRAPPED, trappedCount);
  const position = o32(R_POSITION, n);
  const resolution = o32(R_RESOLUTION, n);
  const outcome = o8(R_OUTCOME, entries);
  const event = o8(R_EVENT, entries);
  const status = o8(R_STATUS, n);
  return {
    stop: STOPS[code]!,
    steps,
    termination: k.terminationCode(),
    outcome,
    event,
    stepEntries,
    stepIgnitions,
    ignited,
    stepTrapped,
    trapped,
    position,
    status,
    resolution,
  };
}

/**
 * Play `log` in `k` from the start of an episode of `layout` and copy its
 * trace out; `k` then holds that episode (the kernel's checks read it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { layoutOf } from "../sim/layout.ts";
 * import { replayInstance, replayInto } from "./kernel.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } } as unknown as Scenario;
 * const west = { codes: Uint8Array.of(4, 4), ends: Int32Array.of(1, 2) };
 * const trace = replayInto(replayInstance(), layoutOf(s), 0, west);
 * assert.ok(trace.stop === "terminated" && trace.steps === 2 && trace.status[0] === 1);
 * ```
 */
export function replayInto(
  k: ReplayExports,
  layout: Layout,
  seed: number | bigint,
  log: ActionLog,
): Trace {
  const a = loadEpisode(k, layout, seed, log.codes.length, log.ends.length);
  const { u8, i32 } = views(k);
  u8.set(log.codes, k.region(R_ACTIONS));
  i32.set(log.ends, k.region(R_LOG_END) >> 2);
  const code = k.run(a.maxSteps, a.blocked, a.seed, a.threshold, a.always);
  return kernelTrace(k, code, layout.world.people);
}

/**
 * Test seam: the first `count` words of `stream(seed, id)` computed by the
 * kernel's SplitMix64.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelStreamWords } from "./kernel.ts";
 * assert.equal(kernelStreamWords(0n, 1n, 1)[0], 0x1df5df97578d90c0n);
 * ```
 */
export function kernelStreamWords(
  seed: bigint,
  id: bigint,
  count: number,
): BigUint64Array {
  const k = seams();
  const out = scratch(k, count);
  k.streamWords(seed, id, count, out);
  return new BigUint64Array(k.memory.buffer, out, count).slice();
}

/**
 * Test seam: `uniform(k)` of `stream(seed, id)` for each bound in turn,
 * through the kernel's movement-stream rejection loop, then the stream's
 * next raw word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelUniform } from "./kernel.ts";
 * assert.deepEqual([...kernelUniform(0n, 3n, [5n, 5n, 5n]).draws], [3n, 1n, 0n]);
 * ```
 */
export function kernelUniform(
  seed: bigint,
  id: bigint,
  bounds: readonly bigint[],
): { draws: BigUint64Array; next: bigint } {
  for (const k of bounds) {
    if (k < 1n || k >= TWO64) {
      throw new RangeError(`uniform(${k}) is outside the kernel's [1, 2^64)`);
    }
  }
  const k = seams();
  const count = bounds.length;
  const io = scratch(k, count + 1);
  new BigUint64Array(k.memory.buffer, io, count).set(bounds);
  k.streamUniform(seed, id, count, io);
  const words = new BigUint64Array(k.memory.buffer, io, count + 1).slice();
  return { draws: words.subarray(0, count), next: words[count]! };
}

/**
 * Test seam: whether the kernel's fire rule ignites on word `w` for a
 * threshold in [0, 2^64] (2^64 travels as the "always" flag, as in a run).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelIgnites } from "./kernel.ts";
 * assert.equal(kernelIgnites(5n, 5n), false);
 * assert.equal(kernelIgnites(2n ** 64n - 1n, 2n ** 64n), true);
 * ```
 */
export function kernelIgnites(w: bigint, threshold: bigint): boolean {
  const always = threshold === TWO64;
  return seams().ignitesWord(w, always ? 0n : threshold, always ? 1 : 0) ===
    1;
}

// The test seams' own instance: they prepare an empty episode in it, so
// they never touch an instance that holds one.
let seamInstance: Exports | undefined;

function seams(): Exports {
  seamInstance ??= replayInstance();
  return seamInstance;
}

/** Room for `words` u64s: with an empty episode prepared, every region is empty. */
function scratch(k: Exports, words: number): number {
  if (k.prepare(0, 0, 0, 0, 0, 0) !== 0) throw new RangeError("no memory");
  const base = k.region(R_WALL);
  const need = base + words * 8;
  const have = k.memory.buffer.byteLength;
  if (need > have) k.memory.grow(Math.ceil((need - have) / 65536));
  return base;
}
