/**
 * The one JSON difference walker: the first place, by field path, where two
 * values would encode differently. Two callers name differences in two
 * ways, so the walk takes the key order:
 *
 * - `"second"` (the replay check): the second value is the reference. An
 *   object's fields are visited in the second value's own order, then the
 *   first value's extra fields by code point; arrays element by element,
 *   then the first index only one of them has.
 * - `"union"` (stored against recomputed metrics): the fields of both in
 *   code-point order; arrays of different lengths differ as a whole.
 *
 * Each caller words the message from the difference and {@linkcode show}.
 *
 * @module
 */

import {
  compareCodePoints,
  encode,
  joinPath,
  JsonFloat,
  type JsonValue,
} from "./canonical.ts";

/** Which fields the walk visits first; see the module documentation. */
export type KeyOrder = "second" | "union";

/** Where two values first differ, and what each holds there (`undefined`: absent). */
export type Difference = {
  /** Field path, relative to the path the walk started at. */
  readonly path: string;
  /** The first value's part there. */
  readonly first: unknown;
  /** The second value's part there. */
  readonly second: unknown;
};

/**
 * The first difference between two values in the given key order, or
 * `null` when they have the same canonical bytes. Paths are only built on
 * the way to a difference.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstDifference } from "./diff.ts";
 * const a = { b: 1, a: [1, 2] };
 * const b = { b: 2, a: [1] };
 * assert.equal(firstDifference(a, b, { order: "second" })?.path, "b");
 * assert.equal(firstDifference(b, a, { order: "second" })?.path, "b");
 * assert.equal(firstDifference(a, b, { order: "union" })?.path, "a");
 * assert.equal(firstDifference(a, { ...b, b: 1 }, { order: "second" })?.path, "a[1]");
 * assert.equal(firstDifference(a, a, { order: "union" }), null);
 * ```
 */
export function firstDifference(
  first: unknown,
  second: unknown,
  options: { readonly order: KeyOrder; readonly path?: string },
): Difference | null {
  return walk(first, second, options.path ?? "", options.order);
}

function walk(
  a: unknown,
  b: unknown,
  path: string,
  order: KeyOrder,
): Difference | null {
  if (sameCanonical(a, b)) return null;
  const here = { path, first: a, second: b };
  if (Array.isArray(a) && Array.isArray(b)) {
    if (order === "union" && a.length !== b.length) return here;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = walk(a[i], b[i], `${path}[${i}]`, order);
      if (d !== null) return d;
    }
    return { path: `${path}[${n}]`, first: a[n], second: b[n] };
  }
  if (!isPlainObject(a) || !isObjectLike(b)) return here;
  const keys = order === "union"
    ? [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(
      compareCodePoints,
    )
    : Object.keys(b);
  for (const key of keys) {
    const child = joinPath(path, key);
    const x = Object.hasOwn(a, key) ? a[key] : undefined;
    const y = Object.hasOwn(b, key) ? b[key] : undefined;
    // The reference's field is absent: named here, whatever it holds.
    if (order === "second" && !Object.hasOwn(a, key)) {
      return { path: child, first: undefined, second: y };
    }
    const d = walk(x, y, child, order);
    if (d !== null) return d;
  }
  if (order === "second") {
    const extra = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
    if (extra.length > 0) {
      const key = extra.sort(compareCodePoints)[0]!;
      return { path: joinPath(path, key), first: a[key], second: undefined };
    }
  }
  return here;
}

/**
 * Whether `a` has the canonical bytes of the JSON value `b` (key order
 * aside), without encoding either.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameCanonical } from "./diff.ts";
 * assert.ok(sameCanonical({ b: [1, "x"], a: null }, { a: null, b: [1, "x"] }));
 * assert.ok(!sameCanonical({ a: 1, c: 2 }, { a: 1 }));
 * assert.ok(!sameCanonical([1, 2], [1, "2"]));
 * ```
 */
export function sameCanonical(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (b === null || typeof b !== "object") return false;
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      if (!sameCanonical(a[i], b[i])) return false;
    }
    return true;
  }
  if (b instanceof JsonFloat) {
    return a instanceof JsonFloat && Object.is(a.value, b.value);
  }
  if (!isPlainObject(a)) return false;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(a, key)) return false;
    if (!sameCanonical(a[key], (b as Record<string, unknown>)[key])) {
      return false;
    }
  }
  return true;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}

function isObjectLike(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    !(v instanceof JsonFloat);
}

/**
 * A short rendering of a value for messages: its canonical JSON, cut at 80
 * characters; `absent` for `undefined`; `String(v)` for what is not JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { show } from "./diff.ts";
 * assert.equal(show([1, "a"], "<missing>"), '[1,"a"]');
 * assert.equal(show(undefined, "<missing>"), "<missing>");
 * ```
 */
export function show(v: unknown, absent: string): string {
  if (v === undefined) return absent;
  let text: string;
  try {
    text = encode(v as JsonValue);
  } catch {
    text = String(v);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
