/**
 * `aggregate`: one evaluation result in, the aggregate statistics artifact
 * of contract §12 out (the result is verified by replay first).
 *
 * @module
 */

import { aggregateOfValues } from "../statistics/aggregate.ts";
import type { ProgressCallback } from "../statistics/artifact.ts";
import {
  BOOTSTRAP_HELP,
  BOOTSTRAP_OPTIONS,
  bootstrapOptions,
  expectPositionals,
  flag,
  SHARD_HELP,
  shardOption,
  stringOption,
} from "./args.ts";
import { IntervalShare } from "../statistics/share.ts";
import { statisticsPartBytes } from "../shard/write_part.ts";
import { type CommandSpec, loadSuite } from "./command.ts";
import { missingWarning, warn } from "./completeness.ts";
import { checkWritable, emitBytes, sourceName } from "./io.ts";
import { encodeBytes } from "../json/canonical.ts";
import { reportWritten } from "./written.ts";
import { checkWritten } from "../statistics/artifact_bound.ts";
import { openResult, verifyInputInto } from "./result_input.ts";
import { valuesReducer } from "../statistics/verified_values.ts";
import { progressBar, statisticsProgress } from "./progress.ts";

/**
 * The `aggregate` command.
 *
 * @example
 * ```ts ignore
 * import { AGGREGATE } from "./aggregate.ts";
 * const code = await AGGREGATE.run({ values: { resamples: "2000" }, positionals: ["g.json"] });
 * ```
 */
export const AGGREGATE: CommandSpec = {
  summary: "aggregate statistics of one result",
  usage:
    "aggregate [--suite FILE] [--resamples N] [--kernel K] [--workers N] [--shard K/N] [--out FILE] RESULT",
  options: {
    suite: { type: "string" },
    ...BOOTSTRAP_OPTIONS,
    out: { type: "string", short: "o" },
    shard: { type: "string" },
  },
  help: `Verify RESULT (every episode replayed) and compute its aggregate
statistics: per group (overall, each scenario, each family) and per metric,
descriptive statistics, robustness counts and a 95 % percentile bootstrap
interval of the mean. Written as canonical JSON.

Options:
  --suite FILE     the suite (default: the embedded public suite)
${BOOTSTRAP_HELP}
${SHARD_HELP}
  --out FILE       write the artifact to FILE atomically (default: standard output)
  -q, --quiet      no progress bar or summary line on standard error
  -h, --help       this help

Permissions: --allow-read=RESULT (plus --allow-read=FILE for --suite FILE,
--allow-read=DIR --allow-write=DIR for --out DIR/NAME).

Example:
  deno run --allow-read=results --allow-write=out jsr:@ember/stats aggregate \\
      results/a.json --out out/a.stats.json
  (--out out/… also needs --allow-read=out: the atomic rename checks both)`,
  async run(args) {
    const started = performance.now();
    const [file] = expectPositionals(args.positionals, ["RESULT"]) as [string];
    const quiet = flag(args.values, "quiet");
    const bootstrap = bootstrapOptions(args.values);
    const shard = shardOption(args.values);
    const share = shard === undefined
      ? undefined
      : new IntervalShare(shard.index, shard.count);
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    const suite = await loadSuite(stringOption(args.values, "suite"));
    const input = await openResult(file);
    const bar = progressBar(`aggregate ${file}`, { quiet });
    let artifact;
    try {
      const onProgress: ProgressCallback = (...at) =>
        bar.update(statisticsProgress(...at));
      const values = await verifyInputInto(
        input,
        suite,
        {
          file,
          // Nothing shows a dictionary: the statistics' part of each is kept.
          statisticsOnly: true,
          kernel: bootstrap.kernel,
          source: sourceName(file),
          onProgress: (done, total) => onProgress("verify", done, total),
        },
        () => valuesReducer(true, file),
        true,
      );
      artifact = await aggregateOfValues(values, suite, {
        ...bootstrap,
        ...(share === undefined ? {} : { share }),
        file,
        onProgress,
      });
    } finally {
      bar.finish();
    }
    const missing = artifact.missing_episodes;
    const warning = missingWarning(
      file,
      missing,
      missing.length + artifact.observed_episodes,
    );
    if (warning !== undefined) warn(warning);
    const bytes = share === undefined
      ? encodeBytes(artifact)
      : statisticsPartBytes(artifact, share);
    checkWritten(
      out ?? "<stdout>",
      share === undefined ? "artifact" : "part",
      bytes.length,
    );
    await emitBytes(bytes, out);
    reportWritten(
      out,
      `${
        share === undefined
          ? ""
          : `part ${share.index} of ${share.count} (${share.held.length} of ${share.total} intervals) of the `
      }aggregate statistics of ${artifact.observed_episodes} episodes, ${bootstrap.resamples} resamples per interval`,
      bytes,
      started,
      quiet,
    );
    return 0;
  },
};
