/**
 * `summary --transcript`: per model (the transcripts' `model_id`; several
 * files of one model combine), the answer times (count, median, p95, max and
 * the slowest decision) and, where `info.usage` holds integer
 * `prompt_tokens` and `completion_tokens` (OpenAI's usage object), their
 * totals. Times are the transcripts' `ms`, integers of tenths here, so the
 * type-7 quantiles of statistics.md §4 are exact and printed exactly (at
 * most three decimals). Every line fits 80 columns; IDs and file names are
 * escaped for the terminal.
 *
 * @module
 */

import {
  formatTenths,
  type TranscriptDecision,
  type TranscriptHeader,
} from "../policies/sandbox/transcript_read.ts";
import { escapeTerminal } from "../escape.ts";
import { isObject } from "../json/fields.ts";
import { quantileScaled } from "../statistics/descriptive.ts";
import { fitTable, wrapText } from "./text_table.ts";

const WIDTH = 80;
const DASH = "\u2014";

/** The slowest decision of a model: the first of the largest `ms`, in file order. */
export type Slowest = {
  readonly file: string;
  readonly line: number;
  readonly episode: number;
  readonly step: number;
  readonly tenths: number;
};

/**
 * One model's figures.
 *
 * @example
 * ```ts
 * import type { ModelTimes } from "./answer_times.ts";
 * const m: ModelTimes = { modelId: "m", files: ["t.jsonl"], decisions: 0, median: null, p95: null,
 *   slowest: null, usage: { decisions: 0, prompt: 0n, completion: 0n } };
 * ```
 */
export type ModelTimes = {
  readonly modelId: string;
  /** The transcripts of this model, in the order given. */
  readonly files: readonly string[];
  readonly decisions: number;
  /** Type-7 median, exact, as decimal text in ms (`null` without decisions). */
  readonly median: string | null;
  /** Type-7 quantile at 19/20, likewise. */
  readonly p95: string | null;
  readonly slowest: Slowest | null;
  readonly usage: {
    /** Decisions whose `info.usage` has both integer counts. */
    readonly decisions: number;
    readonly prompt: bigint;
    readonly completion: bigint;
  };
};

type Tally = {
  modelId: string;
  files: string[];
  tenths: Float64Array;
  n: number;
  slowest: Slowest | null;
  usage: { decisions: number; prompt: bigint; completion: bigint };
};

/**
 * Collects decisions of transcripts, by model, in the order they are added.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AnswerTimes } from "./answer_times.ts";
 * const t = new AnswerTimes();
 * const h = { modelId: "m", manifestHash: "ab" };
 * t.header("a.jsonl", h);
 * for (const [i, tenths] of [10, 40, 20, 30].entries()) {
 *   t.add("a.jsonl", h, { line: i + 2, episode: 0, step: i + 1, actions: {}, bytes: 80, tenths,
 *     info: { usage: { prompt_tokens: 5, completion_tokens: 2 } } });
 * }
 * const [m] = t.models();
 * // 1, 2, 3, 4 ms: median 2.5, p95 = 3 + 0.85 = 3.85 (statistics.md's example).
 * assert.deepEqual([m!.median, m!.p95, m!.slowest!.step], ["2.5", "3.85", 2]);
 * assert.deepEqual(m!.usage, { decisions: 4, prompt: 20n, completion: 8n });
 * ```
 */
export class AnswerTimes {
  readonly #models = new Map<string, Tally>();

  /** A transcript of `header`'s model starts (so a model with no decision is listed too). */
  header(file: string, header: TranscriptHeader): void {
    this.#tally(header).files.push(file);
  }

  /** One decision of the transcript `file`. */
  add(file: string, header: TranscriptHeader, d: TranscriptDecision): void {
    const t = this.#tally(header);
    if (t.n === t.tenths.length) {
      const grown = new Float64Array(Math.max(1024, t.n * 2));
      grown.set(t.tenths);
      t.tenths = grown;
    }
    t.tenths[t.n++] = d.tenths;
    if (t.slowest === null || d.tenths > t.slowest.tenths) {
      t.slowest = {
        file,
        line: d.line,
        episode: d.episode,
        step: d.step,
        tenths: d.tenths,
      };
    }
    const usage = usageOf(d.info);
    if (usage !== undefined) {
      t.usage.decisions++;
      t.usage.prompt += usage[0];
      t.usage.completion += usage[1];
    }
  }

  /** The models, in the order their first transcript came. */
  models(): ModelTimes[] {
    return [...this.#models.values()].map((t) => {
      const sorted = t.tenths.slice(0, t.n).sort();
      return {
        modelId: t.modelId,
        files: t.files,
        decisions: t.n,
        median: t.n === 0 ? null : quantile(sorted, 1, 2),
        p95: t.n === 0 ? null : quantile(sorted, 19, 20),
        slowest: t.slowest,
        usage: { ...t.usage },
      };
    });
  }

  #tally(header: TranscriptHeader): Tally {
    let t = this.#models.get(header.modelId);
    if (t === undefined) {
      t = {
        modelId: header.modelId,
        files: [],
        tenths: new Float64Array(0),
        n: 0,
        slowest: null,
        usage: { decisions: 0, prompt: 0n, completion: 0n },
      };
      this.#models.set(header.modelId, t);
    }
    return t;
  }
}

/** `[prompt_tokens, completion_tokens]` of `info.usage` when both are integers of at least 0. */
function usageOf(info: unknown): [bigint, bigint] | undefined {
  if (!isObject(info) || !isObject(info.usage)) return undefined;
  const { prompt_tokens: p, completion_tokens: c } = info.usage;
  const count = (v: unknown): v is number =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  return count(p) && count(c) ? [BigInt(p), BigInt(c)] : undefined;
}

/**
 * The type-7 quantile at p = a/b of ascending tenths (statistics.md's, the
 * statistics' own `quantileScaled`), as exact decimal text in ms.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantile } from "./answer_times.ts";
 * const ys = Float64Array.from([10, 11]); // 1.0 and 1.1 ms
 * assert.equal(quantile(ys, 19, 20), "1.095");
 * assert.equal(quantile(ys, 1, 2), "1.05");
 * assert.equal(quantile(Float64Array.from([30]), 19, 20), "3.0");
 * ```
 */
export function quantile(sorted: Float64Array, a: number, b: number): string {
  const [num, den] = quantileScaled(
    sorted.length,
    (i) => BigInt(sorted[i]!),
    a,
    b,
  );
  return decimal(num, 10n * den);
}

/** `num / den` (den dividing 1000) as decimal text with one to three decimals. */
function decimal(num: bigint, den: bigint): string {
  const thousandths = num * (1000n / den);
  const whole = thousandths / 1000n;
  const rest = (thousandths % 1000n).toString().padStart(3, "0")
    .replace(/0{1,2}$/, "");
  return `${whole}.${rest}`;
}

/**
 * The text `summary --transcript` prints for the models.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderAnswerTimes } from "./answer_times.ts";
 * const text = renderAnswerTimes([{ modelId: "m", files: ["t.jsonl"], decisions: 0, median: null,
 *   p95: null, slowest: null, usage: { decisions: 0, prompt: 0n, completion: 0n } }]);
 * assert.match(text, /^m +1 +0 +\u2014 +\u2014 +\u2014$/m);
 * ```
 */
export function renderAnswerTimes(models: readonly ModelTimes[]): string {
  const files = models.reduce((n, m) => n + m.files.length, 0);
  const lines = [
    ...wrapText(
      `Answer times per model, from ${files} transcript${
        files === 1 ? "" : "s"
      }: ms from handing over the observation to the answer, as the transcripts record them (to 0.1 ms). median and p95 are type-7 quantiles (statistics.md), exact; slowest is the first decision with the largest time (FILE:LINE).`,
      WIDTH,
    ),
    "",
    ...fitTable([
      ["model", "files", "decisions", "median", "p95", "max"],
      ...models.map((m) => [
        escapeTerminal(m.modelId),
        String(m.files.length),
        String(m.decisions),
        m.median ?? DASH,
        m.p95 ?? DASH,
        m.slowest === null ? DASH : formatTenths(m.slowest.tenths),
      ]),
    ], { width: WIDTH, right: [false, true, true, true, true, true] }),
    "",
    "Slowest decision per model:",
  ];
  for (const m of models) {
    const s = m.slowest;
    lines.push(
      ...wrapText(
        s === null
          ? `${escapeTerminal(m.modelId)}: no decisions`
          : `${
            escapeTerminal(m.modelId)
          }: episode ${s.episode}, step ${s.step}, ${
            formatTenths(s.tenths)
          } ms (${escapeTerminal(s.file)}:${s.line})`,
        WIDTH,
        "  ",
      ),
    );
  }
  lines.push(
    "",
    ...wrapText(
      "Token usage per model: the totals of info.usage over the decisions whose info.usage holds integer prompt_tokens and completion_tokens (the policy reports them; nothing here checks them).",
      WIDTH,
    ),
    "",
    ...fitTable([
      ["model", "with usage", "prompt_tokens", "completion_tokens"],
      ...models.map((m) => [
        escapeTerminal(m.modelId),
        `${m.usage.decisions} of ${m.decisions}`,
        m.usage.decisions === 0 ? DASH : String(m.usage.prompt),
        m.usage.decisions === 0 ? DASH : String(m.usage.completion),
      ]),
    ], { width: WIDTH, right: [false, true, true, true] }),
  );
  return lines.join("\n");
}
