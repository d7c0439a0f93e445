/**
 * Canonical JSON (contract §2): a strict reader that keeps the int/float
 * distinction of every number lexeme, and an encoder whose bytes equal
 * Python's `json.dumps(v, sort_keys=True, separators=(",", ":"),
 * ensure_ascii=True, allow_nan=False)`.
 *
 * JavaScript cannot tell `1.0` from `1`, so values carry it explicitly: a
 * plain `number` is an integer (it must be a safe integer) and a
 * {@linkcode JsonFloat} is a float.
 *
 * @module
 */

import { CanonicalJsonError } from "../errors.ts";
import {
  beyondLimit,
  DEFAULT_LIMITS,
  type Limits,
  limitsWith,
} from "../limits.ts";
import { sha256Hex } from "./sha256.ts";

/**
 * A float-typed JSON number. Writes as Python's `repr(float)` (`1.0`, `1e-05`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, JsonFloat } from "./canonical.ts";
 * assert.ok(encode([new JsonFloat(1), 1]) === "[1.0,1]");
 * ```
 */
export class JsonFloat {
  /** A float-typed number holding `value`. */
  constructor(
    /** The number. */
    readonly value: number,
  ) {}
}

/**
 * Wrap a number as a float-typed JSON value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, float } from "./canonical.ts";
 * assert.equal(encode([float(2), 2]), "[2.0,2]");
 * assert.equal(encode(float(0.00001)), "1e-05");
 * ```
 */
export function float(value: number): JsonFloat {
  return new JsonFloat(value);
}

/**
 * A JSON value with typed numbers: `number` is an int, `JsonFloat` a float.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, float, type JsonValue } from "./canonical.ts";
 * import { CanonicalJsonError } from "../errors.ts";
 * const v: JsonValue = { n: 3, x: float(3), list: [null, true, "s"] };
 * assert.equal(encode(v), '{"list":[null,true,"s"],"n":3,"x":3.0}');
 * assert.throws(() => encode(2 ** 53), CanonicalJsonError); // not a safe integer
 * ```
 */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonFloat
  | readonly JsonValue[]
  | JsonObject;

/**
 * A JSON object. Parsed objects have a null prototype, so `__proto__` is an ordinary key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type JsonObject, parse } from "./canonical.ts";
 * const o = parse('{"__proto__": 1, "a": {}}') as JsonObject;
 * assert.equal(o["__proto__"], 1);
 * assert.equal(Object.getPrototypeOf(o), null);
 * ```
 */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Largest integer magnitude any input may hold: 2^53 − 1. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Default deepest nesting of arrays and objects that {@linkcode parse} reads
 * and {@linkcode encode} writes (a top-level container is depth 1). Deeper
 * input is refused, which also stops a cyclic value from recursing forever.
 * It is the implementation limit `maxDepth` of `limits.ts` (overridable).
 */
export const MAX_DEPTH: number = DEFAULT_LIMITS.maxDepth;

// ---------------------------------------------------------------- encoding

/**
 * Compare two strings by Unicode code point (not by UTF-16 code unit).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareCodePoints } from "./canonical.ts";
 * assert.ok(compareCodePoints("\uE000", "\u{1F525}") < 0);
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (D800–DFFF) encode code points above FFFF, so they sort
      // after E000–FFFF although their code units are smaller.
      if (x >= 0xd800 && y >= 0xd800) return fixup(x) - fixup(y);
      return x - y;
    }
  }
  return a.length - b.length;
}

function fixup(u: number): number {
  return u >= 0xe000 ? u - 0x800 : u + 0x2000;
}

/**
 * Python's `repr(float)`: shortest round-trip digits, `.0` on integral
 * values, exponent form below 1e-4 and from 1e16 on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pythonFloatRepr } from "./canonical.ts";
 * assert.ok(pythonFloatRepr(1e-5) === "1e-05");
 * assert.ok(pythonFloatRepr(1e16) === "1e+16");
 * ```
 */
export function pythonFloatRepr(x: number): string {
  if (!Number.isFinite(x)) {
    throw new CanonicalJsonError(`non-finite float ${x} cannot be encoded`);
  }
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(x);
  if (abs >= 1e-4 && abs < 1e16) {
    // JavaScript writes the same shortest digits, and without an exponent
    // in this range (from 1e-6 to 1e21); Python marks an integral value
    // with ".0". A tenth of the time of the general way, which a result's
    // thousands of metrics floats make count.
    const text = String(x);
    return text.includes(".") ? text : `${text}.0`;
  }
  const sign = x < 0 ? "-" : "";
  const [mant, expText] = abs.toExponential().split("e") as [
    string,
    string,
  ];
  const digits = mant.replace(".", "");
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    if (exp >= 0) {
      if (digits.length <= exp + 1) {
        return `${sign}${digits}${"0".repeat(exp + 1 - digits.length)}.0`;
      }
      return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
    }
    return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  }
  const frac = digits.length > 1 ? `.${digits.slice(1)}` : "";
  const e = Math.abs(exp).toString().padStart(2, "0");
  return `${sign}${digits[0]}${frac}e${exp < 0 ? "-" : "+"}${e}`;
}

const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: "\\\\",
  0x0a: "\\n",
  0x0d: "\\r",
  0x09: "\\t",
  0x08: "\\b",
  0x0c: "\\f",
};

function escapeString(s: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(start, i);
    out += SHORT_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, "0")}`;
    start = i + 1;
  }
  return out + s.slice(start) + '"';
}

/**
 * Encode a value as canonical JSON text (ASCII only, no trailing newline).
 * Throws {@linkcode CanonicalJsonError} on a non-safe-integer `number`, a
 * non-finite float, an unpaired surrogate or a non-JSON value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, float } from "./canonical.ts";
 * assert.ok(encode({ b: float(0.5), a: "é" }) === '{"a":"\\u00e9","b":0.5}');
 * ```
 */
export function encode(value: JsonValue): string {
  const maxDepth = limitsWith().maxDepth;
  try {
    return new FastWriter(maxDepth).write(value, 0);
  } catch {
    // The careful writer finds the same fault and names its field path.
    return new Writer(maxDepth).write(value, 0);
  }
}

class Refused extends Error {}

// The writer of valid values: no field path is kept, object keys already
// in order are not sorted, and repeated strings are escaped once. On
// anything it would refuse it throws, and `Writer` says why and where.
class FastWriter {
  private readonly strings = new Map<string, string>();
  constructor(private readonly maxDepth: number) {}

  private str(s: string): string {
    let out = this.strings.get(s);
    if (out === undefined) {
      if (PLAIN_ASCII.test(s)) out = `"${s}"`;
      else if (!s.isWellFormed()) throw new Refused();
      else out = escapeString(s);
      if (s.length <= 64 && this.strings.size < 65536) this.strings.set(s, out);
    }
    return out;
  }

  write(v: JsonValue, depth: number): string {
    if (typeof v === "number") {
      if (!Number.isSafeInteger(v)) throw new Refused();
      return String(v === 0 ? 0 : v);
    }
    if (typeof v === "string") return this.str(v);
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (v instanceof JsonFloat) {
      if (typeof v.value !== "number" || !Number.isFinite(v.value)) {
        throw new Refused();
      }
      return pythonFloatRepr(v.value);
    }
    if (typeof v !== "object" || depth >= this.maxDepth) throw new Refused();
    if (Array.isArray(v)) {
      const items = v as readonly JsonValue[];
      let out = "[";
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item === undefined) throw new Refused();
        if (i > 0) out += ",";
        out += this.write(item, depth + 1);
      }
      return out + "]";
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== null && proto !== Object.prototype) throw new Refused();
    const obj = v as JsonObject;
    const keys = Object.keys(obj);
    for (let i = 1; i < keys.length; i++) {
      if (compareCodePoints(keys[i - 1]!, keys[i]!) >= 0) {
        keys.sort(compareCodePoints);
        break;
      }
    }
    let out = "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const item = obj[k];
      if (item === undefined) throw new Refused();
      if (i > 0) out += ",";
      out += this.str(k) + ":" + this.write(item, depth + 1);
    }
    return out + "}";
  }
}

const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

// The field path of an error is built only when one is thrown, from a stack
// of keys and indices: building it for every value would dominate the cost.
class Writer {
  private readonly segs: (string | number)[] = [];
  constructor(private readonly maxDepth: number) {}

  private fail(detail: string): never {
    throw new CanonicalJsonError(detail, { path: pathOf(this.segs) });
  }

  private str(s: string): string {
    if (PLAIN_ASCII.test(s)) return `"${s}"`;
    if (!s.isWellFormed()) this.fail("string holds an unpaired surrogate");
    return escapeString(s);
  }

  // `depth` counts the containers around `v`.
  write(v: JsonValue, depth: number): string {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number") {
      if (!Number.isSafeInteger(v)) {
        this.fail(
          `integer field holds ${v}, which is not an integer in ±(2^53−1)`,
        );
      }
      return String(v === 0 ? 0 : v);
    }
    if (typeof v === "string") return this.str(v);
    if (v instanceof JsonFloat) {
      if (typeof v.value !== "number" || !Number.isFinite(v.value)) {
        this.fail(`float is not finite: ${v.value}`);
      }
      return pythonFloatRepr(v.value);
    }
    if (typeof v !== "object") {
      this.fail(`value of type ${typeof v} is not JSON`);
    }
    if (depth >= this.maxDepth) {
      this.fail(`nesting deeper than ${this.maxDepth}`);
    }
    const segs = this.segs;
    if (Array.isArray(v)) {
      const items = v as readonly JsonValue[];
      let out = "[";
      // An indexed loop, not forEach: a hole must be refused, not skipped.
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        segs.push(i);
        if (item === undefined) this.fail("array element is undefined");
        if (i > 0) out += ",";
        out += this.write(item, depth + 1);
        segs.pop();
      }
      return out + "]";
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== null && proto !== Object.prototype) {
      this.fail("value is not a JSON object");
    }
    const obj = v as JsonObject;
    const keys = Object.keys(obj).sort(compareCodePoints);
    let out = "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const item = obj[k];
      segs.push(k);
      if (item === undefined) this.fail("field is undefined");
      if (i > 0) out += ",";
      out += this.str(k) + ":" + this.write(item, depth + 1);
      segs.pop();
    }
    return out + "}";
  }
}

function pathOf(segs: readonly (string | number)[]): string {
  return segs.reduce<string>(
    (p, k) => typeof k === "number" ? `${p}[${k}]` : joinPath(p, k),
    "",
  );
}

/** Append a key to a field path (`a.b`, or `a["odd key"]` when needed). */
export function joinPath(path: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
    return path === "" ? key : `${path}.${key}`;
  }
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * Canonical JSON bytes of a value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeBytes } from "./canonical.ts";
 * const bytes = encodeBytes({ k: "é", a: 1 });
 * assert.deepEqual(bytes, new TextEncoder().encode('{"a":1,"k":"\\u00e9"}'));
 * assert.ok(bytes.every((b) => b < 0x80));
 * ```
 */
export function encodeBytes(value: JsonValue): Uint8Array {
  return new TextEncoder().encode(encode(value));
}

/**
 * Digest of a value: lower-case hex SHA-256 of its canonical bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { digest } from "./canonical.ts";
 * assert.ok((await digest({})) ===
 *   "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
 * ```
 */
export function digest(value: JsonValue): Promise<string> {
  return Promise.resolve(sha256Hex(encodeBytes(value)));
}

// ----------------------------------------------------------------- parsing

/**
 * Options of the strict reader.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "./canonical.ts";
 * assert.throws(() => parse('{"a": 1, "a": 2}', { file: "x.json" }), {
 *   name: "CanonicalJsonError",
 *   message: "x.json: a: duplicate key in object (at byte 12)",
 * });
 * ```
 */
export interface ParseOptions {
  /** File name to put in error messages. */
  file?: string;
  /**
   * Overrides of the implementation limits (`limits.ts`): input size,
   * nesting depth and string length are checked while reading.
   */
  limits?: Partial<Limits>;
}

/**
 * Strict JSON reader (contract §2). Refuses invalid JSON, duplicate keys,
 * integers outside ±(2^53−1), non-finite numbers, unpaired surrogates and a
 * byte-order mark. Integer lexemes become `number`, lexemes with a fraction
 * or an exponent become {@linkcode JsonFloat}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode, parse } from "./canonical.ts";
 * assert.ok(encode(parse('{"b": 1.0, "a": [1e2, 3]}')) === '{"a":[100.0,3],"b":1.0}');
 * ```
 */
export function parse(text: string, options: ParseOptions = {}): JsonValue {
  const limits = textLimits(text, options);
  return new Parser(text, limits, options.file).document();
}

/** The limits of a read, the text's size checked against them. */
function textLimits(text: string, options: ParseOptions): Limits {
  const limits = limitsWith(options.limits);
  if (text.length > limits.maxFileBytes) {
    throw new CanonicalJsonError(
      beyondLimit(
        "maxFileBytes",
        `input of ${text.length} code units`,
        limits.maxFileBytes,
      ),
      fileOpt(options.file),
    );
  }
  return limits;
}

/**
 * Decode UTF-8 bytes strictly (no BOM, no invalid sequences) and parse them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBytes } from "./canonical.ts";
 * assert.ok(parseBytes(new TextEncoder().encode("[1]"))?.toString() === "1");
 * ```
 */
export function parseBytes(
  bytes: Uint8Array,
  options: ParseOptions = {},
): JsonValue {
  return parse(decodeStrict(bytes, options), options);
}

/**
 * UTF-8 bytes as text, strictly: within the size limit, no byte-order mark
 * taken off (the reader refuses it), no invalid sequence (refused, naming a
 * sequence cut off at the end). ASCII bytes, the usual case, are valid
 * UTF-8 and hold no mark, so the lenient decoder gives their text; it is
 * tried first because the fatal one holds two more copies of a large input
 * at its peak (measured: 30 MB of bytes peak at 147 MB of RSS through the
 * fatal decoder, 89 MB through the other). Its text has one unit per byte
 * only when each byte is ASCII or a replaced invalid byte (a valid
 * sequence of k >= 2 bytes gives fewer than k units, a leading mark none),
 * so that length and no U+FFFD prove the bytes ASCII without a pass of
 * their own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeStrict } from "./canonical.ts";
 * assert.equal(decodeStrict(new TextEncoder().encode('"é"')), '"é"');
 * assert.throws(() => decodeStrict(Uint8Array.of(0x22, 0xff)), {
 *   name: "CanonicalJsonError",
 *   message: "input is not valid UTF-8",
 * });
 * ```
 */
export function decodeStrict(
  bytes: Uint8Array,
  options: ParseOptions = {},
): string {
  const limits = limitsWith(options.limits);
  if (bytes.length > limits.maxFileBytes) {
    throw new CanonicalJsonError(
      beyondLimit(
        "maxFileBytes",
        `input of ${bytes.length} bytes`,
        limits.maxFileBytes,
      ),
      fileOpt(options.file),
    );
  }
  let text: string | undefined = new TextDecoder().decode(bytes);
  if (text.length === bytes.length && !text.includes("\uFFFD")) return text;
  text = undefined; // not held while the strict decoder runs
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bytes,
    );
  } catch (cause) {
    const cut = cutSequence(bytes);
    if (cut !== undefined) {
      throw new CanonicalJsonError(
        `ends early (truncated?) at byte ${bytes.length}: a UTF-8 sequence begun at byte ${cut} is cut off`,
        { ...fileOpt(options.file), cause },
      );
    }
    throw new CanonicalJsonError("input is not valid UTF-8", {
      ...fileOpt(options.file),
      cause,
    });
  }
}

/**
 * The offset in bytes of UTF-8 of the code unit `i` of `s`: messages give
 * offsets in bytes, which `wc -c`, `head -c` and `dd` count, so that a file
 * cut short ends at its size. (Computed only for a message.)
 */
function utf8Offset(s: string, i: number): number {
  let n = 0;
  for (let k = 0; k < i; k++) {
    const c = s.charCodeAt(k);
    // A surrogate pair is 4 bytes, 2 per unit; a lone one becomes U+FFFD.
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 &&
        (s.charCodeAt(k + 1) & 0xfc00) === 0xdc00
      ? 2
      : c >= 0xdc00 && c < 0xe000 && k > 0 &&
          (s.charCodeAt(k - 1) & 0xfc00) === 0xd800
      ? 2
      : 3;
  }
  return n;
}

/**
 * Where `bytes`, which do not decode, end inside a UTF-8 sequence that is
 * otherwise well begun and everything before it decodes: the offset of
 * that sequence's first byte, else `undefined`.
 */
function cutSequence(bytes: Uint8Array): number | undefined {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const needs = (b & 0xe0) === 0xc0
      ? 2
      : (b & 0xf0) === 0xe0
      ? 3
      : (b & 0xf8) === 0xf0
      ? 4
      : 0;
    if (needs <= back) return undefined;
    const start = bytes.length - back;
    try {
      new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
        bytes.subarray(0, start),
      );
      return start;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function fileOpt(file: string | undefined): { file?: string } {
  return file === undefined ? {} : { file };
}

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/**
 * A value the strict reader validated but did not build (see
 * {@linkcode parseDeferring}): its text span, and whether the platform's
 * `JSON.parse` gives exactly the value the strict reader would (no float
 * lexeme, no `-0`).
 */
export class DeferredJson {
  /** @internal */
  constructor(
    /** The whole document. */
    readonly text: string,
    /** Offset of the value's first character. */
    readonly start: number,
    /** Offset after the value's last character. */
    readonly end: number,
    /** Whether `JSON.parse` of the span is exact. */
    readonly plain: boolean,
    /** Whether the span was validated (else only its brackets matched). */
    readonly validated: boolean = true,
    /** The limits of the read that found the span. */
    readonly limits: Limits = limitsWith(),
  ) {}

  /** The span's text. */
  get source(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Build the value (strictly, when the span was only skimmed). */
  value(): JsonValue {
    const span = this.source;
    return this.plain && this.validated
      ? JSON.parse(span)
      : new Parser(span, this.limits).document();
  }
}

/** What {@linkcode parseDeferring} returns. */
export type DeferredDocument = {
  /** The document, with a {@linkcode DeferredJson} at each deferred path. */
  readonly value: JsonValue;
  /** Whether the text is exactly the canonical encoding of the value. */
  readonly canonical: boolean;
};

/**
 * Strict reading of a whole document (every check of {@linkcode parse}
 * runs on every character), where the values at the paths `defer` selects
 * are validated but not built: they become {@linkcode DeferredJson}, built
 * later one at a time, so that a large document never has to be in memory
 * as a tree. `defer` receives the keys and indices from the root. The
 * result also tells whether the text is canonical (then its bytes are the
 * canonical bytes, and hashing them gives the digest).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DeferredJson, encode, parseDeferring } from "./canonical.ts";
 * const doc = parseDeferring('{"a":[{"b":1.5}],"c":2}', (segs) => segs.length === 2);
 * const a = (doc.value as unknown as { a: DeferredJson[] }).a;
 * assert.ok(a[0] instanceof DeferredJson && encode(a[0].value()) === '{"b":1.5}');
 * assert.ok(doc.canonical);
 * assert.ok(!parseDeferring('{"c": 2}', () => false).canonical);
 * ```
 */
export function parseDeferring(
  text: string,
  defer: (segs: readonly (string | number)[]) => boolean,
  options: ParseOptions & {
    /**
     * Only match the brackets of deferred values, without validating them:
     * for a caller that proves them otherwise (replay verification compares
     * the span with a text it wrote). `canonical` then covers the rest.
     */
    readonly skim?: boolean;
    /**
     * With `skim`: a guess at where a deferred value ends (its first
     * offset given), in place of matching its brackets, or `undefined` to
     * match them. Nothing checks a guess: the caller must prove the span
     * (a span equal to a complete JSON value's text is that value's exact
     * extent) and must not trust the rest of the document unless it proves
     * every deferred span so.
     */
    readonly skimEnd?: (
      segs: readonly (string | number)[],
      start: number,
    ) => number | undefined;
  } = {},
): DeferredDocument {
  const limits = textLimits(text, options);
  const p = new Parser(
    text,
    limits,
    options.file,
    defer,
    options.skim ?? false,
    options.skimEnd,
  );
  const value = p.document();
  return { value, canonical: p.canonical };
}

/**
 * Decode UTF-8 strictly, then {@linkcode parseDeferring}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBytesDeferring } from "./canonical.ts";
 * const doc = parseBytesDeferring(new TextEncoder().encode("[1,2]"), () => false);
 * assert.ok(doc.canonical);
 * ```
 */
export function parseBytesDeferring(
  bytes: Uint8Array,
  defer: (segs: readonly (string | number)[]) => boolean,
  options: ParseOptions = {},
): DeferredDocument {
  return parseDeferring(decodeStrict(bytes, options), defer, options);
}

/**
 * Where the array or object that starts at `start` ends (after its closing
 * bracket), found by matching its brackets with strings skipped, nothing
 * else checked; `undefined` when the text ends first. On valid JSON it is
 * the value's exact extent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { containerEnd } from "./canonical.ts";
 * assert.equal(containerEnd('[{"a":"]}"},[1]],2', 0), 16);
 * assert.equal(containerEnd('{"a":[', 0), undefined);
 * ```
 */
export function containerEnd(s: string, start: number): number | undefined {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < s.length; i++) {
        const d = s.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return i + 1;
    }
  }
  return undefined;
}

/**
 * Whether `text` is exactly the canonical encoding of the value it holds
 * (`encode(parse(text)) === text`), without encoding. Throws what
 * {@linkcode parse} throws.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCanonical } from "./canonical.ts";
 * assert.ok(isCanonical('{"a":1.0,"b":"\\u00e9"}'));
 * assert.ok(!isCanonical('{"b":1,"a":2}') && !isCanonical("1e2") && !isCanonical("-0"));
 * ```
 */
export function isCanonical(text: string): boolean {
  return parseDeferring(text, () => true).canonical;
}

class Parser {
  private i = 0;
  private readonly segs: (string | number)[] = [];
  /** Cleared at the first character that the canonical encoding differs. */
  canonical = true;
  // While a deferred value is scanned: containers are not built, and
  // `plain` records whether JSON.parse would give the same value.
  private skipping = false;
  private plain = true;
  private readonly maxDepth: number;
  private readonly maxString: number;
  constructor(
    private readonly s: string,
    private readonly limits: Limits,
    private readonly file?: string,
    private readonly defer?: (segs: readonly (string | number)[]) => boolean,
    private readonly skim = false,
    private readonly skimEnd?: (
      segs: readonly (string | number)[],
      start: number,
    ) => number | undefined,
  ) {
    this.maxDepth = limits.maxDepth;
    this.maxString = limits.maxStringLength;
  }

  document(): JsonValue {
    if (this.s.charCodeAt(0) === 0xfeff) {
      this.fail("a byte-order mark is not allowed");
    }
    this.ws();
    const v = this.value(0);
    this.ws();
    if (this.i !== this.s.length) this.fail("extra data after the JSON value");
    return v;
  }

  private fail(what: string): never {
    throw new CanonicalJsonError(
      `${what} (at byte ${utf8Offset(this.s, this.i)})`,
      { path: pathOf(this.segs), ...fileOpt(this.file) },
    );
  }

  // The text stops where a value still needs characters: the usual cause is
  // a file cut short (a full disk, an interrupted copy), so the message says
  // so first, at the offset where the text ends.
  private early(what: string): never {
    const path = pathOf(this.segs);
    throw new CanonicalJsonError(
      `ends early (truncated?) at byte ${
        utf8Offset(this.s, this.s.length)
      }: ${what}${path === "" ? "" : ` (in ${path})`}`,
      fileOpt(this.file),
    );
  }

  /**
   * The text ends where a container's next member or its end was due: the
   * path names the container (`member`: the member's key or index, already
   * pushed, goes), not the member that never came.
   */
  private cut(container: "array" | "object", member = false): never {
    if (member) this.segs.pop();
    return this.early(`unterminated ${container}`);
  }

  private ws() {
    const s = this.s;
    const from = this.i;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
    if (this.i !== from) this.canonical = false;
  }

  // `depth` counts the containers around the value.
  private value(depth: number): JsonValue {
    const c = this.s[this.i];
    if ((c === "{" || c === "[") && depth >= this.maxDepth) {
      this.fail(beyondLimit("maxDepth", "nesting too deep", this.maxDepth));
    }
    if (
      (c === "{" || c === "[") && !this.skipping && this.defer !== undefined &&
      this.defer(this.segs)
    ) {
      return this.deferred(depth) as unknown as JsonValue;
    }
    switch (c) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"':
        return this.string();
      case "t":
        return this.literal("true", true);
      case "f":
        return this.literal("false", false);
      case "n":
        return this.literal("null", null);
      default:
        if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
          return this.number();
        }
        if (c === undefined) {
          if (depth === 0) this.early("no JSON value");
          const last = this.segs[this.segs.length - 1];
          this.cut(typeof last === "number" ? "array" : "object", true);
        }
        if (c === "N" || c === "I") {
          this.fail("NaN and Infinity are not allowed");
        }
        this.fail(`unexpected character ${JSON.stringify(c)}`);
    }
  }

  private deferred(depth: number): DeferredJson {
    const start = this.i;
    if (this.skim) {
      const guess = this.skimEnd?.(this.segs, start);
      this.i = guess !== undefined && guess > start && guess <= this.s.length
        ? guess
        : this.matchBrackets();
      return new DeferredJson(
        this.s,
        start,
        this.i,
        false,
        false,
        this.limits,
      );
    }
    this.skipping = true;
    this.plain = true;
    try {
      this.value(depth);
    } finally {
      this.skipping = false;
    }
    return new DeferredJson(
      this.s,
      start,
      this.i,
      this.plain,
      true,
      this.limits,
    );
  }

  /** The end of the container that starts here, strings skipped. */
  private matchBrackets(): number {
    return containerEnd(this.s, this.i) ??
      this.early("unterminated array or object");
  }

  private literal<T>(word: string, v: T): T {
    if (this.s.startsWith(word, this.i)) {
      this.i += word.length;
      return v;
    }
    const rest = this.s.slice(this.i);
    if (rest.length < word.length && word.startsWith(rest)) {
      this.early(`incomplete literal ${JSON.stringify(rest)}`);
    }
    this.fail("invalid literal");
  }

  private number(): JsonValue {
    if (this.s.startsWith("-Infinity", this.i)) {
      this.fail("NaN and Infinity are not allowed");
    }
    NUMBER_RE.lastIndex = this.i;
    const m = NUMBER_RE.exec(this.s);
    if (m === null) {
      if (this.i + 1 === this.s.length) this.early("incomplete number");
      this.fail("invalid number");
    }
    const lexeme = m[0];
    this.i += lexeme.length;
    // "1." or "1e+" at the very end: a number whose digits were cut off.
    const rest = this.s.slice(this.i);
    if (
      (rest === "." && m[1] === undefined && m[2] === undefined) ||
      (/^[eE][-+]?$/.test(rest) && m[2] === undefined)
    ) {
      this.early("incomplete number");
    }
    if (m[1] === undefined && m[2] === undefined) {
      // Up to 15 digits a double holds the integer exactly and it is safe;
      // longer lexemes are range-checked exactly with BigInt.
      if (lexeme === "-0") {
        this.canonical = false;
        this.plain = false;
      }
      if (lexeme.length <= 15) {
        const n = Number(lexeme);
        return n === 0 ? 0 : n;
      }
      const big = BigInt(lexeme);
      if (big > BigInt(MAX_SAFE) || big < -BigInt(MAX_SAFE)) {
        this.fail(`integer ${lexeme} is outside ±(2^53−1)`);
      }
      const n = Number(big);
      return n === 0 ? 0 : n;
    }
    const x = Number(lexeme);
    if (!Number.isFinite(x)) this.fail(`number ${lexeme} is not finite`);
    this.plain = false;
    if (this.canonical && pythonFloatRepr(x) !== lexeme) {
      this.canonical = false;
    }
    return new JsonFloat(x);
  }

  private string(): string {
    const s = this.s;
    const open = this.i;
    this.i++; // opening quote
    let out = "";
    let start = this.i;
    // Whether the raw text may differ from the canonical escaping.
    let unusual = false;
    for (;;) {
      if (this.i >= s.length) this.early("unterminated string");
      const c = s.charCodeAt(this.i);
      if (c === 0x22) {
        this.checkLength(out.length + this.i - start);
        out += s.slice(start, this.i);
        this.i++;
        break;
      }
      if (c < 0x20) this.fail("control character in string");
      if (c !== 0x5c) {
        if (c > 0x7e) unusual = true;
        this.i++;
        continue;
      }
      unusual = true;
      this.checkLength(out.length + this.i - start + 1);
      out += s.slice(start, this.i);
      const e = s[this.i + 1];
      if (e === undefined) this.early("unterminated string");
      this.i += 2;
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = s.slice(this.i, this.i + 4);
          if (hex.length < 4 && /^[0-9a-fA-F]*$/.test(hex)) {
            this.early("unterminated string");
          }
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            this.fail("invalid \\u escape");
          }
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 4;
          break;
        }
        default:
          this.i -= 2;
          this.fail("invalid escape in string");
      }
      start = this.i;
    }
    if (!out.isWellFormed()) {
      this.fail("string holds an unpaired surrogate");
    }
    if (
      unusual && this.canonical && escapeString(out) !== s.slice(open, this.i)
    ) {
      this.canonical = false;
    }
    return ownString(out);
  }

  // Checked before a string grows past the limit (escapes included), so a
  // huge string is refused before it is copied.
  private checkLength(n: number): void {
    if (n > this.maxString) {
      this.fail(
        beyondLimit("maxStringLength", "string too long", this.maxString),
      );
    }
  }

  private array(depth: number): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return out;
    }
    for (let n = 0;; n++) {
      this.ws();
      this.segs.push(n);
      const item = this.value(depth + 1);
      if (!this.skipping) out.push(item);
      this.segs.pop();
      this.ws();
      const c = this.s[this.i++];
      if (c === "]") return out;
      if (c === undefined) {
        this.i--;
        this.cut("array");
      }
      if (c !== ",") {
        this.i--;
        this.fail("expected ',' or ']' in array");
      }
    }
  }

  private object(depth: number): JsonObject {
    this.i++;
    // A null prototype makes `in` an own-key test and `__proto__` ordinary.
    const out: Record<string, JsonValue> = Object.create(null);
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return out;
    }
    // Keys in strictly increasing code-point order are distinct: the set is
    // only needed once the order breaks (never in canonical text).
    let previous: string | undefined;
    let seen: Set<string> | undefined;
    const keys: string[] | undefined = this.skipping ? [] : undefined;
    for (;;) {
      this.ws();
      if (this.i === this.s.length) this.cut("object");
      if (this.s[this.i] !== '"') this.fail("expected a string key");
      const key = this.string();
      this.segs.push(key);
      if (seen === undefined) {
        if (previous !== undefined && compareCodePoints(previous, key) >= 0) {
          this.canonical = false;
          seen = new Set(keys ?? Object.keys(out));
        }
      }
      keys?.push(key);
      if (seen !== undefined) {
        if (seen.has(key)) this.fail("duplicate key in object");
        seen.add(key);
      }
      previous = key;
      this.ws();
      if (this.i === this.s.length) this.cut("object", true);
      if (this.s[this.i] !== ":") this.fail("expected ':' after key");
      this.i++;
      this.ws();
      const item = this.value(depth + 1);
      if (!this.skipping) out[key] = item;
      this.segs.pop();
      this.ws();
      const c = this.s[this.i++];
      if (c === "}") return out;
      if (c === undefined) {
        this.i--;
        this.cut("object");
      }
      if (c !== ",") {
        this.i--;
        this.fail("expected ',' or '}' in object");
      }
    }
  }
}

/**
 * `s` in a string of its own. V8 makes a substring of 13 characters or
 * more a view of its parent (and a string built by `+` a pair of its
 * parts), so a parsed string held the whole text it was read from for as
 * long as it lived: the manifest hash of each result in `compare` of
 * 100,000 episodes held the result's 14 MB of fields. Prefixing one
 * character and slicing it off makes V8 copy the parts into one new flat
 * string, which the result views instead.
 */
function ownString(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}
