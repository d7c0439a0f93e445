/**
 * The exact episode pairing of two results of one evaluation manifest
 * (contract §10).
 *
 * @module
 */

import { encode } from "../json/canonical.ts";
import { EvaluationError } from "../errors.ts";
import type { EpisodeKey } from "../types.ts";

/** What pairing reads of a result: its manifest, its hash, its keys. */
export type PairableResult = {
  /** The manifest (its scheduled episodes). */
  readonly evaluation_manifest: { readonly episodes: readonly EpisodeKey[] };
  /** The manifest's hash. */
  readonly evaluation_manifest_hash: string;
  /** The episodes present (their keys). */
  readonly episodes: readonly EpisodeKey[];
};

/** The pairing of two results of one manifest (contract §10). */
export type Pairing = {
  /** Manifest indices present in both results, in manifest order. */
  readonly paired: number[];
  /** Scheduled episodes that A does not have. */
  readonly missingFromA: EpisodeKey[];
  /** Scheduled episodes that B does not have. */
  readonly missingFromB: EpisodeKey[];
};

/**
 * Pair two results: their manifest hashes must be equal (else
 * {@linkcode EvaluationError}); an episode pairs only when both results
 * hold the same key (manifest hash, index, scenario ID, scenario hash,
 * seed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairResults } from "./pairing.ts";
 * import type { EvaluationResult } from "../types.ts";
 * const key = { index: 0, scenario_id: "x", scenario_hash: "b".repeat(64), seed: 1 };
 * const manifest = { episodes: [key] } as unknown as EvaluationResult["evaluation_manifest"];
 * const a = { model_id: "a", evaluation_manifest: manifest, evaluation_manifest_hash: "c".repeat(64),
 *   episodes: [] } as unknown as EvaluationResult;
 * const p = pairResults(a, { ...a, model_id: "b" });
 * assert.ok(p.paired.length === 0 && p.missingFromA.length === 1);
 * ```
 */
export function pairResults<A extends PairableResult, B extends PairableResult>(
  a: A,
  b: B,
): Pairing {
  if (a.evaluation_manifest_hash !== b.evaluation_manifest_hash) {
    throw new EvaluationError(
      `results come from different evaluation manifests (A ${a.evaluation_manifest_hash}, B ${b.evaluation_manifest_hash}); they cannot be paired`,
      { path: "evaluation_manifest_hash" },
    );
  }
  const holdsA = holder(a.episodes);
  const holdsB = holder(b.episodes);
  const paired: number[] = [];
  const missingFromA: EpisodeKey[] = [];
  const missingFromB: EpisodeKey[] = [];
  for (const k of a.evaluation_manifest.episodes) {
    const inA = holdsA(k);
    const inB = holdsB(k);
    if (inA && inB) paired.push(k.index);
    if (!inA) missingFromA.push(episodeKey(k));
    if (!inB) missingFromB.push(episodeKey(k));
  }
  return { paired, missingFromA, missingFromB };
}

/**
 * Whether `episodes` hold the key of manifest episode `k`, both results
 * being of one manifest (so the hash is the same for every key). The
 * episodes are found by index, and a key is compared field by field, as
 * its canonical text only when a field is not the same value: the texts of
 * 100,000 keys a result (about 180 characters each, and as many again for
 * the manifest) were 60 MB of V8's heap at the end of `compare`'s
 * verification.
 */
function holder(episodes: readonly EpisodeKey[]): (k: EpisodeKey) => boolean {
  // A valid result has one episode an index; any other is kept too.
  const at = new Map<number, EpisodeKey | EpisodeKey[]>();
  for (const e of episodes) {
    const there = at.get(e.index);
    if (there === undefined) at.set(e.index, e);
    else if (Array.isArray(there)) there.push(e);
    else at.set(e.index, [there, e]);
  }
  return (k) => {
    const there = at.get(k.index);
    return there === undefined
      ? false
      : Array.isArray(there)
      ? there.some((e) => sameKey(e, k))
      : sameKey(there, k);
  };
}

/** Whether two keys have the same canonical text. */
function sameKey(e: EpisodeKey, k: EpisodeKey): boolean {
  return e === k ||
    (e.index === k.index && e.scenario_id === k.scenario_id &&
      e.scenario_hash === k.scenario_hash && e.seed === k.seed) ||
    keyText(e) === keyText(k);
}

/** The canonical text of a key's fields, in the key's order. */
function keyText(e: EpisodeKey): string {
  return encode([e.index, e.scenario_id, e.scenario_hash, e.seed]);
}

/** The `{index, scenario_id, scenario_hash, seed}` key of an episode. */
export function episodeKey(e: EpisodeKey): EpisodeKey {
  return {
    index: e.index,
    scenario_id: e.scenario_id,
    scenario_hash: e.scenario_hash,
    seed: e.seed,
  };
}
