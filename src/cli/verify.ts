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
import { printLine, readInput, sourceName } from "./io.ts";
import { verifyEvaluation } from "../verify/verify.ts";
import type { VerifiedEvaluation } from "../verify/verified.ts";
import { PartError } from "../errors.ts";
import { wrongKindDetail } from "../document_kind.ts";
import { partKind, readPartFrame, type RunShardFields } from "../shard/part.ts";
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
    // Held in a box that the verifier empties: once hashed and decoded, the
    // bytes of a large result need not stay in memory beside its text.
    const bytes = await readInput(file);
    // A run part is verified as the result it holds, and said to be a part.
    const part = partKind(bytes) !== undefined
      ? readPartFrame(bytes, file)
      : undefined;
    if (part !== undefined && part.fields.kind !== "run") {
      throw new PartError(
        wrongKindDetail("evaluation result", "statistics part"),
        { file },
      );
    }
    const input = {
      bytes: part === undefined
        ? bytes
        : bytes.subarray(part.start, part.end) as Uint8Array | null,
    };
    const bar = progressBar(`verify ${file}`, { quiet });
    let verified;
    try {
      verified = await verifyEvaluation(take(input), suite, {
        file,
        release: true,
        kernel,
        source: sourceName(file),
        onProgress: (done, total) => bar.update(episodeProgress(done, total)),
      });
    } finally {
      bar.finish();
    }
    // Verification required it to be the suite's manifest.
    const manifest = verified.evaluation_manifest;
    if (part !== undefined) {
      return await verifiedPart(file, part.fields as RunShardFields, verified);
    }
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

/**
 * The verdict on a run part whose result verified: its digest must be the
 * one it records, and the line says that it is a part, not a result.
 */
async function verifiedPart(
  file: string,
  fields: RunShardFields,
  verified: VerifiedEvaluation,
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
  const observed = verified.episodes.length;
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

function take(box: { bytes: Uint8Array | null }): Uint8Array {
  const bytes = box.bytes!;
  box.bytes = null;
  return bytes;
}
