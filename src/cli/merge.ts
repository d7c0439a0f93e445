/**
 * `merge`: the parts that the shards of one `run`, `aggregate` or
 * `compare` wrote, put together into the document that the unsharded
 * command writes, byte for byte (docs/scale.md). Every run part is
 * verified by replay first; any part that does not belong is refused with
 * one line naming it, and nothing is written.
 *
 * @module
 */

import { PartError } from "../errors.ts";
import { partKind } from "../shard/part.ts";
import { mergeRunParts } from "../shard/merge_run.ts";
import { mergeStatisticsParts } from "../shard/merge_statistics.ts";
import type { PartSource } from "../shard/source.ts";
import { ResultFile } from "../verify/file.ts";
import { readAt } from "../shard/part_file.ts";
import { expectPositionals, flag, kernelOption, stringOption } from "./args.ts";
import { type CommandSpec, loadSuite } from "./command.ts";
import { missingWarning, warn } from "./completeness.ts";
import { fileError } from "../files.ts";
import {
  checkWritable,
  emitBytes,
  readInput,
  writeFileStreamed,
  writeStdout,
} from "./io.ts";
import { Sha256 } from "../json/sha256.ts";
import { reportWritten } from "./written.ts";
import {
  checkWritten,
  partLimit,
  tooLargeToRead,
} from "../statistics/artifact_bound.ts";

/**
 * The `merge` command.
 *
 * @example
 * ```ts ignore
 * import { MERGE } from "./merge.ts";
 * const code = await MERGE.run({ values: { out: "g.json" }, positionals: ["g.0.json", "g.1.json"] });
 * ```
 */
export const MERGE: CommandSpec = {
  summary: "put the parts of a sharded run, aggregate or compare together",
  usage: "merge [--suite FILE] [--kernel K] [--out FILE] PART...",
  options: {
    suite: { type: "string" },
    kernel: { type: "string" },
    out: { type: "string", short: "o" },
  },
  help:
    `Put together the N parts that "run --shard K/N", "aggregate --shard K/N"
or "compare --shard K/N" wrote (K = 0 … N-1), in any order, into the result
or statistics artifact that the command without --shard writes: the same
bytes (for a deterministic policy). The parts must all come from one command
of this package version (one model, manifest, R and input), each shard
exactly once. Every run part is verified as "verify" verifies a result
(every record replayed against the suite). Run parts whose shard stopped
early merge into an incomplete result, said on standard error, as "verify"
says it. Anything else is refused with one line naming the part and the
reason, and nothing is written.

Options:
  --suite FILE   the suite of the run parts (default: the embedded public suite)
  --kernel K     wasm (default) or reference: what replays the run parts'
                 records; the merged bytes are the same
  --out FILE     write the result or artifact to FILE, atomically (default:
                 standard output)
  -q, --quiet    no summary line on standard error
  -h, --help     this help

Exit codes: 0 merged, 1 refused (the message names the part and the field).

Permissions: --allow-read for every PART (plus --allow-read=FILE for --suite
FILE, --allow-read=DIR --allow-write=DIR for --out DIR/NAME).

Example:
  deno run --allow-read=parts,res --allow-write=res jsr:@ember/stats merge \\
      --out res/greedy.json parts/greedy.0.json parts/greedy.1.json`,
  async run(args) {
    const started = performance.now();
    if (args.positionals.length === 0) expectPositionals([], ["PART..."]);
    const files = args.positionals;
    const quiet = flag(args.values, "quiet");
    const kernel = kernelOption(args.values.kernel);
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    let statistics = false;
    const sources = files.map((f) => filePart(f, () => statistics));
    try {
      const first = await headOf(files[0]!);
      if (partKind(first) === undefined) {
        throw new PartError(
          'not a part: a part starts with {"result": or {"artifact": (made by run, aggregate or compare with --shard K/N)',
          { file: files[0]! },
        );
      }
      if (partKind(first) === "run") {
        const suite = await loadSuite(stringOption(args.values, "suite"));
        const merged = await mergeRunParts(sources, suite, { kernel });
        const warning = missingWarning(
          out ?? "the merged result",
          merged.missing,
          merged.scheduled,
        );
        // Streamed: one episode's bytes at a time, hashed as written.
        const hash = new Sha256();
        if (out === undefined) {
          await merged.write(async (piece) => {
            hash.update(piece);
            await writeStdout(piece);
          });
        } else {
          await writeFileStreamed(out, (write) =>
            merged.write((piece) => {
              hash.update(piece);
              write(piece);
              return Promise.resolve();
            }));
        }
        if (warning !== undefined) warn(warning);
        reportWritten(
          out,
          `result of ${files.length} run parts: ${merged.episodes} of ${merged.scheduled} episodes, model ${merged.modelId}`,
          hash.hex(),
          started,
          quiet,
        );
        return 0;
      }
      statistics = true;
      const merged = await mergeStatisticsParts(sources);
      checkWritten(out ?? "<stdout>", "artifact", merged.bytes.length);
      await emitBytes(merged.bytes, out);
      reportWritten(
        out,
        `${merged.kind} statistics of ${files.length} parts, ${merged.intervals} intervals`,
        merged.bytes,
        started,
        quiet,
      );
      return 0;
    } finally {
      for (const s of sources) s.close();
    }
  },
};

/** The first bytes of a file (standard input: all of it), to tell its kind. */
async function headOf(file: string): Promise<Uint8Array> {
  if (file === "-") return await readInput(file);
  using opened = await ResultFile.open(file);
  return await readAt(opened, 0, 16);
}

/**
 * A part file: read whole once (a statistics part within the part limit,
 * which follows from the episode limit), then by ranges through one handle.
 */
function filePart(
  file: string,
  statistics: () => boolean,
): PartSource & { close(): void } {
  let opened: ResultFile | undefined;
  let buffer = new Uint8Array(0);
  return {
    name: file,
    ...(file === "-" ? {} : { path: file }),
    bytes: () =>
      statistics()
        ? readInput(
          file,
          partLimit(),
          (f, what, max) => tooLargeToRead(f, what, max, "part"),
        )
        : readInput(file),
    async slice(start, end) {
      opened ??= await ResultFile.open(file);
      if (buffer.length < end - start) buffer = new Uint8Array(end - start);
      const out = await readAt(opened, start, end - start, buffer);
      if (out.length < end - start) {
        throw fileError(
          file,
          "read",
          new Error("the file is shorter than it was"),
        );
      }
      return out;
    },
    close() {
      opened?.close();
      opened = undefined;
    },
  };
}
