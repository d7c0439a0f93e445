/**
 * `run --out`'s peak memory and time as the work grows: the built-in
 * greedy policy over the public suite (104 episodes) and over its
 * scenarios with more seeds (`scripts/gen_seed_suite.ts`: factor 10 is
 * 1,040 episodes, 40 is 4,160, 100 is 10,400), each run as its own process
 * under `/usr/bin/time -v` (peak RSS: `tests/cli_memory_support.ts`), with
 * the minimum flags. Printed: the median and the largest peak of the rounds
 * at each size, at `--concurrency` 1 and 8, with the ratio of the median
 * at 4,160 to the one at 104 (the journal's target: at most 1.5); and,
 * with a BASE_CHECKOUT (another commit's
 * worktree), the median wall time of 104 and 1,040 episodes in both
 * checkouts, round by round alternating which goes first, with their
 * ratio, and the outputs compared byte for byte.
 *
 *   git worktree add /tmp/base main
 *   deno run -A bench/run_memory.ts [BASE_CHECKOUT] [ROUNDS]
 *
 * @module
 */

import { encode } from "../src/json/canonical.ts";
import { seedSuite } from "../scripts/gen_seed_suite.ts";
import { measureCommand } from "../tests/cli_memory_support.ts";

const [base, roundsText = "5"] = Deno.args;
const rounds = Number(roundsText);
if (!Number.isSafeInteger(rounds) || rounds < 1) {
  console.error(`ROUNDS must be a positive integer, found ${roundsText}`);
  Deno.exit(2);
}
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-run-memory-" });
for (const factor of [10, 40, 100]) {
  await Deno.writeTextFile(
    `${work}/x${factor}.json`,
    encode(seedSuite(factor)),
  );
}
/** The suite file of each size (the public suite is the default). */
const SUITES: Record<number, string | undefined> = {
  104: undefined,
  1040: `${work}/x10.json`,
  4160: `${work}/x40.json`,
  10400: `${work}/x100.json`,
};
const SIZES = [104, 1040, 4160, 10400];

type Measured = { readonly s: number; readonly mb: number };

/** One `run` of `checkout`'s CLI, writing `out`. */
async function run(
  checkout: string,
  episodes: number,
  concurrency: number,
  out: string,
): Promise<Measured> {
  const suite = SUITES[episodes];
  const started = performance.now();
  const r = await measureCommand(work, [
    Deno.execPath(),
    "run",
    "--no-prompt",
    `--allow-read=${work}`,
    `--allow-write=${work}`,
    `${checkout}/cli.ts`,
    "run",
    "--quiet",
    "--policy",
    "greedy",
    ...(suite === undefined ? [] : ["--suite", suite]),
    "--concurrency",
    String(concurrency),
    "--out",
    out,
  ]);
  const s = (performance.now() - started) / 1000;
  if (r.code !== 0) {
    throw new Error(`${checkout}: run of ${episodes} failed:\n${r.err}`);
  }
  return { s, mb: r.peakMb };
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function same(a: string, b: string): Promise<boolean> {
  const [x, y] = [await Deno.readFile(a), await Deno.readFile(b)];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

const peaks = new Map<string, number[]>();
const times = new Map<string, number[]>();
const push = (m: Map<string, number[]>, key: string, v: number) =>
  m.set(key, [...(m.get(key) ?? []), v]);

for (let round = 0; round < rounds; round++) {
  for (const concurrency of [1, 8]) {
    for (const episodes of SIZES) {
      const r = await run(here, episodes, concurrency, `${work}/here.json`);
      push(peaks, `${episodes} c${concurrency}`, r.mb);
    }
  }
  if (base !== undefined) {
    for (const episodes of [104, 1040]) {
      const sides = round % 2 === 0 ? ["base", "here"] : ["here", "base"];
      for (const side of sides) {
        const dir = side === "base" ? base : here;
        const r = await run(dir, episodes, 1, `${work}/${side}.json`);
        push(times, `${episodes} ${side}`, r.s);
        push(peaks, `${episodes} c1 ${side}`, r.mb);
      }
      if (!(await same(`${work}/base.json`, `${work}/here.json`))) {
        throw new Error(
          `${episodes} episodes: the checkouts wrote other bytes`,
        );
      }
    }
  }
  console.error(`round ${round + 1} of ${rounds} done`);
}

console.log(
  `run --policy greedy --out, peak RSS in MB: median (largest) of ${rounds} rounds`,
);
console.log(
  `concurrency ${
    SIZES.map((n) => String(n).padStart(12)).join(" ")
  }   4,160/104`,
);
for (const c of [1, 8]) {
  const cells = SIZES.map((n) => {
    const xs = peaks.get(`${n} c${c}`) ?? [];
    return `${median(xs).toFixed(0)} (${Math.max(...xs).toFixed(0)})`.padStart(
      12,
    );
  });
  const ratio = median(peaks.get(`4160 c${c}`) ?? []) /
    median(peaks.get(`104 c${c}`) ?? []);
  console.log(
    `${String(c).padStart(11)} ${cells.join(" ")}   ${
      ratio.toFixed(2).padStart(9)
    }`,
  );
}
if (base !== undefined) {
  console.log(`wall time, --concurrency 1 (base ${base}); outputs identical`);
  console.log("episodes   base s   here s   here/base   base MB   here MB");
  for (const n of [104, 1040]) {
    const b = median(times.get(`${n} base`) ?? []);
    const h = median(times.get(`${n} here`) ?? []);
    console.log(
      `${String(n).padStart(8)}   ${b.toFixed(2).padStart(6)}   ${
        h.toFixed(2).padStart(6)
      }   ${(h / b).toFixed(3).padStart(9)}   ${
        median(peaks.get(`${n} c1 base`) ?? []).toFixed(0).padStart(7)
      }   ${median(peaks.get(`${n} c1 here`) ?? []).toFixed(0).padStart(7)}`,
    );
  }
}
await Deno.remove(work, { recursive: true });
