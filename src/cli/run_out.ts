/**
 * `run --out FILE`'s side of a run: the journal beside FILE, found again
 * with `--resume` (`resume.ts`) or started afresh, the checkpoints that
 * assemble FILE from it (`checkpoint.ts`), and what is left when the run
 * ends: FILE alone after a complete run; FILE and the journal after a stop
 * (Ctrl-C, a failing policy), so that `--resume` reads the journal one
 * episode at a time; the journal alone, or nothing, after a kill.
 *
 * @module
 */

import { FileError } from "../errors.ts";
import type { ResumeStream } from "../evaluation/runner.ts";
import type { ResultFields } from "../result/writer.ts";
import type { ResultEpisode } from "../types.ts";
import { type Assembled, Checkpoint, type Frame } from "./checkpoint.ts";
import { notice } from "./command.ts";
import { Journal, journalFile } from "./journal.ts";
import {
  findResumable,
  type Resumable,
  type ResumedFile,
  resumeStream,
  type ResumeTarget,
} from "./resume.ts";

/**
 * The output side of one `run --out FILE`: {@linkcode RunOut.prepare}
 * before anything runs (it only reads), {@linkcode start} just before the
 * episodes, {@linkcode add} for each, then {@linkcode finish},
 * {@linkcode stopped} or {@linkcode close}.
 *
 * @example
 * ```ts ignore
 * import { RunOut } from "./run_out.ts";
 * const output = await RunOut.prepare("res/g.json", { resume: false, target, quiet: false });
 * await output.start();
 * // runEvaluation(suite, policy, { ...output.runOptions(), onEpisode: (_, e) => output.add(e) })
 * const written = await output.finish();
 * ```
 */
export class RunOut {
  #journal: Journal | undefined;
  #checkpoint: Checkpoint | undefined;

  private constructor(
    readonly file: string,
    readonly target: ResumeTarget,
    readonly found: Resumable | undefined,
    readonly frame: Frame | undefined,
  ) {
    this.#journal = found?.journal;
  }

  /**
   * Look for what a `--resume` run continues (refusing another run's
   * journal or result, naming the file and field); a fresh run finds
   * nothing. Changes no file but a journal's cut-short last line.
   */
  static async prepare(
    file: string,
    options: {
      readonly resume: boolean;
      readonly target: ResumeTarget;
      readonly quiet: boolean;
      readonly frame?: Frame;
      /** How FILE is read as a result (a run part: the result it holds). */
      readonly read?: (file: string) => Promise<ResumedFile>;
    },
  ): Promise<RunOut> {
    const found = options.resume
      ? await findResumable(file, options.target, options.read)
      : undefined;
    if (options.resume && found?.indices === undefined) {
      notice(
        `${file}: no result to resume yet; starting from the first episode`,
        options.quiet,
      );
    }
    return new RunOut(file, options.target, found, options.frame);
  }

  /** The schedule indices resumed (for the transcript), if any. */
  get resumed(): ReadonlySet<number> | undefined {
    return this.found?.indices;
  }

  /** The episodes saved so far. */
  get count(): number {
    return this.#journal?.count ?? 0;
  }

  /** Start (or continue) the journal: the run's episodes go there. */
  async start(): Promise<void> {
    const total = this.target.evaluation_manifest.episodes.length;
    this.#journal ??= await Journal.create(
      journalFile(this.file),
      this.target,
      total,
    ).catch((e) => {
      throw this.#asOut(e);
    });
    this.#checkpoint = new Checkpoint(
      this.#journal,
      this.file,
      this.#fields(),
      this.frame === undefined ? {} : { frame: this.frame },
    );
  }

  /** The runner's options: keep nothing, resume from the stream. */
  runOptions(): { retain: false; resume?: ResumeStream } {
    const found = this.found;
    if (found?.indices === undefined || this.#journal === undefined) {
      return { retain: false };
    }
    return {
      retain: false,
      resume: resumeStream(found, this.#journal, this.target),
    };
  }

  /** Save a completed episode (FILE is assembled when due). */
  add(episode: ResultEpisode): void {
    try {
      this.#checkpoint?.add(episode);
    } catch (e) {
      throw this.#asOut(e);
    }
  }

  /**
   * The run is complete: assemble FILE from every episode, then remove
   * the journal.
   */
  async finish(): Promise<Assembled> {
    const written = await this.#save(true);
    await this.#journal?.remove();
    this.#journal = undefined;
    if (written === undefined) throw new RangeError("no episode to write");
    return written;
  }

  /**
   * The run stopped (interrupt, failing policy): assemble FILE from the
   * episodes saved and keep the journal for `--resume` (one with no
   * episode is removed). Returns the episodes saved.
   */
  async stopped(): Promise<number> {
    await this.#save();
    const count = this.count;
    await this.close();
    return count;
  }

  /**
   * As {@linkcode stopped}, returning what FILE now holds (undefined when
   * no episode was saved and nothing was written).
   */
  async kept(): Promise<Assembled | undefined> {
    const written = await this.#save();
    await this.close();
    return written;
  }

  /**
   * Let go of the journal without writing FILE (the run was refused, or a
   * write failed): a journal with no episode is removed.
   */
  async close(): Promise<void> {
    const journal = this.#journal;
    this.#journal = undefined;
    if (journal === undefined) return;
    if (journal.count === 0) await journal.remove();
    else await journal.close();
  }

  async #save(last = false): Promise<Assembled | undefined> {
    try {
      return await this.#checkpoint?.save(last);
    } catch (e) {
      throw this.#asOut(e);
    }
  }

  #fields(): ResultFields {
    return {
      model_id: this.target.model_id,
      evaluation_manifest: this.target.evaluation_manifest,
      evaluation_manifest_hash: this.target.evaluation_manifest_hash,
    };
  }

  /**
   * A failure to write the journal is a failure to write FILE: the error
   * names FILE (the user's file), and the journal after it.
   */
  #asOut(e: unknown): unknown {
    if (!(e instanceof FileError) || e.file !== journalFile(this.file)) {
      return e;
    }
    return new FileError(`${e.detail} (its journal ${e.file})`, {
      file: this.file,
      cause: e,
    });
  }
}
