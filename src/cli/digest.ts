/**
 * `digest`: the SHA-256 of a JSON document's canonical form (contract §2),
 * or with `--canonical` the canonical bytes themselves. The document is read
 * with the strict reader, so whatever it refuses (duplicate keys, unsafe
 * integers, invalid UTF-8 …) is refused here too. A result file that is
 * exactly canonical as the result writer writes it (what `run` and `merge`
 * write) is its own canonical bytes: it is read as a stream, each item
 * strictly on its own (`verify/result_items.ts`), and hashed as it is read,
 * so no `file-bytes` limit applies to it; any other document is read whole,
 * within the limit.
 *
 * @module
 */

import { encodeBytes } from "../json/canonical.ts";
import { Sha256, sha256Hex } from "../json/sha256.ts";
import { FileError } from "../errors.ts";
import { ResultFile } from "../verify/file.ts";
import { canonicalItem, resultItems } from "../verify/result_items.ts";
import { expectPositionals, flag, stringOption, UsageError } from "./args.ts";
import type { CommandSpec } from "./command.ts";
import {
  type ByteSink,
  checkWritable,
  emitBytes,
  printLine,
  readJson,
  writeFileStreamed,
  writeStdout,
} from "./io.ts";

/**
 * The `digest` command.
 *
 * @example
 * ```ts ignore
 * import { DIGEST } from "./digest.ts";
 * const code = await DIGEST.run({ values: {}, positionals: ["a.json"] });
 * ```
 */
export const DIGEST: CommandSpec = {
  summary:
    "SHA-256 of a JSON document's canonical form (or its canonical bytes)",
  usage: "digest [--canonical [--out FILE]] FILE",
  options: {
    canonical: { type: "boolean" },
    out: { type: "string", short: "o" },
  },
  help:
    `Read FILE (or standard input for "-") with the strict JSON reader and print
the lower-case hex SHA-256 of its canonical bytes, followed by a newline.
Whitespace and key order do not change the digest; a float written as an
integer (or the reverse) does, because the canonical bytes differ.

A result file exactly as run and merge write it (canonical) is read as a
stream, one episode item at a time, at any size; any other document (not
canonical, not a result, or standard input) is read whole, within the
file-bytes limit (--limits file-bytes=N raises it).

Options:
  --canonical   print the canonical bytes instead (no trailing newline)
  --out FILE    with --canonical: write the bytes to FILE atomically
  -q, --quiet   no notices on standard error
  -h, --help    this help

Permissions: --allow-read=FILE (plus --allow-read=DIR --allow-write=DIR
for --out DIR/NAME).

Examples:
  deno run --allow-read=result.json jsr:@ember/stats digest result.json
  deno run --allow-read=a.json jsr:@ember/stats digest --canonical a.json`,
  async run(args) {
    const [file] = expectPositionals(args.positionals, ["FILE"]);
    const canonical = flag(args.values, "canonical");
    const out = stringOption(args.values, "out");
    if (out !== undefined && !canonical) {
      throw new UsageError("--out needs --canonical (a digest is printed)");
    }
    if (out !== undefined) await checkWritable(out);
    const streamed = await streamedDigest(file as string);
    if (streamed !== undefined) {
      if (!canonical) await printLine(streamed);
      else await emitFile(file as string, streamed, out);
      return 0;
    }
    const bytes = encodeBytes(await readJson(file as string));
    if (canonical) await emitBytes(bytes, out);
    else await printLine(sha256Hex(bytes));
    return 0;
  },
};

/**
 * The SHA-256 of a result file that is exactly canonical as the result
 * writer writes it (its bytes are then its canonical bytes), read as a
 * stream; `undefined` for standard input or any other file, which is read
 * whole.
 */
async function streamedDigest(file: string): Promise<string | undefined> {
  if (file === "-") return undefined;
  using opened = await ResultFile.open(file);
  const read = await resultItems(
    opened,
    undefined,
    (item) => canonicalItem(item.text, undefined),
  );
  return read?.digest;
}

/**
 * A canonical file's bytes, copied to `out` (atomically) or to standard
 * output as `emitBytes` writes them, checked against the digest read: a
 * file changed in between is refused (`out` is then left as it was).
 */
async function emitFile(
  file: string,
  digest: string,
  out: string | undefined,
): Promise<void> {
  using opened = await ResultFile.open(file);
  const copy = async (sink: ByteSink | ((b: Uint8Array) => Promise<void>)) => {
    const hash = new Sha256();
    const buffer = new Uint8Array(1 << 20);
    for (let at = 0;;) {
      const n = await opened.read(buffer, at);
      if (n === 0) break;
      const piece = buffer.subarray(0, n);
      hash.update(piece);
      await sink(piece);
      at += n;
    }
    if (hash.hex() !== digest) {
      throw new FileError("changed while it was read: copy it and try again", {
        file,
      });
    }
  };
  if (out !== undefined) return await writeFileStreamed(out, copy);
  await copy(writeStdout);
  if (Deno.stdout.isTerminal()) await writeStdout(new Uint8Array([10]));
}
