/**
 * `demo` (also what runs with no arguments): evaluate the public suite with
 * every built-in policy, write each evaluation result and its aggregate
 * statistics and the paired comparison of the fire-aware policy against
 * `greedy` into a folder, and print a readable summary.
 *
 * Everything is computed before the first file is written, so a failure
 * leaves the folder as it was.
 *
 * @module
 */

import { encodeBytes } from "../json/canonical.ts";
import { EmberError, FileError } from "../errors.ts";
import { BUILTIN_POLICIES } from "../policies/mod.ts";
import { publicSuite } from "../scenario/public_suite.ts";
import { runEvaluation } from "../evaluation/runner.ts";
import { aggregateStatistics } from "../statistics/aggregate.ts";
import type { ProgressCallback } from "../statistics/artifact.ts";
import type {
  AggregateArtifact,
  PairedArtifact,
} from "../statistics/artifact_types.ts";
import type { VerifiedEvaluation } from "../verify/verified.ts";
import { verifyEvaluation } from "../verify/verify.ts";
import { pairedStatistics } from "../statistics/paired.ts";
import {
  BOOTSTRAP_HELP,
  BOOTSTRAP_OPTIONS,
  bootstrapOptions,
  expectPositionals,
  flag,
  stringOption,
} from "./args.ts";
import { ResultEncoder } from "./checkpoint.ts";
import type { CommandSpec } from "./command.ts";
import { checkWritable, printLine, writeFileAtomic } from "./io.ts";
import { fileError } from "../files.ts";
import {
  episodeProgress,
  progressBar,
  statisticsProgress,
} from "./progress.ts";
import { readArtifact } from "../report/artifact.ts";
import { renderSummary } from "../report/summary_text.ts";

/** Default output folder of the demo. */
const DEMO_DIR = "ember-demo";

/** The pair the demo compares: A = the fire-aware policy, B = greedy. */
const DEMO_PAIR: readonly [string, string] = ["fire_aware", "greedy"];

/**
 * The file names the demo writes into its folder, in writing order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { demoFiles } from "./demo.ts";
 * assert.ok(demoFiles().includes("compare.fire_aware-vs-greedy.json"));
 * ```
 */
export function demoFiles(): string[] {
  const names = Object.keys(BUILTIN_POLICIES);
  return [
    ...names.flatMap((p) => [`${p}.result.json`, `${p}.stats.json`]),
    `compare.${DEMO_PAIR[0]}-vs-${DEMO_PAIR[1]}.json`,
  ];
}

/**
 * Refuse, before any work, a folder the demo may not write, naming the folder
 * and the files it would have written there (a made-up probe name would send
 * the user looking for a file that never exists).
 */
async function checkDemoDir(dir: string): Promise<void> {
  const files = demoFiles();
  try {
    await checkWritable(`${dir}/${files[0]}`, { dirMayBeMissing: true });
  } catch (e) {
    if (!(e instanceof EmberError)) throw e;
    throw new FileError(
      `${e.detail}; the demo writes ${files.join(", ")} into this folder`,
      { file: dir, cause: e },
    );
  }
}

/**
 * The `demo` command.
 *
 * @example
 * ```ts ignore
 * import { DEMO } from "./demo.ts";
 * const code = await DEMO.run({ values: { resamples: "100" }, positionals: [] });
 * ```
 */
export const DEMO: CommandSpec = {
  summary:
    "evaluate the public suite with the built-in policies and print a summary (default)",
  usage: "demo [--out DIR] [--resamples N] [--kernel K] [--workers N]",
  options: {
    out: { type: "string", short: "o" },
    ...BOOTSTRAP_OPTIONS,
  },
  help: `Evaluate the embedded public suite with each built-in policy (${
    Object.keys(BUILTIN_POLICIES).join(", ")
  }),
then write into DIR:
  <policy>.result.json   the evaluation result
  <policy>.stats.json    its aggregate statistics
  compare.${DEMO_PAIR[0]}-vs-${DEMO_PAIR[1]}.json   paired statistics, A = ${
    DEMO_PAIR[0]
  }, B = ${DEMO_PAIR[1]}
and print, per metric, each policy's overall mean with its 95 % interval and
the paired A/B/tie counts with the mean delta and its interval. Metrics are
never combined into one number.

Options:
  --out DIR        output folder, created if missing (default: ./${DEMO_DIR})
${BOOTSTRAP_HELP}
  -q, --quiet      no progress bars on standard error
  -h, --help       this help

Permissions: --allow-read=DIR --allow-write=DIR.

Example:
  deno run --allow-read=${DEMO_DIR} --allow-write=${DEMO_DIR} jsr:@ember/stats demo`,
  async run(args) {
    expectPositionals(args.positionals, []);
    const quiet = flag(args.values, "quiet");
    const dir = stringOption(args.values, "out") ?? DEMO_DIR;
    const bootstrap = bootstrapOptions(args.values);
    const { resamples } = bootstrap;
    await checkDemoDir(dir);
    const suite = publicSuite();
    const files = new Map<string, Uint8Array>();
    const aggregates: { policy: string; artifact: AggregateArtifact }[] = [];
    const results = new Map<string, Uint8Array>();

    for (const policy of Object.keys(BUILTIN_POLICIES)) {
      const bar = progressBar(`demo: run ${policy}`, { quiet });
      let bytes: Uint8Array;
      try {
        const result = await runEvaluation(suite, policy, {
          modelId: policy,
          kernel: bootstrap.kernel,
          onProgress: (done, total) => bar.update(episodeProgress(done, total)),
        });
        bytes = new ResultEncoder().encode(result);
      } finally {
        bar.finish();
      }
      results.set(policy, bytes);
      files.set(`${policy}.result.json`, bytes);
    }
    // Each result is verified once, from its bytes as a file holds them,
    // and the verified result serves both its aggregate and the comparison.
    const verified = new Map<string, VerifiedEvaluation>();
    for (const [policy, bytes] of results) {
      const bar = progressBar(`demo: statistics ${policy}`, { quiet });
      let artifact: AggregateArtifact;
      try {
        const onProgress: ProgressCallback = (...at) =>
          bar.update(statisticsProgress(...at));
        const v = await verifyEvaluation(bytes, suite, {
          kernel: bootstrap.kernel,
          onProgress: (done, total) => onProgress("verify", done, total),
        });
        verified.set(policy, v);
        artifact = await aggregateStatistics(v, suite, {
          ...bootstrap,
          onProgress,
        });
      } finally {
        bar.finish();
      }
      aggregates.push({ policy, artifact });
      files.set(`${policy}.stats.json`, encodeBytes(artifact));
    }
    const [a, b] = DEMO_PAIR;
    const bar = progressBar(`demo: compare ${a} - ${b}`, { quiet });
    let paired: PairedArtifact;
    try {
      paired = await pairedStatistics(
        verified.get(a)!,
        verified.get(b)!,
        suite,
        {
          ...bootstrap,
          onProgress: (...at) => bar.update(statisticsProgress(...at)),
        },
      );
    } finally {
      bar.finish();
    }
    files.set(`compare.${a}-vs-${b}.json`, encodeBytes(paired));

    try {
      await Deno.mkdir(dir, { recursive: true });
    } catch (e) {
      throw fileError(dir, "write", e, dir);
    }
    for (const [name, bytes] of files) {
      await writeFileAtomic(`${dir}/${name}`, bytes);
    }
    const episodes = suite.scenarios.reduce((n, s) => n + s.seeds.length, 0);
    // The same strict reading and tables as `summary` on the saved files.
    const read = [];
    for (const { policy, artifact } of aggregates) {
      read.push(await readArtifact(artifact, `${dir}/${policy}.stats.json`));
    }
    read.push(await readArtifact(paired, `${dir}/compare.${a}-vs-${b}.json`));
    await printLine(renderSummary(read, [
      `EMBERBench demo: suite ${suite.suite_id} ${suite.suite_version}, ${episodes} episodes per policy, ${resamples} bootstrap resamples.`,
      `Files written to ${dir}/: ${[...files.keys()].join(", ")}`,
    ]));
    return 0;
  },
};
