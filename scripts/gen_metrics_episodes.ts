/**
 * Write `tests/fixtures/metrics/random_episodes.json`: random scenarios with
 * simulated records (canonical JSON, a list of `{"scenario", "record"}`),
 * the input of `scripts/metrics_reference.py`, which computes their metrics
 * independently. Run from the repository root:
 *
 *   deno run --allow-read=. --allow-write=tests/fixtures scripts/gen_metrics_episodes.ts
 *   python3 scripts/metrics_reference.py
 *
 * @module
 */

import { encode } from "../src/json/canonical.ts";
import { randomEpisode } from "../tests/metrics_support.ts";

/** Seeds of the fixture episodes: 30 small ones, then 20 large ones. */
export const SMALL_SEEDS: readonly number[] = Array.from(
  { length: 30 },
  (_, i) => 1000 + i,
);
/** Seeds of the large fixture episodes. */
export const LARGE_SEEDS: readonly number[] = Array.from(
  { length: 20 },
  (_, i) => 5000 + i,
);

async function main() {
  const episodes = [];
  for (const seed of SMALL_SEEDS) episodes.push(await randomEpisode(seed));
  for (const seed of LARGE_SEEDS) {
    episodes.push(await randomEpisode(seed, true));
  }
  await Deno.writeTextFile(
    "tests/fixtures/metrics/random_episodes.json",
    encode(episodes),
  );
}

if (import.meta.main) await main();
