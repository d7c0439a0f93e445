/**
 * The memory bound of an external agent where no cgroup can be made: the
 * CLI polls the resident size of the agent's whole process tree (an
 * interpreter may start workers) and reports it past the bound; the
 * caller then kills the tree. The module host watches itself instead
 * (watchdog.ts); an agent is no Deno process and cannot be asked to.
 *
 * The tree is read from /proc (Linux, which Deno opens only to `-A`),
 * else from `ps -A -o pid=,ppid=,rss=` (macOS too; `--allow-run=ps`).
 *
 * @module
 */

import { childPids } from "./cgroup.ts";

/** How often the tree's resident size is read, in ms. */
const PERIOD_MS = 20;

/** One reading: the tree's processes and their resident bytes together. */
type Reading = { readonly pids: readonly number[]; readonly rss: number };

type Reader = (pid: number) => Promise<Reading>;

function procRss(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(
      Deno.readTextFileSync(`/proc/${pid}/status`),
    );
    return m === null ? 0 : Number(m[1]) * 1024;
  } catch {
    return 0;
  }
}

function procReading(root: number): Promise<Reading> {
  const pids: number[] = [];
  const walk = (p: number) => {
    if (pids.includes(p)) return;
    pids.push(p);
    for (const c of childPids(p)) walk(c);
  };
  walk(root);
  return Promise.resolve({
    pids,
    rss: pids.reduce((sum, p) => sum + procRss(p), 0),
  });
}

async function psReading(root: number): Promise<Reading> {
  const out = await new Deno.Command("ps", {
    args: ["-A", "-o", "pid=,ppid=,rss="],
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output();
  const kids = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
    const [pid, ppid, kb] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || kb === undefined) continue;
    rss.set(pid, kb * 1024);
    kids.set(ppid, [...kids.get(ppid) ?? [], pid]);
  }
  const pids: number[] = [];
  const walk = (p: number) => {
    if (pids.includes(p)) return;
    pids.push(p);
    for (const c of kids.get(p) ?? []) walk(c);
  };
  walk(root);
  return { pids, rss: pids.reduce((s, p) => s + (rss.get(p) ?? 0), 0) };
}

let chosen: Reader | string | undefined;

/**
 * How this CLI can kill an agent's descendants (an interpreter's workers
 * outlive a killed agent, holding its pipes open): `Deno.kill` needs the
 * whole of `--allow-run`; else the `kill` command, when it may run.
 */
type Killer = (pids: readonly number[]) => void;
let killer: Killer | string | undefined;

async function chooseKiller(): Promise<Killer | string> {
  if (killer !== undefined) return killer;
  const all = await Deno.permissions.query({ name: "run" });
  const cmd = await Deno.permissions.query({ name: "run", command: "kill" });
  killer = all.state === "granted"
    ? (pids) => {
      for (const pid of pids) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // already exited
        }
      }
    }
    : cmd.state === "granted"
    ? (pids) => {
      if (pids.length === 0) return;
      new Deno.Command("kill", {
        args: ["-KILL", ...pids.map(String)],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).output().catch(() => {});
    }
    : "without bubblewrap or a memory cgroup, the CLI stops an agent's child processes with the kill command: add --allow-run=kill (or run with -A)";
  return killer;
}

/**
 * Kill processes by id, by the means {@linkcode treeKillUnavailable}
 * found (it must have been awaited first; else nothing is done, as in a
 * PID namespace, which ends with its first process); errors are ignored.
 *
 * @example
 * ```ts ignore
 * import { killPids } from "./tree_memory.ts";
 * killPids([12345]);
 * ```
 */
export function killPids(pids: readonly number[]): void {
  if (typeof killer === "function") killer(pids);
}

/** How this CLI can read a process tree's memory, or why it cannot. */
async function reader(): Promise<Reader | string> {
  if (chosen !== undefined) return chosen;
  try {
    Deno.readTextFileSync(`/proc/${Deno.pid}/status`);
    chosen = procReading;
  } catch {
    const ps = await Deno.permissions.query({ name: "run", command: "ps" });
    chosen = ps.state === "granted"
      ? psReading
      : "the CLI can bound an agent's memory only through a memory cgroup or /proc (Deno opens them only to -A) or ps: run it with -A, or add --allow-run=ps";
  }
  return chosen;
}

/**
 * Whether an agent's memory can be bounded here: `undefined`, or the
 * one-line reason (with the permission to add).
 *
 * @example
 * ```ts ignore
 * import { treeMemoryUnavailable } from "./tree_memory.ts";
 * const why = await treeMemoryUnavailable();
 * ```
 */
export async function treeMemoryUnavailable(): Promise<string | undefined> {
  const r = await reader();
  return typeof r === "string" ? r : undefined;
}

/**
 * Whether an agent's descendants can be killed here (needed without a
 * PID namespace or a cgroup): `undefined`, or the one-line reason.
 *
 * @example
 * ```ts ignore
 * import { treeKillUnavailable } from "./tree_memory.ts";
 * const why = await treeKillUnavailable();
 * ```
 */
export async function treeKillUnavailable(): Promise<string | undefined> {
  const k = await chooseKiller();
  return typeof k === "string" ? k : undefined;
}

/**
 * Polls one agent's process tree until stopped; calls `over` once with
 * the resident bytes when they pass `limitBytes`.
 *
 * @example
 * ```ts ignore
 * import { TreeWatchdog } from "./tree_memory.ts";
 * const dog = new TreeWatchdog(child.pid, 512 * 2 ** 20, (rss) => kill(rss));
 * // … at the end of the episode:
 * dog.stop();
 * ```
 */
export class TreeWatchdog {
  #stopped = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pids: readonly number[] = [];

  /** Start polling the tree of `pid`. */
  constructor(pid: number, limitBytes: number, over: (rss: number) => void) {
    const poll = async () => {
      const read = await reader();
      if (this.#stopped || typeof read === "string") return;
      const now = await read(pid).catch(() => undefined);
      if (this.#stopped) return;
      if (now !== undefined) {
        this.#pids = now.pids;
        if (now.rss > limitBytes) {
          this.#stopped = true;
          over(now.rss);
          return;
        }
      }
      this.#timer = setTimeout(poll, PERIOD_MS);
    };
    poll();
  }

  /** The processes of the tree at the last reading. */
  get pids(): readonly number[] {
    return this.#pids;
  }

  /** Stop polling. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}
