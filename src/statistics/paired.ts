/**
 * Paired comparison of two results of one evaluation manifest
 * (statistics.md §7, contract §12): per group and metric, the deltas
 * A − B over the paired episodes where both values are defined, their
 * statistics and bootstrap interval, sign counts, and win/loss/tie counts
 * by the metric's direction (none for descriptive metrics). There is no
 * count across metrics and no composite.
 *
 * @module
 */

import { float, type JsonValue } from "../json/canonical.ts";
import { EmberError, StatisticsInputError } from "../errors.ts";
import type { Rational } from "../exact.ts";
import { type PairableResult, pairResults } from "../result/pairing.ts";
import { parseResult } from "../result/reader.ts";
import type { Suite } from "../types.ts";
import { VerifiedEvaluation } from "../verify/verified.ts";
import { BytesVerification } from "../verify/bytes.ts";
import { FileVerification, ResultFile } from "../verify/file.ts";
import type { VerifyEvaluationOptions } from "../verify/verify.ts";
import type {
  PairedArtifact,
  PairedGroupJson,
  PairedMetricJson,
} from "./artifact_types.ts";
import { checkResamples, DEFAULT_RESAMPLES } from "../bootstrap/interval.ts";
import {
  episodeMetricValues,
  headerJson,
  intervalOptions,
  intervalSizes,
  type Pending,
  type ProgressCallback,
  type ResultInput,
  Summarizer,
  verifiedInput,
} from "./artifact.ts";
import type { KernelName } from "../kernel_name.ts";
import type { IntervalShare } from "./share.ts";
import { METRIC_DEFINITIONS } from "./definitions.ts";
import { type Group, statisticsGroups } from "./groups.ts";

/**
 * Options of {@linkcode pairedStatistics}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedStatistics } from "./paired.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(pairedStatistics({}, {}, publicSuite(), { resamples: 99 }), RangeError);
 * await assert.rejects(pairedStatistics({}, {}, publicSuite(), { files: ["a.json", "b.json"] }), {
 *   name: "StatisticsInputError",
 *   message: "a.json: model_id: missing field",
 * });
 * ```
 */
export type PairedOptions = {
  /** Bootstrap resamples R, an integer in [100, 1 000 000]; default 2000. */
  readonly resamples?: number;
  /** File names of A and B, for error messages. */
  readonly files?: readonly [string, string];
  /**
   * Names of A and B in strict-reading errors of bytes, when they differ
   * from `files` (`<stdin>`).
   */
  readonly sources?: readonly [string, string];
  /**
   * Progress: phases `"verify A"` and `"verify B"` (episodes), then
   * `"bootstrap"` (draws: n per resample).
   */
  readonly onProgress?: ProgressCallback;
  /**
   * What draws the resamples and replays the records of a result given
   * as bytes or a value: `"wasm"` (default, the compiled kernels) or
   * `"reference"` (the TypeScript paths); the bytes are equal.
   */
  readonly kernel?: KernelName;
  /**
   * Threads for the intervals, an integer >= 1 (default: the logical
   * cores); the bytes are the same for any number.
   */
  readonly workers?: number;
  /**
   * Compute only this shard's share of the intervals (`null` in the
   * artifact for the others), recording in it which were computed: the
   * artifact of a statistics part (`merge` puts the parts together).
   */
  readonly share?: IntervalShare;
  /**
   * The caller hands the bytes of A and B over: once each is hashed and
   * decoded, its buffer is detached (`ArrayBuffer.prototype.transfer`), so
   * that a large input is not in memory twice. The bytes must not be used
   * afterwards.
   */
  readonly release?: boolean;
};

/**
 * One input of the comparison, taken through statistics.md §1's steps in
 * turn: bytes through the verifier's steps ({@linkcode BytesVerification},
 * one episode's values built at a time), a file through the streamed
 * proof first ({@linkcode FileVerification}: read whole only when it does
 * not prove the file), a value in memory as it is. With `first`, each
 * step that lets the text go waits for it to be freed, so that the other
 * input's work takes its room.
 */
class Side {
  readonly #value: JsonValue = null;
  readonly #file: string | undefined;
  readonly #options: VerifyEvaluationOptions;
  #stream: FileVerification | undefined;
  #reading: BytesVerification | undefined;
  #verified: VerifiedEvaluation | undefined;

  constructor(
    input: ResultInput | ResultFile,
    file: string | undefined,
    options: VerifyEvaluationOptions,
    first: boolean,
  ) {
    this.#file = file;
    this.#options = options;
    if (input instanceof Uint8Array) {
      this.#reading = new BytesVerification(input, options, first);
    } else if (input instanceof ResultFile) {
      // The statistics come after either streamed proof: its garbage goes
      // first.
      this.#stream = new FileVerification(input, options, first, true);
    } else if (input instanceof VerifiedEvaluation) {
      this.#verified = input;
    } else {
      this.#value = input;
    }
  }

  /** The proof on bytes or a file (it never refuses): whether it proved them. */
  async prove(suite: Suite): Promise<boolean> {
    this.#verified ??= await (this.#stream ?? this.#reading)?.prove(suite);
    if (this.#verified !== undefined) {
      this.#reading = undefined;
      this.#stream = undefined;
    }
    return this.#verified !== undefined;
  }

  /**
   * Bytes are read strictly (the source, if named, in the error); a file
   * is proved as a stream first, and read whole only if that fails.
   */
  async read(suite: Suite): Promise<void> {
    if (this.#stream !== undefined && !(await this.prove(suite))) {
      this.#reading = await this.#stream.bytes();
      this.#stream = undefined;
    }
    this.#reading?.read();
  }

  /** The structural reading: a failure is a statistics input error. */
  async structure(suite: Suite): Promise<PairableResult> {
    if (this.#verified !== undefined) return this.#verified;
    try {
      const file = this.#file === undefined ? {} : { file: this.#file };
      return this.#reading !== undefined
        ? await this.#reading.structure(suite, this.#file)
        : parseResult(this.#value, file);
    } catch (e) {
      const detail = e instanceof EmberError ? e.detail : String(e);
      throw new StatisticsInputError(detail, {
        path: e instanceof EmberError ? e.path : "",
        ...(this.#file === undefined ? {} : { file: this.#file }),
        cause: e,
      });
    }
  }

  /** Full verification (`StatisticsInputError`). */
  async verify(suite: Suite): Promise<VerifiedEvaluation> {
    const reading = this.#reading;
    this.#reading = undefined;
    return reading !== undefined
      ? await reading.verify(suite)
      : await verifiedInput(
        this.#verified ?? this.#value,
        suite,
        this.#options,
      );
  }
}

/**
 * The paired statistics artifact of results A and B. Order of work: R is
 * checked (`RangeError`), both results are read strictly (bytes:
 * `CanonicalJsonError`), then structurally, paired (different manifests
 * raise `EvaluationError` before any replay), then each is fully verified
 * (`StatisticsInputError`). Bytes are read and verified one episode's
 * values at a time, as `verifyEvaluation` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedStatistics } from "./paired.ts";
 * import { runEvaluation } from "../evaluation/runner.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const full = publicSuite();
 * const suite = { ...full, families: [], scenarios: full.scenarios.slice(0, 1) };
 * const a = await runEvaluation(suite, "greedy", { modelId: "greedy" });
 * const b = await runEvaluation(suite, "stay", { modelId: "stay" });
 * const artifact = await pairedStatistics(a, b, suite, { resamples: 100 });
 * assert.ok(artifact.delta === "A - B");
 * ```
 */
export async function pairedStatistics(
  a: ResultInput | ResultFile,
  b: ResultInput | ResultFile,
  suite: Suite,
  options: PairedOptions = {},
): Promise<PairedArtifact> {
  const R = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const intervals = intervalOptions(options);
  const [fileA, fileB] = options.files ?? [undefined, undefined];
  const [sourceA, sourceB] = options.sources ?? [fileA, fileB];
  // The same bytes given twice cannot be handed over by the first.
  const release = options.release === true &&
    !(a instanceof Uint8Array && b instanceof Uint8Array &&
      a.buffer === b.buffer);
  const verifyOptions = (
    file: string | undefined,
    source: string | undefined,
    phase: string,
  ): VerifyEvaluationOptions => ({
    ...(file === undefined ? {} : { file }),
    ...(source === undefined ? {} : { source }),
    ...(release ? { release: true } : {}),
    // One switch: the kernel that draws the resamples also replays.
    ...(options.kernel === undefined ? {} : { kernel: options.kernel }),
    // The verified results stay here: only the statistics read them.
    statisticsOnly: true,
    onProgress: (done: number, total: number) =>
      options.onProgress?.(phase, done, total),
  });
  // Two valid results are proved valid before pairing, which then cannot
  // be refused before a replay; anything else takes the order of work
  // above: both read strictly, both structures, the pairing, then the
  // verifications, each on one episode's values at a time. (B is decoded
  // after A's proof, so that a large B's text is not beside it.)
  const provable = (x: unknown) =>
    x instanceof Uint8Array || x instanceof ResultFile;
  const bothProvable = provable(a) && provable(b);
  const optionsA = verifyOptions(fileA, sourceA, "verify A");
  const sideA = new Side(a, fileA, optionsA, true);
  const provedA = bothProvable && await sideA.prove(suite);
  const optionsB = verifyOptions(fileB, sourceB, "verify B");
  const sideB = new Side(b, fileB, optionsB, false);
  if (provedA) await sideB.prove(suite);
  await sideA.read(suite);
  await sideB.read(suite);
  const structureA = await sideA.structure(suite);
  const structureB = await sideB.structure(suite);
  const pairing = pairResults(structureA, structureB);
  const va = await sideA.verify(suite);
  const vb = await sideB.verify(suite);
  const manifest = va.evaluation_manifest;
  const valuesA = episodeMetricValues(va);
  const valuesB = episodeMetricValues(vb);
  const pairedSet = new Set(pairing.paired);

  // Exact deltas per paired episode and metric (null: undefined for A or B).
  const deltas = new Map<number, (Rational | null)[]>();
  for (const k of pairing.paired) {
    const xa = valuesA.get(k)!;
    const xb = valuesB.get(k)!;
    deltas.set(
      k,
      METRIC_DEFINITIONS.map((_, m) => {
        const x = xa[m]!;
        const y = xb[m]!;
        return x === null || y === null ? null : x.sub(y);
      }),
    );
  }
  const groups = statisticsGroups(suite, manifest);
  const definedOf = (g: Group, m: number) =>
    g.indices.flatMap((k) => {
      const d = deltas.get(k)?.[m];
      return d === undefined || d === null ? [] : [{ index: k, delta: d }];
    });
  const sizes = intervalSizes(groups, (g, m) => definedOf(g, m).length);
  const summarizer = new Summarizer(
    R,
    sizes,
    options.onProgress,
    intervals,
  );
  const inA = new Set(va.episodes.map((e) => e.index));
  const inB = new Set(vb.episodes.map((e) => e.index));

  // A metric's entry is built whole once every interval is computed; until
  // then it waits beside its summary.
  type PendingMetric = Pending<Omit<PairedMetricJson, "mean_delta_ci">>;
  type PendingGroup = Omit<PairedGroupJson, "metrics"> & {
    readonly metrics: readonly PendingMetric[];
  };
  const pendingGroup = async (g: Group): Promise<PendingGroup> => {
    const paired = g.indices.filter((k) => pairedSet.has(k));
    const missingA = g.indices.filter((k) => !inA.has(k));
    const missingB = g.indices.filter((k) => !inB.has(k));
    const metrics: PendingMetric[] = [];
    for (const [m, def] of METRIC_DEFINITIONS.entries()) {
      const ds = definedOf(g, m);
      const xs = ds.map((d) => d.delta);
      const summary = await summarizer.summarize(xs, {
        purpose: "paired_mean_delta",
        evaluationManifestHash: va.evaluation_manifest_hash,
        resultDigests: [va.digest, vb.digest],
        group: [g.kind, g.name],
        metric: def.metric,
      });
      const positive = xs.filter((x) => x.sign() > 0).length;
      const negative = xs.filter((x) => x.sign() < 0).length;
      const zero = xs.length - positive - negative;
      const dir = def.direction;
      const [aBetter, bBetter] = dir === "higher"
        ? [positive, negative]
        : [negative, positive];
      metrics.push({
        summary,
        entry: {
          metric: def.metric,
          paired: paired.length,
          missing_from_a: missingA.length,
          missing_from_b: missingB.length,
          undefined: paired.length - xs.length,
          deltas: ds.map((d) => ({
            index: d.index,
            delta: float(d.delta.toFloat()),
          })),
          statistics: summary.statistics,
          delta_positive: positive,
          delta_negative: negative,
          delta_zero: zero,
          a_better: dir === null ? null : aBetter,
          b_better: dir === null ? null : bBetter,
          ties: dir === null ? null : zero,
        },
      });
    }
    return {
      kind: g.kind,
      name: g.name,
      paired_indices: paired,
      missing_from_a: missingA,
      missing_from_b: missingB,
      metrics,
    };
  };

  const pending: PendingGroup[] = [];
  for (const g of groups) pending.push(await pendingGroup(g));
  await summarizer.finish();
  const built = pending.map((g): PairedGroupJson => ({
    ...g,
    metrics: g.metrics.map(({ entry, summary }) => ({
      ...entry,
      mean_delta_ci: summarizer.interval(summary),
    })),
  }));
  return {
    ...headerJson("paired", manifest, va.evaluation_manifest_hash, R),
    model_a: va.model_id,
    model_b: vb.model_id,
    result_digest_a: va.digest,
    result_digest_b: vb.digest,
    delta: "A - B",
    paired_count: pairing.paired.length,
    missing_from_a: pairing.missingFromA,
    missing_from_b: pairing.missingFromB,
    overall: built[0]!,
    scenarios: built.filter((g) => g.kind === "scenario"),
    families: built.filter((g) => g.kind === "family"),
  };
}
