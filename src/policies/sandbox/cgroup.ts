/**
 * A memory cgroup per policy process, where one can be made: the kernel
 * then bounds the resident memory of the whole process tree (heap,
 * `ArrayBuffer`s, `WebAssembly.Memory`, and any process it starts) and
 * kills it past the bound. The cgroup is a child of the CLI's own, so the
 * limits the CLI itself runs under still hold.
 *
 * Making one needs every permission (Deno gives /proc and /sys only to
 * `-A`) and a writable memory controller (cgroup v1's, or v2's when the
 * CLI's cgroup delegates it); otherwise {@linkcode MemoryCgroup.create}
 * returns `undefined` and the host's watchdog (watchdog.ts) is used.
 *
 * @module
 */

type Layout = { readonly version: 1 | 2; readonly parent: string };

let layout: Layout | null | undefined;
let made = 0;

// Every kind unscoped is what `-A` grants; anything less cannot open /sys.
const KINDS = ["read", "write", "run", "env", "net", "sys", "ffi"] as const;

function allPermissions(): boolean {
  return KINDS.every((name) =>
    Deno.permissions.querySync({ name }).state === "granted"
  );
}

function findLayout(): Layout | null {
  if (Deno.build.os !== "linux" || !allPermissions()) return null;
  let own: string;
  try {
    own = Deno.readTextFileSync("/proc/self/cgroup");
  } catch {
    return null;
  }
  const v1 = /^\d+:memory:(.*)$/m.exec(own);
  if (v1 !== null) {
    const parent = `/sys/fs/cgroup/memory${v1[1] === "/" ? "" : v1[1]}`;
    return canWrite(parent) ? { version: 1, parent } : null;
  }
  const v2 = /^0::(.*)$/m.exec(own);
  if (v2 !== null) {
    const parent = `/sys/fs/cgroup${v2[1] === "/" ? "" : v2[1]}`;
    try {
      const delegated = Deno.readTextFileSync(
        `${parent}/cgroup.subtree_control`,
      );
      if (/\bmemory\b/.test(delegated)) return { version: 2, parent };
    } catch {
      // no such file: no cgroup v2 here
    }
  }
  return null;
}

function canWrite(dir: string): boolean {
  try {
    return Deno.statSync(`${dir}/memory.limit_in_bytes`).isFile;
  } catch {
    return false;
  }
}

function tryWrite(file: string, text: string): boolean {
  try {
    Deno.writeTextFileSync(file, text);
    return true;
  } catch {
    return false;
  }
}

function readNumber(file: string, key: string): number {
  try {
    const m = new RegExp(`^${key} (\\d+)$`, "m").exec(
      Deno.readTextFileSync(file),
    );
    return m === null ? 0 : Number(m[1]);
  } catch {
    return 0;
  }
}

/**
 * One policy process's memory cgroup.
 *
 * @example
 * ```ts ignore
 * import { MemoryCgroup } from "./cgroup.ts";
 * const group = MemoryCgroup.create(256 * 2 ** 20); // undefined without -A
 * group?.adopt(child.pid);
 * // … after the process ended:
 * const killed = group?.oomKilled() ?? false;
 * await group?.remove();
 * ```
 */
export class MemoryCgroup {
  readonly #dir: string;
  readonly #version: 1 | 2;

  private constructor(dir: string, version: 1 | 2) {
    this.#dir = dir;
    this.#version = version;
  }

  /**
   * A new cgroup bounded at `limitBytes` with no swap, or `undefined` when
   * none can be made (the caller then uses the watchdog).
   */
  static create(limitBytes: number): MemoryCgroup | undefined {
    layout ??= findLayout();
    if (layout === null) return undefined;
    const dir = `${layout.parent}/ember-policy-${Deno.pid}-${++made}`;
    try {
      Deno.mkdirSync(dir);
    } catch {
      return undefined;
    }
    const group = new MemoryCgroup(dir, layout.version);
    // No swap: swapped-out pages would let the tree outgrow the bound.
    const bounded = layout.version === 1
      ? tryWrite(`${dir}/memory.limit_in_bytes`, `${limitBytes}`) &&
        (!exists(`${dir}/memory.memsw.limit_in_bytes`) ||
          tryWrite(`${dir}/memory.memsw.limit_in_bytes`, `${limitBytes}`))
      : tryWrite(`${dir}/memory.max`, `${limitBytes}`) &&
        (!exists(`${dir}/memory.swap.max`) ||
          tryWrite(`${dir}/memory.swap.max`, "0"));
    if (!bounded) {
      group.#rmdir();
      return undefined;
    }
    if (layout.version === 1) {
      // v1 leaves a process's pages charged where they were made; the
      // start-up's pages then count too (refused by kernels that dropped it).
      tryWrite(`${dir}/memory.move_charge_at_immigrate`, "3");
    }
    return group;
  }

  /**
   * Move the process `pid` and its descendants in (before any policy code
   * runs); false if it could not be moved.
   */
  adopt(pid: number): boolean {
    const seen = new Set<number>();
    const walk = (p: number): boolean => {
      if (seen.has(p)) return true;
      seen.add(p);
      if (!tryWrite(`${this.#dir}/cgroup.procs`, `${p}`)) return false;
      let ok = true;
      for (const child of childPids(p)) ok = walk(child) && ok;
      return ok;
    };
    return walk(pid);
  }

  /** Whether the kernel killed a process of this cgroup at its bound. */
  oomKilled(): boolean {
    return this.#version === 1
      ? readNumber(`${this.#dir}/memory.oom_control`, "oom_kill") > 0
      : readNumber(`${this.#dir}/memory.events`, "oom_kill") > 0;
  }

  /**
   * Kill every process in the group at once (an agent's children, which
   * outlive it and hold its pipes open).
   */
  killAll(): void {
    for (const pid of this.#procs()) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
  }

  /** Kill whatever is left in it, then remove it. */
  async remove(): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const pid of this.#procs()) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // gone already
        }
      }
      if (this.#rmdir()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  #procs(): number[] {
    try {
      return Deno.readTextFileSync(`${this.#dir}/cgroup.procs`).split("\n")
        .filter((l) => l !== "").map(Number);
    } catch {
      return [];
    }
  }

  #rmdir(): boolean {
    try {
      Deno.removeSync(this.#dir);
      return true;
    } catch (e) {
      return e instanceof Deno.errors.NotFound;
    }
  }
}

function exists(file: string): boolean {
  try {
    Deno.statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The children of process `pid` (Linux, every permission), or none.
 *
 * @example
 * ```ts ignore
 * import { childPids } from "./cgroup.ts";
 * const kids = childPids(Deno.pid);
 * ```
 */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
      try {
        const text = Deno.readTextFileSync(
          `/proc/${pid}/task/${task.name}/children`,
        );
        for (const c of text.trim().split(/\s+/)) if (c !== "") out.push(+c);
      } catch {
        // the thread ended
      }
    }
  } catch {
    // the process ended
  }
  return out;
}
