/**
 * Shards: shard K of N of a command's work, and the versions that a part
 * names. A run shard plays the scheduled episodes whose schedule index is
 * K modulo N (a fixed rule, so that any N machines can split any suite with
 * no plan shared beforehand); a statistics shard computes its share of the
 * intervals (`statistics/share.ts`).
 *
 * @module
 */

import {
  METRICS_VERSION,
  OBSERVATION_VERSION,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
  STATISTICS_VERSION,
} from "../types.ts";
import { PACKAGE_VERSION } from "../version.ts";

/** Shard `index` of `count`: 0 <= index < count <= {@linkcode MAX_SHARDS}. */
export type Shard = { readonly index: number; readonly count: number };

/** Most shards of one command: more would leave most parts empty. */
export const MAX_SHARDS = 10_000;

/** The version of the part format. */
export const PART_VERSION = "1.0";

/** The rule of a run part, as the part records it. */
export const RUN_RULE = "schedule_index_mod_count";

/**
 * `K/N` as a {@linkcode Shard}; a `RangeError` naming what is wrong.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShard } from "./shard.ts";
 * assert.deepEqual(parseShard("2/4"), { index: 2, count: 4 });
 * assert.throws(() => parseShard("4/4"), /0 <= K < N/);
 * assert.throws(() => parseShard("01/4"), /K\/N/);
 * ```
 */
export function parseShard(text: string): Shard {
  const m = /^(0|[1-9][0-9]{0,4})\/([1-9][0-9]{0,4})$/.exec(text);
  if (m === null) {
    throw new RangeError(
      `${JSON.stringify(text)} is not K/N (two decimal integers, as in 0/4)`,
    );
  }
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count > MAX_SHARDS) {
    throw new RangeError(`N is at most ${MAX_SHARDS}, found ${count}`);
  }
  if (index >= count) {
    throw new RangeError(`0 <= K < N is required, found ${index}/${count}`);
  }
  return { index, count };
}

/**
 * Whether the episode of schedule index `index` is in a run shard.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inShard } from "./shard.ts";
 * assert.ok(inShard(6, { index: 2, count: 4 }) && !inShard(7, { index: 2, count: 4 }));
 * ```
 */
export function inShard(index: number, shard: Shard): boolean {
  return index % shard.count === shard.index;
}

/** The versions a part is made under: the package's and the formats'. */
export type PartVersions = {
  readonly metrics_version: string;
  readonly observation_version: string;
  readonly package_version: string;
  readonly part_version: string;
  readonly schema_version: string;
  readonly simulator_version: string;
  readonly statistics_version: string;
};

/**
 * The versions of this package, as its parts record them; `merge` takes
 * only parts with exactly these.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partVersions } from "./shard.ts";
 * assert.equal(partVersions().part_version, "1.0");
 * ```
 */
export function partVersions(): PartVersions {
  return {
    metrics_version: METRICS_VERSION,
    observation_version: OBSERVATION_VERSION,
    package_version: PACKAGE_VERSION,
    part_version: PART_VERSION,
    schema_version: SCHEMA_VERSION,
    simulator_version: SIMULATOR_VERSION,
    statistics_version: STATISTICS_VERSION,
  };
}
