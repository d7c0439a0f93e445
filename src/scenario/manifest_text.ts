/**
 * A manifest's canonical text made a chunk at a time. At 100,000 episodes
 * that text is 13 MB: made as one string (with the pieces the encoder
 * joins), it lived through V8's young collections at the start of every
 * large `run`, `verify` and `aggregate`, and V8 grows its young generation
 * by what survives them.
 *
 * @module
 */

import { encode, type JsonObject, type JsonValue } from "../json/canonical.ts";
import { Sha256 } from "../json/sha256.ts";
import type { Manifest } from "../types.ts";

/** Where the episodes' array starts in a manifest's canonical text. */
export const EPISODES_AT: string = '{"episodes":';

/** Characters a chunk reaches before it is handed out. */
const CHUNK = 1 << 15;

/**
 * The canonical text of `manifest`, in chunks of about `size` characters
 * or more (each ends after a whole episode): "episodes" sorts first, so
 * the text is `{"episodes":[`, the episodes joined by commas, then `]`
 * and the other fields as the manifest without episodes has them. A value
 * whose episodes are not an array, or with a key before them, is one
 * chunk.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { manifestChunks } from "./manifest_text.ts";
 * const m = {
 *   suite_id: "s",
 *   episodes: [{ index: 0, seed: 1 }, { index: 1, seed: 2 }],
 * } as never;
 * assert.equal([...manifestChunks(m, 1)].join(""), encode(m));
 * ```
 */
export function* manifestChunks(
  manifest: Manifest | JsonObject,
  size: number = CHUNK,
): Generator<string> {
  const { episodes: listed, ...rest } = manifest;
  const episodes: readonly JsonValue[] = Array.isArray(listed) ? listed : [];
  const empty = Array.isArray(listed)
    ? encode({ ...rest, episodes: [] } as unknown as JsonValue)
    : "";
  if (!empty.startsWith(`${EPISODES_AT}[]`)) {
    // Not a manifest as the suite builds it (one read from a file, with
    // keys of its own): its text whole.
    yield encode(manifest as unknown as JsonValue);
    return;
  }
  const pieces = [`${EPISODES_AT}[`];
  let length = pieces[0]!.length;
  for (let i = 0; i < episodes.length; i++) {
    const piece = i === 0 ? encode(episodes[i]!) : `,${encode(episodes[i]!)}`;
    pieces.push(piece);
    length += piece.length;
    if (length >= size) {
      yield pieces.join("");
      pieces.length = 0;
      length = 0;
    }
  }
  pieces.push(empty.slice(EPISODES_AT.length + 1));
  yield pieces.join("");
}

/**
 * The SHA-256 of `manifest`'s canonical text (its manifest hash), hashed a
 * chunk at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { sha256Hex } from "../json/sha256.ts";
 * import { manifestDigest } from "./manifest_text.ts";
 * const m = { suite_id: "s", episodes: [{ index: 0, seed: 1 }] } as never;
 * assert.equal(manifestDigest(m), sha256Hex(encode(m)));
 * ```
 */
export function manifestDigest(manifest: Manifest): string {
  const hash = new Sha256();
  for (const chunk of manifestChunks(manifest)) hash.update(chunk);
  return hash.hex();
}
