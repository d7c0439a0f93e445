/**
 * Fire-exposure proxy (metrics.md §8): the Manhattan distance from every
 * active person-state to the nearest burning cell, its histogram and
 * Σ 1/d, episode-wide and per person. Counting over a record is kept apart
 * from the formulas ({@linkcode exposureOfCounts}), which the trace path of
 * `trace_metrics.ts` shares.
 *
 * @module
 */

import type { Rational } from "../../exact.ts";
import { FractionSum } from "../fraction_sum.ts";
import type { RunRecord, Snapshot } from "../../types.ts";
import { at, type Ctx } from "../../json/fields.ts";
import { FireDistance } from "./fire_distance.ts";
import { cellKey, type Geometry } from "../../scenario/geometry.ts";
import { invariant, ratio, toFloat } from "../numbers.ts";
import type { SectionWithValues } from "../statistics_metrics.ts";

/**
 * One person's exposure: smallest distance seen, and Σ 1/d summed exactly
 * and converted to a float once (the dictionary holds only that float).
 */
export type PersonExposure = {
  readonly minFireDistance: number | null;
  readonly exposure: number;
};

/** The `fire_exposure` section, its exact mean exposure, and each person's exposure. */
export type Exposure = SectionWithValues<"mean_exposure"> & {
  readonly byPerson: ReadonlyMap<string, PersonExposure>;
};

/** What the formulas of the section need: the counts over all active person-states. */
export type ExposureCounts = {
  /** Active person-states. */
  readonly states: number;
  /** Active person-states while some cell burns. */
  readonly withFire: number;
  /** Person-states by fire distance (any order). */
  readonly hist: ReadonlyMap<number, number>;
};

/** Σ count_d / d over a histogram's `[d, count]` entries, exactly. */
export function histogramExposure(
  hist: Iterable<readonly [number, number]>,
): Rational {
  return exposureSum(hist).exact();
}

function exposureSum(hist: Iterable<readonly [number, number]>): FractionSum {
  const total = new FractionSum();
  for (const [d, count] of hist) total.add(count, d);
  return total;
}

/**
 * One person's exposure from the `[d, count]` entries of its histogram.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { personExposure } from "./exposure.ts";
 * assert.deepEqual(personExposure([[2, 1], [1, 3]]), { minFireDistance: 1, exposure: 3.5 });
 * assert.deepEqual(personExposure([]), { minFireDistance: null, exposure: 0 });
 * ```
 */
export function personExposure(
  hist: Iterable<readonly [number, number]>,
): PersonExposure {
  const acc = new ExposureAccumulator();
  for (const [d, count] of hist) acc.add(d, count);
  return acc.result();
}

/**
 * One person's exposure, fed one histogram entry at a time (the trace path
 * reads its histograms from typed arrays, in no tuple).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExposureAccumulator } from "./exposure.ts";
 * const acc = new ExposureAccumulator();
 * acc.add(2, 1);
 * acc.add(1, 3);
 * assert.deepEqual(acc.result(), { minFireDistance: 1, exposure: 3.5 });
 * ```
 */
export class ExposureAccumulator {
  private min: number | null = null;
  private readonly sum = new FractionSum();

  /** `count` person-states at distance `d` (each distance once). */
  add(d: number, count: number): void {
    if (this.min === null || d < this.min) this.min = d;
    this.sum.add(count, d);
  }

  /** The smallest distance, and Σ count / d as its float. */
  result(): PersonExposure {
    return { minFireDistance: this.min, exposure: this.sum.toFloat() };
  }
}

/** Fire exposure over the snapshots s_0 … s_T of a record. */
export function exposure(
  g: Geometry,
  ids: readonly string[],
  record: RunRecord,
  ctx: Ctx,
): Exposure {
  const field = new FireDistance(g.height, g.width);
  const hist = new Map<number, number>();
  const personHist = new Map<string, Map<number, number>>(
    ids.map((id) => [id, new Map()]),
  );
  let states = 0;
  let withFire = 0;
  const visit = (snap: Snapshot, sctx: Ctx) => {
    for (const p of snap.people) {
      if (p.status !== "active") continue;
      states++;
      const d = field.at(cellKey(g, p.position));
      if (d === null) continue;
      invariant(
        d >= 1,
        sctx,
        `active person ${JSON.stringify(p.person_id)} is on a burning cell`,
      );
      withFire++;
      hist.set(d, (hist.get(d) ?? 0) + 1);
      const mine = personHist.get(p.person_id)!;
      mine.set(d, (mine.get(d) ?? 0) + 1);
    }
  };
  field.ignite(record.initial_state.burning.map((c) => cellKey(g, c)));
  visit(record.initial_state, at(ctx, "initial_state"));
  record.steps.forEach((s, i) => {
    field.ignite(s.ignitions.map((c) => cellKey(g, c)));
    visit(s.state, at(at(at(ctx, "steps"), i), "state"));
  });
  const byPerson = new Map<string, PersonExposure>();
  for (const [id, h] of personHist) byPerson.set(id, personExposure(h));
  return exposureOfCounts({ states, withFire, hist }, byPerson);
}

/**
 * The section from its counts, and each person's exposure (passed through).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exposureOfCounts } from "./exposure.ts";
 * const hist = new Map([[2, 2], [1, 3]]);
 * const { section, exact } = exposureOfCounts({ states: 6, withFire: 5, hist }, new Map());
 * assert.equal(String(exact.mean_exposure), "2/3"); // (3/1 + 2/2) / 6
 * assert.deepEqual(section.distance_histogram, { "1": 3, "2": 2 });
 * assert.equal(section.person_states_without_fire, 1);
 * ```
 */
export function exposureOfCounts(
  counts: ExposureCounts,
  byPerson: ReadonlyMap<string, PersonExposure>,
): Exposure {
  const { states, withFire, hist } = counts;
  const distances = [...hist.keys()].sort((a, b) => a - b);
  const total = histogramExposure(hist);
  const mean = ratio(total, states);
  return {
    byPerson,
    exact: { mean_exposure: mean },
    section: {
      active_person_states: states,
      person_states_with_fire: withFire,
      person_states_without_fire: states - withFire,
      distance_histogram: Object.fromEntries(
        distances.map((d) => [String(d), hist.get(d)!]),
      ),
      adjacent_person_states: hist.get(1) ?? 0,
      min_fire_distance: distances.length === 0 ? null : distances[0]!,
      exposure_total: toFloat(total),
      mean_exposure: toFloat(mean),
    },
  };
}
