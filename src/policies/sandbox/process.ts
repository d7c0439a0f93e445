/**
 * One sandboxed policy process (one episode): start it with the sealed
 * flags and a scrubbed environment, hand it the bundle, then JSON-line
 * requests with time limits.
 *
 * @module
 */

import { hostUrl } from "./host.ts";
import { sanitize } from "./sanitize.ts";
import { LineBoundError, NotUtf8Error, readLines } from "./lines.ts";
import { StderrPipe } from "./stderr_pipe.ts";
import {
  agentArgv,
  type AgentView,
  type Isolation,
  policyArgv,
} from "./isolation.ts";
import {
  boundMessage,
  checkAnswer,
  maxAnswerDepth,
  maxAnswerLineBytes,
  newRequestId,
  unanswered,
} from "./answer.ts";
import { MemoryCgroup } from "./cgroup.ts";
import { watchdogError } from "./watchdog.ts";
import { killPids, TreeWatchdog } from "./tree_memory.ts";
import { retellDenials } from "./denials.ts";
import { isObject } from "../../json/fields.ts";

/**
 * How a policy process is started.
 *
 * @example
 * ```ts
 * import type { ProcessSpec } from "./process.ts";
 * const spec: ProcessSpec = { deno: "deno", bundle: new Uint8Array(), maxMemoryMb: 512,
 *   allowNet: [], env: {}, allowEnv: [], forwardStderr: false,
 *   isolation: { kind: "fallback", note: "" },
 *   stderrMaxBytes: 1048576, infoMaxBytes: 65536 };
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
  /** Run in bubblewrap's namespaces (isolation.ts), or as it is. */
  readonly isolation: Isolation;
  /** Bytes of standard error forwarded per episode; the rest is dropped. */
  readonly stderrMaxBytes: number;
  /** Bound of an answer's `info`, bytes of canonical JSON. */
  readonly infoMaxBytes: number;
  /** An external agent to start instead of the module host. */
  readonly agent?: AgentLaunch;
};

/**
 * How an external agent (`run --policy-exec`) is started: its argv, run
 * as it is (never through a shell), and with bubblewrap what its view
 * hides and keeps.
 *
 * @example
 * ```ts
 * import type { AgentLaunch } from "./process.ts";
 * const launch: AgentLaunch = { argv: ["python3", "/w/agent.py"], net: false };
 * ```
 */
export type AgentLaunch = {
  /** The command and its arguments. */
  readonly argv: readonly string[];
  /** With bubblewrap: the view (its working folder is set per process). */
  readonly view?: Omit<AgentView, "cwd">;
  /** With bubblewrap: keep the host's network. */
  readonly net: boolean;
};

/** The agent's working folder inside bubblewrap (in its private /tmp). */
const AGENT_CWD = "/tmp/agent";

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
 * A parsed reply line (with its text), or why there is none.
 *
 * @example
 * ```ts
 * import type { Reply } from "./process.ts";
 * const replies: Reply[] = [{ reply: { actions: {} }, line: '{"actions":{}}' }, "the policy process ended"];
 * ```
 */
export type Reply = { readonly reply: unknown; readonly line: string } | string;

/** What the line pump hands over: a line, the end of output, or a fault. */
type Read = { line: string; frame: unknown } | { end: true } | {
  fault: string;
};

/**
 * One sandboxed process: start, JSON-line requests with time limits, end.
 *
 * Standard output is read all the time by one pump, one line at a time:
 * before the `ready` frame a line waits (at most one) until it is asked
 * for; from then on a line arriving while no request is outstanding is a
 * protocol error at once, and the pump reads the next line only when the
 * last one has been dealt with, so nothing queues.
 *
 * @example
 * ```ts ignore
 * import { PolicyProcess } from "./process.ts";
 * const proc = new PolicyProcess(spec);
 * proc.serve(3);
 * if ((await proc.ready(60_000)) === true) {
 *   await proc.request(observation, 1, 5000);
 * }
 * await proc.end();
 * ```
 */
export class PolicyProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #stderr: StderrPipe;
  readonly #infoMaxBytes: number;
  readonly #pumped: Promise<void>;
  readonly #spec: ProcessSpec;
  // Where no cgroup can be made, the host's watchdog bounds the memory.
  readonly #cgroup: MemoryCgroup | undefined;
  #ready: Promise<true | string> | undefined;
  // An agent's own working folder (without bubblewrap) and memory poller.
  readonly #workdir: string | undefined;
  readonly #tree: TreeWatchdog | undefined;
  #dead: string | undefined;
  // The pump's hand-over: a read waiting to be taken, or a taker waiting.
  #held: { read: Read; taken: () => void } | undefined;
  #taker: ((read: Read) => void) | undefined;
  // After the `ready` frame, every line must answer the outstanding request.
  #stepping = false;
  #episode = -1;
  #step = 0;
  #current: number | undefined;
  readonly #ids = new Set<number>();
  readonly #answered = new Map<number, number>();

  /**
   * Start the process. It runs its prelude and waits: no policy code runs
   * until {@linkcode PolicyProcess.ready} sends the bundle.
   */
  constructor(spec: ProcessSpec) {
    this.#spec = spec;
    const limitBytes = spec.maxMemoryMb * 2 ** 20;
    this.#cgroup = MemoryCgroup.create(limitBytes);
    if (spec.agent !== undefined) {
      const agent = spec.agent;
      const bwrap = spec.isolation.kind === "bwrap" &&
        agent.view !== undefined;
      this.#workdir = bwrap
        ? undefined
        : Deno.makeTempDirSync({ prefix: "ember-agent-" });
      const cwd = this.#workdir ?? AGENT_CWD;
      const argv = bwrap
        ? agentArgv(agent.argv, { ...agent.view!, cwd }, { net: agent.net })
        : { command: agent.argv[0]!, args: agent.argv.slice(1) };
      try {
        this.#child = new Deno.Command(argv.command, {
          args: argv.args,
          cwd: bwrap ? "/" : cwd,
          clearEnv: true,
          env: { ...spec.env, HOME: cwd, TMPDIR: cwd },
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
      } catch (e) {
        if (this.#workdir !== undefined) {
          Deno.removeSync(this.#workdir, { recursive: true });
        }
        this.#cgroup?.remove();
        throw e;
      }
      this.#cgroup?.adopt(this.#child.pid);
      this.#tree = this.#cgroup === undefined
        ? new TreeWatchdog(this.#child.pid, limitBytes, (rss) => {
          this.#fail(
            `memory limit: the agent's process tree reached ${
              Math.floor(rss / 2 ** 20)
            } MiB of resident memory, over --policy-max-memory-mb ${spec.maxMemoryMb}; it was stopped`,
          );
        })
        : undefined;
    } else {
      this.#workdir = undefined;
      this.#tree = undefined;
      this.#child = this.#hostChild(spec);
    }
    this.#writer = this.#child.stdin.getWriter();
    this.#writer.closed.catch(() => {});
    this.#infoMaxBytes = spec.infoMaxBytes;
    this.#pumped = this.#pump(this.#child.stdout);
    this.#stderr = new StderrPipe(
      this.#child.stderr,
      spec.forwardStderr,
      spec.stderrMaxBytes,
    );
  }

  /** The module host's process, its sealed flags and scrubbed environment. */
  #hostChild(spec: ProcessSpec): Deno.ChildProcess {
    const limitBytes = spec.maxMemoryMb * 2 ** 20;
    const host = hostUrl(
      this.#cgroup === undefined ? { watchdogLimitBytes: limitBytes } : {},
    );
    const args = [...sandboxFlags(spec), host];
    const argv = spec.isolation.kind === "bwrap"
      ? policyArgv(spec.isolation, args, { net: spec.allowNet.length > 0 })
      : { command: spec.deno, args };
    const child = new Deno.Command(argv.command, {
      args: argv.args,
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
    this.#cgroup?.adopt(child.pid);
    return child;
  }

  /**
   * The process now serves episode `episode` (its manifest index): its
   * standard error is forwarded under that episode's prefix, and its
   * errors name it.
   */
  serve(episode: number): void {
    this.#episode = episode;
    this.#stderr.forward(episode);
  }

  /**
   * The episode takes the process: once the host waits, bound its memory,
   * send the bundle and wait for the host's `ready` line: `true`, or why
   * the module failed.
   */
  ready(timeoutMs: number): Promise<true | string> {
    this.#ready ??= this.#load(timeoutMs);
    return this.#ready;
  }

  async #load(timeoutMs: number): Promise<true | string> {
    // An agent has no bundle to wait for: its first line is `ready`.
    if (this.#spec.agent === undefined) {
      const loaded = await this.#sendBundle(timeoutMs);
      if (loaded !== undefined) return loaded;
    }
    const read = await this.#readReply(
      timeoutMs,
      () =>
        this.#spec.agent === undefined
          ? `the policy did not load within ${timeoutMs} ms`
          : `the agent did not write {"ready":true} within ${timeoutMs} ms`,
    );
    if (typeof read === "string") return read;
    const reply = read.reply;
    if (isObject(reply) && reply.ready === true) {
      this.#stepping = true;
      return true;
    }
    if (isObject(reply) && typeof reply.error === "string") {
      return this.#fail(sanitize(retellDenials(reply.error)));
    }
    return this.#fail(`unexpected start-up message ${describe(reply)}`);
  }

  /** The module host's start: wait for it, bound it, send the bundle. */
  async #sendBundle(timeoutMs: number): Promise<string | undefined> {
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
    return undefined;
  }

  /**
   * Offer one observation (step `step`) and wait for its answer. The timer
   * starts as the observation is offered: the write runs in the background,
   * so a process that stops reading its input is timed out like one that
   * does not answer.
   */
  async request(
    observation: unknown,
    step: number,
    timeoutMs: number,
  ): Promise<{ actions: unknown; info?: unknown } | string> {
    if (this.#dead !== undefined) return this.#dead;
    const id = newRequestId(this.#ids);
    this.#step = step;
    this.#current = id;
    const line = `${JSON.stringify({ id, observation })}\n`;
    const written = this.#writer.write(new TextEncoder().encode(line)).then(
      () => undefined,
      () => "the policy process stopped reading",
    );
    const read = await this.#readReply(
      timeoutMs,
      () =>
        `policy did not answer within ${timeoutMs} ms at episode ${this.#episode}, step ${step}`,
      written,
    );
    if (typeof read === "string") return read;
    const answer = checkAnswer(read.reply, read.line, {
      id,
      answered: this.#answered,
      infoMaxBytes: this.#infoMaxBytes,
    });
    if ("refused" in answer) return this.#protocol(answer.refused);
    if ("failed" in answer) return this.#fail(answer.failed);
    this.#answered.set(id, step);
    return answer;
  }

  /**
   * The next line, parsed; or why there is none (timed out, the process
   * ended, `failed` settled with a reason, or the line was refused).
   */
  async #readReply(
    timeoutMs: number,
    late: () => string,
    failed: Promise<string | undefined> = new Promise(() => {}),
  ): Promise<Reply> {
    if (this.#dead !== undefined) return this.#dead;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const held = this.#held;
    this.#held = undefined;
    held?.taken();
    const next = held !== undefined
      ? Promise.resolve(held.read)
      : new Promise<Read>((resolve) => this.#taker = resolve);
    try {
      const got = await Promise.race([
        next,
        timeout,
        failed.then((why) =>
          why === undefined ? new Promise<never>(() => {}) : why
        ),
      ]);
      if (got === "timeout") {
        this.#kill();
        return this.#fail(late());
      }
      if (typeof got === "string") return await this.#exited(got);
      if ("fault" in got) return this.#protocol(got.fault);
      if ("end" in got) return await this.#exited("the policy process ended");
      return { reply: got.frame, line: got.line };
    } finally {
      this.#taker = undefined;
      clearTimeout(timer);
    }
  }

  /** Read standard output line by line until it ends; see the class. */
  async #pump(stdout: ReadableStream<Uint8Array>): Promise<void> {
    const lines = readLines(stdout, {
      maxBytes: maxAnswerLineBytes(this.#infoMaxBytes),
      maxDepth: maxAnswerDepth(),
    });
    try {
      for await (const line of lines) {
        // The memory watchdog's frame answers no request and ends the
        // process at once, whatever it is doing; it is looked for in the
        // raw line, as it may land inside a long line the host is writing.
        // It kills even a process already failed or being ended: end()
        // gives the host 500 ms to exit, time in which a policy still
        // allocating would grow far past the bound.
        const memory = watchdogError(line, this.#spec.maxMemoryMb);
        if (memory !== undefined) {
          this.#fail(memory);
          continue;
        }
        if (this.#dead !== undefined) continue;
        const frame = parseLine(line);
        await this.#hand({ line, frame });
      }
      await this.#hand({ end: true });
    } catch (e) {
      // Any other failure of the stream is the end of the output.
      if (e instanceof LineBoundError) {
        await this.#hand({
          fault: boundMessage(e.bound, e.limit, this.#infoMaxBytes),
        });
      } else if (e instanceof NotUtf8Error) {
        await this.#hand({
          fault: "a line that is not a protocol frame: it is not UTF-8",
        });
      } else await this.#hand({ end: true });
    }
  }

  /** Hand a read to the waiting request, or deal with it if none waits. */
  async #hand(read: Read): Promise<void> {
    const taker = this.#taker;
    if (taker !== undefined) {
      this.#taker = undefined;
      taker(read);
      return;
    }
    if (this.#dead !== undefined) return;
    if (this.#stepping) {
      // No request is outstanding: whatever the line is, it is refused.
      if ("line" in read) {
        // The last request counts as answered, even before request() has
        // recorded it.
        const answered = new Map(this.#answered);
        if (this.#current !== undefined) {
          answered.set(this.#current, this.#step);
        }
        this.#protocol(
          unanswered(read.frame, read.line, answered) ??
            `an answer while no request was outstanding (written ahead): ${
              describe(read.line)
            }`,
        );
      } else if ("fault" in read) this.#protocol(read.fault);
      else await this.#exited("the policy process ended");
      return;
    }
    // Before `ready`: the line waits to be asked for; nothing more is read.
    await new Promise<void>((taken) => this.#held = { read, taken });
  }

  #protocol(what: string): string {
    const where = this.#stepping ? `step ${this.#step}` : "start-up";
    return this.#fail(
      `protocol error at episode ${this.#episode}, ${where}: ${what}`,
    );
  }

  async #exited(what: string): Promise<string> {
    const status = await this.#child.status;
    if (this.#cgroup?.oomKilled()) {
      return this.#fail(
        this.#spec.agent === undefined
          ? `memory limit: the policy process went over --policy-max-memory-mb ${this.#spec.maxMemoryMb} (heap, buffers and WebAssembly memory together) and the kernel stopped it`
          : `memory limit: the agent's process tree went over --policy-max-memory-mb ${this.#spec.maxMemoryMb} and the kernel stopped it`,
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
    // Without a PID namespace, an agent's children outlive it.
    if (this.#spec.agent !== undefined) this.#cgroup?.killAll();
    killPids(this.#tree?.pids.slice(1) ?? []);
  }

  /** End the process: close its stdin, then kill it if it lingers. */
  async end(): Promise<void> {
    this.#dead ??= "ended";
    // The host exits at the end of its input; a policy busy elsewhere is killed.
    await this.#writer.close().catch(() => {});
    const timer = setTimeout(() => this.#kill(), 500);
    try {
      await this.#child.status;
      // An agent's children it left behind (without a PID namespace).
      if (this.#spec.agent !== undefined) this.#kill();
      await this.#stderr.done;
      this.#held?.taken();
      await this.#pumped;
    } finally {
      clearTimeout(timer);
      this.#tree?.stop();
      await this.#cgroup?.remove();
      if (this.#workdir !== undefined) {
        await Deno.remove(this.#workdir, { recursive: true }).catch(() => {});
      }
    }
  }
}

/** The line as JSON, or `undefined` when it is not JSON. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function describe(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return sanitize(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}
