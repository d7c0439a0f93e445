/**
 * User policies, run sealed: the module graph is checked and bundled
 * (`bundle.ts`), and each episode gets its own Deno process
 * (`process.ts`) with no permission but the granted net hosts and
 * environment names, no remote import, no Deno directory (so no
 * `localStorage`, `caches` or files survive), a memory limit, and the
 * observation as its only input: no seed, no scenario file, no path.
 *
 * One process per episode, N at a time, keeps episodes independent: a
 * policy's state cannot carry into another episode, and a policy that
 * writes to its standard output can only answer for its own episode. A
 * Worker per episode in one long-lived process was rejected: the workers
 * would share the process's stdin and stdout, so frames would need
 * authenticating against code in the same process. The CLI needs
 * `--allow-run` for Deno (and bwrap, for the Linux isolation of
 * isolation.ts) and `--allow-read` of the policy's folder.
 *
 * @module
 */

import { PolicyError } from "../../errors.ts";
import type { PolicyFactory } from "../mod.ts";
import type { Controller } from "../../sim/simulator.ts";
import type { Action, EpisodeKey } from "../../types.ts";
import { bundlePolicy } from "./bundle.ts";
import { networkEnv } from "./network_env.ts";
import { PolicyProcess, type ProcessSpec } from "./process.ts";
import { type IsolateMode, resolveIsolation } from "./isolation.ts";
import { DEFAULT_INFO_MAX_BYTES } from "./answer.ts";
import { DEFAULT_STDERR_MAX_BYTES } from "./stderr_pipe.ts";
import { agentEnv, agentLaunch, commandExists, DEFAULT_PATH } from "./agent.ts";
import { treeKillUnavailable, treeMemoryUnavailable } from "./tree_memory.ts";
import { MemoryCgroup } from "./cgroup.ts";

export { DEFAULT_INFO_MAX_BYTES, DEFAULT_STDERR_MAX_BYTES };

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

/**
 * Default memory limit of a policy process (V8 old space), in MB.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_POLICY_MEMORY_MB } from "./sandbox.ts";
 * assert.ok(DEFAULT_POLICY_MEMORY_MB === 512);
 * ```
 */
export const DEFAULT_POLICY_MEMORY_MB = 512;

/** Time a policy process may take to start and load its bundle. */
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * One decision of a sandboxed policy, for the transcript.
 *
 * @example
 * ```ts
 * import type { Decision } from "./sandbox.ts";
 * const d: Decision = { episode: 0, step: 1, actions: { p1: "west" }, ms: 12.5, info: "exit is west" };
 * ```
 */
export type Decision = {
  /** Episode index in the manifest. */
  readonly episode: number;
  /** The step being decided (1 for the first). */
  readonly step: number;
  /** The actions the policy answered. */
  readonly actions: unknown;
  /** Milliseconds from handing over the observation to the answer. */
  readonly ms: number;
  /** The policy's free-form `_info`, if it gave one. */
  readonly info?: unknown;
};

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
  /** Per-step time limit in ms (default 5000), from handing over the observation. */
  readonly stepTimeoutMs?: number;
  /** Time limit for starting the process and loading the bundle (default 60 s). */
  readonly startupTimeoutMs?: number;
  /** Forward the policy's standard error, sanitized (default true). */
  readonly forwardStderr?: boolean;
  /** Memory limit per process in MB (default 512). */
  readonly maxMemoryMb?: number;
  /** `HOST[:PORT]` the policy may reach (default none). */
  readonly allowNet?: readonly string[];
  /** Environment variables the policy may read (default none). */
  readonly allowEnv?: readonly string[];
  /** JSON or text files the policy may import. */
  readonly allowData?: readonly string[];
  /** Files the command reads as input: never given to the policy. */
  readonly inputs?: readonly string[];
  /** Called with each decision (for a transcript). */
  readonly onDecision?: (decision: Decision) => void;
  /**
   * Linux isolation with bubblewrap: `auto` (default: used when it can
   * be, else the fallback, said by `onNotice`), `required`, `off`.
   */
  readonly isolate?: IsolateMode;
  /** Called with the one line saying the isolation is off, before bundling. */
  readonly onNotice?: (line: string) => void;
  /** Bytes of standard error forwarded per episode (default 1 MiB). */
  readonly stderrMaxBytes?: number;
  /** Bound of an answer's `info`, bytes of canonical JSON (default 64 KiB). */
  readonly infoMaxBytes?: number;
};

/**
 * A user policy module, checked, bundled and run in sealed subprocesses,
 * one per episode. Use {@linkcode PolicySandbox.factory} as the runner's
 * policy and call {@linkcode PolicySandbox.close} when the run ends.
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
  readonly #label: string;
  readonly #spec: ProcessSpec;
  readonly #stepTimeoutMs: number;
  readonly #startupTimeoutMs: number;
  readonly #onDecision: ((d: Decision) => void) | undefined;
  readonly #live = new Set<PolicyProcess>();
  #spare: PolicyProcess | undefined;
  #closed = false;
  /** The local files that went into the bundle. */
  readonly files: readonly string[];

  private constructor(
    label: string,
    spec: ProcessSpec,
    files: readonly string[],
    options: SandboxOptions,
  ) {
    this.#label = label;
    this.#spec = spec;
    this.files = files;
    this.#stepTimeoutMs = options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
    this.#startupTimeoutMs = options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS;
    this.#onDecision = options.onDecision;
  }

  /**
   * Check and bundle the policy file at `path` (relative to the working
   * directory, or a `file:` URL) and prepare its sandbox.
   */
  static async open(
    path: string,
    options: SandboxOptions = {},
  ): Promise<PolicySandbox> {
    const file = /^file:/i.test(path)
      ? decodeURIComponent(new URL(path).pathname)
      : path;
    if (/^[a-z][a-z0-9+.-]*:/i.test(path) && !/^file:/i.test(path)) {
      throw new PolicyError(
        "a policy must be a local file (remote modules are refused)",
        { file: path, path: "--policy" },
      );
    }
    const deno = await denoCommand();
    const isolation = await resolveIsolation(options.isolate ?? "auto");
    if (isolation.kind === "fallback") options.onNotice?.(isolation.note);
    const bundle = await bundlePolicy(file, {
      deno,
      allowData: options.allowData ?? [],
      inputs: options.inputs ?? [],
      isolation,
    });
    const allowNet = options.allowNet ?? [];
    const allowEnv = options.allowEnv ?? [];
    const spec: ProcessSpec = {
      deno,
      bundle: new TextEncoder().encode(bundle.source),
      maxMemoryMb: options.maxMemoryMb ?? DEFAULT_POLICY_MEMORY_MB,
      allowNet,
      allowEnv,
      env: await policyEnv(allowEnv, allowNet.length > 0),
      forwardStderr: options.forwardStderr ?? true,
      isolation,
      stderrMaxBytes: options.stderrMaxBytes ?? DEFAULT_STDERR_MAX_BYTES,
      infoMaxBytes: options.infoMaxBytes ?? DEFAULT_INFO_MAX_BYTES,
    };
    return new PolicySandbox(path, spec, bundle.files, options);
  }

  /**
   * Prepare an external agent (`run --policy-exec -- CMD ARG…`), run from
   * `argv` as it is, one process per episode, over agent protocol 1.0.
   * Refused here (before any episode) when its memory cannot be bounded.
   */
  static async openAgent(
    argv: readonly string[],
    options: SandboxOptions = {},
  ): Promise<PolicySandbox> {
    const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_POLICY_MEMORY_MB;
    const probe = MemoryCgroup.create(maxMemoryMb * 2 ** 20);
    await probe?.remove();
    const why = probe === undefined ? await treeMemoryUnavailable() : undefined;
    if (why !== undefined) {
      throw new PolicyError(why, { path: "--policy-max-memory-mb" });
    }
    const isolation = await resolveIsolation(
      options.isolate ?? "auto",
      "agent",
    );
    if (isolation.kind === "fallback") {
      options.onNotice?.(isolation.note);
      checkWorkdir();
      // Killing bubblewrap ends its PID namespace; here each pid is killed.
      const cannot = probe === undefined
        ? await treeKillUnavailable()
        : undefined;
      if (cannot !== undefined) {
        throw new PolicyError(cannot, { path: "--policy-exec" });
      }
    }
    const allowNet = options.allowNet ?? [];
    const allowEnv = options.allowEnv ?? [];
    const home = await readableEnv("HOME");
    const launch = agentLaunch(argv, {
      inputs: options.inputs ?? [],
      net: allowNet.length > 0,
      isolated: isolation.kind === "bwrap",
      ...(home === undefined ? {} : { home }),
    });
    const env = await agentEnv(await policyEnv(allowEnv, allowNet.length > 0));
    const command = launch.argv[0]!;
    if (commandExists(command, env.PATH ?? "") === false) {
      throw new PolicyError(
        `cannot start the agent ${
          JSON.stringify(command)
        }: no such command (looked for on the agent's PATH)`,
        { path: "--policy-exec" },
      );
    }
    const spec: ProcessSpec = {
      deno: "",
      bundle: new Uint8Array(),
      maxMemoryMb,
      allowNet,
      allowEnv,
      env,
      forwardStderr: options.forwardStderr ?? true,
      isolation,
      stderrMaxBytes: options.stderrMaxBytes ?? DEFAULT_STDERR_MAX_BYTES,
      infoMaxBytes: options.infoMaxBytes ?? DEFAULT_INFO_MAX_BYTES,
      agent: launch,
    };
    return new PolicySandbox("--policy-exec", spec, [], options);
  }

  /**
   * The policy factory: each episode gets a fresh process, ended by the
   * controller's `dispose` (the runner calls it when the episode ends).
   */
  readonly factory: PolicyFactory = (
    _seed: number,
    key?: EpisodeKey,
  ): Controller => {
    let proc: PolicyProcess | undefined;
    const episode = key?.index ?? -1;
    const controller: Controller = async (obs) => {
      if (this.#closed) throw this.#error("the sandbox is closed");
      if (proc === undefined) {
        proc = this.#take();
        proc.serve(episode);
      }
      const ready = await proc.ready(this.#startupTimeoutMs);
      if (ready !== true) throw this.#error(ready);
      // The observation and nothing else: no seed, no file, no path.
      const step = obs.step + 1;
      const started = performance.now();
      const reply = await proc.request(obs, step, this.#stepTimeoutMs);
      const ms = performance.now() - started;
      if (typeof reply === "string") throw this.#error(reply);
      this.#onDecision?.({
        episode,
        step,
        actions: reply.actions,
        ms,
        ...(reply.info === undefined ? {} : { info: reply.info }),
      });
      // The simulator checks the answer (one valid action per active person).
      return reply.actions as Record<string, Action>;
    };
    return Object.assign(controller, {
      dispose: async () => {
        const p = proc;
        proc = undefined;
        if (p !== undefined) {
          this.#live.delete(p);
          await p.end();
        }
      },
    });
  };

  /** End every process of this sandbox. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const procs = [...this.#live, this.#spare];
    this.#live.clear();
    this.#spare = undefined;
    await Promise.all(procs.map((p) => p?.end()));
  }

  // One spare process is started ahead, which hides the start-up time.
  #take(): PolicyProcess {
    const proc = this.#spare ?? this.#start();
    this.#live.add(proc);
    this.#spare = this.#start();
    return proc;
  }

  #start(): PolicyProcess {
    try {
      return new PolicyProcess(this.#spec);
    } catch (e) {
      const command = this.#spec.agent?.argv[0];
      if (command === undefined) throw e;
      // A command that does not exist (or may not be run) fails every episode.
      const why = e instanceof Deno.errors.NotFound
        ? "no such command (looked for on the agent's PATH)"
        : e instanceof Deno.errors.NotCapable ||
            e instanceof Deno.errors.PermissionDenied
        ? `the CLI may not run it: add --allow-run=${command}${
          command.includes("/") || this.#spec.env.PATH !== DEFAULT_PATH
            ? ""
            // Deno resolves the name on the agent's PATH, not the CLI's.
            : ` (the agent's PATH is ${DEFAULT_PATH}, as the CLI may not read yours: add --allow-env=PATH, or give the command's full path)`
        }`
        : (e as Error).message;
      throw this.#error(
        `cannot start the agent ${JSON.stringify(command)}: ${why}`,
      );
    }
  }

  #error(detail: string): PolicyError {
    return new PolicyError(detail, { file: this.#label });
  }
}

/**
 * The policy process's environment: the granted names (read here, so the
 * CLI needs `--allow-env` for them) and, when net is granted, the proxy
 * variables this process may read. Nothing else is inherited.
 */
async function policyEnv(
  names: readonly string[],
  net: boolean,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const state = await Deno.permissions.query({ name: "env", variable: name });
    if (state.state !== "granted") {
      throw new PolicyError(
        `the CLI passes ${name} to the policy and must read it: add --allow-env=${
          names.join(",")
        }`,
        { path: "--policy-allow-env" },
      );
    }
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  return net ? { ...env, ...await networkEnv() } : env;
}

/**
 * Refuses, before any episode, a run whose agents could not get their own
 * working folder: without bubblewrap it is made in the system's temporary
 * folder, which the CLI may need leave to write.
 */
function checkWorkdir(): void {
  try {
    Deno.removeSync(Deno.makeTempDirSync({ prefix: "ember-agent-" }));
  } catch (e) {
    const where = /access to "([^"]+)"/.exec(String(e))?.[1] ?? "/tmp";
    throw new PolicyError(
      e instanceof Deno.errors.NotCapable ||
        e instanceof Deno.errors.PermissionDenied
        ? `the agent's own working folder is made in ${where}, which the CLI may not write: add --allow-write=${where}`
        : `cannot make the agent's working folder: ${(e as Error).message}`,
      { path: "--policy-exec" },
    );
  }
}

/** An environment variable's value, when the CLI may read it. */
async function readableEnv(name: string): Promise<string | undefined> {
  const state = await Deno.permissions.query({ name: "env", variable: name });
  return state.state === "granted" ? Deno.env.get(name) : undefined;
}

/**
 * The command that starts Deno: this executable when run access to it is
 * granted (`-A`, or `--allow-run=<path>`), else `deno` from the PATH when
 * `--allow-run=deno` is granted and the PATH has it.
 */
async function denoCommand(): Promise<string> {
  const exec = Deno.execPath();
  const byPath = await Deno.permissions.query({ name: "run", command: exec });
  if (byPath.state === "granted") return exec;
  const byName = await Deno.permissions.query({ name: "run", command: "deno" });
  if (byName.state === "granted") {
    try {
      const probe = await new Deno.Command("deno", {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      }).output();
      if (probe.success) return "deno";
    } catch {
      // not on the PATH: fall through to the exact flag
    }
  }
  // The exact flag that always works names this executable; `deno` works
  // only when the PATH has it (Deno resolves the name at start-up).
  throw new PolicyError(
    `a user policy runs in a sandboxed Deno subprocess; run the CLI with --allow-run=${exec} (this Deno), or --allow-run=deno when deno is on the PATH`,
    { path: "--policy" },
  );
}
