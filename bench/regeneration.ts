/**
 * Issue 13's verification figures, in one run: `verify` of the large
 * generated result (scripts/gen_large_scenario.ts, greedy, about 30 MB)
 * through `--kernel wasm` (verification by regeneration) and
 * `--kernel reference` (the TypeScript simulator's records), and the general
 * path on the same result pretty-printed (valid, not canonical), with one
 * movement outcome changed (refused), and both (refused, not canonical);
 * then `compare` of the large result against each of them. Every command
 * runs as its own process under `/usr/bin/time -v` (wall time, peak RSS),
 * `REPEATS` times, and the best of each is kept (the shortest time, the
 * lowest peak: the machine may be shared); the in-process time of `verifyEvaluation` alone (no
 * process start, no file read) is measured too. The load average is printed
 * before and after, since the machine may be shared.
 *
 *   deno run -A bench/regeneration.ts            # three repeats
 *   deno run -A bench/regeneration.ts --quick    # one repeat
 *
 * Targets (issue 13): `verify` >= 100 MB/s of result; peak RSS of a
 * canonical result <= 1.5x the file size + 150 MB; the general path <= 8x
 * the file size (`compare`: reported per byte of the larger input). The
 * replay figure is `deno bench bench/replay_kernel_bench.ts`.
 *
 * @module
 */

import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { encode, parse } from "../src/json/canonical.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import { parseSuite } from "../src/scenario/suite.ts";

const quick = Deno.args.includes("--quick");
const REPEATS = quick ? 1 : 3;
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-regen-" });

type Timing = { seconds: number; rssKb: number; out: string };

/**
 * `deno run ARGS` under /usr/bin/time -v: the shortest time and the lowest
 * peak of REPEATS runs.
 */
async function timed(args: string[], expectCode = 0): Promise<Timing> {
  let best: Timing | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const r = await new Deno.Command("/usr/bin/time", {
      args: ["-v", Deno.execPath(), "run", ...args],
      cwd: here,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(r.stdout);
    const err = new TextDecoder().decode(r.stderr);
    if (r.code !== expectCode) {
      throw new Error(`${args.join(" ")}: exit ${r.code}\n${out}${err}`);
    }
    const wall =
      /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):(\d+\.\d+)/
        .exec(err)!;
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)!;
    const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 +
      Number(wall[3]);
    const t = { seconds, rssKb: Number(rss[1]), out: out + err };
    best = best === undefined ? t : {
      seconds: Math.min(best.seconds, t.seconds),
      rssKb: Math.min(best.rssKb, t.rssKb),
      out: best.out,
    };
  }
  return best!;
}

const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`load average before: ${load()}`);

const suiteFile = `${work}/large_suite.json`;
const large = `${work}/large_greedy.json`;
await Deno.writeTextFile(suiteFile, encode(largeSuite(LARGE_SEED)));
await timed([
  `--allow-read=${work}`,
  `--allow-write=${work}`,
  "mod.ts",
  "run",
  "--quiet",
  "--suite",
  suiteFile,
  "--policy",
  "greedy",
  "--out",
  large,
]);
const text = await Deno.readTextFile(large);
const size = text.length;
const pretty = `${work}/pretty.json`;
await Deno.writeTextFile(pretty, ` ${text}`);
const tampered = `${work}/tampered.json`;
const at = text.lastIndexOf('"outcome":"moved"');
const tamperedText = text.slice(0, at) + '"outcome":"blocked_wall"' +
  text.slice(at + '"outcome":"moved"'.length);
await Deno.writeTextFile(tampered, tamperedText);
const prettyTampered = `${work}/pretty_tampered.json`;
await Deno.writeTextFile(prettyTampered, ` ${tamperedText}`);

const verify = (file: string, kernel: string) => [
  `--allow-read=${work}`,
  "mod.ts",
  "verify",
  "--quiet",
  "--kernel",
  kernel,
  "--suite",
  suiteFile,
  file,
];

const MB = 1e6;
console.log(`large result: ${(size / MB).toFixed(1)} MB`);
console.log(
  `bound for a canonical result: ${(1.5 * size / MB + 150).toFixed(0)} MB; ` +
    `for the general path: ${(8 * size / MB).toFixed(0)} MB`,
);
console.log(
  "case                        kernel     wall s   MB/s   peak RSS MB  x size",
);
const digests = new Set<string>();
for (
  const [name, file, code] of [
    ["canonical", large, 0],
    ["pretty (general path)", pretty, 0],
    ["tampered (refused)", tampered, 1],
    ["pretty, tampered (refused)", prettyTampered, 1],
  ] as const
) {
  for (const kernel of ["wasm", "reference"]) {
    const t = await timed(verify(file, kernel), code);
    if (code === 0) digests.add(/digest ([0-9a-f]{64})/.exec(t.out)![1]!);
    console.log(
      `${name.padEnd(27)} ${kernel.padEnd(10)} ${
        t.seconds.toFixed(2).padStart(6)
      } ${(size / MB / t.seconds).toFixed(1).padStart(6)} ${
        (t.rssKb / 1000).toFixed(0).padStart(13)
      } ${(t.rssKb * 1000 / size).toFixed(1).padStart(7)}`,
    );
  }
}
if (digests.size !== 1) throw new Error(`digests differ: ${[...digests]}`);

// `compare` of the large result (A) against each of the others (B): the
// peak is given per byte of the larger input (all are about the same size).
console.log(
  "compare A - B               kernel     wall s   peak RSS MB  x larger",
);
for (
  const [name, file, code] of [
    ["valid - valid", large, 0],
    ["valid - pretty", pretty, 0],
    ["valid - tampered", tampered, 1],
    ["valid - pretty, tampered", prettyTampered, 1],
  ] as const
) {
  const larger = Math.max(size, (await Deno.stat(file)).size);
  const t = await timed([
    `--allow-read=${work}`,
    "mod.ts",
    "compare",
    "--quiet",
    "--resamples",
    "100",
    "--suite",
    suiteFile,
    large,
    file,
  ], code);
  console.log(
    `${name.padEnd(27)} ${"wasm".padEnd(10)} ${
      t.seconds.toFixed(2).padStart(6)
    } ${(t.rssKb / 1000).toFixed(0).padStart(13)} ${
      (t.rssKb * 1000 / larger).toFixed(1).padStart(9)
    }`,
  );
}

// In process: verifyEvaluation alone on the bytes in memory.
const suite = parseSuite(parse(await Deno.readTextFile(suiteFile)));
for (const kernel of ["wasm", "reference"] as const) {
  let best = Infinity;
  for (let i = 0; i < REPEATS + 1; i++) {
    const bytes = await Deno.readFile(large);
    const t0 = performance.now();
    await verifyEvaluation(bytes, suite, { kernel });
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  console.log(
    `in process, verifyEvaluation --kernel ${kernel}: ${best.toFixed(3)} s, ${
      (size / MB / best).toFixed(1)
    } MB/s`,
  );
}
console.log(`load average after: ${load()}`);
await Deno.remove(work, { recursive: true });
