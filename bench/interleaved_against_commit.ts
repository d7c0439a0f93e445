/**
 * The figures of `bench/benches_against_commit.ts` that sit nearest the
 * 5 % line, measured so that a shared machine's slow spells fall on both
 * sides alike: each command runs once in this checkout and once in the
 * other, alternating which goes first, ROUNDS times, and the medians of
 * the wall and CPU times (user + system, `/usr/bin/time`) are compared.
 * A whole benchmark round takes minutes, so there a slow spell can fall on
 * one side only (measured: the same `verify` of the large result was 1.00×
 * in one benchmark and 1.21× in another of the same run).
 *
 * Figures: `verify` of the large generated result and of a public-suite
 * result (process start included, as `bench/pipeline.ts` runs them), and
 * `verifyEvaluation` on the reference kernel in process (the best of 4
 * calls in a fresh process, as `bench/regeneration.ts` measures it).
 *
 *   git worktree add /tmp/base 6bdc66a
 *   deno run -A bench/interleaved_against_commit.ts /tmp/base [ROUNDS]
 *
 * @module
 */

import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { encode } from "../src/json/canonical.ts";

const [base, roundsText = "20"] = Deno.args;
if (base === undefined) {
  console.error(
    "usage: deno run -A bench/interleaved_against_commit.ts BASE_CHECKOUT [ROUNDS]",
  );
  Deno.exit(2);
}
const rounds = Number(roundsText);
if (!Number.isSafeInteger(rounds) || rounds < 1) {
  console.error(`ROUNDS must be a positive integer, found ${roundsText}`);
  Deno.exit(2);
}
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-interleaved-" });

type Sample = { wall: number; cpu: number };

async function run(cwd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S", Deno.execPath(), ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cwd}: ${args.join(" ")}:\n${err}`);
  return `${text}\n${err.trim().split("\n").at(-1)}`;
}

function timesOf(text: string): Sample {
  const [wall, user, sys] = text.split("\n").at(-1)!.split(" ").map(Number);
  return { wall: wall!, cpu: user! + sys! };
}

// The inputs, written by this checkout (the base reads the same bytes).
const suite = `${work}/large_suite.json`;
await Deno.writeTextFile(suite, encode(largeSuite(LARGE_SEED)));
const large = `${work}/large.json`;
const pub = `${work}/public.json`;
/** The CLI in `cwd` with read (and, to write, write) permission for `work`. */
const cli = (cwd: string, args: string[], write = false) =>
  run(cwd, [
    "run",
    `--allow-read=${work}`,
    ...(write ? [`--allow-write=${work}`] : []),
    "mod.ts",
    ...args,
    "--quiet",
  ]);
const greedy = ["run", "--policy", "greedy", "--out"];
await cli(here, [...greedy, large, "--suite", suite], true);
await cli(here, [...greedy, pub], true);

// In process: the verifier module's path differs across the redesign.
const inProcess = `${work}/in_process.ts`;
await Deno.writeTextFile(
  inProcess,
  `const root = Deno.args[0];
let mod;
try { mod = await import(root + "/src/verify/verify.ts"); }
catch { mod = await import(root + "/src/evaluation/verify.ts"); }
const { parse } = await import(root + "/src/json/canonical.ts");
const { parseSuite } = await import(root + "/src/scenario/suite.ts");
const suite = parseSuite(parse(await Deno.readTextFile(${
    JSON.stringify(suite)
  })));
let best = Infinity;
for (let i = 0; i < 4; i++) {
  const bytes = await Deno.readFile(${JSON.stringify(large)});
  const t0 = performance.now();
  await mod.verifyEvaluation(bytes, suite, { kernel: "reference" });
  best = Math.min(best, (performance.now() - t0) / 1000);
}
console.log(best);
`,
);

const figures: [string, (cwd: string) => Promise<Sample>][] = [
  [
    "verify large (process)",
    async (cwd) => timesOf(await cli(cwd, ["verify", "--suite", suite, large])),
  ],
  [
    "verify public (process)",
    async (cwd) => timesOf(await cli(cwd, ["verify", pub])),
  ],
  ["in process, reference", async (cwd) => {
    const text = await run(cwd, [
      "run",
      `--allow-read=${work},${cwd}`,
      inProcess,
      cwd,
    ]);
    return { wall: Number(text.split("\n")[0]), cpu: timesOf(text).cpu };
  }],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`load average before: ${load()}; ${rounds} rounds`);
console.log(
  "figure                        base wall  here wall  ratio   base cpu  here cpu  ratio",
);
try {
  for (const [name, measure] of figures) {
    const samples = { base: [] as Sample[], here: [] as Sample[] };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0
        ? ["base", "here"] as const
        : ["here", "base"] as const;
      for (const side of order) {
        samples[side].push(await measure(side === "base" ? base : here));
      }
    }
    const w = (s: Sample[]) => median(s.map((x) => x.wall));
    const c = (s: Sample[]) => median(s.map((x) => x.cpu));
    const [bw, hw, bc, hc] = [
      w(samples.base),
      w(samples.here),
      c(samples.base),
      c(samples.here),
    ];
    console.log(
      `${name.padEnd(28)} ${bw.toFixed(3).padStart(10)} ${
        hw.toFixed(3).padStart(10)
      } ${(hw / bw).toFixed(3).padStart(6)} ${bc.toFixed(3).padStart(10)} ${
        hc.toFixed(3).padStart(9)
      } ${(hc / bc).toFixed(3).padStart(6)}`,
    );
  }
} finally {
  await Deno.remove(work, { recursive: true });
}
console.log(`load average after: ${load()}`);
