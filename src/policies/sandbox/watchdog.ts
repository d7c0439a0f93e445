/**
 * The memory watchdog, where no cgroup can be made: a Worker in the policy
 * host that polls the process's resident size and reports it past the
 * bound; the CLI then kills the process and fails the episode.
 *
 * `--max-old-space-size` bounds only V8's heap: `ArrayBuffer`s and
 * `WebAssembly.Memory` live outside it. The resident size is process-wide,
 * so a Worker's thread sees what the main thread allocates even while the
 * main thread is in a synchronous loop.
 *
 * @module
 */

/** How often the watchdog reads the resident size, in ms. */
export const WATCHDOG_PERIOD_MS = 10;

/**
 * The watchdog Worker's module source: started by the host, with the
 * native `Worker`, before the prelude and long before the bundle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { watchdogSource } from "./watchdog.ts";
 * assert.match(watchdogSource(256 * 2 ** 20), /268435456/);
 * ```
 */
export function watchdogSource(limitBytes: number): string {
  // One short write() is atomic on a pipe, so the frame cannot be split by
  // the main thread's writes; it may land inside one of them, which is why
  // the CLI looks for the frame anywhere in a line.
  return `
const limit = ${limitBytes};
const memoryUsage = Deno.memoryUsage;
const enc = new TextEncoder();
const timer = setInterval(() => {
  const rss = memoryUsage().rss;
  if (rss <= limit) return;
  clearInterval(timer);
  const frame = enc.encode(JSON.stringify({ watchdog: { rss, limit } }) + "\\n");
  let o = 0;
  while (o < frame.length) o += Deno.stdout.writeSync(frame.subarray(o));
}, ${WATCHDOG_PERIOD_MS});
`;
}

const FRAME = /\{"watchdog":\{"rss":(\d+),"limit":(\d+)\}\}/;

/**
 * The episode's error if a line of the policy's standard output carries
 * the watchdog's frame, else `undefined`. The line is searched, not parsed:
 * the frame may land inside a long line the host was writing. (A policy
 * can write the frame itself; it only stops its own episode.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { watchdogError } from "./watchdog.ts";
 * assert.equal(watchdogError('{"id":1,"actions":{}}', 256), undefined);
 * assert.match(
 *   watchdogError('{"watchdog":{"rss":300000000,"limit":268435456}}', 256) ?? "",
 *   /^memory limit: the policy process's resident memory reached 286 MiB, over --policy-max-memory-mb 256/,
 * );
 * ```
 */
export function watchdogError(
  line: string,
  maxMemoryMb: number,
): string | undefined {
  const m = FRAME.exec(line);
  if (m === null) return undefined;
  const mib = Math.floor(Number(m[1]) / 2 ** 20);
  return `memory limit: the policy process's resident memory reached ${mib} MiB, over --policy-max-memory-mb ${maxMemoryMb} (heap, buffers and WebAssembly memory together); it was stopped`;
}
