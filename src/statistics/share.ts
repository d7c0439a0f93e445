/**
 * A shard's share of a statistics artifact's bootstrap intervals. The
 * intervals are independent (each has its own seed), and one costs time in
 * proportion to R × n (R resamples of n draws), so shards get them by the
 * longest-processing-time rule: the intervals in order of cost, largest
 * first (ties: the earlier interval first), each to the shard with the
 * least cost so far (ties: the lower shard index). The rule depends only
 * on the list of n, so every shard, and the merge, computes the same split
 * from the artifact alone.
 *
 * @module
 */

/** The name of the rule, as parts record it. */
export const INTERVAL_RULE = "longest_first_by_resamples_times_n";

/**
 * Which shard computes each interval: `owner[t]` for interval `t` (in the
 * order the artifact's entries hold them), given each interval's n.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intervalOwners } from "./share.ts";
 * // Costs 9, 5, 5, 4 on two shards: 9 → 0, 5 → 1, 5 → 1 (5 < 9), 4 → 0 (9 < 10).
 * assert.deepEqual(intervalOwners([9, 5, 5, 4], 2), [0, 1, 1, 0]);
 * ```
 */
export function intervalOwners(
  sizes: readonly number[],
  count: number,
): number[] {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`shard count must be an integer >= 1, found ${count}`);
  }
  const order = sizes.map((_, t) => t).sort((x, y) =>
    sizes[y]! - sizes[x]! || x - y
  );
  const load: number[] = new Array(count).fill(0);
  const owner: number[] = new Array(sizes.length).fill(0);
  for (const t of order) {
    let best = 0;
    for (let k = 1; k < count; k++) if (load[k]! < load[best]!) best = k;
    owner[t] = best;
    // R is the same for every interval of an artifact: n orders the costs.
    load[best]! += sizes[t]!;
  }
  return owner;
}

/**
 * One shard's share, filled in when the artifact's intervals are known:
 * pass it to `aggregateStatistics` or `pairedStatistics` as `share`, which
 * then computes only the intervals this shard owns (the others are `null`
 * in the artifact) and records here which it computed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IntervalShare } from "./share.ts";
 * const share = new IntervalShare(1, 2);
 * assert.deepEqual([...share.assign([9, 5, 5, 4], 100)], [1, 2]);
 * assert.deepEqual(share.held, [1, 2]);
 * assert.equal(share.work, 1000);
 * assert.equal(share.total, 4);
 * ```
 */
export class IntervalShare {
  #held: readonly number[] | undefined;
  #work = 0;
  #total = 0;

  /** Shard `index` of `count` (0 <= index < count). */
  constructor(readonly index: number, readonly count: number) {
    if (
      !Number.isSafeInteger(index) || index < 0 || index >= count
    ) {
      throw new RangeError(
        `shard index must be an integer in [0, ${count}), found ${index}`,
      );
    }
  }

  /** The intervals this shard computes, given every interval's n, and R. */
  assign(sizes: readonly number[], resamples: number): Set<number> {
    const owner = intervalOwners(sizes, this.count);
    const held = owner.flatMap((k, t) => k === this.index ? [t] : []);
    this.#held = held;
    this.#work = held.reduce((a, t) => a + resamples * sizes[t]!, 0);
    this.#total = sizes.length;
    return new Set(held);
  }

  /** The intervals computed, by their place among the artifact's intervals. */
  get held(): readonly number[] {
    if (this.#held === undefined) {
      throw new RangeError(
        "the share was read before its intervals were assigned",
      );
    }
    return this.#held;
  }

  /** R × n summed over the intervals held. */
  get work(): number {
    return this.#work;
  }

  /** The artifact's intervals, all shards together. */
  get total(): number {
    return this.#total;
  }
}
