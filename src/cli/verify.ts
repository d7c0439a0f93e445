/**
 * `verify`: the full fail-closed check of an evaluation result. Every
 * episode is replayed through the simulator and its metrics recomputed;
 * the manifest must be the one the suite schedules. Exit 0 with a one-line
 * report, or exit 1 naming the file, the field and what differs.
 *
 * @module
 */

import { EmberError } from "../errors.ts";
import { expectPositionals, flag, kernelOption, stringOption } from "./args.ts";
import { type CommandSpec, loadSuite } from "./command.ts";
import { firstKeys, missingWarning, warn } from "./completeness.ts";
import { printLine, sourceName } from "./io.ts";
import { openResult, verifyInput } from "./result_input.ts";
import { episodeProgress, progressBar } from "./progress.ts";

/**
 * The `verify` command.
 *
 * @example
 * ```ts ignore
 * import { VERIFY } from "./verify.ts";
 * const code = await VERIFY.run({ values: {}, positionals: ["greedy.json"] });
 * ```
 */
export const VERIFY: CommandSpec = {
  summary: "replay every episode of a result and check it (fail closed)",
  usage: "verify [--suite FILE] [--kernel K] [--complete] RESULT",
  options: {
    suite: { type: "string" },
    complete: { type: "boolean" },
    kernel: { type: "string" },
  },
  help:
    `Check the evaluation result RESULT against the suite: strict JSON, every
field, the manifest equal to the one the suite schedules, every episode
replayed by the simulator from its recorded actions, and its stored metrics
equal to the recomputed ones. Prints one line with the model, the episode
counts and the result digest (SHA-256 of its canonical JSON). A partial
result (missing episodes) verifies, but standard error says
"incomplete: K of N scheduled episodes missing" with the first missing keys
(terminal or not, --quiet or not).

Options:
  --suite FILE   the suite (default: the embedded public suite)
  --kernel K     wasm (default) or reference: what replays the records (the
                 replay kernel, each record proved by regenerating its text,
                 or the TypeScript simulator, for audits); same verdict,
                 same messages
  --complete     fail (exit 1) when any scheduled episode is missing
  -q, --quiet    no progress bar on standard error
  -h, --help     this help

Exit codes: 0 verified, 1 not (the message names the file and field).

Permissions: --allow-read=RESULT (plus --allow-read=FILE for --suite FILE).

Example:
  deno run --allow-read=res jsr:@ember/stats verify res/greedy.json`,
  async run(args) {
    const [file] = expectPositionals(args.positionals, ["RESULT"]) as [string];
    const quiet = flag(args.values, "quiet");
    const kernel = kernelOption(args.values.kernel);
    const suite = await loadSuite(stringOption(args.values, "suite"));
    const input = await openResult(file);
    const bar = progressBar(`verify ${file}`, { quiet });
    let verified;
    try {
      verified = await verifyInput(input, suite, {
        file,
        // Nothing shows a dictionary: the statistics' part of each is kept.
        statisticsOnly: true,
        kernel,
        source: sourceName(file),
        onProgress: (done, total) => bar.update(episodeProgress(done, total)),
      });
    } finally {
      bar.finish();
    }
    // Verification required it to be the suite's manifest.
    const manifest = verified.evaluation_manifest;
    const scheduled = manifest.episodes.length;
    const observed = verified.episodes.length;
    const present = new Set(verified.episodes.map((e) => e.index));
    const missing = manifest.episodes.filter((k) => !present.has(k.index));
    const warning = missingWarning(file, missing, scheduled);
    if (warning !== undefined) {
      if (flag(args.values, "complete")) {
        throw new EmberError(
          `incomplete (--complete): ${missing.length} of ${scheduled} scheduled episodes missing; first missing: ${
            firstKeys(missing)
          }`,
          { file, path: "episodes" },
        );
      }
      warn(warning);
    }
    await printLine(
      `verified: ${file}: model ${verified.model_id}, ${observed} of ${scheduled} scheduled episodes replayed (${
        scheduled - observed
      } missing), result digest ${verified.digest}`,
    );
    return 0;
  },
};
