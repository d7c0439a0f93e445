/**
 * Checkpoints of a running evaluation: the partial result is written
 * atomically to the `--out` file after completed episodes (at most once a
 * second) and whenever the run stops, so the file is always a valid result
 * and `--resume` can continue from it.
 *
 * Re-encoding the whole result after every episode would make a run
 * quadratic in its size (a public-suite result is megabytes), so each
 * episode is encoded once and the result writer (`result/writer.ts`)
 * assembles the canonical text around the cached pieces.
 *
 * @module
 */

import { episodeText, resultText } from "../result/writer.ts";
import { framedBytes, type RunPartFrame } from "../shard/write_part.ts";
import type { EvaluationResult } from "../types.ts";
import { writeFileAtomic } from "./io.ts";

/**
 * Canonical bytes of evaluation results that grow episode by episode,
 * each episode encoded only once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { ResultEncoder } from "./checkpoint.ts";
 * const result = {
 *   model_id: "m",
 *   evaluation_manifest: { suite_id: "s" },
 *   evaluation_manifest_hash: "h",
 *   episodes: [{ index: 0, seed: 3 }],
 * } as never;
 * const text = new TextDecoder().decode(new ResultEncoder().encode(result));
 * assert.ok(text === encode(result));
 * ```
 */
export class ResultEncoder {
  readonly #episodes = new Map<number, string>();

  /** The canonical bytes of `result` (its episodes by index are cached). */
  encode(result: EvaluationResult): Uint8Array {
    const parts: string[] = [];
    for (const episode of result.episodes) {
      let text = this.#episodes.get(episode.index);
      if (text === undefined) {
        text = episodeText(episode);
        this.#episodes.set(episode.index, text);
      }
      parts.push(text);
    }
    return new TextEncoder().encode(resultText(parts, result));
  }
}

/**
 * Writes the partial results of a run atomically to one file: after an
 * episode when the last write is at least `intervalMs` old (so a fast run
 * is not slowed down by rewriting megabytes after every episode), and always
 * when forced (the run stopped, or it is the first episode).
 *
 * @example
 * ```ts ignore
 * import { Checkpoint } from "./checkpoint.ts";
 * const checkpoint = new Checkpoint("res/greedy.json");
 * // runEvaluation(suite, "greedy", { modelId: "greedy", onEpisode: (p) => checkpoint.save(p) })
 * ```
 */
export class Checkpoint {
  readonly #encoder = new ResultEncoder();
  #last = Number.NEGATIVE_INFINITY;
  #saved = -1;

  /**
   * Write to `file`, at most once per `intervalMs` unless forced; inside
   * `frame` for a run part.
   */
  constructor(
    readonly file: string,
    readonly intervalMs = 1000,
    readonly frame?: RunPartFrame,
  ) {}

  /**
   * Save `partial` if the interval has passed (or `force`); a result with
   * the same episode count as the last saved one is not written again.
   */
  async save(partial: EvaluationResult, force = false): Promise<void> {
    const now = Date.now();
    if (partial.episodes.length === this.#saved) return;
    if (!force && now - this.#last < this.intervalMs) return;
    await writeFileAtomic(
      this.file,
      framedBytes(this.#encoder.encode(partial), this.frame),
    );
    this.#last = Date.now();
    this.#saved = partial.episodes.length;
  }
}
