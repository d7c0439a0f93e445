/**
 * Samples a process tree's memory, for tests that bound it: run as
 * `deno run -A tests/proc_tree_sampler.ts PID [PERIOD_MS]` (Deno needs
 * `-A` to read /proc). Every PERIOD_MS (default 20) until process PID has
 * ended (gone, or a zombie), it walks /proc for PID's descendants, sums
 * their VmRSS, counts the policy processes alive (`deno` processes whose
 * command line has `--deny-import`, the sealed flag only a policy
 * process gets; a bwrap wrapper is not one, a zombie has no command line
 * and no memory), notes which policy processes it ever saw in a memory
 * cgroup of the CLI's (`/ember-policy-…` in /proc/N/cgroup), and reads
 * PID's own VmHWM (the kernel's peak of that process alone, children not
 * included). Then it prints one JSON line: `{"samples","maxTotalKb",
 * "maxPolicies","policies","inCgroup","maxPolicyKb","rootHwmKb"}`
 * (`policies` and `inCgroup` count distinct PIDs; `maxPolicyKb` is the
 * largest VmRSS one policy process was seen at).
 *
 * The sum is sampled, so a peak shorter than the period can be missed;
 * VmHWM is not sampled (the kernel keeps it), only its last reading,
 * taken at most one period before PID ended.
 *
 * @module
 */

const decoder = new TextDecoder();

function read(path: string): string | undefined {
  try {
    return decoder.decode(Deno.readFileSync(path));
  } catch {
    // the process ended between the listing and the read
    return undefined;
  }
}

/** A status field in kB ("VmRSS:   1234 kB"), or undefined. */
function kbField(status: string, name: string): number | undefined {
  const m = new RegExp(`^${name}:\\s+(\\d+) kB$`, "m").exec(status);
  return m === null ? undefined : Number(m[1]);
}

/** Every process's parent, from /proc/N/stat (after the comm's last ")"). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const stat = read(`/proc/${e.name}/stat`);
    if (stat === undefined) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    map.set(Number(e.name), Number(fields[1]));
  }
  return map;
}

function descendants(root: number, parent: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parent) {
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const todo = [...(children.get(root) ?? [])];
  while (todo.length > 0) {
    const pid = todo.pop()!;
    out.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return out;
}

function inCgroup(pid: number): boolean {
  return (read(`/proc/${pid}/cgroup`) ?? "").includes("/ember-policy-");
}

function isPolicy(pid: number): boolean {
  const comm = read(`/proc/${pid}/comm`)?.trim();
  const cmdline = read(`/proc/${pid}/cmdline`) ?? "";
  return comm === "deno" && cmdline.split("\0").includes("--deny-import");
}

const root = Number(Deno.args[0]);
const period = Number(Deno.args[1] ?? "20");
if (!Number.isSafeInteger(root) || root <= 0 || !(period > 0)) {
  console.error("usage: proc_tree_sampler.ts PID [PERIOD_MS]");
  Deno.exit(2);
}

let samples = 0;
let maxTotalKb = 0;
let maxPolicies = 0;
let rootHwmKb = 0;
let maxPolicyKb = 0;
const seen = new Set<number>();
const cgrouped = new Set<number>();
for (;;) {
  const status = read(`/proc/${root}/status`);
  if (status === undefined || /^State:\s+Z/m.test(status)) break;
  rootHwmKb = Math.max(rootHwmKb, kbField(status, "VmHWM") ?? 0);
  let total = 0;
  let policies = 0;
  for (const pid of descendants(root, parents())) {
    const s = read(`/proc/${pid}/status`);
    if (s === undefined) continue;
    const rss = kbField(s, "VmRSS") ?? 0;
    total += rss;
    if (!isPolicy(pid)) continue;
    maxPolicyKb = Math.max(maxPolicyKb, rss);
    policies++;
    seen.add(pid);
    if (inCgroup(pid)) cgrouped.add(pid);
  }
  samples++;
  maxTotalKb = Math.max(maxTotalKb, total);
  maxPolicies = Math.max(maxPolicies, policies);
  await new Promise((r) => setTimeout(r, period));
}
console.log(JSON.stringify({
  samples,
  maxTotalKb,
  maxPolicies,
  policies: seen.size,
  inCgroup: cgrouped.size,
  maxPolicyKb,
  rootHwmKb,
}));
