/**
 * The suite's manifest against the stored one, and its hash, from its
 * canonical text made a chunk at a time. At 100,000 episodes that text is
 * 13 MB: made as one string (with the pieces the encoder joins), it lived
 * through V8's young collections at the start of every large `verify` and
 * `aggregate`, and V8 grows its young generation by what survives them.
 *
 * @module
 */

import { DeferredJson, encode } from "../json/canonical.ts";
import { sameCanonical } from "../json/diff.ts";
import { isObject } from "../json/fields.ts";
import { Sha256 } from "../json/sha256.ts";
import type { Manifest } from "../types.ts";

/** Where the episodes' array starts in a manifest's canonical text. */
const EPISODES_AT = '{"episodes":';

/** Characters a chunk reaches before it is handed out. */
const CHUNK = 1 << 15;

/**
 * The canonical text of `manifest`, in chunks of about `size` characters
 * or more (each ends after a whole episode): "episodes" sorts first, so
 * the text is `{"episodes":[`, the episodes joined by commas, then `]`
 * and the other fields as the manifest without episodes has them.
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
  manifest: Manifest,
  size: number = CHUNK,
): Generator<string> {
  const { episodes, ...rest } = manifest;
  const empty = encode({ ...rest, episodes: [] });
  if (!empty.startsWith(`${EPISODES_AT}[]`)) {
    throw new Error("internal error: a manifest's episodes do not come first");
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
 * Whether `stored` is canonically `manifest`, and the SHA-256 of
 * `manifest`'s canonical text. Stored episodes left as text by a streamed
 * reading (`stream.ts`, a {@linkcode DeferredJson}) must be that text's
 * episodes character for character: a JSON value read from the file that
 * the canonical text continues with is all of it, since its brackets close
 * where the same characters' do.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { sha256Hex } from "../json/sha256.ts";
 * import { manifestMatch } from "./manifest_text.ts";
 * const m = { suite_id: "s", episodes: [{ index: 0, seed: 1 }] } as never;
 * const { same, hash } = manifestMatch(JSON.parse(encode(m)), m);
 * assert.ok(same);
 * assert.equal(hash, sha256Hex(encode(m)));
 * assert.equal(manifestMatch({ suite_id: "t", episodes: [] }, m).same, false);
 * ```
 */
export function manifestMatch(
  stored: unknown,
  manifest: Manifest,
): { same: boolean; hash: string } {
  const hash = new Sha256();
  const episodes = isObject(stored) ? stored["episodes"] : undefined;
  if (!(episodes instanceof DeferredJson)) {
    for (const chunk of manifestChunks(manifest)) hash.update(chunk);
    return { same: sameCanonical(stored, manifest), hash: hash.hex() };
  }
  const { episodes: _stored, ...rest } = stored as Record<string, unknown>;
  const { episodes: _want, ...want } = manifest;
  let same = sameCanonical(rest, want);
  // The stored episodes' text is the canonical text's from EPISODES_AT on.
  const from = EPISODES_AT.length;
  const to = from + (episodes.end - episodes.start);
  let at = 0;
  for (const chunk of manifestChunks(manifest)) {
    hash.update(chunk);
    const lo = Math.max(at, from);
    const hi = Math.min(at + chunk.length, to);
    if (
      same && lo < hi &&
      !episodes.text.startsWith(
        chunk.slice(lo - at, hi - at),
        episodes.start + lo - from,
      )
    ) same = false;
    at += chunk.length;
  }
  return { same: same && at >= to, hash: hash.hex() };
}
