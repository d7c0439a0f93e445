/**
 * Strict field readers shared by every document parser (scenario, suite,
 * record, metrics, result). Each error names the file, the field path and
 * what was expected, with the error kind of the document being read.
 *
 * @module
 */

import {
  DeferredJson,
  joinPath,
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "./canonical.ts";
import type { ErrorKind } from "../errors.ts";

/**
 * Whether `v` is a JSON object as the readers build it: an object that is
 * not an array, a float or a deferred value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float, parse } from "./canonical.ts";
 * import { isObject } from "./fields.ts";
 * assert.ok(isObject(parse('{"a":1}')) && isObject(JSON.parse("{}")));
 * assert.ok(!isObject([]) && !isObject(null) && !isObject(float(1)));
 * ```
 */
export function isObject(v: JsonValue | undefined): v is JsonObject;
export function isObject(v: unknown): v is Readonly<Record<string, unknown>>;
export function isObject(v: unknown): boolean {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    !(v instanceof JsonFloat) && !(v instanceof DeferredJson);
}

/** Where a value sits: the error kind to raise, its field path and file. */
export type Ctx = {
  readonly kind: ErrorKind;
  readonly path: string;
  readonly file?: string | undefined;
};

/** Make a root context. */
export function rootCtx(kind: ErrorKind, file?: string, path = ""): Ctx {
  return { kind, path, file };
}

// Readers create a context for every field they read, and a path is needed
// only for an error: it is built on first use, from the parent's.
class SubCtx implements Ctx {
  readonly kind: ErrorKind;
  readonly file?: string | undefined;
  readonly #parent: Ctx;
  readonly #key: string | number;
  #path: string | undefined;
  constructor(parent: Ctx, key: string | number) {
    this.kind = parent.kind;
    this.file = parent.file;
    this.#parent = parent;
    this.#key = key;
  }
  get path(): string {
    if (this.#path === undefined) {
      const base = this.#parent.path;
      const key = this.#key;
      this.#path = typeof key === "number"
        ? `${base}[${key}]`
        : joinPath(base, key);
    }
    return this.#path;
  }
}

/** The context of a field or index below `ctx`. */
export function at(ctx: Ctx, key: string | number): Ctx {
  return new SubCtx(ctx, key);
}

/** Throw the context's error kind with a message. */
export function fail(ctx: Ctx, detail: string, cause?: unknown): never {
  throw new ctx.kind(detail, {
    path: ctx.path,
    ...(ctx.file === undefined ? {} : { file: ctx.file }),
    ...(cause === undefined ? {} : { cause }),
  });
}

function describe(v: JsonValue): string {
  if (v === null) return "null";
  if (v instanceof JsonFloat) return `float ${v.value}`;
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  if (typeof v === "number") return `integer ${v}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

/**
 * An object with exactly the `required` fields plus any of `optional`;
 * unknown and missing fields are refused.
 */
export function expectObject(
  v: JsonValue | undefined,
  ctx: Ctx,
  required: readonly string[],
  optional: readonly string[] = [],
): JsonObject {
  if (v === undefined) fail(ctx, "field is missing");
  if (
    v === null || typeof v !== "object" || Array.isArray(v) ||
    v instanceof JsonFloat
  ) {
    fail(ctx, `expected an object, found ${describe(v)}`);
  }
  const obj = v as JsonObject;
  for (const key of Object.keys(obj)) {
    if (!required.includes(key) && !optional.includes(key)) {
      fail(at(ctx, key), "unknown field");
    }
  }
  for (const key of required) {
    if (!Object.hasOwn(obj, key)) fail(at(ctx, key), "missing field");
  }
  return obj;
}

/** A field of an object already checked by {@linkcode expectObject}. */
export function field(obj: JsonObject, key: string): JsonValue {
  return obj[key] as JsonValue;
}

/** An array, optionally with a length range. */
export function expectArray(
  v: JsonValue | undefined,
  ctx: Ctx,
  minLength = 0,
  maxLength = Infinity,
): readonly JsonValue[] {
  if (!Array.isArray(v)) {
    fail(ctx, `expected an array, found ${describe(v ?? null)}`);
  }
  const arr = v as readonly JsonValue[];
  if (arr.length < minLength || arr.length > maxLength) {
    fail(
      ctx,
      `expected ${minLength} to ${maxLength} items, found ${arr.length}`,
    );
  }
  return arr;
}

/** A string. */
export function expectString(v: JsonValue | undefined, ctx: Ctx): string {
  if (typeof v !== "string") {
    fail(ctx, `expected a string, found ${describe(v ?? null)}`);
  }
  return v;
}

/** A boolean. */
export function expectBool(v: JsonValue | undefined, ctx: Ctx): boolean {
  if (typeof v !== "boolean") {
    fail(ctx, `expected a boolean, found ${describe(v ?? null)}`);
  }
  return v;
}

/** An integer lexeme in [min, max]; a float lexeme such as `1.0` is refused. */
export function expectInt(
  v: JsonValue | undefined,
  ctx: Ctx,
  min = -Number.MAX_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) {
    fail(ctx, `expected an integer, found ${describe(v ?? null)}`);
  }
  if (v < min || v > max) fail(ctx, `integer ${v} is outside [${min}, ${max}]`);
  return v;
}

/** A float lexeme (an integer lexeme such as `1` is refused). */
export function expectFloat(v: JsonValue | undefined, ctx: Ctx): number {
  if (!(v instanceof JsonFloat)) {
    fail(ctx, `expected a float, found ${describe(v ?? null)}`);
  }
  return v.value;
}

/** One of a fixed set of strings. */
export function expectEnum<T extends string>(
  v: JsonValue | undefined,
  ctx: Ctx,
  values: readonly T[],
): T {
  const s = expectString(v, ctx);
  if (!(values as readonly string[]).includes(s)) {
    fail(
      ctx,
      `expected one of ${values.join(", ")}, found ${JSON.stringify(s)}`,
    );
  }
  return s as T;
}

/** `null`, or what `read` accepts. */
export function nullable<T>(
  v: JsonValue | undefined,
  ctx: Ctx,
  read: (v: JsonValue, ctx: Ctx) => T,
): T | null {
  if (v === undefined) fail(ctx, "field is missing");
  return v === null ? null : read(v, ctx);
}

/**
 * An ID of contract §4: 1 to 64 characters of `[A-Za-z0-9_.:-]`, the first
 * a letter or digit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ID_RE } from "./fields.ts";
 * assert.ok(ID_RE.test("greedy-1.0") && !ID_RE.test("_x") && !ID_RE.test(""));
 * ```
 */
export const ID_RE: RegExp = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

/** An ID of contract §4. */
export function expectId(v: JsonValue | undefined, ctx: Ctx): string {
  const s = expectString(v, ctx);
  if (!ID_RE.test(s)) fail(ctx, `${JSON.stringify(s)} is not a valid ID`);
  return s;
}

/** A lower-case hex SHA-256 digest. */
export function expectDigest(v: JsonValue | undefined, ctx: Ctx): string {
  const s = expectString(v, ctx);
  if (!/^[0-9a-f]{64}$/.test(s)) {
    fail(ctx, `${JSON.stringify(s)} is not a lower-case hex SHA-256`);
  }
  return s;
}

/** A cell `[row, col]` of integers (bounds are the caller's concern). */
export function expectCell(
  v: JsonValue | undefined,
  ctx: Ctx,
): readonly [number, number] {
  const arr = expectArray(v, ctx, 2, 2);
  return [expectInt(arr[0], at(ctx, 0)), expectInt(arr[1], at(ctx, 1))];
}
