/**
 * `emitPieces` refuses, through its check, a text beyond a limit with no
 * file left behind, and checks the whole text's size (counted by hand).
 */

import assert from "node:assert/strict";
import { emitPieces } from "../src/cli/io.ts";
import { EmberError } from "../src/errors.ts";
import { inTempDir, listDir } from "./cli_support.ts";

Deno.test("emitPieces: a refused text leaves no file; an accepted one is written whole", async () => {
  await inTempDir(async (dir) => {
    // 4 + 1 + 2,000,000 + 1 bytes: more than one of its megabyte writes.
    const pieces = () => ['{"a"', ":", `"${"x".repeat(1_999_998)}"`, "}"];
    const seen: number[] = [];
    const refuse = (bytes: number) => {
      seen.push(bytes);
      throw new EmberError("too large", { file: `${dir}/o.json` });
    };
    await assert.rejects(emitPieces(pieces, `${dir}/o.json`, refuse), {
      message: `${dir}/o.json: too large`,
    });
    assert.deepEqual(seen, [2_000_006]);
    assert.deepEqual(await listDir(dir), []);
    await emitPieces(pieces, `${dir}/o.json`, (bytes) => seen.push(bytes));
    assert.deepEqual(seen, [2_000_006, 2_000_006]);
    assert.equal(
      (await Deno.readTextFile(`${dir}/o.json`)).length,
      2_000_006,
    );
  });
});
