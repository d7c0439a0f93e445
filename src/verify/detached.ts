/**
 * Values that do not keep a document's text alive. The strict reader takes
 * each string value as a slice of the document's text, and V8 keeps a
 * slice of 13 characters or more as a view of its parent: one scenario
 * hash kept from a 30 MB result keeps the whole 30 MB text in memory. So
 * what outlives the reading (a verified result, the parts of a document
 * that the reference checks keep) is copied with strings of its own.
 *
 * @module
 */

import { DeferredJson } from "../json/canonical.ts";

/**
 * A string with the same characters, not a view of another string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detachedString } from "./detached.ts";
 * const text = `{"hash":"${"ab".repeat(32)}"}`;
 * assert.equal(detachedString(text.slice(9, 73)), "ab".repeat(32));
 * ```
 */
export function detachedString(s: string): string {
  // A shorter slice is a copy already. A longer one, joined to a space,
  // becomes a rope, which `slice` first flattens into a string of its own.
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/**
 * A deep copy of a JSON value (objects keep their prototype and key order)
 * whose strings, keys included, are {@linkcode detachedString}s. Floats and
 * deferred values are kept as they are (they hold no slice of the text, or
 * are dropped by the caller).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "../json/canonical.ts";
 * import { detached } from "./detached.ts";
 * const v = parse('{"b":["xxxxxxxxxxxxxxxxxxxx",1],"a":null}');
 * assert.deepEqual(detached(v), v);
 * assert.deepEqual(Object.keys(detached(v) as object), ["b", "a"]);
 * ```
 */
export function detached<T>(v: T): T {
  if (typeof v === "string") return detachedString(v) as T;
  if (v === null || typeof v !== "object" || v instanceof DeferredJson) {
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => detached(x)) as T;
  const proto = Object.getPrototypeOf(v);
  if (proto !== null && proto !== Object.prototype) return v;
  const out: Record<string, unknown> = Object.create(proto);
  for (const key of Object.keys(v)) {
    out[detachedString(key)] = detached((v as Record<string, unknown>)[key]);
  }
  return out as T;
}
