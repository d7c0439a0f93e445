/**
 * The verified types: a {@linkcode VerifiedEvaluation} and its
 * {@linkcode VerifiedEpisode}s. Their constructors take a token that only
 * the verifier's modules (`proof.ts`, `refusal.ts`) import, so that
 * nothing unverified can pass as verified.
 *
 * @module
 */

import {
  encode,
  type JsonObject,
  type JsonValue,
  parse,
} from "../json/canonical.ts";
import { StatisticsInputError } from "../errors.ts";
import { packRational, type Rational, unpackRational } from "../exact.ts";
import { checkStored, storedAt } from "../metrics/rebuild.ts";
import {
  type ExactValues,
  STATISTICS_METRICS,
} from "../metrics/statistics_metrics.ts";
import { buildManifest } from "../scenario/suite.ts";
import type {
  EpisodeKey,
  Manifest,
  Suite,
  TerminationReason,
} from "../types.ts";
import { at, isObject, rootCtx } from "../json/fields.ts";
import { detached, detachedString, sharedString } from "./memory.ts";

/**
 * @internal Only the verifier imports the token, so only it constructs
 * verified values.
 */
export const TOKEN: unique symbol = Symbol("verified");

/**
 * One verified episode: its key and stored metrics dictionary (equal to the
 * one recomputed from its replayed record), and the exact values of the
 * statistics metrics from that recomputation. The dictionary is kept as its
 * canonical text, a third of the memory of its value (a result of 10,000
 * episodes keeps 10,000 of them), and built on each access of
 * {@linkcode metrics}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VerifiedEpisode } from "./verified.ts";
 * assert.throws(() => new (VerifiedEpisode as never as new () => unknown)(), TypeError);
 * ```
 */
export class VerifiedEpisode implements EpisodeKey {
  /** Manifest index. */
  readonly index: number;
  /** Scenario ID. */
  readonly scenario_id: string;
  /** Scenario content hash. */
  readonly scenario_hash: string;
  /** Seed. */
  readonly seed: number;
  /** Why the replayed episode ended. */
  readonly termination_reason: TerminationReason;
  readonly #metrics: string;
  readonly #position: number;
  readonly #file: string | undefined;
  /** The exact values, packed ({@linkcode packedValues}) when they fit. */
  readonly #exact: ExactValues | Float64Array;
  #values: readonly (Rational | null)[] | undefined;
  readonly #statisticsOnly: boolean;

  /**
   * @internal Only the verifier constructs one; `metrics` is the dictionary
   * or its canonical text; with `statisticsOnly`, only its part that the
   * statistics read is kept ({@linkcode statisticsPart}).
   */
  constructor(
    token: typeof TOKEN,
    key: EpisodeKey,
    metrics: JsonObject | string,
    exact: ExactValues,
    terminationReason: TerminationReason,
    position: number,
    file: string | undefined,
    statisticsOnly = false,
  ) {
    if (token !== TOKEN) {
      throw new TypeError("a verified episode comes from the verifier only");
    }
    this.index = key.index;
    // Strings of their own: a slice would keep the result's text alive.
    // One copy for all the episodes of a scenario.
    this.scenario_id = sharedString(key.scenario_id);
    this.scenario_hash = sharedString(key.scenario_hash);
    this.seed = key.seed;
    const dictionary = typeof metrics === "string" && statisticsOnly
      ? parse(metrics) as JsonObject
      : metrics;
    this.#metrics = detachedString(
      typeof dictionary === "string"
        ? dictionary
        : encode(statisticsOnly ? statisticsPart(dictionary) : dictionary),
    );
    this.#statisticsOnly = statisticsOnly;
    this.#exact = statisticsOnly ? packedValues(exact) ?? exact : exact;
    this.termination_reason = terminationReason;
    this.#position = position;
    this.#file = file;
  }

  /**
   * The metrics dictionary (contract §11), built anew on each access: of a
   * result verified with `statisticsOnly`, only its part that the
   * statistics read ({@linkcode statisticsPart}).
   */
  get metrics(): JsonObject {
    return parse(this.#metrics) as JsonObject;
  }

  /**
   * The exact value of each statistics metric, in the order of
   * `STATISTICS_METRICS` (the metric definitions' order, which they check
   * when they load; `null`: undefined for this episode), as the metrics
   * computation gave it, each checked against its stored float bit for bit
   * (statistics.md §2). Checked once; of an episode verified with
   * `statisticsOnly`, checked again on each access instead of kept, so that
   * a result of many episodes keeps 2 doubles a value, not a `Rational`.
   */
  get values(): readonly (Rational | null)[] {
    if (this.#values !== undefined) return this.#values;
    const ctx = at(
      at(
        at(rootCtx(StatisticsInputError, this.#file), "episodes"),
        this.#position,
      ),
      "metrics",
    );
    const metrics = this.metrics;
    const exact = this.#exact;
    const values = Object.freeze(
      STATISTICS_METRICS.map((metric, m) =>
        checkStored(
          metric,
          exact instanceof Float64Array
            ? unpackRational(exact, m)
            : exact[metric],
          metrics,
          ctx,
        )
      ),
    );
    if (!this.#statisticsOnly) this.#values = values;
    return values;
  }
}

/**
 * Exact values as 2 doubles each ({@linkcode packRational}), in
 * `STATISTICS_METRICS` order; `undefined` unless every one fits.
 */
function packedValues(exact: ExactValues): Float64Array | undefined {
  const out = new Float64Array(2 * STATISTICS_METRICS.length);
  for (const [m, metric] of STATISTICS_METRICS.entries()) {
    if (!packRational(out, m, exact[metric])) return undefined;
  }
  return out;
}

/**
 * The part of a metrics dictionary that the statistics read: the whole
 * `safety` section (the robustness counts), and the stored value of each
 * statistics metric in its section (the float check's). A tenth of the
 * dictionary, for a command that keeps nothing else of it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { float } from "../json/canonical.ts";
 * import { statisticsPart } from "./verified.ts";
 * const metrics = {
 *   safety: { evacuated: 1, population: 2 },
 *   movement: { blocked_rate: float(0.5), blocked_moves: 1 },
 *   people: [],
 * };
 * assert.deepEqual(statisticsPart(metrics), {
 *   safety: { evacuated: 1, population: 2 },
 *   movement: { blocked_rate: float(0.5) },
 * });
 * ```
 */
export function statisticsPart(metrics: JsonObject): JsonObject {
  const out: Record<string, JsonValue> = {};
  if (Object.hasOwn(metrics, "safety")) out["safety"] = metrics["safety"]!;
  for (const metric of STATISTICS_METRICS) {
    const { section, field } = storedAt(metric);
    if (section === "safety" || !Object.hasOwn(metrics, section)) continue;
    const stored = metrics[section]!;
    if (!isObject(stored)) {
      out[section] = stored;
    } else if (Object.hasOwn(stored, field)) {
      const part = out[section];
      out[section] = {
        ...(isObject(part) ? part : {}),
        [field]: stored[field]!,
      };
    }
  }
  return out;
}

/**
 * A fully verified evaluation result (statistics.md §1): its header fields,
 * verified episodes in index order, and its digest (SHA-256 of its
 * canonical JSON). Records are not kept: they were replayed and are
 * represented by their metrics.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyEvaluation } from "./verify.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
 * const verified = await verifyEvaluation(result, suite);
 * assert.ok(verified.episodes.length === 8 && verified.digest.length === 64);
 * ```
 */
export class VerifiedEvaluation {
  /** Model ID. */
  readonly model_id: string;
  /** The evaluation manifest. */
  readonly evaluation_manifest: Manifest;
  /** Its hash. */
  readonly evaluation_manifest_hash: string;
  /** Verified episodes, in index order. */
  readonly episodes: readonly VerifiedEpisode[];
  /** SHA-256 of the result's canonical JSON. */
  readonly digest: string;

  /** @internal Only the verifier constructs one. */
  constructor(
    token: typeof TOKEN,
    fields: {
      model_id: string;
      evaluation_manifest: Manifest;
      evaluation_manifest_hash: string;
      episodes: readonly VerifiedEpisode[];
      digest: string;
    },
  ) {
    if (token !== TOKEN) {
      throw new TypeError("a verified result comes from the verifier only");
    }
    // Strings of their own: a slice would keep the result's text alive.
    this.model_id = detachedString(fields.model_id);
    this.evaluation_manifest = detached(fields.evaluation_manifest);
    this.evaluation_manifest_hash = detachedString(
      fields.evaluation_manifest_hash,
    );
    this.episodes = Object.freeze([...fields.episodes]);
    this.digest = fields.digest;
  }

  /**
   * Whether `suite` schedules this result's manifest (it was verified
   * against a suite that does): a suite object may have changed since.
   */
  async verifiedFor(suite: Suite): Promise<boolean> {
    const want = await buildManifest(suite);
    return encode(want) === encode(this.evaluation_manifest);
  }
}
