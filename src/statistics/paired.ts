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

import { float, type JsonValue, pythonFloatRepr } from "../json/canonical.ts";
import type { TextPieces } from "../json/pieces.ts";
import { EmberError, StatisticsInputError } from "../errors.ts";
import {
  type PairableResult,
  type Pairing,
  pairResults,
} from "../result/pairing.ts";
import { parseResult } from "../result/reader.ts";
import type { Suite } from "../types.ts";
import { VerifiedEvaluation } from "../verify/verified.ts";
import { BytesVerification } from "../verify/bytes.ts";
import { FileVerification, ResultFile } from "../verify/file.ts";
import type { VerifyEvaluationOptions } from "../verify/verify.ts";
import type {
  DeltaJson,
  PairedArtifact,
  PairedGroupJson,
  PairedMetricJson,
} from "./artifact_types.ts";
import { checkResamples, DEFAULT_RESAMPLES } from "../bootstrap/interval.ts";
import {
  headerJson,
  type IntervalOptions,
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
import { ExactTable } from "./exact_table.ts";
import { type Group, statisticsGroups } from "./groups.ts";
import { valuesReducer, type VerifiedValues } from "./verified_values.ts";
import { reduceVerified } from "../verify/sink.ts";
import { reclaimGrown } from "../collect.ts";

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
  /** A file's result, proved and reduced to its values. */
  #values: SideValues | undefined;

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
    // A file's proved result is reduced before the proof's garbage is
    // collected, so that its verified episodes go with it.
    if (this.#stream !== undefined) {
      this.#values ??= await this.#stream.proveInto(suite, valuesReducer());
    } else {
      this.#verified ??= await this.#reading?.prove(suite);
    }
    const proved = this.#verified !== undefined || this.#values !== undefined;
    if (proved) {
      this.#reading = undefined;
      this.#stream = undefined;
    }
    return proved;
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
    if (this.#values !== undefined) return this.#values;
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

  /**
   * The values of a file proved and reduced (its verification is done: it
   * was proved against this suite), else `undefined`.
   */
  reduced(): SideValues | undefined {
    const values = this.#values;
    this.#values = undefined;
    return values;
  }

  /** Full verification (`StatisticsInputError`). */
  async verify(suite: Suite): Promise<VerifiedEvaluation> {
    const reading = this.#reading;
    const verified = this.#verified;
    // The caller keeps what it needs of the verified result, not the side.
    this.#reading = undefined;
    this.#verified = undefined;
    return reading !== undefined
      ? await reading.verify(suite)
      : await verifiedInput(verified ?? this.#value, suite, this.#options);
  }
}

/** A verified result reduced to what the comparison reads of it. */
type SideValues = VerifiedValues;

/** A verified result reduced to its keys and exact values. */
function sideValues(v: VerifiedEvaluation): SideValues {
  return reduceVerified(v, valuesReducer());
}

/** A proved side's verified result, reduced to its values at once. */
async function verifiedValues(side: Side, suite: Suite): Promise<SideValues> {
  return sideValues(await side.verify(suite));
}

/**
 * The deltas of one group and metric, as the artifact lists them, read
 * from the table of float deltas by manifest index (NaN: not paired or
 * undefined); its canonical text is written a piece at a time, so that
 * no list is a tree of objects.
 */
class DeltaList implements DeltaPieces {
  constructor(
    readonly table: Float64Array,
    readonly indices: readonly number[],
    readonly metric: number,
  ) {}

  /** The manifest indices and float deltas of the list, in order. */
  *#entries(): Generator<[number, number]> {
    const M = METRIC_DEFINITIONS.length;
    for (const k of this.indices) {
      const x = this.table[k * M + this.metric];
      if (x !== undefined && !Number.isNaN(x)) yield [k, x];
    }
  }

  /** The list as values. */
  value(): DeltaJson[] {
    return [...this.#entries()].map(([index, x]) => ({
      index,
      delta: float(x),
    }));
  }

  /** The list's canonical text, in pieces of about 64 KB. */
  *pieces(): Generator<string> {
    let out = "[";
    let first = true;
    for (const [k, x] of this.#entries()) {
      out += `${first ? "" : ","}{"delta":${pythonFloatRepr(x)},"index":${k}}`;
      first = false;
      if (out.length >= 1 << 16) {
        yield out;
        out = "";
      }
    }
    yield out + "]";
  }
}

/** The deltas of a draft's metric: their canonical text in pieces, or values. */
export interface DeltaPieces extends TextPieces {
  /** The list as values. */
  value(): DeltaJson[];
}

/** A metric of a {@linkcode PairedDraft}: its deltas in pieces. */
export type PairedDraftMetric = Omit<PairedMetricJson, "deltas"> & {
  /** The deltas' canonical text, in pieces. */
  readonly deltas: DeltaPieces;
};

/** A group of a {@linkcode PairedDraft}. */
export type PairedDraftGroup = Omit<PairedGroupJson, "metrics"> & {
  /** Per metric, in definition order. */
  readonly metrics: readonly PairedDraftMetric[];
};

/**
 * The paired artifact with its delta lists as {@linkcode TextPieces}:
 * `canonicalPieces` of it is the canonical text of the artifact that
 * {@linkcode pairedStatistics} returns, which it never holds whole.
 */
export type PairedDraft =
  & Omit<PairedArtifact, "overall" | "scenarios" | "families">
  & {
    /** The overall group. */
    readonly overall: PairedDraftGroup;
    /** One group per scenario. */
    readonly scenarios: readonly PairedDraftGroup[];
    /** One group per family. */
    readonly families: readonly PairedDraftGroup[];
  };

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
  const draft = await pairedDraft(a, b, suite, options);
  const group = (g: PairedDraftGroup): PairedGroupJson => ({
    ...g,
    metrics: g.metrics.map((m) => ({
      ...m,
      deltas: m.deltas.value(),
    })),
  });
  return {
    ...draft,
    overall: group(draft.overall),
    scenarios: draft.scenarios.map(group),
    families: draft.families.map(group),
  };
}

/**
 * {@linkcode pairedStatistics}'s artifact as a {@linkcode PairedDraft}, its
 * delta lists kept as one float per paired episode and metric: a writer
 * takes its text in pieces (`canonicalPieces`), the same bytes as the
 * artifact's canonical encoding. The same order of work and errors.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedDraft } from "./paired.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(pairedDraft({}, {}, publicSuite(), { resamples: 99 }), RangeError);
 * ```
 */
export async function pairedDraft(
  a: ResultInput | ResultFile,
  b: ResultInput | ResultFile,
  suite: Suite,
  options: PairedOptions = {},
): Promise<PairedDraft> {
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
  const { sides, pairing } = await verifiedSides(a, b, suite, {
    a: verifyOptions(fileA, sourceA, "verify A"),
    b: verifyOptions(fileB, sourceB, "verify B"),
    files: [fileA, fileB],
  });
  return await pairedFromValues(sides, pairing, suite, {
    R,
    intervals,
    onProgress: options.onProgress,
  });
}

/**
 * Both sides' values, held here only, so that the statistics can let
 * their exact tables go once the deltas are made (24 MB at 100,000
 * episodes; the caller's variables would keep them to the end).
 */
type Sides = { a: SideValues | undefined; b: SideValues | undefined };

/** Both inputs verified and reduced to their values, and their pairing. */
async function verifiedSides(
  a: ResultInput | ResultFile,
  b: ResultInput | ResultFile,
  suite: Suite,
  how: {
    readonly a: VerifyEvaluationOptions;
    readonly b: VerifyEvaluationOptions;
    readonly files: readonly [string | undefined, string | undefined];
  },
): Promise<{ sides: Sides; pairing: Pairing }> {
  const [fileA, fileB] = how.files;
  // Two valid results are proved valid before pairing, which then cannot
  // be refused before a replay; anything else takes the order of work
  // above: both read strictly, both structures, the pairing, then the
  // verifications, each on one episode's values at a time. (B is decoded
  // after A's proof, so that a large B's text is not beside it.) A proved
  // A is reduced to its values at once (its verification, then, cannot
  // fail), so that its verified episodes are not beside B's proof.
  const provable = (x: unknown) =>
    x instanceof Uint8Array || x instanceof ResultFile;
  const bothProvable = provable(a) && provable(b);
  const sideA = new Side(a, fileA, how.a, true);
  const provedA = bothProvable && await sideA.prove(suite);
  let valuesA = provedA
    ? sideA.reduced() ?? await verifiedValues(sideA, suite)
    : undefined;
  const sideB = new Side(b, fileB, how.b, false);
  if (provedA) await sideB.prove(suite);
  if (valuesA === undefined) await sideA.read(suite);
  await sideB.read(suite);
  const structureA = valuesA ?? await sideA.structure(suite);
  const structureB = await sideB.structure(suite);
  const pairing = pairResults(structureA, structureB);
  let valuesB = sideB.reduced();
  const va = valuesA === undefined ? await sideA.verify(suite) : undefined;
  const vb = valuesB === undefined ? await sideB.verify(suite) : undefined;
  // Each side's float checks (statistics.md §2) after both verifications;
  // then only the values are kept.
  valuesA ??= sideValues(va!);
  valuesB ??= sideValues(vb!);
  return { sides: { a: valuesA, b: valuesB }, pairing };
}

/**
 * The exact and float deltas of the paired episodes, and what the artifact
 * reads of the two sides besides: the sides are let go.
 */
function takeDeltas(sides: Sides, pairing: Pairing) {
  const va = sides.a!;
  const vb = sides.b!;
  sides.a = sides.b = undefined;
  const M = METRIC_DEFINITIONS.length;
  // Exact deltas per paired episode and metric (null: undefined for A or
  // B), for the statistics; the artifact's lists read the float table.
  const rows = pairing.paired.reduce((n, k) => Math.max(n, k + 1), 0);
  const deltas = new ExactTable(rows, M);
  const table = new Float64Array(rows * M).fill(NaN);
  for (const k of pairing.paired) {
    deltas.setDifferences(k, va.values, vb.values, table);
  }
  const models: readonly [string, string] = [va.model_id, vb.model_id];
  const digests: readonly [string, string] = [va.digest, vb.digest];
  return {
    deltas,
    table,
    manifest: va.evaluation_manifest,
    manifestHash: va.evaluation_manifest_hash,
    models,
    digests,
    where: whereIs(va, vb, pairing),
  };
}

/**
 * The pairs from which the end of the pairing is worth a reclaim
 * (`collect.ts`): 10,400 pairs of the public suite's scenarios are results
 * of about 300 MB each; the suite's own 104, of 3 MB.
 */
const RECLAIM_PAIRS = 10_000;

/** Where an episode is: in A, in B, paired (bits of {@linkcode whereIs}). */
const IN_A = 1;
const IN_B = 2;
const PAIRED = 4;

/**
 * For each manifest index, whether A and B have the episode and whether
 * it is paired: a byte an episode, where three `Set`s of 100,000 indices
 * took 7.8 MB of V8's heap through the statistics.
 */
function whereIs(va: SideValues, vb: SideValues, pairing: Pairing) {
  const where = new Uint8Array(va.evaluation_manifest.episodes.length);
  for (const e of va.episodes) where[e.index]! |= IN_A;
  for (const e of vb.episodes) where[e.index]! |= IN_B;
  for (const k of pairing.paired) where[k]! |= PAIRED;
  return where;
}

/** The draft of two verified sides, paired (the sides are let go). */
async function pairedFromValues(
  sides: Sides,
  pairing: Pairing,
  suite: Suite,
  how: {
    readonly R: number;
    readonly intervals: IntervalOptions;
    readonly onProgress: ProgressCallback | undefined;
  },
): Promise<PairedDraft> {
  const { R, intervals } = how;
  const { deltas, table, manifest, manifestHash, models, digests, where } =
    takeDeltas(sides, pairing);
  // Both sides' tables and the verifications' pages go before the workers
  // start and the statistics make their own garbage; a small comparison
  // leaves too little to pay for a reclaim.
  if (pairing.paired.length >= RECLAIM_PAIRS) reclaimGrown();
  const groups = statisticsGroups(suite, manifest);
  // Counted on the packed table: no exact value is built twice.
  const sizes = intervalSizes(groups, (g, m) => deltas.defined(g.indices, m));
  const summarizer = new Summarizer(R, sizes, how.onProgress, intervals);

  // A metric's entry is built whole once every interval is computed; until
  // then it waits beside its summary.
  type PendingMetric = Pending<Omit<PairedDraftMetric, "mean_delta_ci">>;
  type PendingGroup = Omit<PairedDraftGroup, "metrics"> & {
    readonly metrics: readonly PendingMetric[];
  };
  const pendingGroup = async (g: Group): Promise<PendingGroup> => {
    const paired = g.indices.filter((k) => (where[k]! & PAIRED) !== 0);
    const missingA = g.indices.filter((k) => (where[k]! & IN_A) === 0);
    const missingB = g.indices.filter((k) => (where[k]! & IN_B) === 0);
    const metrics: PendingMetric[] = [];
    for (const [m, def] of METRIC_DEFINITIONS.entries()) {
      const xs = deltas.scaled(g.indices, m);
      // Counted before the numerators are handed to a worker. The common
      // denominator is positive: a delta's sign is its numerator's.
      const defined = xs.nums.length;
      let positive = 0;
      let negative = 0;
      for (const x of xs.nums) {
        if (x > 0n) positive++;
        else if (x < 0n) negative++;
      }
      const zero = defined - positive - negative;
      const summary = await summarizer.summarize(xs, {
        purpose: "paired_mean_delta",
        evaluationManifestHash: manifestHash,
        resultDigests: [...digests],
        group: [g.kind, g.name],
        metric: def.metric,
      });
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
          undefined: paired.length - defined,
          deltas: new DeltaList(table, g.indices, m),
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
  try {
    for (const g of groups) pending.push(await pendingGroup(g));
    await summarizer.finish();
  } finally {
    summarizer.close();
  }
  const built = pending.map((g): PairedDraftGroup => ({
    ...g,
    metrics: g.metrics.map(({ entry, summary }) => ({
      ...entry,
      mean_delta_ci: summarizer.interval(summary),
    })),
  }));
  return {
    ...headerJson("paired", manifest, manifestHash, R),
    model_a: models[0],
    model_b: models[1],
    result_digest_a: digests[0],
    result_digest_b: digests[1],
    delta: "A - B",
    paired_count: pairing.paired.length,
    missing_from_a: pairing.missingFromA,
    missing_from_b: pairing.missingFromB,
    overall: built[0]!,
    scenarios: built.filter((g) => g.kind === "scenario"),
    families: built.filter((g) => g.kind === "family"),
  };
}
