/**
 * The general path of the verifier: the reference verifier's checks
 * ({@linkcode verifyEpisodes}) over a document read with each episode's
 * record and metrics deferred, skipping the episodes a proof has shown
 * valid, and the reference verifier on a value in memory. Whatever the fast
 * path cannot prove is decided here, with exactly the diagnostics the
 * reference verifier gives.
 *
 * @module
 */

import {
  compareCodePoints,
  DeferredJson,
  encode,
  type JsonValue,
} from "../json/canonical.ts";
import {
  parseResultEpisode,
  parseResultHead,
  verifyEpisodes,
  verifyResultWithValues,
} from "./result.ts";
import { episodeKey, type PairableResult } from "./pairing.ts";
import { collectAfter } from "./collect.ts";
import type { EpisodeKey, Suite } from "../types.ts";
import { TOKEN, VerifiedEpisode, VerifiedEvaluation } from "./verified.ts";
import type { ProvedEpisode, VerifyEvaluationOptions } from "./verify.ts";

/**
 * The reference checks over a document read with deferred episode values,
 * skipping the episodes a proof has shown valid already.
 */
export async function verifiedDeferred(
  doc: JsonValue,
  textOf: (span: DeferredJson) => string,
  proved: ReadonlyMap<number, ProvedEpisode>,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<VerifiedEvaluation> {
  const episodes: VerifiedEpisode[] = [];
  const items = {
    materialize: materialized,
    textOf: (item: JsonValue) => itemText(item, textOf),
    proved: (i: number) => proved.get(i),
    release: (item: JsonValue) =>
      collectAfter(isObject(item) ? spanLength(item["record"]) : 0),
  };
  const { head, digest } = await verifyEpisodes(
    doc,
    suite,
    options,
    items,
    (e, exact, i) => {
      episodes[i] = new VerifiedEpisode(
        TOKEN,
        e,
        e.metrics,
        exact,
        e.record.final_state.termination_reason,
        i,
        options.file,
      );
    },
  );
  for (const [i, p] of proved) episodes[i] = p.episode;
  return new VerifiedEvaluation(TOKEN, {
    model_id: head.model_id,
    evaluation_manifest: head.evaluation_manifest,
    evaluation_manifest_hash: head.evaluation_manifest_hash,
    episodes,
    digest,
  });
}

/**
 * `parseResult` on a document read with deferred episode values, with the
 * same checks in the same order (so the same errors, `EvaluationError`):
 * each item is built, read and let go in turn, and only the keys that
 * pairing reads are kept. An item that `proved` names (a proof showed it
 * valid, so it passes every check) is not built.
 */
export function deferredStructure(
  doc: JsonValue,
  options: { readonly file?: string },
  proved: (i: number) => EpisodeKey | undefined,
): PairableResult {
  const head = parseResultHead(doc, options);
  let last = -1;
  const episodes = head.items.map((item, i): EpisodeKey => {
    const p = proved(i);
    if (p !== undefined) {
      last = p.index;
      return episodeKey(p);
    }
    const e = parseResultEpisode(head, materialized(item), i, last);
    last = e.index;
    // Its record is garbage now.
    collectAfter(isObject(item) ? spanLength(item["record"]) : 0);
    return episodeKey(e);
  });
  return {
    evaluation_manifest: head.evaluation_manifest,
    evaluation_manifest_hash: head.evaluation_manifest_hash,
    episodes,
  };
}

/**
 * An episode item with its deferred values built, keys in their order (a
 * value that is not an object is passed on as it is, for the checks to
 * refuse).
 */
function materialized(item: JsonValue): JsonValue {
  if (!isObject(item)) return item;
  const out: Record<string, JsonValue> = Object.create(null);
  for (const key of Object.keys(item)) {
    const v = item[key];
    out[key] = v instanceof DeferredJson ? v.value() : v as JsonValue;
  }
  return out as JsonValue;
}

/**
 * The canonical text of an episode item, which `encode` of its built value
 * gives: its keys in code-point order, each deferred value's canonical text
 * from `textOf` (so no record is built for it), the rest encoded.
 */
function itemText(
  item: JsonValue,
  textOf: (span: DeferredJson) => string,
): readonly string[] {
  if (!isObject(item)) return [encode(item)];
  try {
    // Pieces: each deferred value's text on its own (a record's span is
    // then never copied), the rest joined between them.
    const pieces: string[] = [];
    let open = "{";
    Object.keys(item).sort(compareCodePoints).forEach((k, i) => {
      const v = item[k];
      open += `${i === 0 ? "" : ","}${encode(k)}:`;
      if (v instanceof DeferredJson) {
        pieces.push(open, textOf(v));
        open = "";
      } else open += encode(v as JsonValue);
    });
    pieces.push(`${open}}`);
    return pieces;
  } catch {
    // What the writer refuses in a part, it refuses in the whole value, and
    // the whole value's error (its path from the item) is the one raised.
    return [encode(materialized(item))];
  }
}

export async function verified(
  input: JsonValue,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<VerifiedEvaluation> {
  const { result, digest, exact } = await verifyResultWithValues(
    input,
    suite,
    options,
  );
  return new VerifiedEvaluation(TOKEN, {
    model_id: result.model_id,
    evaluation_manifest: result.evaluation_manifest,
    evaluation_manifest_hash: result.evaluation_manifest_hash,
    episodes: result.episodes.map((e, i) =>
      new VerifiedEpisode(
        TOKEN,
        e,
        e.metrics,
        exact[i]!,
        e.record.final_state.termination_reason,
        i,
        options.file,
      )
    ),
    digest,
  });
}

/** A parsed object (not an array, a deferred value or a class instance). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    !(v instanceof DeferredJson) && Object.getPrototypeOf(v) === null;
}

/** The length of a deferred value's text (0 for anything else). */
export function spanLength(v: unknown): number {
  return v instanceof DeferredJson ? v.end - v.start : 0;
}
