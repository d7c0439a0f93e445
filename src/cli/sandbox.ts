/**
 * User policies, run sandboxed with no permission at all.
 *
 * Design (tested on Deno 2.9.6): each episode gets a fresh `deno run
 * --no-prompt --quiet` subprocess with NO permission flag. Its main module is
 * a small `data:` URL host that statically imports the user's module, so the
 * module graph loads (static imports are not permission-gated) but the
 * policy itself cannot read, write, reach the network, read the environment
 * or run anything. A Worker with `deno: { permissions: "none" }` was
 * rejected: it needs the `--unstable-worker-options` flag, and with no
 * permission it cannot even load a module from a file. The parent needs
 * `--allow-run=deno` (or run access to `Deno.execPath()`).
 *
 * One process per episode means a policy's module state cannot leak between
 * episodes, so an interrupted run resumed with `--resume` gives the same
 * bytes as an uninterrupted one. The next episode's process is started while
 * the current one runs, which hides most of the start-up time.
 *
 * Protocol, JSON lines: the host writes `{"ready":true}` once the module is
 * loaded (or `{"error":…}`); then for each step the parent writes
 * `{"observation":…,"context":{"seed":…,"step":…}}` and the host answers
 * `{"actions":…}` or `{"error":…}`. The policy's `console.log` goes to
 * standard error, so it cannot corrupt the protocol.
 *
 * @module
 */

import { encode } from "../canonical.ts";
import { PolicyError } from "../errors.ts";
import type { PolicyFactory } from "../policies/mod.ts";
import type { Controller } from "../simulator.ts";
import type { Action } from "../types.ts";

/**
 * Default per-step time limit of a user policy, in milliseconds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_STEP_TIMEOUT_MS } from "./sandbox.ts";
 * assert.ok(DEFAULT_STEP_TIMEOUT_MS === 5000);
 * ```
 */
export const DEFAULT_STEP_TIMEOUT_MS = 5000;
/** Time a policy process may take to start and load its module. */
const STARTUP_TIMEOUT_MS = 60_000;

const STDERR_TAIL = 2000;
// Processes started ahead of the episodes that will use them. Start-up
// (~100 ms) is longer than a typical episode, so the next process starts while the current episode runs.
const SPARES = 1;

/**
 * Options of {@linkcode PolicySandbox.open}.
 *
 * @example
 * ```ts
 * import type { SandboxOptions } from "./sandbox.ts";
 * const options: SandboxOptions = { stepTimeoutMs: 1000, forwardStderr: false };
 * ```
 */
export type SandboxOptions = {
  /** Per-step time limit in ms (default 5000). */
  readonly stepTimeoutMs?: number;
  /** Time limit for starting the process and loading the module (default 60 s). */
  readonly startupTimeoutMs?: number;
  /** Forward the policy's standard error to ours (default true). */
  readonly forwardStderr?: boolean;
};

/**
 * A user policy module running in zero-permission subprocesses, one per
 * episode. Use {@linkcode PolicySandbox.factory} as the runner's policy and
 * call {@linkcode PolicySandbox.close} when the run ends, however it ends.
 *
 * @example
 * ```ts ignore
 * import { PolicySandbox } from "./sandbox.ts";
 * const sandbox = await PolicySandbox.open("./my_policy.ts");
 * try {
 *   // runEvaluation(suite, sandbox.factory, { modelId: "mine" })
 * } finally {
 *   await sandbox.close();
 * }
 * ```
 */
export class PolicySandbox {
  readonly #url: string;
  readonly #label: string;
  readonly #denoCommand: string;
  readonly #options: Required<SandboxOptions>;
  #current: PolicyProcess | undefined;
  readonly #spares: PolicyProcess[] = [];
  #closed = false;

  private constructor(
    url: string,
    label: string,
    denoCommand: string,
    options: Required<SandboxOptions>,
  ) {
    this.#url = url;
    this.#label = label;
    this.#denoCommand = denoCommand;
    this.#options = options;
  }

  /**
   * Prepare a sandbox for the module at `specifier` (a path, relative to the
   * working directory, or a `file:`/`http(s):` URL). Checks that this
   * process may run Deno; loading the module happens in the first episode.
   */
  static async open(
    specifier: string,
    options: SandboxOptions = {},
  ): Promise<PolicySandbox> {
    const url = moduleUrl(specifier);
    await checkModuleFile(url, specifier);
    return new PolicySandbox(url, specifier, await denoCommand(), {
      stepTimeoutMs: options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS,
      startupTimeoutMs: options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS,
      forwardStderr: options.forwardStderr ?? true,
    });
  }

  /**
   * The policy factory: each call (one per episode) gets a fresh process.
   * The previous episode's process is ended when the next episode asks for
   * its first action.
   */
  readonly factory: PolicyFactory = (seed: number): Controller => {
    let proc: PolicyProcess | undefined;
    return async (obs, context) => {
      if (this.#closed) throw this.#error("the sandbox is closed");
      if (context.seed !== seed) {
        throw this.#error(
          `controller made for seed ${seed} was asked about seed ${context.seed}`,
        );
      }
      proc ??= this.#take();
      const ready = await proc.ready(this.#options.startupTimeoutMs);
      if (ready !== true) throw this.#error(ready);
      const request = `${encode({ observation: obs, context })}\n`;
      const reply = await proc.request(request, this.#options.stepTimeoutMs);
      if (typeof reply === "string") throw this.#error(reply);
      // The simulator checks the answer (one valid action per active person).
      return reply.actions as Record<string, Action>;
    };
  };

  /** End every process of this sandbox. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const procs = [this.#current, ...this.#spares];
    this.#current = undefined;
    this.#spares.length = 0;
    await Promise.all(procs.map((p) => p?.end()));
  }

  #take(): PolicyProcess {
    const previous = this.#current;
    if (previous !== undefined) void previous.end();
    this.#current = this.#spares.shift() ?? this.#spawn();
    while (this.#spares.length < SPARES) this.#spares.push(this.#spawn());
    return this.#current;
  }

  #spawn(): PolicyProcess {
    return new PolicyProcess(
      this.#denoCommand,
      hostUrl(this.#url),
      this.#options.forwardStderr,
    );
  }

  #error(detail: string): PolicyError {
    return new PolicyError(detail, { file: this.#label });
  }
}

function describe(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The absolute URL of a policy module given as a path or a URL. */
function moduleUrl(specifier: string): string {
  if (/^(file|https?):/i.test(specifier)) return new URL(specifier).href;
  const path = specifier.replaceAll("\\", "/");
  if (/^([A-Za-z]:)?\//.test(path)) return pathUrl(path).href;
  // Deno.cwd() needs no permission in Deno 2, so a relative path resolves here.
  const base = pathUrl(`${Deno.cwd().replaceAll("\\", "/")}/`);
  return new URL(encodeSegments(path), base).href;
}

/** A `file:` URL of an absolute path, each segment percent-encoded. */
function pathUrl(path: string): URL {
  const encoded = encodeSegments(path);
  return new URL(`file://${encoded.startsWith("/") ? "" : "/"}${encoded}`);
}

function encodeSegments(path: string): string {
  return path.split("/").map((segment, i) =>
    i <= 1 && /^[A-Za-z]:$/.test(segment)
      ? segment
      : encodeURIComponent(segment)
  ).join("/");
}

/**
 * Refuse a local policy file that does not exist, when this process may look
 * (with no read permission the subprocess reports it instead).
 */
async function checkModuleFile(url: string, specifier: string): Promise<void> {
  if (!url.startsWith("file:")) return;
  const path = decodeURIComponent(new URL(url).pathname);
  const read = await Deno.permissions.query({ name: "read", path });
  if (read.state !== "granted") return;
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) {
      throw new PolicyError("not a file", {
        file: specifier,
        path: "--policy",
      });
    }
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new PolicyError("file not found", {
        file: specifier,
        path: "--policy",
      });
    }
    throw e;
  }
}

/**
 * The command that starts Deno: this executable when run access to it is
 * granted (`-A`), else `deno` from the PATH (`--allow-run=deno`).
 */
async function denoCommand(): Promise<string> {
  const exec = Deno.execPath();
  const byPath = await Deno.permissions.query({ name: "run", command: exec });
  if (byPath.state === "granted") return exec;
  const byName = await Deno.permissions.query({ name: "run", command: "deno" });
  if (byName.state === "granted") return "deno";
  throw new PolicyError(
    "a user policy runs in a zero-permission Deno subprocess; run the CLI with --allow-run=deno",
    { path: "--policy" },
  );
}

// The host runs inside the sandbox. It is plain JavaScript so that nothing
// has to be type-checked or transpiled, and it only uses APIs that need no
// permission (stdin, stdout, stderr).
const CONSOLE_TO_STDERR =
  `for (const k of ["log", "info", "debug", "dir", "table", "trace"]) console[k] = console.error;`;

function hostSource(policyUrl: string): string {
  return `import ${JSON.stringify(dataUrl(CONSOLE_TO_STDERR))};
import * as policyModule from ${JSON.stringify(policyUrl)};
const enc = new TextEncoder();
async function send(v) {
  const b = enc.encode(JSON.stringify(v) + "\\n");
  let o = 0;
  while (o < b.length) o += await Deno.stdout.write(b.subarray(o));
}
function describe(e) {
  if (e instanceof Error) {
    const at = (e.stack ?? "").split("\\n").find((l) => l.trim().startsWith("at "));
    return (e.name + ": " + e.message + (at ? " (" + at.trim() + ")" : ""));
  }
  try { return "threw " + JSON.stringify(e); } catch { return "threw " + String(e); }
}
const policy = policyModule.default;
if (typeof policy !== "function") {
  await send({ error: "the module has no default export function (export default function (observation, context) { ... })" });
} else {
  await send({ ready: true });
  const dec = new TextDecoder();
  let buf = "";
  for await (const chunk of Deno.stdin.readable) {
    buf += dec.decode(chunk, { stream: true });
    let i;
    while ((i = buf.indexOf("\\n")) >= 0) {
      const msg = JSON.parse(buf.slice(0, i));
      buf = buf.slice(i + 1);
      let reply;
      try {
        const actions = await policy(msg.observation, msg.context);
        try {
          reply = JSON.stringify({ actions: actions === undefined ? null : actions });
          if (reply === undefined) throw new TypeError("not JSON");
        } catch (e) {
          reply = JSON.stringify({ error: "the policy returned a value that is not JSON: " + describe(e) });
        }
      } catch (e) {
        reply = JSON.stringify({ error: "the policy threw " + describe(e) });
      }
      const b = enc.encode(reply + "\\n");
      let o = 0;
      while (o < b.length) o += await Deno.stdout.write(b.subarray(o));
    }
  }
}
`;
}

function dataUrl(source: string): string {
  const bytes = new TextEncoder().encode(source);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:text/javascript;base64,${btoa(binary)}`;
}

function hostUrl(policyUrl: string): string {
  return dataUrl(hostSource(policyUrl));
}

/** One sandboxed process: start, JSON-line requests with time limits, end. */
class PolicyProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: AsyncIterator<string>;
  readonly #stderr: StderrPipe;
  #ready: Promise<true | string> | undefined;
  #dead: string | undefined;

  constructor(command: string, url: string, forwardStderr: boolean) {
    this.#child = new Deno.Command(command, {
      args: ["run", "--no-prompt", "--quiet", url],
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#writer.closed.catch(() => {});
    this.#lines = readLines(this.#child.stdout)[Symbol.asyncIterator]();
    this.#stderr = new StderrPipe(this.#child.stderr, url, forwardStderr);
  }

  /** Wait for the host's `ready` line: `true`, or why the module failed. */
  ready(timeoutMs: number): Promise<true | string> {
    this.#stderr.forward();
    this.#ready ??= this.#readReply(timeoutMs, "to load the policy module")
      .then((read) => {
        if (typeof read === "string") return read;
        const reply = read.reply;
        if (isObject(reply) && reply.ready === true) return true;
        if (isObject(reply) && typeof reply.error === "string") {
          return this.#fail(reply.error);
        }
        return this.#fail(`unexpected start-up message ${describe(reply)}`);
      });
    return this.#ready;
  }

  /** Send one request line; the parsed `actions` value, or why there is none. */
  async request(
    line: string,
    timeoutMs: number,
  ): Promise<{ actions: unknown } | string> {
    if (this.#dead !== undefined) return this.#dead;
    try {
      await this.#writer.write(new TextEncoder().encode(line));
    } catch {
      return await this.#exited("the policy process stopped reading");
    }
    const read = await this.#readReply(timeoutMs, "to answer");
    if (typeof read === "string") return read;
    const reply = read.reply;
    if (isObject(reply) && typeof reply.error === "string") {
      return this.#fail(reply.error);
    }
    if (isObject(reply) && Object.hasOwn(reply, "actions")) {
      return { actions: reply.actions };
    }
    return this.#fail(`malformed answer ${describe(reply)}`);
  }

  async #readReply(
    timeoutMs: number,
    what: string,
  ): Promise<{ reply: unknown } | string> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const next = await Promise.race([this.#lines.next(), timeout]);
      if (next === "timeout") {
        this.#kill();
        return this.#fail(
          `the policy took longer than ${timeoutMs} ms ${what}`,
        );
      }
      if (next.done) return await this.#exited("the policy process ended");
      try {
        return { reply: JSON.parse(next.value) };
      } catch {
        return this.#fail(
          `the policy wrote to standard output outside the protocol: ${
            JSON.stringify(next.value.slice(0, 80))
          } (use console.error for debugging output)`,
        );
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async #exited(what: string): Promise<string> {
    const status = await this.#child.status;
    const tail = (await this.#stderr.done).trim();
    const code = status.signal === null
      ? `code ${status.code}`
      : `signal ${status.signal}`;
    return this.#fail(
      `${what} (exit ${code})${
        tail === "" ? "" : `; its standard error ends with:\n${tail}`
      }`,
    );
  }

  #fail(reason: string): string {
    this.#dead ??= reason;
    this.#kill();
    return this.#dead;
  }

  #kill() {
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // already exited
    }
  }

  /** End the process: close its stdin, then kill it if it lingers. */
  async end(): Promise<void> {
    this.#dead ??= "ended";
    await this.#writer.close().catch(() => {});
    const timer = setTimeout(() => this.#kill(), 1000);
    try {
      await this.#child.status;
      await this.#stderr.done;
      await this.#lines.return?.();
    } finally {
      clearTimeout(timer);
    }
  }
}

function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

async function* readLines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
    }
  }
  if (buffer !== "") yield buffer;
}

// Colour codes in Deno's own messages (the child runs with NO_COLOR, but
// a policy may print its own).
// deno-lint-ignore no-control-regex
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/** Where the host's `data:` URL would appear in Deno's messages. */
const HOST_NAME = "<ember policy host>";

/**
 * The policy's standard error, read line by line, with the long `data:` URL
 * of the host replaced by a short name and colour codes removed. Lines are
 * held back until {@linkcode StderrPipe.forward} is called (a spare
 * process's output is shown only if its episode comes); the tail is kept for
 * error messages.
 */
class StderrPipe {
  readonly done: Promise<string>;
  #tail = "";
  #held: string[] = [];
  #forwarding = false;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    stream: ReadableStream<Uint8Array>,
    readonly hostUrl: string,
    readonly enabled: boolean,
  ) {
    this.done = this.#pump(stream);
  }

  /** Start forwarding to our standard error (held lines first). */
  forward(): void {
    if (!this.enabled || this.#forwarding) return;
    this.#forwarding = true;
    for (const line of this.#held.splice(0)) this.#write(line);
  }

  async #pump(stream: ReadableStream<Uint8Array>): Promise<string> {
    const decoder = new TextDecoder();
    let partial = "";
    for await (const chunk of stream) {
      partial += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = partial.indexOf("\n")) >= 0) {
        this.#line(partial.slice(0, i + 1));
        partial = partial.slice(i + 1);
      }
    }
    if (partial !== "") this.#line(partial);
    await this.#writing;
    return this.#tail;
  }

  #line(raw: string) {
    const line = raw.replaceAll(this.hostUrl, HOST_NAME).replace(
      ANSI_COLOUR,
      "",
    );
    this.#tail = (this.#tail + line).slice(-STDERR_TAIL);
    if (this.#forwarding) this.#write(line);
    else if (this.enabled) this.#held.push(line);
  }

  #write(line: string) {
    const bytes = new TextEncoder().encode(line);
    this.#writing = this.#writing.then(async () => {
      let o = 0;
      while (o < bytes.length) o += await Deno.stderr.write(bytes.subarray(o));
    }).catch(() => {});
  }
}
