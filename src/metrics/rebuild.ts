/**
 * The float check of statistics.md §2 (each stored value is the float of
 * its exact fraction, bit for bit), and, for a dictionary that arrives
 * without its computation, the exact values rebuilt from its integer
 * counts. A verified episode brings the values of its computation and
 * only runs the check.
 *
 * @module
 */

import {
  JsonFloat,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import { MetricsInputError } from "../errors.ts";
import { Rational } from "../exact.ts";
import {
  at,
  type Ctx,
  expectInt,
  fail,
  isObject,
  rootCtx,
} from "../json/fields.ts";
import { exitBalance, maxExitShare } from "./sections/exits.ts";
import { histogramExposure } from "./sections/exposure.ts";
import {
  STATISTICS_METRICS,
  type StatisticsMetric,
} from "./statistics_metrics.ts";

export { STATISTICS_METRICS };

type Source = {
  readonly section: string;
  readonly field: string;
  readonly exact: (m: JsonObject, ctx: Ctx) => Rational | null;
};

const SOURCES: Readonly<Record<StatisticsMetric, Source>> = {
  evacuated_rate: perPopulation("safety", "evacuated_rate", "evacuated"),
  casualty_rate: perPopulation("safety", "casualty_rate", "casualties"),
  stranded_rate: perPopulation("safety", "stranded_rate", "stranded"),
  terminal_trapped_rate: perPopulation(
    "safety",
    "terminal_trapped_rate",
    "terminal_trapped_count",
  ),
  mean_person_time_to_safety: perPopulation(
    "time",
    "mean_person_time_to_safety",
    "person_time_to_safety_total",
  ),
  blocked_rate: ratioOf(
    "movement",
    "blocked_rate",
    "blocked_moves",
    "movement_attempts",
  ),
  congestion_block_rate: ratioOf(
    "movement",
    "congestion_block_rate",
    "congestion_blocks",
    "movement_attempts",
  ),
  aggregate_path_efficiency: ratioOf(
    "path_efficiency",
    "aggregate_path_efficiency",
    "total_static_lower_bound",
    "total_cells_moved",
  ),
  mean_exposure: {
    section: "fire_exposure",
    field: "mean_exposure",
    exact: (m, ctx) => {
      const states = count(m, "fire_exposure", "active_person_states", ctx, 1);
      const hist = histogram(m, ctx);
      return histogramExposure(hist).div(Rational.of(states));
    },
  },
  exits_used: {
    section: "exits",
    field: "exits_used",
    exact: (m, ctx) =>
      Rational.of(exitCounts(m, ctx).filter((n) => n >= 1).length),
  },
  max_exit_share: {
    section: "exits",
    field: "max_exit_share",
    exact: (m, ctx) => maxExitShare(exitCounts(m, ctx)),
  },
  exit_balance: {
    section: "exits",
    field: "exit_balance",
    exact: (m, ctx) => {
      const counts = exitCounts(m, ctx);
      const k = count(m, "exits", "exit_count", ctx, 1);
      if (k !== counts.length) {
        fail(
          at(at(ctx, "exits"), "exit_count"),
          `exit_count ${k} differs from the ${counts.length} exits of ` +
            "evacuations_per_exit",
        );
      }
      return exitBalance(counts);
    },
  },
};

// The table and the list name the same metrics in the same order.
if (Object.keys(SOURCES).join() !== STATISTICS_METRICS.join()) {
  throw new Error("the rebuild table differs from STATISTICS_METRICS");
}

/**
 * Where a metrics dictionary stores a statistics metric: its section and
 * its field there (what the float check reads).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { storedAt } from "./rebuild.ts";
 * assert.deepEqual(storedAt("blocked_rate"), { section: "movement", field: "blocked_rate" });
 * ```
 */
export function storedAt(
  metric: StatisticsMetric,
): { readonly section: string; readonly field: string } {
  const { section, field } = SOURCES[metric];
  return { section, field };
}

/**
 * The exact per-episode value of a statistics metric, rebuilt from the
 * integer counts of a metrics dictionary, or `null` when it is undefined.
 * Raises the context's error kind (default {@linkcode MetricsInputError})
 * when a count is missing or malformed, or when the stored value is not
 * the float of the fraction bit for bit (or is `null` exactly when the
 * fraction is defined).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../json/canonical.ts";
 * import { rebuildExact } from "./rebuild.ts";
 * const metrics = { safety: { population: 3, evacuated: 1, evacuated_rate: float(1 / 3) } };
 * assert.ok(rebuildExact("evacuated_rate", metrics)?.toString() === "1/3");
 * ```
 */
export function rebuildExact(
  metric: string,
  metrics: JsonObject,
  ctx: Ctx = rootCtx(MetricsInputError),
): Rational | null {
  if (!Object.hasOwn(SOURCES, metric)) {
    fail(ctx, `unknown statistics metric ${JSON.stringify(metric)}`);
  }
  const name = metric as StatisticsMetric;
  return checkStored(name, SOURCES[name].exact(metrics, ctx), metrics, ctx);
}

/**
 * The float check of statistics.md §2 for one metric: the stored value in
 * the dictionary must be the float of `exact` bit for bit (an integer equal
 * to it for `exits_used`; `null` exactly when `exact` is). Returns `exact`;
 * raises the context's error kind with the field path otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../json/canonical.ts";
 * import { Rational } from "../exact.ts";
 * import { checkStored } from "./rebuild.ts";
 * const metrics = { safety: { evacuated_rate: float(0.5) } };
 * assert.ok(checkStored("evacuated_rate", Rational.of(1, 2), metrics)?.toString() === "1/2");
 * assert.throws(() => checkStored("evacuated_rate", Rational.of(1, 3), metrics));
 * ```
 */
export function checkStored(
  metric: StatisticsMetric,
  exact: Rational | null,
  metrics: JsonObject,
  ctx: Ctx = rootCtx(MetricsInputError),
): Rational | null {
  const source = SOURCES[metric];
  const fctx = at(at(ctx, source.section), source.field);
  const stored = member(
    section(metrics, source.section, ctx),
    source.field,
    fctx,
  );
  if (metric === "exits_used") {
    const n = expectInt(stored, fctx, 0);
    if (exact === null || BigInt(n) !== exact.num) {
      fail(fctx, `stored ${n}, but the per-exit counts give ${exact}`);
    }
    return exact;
  }
  if (exact === null || stored === null) {
    if (exact !== stored) {
      fail(
        fctx,
        exact === null
          ? `stored ${
            describe(stored)
          }, but the counts leave it undefined (null)`
          : `stored null, but the counts give ${exact}`,
      );
    }
    return null;
  }
  if (!(stored instanceof JsonFloat)) {
    fail(fctx, `expected a float or null, found ${describe(stored)}`);
  }
  const want = exact.toFloat();
  if (!Object.is(stored.value, want)) {
    fail(
      fctx,
      `stored ${stored.value}, but the counts give ${exact} = ${want}`,
    );
  }
  return exact;
}

function perPopulation(
  name: string,
  field: string,
  numerator: string,
): Source {
  return {
    section: name,
    field,
    exact: (m, ctx) =>
      Rational.of(
        count(m, name, numerator, ctx),
        count(m, "safety", "population", ctx, 1),
      ),
  };
}

/** `numerator / denominator` of one section's counts; null when it is 0. */
function ratioOf(
  section: string,
  field: string,
  numerator: string,
  denominator: string,
): Source {
  return {
    section,
    field,
    exact: (m, ctx) => {
      const a = count(m, section, numerator, ctx);
      const b = count(m, section, denominator, ctx);
      return b === 0 ? null : Rational.of(a, b);
    },
  };
}

function describe(v: JsonValue): string {
  if (v instanceof JsonFloat) return `float ${v.value}`;
  return v === null ? "null" : typeof v === "object" ? "a container" : `${v}`;
}

function member(obj: JsonObject, key: string, ctx: Ctx): JsonValue {
  if (!Object.hasOwn(obj, key)) fail(ctx, "missing field");
  return obj[key]!;
}

function section(m: JsonObject, name: string, ctx: Ctx): JsonObject {
  const sctx = at(ctx, name);
  const v = member(m, name, sctx);
  if (!isObject(v)) fail(sctx, "expected an object");
  return v;
}

function count(
  m: JsonObject,
  name: string,
  key: string,
  ctx: Ctx,
  min = 0,
): number {
  const c = at(at(ctx, name), key);
  return expectInt(member(section(m, name, ctx), key, c), c, min);
}

/** The distance histogram: keys are canonical positive integers, counts >= 1. */
function histogram(m: JsonObject, ctx: Ctx): Map<number, number> {
  const hctx = at(at(ctx, "fire_exposure"), "distance_histogram");
  const v = member(
    section(m, "fire_exposure", ctx),
    "distance_histogram",
    hctx,
  );
  if (!isObject(v)) fail(hctx, "expected an object keyed by distance");
  const hist = new Map<number, number>();
  for (const key of Object.keys(v)) {
    const kctx = at(hctx, key);
    if (!/^[1-9][0-9]{0,8}$/.test(key)) {
      fail(kctx, "expected a positive integer distance as key");
    }
    hist.set(Number(key), expectInt(v[key], kctx, 1));
  }
  return hist;
}

/** n_e of every exit, from `evacuations_per_exit`. */
function exitCounts(m: JsonObject, ctx: Ctx): number[] {
  const ectx = at(at(ctx, "exits"), "evacuations_per_exit");
  const v = member(section(m, "exits", ctx), "evacuations_per_exit", ectx);
  if (!isObject(v)) fail(ectx, "expected an object keyed by exit ID");
  const keys = Object.keys(v);
  if (keys.length === 0) fail(ectx, "expected at least one exit");
  return keys.map((id) => expectInt(v[id], at(ectx, id), 0));
}
