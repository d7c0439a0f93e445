/**
 * The refusal path: the reference verifier's checks
 * ({@linkcode verifyEpisodes}) over a document the strict reader has read
 * with each episode's record and metrics deferred, skipping the episodes
 * the proof has shown valid, and the reference verifier on a value in
 * memory. Whatever the proof cannot prove is decided here, with exactly
 * the diagnostics the reference verifier gives.
 *
 * @module
 */

import {
  compareCodePoints,
  DeferredJson,
  encode,
  type JsonValue,
} from "../json/canonical.ts";
import { isObject } from "../json/fields.ts";
import { verifyEpisodes, verifyResultWithValues } from "./reference.ts";
import { parseResultEpisode, parseResultHead } from "../result/reader.ts";
import { episodeKey, type PairableResult } from "../result/pairing.ts";
import type { ResultDigest, ResultFields } from "../result/writer.ts";
import { collectAfter } from "../collect.ts";
import { detached, detachedString } from "./memory.ts";
import type { EpisodeKey, Suite } from "../types.ts";
import { TOKEN, VerifiedEpisode, VerifiedEvaluation } from "./verified.ts";
import type { VerifyEvaluationOptions } from "./options.ts";
import type { ProvedEpisode } from "./proof.ts";
import { spanLength } from "./reader.ts";

/**
 * How the digest of a document the reference checks accept is known: the
 * hash of its bytes (a canonical text), or the digest of the canonical
 * text of its first episodes, hashed by a proof (`prefix.count` of them),
 * to be continued.
 */
export type DigestPlan =
  | { readonly digest: string }
  | { readonly prefix: ResultDigest };

/**
 * The document that the reference checks need, without the text that they
 * do not: the episodes that a proof has shown valid are skipped by every
 * check, so their deferred values are dropped, unless the digest still
 * needs their text (those after the `plan`'s prefix, when the bytes' hash
 * is not the digest). The deferred values that stay are copied out of the
 * document's text, so that a large text can go (a refused file's verdict
 * then needs the text of its unproved episodes only).
 */
export function slimmed(
  doc: JsonValue,
  proved: ReadonlyMap<number, unknown>,
  plan: DigestPlan,
): JsonValue {
  if (!isObject(doc)) return doc;
  const items = doc["episodes"];
  if (!Array.isArray(items)) return doc;
  const from = "digest" in plan ? Infinity : plan.prefix.count;
  // Strings of their own: a slice would keep the text alive.
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(doc)) {
    out[detachedString(key)] = key === "episodes" ? null : detached(doc[key]);
  }
  out["episodes"] = items.map((item: unknown, i: number) => {
    if (!isObject(item)) return detached(item);
    const keep = !proved.has(i) || i >= from;
    const copy: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(item)) {
      const v = item[key];
      copy[detachedString(key)] = !(v instanceof DeferredJson)
        ? detached(v)
        : keep
        ? copied(v)
        : null;
    }
    return copy;
  });
  return out as JsonValue;
}

/** A deferred value over a copy of its own text. */
function copied(span: DeferredJson): DeferredJson {
  // A string of its own, not a slice that keeps the whole document's text
  // alive.
  const text = detachedString(span.source);
  return new DeferredJson(
    text,
    0,
    text.length,
    span.plain,
    span.validated,
    span.limits,
  );
}

/**
 * The reference checks over a document read with deferred episode values
 * (after {@linkcode slimmed}), skipping the episodes a proof has shown
 * valid already. If they accept it, its digest is the one `plan` gives,
 * continued over the canonical text of the episodes after its prefix.
 */
export async function verifiedDeferred(
  doc: JsonValue,
  textOf: (span: DeferredJson) => string,
  proved: ReadonlyMap<number, ProvedEpisode>,
  plan: DigestPlan,
  suite: Suite,
  options: VerifyEvaluationOptions,
): Promise<VerifiedEvaluation> {
  const episodes: VerifiedEpisode[] = [];
  // The checks' own digest is not made: the plan gives it.
  const items = {
    materialize: materialized,
    textOf: (item: JsonValue) => itemText(item, textOf),
    proved: (i: number) => proved.get(i),
    release: (item: JsonValue) =>
      collectAfter(isObject(item) ? spanLength(item["record"]) : 0),
  };
  const { head } = await verifyEpisodes(
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
        options.statisticsOnly,
      );
    },
  );
  for (const [i, p] of proved) episodes[i] = p.episode;
  return new VerifiedEvaluation(TOKEN, {
    model_id: head.model_id,
    evaluation_manifest: head.evaluation_manifest,
    evaluation_manifest_hash: head.evaluation_manifest_hash,
    episodes,
    digest: "digest" in plan ? plan.digest : continued(doc, textOf, plan),
  });
}

/**
 * The digest of an accepted document, from the hash of its first episodes:
 * the canonical text of each later episode item (which the checks compared
 * with its value), then of the fields after the episodes (the checks
 * accepted exactly these).
 */
function continued(
  doc: JsonValue,
  textOf: (span: DeferredJson) => string,
  plan: { readonly prefix: ResultDigest },
): string {
  const top = doc as unknown as ResultFields & {
    readonly episodes: readonly JsonValue[];
  };
  const digest = plan.prefix;
  for (let i = digest.count; i < top.episodes.length; i++) {
    const pieces = itemText(top.episodes[i]!, textOf);
    digest.episode((out) => pieces.forEach(out));
  }
  return digest.finish(top);
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

/** The reference verifier on a value in memory, its result typed. */
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
        options.statisticsOnly,
      )
    ),
    digest,
  });
}
