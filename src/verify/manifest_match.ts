/**
 * The suite's manifest against the stored one, and its hash, from its
 * canonical text made a chunk at a time (`scenario/manifest_text.ts`), not
 * as one string.
 *
 * @module
 */

import { DeferredJson } from "../json/canonical.ts";
import { sameCanonical } from "../json/diff.ts";
import { isObject } from "../json/fields.ts";
import { Sha256 } from "../json/sha256.ts";
import {
  EPISODES_AT,
  manifestChunks,
  manifestDigest,
} from "../scenario/manifest_text.ts";
import type { Manifest } from "../types.ts";

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
 * import { manifestMatch } from "./manifest_match.ts";
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
  const episodes = isObject(stored) ? stored["episodes"] : undefined;
  if (!(episodes instanceof DeferredJson)) {
    return {
      same: sameCanonical(stored, manifest),
      hash: manifestDigest(manifest),
    };
  }
  // Hashed as it is compared: one pass over the chunks.
  const hash = new Sha256();
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
