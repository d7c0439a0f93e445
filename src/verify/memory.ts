/**
 * The verifier's strings: values with strings of their own. No verdict
 * depends on them, only the peak memory does; only the verifier's modules
 * call them. (The hints to the garbage collector that the verifier also
 * gives are in `collect.ts`.)
 *
 * The strict reader takes each string value as a slice of the document's
 * text, and V8 keeps a slice of 13 characters or more as a view of its
 * parent: one scenario hash kept from a 30 MB result keeps the whole 30 MB
 * text in memory. So what outlives the reading (a verified result, the
 * parts of a document that the reference checks keep) is copied with
 * strings of its own ({@linkcode detached}).
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
 * import { detachedString } from "./memory.ts";
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
 * whose strings, keys included, are {@linkcode detachedString}s, each
 * distinct string copied once: a manifest names one scenario's ID and hash
 * once a seed, and its copies share them (a 100,000-episode manifest would
 * otherwise hold 100,000 copies of a few hashes). Floats and deferred
 * values are kept as they are (they hold no slice of the text, or are
 * dropped by the caller).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "../json/canonical.ts";
 * import { detached } from "./memory.ts";
 * const v = parse('{"b":["xxxxxxxxxxxxxxxxxxxx",1],"a":null}');
 * assert.deepEqual(detached(v), v);
 * assert.deepEqual(Object.keys(detached(v) as object), ["b", "a"]);
 * ```
 */
export function detached<T>(v: T): T {
  return copied(v, new Map());
}

function copied<T>(v: T, seen: Map<string, string>): T {
  if (typeof v === "string") return shared(v, seen) as T;
  if (v === null || typeof v !== "object" || v instanceof DeferredJson) {
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => copied(x, seen)) as T;
  const proto = Object.getPrototypeOf(v);
  if (proto !== null && proto !== Object.prototype) return v;
  const out: Record<string, unknown> = Object.create(proto);
  for (const key of Object.keys(v)) {
    out[shared(key, seen)] = copied(
      (v as Record<string, unknown>)[key],
      seen,
    );
  }
  return out as T;
}

/** `s` detached, the same copy for equal strings of one {@linkcode detached}. */
function shared(s: string, seen: Map<string, string>): string {
  let copy = seen.get(s);
  if (copy === undefined) {
    copy = detachedString(s);
    seen.set(s, copy);
  }
  return copy;
}

/**
 * Detached copies of strings that many verified episodes repeat (a
 * scenario's ID and hash, once a seed), one copy each. Bounded: past 1,024
 * strings it starts again, so a long-lived caller verifying many suites
 * keeps no more than that.
 */
const repeated = new Map<string, string>();

/**
 * `s` as a {@linkcode detachedString}, the same copy for equal strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sharedString } from "./memory.ts";
 * const text = `{"hash":"${"ab".repeat(32)}"}`;
 * assert.equal(sharedString(text.slice(9, 73)), "ab".repeat(32));
 * ```
 */
export function sharedString(s: string): string {
  if (repeated.size >= 1024) repeated.clear();
  return shared(s, repeated);
}
