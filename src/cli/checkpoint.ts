/**
 * Checkpoints of a running evaluation: each completed episode's text goes
 * to the run's journal (`journal.ts`) as it completes, and the `--out`
 * file is assembled from the journal, streamed in schedule order into a
 * temporary file then renamed, after the first episode, whenever the run
 * stops, at the end, and in between as often as it costs at most a
 * twentieth of the run's time: so the file is always a valid result (or
 * absent), `--resume` continues from the journal, and no episode stays in
 * memory.
 *
 * @module
 */

import { Sha256 } from "../json/sha256.ts";
import {
  episodeText,
  type ResultFields,
  resultText,
  writeEpisodeText,
  writeResultItems,
} from "../result/writer.ts";
import type { EvaluationResult, ResultEpisode } from "../types.ts";
import { type ByteSink, writeFileStreamed } from "./io.ts";
import type { Journal } from "./journal.ts";
import type { RunPartFrame } from "../shard/write_part.ts";

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

/** What wraps a result's text in the file: a run part's frame. */
export type Frame = RunPartFrame;

/** What an assembly wrote. */
export type Assembled = {
  /** SHA-256 of the file's bytes. */
  readonly digest: string;
  /** SHA-256 of the result's text (the file's digest without a frame). */
  readonly resultDigest: string;
  /** The file's length in bytes. */
  readonly bytes: number;
  /** The episodes it holds. */
  readonly episodes: number;
};

/**
 * Write the result of the journal's episodes (the run's `fields` around
 * them, in schedule order) to `file` atomically, streamed: one episode's
 * text in memory at a time, hashed as it is written, and the journal told
 * of the assembly (flushed) before the file is renamed into place, unless
 * it is the `last` (the journal is removed next). With a `frame`, the file
 * is the frame's prefix, the result, then its suffix.
 *
 * @example
 * ```ts ignore
 * import { assemble } from "./checkpoint.ts";
 * const a = await assemble(journal, "res/g.json", fields);
 * console.log(a.digest, a.episodes);
 * ```
 */
export async function assemble(
  journal: Journal,
  file: string,
  fields: ResultFields,
  frame?: Frame,
  last = false,
): Promise<Assembled> {
  return await writeFileStreamed(
    file,
    (sink) => streamResult(sink, paced(journal.texts()), fields, frame),
    (a) => last ? undefined : journal.assembly(a.digest, a.bytes),
  );
}

/**
 * Write to `sink` the result whose episode items are `items` (texts or
 * their UTF-8 bytes, in schedule order) and whose other fields are
 * `fields`, framed by `frame` when given, hashing it as it goes: what an
 * assembly writes, and what `run` without `--out` writes to standard
 * output from the texts it kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
 * import { streamResult } from "./checkpoint.ts";
 * const fields = { evaluation_manifest: {}, evaluation_manifest_hash: "h", model_id: "m" };
 * const chunks: Uint8Array[] = [];
 * const a = await streamResult((b) => chunks.push(b.slice()), ["1", "2"], fields);
 * const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
 * assert.equal(text, encode({ ...fields, episodes: [1, 2] }));
 * assert.deepEqual([a.episodes, a.bytes, a.digest === a.resultDigest], [2, text.length, true]);
 * ```
 */
export async function streamResult(
  sink: ByteSink,
  items: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  fields: ResultFields,
  frame?: Frame,
): Promise<Assembled> {
  const encoder = new TextEncoder();
  const result = new Sha256();
  // Without a frame the file is the result: one hash serves both.
  const whole = frame === undefined ? undefined : new Sha256();
  let bytes = 0;
  // The comma between items, encoded once rather than once an item.
  const comma = encoder.encode(",");
  const put = (piece: string | Uint8Array, ofResult: boolean) => {
    const b = typeof piece !== "string"
      ? piece
      : piece === ","
      ? comma
      : encoder.encode(piece);
    if (ofResult) result.update(b);
    whole?.update(b);
    bytes += b.length;
    sink(b);
  };
  if (frame !== undefined) put(frame.prefix, false);
  const episodes = await writeResultItems(
    (piece) => put(piece, true),
    items,
    fields,
  );
  const resultDigest = result.hex();
  if (frame !== undefined) put(frame.suffix(resultDigest), false);
  return {
    digest: whole?.hex() ?? resultDigest,
    resultDigest,
    bytes,
    episodes,
  };
}

/**
 * Bytes read and written between two turns of the event loop during an
 * assembly (about 30 ms of work): its reads and writes are synchronous, so
 * a large result would otherwise hold up Ctrl-C, the policies' answers,
 * their timers and the episodes in flight.
 */
const PACE_BYTES = 32 << 20;

/** `items`, with a turn of the event loop after every 32 MiB of them. */
async function* paced(
  items: Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  let since = 0;
  for (const item of items) {
    yield item;
    since += item.length;
    if (since >= PACE_BYTES) {
      since = 0;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}

/**
 * The checkpoints of a run with `--out FILE`: each episode to the journal
 * as it completes, and FILE assembled from it after the first episode,
 * then when the last assembly is at least a second old and took at most
 * a twentieth of the time since (so assemblies cost at most about 5 % of
 * the run, whatever its size, and FILE lags by at most that interval),
 * and whenever {@linkcode save} is called (the run stopped or ended).
 *
 * @example
 * ```ts ignore
 * import { Checkpoint } from "./checkpoint.ts";
 * const checkpoint = new Checkpoint(journal, "res/greedy.json", fields);
 * // runEvaluation(suite, "greedy", { modelId: "greedy", retain: false,
 * //   onEpisode: (_, episode) => checkpoint.add(episode) })
 * const written = await checkpoint.save();
 * ```
 */
export class Checkpoint {
  #last = Number.NEGATIVE_INFINITY;
  #took = 0;
  #saved = -1;
  #written: Assembled | undefined;
  #running: Promise<Assembled> | undefined;
  #failure: unknown;

  /**
   * Checkpoints of the run of `fields` into `file`, from `journal`, every
   * assembly framed by `frame` when given.
   */
  constructor(
    readonly journal: Journal,
    readonly file: string,
    readonly fields: ResultFields,
    readonly options: {
      readonly frame?: Frame;
      readonly minIntervalMs?: number;
      readonly maxShare?: number;
    } = {},
  ) {}

  /** The episodes saved so far (in the journal). */
  get count(): number {
    return this.journal.count;
  }

  /**
   * Journal a completed episode, at once (synchronously: the episode is
   * text, and garbage, before anything else runs), then start assembling
   * FILE if an assembly is due. The caller does not wait for it: the
   * assembly goes on in slices between episodes (the runner turns the
   * event loop after each), the episodes completing meanwhile go to the
   * journal, and the next assembly takes those this one missed. (Lanes
   * that waited for each assembly, each holding its last episode, made V8
   * promote 97 MB instead of 8 at 10,400 episodes and `--concurrency 8`:
   * docs/scale.md.) An assembly that failed fails the next call, or
   * {@linkcode save}.
   */
  add(episode: ResultEpisode): void {
    if (this.#failure !== undefined) throw this.#failure;
    this.journal.append(episode.index, (out) => writeEpisodeText(out, episode));
    const since = performance.now() - this.#last;
    const due = this.#saved < 0 ||
      (since >= (this.options.minIntervalMs ?? 1000) &&
        this.#took <= since * (this.options.maxShare ?? 0.05));
    if (this.#running === undefined && due) this.#start(false);
  }

  /** Resolves once no assembly runs (rejects if the one running fails). */
  async settled(): Promise<void> {
    await this.#running;
  }

  /**
   * Assemble FILE from every episode journaled (after the assembly that
   * runs, unless it or the last one holds them all); `undefined` when there
   * is none yet. The `last` assembly, before the journal is removed, is not
   * recorded in it.
   */
  async save(last = false): Promise<Assembled | undefined> {
    await this.#running;
    if (this.#failure !== undefined) throw this.#failure;
    if (this.journal.count === 0) return undefined;
    if (this.journal.count === this.#saved) return this.#written;
    return await this.#start(last);
  }

  #start(last: boolean): Promise<Assembled> {
    const started = performance.now();
    const running = assemble(
      this.journal,
      this.file,
      this.fields,
      this.options.frame,
      last,
    ).then((written) => {
      this.#last = performance.now();
      this.#took = this.#last - started;
      // Episodes journaled while it ran may be in it or not: the next
      // assembly takes those that are not.
      this.#saved = written.episodes;
      this.#written = written;
      return written;
    }).finally(() => {
      this.#running = undefined;
    });
    // Nobody may be waiting for it: its failure is kept for the next call.
    running.catch((e) => {
      this.#failure ??= e;
    });
    this.#running = running;
    return running;
  }
}
