/**
 * One sandboxed policy process (one episode): start it with the sealed
 * flags and a scrubbed environment, hand it the bundle, then JSON-line
 * requests with time limits.
 *
 * @module
 */

import { hostUrl } from "./host.ts";
import { sanitize } from "./sanitize.ts";
import { readLines } from "./lines.ts";
import { StderrPipe } from "./stderr_pipe.ts";
import { MemoryCgroup } from "./cgroup.ts";
import { watchdogError } from "./watchdog.ts";
import { retellDenials } from "./denials.ts";

/**
 * How a policy process is started.
 *
 * @example
 * ```ts
 * import type { ProcessSpec } from "./process.ts";
 * const spec: ProcessSpec = { deno: "deno", bundle: new Uint8Array(), maxMemoryMb: 512,
 *   allowNet: [], env: {}, allowEnv: [], forwardStderr: false };
 * ```
 */
export type ProcessSpec = {
  /** The `deno` command. */
  readonly deno: string;
  /** The bundle's bytes. */
  readonly bundle: Uint8Array;
  /** The bound of the process's resident memory (and V8 heap), in MB. */
  readonly maxMemoryMb: number;
  /** Hosts for `--allow-net` (empty: none). */
  readonly allowNet: readonly string[];
  /** The environment the process receives (already scrubbed). */
  readonly env: Readonly<Record<string, string>>;
  /** Names for `--allow-env` (empty: none). */
  readonly allowEnv: readonly string[];
  /** Forward the policy's standard error. */
  readonly forwardStderr: boolean;
};

// No file may hold state from one run (or episode) to the next: Deno keeps
// localStorage and caches under DENO_DIR, and a path below /dev/null can
// never be created, so both throw.
const NO_DENO_DIR = Deno.build.os === "windows"
  ? "NUL\\ember-policy"
  : "/dev/null/ember-policy";

/**
 * The flags of a sandboxed policy process: no permission but the granted
 * net hosts and environment names, no config, no lock file, no remote or npm
 * resolution, and no remote import, even from a granted net host.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sandboxFlags } from "./process.ts";
 * const flags = sandboxFlags({ maxMemoryMb: 256, allowNet: ["127.0.0.1:8080"], allowEnv: [] });
 * assert.ok(flags.includes("--deny-import") && flags.includes("--allow-net=127.0.0.1:8080"));
 * assert.ok(!flags.some((f) => f.startsWith("--allow-env")));
 * ```
 */
export function sandboxFlags(
  spec: Pick<ProcessSpec, "maxMemoryMb" | "allowNet" | "allowEnv">,
): string[] {
  return [
    "run",
    "--no-prompt",
    "--quiet",
    "--no-config",
    "--no-lock",
    "--no-remote",
    "--no-npm",
    "--cached-only",
    "--deny-import",
    `--v8-flags=--max-old-space-size=${spec.maxMemoryMb}`,
    ...(spec.allowNet.length > 0
      ? [`--allow-net=${spec.allowNet.join(",")}`]
      : []),
    ...(spec.allowEnv.length > 0
      ? [`--allow-env=${spec.allowEnv.join(",")}`]
      : []),
  ];
}

/**
 * A parsed reply line, or why there is none.
 *
 * @example
 * ```ts
 * import type { Reply } from "./process.ts";
 * const replies: Reply[] = [{ reply: { actions: {} } }, "the policy process ended"];
 * ```
 */
export type Reply = { readonly reply: unknown } | string;

/**
 * One sandboxed process: start, JSON-line requests with time limits, end.
 *
 * @example
 * ```ts ignore
 * import { PolicyProcess } from "./process.ts";
 * const proc = new PolicyProcess(spec);
 * if ((await proc.ready(60_000)) === true) {
 *   await proc.request(line, 5000, () => "too late");
 * }
 * await proc.end();
 * ```
 */
export class PolicyProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: AsyncIterator<string>;
  readonly #stderr: StderrPipe;
  readonly #spec: ProcessSpec;
  // Where no cgroup can be made, the host's watchdog bounds the memory.
  readonly #cgroup: MemoryCgroup | undefined;
  #ready: Promise<true | string> | undefined;
  #dead: string | undefined;

  /**
   * Start the process. It runs its prelude and waits: no policy code runs
   * until {@linkcode PolicyProcess.ready} sends the bundle.
   */
  constructor(spec: ProcessSpec) {
    this.#spec = spec;
    const limitBytes = spec.maxMemoryMb * 2 ** 20;
    this.#cgroup = MemoryCgroup.create(limitBytes);
    const host = hostUrl(
      this.#cgroup === undefined ? { watchdogLimitBytes: limitBytes } : {},
    );
    this.#child = new Deno.Command(spec.deno, {
      args: [...sandboxFlags(spec), host],
      // Deno.cwd() needs no permission: the policy must not learn our folder.
      cwd: "/",
      clearEnv: true,
      env: {
        ...spec.env,
        NO_COLOR: "1",
        RUST_BACKTRACE: "0",
        DENO_NO_UPDATE_CHECK: "1",
        DENO_DIR: NO_DENO_DIR,
      },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // Moved in at once, so the start-up's pages are charged to it; again
    // before the bundle, for the descendants a wrapper may have started.
    this.#cgroup?.adopt(this.#child.pid);
    this.#writer = this.#child.stdin.getWriter();
    this.#writer.closed.catch(() => {});
    this.#lines = readLines(this.#child.stdout)[Symbol.asyncIterator]();
    this.#stderr = new StderrPipe(this.#child.stderr, spec.forwardStderr);
  }

  /**
   * The episode takes the process: once the host waits, bound its memory,
   * send the bundle and wait for the host's `ready` line: `true`, or why
   * the module failed.
   */
  ready(timeoutMs: number): Promise<true | string> {
    this.#stderr.forward();
    this.#ready ??= this.#load(timeoutMs);
    return this.#ready;
  }

  async #load(timeoutMs: number): Promise<true | string> {
    const waiting = await this.#readReply(
      timeoutMs,
      () => `the policy process did not start within ${timeoutMs} ms`,
    );
    if (typeof waiting === "string") return waiting;
    if (!isObject(waiting.reply) || waiting.reply.waiting !== true) {
      return this.#fail(
        `unexpected start-up message ${describe(waiting.reply)}`,
      );
    }
    if (this.#cgroup !== undefined && !this.#cgroup.adopt(this.#child.pid)) {
      return this.#fail(
        "the policy process could not be moved into its memory cgroup",
      );
    }
    try {
      const bundle = this.#spec.bundle;
      await this.#writer.write(new TextEncoder().encode(`${bundle.length}\n`));
      await this.#writer.write(bundle);
    } catch {
      return await this.#exited("the policy process stopped reading");
    }
    const read = await this.#readReply(
      timeoutMs,
      () => `the policy did not load within ${timeoutMs} ms`,
    );
    if (typeof read === "string") return read;
    const reply = read.reply;
    if (isObject(reply) && reply.ready === true) return true;
    if (isObject(reply) && typeof reply.error === "string") {
      return this.#fail(sanitize(retellDenials(reply.error)));
    }
    return this.#fail(`unexpected start-up message ${describe(reply)}`);
  }

  /**
   * Send one request line and wait for the answer; the timer starts once
   * the line is handed to the process.
   */
  async request(
    line: string,
    timeoutMs: number,
    late: () => string,
  ): Promise<{ actions: unknown } | string> {
    if (this.#dead !== undefined) return this.#dead;
    try {
      await this.#writer.write(new TextEncoder().encode(line));
    } catch {
      return await this.#exited("the policy process stopped reading");
    }
    const read = await this.#readReply(timeoutMs, late);
    if (typeof read === "string") return read;
    const reply = read.reply;
    if (isObject(reply) && typeof reply.error === "string") {
      return this.#fail(sanitize(retellDenials(reply.error)));
    }
    if (isObject(reply) && Object.hasOwn(reply, "actions")) {
      return { actions: reply.actions };
    }
    return this.#fail(`malformed answer ${describe(reply)}`);
  }

  async #readReply(timeoutMs: number, late: () => string): Promise<Reply> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const next = await Promise.race([
        this.#lines.next().catch((e: Error) => e),
        timeout,
      ]);
      if (next instanceof Error) return this.#fail(next.message);
      if (next === "timeout") {
        this.#kill();
        return this.#fail(late());
      }
      if (next.done) return await this.#exited("the policy process ended");
      const memory = watchdogError(next.value, this.#spec.maxMemoryMb);
      if (memory !== undefined) return this.#fail(memory);
      try {
        return { reply: JSON.parse(next.value) };
      } catch {
        return this.#fail(
          `the policy wrote to standard output outside the protocol: ${
            JSON.stringify(sanitize(next.value.slice(0, 80)))
          } (use console.error for debugging output)`,
        );
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async #exited(what: string): Promise<string> {
    const status = await this.#child.status;
    if (this.#cgroup?.oomKilled()) {
      return this.#fail(
        `memory limit: the policy process went over --policy-max-memory-mb ${this.#spec.maxMemoryMb} (heap, buffers and WebAssembly memory together) and the kernel stopped it (exit signal ${status.signal})`,
      );
    }
    const tail = retellDenials((await this.#stderr.done).trim());
    const code = status.signal === null
      ? `code ${status.code}`
      : `signal ${status.signal}`;
    const memory = /out of memory|heap limit/i.test(tail)
      ? " (over its memory limit; see --policy-max-memory-mb)"
      : "";
    // A forwarded tail has been printed already; say it once.
    const shown = tail === "" || this.#stderr.enabled
      ? ""
      : `; its standard error ends with:\n${tail}`;
    return this.#fail(`${what} (exit ${code})${memory}${shown}`);
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
    // The host exits at the end of its input; a policy busy elsewhere is killed.
    await this.#writer.close().catch(() => {});
    const timer = setTimeout(() => this.#kill(), 500);
    try {
      await this.#child.status;
      await this.#stderr.done;
      await this.#lines.return?.();
    } finally {
      clearTimeout(timer);
      await this.#cgroup?.remove();
    }
  }
}

function describe(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return sanitize(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
