/**
 * `emitPieces` refuses, through its check, a text beyond a limit with no
 * file left behind, and checks the whole text's size (counted by hand);
 * the bytes written are the pieces joined, and the digest returned is
 * theirs (Web Crypto's), across the writes of its buffer.
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

Deno.test("emitPieces: the pieces joined, whatever their sizes, and their SHA-256", async () => {
  await inTempDir(async (dir) => {
    // Pieces of 1 to 400,000 characters, 3 MB in all: on either side of
    // a third of the 1 MiB buffer (349,525 characters fit an empty one;
    // 349,526 and 400,000 are written on their own), and many that do not
    // fit what is left of it.
    const sizes = [1, 70_000, 349_525, 349_526, 1, 400_000, 65_537];
    for (let k = 0; sizes.reduce((a, b) => a + b) < 3_000_000; k++) {
      sizes.push(1 + (k * 7919) % 70_000);
    }
    const texts = sizes.map((n, i) =>
      String.fromCharCode(0x21 + i % 90).repeat(n)
    );
    const digest = await emitPieces(() => texts, `${dir}/o.json`);
    const written = await Deno.readFile(`${dir}/o.json`);
    const joined = texts.join("");
    assert.equal(written.length, joined.length);
    assert.ok(new TextDecoder().decode(written) === joined);
    const want = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(joined)),
    );
    assert.equal(
      digest,
      Array.from(want, (b) => b.toString(16).padStart(2, "0")).join(""),
    );
  });
});
