/**
 * `compare`: two evaluation results of the same manifest in, the paired
 * statistics artifact of contract §12 out (A − B per episode; both results
 * are verified by replay first).
 *
 * @module
 */

import { EmberError } from "../errors.ts";
import { type PairedDraft, pairedDraft } from "../statistics/paired.ts";
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
import { statisticsPartFrame } from "../shard/write_part.ts";
import { type CommandSpec, loadSuite } from "./command.ts";
import { pairedWarnings, warn } from "./completeness.ts";
import { checkWritable, emitPieces, sourceName } from "./io.ts";
import { openResult } from "./result_input.ts";
import { ResultFile } from "../verify/file.ts";
import { canonicalPieces } from "../json/pieces.ts";
import { Sha256 } from "../json/sha256.ts";
import { reportWritten } from "./written.ts";
import { checkWritten } from "../statistics/artifact_bound.ts";
import { progressBar, statisticsProgress } from "./progress.ts";

/**
 * The `compare` command.
 *
 * @example
 * ```ts ignore
 * import { COMPARE } from "./compare.ts";
 * const code = await COMPARE.run({ values: {}, positionals: ["a.json", "b.json"] });
 * ```
 */
export const COMPARE: CommandSpec = {
  summary: "paired statistics of two results (A - B, episode by episode)",
  usage:
    "compare [--suite FILE] [--resamples N] [--kernel K] [--workers N] [--shard K/N] [--out FILE] A B",
  options: {
    suite: { type: "string" },
    ...BOOTSTRAP_OPTIONS,
    out: { type: "string", short: "o" },
    shard: { type: "string" },
  },
  help:
    `Verify the results A and B (every episode replayed), pair their episodes
by key and compute, per group and per metric, the deltas A - B, their
descriptive statistics, a 95 % bootstrap interval of the mean delta and the
per-metric A-better / B-better / tie counts (none for metrics without a
direction). Both results must come from the same evaluation manifest.
Swapping A and B negates every delta. Written as canonical JSON.

Options:
  --suite FILE     the suite (default: the embedded public suite)
${BOOTSTRAP_HELP}
${SHARD_HELP}
  --out FILE       write the artifact to FILE atomically (default: standard output)
  -q, --quiet      no progress bar or summary line on standard error
  -h, --help       this help

Permissions: --allow-read=A,B (plus --allow-read=FILE for --suite FILE,
--allow-read=DIR --allow-write=DIR for --out DIR/NAME).

Example:
  deno run --allow-read=res --allow-write=res jsr:@ember/stats compare \\
      --out res/compare.json res/fire_aware.json res/greedy.json`,
  async run(args) {
    const started = performance.now();
    const [fileA, fileB] = expectPositionals(args.positionals, ["A", "B"]) as [
      string,
      string,
    ];
    const quiet = flag(args.values, "quiet");
    const bootstrap = bootstrapOptions(args.values);
    const shard = shardOption(args.values);
    const share = shard === undefined
      ? undefined
      : new IntervalShare(shard.index, shard.count);
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    const suite = await loadSuite(stringOption(args.values, "suite"));
    const a = await openResult(fileA);
    let b;
    try {
      b = await openResult(fileB);
    } catch (e) {
      if (a instanceof ResultFile) a.close();
      throw e;
    }
    const bar = progressBar(`compare ${fileA} - ${fileB}`, { quiet });
    let artifact;
    try {
      artifact = await pairedDraft(a, b, suite, {
        ...bootstrap,
        ...(share === undefined ? {} : { share }),
        // Standard input's bytes, once hashed and decoded, need not stay
        // in memory beside their text.
        release: true,
        files: [fileA, fileB],
        sources: [sourceName(fileA), sourceName(fileB)],
        onProgress: (...at) => bar.update(statisticsProgress(...at)),
      });
    } catch (e) {
      // Pairing refuses the two results together (different manifests).
      if (e instanceof EmberError) e.inFile(`${fileA} and ${fileB}`);
      throw e;
    } finally {
      bar.finish();
      for (const input of [a, b]) {
        if (input instanceof ResultFile) input.close();
      }
    }
    const { missing_from_a, missing_from_b, result_digest_a, result_digest_b } =
      artifact;
    for (
      const w of pairedWarnings(
        { missing_from_a, missing_from_b, result_digest_a, result_digest_b },
        fileA,
        fileB,
      )
    ) warn(w);
    // The artifact is written as it is encoded (its delta lists, most of
    // its text, a piece at a time), never held as one text, and refused,
    // with nothing written, past the limit its readers take.
    const digest = await emitPieces(
      () =>
        share === undefined
          ? canonicalPieces(artifact)
          : framedPieces(artifact, statisticsPartFrame(artifact, share)),
      out,
      (bytes) =>
        checkWritten(
          out ?? "<stdout>",
          share === undefined ? "artifact" : "part",
          bytes,
        ),
    );
    reportWritten(
      out,
      `${
        share === undefined
          ? ""
          : `part ${share.index} of ${share.count} (${share.held.length} of ${share.total} intervals) of the `
      }paired statistics of ${artifact.paired_count} episode pairs, ${bootstrap.resamples} resamples per interval`,
      digest,
      started,
      quiet,
    );
    return 0;
  },
};

/**
 * The pieces of a statistics part: its frame around the artifact's
 * canonical text, the SHA-256 of that text hashed as it goes.
 */
function* framedPieces(
  artifact: PairedDraft,
  frame: ReturnType<typeof statisticsPartFrame>,
): Generator<string> {
  yield frame.prefix;
  const hash = new Sha256();
  for (const piece of canonicalPieces(artifact)) {
    hash.update(piece);
    yield piece;
  }
  yield frame.suffix(hash.hex());
}
