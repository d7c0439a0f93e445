/**
 * The scale figures of docs/scale.md, in one run: peak memory and wall time
 * of `run`, `verify` and `aggregate` (R = 2,000) at 104, 1,040, 4,160 and
 * 10,400 episodes (the public suite's scenarios with 8, 80, 320 and 800
 * seeds: scripts/gen_seed_suite.ts), and `run`'s peak at `--concurrency 8`
 * too. Each command runs as its own process under `/usr/bin/time -v`, with
 * the package's default limits (no `--limits`): what one command writes,
 * the next must read. Prints a Markdown table.
 *
 *   deno run -A bench/scale.ts            # all four sizes
 *   deno run -A bench/scale.ts 1 10       # some of them (factors of 8 seeds)
 *
 * @module
 */

import { encodeBytes } from "../src/json/canonical.ts";
import { seedSuite } from "../scripts/gen_seed_suite.ts";

const factors = Deno.args.length > 0 ? Deno.args.map(Number) : [1, 10, 40, 100];
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-scale-" });

type Timing = { seconds: number; mb: number };

async function timed(args: string[]): Promise<Timing> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-v", Deno.execPath(), "run", "-A", "mod.ts", ...args],
    cwd: here,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${args.join(" ")} failed:\n${err}`);
  const wall =
    /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/
      .exec(err)!;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)!;
  return {
    seconds: Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 +
      Number(wall[3]),
    mb: Number(rss[1]) / 1024,
  };
}

const f1 = (t: Timing) => `${t.seconds.toFixed(2)} s, ${t.mb.toFixed(0)} MB`;
console.log(
  `load average before: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
);
console.log(
  "| episodes | result | `run` (c 1) | `run` peak, c 8 | `verify` | `aggregate` R = 2,000 |",
);
console.log("|---|---|---|---|---|---|");
try {
  for (const factor of factors) {
    const suite = `${work}/suite.${factor}.json`;
    await Deno.writeFile(suite, encodeBytes(seedSuite(factor)));
    const result = `${work}/result.${factor}.json`;
    const s = ["--suite", suite];
    const run = await timed([
      "run",
      ...s,
      "--policy",
      "greedy",
      "--quiet",
      "--out",
      result,
    ]);
    const run8 = await timed([
      "run",
      ...s,
      "--policy",
      "greedy",
      "--quiet",
      "--concurrency",
      "8",
      "--out",
      `${work}/result8.${factor}.json`,
    ]);
    const same = await new Deno.Command("cmp", {
      args: [result, `${work}/result8.${factor}.json`],
    }).output();
    if (!same.success) throw new Error("concurrency 8 wrote other bytes");
    await Deno.remove(`${work}/result8.${factor}.json`);
    const verify = await timed(["verify", ...s, "--quiet", result]);
    const aggregate = await timed([
      "aggregate",
      ...s,
      "--quiet",
      "--out",
      `${work}/agg.${factor}.json`,
      result,
    ]);
    const size = (await Deno.stat(result)).size;
    console.log(
      `| ${(104 * factor).toLocaleString("en-US")} | ${
        (size / 1e6).toFixed(1)
      } MB | ${f1(run)} | ${run8.mb.toFixed(0)} MB | ${f1(verify)} | ${
        f1(aggregate)
      } |`,
    );
    await Deno.remove(result);
  }
} finally {
  await Deno.remove(work, { recursive: true });
}
console.log(
  `load average after: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
);
