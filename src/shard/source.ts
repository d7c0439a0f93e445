/**
 * Where `merge` reads its parts from, and where it writes: a part is read
 * whole once (to check and verify it), then only the byte ranges of its
 * episodes, so that the merged result is copied piece by piece and no
 * part need stay in memory.
 *
 * @module
 */

/** A part, by its name in messages. */
export interface PartSource {
  /** The name messages give it (its file). */
  readonly name: string;
  /**
   * Its file, when it is one: then a run part is read from its ends and its
   * body verified as a stream, never read whole.
   */
  readonly path?: string;
  /** All its bytes. */
  bytes(): Promise<Uint8Array>;
  /**
   * Its bytes from `start` to `end` (exclusive), the caller's until its
   * next call: a part in a file reads them into one buffer of its own, so
   * that copying 10,000 episodes allocates one buffer, not 10,000.
   */
  slice(start: number, end: number): Promise<Uint8Array>;
}

/**
 * Takes the merged document's bytes, piece by piece, in order; a piece may
 * be overwritten once the returned promise resolves.
 */
export type Sink = (piece: Uint8Array) => Promise<void>;

/**
 * A part held in memory (tests; a caller that has the bytes already).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryPart } from "./source.ts";
 * const part = memoryPart("p.json", new TextEncoder().encode("abcd"));
 * assert.deepEqual([...await part.slice(1, 3)], [98, 99]);
 * ```
 */
export function memoryPart(name: string, bytes: Uint8Array): PartSource {
  return {
    name,
    bytes: () => Promise.resolve(bytes),
    slice: (start, end) => Promise.resolve(bytes.subarray(start, end)),
  };
}

/**
 * The byte ranges of the items of a JSON array in canonical text, from the
 * `[` at `open`: each item's [start, end), and the byte after the `]`.
 * The text must be valid JSON (a verified result): this only matches
 * brackets, skipping strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemSpans } from "./source.ts";
 * const b = new TextEncoder().encode('[{"a":"]"},[1],2]');
 * assert.deepEqual(itemSpans(b, 0), { items: [[1, 10], [11, 14], [15, 16]], end: 17 });
 * ```
 */
export function itemSpans(
  bytes: Uint8Array,
  open: number,
): { items: [number, number][]; end: number } {
  const items: [number, number][] = [];
  let i = open + 1;
  if (bytes[i] === 0x5d) return { items, end: i + 1 };
  for (;;) {
    const start = i;
    let depth = 0;
    for (; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c === 0x22) {
        for (i++; i < bytes.length; i++) {
          const d = bytes[i]!;
          if (d === 0x5c) i++;
          else if (d === 0x22) break;
        }
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) break;
        depth--;
      } else if (c === 0x2c && depth === 0) {
        break;
      }
    }
    items.push([start, i]);
    if (i >= bytes.length) throw new RangeError("unterminated array");
    if (bytes[i] === 0x5d) return { items, end: i + 1 };
    i++;
  }
}
