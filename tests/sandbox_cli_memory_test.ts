/**
 * The CLI's own memory under the policy attacks of issue 19, through the
 * real CLI and real policy files: with each attack, the CLI's peak stays
 * within 50 MB of the same run (same suite, same flags, `--transcript`
 * and `--out` included) with a policy that prints nothing and returns no
 * `_info`. And with `--concurrency 3`, the policy processes together stay
 * under 4 × `--policy-max-memory-mb` (three episodes and the spare).
 *
 * Peaks come from GNU time (cli_memory_support.ts): the larger of the
 * CLI's peak and its reaped children's, which is the CLI's while every
 * policy process stays smaller than the CLI. The memory hog breaks that
 * on purpose (its process grows to the bound, past the CLI), so it and
 * its baseline are measured by the CLI's own VmHWM instead, read by
 * proc_tree_sampler.ts, which also sums the policy processes for the
 * concurrency bound.
 *
 * The test process needs `--allow-run=deno,bwrap,/usr/bin/time`,
 * `--allow-read=.` and `--allow-write=.`; EMBER_SHOW_MEMORY=1 (with
 * `--allow-env`) prints the figures:
 *
 * ```
 * EMBER_SHOW_MEMORY=1 deno test --allow-read=. --allow-write=. \
 *   --allow-run=deno,bwrap,/usr/bin/time --allow-env tests/sandbox_cli_memory_test.ts
 * ```
 */

import assert from "node:assert/strict";
import { CLI, inTempDir, put, suiteText } from "./cli_support.ts";
import { measureCli } from "./cli_memory_support.ts";

const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=deno,bwrap"];
/** The bound of the issue, 50 MB over the quiet run's peak, in MiB. */
const MARGIN_MIB = 50e6 / 2 ** 20;
const SAMPLER = new URL("./proc_tree_sampler.ts", import.meta.url).pathname;

// Two scenarios of at most 12 steps, one seed each: two episodes.
const SUITE = suiteText(1);
const WEST = `Object.fromEntries(obs.people.map((p) => [p.person_id, "west"]))`;
const STAY = `Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]))`;

/** The same flags for every run, the baseline's included. */
function args(policy: string): string[] {
  return [
    "run",
    "--suite",
    "s.json",
    "--policy",
    `./${policy}`,
    "--model-id",
    "m",
    "--out",
    "r.json",
    "--transcript",
    "t.jsonl",
    "--step-timeout-ms",
    "3000",
    "--policy-max-memory-mb",
    "256",
  ];
}

const QUIET = `export default (obs) => ${WEST};`;

/** A fresh folder with the suite and the policy file `policy.js`. */
async function withPolicy<T>(
  source: string,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await inTempDir(async (dir) => {
    await put(dir, "s.json", SUITE);
    await put(dir, "policy.js", source);
    result = await fn(dir);
  });
  return result as T;
}

type Measured = { code: number; peakMb: number; err: string };

async function measured(source: string): Promise<Measured> {
  return await withPolicy(source, async (dir) => {
    const r = await measureCli(dir, FLAGS, args("policy.js"));
    return { code: r.code, peakMb: r.peakMb, err: r.err };
  });
}

let baseline: Promise<number> | undefined;

/** The quiet run's peak (GNU time), measured once for the file. */
function baselineMb(): Promise<number> {
  baseline ??= measured(QUIET).then((r) => {
    assert.equal(r.code, 0, r.err);
    // The CLI's own notes only: nothing forwarded from the policy.
    assert.ok(!r.err.includes("policy[episode"), r.err);
    report("baseline (quiet policy)", r.peakMb);
    return r.peakMb;
  });
  return baseline;
}

// EMBER_SHOW_MEMORY=1 prints the figures, for the record of a run.
function report(what: string, mb: number): void {
  if (Deno.env.get("EMBER_SHOW_MEMORY")) {
    console.log(`${what}: ${mb.toFixed(1)} MiB`);
  }
}

function assertWithin(what: string, peakMb: number, baseMb: number): void {
  assert.ok(
    peakMb <= baseMb + MARGIN_MIB,
    `${what}: the CLI peaked at ${
      peakMb.toFixed(1)
    } MiB, over the quiet run's ${baseMb.toFixed(1)} MiB + 50 MB`,
  );
}

async function withinBaseline(
  what: string,
  source: string,
  check: (r: Measured) => void,
): Promise<void> {
  const base = await baselineMb();
  const r = await measured(source);
  report(what, r.peakMb);
  // The bound first: it is what this file tests; then that the attack was
  // the one meant (refused, or bounded, with its own message).
  assertWithin(what, r.peakMb, base);
  check(r);
}

Deno.test("cli memory: 256 MiB of standard error in one episode", async () => {
  // 262,144 lines of 1,024 bytes, at the first step of the first episode.
  const flood =
    `const block = new TextEncoder().encode(("x".repeat(1023) + "\\n").repeat(1024));
export default (obs) => {
  if (obs.scenario_id === "hot" && obs.step === 0) for (let i = 0; i < 256; i++) Deno.stderr.writeSync(block);
  return ${WEST};
};`;
  await withinBaseline("256 MiB of stderr", flood, (r) => {
    assert.equal(r.code, 0, r.err.slice(-2000));
    assert.match(
      r.err,
      /note: episode 0's policy wrote \d+ more bytes to standard error than the 1048576 that --policy-stderr-max-bytes shows; they were dropped/,
    );
  });
});

Deno.test("cli memory: an 8 MB _info on every step, with --transcript", async () => {
  const big =
    `export default (obs) => ({ _actions: ${STAY}, _info: "x".repeat(8_000_000) });`;
  await withinBaseline("8 MB _info", big, (r) => {
    assert.equal(r.code, 1, r.err.slice(-2000));
    assert.match(
      r.err,
      /protocol error at episode 0, step 1: an answer line longer than 458752 bytes, the bound for an info of at most 65536 bytes of canonical JSON/,
    );
  });
});

Deno.test("cli memory: an _info nested 200,000 deep", async () => {
  const deep = `let v = 0;
for (let i = 0; i < 200000; i++) v = [v];
export default (obs) => ({ _actions: ${WEST}, _info: v });`;
  await withinBaseline("_info nested 200,000 deep", deep, (r) => {
    assert.equal(r.code, 1, r.err.slice(-2000));
    assert.match(
      r.err,
      /protocol error at episode 0, step 1: an answer nested more than 512 levels deep/,
    );
  });
});

Deno.test("cli memory: 64 MiB of answers written ahead, then a promise that never settles", async () => {
  // 1 MiB of answer lines with guessed ids, written 64 times.
  const ahead = `const enc = new TextEncoder();
export default (obs) => {
  let text = "";
  for (let i = 0; text.length < 1 << 20; i++) text += JSON.stringify({ id: i, actions: ${STAY} }) + "\\n";
  const block = enc.encode(text);
  try { for (let i = 0; i < 64; i++) Deno.stdout.writeSync(block); } catch { /* the CLI killed us */ }
  return new Promise(() => {});
};`;
  await withinBaseline("64 MiB of answers ahead", ahead, (r) => {
    assert.equal(r.code, 1, r.err.slice(-2000));
    assert.match(
      r.err,
      /protocol error at episode 0, step 1: an answer whose id is not the request's \(written ahead, or for another request\)/,
    );
  });
});

Deno.test("cli memory: a 60,000-byte _info (allowed) on every step, with --transcript", async () => {
  // A 59,998-character string is 60,000 bytes of canonical JSON.
  const large =
    `export default (obs) => ({ _actions: ${WEST}, _info: "i".repeat(59_998) });`;
  const base = await baselineMb();
  await withPolicy(large, async (dir) => {
    const r = await measureCli(dir, FLAGS, args("policy.js"));
    report("60,000-byte _info", r.peakMb);
    assertWithin("60,000-byte _info", r.peakMb, base);
    assert.equal(r.code, 0, r.err.slice(-2000));
    const lines = (await Deno.readTextFile(`${dir}/t.jsonl`)).split("\n");
    assert.equal(lines.pop(), "");
    assert.equal(JSON.parse(lines[0]!).model_id, "m");
    const decisions = lines.slice(1).map((l) => JSON.parse(l));
    // Two episodes, each of at least one step, every one with its info.
    assert.ok(decisions.length >= 2, String(decisions.length));
    assert.ok(decisions.every((d) => d.info === "i".repeat(59_998)));
  });
});

type Sampled = {
  code: number;
  err: string;
  samples: number;
  maxTotalMb: number;
  maxPolicies: number;
  /** Distinct policy processes seen, and how many of them in a memory cgroup. */
  policies: number;
  inCgroup: number;
  /** The largest VmRSS one policy process was seen at, in MiB. */
  maxPolicyMb: number;
  cliHwmMb: number;
};

/**
 * Run the CLI in `dir` with `flags` and `cliArgs` while
 * proc_tree_sampler.ts watches it from its PID.
 */
async function sampled(
  dir: string,
  flags: readonly string[],
  cliArgs: readonly string[],
): Promise<Sampled> {
  const child = new Deno.Command("deno", {
    args: ["run", "--no-prompt", ...flags, CLI, ...cliArgs],
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const sampler = new Deno.Command("deno", {
    args: ["run", "-A", SAMPLER, String(child.pid), "20"],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const [run, watch] = await Promise.all([child.output(), sampler]);
  const decoder = new TextDecoder();
  assert.equal(watch.code, 0, decoder.decode(watch.stderr));
  const s = JSON.parse(decoder.decode(watch.stdout));
  return {
    code: run.code,
    err: decoder.decode(run.stderr),
    samples: s.samples,
    maxTotalMb: s.maxTotalKb / 1024,
    maxPolicies: s.maxPolicies,
    policies: s.policies,
    inCgroup: s.inCgroup,
    maxPolicyMb: s.maxPolicyKb / 1024,
    cliHwmMb: s.rootHwmKb / 1024,
  };
}

Deno.test("cli memory: a policy touching ArrayBuffers past --policy-max-memory-mb 256 (the CLI's own peak)", async () => {
  // GNU time's figure would be the hog's own (it reaches 256 MiB, past the
  // CLI), so both runs are measured by the CLI's VmHWM alone.
  const hog = `const keep = [];
export default (obs) => {
  if (obs.scenario_id === "cold" && obs.step === 1) {
    for (let mb = 4; mb <= 4096; mb += 4) { const b = new Uint8Array(4 << 20); b.fill(1); keep.push(b); }
  }
  return ${WEST};
};`;
  const quiet = await withPolicy(
    QUIET,
    (dir) => sampled(dir, FLAGS, args("policy.js")),
  );
  assert.equal(quiet.code, 0, quiet.err);
  assert.ok(quiet.samples > 0);
  report("baseline (quiet policy), CLI's VmHWM", quiet.cliHwmMb);
  // GNU time's baseline is the CLI's own peak, not a policy process's:
  // the two ways agree on the quiet run (a larger child would show here).
  const base = await baselineMb();
  assert.ok(
    Math.abs(base - quiet.cliHwmMb) < 10,
    `GNU time ${base.toFixed(1)} MiB, the CLI's VmHWM ${
      quiet.cliHwmMb.toFixed(1)
    } MiB`,
  );
  const r = await withPolicy(
    hog,
    (dir) => sampled(dir, FLAGS, args("policy.js")),
  );
  report("memory hog, CLI's VmHWM", r.cliHwmMb);
  report("memory hog, policy processes' largest sum", r.maxTotalMb);
  assert.equal(r.code, 1, r.err.slice(-2000));
  assert.match(
    r.err,
    /model m, episode 1: scenario cold, seed 0, step 2: controller failed: \.\/policy\.js: memory limit: /,
  );
  assert.ok(r.samples > 0);
  // The sampler saw the hog grow (so it watched the right tree).
  assert.ok(r.maxTotalMb > 200, `${r.maxTotalMb.toFixed(1)} MiB`);
  assert.ok(
    r.cliHwmMb <= quiet.cliHwmMb + MARGIN_MIB,
    `the CLI peaked at ${r.cliHwmMb.toFixed(1)} MiB, over the quiet run's ${
      quiet.cliHwmMb.toFixed(1)
    } MiB + 50 MB`,
  );
});

const HOLD_MIB = 150;
const BOUND_MIB = 256;

// Every episode touches 150 MiB at its first step and holds it 400 ms.
const HOLDER = `export default async (obs) => {
  if (obs.step === 0) {
    const b = new Uint8Array(${HOLD_MIB} << 20);
    b.fill(1);
    await new Promise((r) => setTimeout(r, 400));
    globalThis.held = b;
  }
  return ${WEST};
};`;

// Every episode grows past the bound at its first step, 4 MiB at a time,
// touched, with a short pause each 64 MiB so that the three episodes of
// the moment grow together (a synchronous loop would also do, but would
// leave the CPU to whichever process the scheduler favours).
const GROWER = `const keep = [];
export default async (obs) => {
  if (obs.step === 0) {
    for (let mb = 4; mb <= 4096; mb += 4) {
      const b = new Uint8Array(4 << 20); b.fill(1); keep.push(b);
      if (mb % 64 === 0) await new Promise((r) => setTimeout(r, 5));
    }
  }
  return ${WEST};
};`;

type Mechanism = "watchdog" | "cgroup";
const MECHANISM_FLAGS: Record<Mechanism, string[]> = {
  watchdog: FLAGS,
  cgroup: ["-A"],
};

async function concurrency(
  mechanism: Mechanism,
  policy: string,
): Promise<Sampled> {
  let r: Sampled | undefined;
  await inTempDir(async (dir) => {
    // Two scenarios, three seeds each: six episodes, three at a time, so
    // a spare is started while three hold their memory.
    await put(dir, "s.json", suiteText(3));
    await put(dir, "policy.js", policy);
    r = await sampled(dir, MECHANISM_FLAGS[mechanism], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      "./policy.js",
      "--model-id",
      "m",
      "--concurrency",
      "3",
      "--policy-max-memory-mb",
      String(BOUND_MIB),
      "--step-timeout-ms",
      "20000",
    ]);
  });
  const got = r!;
  report(
    `--concurrency 3 (${mechanism}), policies' largest sum`,
    got.maxTotalMb,
  );
  if (Deno.env.get("EMBER_SHOW_MEMORY")) {
    console.log(
      `--concurrency 3 (${mechanism}): at most ${got.maxPolicies} policy processes alive; ${got.inCgroup} of ${got.policies} seen in a memory cgroup; the largest at ${
        got.maxPolicyMb.toFixed(1)
      } MiB`,
    );
  }
  assert.ok(got.samples > 0);
  return got;
}

/** Every policy process was in a memory cgroup of the CLI's, or none. */
function assertMechanism(mechanism: Mechanism, r: Sampled): void {
  assert.equal(
    r.inCgroup,
    mechanism === "cgroup" ? r.policies : 0,
    `${r.inCgroup} of ${r.policies} policy processes in a memory cgroup`,
  );
}

/** The bound of item 3: N + 1 processes at most, under (N + 1) × the bound. */
function assertUnderBound(r: Sampled): void {
  assert.ok(r.maxPolicies <= 4, `${r.maxPolicies} policy processes at once`);
  assert.ok(
    r.maxTotalMb < 4 * BOUND_MIB,
    `${r.maxTotalMb.toFixed(1)} MiB, not under 4 × ${BOUND_MIB}`,
  );
}

for (const mechanism of ["watchdog", "cgroup"] as const) {
  const how = mechanism === "watchdog"
    ? "watchdog (CLI without -A)"
    : "memory cgroup (CLI with -A, root)";
  Deno.test(`cli memory: --concurrency 3, three episodes holding ${HOLD_MIB} MiB each stay under 4 × the bound, ${how}`, async () => {
    const r = await concurrency(mechanism, HOLDER);
    assertUnderBound(r);
    assertMechanism(mechanism, r);
    assert.equal(r.code, 0, r.err.slice(-2000));
    // The sampler saw three episodes holding their memory at once: the
    // bound is tested under load, not on an idle tree.
    assert.ok(r.maxPolicies >= 3, `${r.maxPolicies} policy processes`);
    assert.ok(
      r.maxTotalMb > 3 * HOLD_MIB,
      `${r.maxTotalMb.toFixed(1)} MiB at most`,
    );
  });

  Deno.test(`cli memory: --concurrency 3, three episodes growing past the bound together stay under 4 × the bound, ${how}`, async () => {
    const r = await concurrency(mechanism, GROWER);
    assertUnderBound(r);
    assertMechanism(mechanism, r);
    assert.equal(r.code, 1, r.err.slice(-2000));
    assert.match(
      r.err,
      /controller failed: \.\/policy\.js: memory limit: /,
    );
    assert.ok(r.maxPolicies >= 3, `${r.maxPolicies} policy processes`);
    // Each process is stopped near the bound, even one whose episode was
    // being ended when it crossed (the run stops at the first failure).
    // The slack is for the watchdog's 10 ms polling and the kill, under
    // CPU contention: measured at most 25 MiB over; before the fix of
    // process.ts, such a process grew for end()'s 500 ms, to 600–800 MiB.
    assert.ok(
      r.maxPolicyMb < BOUND_MIB + 128,
      `a policy process reached ${r.maxPolicyMb.toFixed(1)} MiB`,
    );
    // The sampler saw a process grow (to the bound, less what one 20 ms
    // sample can miss). How far the three overlap is up to the scheduler:
    // their largest sums were 547–856 MiB over a dozen runs.
    assert.ok(
      r.maxPolicyMb > BOUND_MIB - 64,
      `the largest policy process seen: ${r.maxPolicyMb.toFixed(1)} MiB`,
    );
  });
}
