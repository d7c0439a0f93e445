/**
 * The host program of a sandboxed policy process.
 *
 * The host is the process's main module, a small `data:` URL (far below the
 * 128 KiB argument limit). It starts the memory watchdog (when the process
 * has no cgroup), runs the prelude (host_prelude.ts), writes
 * `{"waiting":true}` and waits: a spare process runs no policy code until
 * its episode takes it and the CLI sends the bundle (a line with its byte
 * length, then the bytes). It loads the bundle from a `blob:` URL and then
 * speaks JSON lines: `{"ready":true}` (or `{"error":…}`), then per step
 * `{"id":N,"observation":…}` in and `{"id":N,"actions":…}` (with `"info"`
 * when the policy gave `_info`) or `{"id":N,"error":…}` out (agent protocol
 * 1.0, docs/agent-protocol.md). The policy is called with the observation
 * only.
 *
 * @module
 */

import { PRELUDE_URL } from "./host_prelude.ts";
import { watchdogSource } from "./watchdog.ts";

/**
 * How the host is built: `watchdogLimitBytes` starts the memory watchdog
 * with that bound (no cgroup bounds the process).
 *
 * @example
 * ```ts
 * import type { HostOptions } from "./host.ts";
 * const options: HostOptions = { watchdogLimitBytes: 256 * 2 ** 20 };
 * ```
 */
export type HostOptions = { readonly watchdogLimitBytes?: number };

// Plain JavaScript, so nothing is type-checked or transpiled in the sandbox.
// The keep-alive timer stops Deno from ending the process with "Top-level
// await promise never resolved" when a policy's promise never settles: the
// parent's step timer reports that instead.
const hostSource = (options: HostOptions) => `
setInterval(() => {}, 1 << 30);
${
  options.watchdogLimitBytes === undefined ? "" : `new Worker(${
    JSON.stringify(
      `data:text/javascript,${
        encodeURIComponent(watchdogSource(options.watchdogLimitBytes))
      }`,
    )
  }, { type: "module" });`
}
const { startClock } = await import(${JSON.stringify(PRELUDE_URL)});
const stdoutWrite = Deno.stdout.write.bind(Deno.stdout);
const stringify = JSON.stringify, parseJson = JSON.parse;
const enc = new TextEncoder(), dec = new TextDecoder();
async function send(v) {
  await sendLine(stringify(v));
}
async function sendLine(text) {
  const b = enc.encode(text + "\\n");
  let o = 0;
  while (o < b.length) o += await stdoutWrite(b.subarray(o));
}
function describe(e) {
  if (e instanceof Error) {
    const at = (e.stack ?? "").split("\\n").find((l) => l.trim().startsWith("at "));
    return e.name + ": " + e.message + (at ? " (" + at.trim().replace(/blob:[^)\\s]*/g, "<policy bundle>") + ")" : "");
  }
  try { return "threw " + stringify(e); } catch { return "threw " + String(e); }
}
const reader = Deno.stdin.readable.getReader();
// A buffer that doubles, so a bundle of megabytes is copied O(log n) times.
let store = new Uint8Array(1 << 16), start = 0, end = 0;
async function more() {
  const { value, done } = await reader.read();
  if (done) return false;
  if (end + value.length > store.length) {
    const live = end - start;
    let size = store.length;
    while (live + value.length > size) size *= 2;
    const next = new Uint8Array(size);
    next.set(store.subarray(start, end));
    store = next; start = 0; end = live;
  }
  store.set(value, end); end += value.length;
  return true;
}
async function line() {
  let from = start;
  for (;;) {
    const i = store.subarray(from, end).indexOf(10);
    if (i >= 0) { const s = dec.decode(store.subarray(start, from + i)); start = from + i + 1; return s; }
    from = end;
    const offset = start;
    if (!(await more())) return null;
    from -= offset - start;
  }
}
async function bytes(n) {
  while (end - start < n) if (!(await more())) return null;
  const s = store.slice(start, start + n); start += n; return s;
}
await send({ waiting: true });
// A spare process that no episode took sees its input end here.
const header = await line();
if (header === null) Deno.exit(0);
const source = await bytes(Number(header));
if (source === null) Deno.exit(0);
startClock();
let policy;
try {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  policy = (await import(url)).default;
} catch (e) {
  await send({ error: "the policy module failed to load: " + describe(e) });
  Deno.exit(0);
}
if (typeof policy !== "function") {
  await send({ error: "the module has no default export function (export default function (observation) { ... })" });
  Deno.exit(0);
}
await send({ ready: true });
// Agent protocol 1.0 (docs/agent-protocol.md): each request line is
// {"id":N,"observation":...}; the answer carries the same id. The policy's
// {_actions, _info} becomes "actions" and "info"; a plain answer has no info.
function answer(id, value) {
  let actions = value, info;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.some((k) => k.startsWith("_"))) {
      if (keys.some((k) => k !== "_actions" && k !== "_info") || !Object.hasOwn(value, "_actions")) {
        return failure(id, 'an answer with underscore keys must be {"_actions": {...}, "_info": ...}; found keys ' + stringify(keys.slice(0, 5)));
      }
      actions = value._actions;
      info = value._info;
    }
  }
  let a, i;
  try {
    a = stringify(actions === undefined ? null : actions) ?? "null";
    i = info === undefined ? undefined : stringify(info);
  } catch (e) {
    return failure(id, "the policy returned a value that is not JSON: " + describe(e));
  }
  return '{"id":' + stringify(id) + ',"actions":' + a + (i === undefined ? "" : ',"info":' + i) + "}";
}
// Cut, so that a long message stays far inside the CLI's line bound.
function failure(id, message) {
  return stringify({ id, error: message.length > 2000 ? message.slice(0, 2000) + "..." : message });
}
for (;;) {
  const text = await line();
  if (text === null) Deno.exit(0);
  const msg = parseJson(text);
  let reply;
  try {
    reply = answer(msg.id, await policy(msg.observation));
  } catch (e) {
    reply = failure(msg.id, "the policy threw " + describe(e));
  }
  await sendLine(reply);
}
`;

/**
 * The host as a `data:` URL, to be given as the main module.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostUrl } from "./host.ts";
 * assert.ok(hostUrl().startsWith("data:text/javascript;base64,"));
 * assert.ok(hostUrl({ watchdogLimitBytes: 2 ** 28 }).length < 128 * 1024);
 * ```
 */
export function hostUrl(options: HostOptions = {}): string {
  const bytes = new TextEncoder().encode(hostSource(options));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:text/javascript;base64,${btoa(binary)}`;
}
