/**
 * `digest`: the SHA-256 of a JSON document's canonical form (contract §2),
 * or with `--canonical` the canonical bytes themselves. The document is read
 * with the strict reader, so whatever it refuses (duplicate keys, unsafe
 * integers, invalid UTF-8 …) is refused here too.
 *
 * @module
 */

import { encodeBytes } from "../json/canonical.ts";
import { sha256Hex } from "../json/sha256.ts";
import { expectPositionals, flag, stringOption, UsageError } from "./args.ts";
import type { CommandSpec } from "./command.ts";
import { checkWritable, emitBytes, printLine, readJson } from "./io.ts";

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
    const bytes = encodeBytes(await readJson(file as string));
    if (canonical) await emitBytes(bytes, out);
    else await printLine(sha256Hex(bytes));
    return 0;
  },
};
