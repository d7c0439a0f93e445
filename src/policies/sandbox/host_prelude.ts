/**
 * The hardening that runs before any policy code, in the policy host and in
 * every Worker a policy starts: what a policy must not see of the process it
 * runs in. Nothing here may tell an episode's place in the run: process IDs
 * grow from one episode to the next, the memory counters and the time since
 * the process started differ between a spare process (started during the
 * previous episode) and a fresh one.
 *
 * @module
 */

/** The PID and parent PID a policy sees: those of a PID namespace's child. */
export const POLICY_PID = 2;
/** See {@linkcode POLICY_PID}. */
export const POLICY_PPID = 1;
/** What `Deno.execPath()` and `process.execPath` give a policy. */
export const POLICY_EXEC_PATH = "/ember-policy/deno";

// Plain JavaScript, run as a `data:` module: in the host it is imported
// before the bundle arrives, in a Worker the wrapper imports it before the
// Worker's own module (static imports run in order), and it wraps `Worker`
// again there with its own URL, so nested Workers are hardened too.
// Everything it needs later is captured first, before a policy can replace
// a global or a prototype method.
const PRELUDE_SOURCE = `
const SELF = import.meta.url;
const NativeWorker = globalThis.Worker;
const defineProperty = Object.defineProperty;
const stringify = JSON.stringify;
const encode = encodeURIComponent;
const NotCapable = Deno.errors.NotCapable;
const refused = (what) => function () {
  throw new NotCapable(what + " is not available to a policy: it would tell one episode from another");
};
// Standard output carries the protocol, in a Worker too.
for (const k of ["log", "info", "debug", "dir", "dirxml", "table", "trace"]) console[k] = console.error;
const fixed = (object, key, value) => defineProperty(object, key, { get: () => value, enumerable: true, configurable: false });
fixed(Deno, "pid", ${POLICY_PID});
fixed(Deno, "ppid", ${POLICY_PPID});
// A home folder may be in the real path; node:process, node:os and node:fs
// read it at load, so a constant path rather than an error.
defineProperty(Deno, "execPath", { value: () => ${
  JSON.stringify(POLICY_EXEC_PATH)
}, enumerable: true, configurable: false });
defineProperty(Deno, "memoryUsage", { value: refused("Deno.memoryUsage()"), enumerable: true, configurable: false });
// The global is node:process itself. No await anywhere here: a Worker's
// wrapper imports this module and the Worker's own side by side, and the
// second would run as soon as this one awaited.
const process = globalThis.process;
const memoryUsage = refused("process.memoryUsage()");
memoryUsage.rss = refused("process.memoryUsage.rss()");
defineProperty(process, "memoryUsage", { value: memoryUsage, configurable: false });
defineProperty(process, "resourceUsage", { value: refused("process.resourceUsage()"), configurable: false });
// process.pid, process.ppid, process.execPath and process.argv[0] read the
// Deno values above. process.argv0 is the path the CLI started Deno by and
// cannot be changed from inside (its setter does nothing): docs/policies.md.

// A Worker runs this module first, then its own: new Worker(url) becomes a
// Worker of a wrapper that imports both. A function, not a subclass, whose
// prototype's constructor is itself, so the native class is out of reach.
function Worker(url, options) {
  if (new.target === undefined) throw new TypeError("Constructor Worker requires 'new'");
  const wrapper = "import " + stringify(SELF) + "; import " + stringify(String(url)) + ";";
  return new NativeWorker("data:text/javascript," + encode(wrapper), options);
}
Worker.prototype = NativeWorker.prototype;
defineProperty(NativeWorker.prototype, "constructor", { value: Worker, writable: true, configurable: true });
defineProperty(globalThis, "Worker", { value: Worker, writable: true, configurable: true });

// performance.now() (and process.uptime() and process.hrtime(), which read
// it) counts from the process's start, which a spare process passed long
// ago: the host moves the origin to the moment the bundle arrives.
const performance = globalThis.performance;
const nativeNow = Performance.prototype.now;
const call = (f, self) => Reflect.apply(f, self, []);
const origin = performance.timeOrigin;
let shift = 0;
defineProperty(performance, "now", { value: function now() { return call(nativeNow, performance) - shift; }, configurable: false });
defineProperty(performance, "timeOrigin", { get: () => origin + shift, enumerable: true, configurable: false });
/** Called by the host when the bundle arrives (a Worker keeps its own start). */
export function startClock() { shift = call(nativeNow, performance); }
`;

/**
 * The prelude as a `data:` module URL.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PRELUDE_URL } from "./host_prelude.ts";
 * assert.ok(PRELUDE_URL.startsWith("data:text/javascript,"));
 * ```
 */
export const PRELUDE_URL = `data:text/javascript,${
  encodeURIComponent(PRELUDE_SOURCE)
}`;
