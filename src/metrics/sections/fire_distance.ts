/**
 * Manhattan distance to the nearest burning cell, kept up to date as cells
 * ignite. Fire only grows, so each ignition batch runs one multi-source
 * breadth-first relaxation that touches only cells whose distance drops.
 * Breadth-first search over the whole rectangle (walls ignored, as the
 * proxy of metrics.md §8 requires) gives exactly the Manhattan distance.
 * The loop works on typed arrays only, so a WebAssembly kernel can replace it.
 *
 * @module
 */

const NONE = 0x7fffffff;

/**
 * Relax `dist` (row-major, `rows × cols`) from new sources at distance 0:
 * `sources[from..to)`, all of them by default. `queue` needs room for
 * `rows × cols` entries.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { relaxFromSources } from "./fire_distance.ts";
 * const dist = new Int32Array(3).fill(0x7fffffff);
 * relaxFromSources(dist, 1, 3, Int32Array.of(0), new Int32Array(3));
 * assert.ok(dist.join() === "0,1,2");
 * ```
 */
export function relaxFromSources(
  dist: Int32Array,
  rows: number,
  cols: number,
  sources: Int32Array,
  queue: Int32Array,
  from = 0,
  to: number = sources.length,
): void {
  let head = 0;
  let tail = 0;
  for (let i = from; i < to; i++) {
    const k = sources[i]!;
    if (dist[k]! > 0) {
      dist[k] = 0;
      queue[tail++] = k;
    }
  }
  while (head < tail) {
    const k = queue[head++]!;
    const d = dist[k]! + 1;
    const r = (k / cols) | 0;
    const c = k - r * cols;
    if (r > 0 && dist[k - cols]! > d) {
      dist[k - cols] = d;
      queue[tail++] = k - cols;
    }
    if (c + 1 < cols && dist[k + 1]! > d) {
      dist[k + 1] = d;
      queue[tail++] = k + 1;
    }
    if (r + 1 < rows && dist[k + cols]! > d) {
      dist[k + cols] = d;
      queue[tail++] = k + cols;
    }
    if (c > 0 && dist[k - 1]! > d) {
      dist[k - 1] = d;
      queue[tail++] = k - 1;
    }
  }
}

/** Distance field of a growing fire; ignitions are applied lazily on query. */
export class FireDistance {
  private readonly dist: Int32Array;
  private readonly queue: Int32Array;
  private pending: number[] = [];
  private burning = false;

  constructor(private readonly rows: number, private readonly cols: number) {
    this.dist = new Int32Array(rows * cols).fill(NONE);
    this.queue = new Int32Array(rows * cols);
  }

  /** Mark cells (by key) as burning from now on. */
  ignite(keys: Iterable<number>): void {
    for (const k of keys) {
      this.pending.push(k);
      this.burning = true;
    }
  }

  /** Whether any cell burns. */
  get anyBurning(): boolean {
    return this.burning;
  }

  /** Manhattan distance from a cell (by key) to the nearest burning cell; `null` without fire. */
  at(key: number): number | null {
    if (this.pending.length > 0) {
      relaxFromSources(
        this.dist,
        this.rows,
        this.cols,
        Int32Array.from(this.pending),
        this.queue,
      );
      this.pending = [];
    }
    return this.burning ? this.dist[key]! : null;
  }
}
