/**
 * The commands that the redesign must not slow down, timed in this
 * checkout and in another commit's worktree in one run, interleaved round
 * by round so that both see the same load: `verify` of the large result
 * (wasm and reference kernels), `verify` and `run` of the public suite,
 * `aggregate` and `compare` at the default resamples, and the demo. Each
 * command runs as its own process under `/usr/bin/time -v`; the medians of
 * the rounds are printed with their ratio, and the outputs of the two
 * checkouts are compared byte for byte.
 *
 *   git worktree add /tmp/base 6bdc66a
 *   deno run -A bench/against_commit.ts /tmp/base [ROUNDS]
 *
 * @module
 */

import { encodeBytes, publicSuite } from "../mod.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";

const [base, roundsText = "5"] = Deno.args;
if (base === undefined) {
  console.error(
    "usage: deno run -A bench/against_commit.ts BASE_CHECKOUT [ROUNDS]",
  );
  Deno.exit(2);
}
const rounds = Number(roundsText);
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-against-" });

// Inputs, made once by this checkout (the formats are the same in both).
const large = parseSuite(largeSuite(LARGE_SEED));
await Deno.writeFile(
  `${work}/large_suite.json`,
  encodeBytes(largeSuite(LARGE_SEED)),
);
await Deno.writeFile(
  `${work}/large.json`,
  encodeBytes(await runEvaluation(large, "greedy", { modelId: "greedy" })),
);
await Deno.writeFile(
  `${work}/fire.json`,
  encodeBytes(
    await runEvaluation(publicSuite(), "fire_aware", { modelId: "fire_aware" }),
  ),
);

type Case = { name: string; args: (out: string) => string[] };
const cli = (...a: string[]) => ["run", "-A", "mod.ts", ...a];
const CASES: Case[] = [
  {
    name: "run greedy, public suite",
    args: (o) =>
      cli("run", "--policy", "greedy", "--quiet", "--out", `${o}/g.json`),
  },
  {
    name: "verify, public suite",
    args: (o) => cli("verify", "--quiet", `${o}/g.json`),
  },
  {
    name: "verify large, wasm",
    args: () =>
      cli(
        "verify",
        "--quiet",
        "--suite",
        `${work}/large_suite.json`,
        `${work}/large.json`,
      ),
  },
  {
    name: "verify large, reference",
    args: () =>
      cli(
        "verify",
        "--quiet",
        "--kernel",
        "reference",
        "--suite",
        `${work}/large_suite.json`,
        `${work}/large.json`,
      ),
  },
  {
    name: "aggregate, R = 2000",
    args: (o) =>
      cli("aggregate", "--quiet", "--out", `${o}/a.json`, `${o}/g.json`),
  },
  {
    name: "compare, R = 2000",
    args: (o) =>
      cli(
        "compare",
        "--quiet",
        "--out",
        `${o}/c.json`,
        `${work}/fire.json`,
        `${o}/g.json`,
      ),
  },
  { name: "demo", args: (o) => cli("demo", "--quiet", "--out", `${o}/demo`) },
];

async function timed(
  cwd: string,
  args: string[],
): Promise<{ s: number; mb: number }> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-v", Deno.execPath(), ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) {
    throw new Error(`${cwd}: ${args.join(" ")} failed:\n${err}`);
  }
  const wall =
    /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/
      .exec(err)!;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)!;
  return {
    s: Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]),
    mb: Number(rss[1]) / 1024,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const sides = { base, here };
const times: Record<string, Record<string, { s: number; mb: number }[]>> = {};
for (let r = 0; r < rounds; r++) {
  for (const c of CASES) {
    for (
      const [side, dir] of r % 2 === 0
        ? Object.entries(sides)
        : Object.entries(sides).reverse()
    ) {
      const out = `${work}/${side}`;
      await Deno.mkdir(out, { recursive: true });
      ((times[c.name] ??= {})[side] ??= []).push(await timed(dir, c.args(out)));
    }
  }
  console.error(`round ${r + 1} of ${rounds} done`);
}

for (const f of ["g.json", "a.json", "c.json"]) {
  const a = await Deno.readFile(`${work}/base/${f}`);
  const b = await Deno.readFile(`${work}/here/${f}`);
  if (a.length !== b.length || a.some((x, i) => x !== b[i])) {
    throw new Error(`${f}: the two checkouts wrote different bytes`);
  }
}
console.log(
  `medians of ${rounds} rounds (base ${base}); outputs byte-identical`,
);
console.log(
  "case                        base s   here s   here/base   base MB  here MB",
);
for (const c of CASES) {
  const b = times[c.name]!.base!, h = times[c.name]!.here!;
  const bs = median(b.map((x) => x.s)), hs = median(h.map((x) => x.s));
  console.log(
    `${c.name.padEnd(26)} ${bs.toFixed(2).padStart(7)}  ${
      hs.toFixed(2).padStart(7)
    }   ${(hs / bs).toFixed(3).padStart(9)}   ${
      median(b.map((x) => x.mb)).toFixed(0).padStart(7)
    }  ${median(h.map((x) => x.mb)).toFixed(0).padStart(7)}`,
  );
}
await Deno.remove(work, { recursive: true });
