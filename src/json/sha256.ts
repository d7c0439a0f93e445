/**
 * SHA-256, the one implementation the package hashes with: digests of
 * canonical JSON (contract §3), of results, of scenarios and of written
 * files. Synchronous (`node:crypto`), so that a verifier can hash a large
 * text as it reads it, piece by piece.
 *
 * @module
 */

import { createHash } from "node:crypto";

/**
 * The most a hash is given at once: it converts a string to its UTF-8
 * bytes before it reads them, and a record's text is megabytes.
 */
const SLICE = 1 << 20;

/**
 * A SHA-256 hash fed in pieces: bytes, or strings as their UTF-8 bytes,
 * each at most 1 MiB at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Sha256, sha256Hex } from "./sha256.ts";
 * const hash = new Sha256().update('{"a":').update(new TextEncoder().encode("1}"));
 * assert.equal(hash.hex(), sha256Hex('{"a":1}'));
 * ```
 */
export class Sha256 {
  #hash = createHash("sha256");

  /** Add `data` (a string as its UTF-8 bytes). */
  update(data: Uint8Array | string): this {
    if (data.length <= SLICE) {
      this.#hash.update(data);
      return this;
    }
    for (let i = 0; i < data.length; i += SLICE) {
      this.#hash.update(
        typeof data === "string"
          ? data.slice(i, i + SLICE)
          : data.subarray(i, i + SLICE),
      );
    }
    return this;
  }

  /**
   * A hash of what this one has been given so far, fed on its own from
   * here (this one is not changed).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Sha256, sha256Hex } from "./sha256.ts";
   * const hash = new Sha256().update("ab");
   * const more = hash.copy().update("c");
   * assert.equal(hash.hex(), sha256Hex("ab"));
   * assert.equal(more.hex(), sha256Hex("abc"));
   * ```
   */
  copy(): Sha256 {
    const copy = new Sha256();
    copy.#hash = this.#hash.copy();
    return copy;
  }

  /** The digest in lower-case hex; the hash takes no more pieces after. */
  hex(): string {
    return this.#hash.digest("hex");
  }

  /**
   * The digest in base64 (as a Content-Security-Policy source names a
   * script); the hash takes no more pieces after.
   */
  base64(): string {
    return this.#hash.digest("base64");
  }
}

/**
 * Lower-case hex SHA-256 of some bytes, or of a string's UTF-8 bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Hex } from "./sha256.ts";
 * assert.equal(
 *   sha256Hex("abc"),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(data).hex();
}
