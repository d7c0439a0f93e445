/**
 * Canonical JSON written in pieces: a document whose large parts are not
 * values but {@linkcode TextPieces}, each giving its own canonical text a
 * piece at a time, so that the document's text is never one string and
 * those parts never a tree of objects. The rest is encoded as
 * {@linkcode encode} encodes it, so the pieces joined are exactly the
 * canonical text of the document with each part's value in its place.
 *
 * @module
 */

import { compareCodePoints, encode, type JsonValue } from "./canonical.ts";

/**
 * A part of a document that writes its own canonical text, in pieces; it
 * must be the canonical text of one JSON value.
 */
export interface TextPieces {
  /** The canonical text, in order. */
  pieces(): Iterable<string>;
}

/** A JSON value whose parts may be {@linkcode TextPieces}. */
export type PiecewiseValue =
  | JsonValue
  | TextPieces
  | readonly PiecewiseValue[]
  | { readonly [key: string]: PiecewiseValue };

/** Whether a value is a part that writes its own text (no JSON value has a function). */
function isPieces(v: unknown): v is TextPieces {
  return typeof v === "object" && v !== null && !Array.isArray(v) &&
    typeof (v as { pieces?: unknown }).pieces === "function";
}

/**
 * The canonical text of a document in pieces, in order: containers are
 * opened and closed here (object keys in code-point order, as
 * {@linkcode encode} sorts them), each {@linkcode TextPieces} gives its own
 * text, and every other value is encoded whole. Refuses what `encode`
 * refuses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, float } from "./canonical.ts";
 * import { canonicalPieces } from "./pieces.ts";
 * const list = { pieces: () => ["[1,", "2]"] };
 * const text = [...canonicalPieces({ b: list, a: float(0.5) })].join("");
 * assert.equal(text, encode({ b: [1, 2], a: float(0.5) }));
 * ```
 */
export function* canonicalPieces(value: PiecewiseValue): Generator<string> {
  if (isPieces(value)) {
    yield* value.pieces();
  } else if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      yield* canonicalPieces(value[i] as PiecewiseValue);
    }
    yield "]";
  } else if (
    typeof value === "object" && value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const obj = value as { readonly [key: string]: PiecewiseValue };
    const keys = Object.keys(obj).sort(compareCodePoints);
    yield "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      yield `${i > 0 ? "," : ""}${encode(k)}:`;
      yield* canonicalPieces(obj[k]!);
    }
    yield "}";
  } else {
    yield encode(value as JsonValue);
  }
}
