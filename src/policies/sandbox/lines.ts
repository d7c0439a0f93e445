/**
 * The policy process's standard output, read as protocol lines, each
 * bounded in length and in nesting depth while it arrives: a flood or a
 * deep value is refused from its first bytes past the bound, never held
 * whole or handed to a recursive reader.
 *
 * @module
 */

/** A line passed a bound of {@linkcode readLines}; nothing more is read. */
export class LineBoundError extends Error {
  constructor(
    /** Which bound: the line's length in bytes, or its nesting depth. */
    readonly bound: "bytes" | "depth",
    /** The bound's value. */
    readonly limit: number,
  ) {
    super(`a line over the ${bound} bound of ${limit}`);
  }
}

/** A line of {@linkcode readLines} that is not UTF-8. */
export class NotUtf8Error extends Error {
  constructor() {
    super("a line that is not UTF-8");
  }
}

/** The bounds of one line of {@linkcode readLines}. */
export type LineBounds = {
  /** Most bytes of a line, its newline not counted. */
  readonly maxBytes: number;
  /** Deepest nesting of `[` and `{` outside strings (top level = 1). */
  readonly maxDepth: number;
};

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The UTF-8 lines of a stream (the last one may lack its newline). Throws
 * {@linkcode LineBoundError} as soon as a line passes a bound, and
 * {@linkcode NotUtf8Error} on a line that is not UTF-8. Brackets inside strings (escaped
 * quotes included) do not count toward the depth.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineBoundError, readLines } from "./lines.ts";
 * const stream = (...parts: string[]) => ReadableStream.from(parts.map((p) => new TextEncoder().encode(p)));
 * const all = async (s: ReadableStream<Uint8Array>, maxBytes: number, maxDepth: number) => {
 *   const out: string[] = [];
 *   for await (const line of readLines(s, { maxBytes, maxDepth })) out.push(line);
 *   return out;
 * };
 * assert.deepEqual(await all(stream('{"a":"[[\\"[["}\n[', "1]\n[2]"), 20, 2), ['{"a":"[[\\"[["}', "[1]", "[2]"]);
 * await assert.rejects(all(stream("[[[1]]]\n"), 10, 2), (e) => e instanceof LineBoundError && e.bound === "depth");
 * await assert.rejects(all(stream("12345", "678901"), 10, 2), (e) => e instanceof LineBoundError && e.bound === "bytes");
 * ```
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  bounds: LineBounds,
): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let parts: Uint8Array[] = [];
  let size = 0;
  // The depth scan's state, carried from chunk to chunk.
  let depth = 0, inString = false, escaped = false;
  for await (const chunk of stream) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === NEWLINE) {
        parts.push(chunk.subarray(from, i));
        yield decode(decoder, concat(parts, size + i - from));
        parts = [];
        size = 0;
        from = i + 1;
        depth = 0, inString = false, escaped = false;
        continue;
      }
      if (size + i - from >= bounds.maxBytes) {
        throw new LineBoundError("bytes", bounds.maxBytes);
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === 0x5b || b === 0x7b) {
        if (++depth > bounds.maxDepth) {
          throw new LineBoundError("depth", bounds.maxDepth);
        }
      } else if (b === 0x5d || b === 0x7d) depth--;
    }
    if (from < chunk.length) {
      // Copied: a stream may reuse its chunk's buffer.
      parts.push(chunk.slice(from));
      size += chunk.length - from;
    }
  }
  if (size > 0) yield decode(decoder, concat(parts, size));
}

function decode(decoder: TextDecoder, bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new NotUtf8Error();
  }
}

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
