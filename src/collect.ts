/**
 * Hints to the garbage collector, and collections that give memory back.
 * No verdict or value depends on them, only the peak memory does; the
 * verifier hints between records and reclaims between documents, and the
 * statistics reclaim after the summaries of large groups.
 *
 * Verifying one large episode builds tens of megabytes of objects (the
 * record, stage 2, the metrics, the reference replay) that are garbage once
 * the episode is decided, and a result's text is garbage once it is proved
 * or copied out; the exact statistics of a group of 100,000 values leave
 * as much in short-lived BigInts. V8 lets its old generation grow to a
 * multiple of the live size before it collects it, so that garbage piles
 * up: that, not the live data, set the peak memory of `verify` (a 30 MB
 * result peaked at 209 MB of RSS with a live heap of about 45 MB).
 *
 * Two ways to ask, at two costs:
 *
 * - A hint ({@linkcode collectAfter}): a large `ArrayBuffer`, allocated and
 *   dropped at once, is reported to V8 as external memory beyond its
 *   limits, which makes it collect; its pages are never written, so on the
 *   usual allocators (calloc of a large size maps zero pages lazily) it
 *   costs address space, not resident memory, and it is freed by that
 *   collection. That collection keeps what V8 has committed: its young
 *   generation at its largest (64 MiB) and the pages it freed, pooled for
 *   8 seconds.
 * - A reclaim ({@linkcode reclaim}; {@linkcode reclaimGrown},
 *   {@linkcode reclaimAfter} and {@linkcode collected} once the young
 *   generation has grown): V8's own `gc()`, a forced full collection,
 *   after which V8 shrinks its young generation and unmaps its pooled
 *   pages. A program run as `deno run mod.ts` cannot pass V8 flags
 *   (`--expose-gc`), so the function is taken from a context made while
 *   the flag is set for that moment only ({@linkcode gcFunction}). The
 *   young generation grows back while the work keeps objects alive, and
 *   each regrowth promotes more: between records, where a hint suffices,
 *   a reclaim every 256 MiB of text took `compare` of 99,944 pairs from
 *   65 to 80–100 s for no lower peak.
 * - A ceiling, in the CLI's own process ({@linkcode residentCeiling}):
 *   wherever the work looks (between records, between summaries, between
 *   megabytes written), a reclaim once the process's resident set has
 *   passed 208 MiB. Only the largest commands reach it, and they pay:
 *   `compare` of 99,944 pairs reclaims about 50 times (a quarter more CPU
 *   time), where V8's choices alone spread its peak from 211 to 262 MiB,
 *   often past the 250 MB that docs/scale.md promises.
 *
 * All depend on V8's heuristics (measured with Deno 2.9.6).
 *
 * @module
 */

/**
 * The one setting: the external allocation of a hint. 256 MB passes V8's
 * soft limit of external memory, so that a full collection starts soon
 * (64 MB had no effect, 128 MB started marking that did not always finish
 * in time); one hint only starts it, which idle time does not always
 * finish, so {@linkcode collected} repeats it until the heap is smaller
 * (two hints, 512 MB in all, collected). 512 MB a hint, beyond the hard
 * limit, made each hint between episodes a collection of the whole heap at
 * once: in a large heap, a quarter more time for the same peaks
 * (`bench/verify_bench.ts`).
 */
const HINT_BYTES = 256 << 20;

/** Ask V8 for a full collection soon; `false` if there was no room to ask. */
function hint(): boolean {
  try {
    void new ArrayBuffer(HINT_BYTES);
    return true;
  } catch {
    // No address space for it: then there is nothing to gain either.
    return false;
  }
}

/**
 * Text read since the last hint, and how much makes one: each collection
 * costs a few milliseconds, so small episodes share one (a record's garbage
 * is several times its text).
 */
let pending = 0;
const EVERY = 4 << 20;

/**
 * Text read since the resident set was last looked at, and how much is
 * read between looks: a look costs about 14 µs, and V8's pages grew by up
 * to 13 MiB in the 4 MiB between hints.
 */
let unchecked = 0;
const LOOK = 1 << 20;

/**
 * Count `textLength` characters of records just verified (or as many bytes
 * of other garbage just made): a {@linkcode reclaim} once the process's
 * resident set has passed its trigger (looked at after every MiB; as in
 * {@linkcode reclaimPastResident}), else a hint once they pass 4 MiB since
 * the last time.
 * `resident` reads the resident set (injected by the tests).
 *
 * @example
 * ```ts
 * import { collectAfter } from "./collect.ts";
 * collectAfter(100); // no effect on any value
 * ```
 */
export function collectAfter(
  textLength: number,
  resident: () => number | undefined = residentBytes,
): void {
  pending += textLength;
  unchecked += textLength;
  seen += textLength;
  if (unchecked < LOOK) return;
  unchecked = 0;
  if (reclaimResident(resident)) pending = 0;
  if (pending < EVERY) return;
  pending = 0;
  hint();
}

/** V8's `gc`, once looked up; `null` where it cannot be had. */
let gc: (() => void) | null | undefined;

/**
 * V8's `gc()` function, or `null` outside V8 or where a context cannot be
 * made. `--expose-gc` is set, a context made and its `gc` kept, and the
 * flag cleared again whatever happens (unless it was set before: a `gc` in
 * the global scope), so that contexts made later (a policy's worker above
 * all) get no `gc`. (Started with `--expose-gc`, V8 kept its young
 * generation at its largest after such a `gc` in the tests: the reclaims
 * then give back only the pooled pages.)
 */
export function gcFunction(): (() => void) | null {
  if (gc !== undefined) return gc;
  gc = null;
  // Loaded on first use: importing them costs every command about 20 ms.
  const setFlags = builtin("node:v8", "setFlagsFromString");
  const inNewContext = builtin("node:vm", "runInNewContext");
  if (setFlags === undefined || inNewContext === undefined) return gc;
  const wasSet = typeof (globalThis as { gc?: unknown }).gc === "function";
  try {
    if (!wasSet) setFlags("--expose-gc");
    const found: unknown = inNewContext("gc");
    if (typeof found === "function") gc = () => void found();
  } catch {
    // No context could be made: the hints remain.
  } finally {
    try {
      if (!wasSet) setFlags("--no-expose-gc");
    } catch {
      // Nothing was set.
    }
  }
  return gc;
}

/** Function `name` of Node's built-in module `id`, if this runtime has it. */
function builtin(
  id: string,
  name: string,
): ((text?: string) => unknown) | undefined {
  const process = (globalThis as {
    process?: { getBuiltinModule?: (id: string) => unknown };
  }).process;
  const module = process?.getBuiltinModule?.(id);
  const f = module === null || typeof module !== "object"
    ? undefined
    : (module as Record<string, unknown>)[name];
  return typeof f === "function" ? (...args) => f(...args) : undefined;
}

/**
 * Collect the whole heap now, and let V8 give back what it freed and
 * shrink its young generation; a hint where `gc` cannot be had. Use it
 * where one phase of work ends and its objects are garbage.
 *
 * @example
 * ```ts
 * import { reclaim } from "./collect.ts";
 * reclaim(); // no effect on any value
 * ```
 */
export function reclaim(): void {
  const collect = gcFunction();
  if (collect === null) hint();
  else collect();
}

/**
 * The young generation's committed size past which a reclaim pays for
 * itself (10 to 30 ms a collection, and the young generation grown again
 * after it): below it, a hint is sent instead. V8 starts it at 1 MiB a
 * semispace and doubles it while objects survive; grown back to 32 or 64
 * MiB, it passes.
 */
const YOUNG = 16 << 20;

/** The committed bytes of V8's young generation, if the runtime says. */
function youngBytes(): number | undefined {
  const spaces = builtin("node:v8", "getHeapSpaceStatistics")?.();
  if (!Array.isArray(spaces)) return undefined;
  for (const space of spaces) {
    if (space?.space_name === "new_space") {
      return typeof space.space_size === "number" ? space.space_size : 0;
    }
  }
  return 0;
}

/**
 * Whether V8's young generation has grown to 16 MiB or more (or its size
 * is not known). A heap smaller than that in all is answered without
 * loading `node:v8`.
 */
function grown(): boolean {
  const usage = globalThis.Deno?.memoryUsage;
  if (usage !== undefined && usage().heapTotal < YOUNG) return false;
  return (youngBytes() ?? YOUNG) >= YOUNG;
}

/**
 * Where a phase of large work ends: a {@linkcode reclaim} once V8's young
 * generation has grown to 16 MiB or more or the resident set has passed
 * its trigger (as in {@linkcode reclaimPastResident}), else a hint (small
 * work, whose heap a reclaim would not shrink, does not pay for one).
 * `resident` reads the resident set (injected by the tests).
 *
 * @example
 * ```ts
 * import { reclaimGrown } from "./collect.ts";
 * reclaimGrown(); // no effect on any value
 * ```
 */
export function reclaimGrown(
  resident: () => number | undefined = residentBytes,
): void {
  if (reclaimResident(resident)) return;
  if (grown()) reclaim();
  else hint();
}

/**
 * The resident set in bytes past which the work reclaims, whatever its
 * size and wherever it is between records or summaries: the peaks of the
 * largest commands were set by what V8 had committed, not by live data
 * (`verify` of 99,944 episodes: about 115 MiB resident after a reclaim,
 * regrown by 80 MiB within two seconds), and V8's heuristics spread them
 * over 50 MiB from run to run. 208 MiB leaves 30 MiB under the bound of
 * 250 MB (238.4 MiB) for what grows between two looks (up to 18 MiB
 * measured). Below it, nothing changes: the commands of the sizes most
 * results have (10,400 episodes: 172 MiB at most) never reach it.
 */
const RESIDENT = 208 << 20;

/**
 * How far above what a reclaim left the next one waits: where the live
 * data alone come near {@linkcode RESIDENT}, reclaims one after another
 * would give nothing back.
 */
const SLACK = 32 << 20;

/** The resident set past which the next reclaim comes. */
let residentTrigger = RESIDENT;

/** Whether this process holds to the ceiling ({@linkcode residentCeiling}). */
let ceilingOn = false;

/**
 * Turn the ceiling on the resident set on or off for this process, and say
 * whether it was on. It is off unless asked for: the CLI's own process
 * (`runProcess` in `cli/main.ts`) turns it on, because docs/scale.md
 * promises its peak memory; a program that calls the library holds data of
 * its own, which no reclaim gives back (a test file's process, at 650 MiB,
 * took twice as long with it).
 *
 * @example
 * ```ts
 * import { residentCeiling } from "./collect.ts";
 * const was = residentCeiling(true);
 * residentCeiling(was); // as it was
 * ```
 */
export function residentCeiling(on: boolean): boolean {
  const was = ceilingOn;
  ceilingOn = on;
  return was;
}

/**
 * Count `bytes` of work just done, and {@linkcode reclaim} if the
 * process's resident set has passed its trigger (208 MiB, or 32 MiB above
 * what the last such reclaim left) once the work counted in this process
 * has reached 64 MiB; nothing else. For work that makes garbage at a
 * steady rate, a look every MiB or so (the writing of an artifact).
 * `resident` reads the resident set (injected by the tests).
 *
 * @example
 * ```ts
 * import { reclaimPastResident } from "./collect.ts";
 * reclaimPastResident(1 << 20); // no effect on any value
 * ```
 */
export function reclaimPastResident(
  bytes: number,
  resident: () => number | undefined = residentBytes,
): void {
  seen += bytes;
  reclaimResident(resident);
}

/**
 * The work counted so far in this process (text verified, garbage made,
 * bytes written): below {@linkcode LARGE}, the resident set is not looked
 * at, for smaller work is not worth a reclaim's cost (the demo, whose
 * steps read results of a few megabytes, passes 208 MiB and took a tenth
 * longer for no lower peak).
 */
let seen = 0;

/** The process's resident set in bytes, if the runtime says. */
function residentBytes(): number | undefined {
  return globalThis.Deno?.memoryUsage?.().rss;
}

/**
 * A {@linkcode reclaim}, if the resident set has passed its trigger and
 * `gc` can be had: whether it was made. The trigger is then set
 * {@linkcode SLACK} above what the reclaim left, and never below
 * {@linkcode RESIDENT}.
 */
function reclaimResident(resident: () => number | undefined): boolean {
  if (!ceilingOn || seen < LARGE) return false;
  const rss = resident();
  if (rss === undefined || rss < residentTrigger || gcFunction() === null) {
    return false;
  }
  reclaim();
  residentTrigger = Math.max(RESIDENT, (resident() ?? 0) + SLACK);
  return true;
}

/**
 * The work, in bytes of results, below which {@linkcode collected} does not
 * reclaim, and, counted over the process, below which the resident set is
 * not looked at: a reclaim costs a command 40 to 60 ms the first time
 * (`node:v8` and `node:vm` are loaded), and a result of a few megabytes
 * leaves little to give back (`compare` of the public suite took 0.77 s
 * against 0.65).
 */
const LARGE = 64 << 20;

/** Garbage counted since the last reclaim of {@linkcode reclaimAfter}. */
let reclaimPending = 0;

/**
 * Count `bytes` of garbage just made (an estimate), and once they pass 4
 * MiB since the last time, {@linkcode reclaimGrown}: for work whose live
 * objects are few between its steps (the statistics between summaries).
 *
 * @example
 * ```ts
 * import { reclaimAfter } from "./collect.ts";
 * reclaimAfter(100); // no effect on any value
 * ```
 */
export function reclaimAfter(bytes: number): void {
  reclaimPending += bytes;
  seen += bytes;
  if (reclaimPending < EVERY) return;
  reclaimPending = 0;
  reclaimGrown();
}

/**
 * Wait, briefly, for the garbage collector to free `length` characters of
 * text let go just now, so that what comes next (the reference checks
 * build an episode's values: tens of megabytes; the next result of a
 * comparison) takes the room the text leaves instead of adding to it: a
 * {@linkcode reclaim} after work of 64 MiB or more (`work`: the bytes of
 * the result just proved or read; the text's length unless given) once
 * the young generation has grown to 16 MiB or more and `gc` can be had.
 * Otherwise it hints until the heap is smaller by the text's size (a
 * one-byte string takes a byte a character), at most four times.
 *
 * @example
 * ```ts
 * import { collected } from "./collect.ts";
 * await collected(0); // no effect on any value
 * ```
 */
export async function collected(
  length: number,
  work: number = length,
): Promise<void> {
  if (work >= LARGE && grown() && gcFunction() !== null) return reclaim();
  const usage = globalThis.Deno?.memoryUsage;
  if (usage === undefined) return;
  const goal = usage().heapUsed - length;
  for (let k = 0; k < 4; k++) {
    if (!hint()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (usage().heapUsed <= goal) return;
  }
}
