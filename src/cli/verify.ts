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
import { openResult, verifyInputInto } from "./result_input.ts";
import { ResultFile } from "../verify/file.ts";
import { indicesReducer, type VerifiedIndices } from "../verify/sink.ts";
import { PartError } from "../errors.ts";
import { wrongKindDetail } from "../document_kind.ts";
import {
  type PartFrame,
  partKind,
  readPartFrame,
  type RunShardFields,
} from "../shard/part.ts";
import { partFrameOfFile } from "../shard/part_file.ts";
import { inShard } from "../shard/shard.ts";
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
    const opened = await openResult(file);
    // A run part is verified as the result it holds, and said to be a part.
    const { input, part } = await partBody(opened, file);
    const bar = progressBar(`verify ${file}`, { quiet });
    let verified;
    try {
      verified = await verifyInputInto(input, suite, {
        file,
        // Nothing shows a dictionary: the statistics' part of each is kept.
        statisticsOnly: true,
        kernel,
        source: sourceName(file),
        onProgress: (done, total) => bar.update(episodeProgress(done, total)),
      }, indicesReducer);
    } finally {
      bar.finish();
    }
    // Verification required it to be the suite's manifest.
    const manifest = verified.evaluation_manifest;
    if (part !== undefined) {
      return await verifiedPart(file, part.fields as RunShardFields, verified);
    }
    const scheduled = manifest.episodes.length;
    const observed = verified.indices.length;
    const present = new Set(verified.indices);
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

/**
 * The input to verify: the result itself, or the result that a run part
 * holds (its byte range), with the part's frame; a statistics part is
 * refused as another kind of document.
 */
async function partBody(
  opened: ResultFile | Uint8Array,
  file: string,
): Promise<{ input: ResultFile | Uint8Array; part?: PartFrame }> {
  let part: PartFrame | undefined;
  try {
    part = opened instanceof ResultFile
      ? await partFrameOfFile(opened)
      : partKind(opened) === undefined
      ? undefined
      : readPartFrame(opened, file);
  } catch (e) {
    if (opened instanceof ResultFile) opened.close();
    throw e;
  }
  if (part === undefined) return { input: opened };
  if (opened instanceof ResultFile) opened.close();
  if (part.fields.kind !== "run") {
    throw new PartError(
      wrongKindDetail("evaluation result", "statistics part"),
      { file },
    );
  }
  const input = opened instanceof ResultFile
    ? await ResultFile.open(file, { start: part.start, end: part.end })
    : opened.subarray(part.start, part.end);
  return { input, part };
}

/**
 * The verdict on a run part whose result verified: its digest must be the
 * one it records, and the line says that it is a part, not a result.
 */
async function verifiedPart(
  file: string,
  fields: RunShardFields,
  verified: VerifiedIndices,
): Promise<number> {
  if (verified.digest !== fields.result_digest) {
    throw new PartError(
      `its result's digest is ${verified.digest}, not the ${fields.result_digest} that it records (changed after it was written?)`,
      { file, path: "shard.result_digest" },
    );
  }
  const mine =
    verified.evaluation_manifest.episodes.filter((k) =>
      inShard(k.index, fields)
    ).length;
  const observed = verified.indices.length;
  if (observed < mine) {
    warn(
      `incomplete: ${file}: ${
        mine - observed
      } of the ${mine} episodes of shard ${fields.index} of ${fields.count} missing`,
    );
  }
  await printLine(
    `verified: ${file}: run part ${fields.index} of ${fields.count} (not a result: \`merge\` puts the ${fields.count} parts together): model ${verified.model_id}, ${observed} of its ${mine} scheduled episodes replayed, result digest ${verified.digest}`,
  );
  return 0;
}
