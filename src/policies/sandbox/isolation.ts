/**
 * Linux isolation of the policy's bundler and processes with bubblewrap
 * (`bwrap`): a mount namespace where nothing is visible but what a step
 * needs, a PID namespace of its own, and for a policy process no network
 * unless granted. Without it (`--policy-isolate=off`, no `bwrap`, another
 * OS) the checks of `bundle.ts` fall back to a static scan of the bundled
 * code (`import_scan.ts`) and the policy process runs in the host's
 * namespaces (docs/security.md says what that cannot stop).
 *
 * Granting the CLI `--allow-run=bwrap` lets it start anything through
 * bwrap; it starts only this Deno executable.
 *
 * @module
 */

import { PolicyError } from "../../errors.ts";
// A policy process sees Deno at the path its prelude gives for
// Deno.execPath(), so process.argv0 and /proc/self/exe name no folder of
// the evaluator's (often a home folder).
import { POLICY_EXEC_PATH } from "./host_prelude.ts";

/**
 * What `--policy-isolate` asks for.
 *
 * @example
 * ```ts
 * import type { IsolateMode } from "./isolation.ts";
 * const mode: IsolateMode = "auto";
 * ```
 */
export type IsolateMode = "auto" | "required" | "off";

/**
 * The values of `--policy-isolate`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ISOLATE_MODES } from "./isolation.ts";
 * assert.deepEqual(ISOLATE_MODES, ["auto", "required", "off"]);
 * ```
 */
export const ISOLATE_MODES: readonly IsolateMode[] = [
  "auto",
  "required",
  "off",
];

/**
 * The isolation a run gets: bubblewrap with the Deno executable to run in
 * it and the library folders it starts with, or the fallback and why, as
 * one line for the user.
 *
 * @example
 * ```ts
 * import type { Isolation } from "./isolation.ts";
 * const iso: Isolation = { kind: "fallback", note: "warning: …" };
 * ```
 */
export type Isolation =
  | {
    readonly kind: "bwrap";
    readonly deno: string;
    readonly libs: readonly string[];
  }
  | { readonly kind: "fallback"; readonly note: string };

/** A command and its arguments. */
type Argv = { readonly command: string; readonly args: string[] };

// Debian/Ubuntu multiarch folders first (only the libraries); the whole
// library folders only where those do not exist (probe fails without them).
const TRIPLET = `${Deno.build.arch}-linux-gnu`;
const NARROW_LIBS = [
  `/lib/${TRIPLET}`,
  `/usr/lib/${TRIPLET}`,
  "/lib64",
  "/usr/lib64",
];
const WIDE_LIBS = ["/lib", "/usr/lib", "/lib64", "/usr/lib64"];

// Name resolution and TLS roots, for a process that keeps the network.
const NET_FILES = [
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/ssl",
  "/etc/ca-certificates",
  "/usr/share/ca-certificates",
  "/etc/pki",
];

const COMMON = [
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--unshare-cgroup-try",
  // A new session: no TIOCSTI into the terminal, no Ctrl-C from it.
  "--new-session",
  "--die-with-parent",
];

/**
 * Resolve `--policy-isolate`: bubblewrap when it is on the PATH, the CLI
 * may run it and a probe of the policy namespace runs this Deno; else the
 * fallback with a note, or, for `required`, an error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveIsolation } from "./isolation.ts";
 * const iso = await resolveIsolation("off");
 * assert.equal(iso.kind, "fallback");
 * ```
 */
export async function resolveIsolation(
  mode: IsolateMode,
  subject: "module" | "agent" = "module",
): Promise<Isolation> {
  // An external agent has no static checks to fall back on.
  const agent = subject === "agent";
  if (mode === "off") {
    return {
      kind: "fallback",
      note: agent
        ? "warning: --policy-isolate=off: the agent runs as your own program, with your files, network and processes in reach (docs/agent-protocol.md)"
        : "warning: --policy-isolate=off: the policy's bundler and processes run without Linux namespaces; only the static checks apply (docs/security.md)",
    };
  }
  const why = await probe();
  if (typeof why !== "string") return why;
  if (mode === "required") {
    throw new PolicyError(
      `required, but the Linux isolation is unavailable: ${why}`,
      { path: "--policy-isolate" },
    );
  }
  return {
    kind: "fallback",
    note: agent
      ? `note: agent isolation is off (${why}); the agent runs as your own program, with your files, network and processes in reach (docs/agent-protocol.md)`
      : `note: policy isolation is off (${why}); using the fallback: static checks only (docs/security.md)`,
  };
}

/** Bubblewrap with the library folders Deno starts with, or why not. */
async function probe(): Promise<Isolation | string> {
  if (Deno.build.os !== "linux") {
    return `bwrap needs Linux, not ${Deno.build.os}`;
  }
  const run = await Deno.permissions.query({ name: "run", command: "bwrap" });
  if (run.state !== "granted") {
    return "bwrap is not on the PATH or the CLI may not run it: install bubblewrap and add --allow-run=deno,bwrap";
  }
  let last = "";
  for (const libs of [NARROW_LIBS, WIDE_LIBS]) {
    const iso = { kind: "bwrap", deno: Deno.execPath(), libs } as const;
    const argv = policyArgv(iso, ["--version"], { net: false });
    try {
      const out = await new Deno.Command(argv.command, {
        args: argv.args,
        clearEnv: true,
        stdin: "null",
        stdout: "null",
        stderr: "piped",
      }).output();
      if (out.success) return iso;
      last = new TextDecoder().decode(out.stderr).trim().split("\n")[0] ?? "";
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return "bwrap is not on the PATH";
      throw e;
    }
  }
  return `bwrap cannot start Deno here: ${last.slice(0, 200)}`;
}

/**
 * The Deno executable (at `at`, its own path unless given) and the system
 * libraries it loads, read-only.
 */
function system(
  iso: { deno: string; libs: readonly string[] },
  at = iso.deno,
): string[] {
  return [
    ...iso.libs.flatMap((l) => ["--ro-bind-try", l, l]),
    "--ro-bind-try",
    "/etc/ld.so.cache",
    "/etc/ld.so.cache",
    "--ro-bind",
    iso.deno,
    at,
  ];
}

/**
 * What a bundling step (`deno info`, `deno bundle`) may see: read-only
 * paths (the policy's files, the granted data), Deno's module caches (the
 * folders of `DENO_DIR` it needs; nothing else of `DENO_DIR`, where other
 * programs' `localStorage` lives), and the working folder's name (empty,
 * so relative paths in the output mean what they mean to the CLI).
 *
 * @example
 * ```ts
 * import type { BundlerView } from "./isolation.ts";
 * const view: BundlerView = { readOnly: ["/w/pol"], denoDir: "/c/deno",
 *   caches: ["/c/deno/npm"], writableCaches: false, cwd: "/w" };
 * ```
 */
export type BundlerView = {
  /** Files and folders visible read-only, at their own paths. */
  readonly readOnly: readonly string[];
  /** The resolved `DENO_DIR`: an empty private folder but for `caches`. */
  readonly denoDir: string;
  /** Cache folders under `denoDir`, bound when they exist. */
  readonly caches: readonly string[];
  /** Whether deno may write the caches (to fetch a package it lacks). */
  readonly writableCaches: boolean;
  /** The working folder (created empty). */
  readonly cwd: string;
  /**
   * The network and the files name resolution and TLS read: only for the
   * step that fetches packages; the step that reads and inlines files runs
   * without them, so that a computed import finds nothing but the view.
   */
  readonly net?: boolean;
  /** Files bound at other paths (`[source, target]`), read-only. */
  readonly bindAs?: readonly (readonly [string, string])[];
};

/**
 * `deno ARGS` as a bundling step (`deno` is the command of the fallback;
 * bubblewrap runs this executable): in bubblewrap with only `view` visible,
 * no /proc (so `/proc/self/…` resolves to nothing), only /dev/null of
 * /dev, a private /tmp, and the network only when `view.net` (the step that
 * fetches packages); in the fallback, `deno ARGS` as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundlerArgv } from "./isolation.ts";
 * const view = { readOnly: ["/w/pol"], denoDir: "/c", caches: [], writableCaches: false, cwd: "/w" };
 * const argv = bundlerArgv({ kind: "bwrap", deno: "/bin/deno", libs: ["/lib"] }, "deno", ["info"], view);
 * assert.equal(argv.command, "bwrap");
 * assert.ok(!argv.args.includes("--proc") && argv.args.includes("--unshare-net"));
 * assert.ok(!argv.args.includes("/etc/resolv.conf") && !argv.args.includes("--dev"));
 * ```
 */
export function bundlerArgv(
  iso: Isolation,
  deno: string,
  args: readonly string[],
  view: BundlerView,
): Argv {
  if (iso.kind !== "bwrap") return { command: deno, args: [...args] };
  const bind = view.writableCaches ? "--bind-try" : "--ro-bind-try";
  return {
    command: "bwrap",
    args: [
      ...COMMON,
      // /dev/null and nothing else: an endless device such as /dev/zero
      // would hang a bundler that a computed import sent to it.
      "--dev-bind",
      "/dev/null",
      "/dev/null",
      "--tmpfs",
      "/tmp",
      ...system(iso),
      ...(view.net === true
        ? NET_FILES.flatMap((f) => ["--ro-bind-try", f, f])
        : ["--unshare-net"]),
      "--dir",
      view.cwd,
      "--tmpfs",
      view.denoDir,
      ...view.caches.flatMap((c) => [bind, c, c]),
      ...view.readOnly.flatMap((p) => ["--ro-bind", p, p]),
      ...(view.bindAs ?? []).flatMap(([from, to]) => ["--ro-bind", from, to]),
      "--chdir",
      view.cwd,
      "--",
      iso.deno,
      ...args,
    ],
  };
}

/**
 * `deno ARGS` as a policy process: in bubblewrap nothing is visible but
 * this Deno and its libraries, a fresh /proc of a new PID namespace (so
 * `Deno.pid` and `Deno.ppid` are the same in every episode), no network
 * unless `net` (then the name-resolution and TLS files too), cwd `/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { policyArgv } from "./isolation.ts";
 * const argv = policyArgv({ kind: "bwrap", deno: "/bin/deno", libs: ["/lib"] }, ["run"], { net: false });
 * assert.ok(argv.args.includes("--unshare-net") && argv.args.at(-1) === "run");
 * ```
 */
export function policyArgv(
  iso: Isolation,
  args: readonly string[],
  options: { readonly net: boolean },
): Argv {
  if (iso.kind !== "bwrap") throw new Error("policyArgv needs bwrap");
  return {
    command: "bwrap",
    args: [
      ...COMMON,
      "--dev",
      "/dev",
      ...(options.net
        ? NET_FILES.flatMap((f) => ["--ro-bind-try", f, f])
        : ["--unshare-net"]),
      "--proc",
      "/proc",
      ...system(iso, POLICY_EXEC_PATH),
      "--chdir",
      "/",
      "--",
      POLICY_EXEC_PATH,
      ...args,
    ],
  };
}

/**
 * What an external agent's bubblewrap view hides and keeps: the files
 * and folders it must not see (the suite, the results' folders, the home
 * folder), the folders of the agent's own files, bound back read-only
 * over a hidden folder, and the agent's working folder (in its private
 * `/tmp`).
 *
 * @example
 * ```ts
 * import type { AgentView } from "./isolation.ts";
 * const view: AgentView = { hideFirst: ["/home/me"], hideFiles: ["/w/suite.json"], hideFolders: ["/w/res"],
 *   keep: ["/home/me/agent"], cwd: "/tmp/agent" };
 * ```
 */
export type AgentView = {
  /** Folders shown as empty first (the home folder), before `keep`. */
  readonly hideFirst: readonly string[];
  /**
   * Files made unreadable: `/dev/null` bound over them, on a mount
   * without devices, so opening one fails.
   */
  readonly hideFiles: readonly string[];
  /** Folders shown as empty after `keep` (the results' folders). */
  readonly hideFolders: readonly string[];
  /** Folders bound back read-only after the hidden ones. */
  readonly keep: readonly string[];
  /** The agent's working folder, created empty. */
  readonly cwd: string;
};

/**
 * An external agent's argv in bubblewrap: the host's file system
 * read-only but for what `view` hides, a fresh /dev, a fresh /proc of
 * its own PID namespace, a private /tmp holding its working folder, and
 * no network unless `net` (then the host's network: a namespace cannot
 * narrow it to some hosts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentArgv } from "./isolation.ts";
 * const view = { hideFirst: [], hideFiles: ["/w/s.json"], hideFolders: ["/w/res"], keep: [], cwd: "/tmp/agent" };
 * const argv = agentArgv(["python3", "a.py"], view, { net: false });
 * assert.equal(argv.command, "bwrap");
 * assert.ok(argv.args.includes("--unshare-net") && argv.args.at(-1) === "a.py");
 * ```
 */
export function agentArgv(
  argv: readonly string[],
  view: AgentView,
  options: { readonly net: boolean },
): Argv {
  return {
    command: "bwrap",
    args: [
      ...COMMON,
      "--ro-bind",
      "/",
      "/",
      "--dev",
      "/dev",
      "--proc",
      "/proc",
      ...(options.net ? [] : ["--unshare-net"]),
      // First: the agent's own files may live under /tmp (a checkout
      // there), and `keep` binds them back on top of the private /tmp.
      "--tmpfs",
      "/tmp",
      ...view.hideFirst.flatMap((d) => ["--tmpfs", d]),
      ...view.keep.flatMap((d) => ["--ro-bind", d, d]),
      // After `keep`: results beside the agent's files stay hidden.
      ...view.hideFolders.flatMap((d) => ["--tmpfs", d]),
      ...view.hideFiles.flatMap((f) => ["--ro-bind", "/dev/null", f]),
      "--dir",
      view.cwd,
      "--chdir",
      view.cwd,
      "--",
      ...argv,
    ],
  };
}
