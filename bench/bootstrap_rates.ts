/**
 * The bootstrap figures of the kernel issue, each a ratio against a
 * reference measured in the same run:
 *
 * 1. kernel stream words/s (blocks, and draws with sums at n = 104) against
 *    OpenSSL's single-core SHAKE-256 through Python's hashlib, alternated
 *    three times, best of each;
 * 2. `aggregate --resamples R` of the public suite's greedy result, replay
 *    included, with 2 workers and with 1: effective words/s (R · Σn over the
 *    intervals that exist) against OpenSSL's single-core rate, and the
 *    speed-up of 2 workers over 1;
 * 3. the same groups and metrics through `scipy.stats.bootstrap`
 *    (percentile, R resamples, its best `batch`);
 * 4. peak RSS at R against R = 2,000 (`/usr/bin/time -v`);
 * 5. `demo --resamples R`, effective words/s over its five artifacts.
 *
 *   deno run -A bench/bootstrap_rates.ts [--resamples R] [--no-demo] [--no-scipy]
 *
 * R defaults to 1,000,000. Run it on an otherwise idle machine.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { kernelByName } from "../src/bootstrap/kernel.ts";
import { kernelGenerateBlocks } from "../src/bootstrap/wasm_kernel.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { verifyEvaluation } from "../src/verify/verify.ts";
import { episodeMetricValues } from "../src/statistics/artifact.ts";
import { METRIC_DEFINITIONS } from "../src/statistics/definitions.ts";
import { statisticsGroups } from "../src/statistics/groups.ts";

const { values: opts } = parseArgs({
  args: Deno.args,
  options: {
    resamples: { type: "string", default: "1000000" },
    "no-demo": { type: "boolean", default: false },
    "no-scipy": { type: "boolean", default: false },
  },
});
const R = Number(opts.resamples);
const ROOT = new URL("../", import.meta.url).pathname;
const MOD = `${ROOT}mod.ts`;
const tmp = await Deno.makeTempDir({ prefix: "ember_bench_" });
const decoder = new TextDecoder();

async function command(cmd: string, args: string[]) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd: tmp,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${decoder.decode(out.stderr)}`);
  }
  return {
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

/** Wall seconds and peak RSS (MB) of one CLI command under /usr/bin/time -v. */
async function timed(args: string[]) {
  const { stderr } = await command("/usr/bin/time", [
    "-v",
    "deno",
    "run",
    ...args,
  ]);
  const wall = stderr.match(
    /Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)/,
  )!;
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 +
    Number(wall[3]);
  const rss =
    Number(stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)![1]) /
    1024;
  return { seconds, rss };
}

function log(line: string) {
  console.log(line);
}

// 0. The greedy result of the public suite, and its intervals.
await command("deno", [
  "run",
  `--allow-read=${tmp}`,
  `--allow-write=${tmp}`,
  MOD,
  "run",
  "--quiet",
  "--policy",
  "greedy",
  "--out",
  `${tmp}/greedy.json`,
]);
const suite = publicSuite();
const verified = await verifyEvaluation(
  await Deno.readFile(`${tmp}/greedy.json`),
  suite,
);
const values = episodeMetricValues(verified);
const intervals: number[][] = [];
let drawn = 0;
for (const g of statisticsGroups(suite, verified.evaluation_manifest)) {
  METRIC_DEFINITIONS.forEach((_, m) => {
    const xs = g.indices.flatMap((k) => {
      const v = values.get(k)?.[m];
      return v === undefined || v === null ? [] : [v];
    });
    if (xs.length < 5) return;
    intervals.push(xs.map((x) => x.toFloat()));
    if (xs.some((x) => x.cmp(xs[0]!) !== 0)) drawn += xs.length;
  });
}
const sigmaN = intervals.reduce((t, xs) => t + xs.length, 0);
await Deno.writeTextFile(
  `${tmp}/intervals.json`,
  JSON.stringify({ intervals }),
);
log(
  `greedy result of the public suite: ${intervals.length} intervals, Σn = ${sigmaN} (${drawn} in non-degenerate ones), R = ${R}`,
);

// 1. Stream rates, alternated.
function kernelRates(seconds: number) {
  const seed = new Uint8Array(32).fill(9);
  let blocks = 0;
  let start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    kernelGenerateBlocks(seed, blocks, 300);
    blocks += 300;
  }
  const stream = (blocks * 512) / ((performance.now() - start) / 1000);
  const n = 104;
  const xs = Float64Array.from({ length: n }, (_, i) => i % 7);
  const chunk = 20_000;
  const sums = new Float64Array(chunk);
  const sampler = kernelByName("wasm")(seed, n);
  let words = 0;
  start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    sampler.resample(xs, sums, null, 0, chunk);
    words += n * chunk;
  }
  const draws = words / ((performance.now() - start) / 1000);
  return { stream, draws };
}
let openssl = 0;
let stream = 0;
let draws = 0;
for (let round = 0; round < 3; round++) {
  const py = JSON.parse(
    (await command("python3", [
      `${ROOT}bench/bootstrap_rates.py`,
      "hashlib",
      "3",
    ])).stdout,
  );
  openssl = Math.max(openssl, py.words_per_second);
  const k = kernelRates(3);
  stream = Math.max(stream, k.stream);
  draws = Math.max(draws, k.draws);
}
const M = (x: number) => `${(x / 1e6).toFixed(1)} M words/s`;
log(`OpenSSL SHAKE-256 (hashlib), 1 core: ${M(openssl)}`);
log(
  `kernel stream (blocks), 1 core:     ${M(stream)}  = ${
    (stream / openssl).toFixed(2)
  }x OpenSSL`,
);
log(
  `kernel draws + sums (n = 104):      ${M(draws)}  = ${
    (draws / openssl).toFixed(2)
  }x OpenSSL`,
);

// 2 and 4. aggregate at R and at 2,000, 2 workers and 1.
const aggregate = (resamples: number, workers: number) =>
  timed([
    `--allow-read=${tmp}`,
    MOD,
    "aggregate",
    "--quiet",
    "--resamples",
    String(resamples),
    "--workers",
    String(workers),
    `${tmp}/greedy.json`,
  ]);
const a2 = await aggregate(R, 2);
const a1 = await aggregate(R, 1);
const small = await aggregate(2000, 2);
const effective = (R * sigmaN) / a2.seconds;
log(
  `aggregate R = ${R}, 2 workers: ${a2.seconds.toFixed(1)} s, ${
    M(effective)
  } effective = ${(effective / openssl).toFixed(2)}x OpenSSL 1 core; peak ${
    a2.rss.toFixed(0)
  } MB`,
);
log(
  `aggregate R = ${R}, 1 worker:  ${a1.seconds.toFixed(1)} s; 2 workers are ${
    (a1.seconds / a2.seconds).toFixed(2)
  }x faster`,
);
log(
  `aggregate R = 2000, 2 workers: ${small.seconds.toFixed(1)} s, peak ${
    small.rss.toFixed(0)
  } MB; R = ${R} adds ${(a2.rss - small.rss).toFixed(0)} MB`,
);

// 3. scipy over the same intervals.
if (!opts["no-scipy"]) {
  const sp = JSON.parse(
    (await command("python3", [
      `${ROOT}bench/bootstrap_rates.py`,
      "scipy",
      `${tmp}/intervals.json`,
      String(R),
    ])).stdout,
  );
  log(
    `scipy.stats.bootstrap percentile, R = ${R}, batch ${sp.batch}: ${
      sp.seconds.toFixed(1)
    } s (bootstrap only, no replay); aggregate with 2 workers is ${
      (sp.seconds / a2.seconds).toFixed(2)
    }x its speed`,
  );
}

// 5. demo at R.
if (!opts["no-demo"]) {
  const dir = `${tmp}/demo`;
  const d = await timed([
    `--allow-read=${dir}`,
    `--allow-write=${dir}`,
    MOD,
    "demo",
    "--quiet",
    "--out",
    dir,
    "--resamples",
    String(R),
    "--workers",
    "2",
  ]);
  let words = 0;
  for await (const e of Deno.readDir(dir)) {
    if (!e.name.endsWith(".stats.json") && !e.name.startsWith("compare.")) {
      continue;
    }
    const art = JSON.parse(await Deno.readTextFile(`${dir}/${e.name}`));
    for (const g of [art.overall, ...art.scenarios, ...art.families]) {
      for (const m of g.metrics) {
        const ci = m.mean_ci ?? m.mean_delta_ci;
        if (ci !== null) words += R * m.statistics.n;
      }
    }
  }
  log(
    `demo R = ${R}, 2 workers: ${d.seconds.toFixed(1)} s, ${
      M(words / d.seconds)
    } effective over its 5 artifacts = ${
      ((words / d.seconds) / openssl).toFixed(2)
    }x OpenSSL 1 core; peak ${d.rss.toFixed(0)} MB`,
  );
}
await Deno.remove(tmp, { recursive: true });
