/**
 * Issue 12's figures: the verification pipeline of this checkout beside the
 * last commit before the redesign (153537e, checked out into a temporary
 * worktree), in one run, so that the ratios compare like with like on the
 * same machine and load. Every command runs as a separate process under
 * `/usr/bin/time -v` (wall time and peak RSS); each is run `REPEATS` times
 * and the fastest is kept. The outputs of both versions are compared byte for
 * byte (`cmp`): the redesign must not change a byte.
 *
 *   deno run -A bench/pipeline.ts            # all cases
 *   deno run -A bench/pipeline.ts --quick    # one repeat each
 *
 * Targets (issue 12): `verify` of the large case >= 4x faster with peak RSS
 * <= 8x the file size; `demo` at the default resamples >= 2.5x faster;
 * `verify` of a public-suite result >= 2x faster.
 *
 * @module
 */

import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { encode } from "../src/json/canonical.ts";

/** The last commit before the redesign. */
export const BEFORE_COMMIT = "153537e";

const quick = Deno.args.includes("--quick");
const REPEATS = quick ? 1 : 3;
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const work = await Deno.makeTempDir({ prefix: "ember-bench-" });
const before = `${work}/before`;

async function sh(cmd: string[], cwd = here): Promise<string> {
  const out = await new Deno.Command(cmd[0]!, {
    args: cmd.slice(1),
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) +
    new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd.join(" ")} failed:\n${text}`);
  return text;
}

type Timing = { seconds: number; rssKb: number };

/** Run `deno run ARGS` in `cwd` under /usr/bin/time -v; the fastest run. */
async function timed(cwd: string, args: string[]): Promise<Timing> {
  let best: Timing | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const text = await sh(
      ["/usr/bin/time", "-v", Deno.execPath(), "run", ...args],
      cwd,
    );
    const wall =
      /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):(\d+\.\d+)/
        .exec(text);
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(text);
    if (wall === null || rss === null) throw new Error(`no timing:\n${text}`);
    const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 +
      Number(wall[3]);
    const t = { seconds, rssKb: Number(rss[1]) };
    if (best === undefined || t.seconds < best.seconds) best = t;
  }
  return best!;
}

async function same(a: string, b: string): Promise<void> {
  await sh(["cmp", a, b]);
}

await sh(["git", "worktree", "add", "--detach", before, BEFORE_COMMIT]);
try {
  const suiteFile = `${work}/large_suite.json`;
  await Deno.writeTextFile(suiteFile, encode(largeSuite(LARGE_SEED)));
  const rw = [`--allow-read=${work}`, `--allow-write=${work}`];
  const rows: string[] = [];
  const ratio = (
    name: string,
    b: Timing,
    a: Timing,
    target: number,
    size?: number,
  ) => {
    const r = b.seconds / a.seconds;
    let line = `${name}: before ${b.seconds.toFixed(2)} s (${
      (b.rssKb / 1024).toFixed(0)
    } MB), after ${a.seconds.toFixed(2)} s (${
      (a.rssKb / 1024).toFixed(0)
    } MB): ${r.toFixed(2)}x faster (target >= ${target}x${
      r >= target ? ", met" : ", NOT met"
    })`;
    if (size !== undefined) {
      const m = a.rssKb * 1024 / size;
      line += `; peak RSS after / file = ${m.toFixed(1)}x (target <= 8x${
        m <= 8 ? ", met" : ", NOT met"
      }), before ${(b.rssKb * 1024 / size).toFixed(1)}x`;
    }
    rows.push(line);
    console.log(line);
  };

  // Inputs, produced by both versions: the bytes must be equal.
  for (const [name, cwd] of [["before", before], ["after", here]]) {
    await sh([
      Deno.execPath(),
      "run",
      ...rw,
      "mod.ts",
      "run",
      "--quiet",
      "--suite",
      suiteFile,
      "--policy",
      "greedy",
      "--model-id",
      "greedy",
      "--out",
      `${work}/large.${name}.json`,
    ], cwd!);
    await sh([
      Deno.execPath(),
      "run",
      ...rw,
      "mod.ts",
      "run",
      "--quiet",
      "--policy",
      "greedy",
      "--model-id",
      "greedy",
      "--out",
      `${work}/public.${name}.json`,
    ], cwd!);
  }
  await same(`${work}/large.before.json`, `${work}/large.after.json`);
  await same(`${work}/public.before.json`, `${work}/public.after.json`);
  const large = `${work}/large.after.json`;
  const size = (await Deno.stat(large)).size;
  console.log(
    `large result: ${(size / 1e6).toFixed(1)} MB (seed ${LARGE_SEED})`,
  );

  const verify = (file: string, suite?: string) => [
    `--allow-read=${work}`,
    "mod.ts",
    "verify",
    "--quiet",
    ...(suite === undefined ? [] : ["--suite", suite]),
    file,
  ];
  ratio(
    "verify large",
    await timed(before, verify(large, suiteFile)),
    await timed(here, verify(large, suiteFile)),
    4,
    size,
  );
  const pub = `${work}/public.after.json`;
  ratio(
    "verify public",
    await timed(before, verify(pub)),
    await timed(here, verify(pub)),
    2,
  );
  const demo = (dir: string) => [
    `--allow-read=${dir}`,
    `--allow-write=${dir}`,
    "mod.ts",
    "demo",
    "--quiet",
    "--out",
    dir,
  ];
  ratio(
    "demo",
    await timed(before, demo(`${work}/demo.before`)),
    await timed(here, demo(`${work}/demo.after`)),
    2.5,
  );
  for (const entry of Deno.readDirSync(`${work}/demo.before`)) {
    await same(
      `${work}/demo.before/${entry.name}`,
      `${work}/demo.after/${entry.name}`,
    );
  }
  console.log("outputs: byte-identical before and after (cmp)");
} finally {
  await sh(["git", "worktree", "remove", "--force", before]);
  await Deno.remove(work, { recursive: true });
}
