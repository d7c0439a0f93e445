/**
 * The first canonical difference between two JSON values, by field path,
 * and the value at such a path: how the verifier names the field where
 * stored metrics differ from recomputed ones.
 *
 * @module
 */

import {
  compareCodePoints,
  encode,
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "./canonical.ts";

function isObject(v: JsonValue | undefined): v is JsonObject {
  return v !== null && v !== undefined && typeof v === "object" &&
    !Array.isArray(v) && !(v instanceof JsonFloat);
}

/** Path (relative) of the first canonical difference between two values. */
export function firstDifference(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  path: string,
): string | null {
  if (a === undefined || b === undefined) return a === b ? null : path;
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(
      compareCodePoints,
    );
    for (const k of keys) {
      const child = /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)
        ? (path === "" ? k : `${path}.${k}`)
        : `${path}[${JSON.stringify(k)}]`;
      const d = firstDifference(a[k], b[k], child);
      if (d !== null) return d;
    }
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  return encode(a) === encode(b) ? null : path;
}

/** The value at a path made by {@linkcode firstDifference}. */
export function valueAt(v: JsonValue, path: string): JsonValue | undefined {
  const parts =
    path.match(/[A-Za-z_][A-Za-z0-9_]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\]/g) ?? [];
  let cur: JsonValue | undefined = v;
  for (const p of parts) {
    if (cur === undefined || cur === null || typeof cur !== "object") {
      return undefined;
    }
    const key: string | number = p.startsWith('["')
      ? JSON.parse(p.slice(1, -1)) as string
      : p.startsWith("[")
      ? Number(p.slice(1, -1))
      : p;
    cur = Array.isArray(cur)
      ? (cur as readonly JsonValue[])[key as number]
      : (cur as JsonObject)[key as string];
  }
  return cur;
}

export function show(v: JsonValue | undefined): string {
  if (v === undefined) return "nothing (field absent)";
  const text = encode(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
