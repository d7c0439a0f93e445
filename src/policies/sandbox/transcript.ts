/**
 * `run --transcript FILE.jsonl`: a header line, then one JSON line per
 * decision, appended as decisions arrive and never rewritten, in (episode
 * index, step) order whatever the concurrency.
 *
 * The lowest unfinished episode of the invocation writes straight to the
 * file; a later episode's decisions go to a temporary file of its own
 * beside the transcript (`FILE.episode-N.part`) and are copied in when its
 * turn comes. Nothing of a decision is kept in memory after it is written,
 * so a large `_info` on every step costs disk, not the CLI's memory.
 * Writes are synchronous: a line is on disk before the next decision is
 * taken, and the file is always the header followed by whole lines.
 *
 * @module
 */

import { fileError, splitPath } from "../../files.ts";
import type { Decision } from "./sandbox.ts";
import {
  episodeLines,
  type ResumeCut,
  resumeCut,
} from "./transcript_resume.ts";

/** The `transcript_version` this module writes. */
export const TRANSCRIPT_VERSION = "1.0";

/**
 * The header line (with its newline): `transcript_version`, `model_id`,
 * `evaluation_manifest_hash`, in that order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headerLine } from "./transcript.ts";
 * assert.equal(
 *   headerLine("mine", "ab12"),
 *   '{"transcript_version":"1.0","model_id":"mine","evaluation_manifest_hash":"ab12"}\n',
 * );
 * ```
 */
export function headerLine(modelId: string, manifestHash: string): string {
  return `${
    JSON.stringify({
      transcript_version: TRANSCRIPT_VERSION,
      model_id: modelId,
      evaluation_manifest_hash: manifestHash,
    })
  }\n`;
}

/**
 * One decision's line (with its newline): `episode`, `step`, `actions`,
 * `ms` rounded to 0.1, and `info` when the policy gave one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decisionLine } from "./transcript.ts";
 * assert.equal(
 *   decisionLine({ episode: 1, step: 2, actions: { p: "west" }, ms: 2.25, info: "why" }),
 *   '{"episode":1,"step":2,"actions":{"p":"west"},"ms":2.3,"info":"why"}\n',
 * );
 * ```
 */
export function decisionLine(d: Decision): string {
  return `${
    JSON.stringify({
      episode: d.episode,
      step: d.step,
      actions: d.actions,
      ms: Math.round(d.ms * 10) / 10,
      ...(d.info === undefined ? {} : { info: d.info }),
    })
  }\n`;
}

/**
 * Options of a {@linkcode Transcript}.
 *
 * @example
 * ```ts
 * import type { TranscriptOptions } from "./transcript.ts";
 * const o: TranscriptOptions = { file: "t.jsonl", modelId: "m", manifestHash: "ab", pending: [0, 1] };
 * ```
 */
export type TranscriptOptions = {
  /** The transcript file. */
  readonly file: string;
  /** The run's `model_id`. */
  readonly modelId: string;
  /** The run's `evaluation_manifest_hash`. */
  readonly manifestHash: string;
  /** The episodes this invocation runs, in the order they start (index order). */
  readonly pending: readonly number[];
  /**
   * With `--resume`: the episodes the resumed result holds. The existing
   * file (whose header {@linkcode checkTranscriptHeader} has checked) keeps
   * its longest run of lines, from the start, that belong to these
   * episodes, and is cut after it; the new decisions are appended.
   * Without it the file is started afresh.
   */
  readonly resumed?: ReadonlySet<number>;
};

export { checkTranscriptHeader } from "./transcript_resume.ts";

// An episode that ended out of turn keeps its file but not its handle, so
// the open handles are those of the episodes in flight.
type Spill = { readonly path: string; handle: Deno.FsFile | undefined };

const encoder = new TextEncoder();
const COPY_CHUNK = 1 << 20;

/**
 * The transcript of one invocation. Call {@linkcode Transcript.start} once
 * the run is under way (nothing touches the file before), {@linkcode
 * Transcript.add} per decision, {@linkcode Transcript.episodeEnded} per
 * completed episode, and {@linkcode Transcript.close} when the run ends,
 * however it ends: it appends what the episodes still out of turn had
 * (in episode order) and removes their temporary files.
 *
 * @example
 * ```ts ignore
 * import { Transcript } from "./transcript.ts";
 * const t = new Transcript({ file: "out/t.jsonl", modelId: "m", manifestHash: "ab", pending: [0, 1] });
 * t.start();
 * t.add({ episode: 1, step: 1, actions: {}, ms: 1 }); // to out/t.jsonl.episode-1.part
 * t.add({ episode: 0, step: 1, actions: {}, ms: 1 }); // to out/t.jsonl
 * t.episodeEnded(0); // episode 1's line is copied in; it now streams
 * t.close();
 * ```
 */
export class Transcript {
  readonly #options: TranscriptOptions;
  readonly #ended = new Set<number>();
  readonly #spills = new Map<number, Spill>();
  /** The episodes in the order they go into the file: those this invocation runs, and resumed ones put back in their place. */
  #order: readonly number[];
  #cursor = 0;
  #file: Deno.FsFile | undefined;
  #state: "new" | "open" | "closed" = "new";
  #cut: ResumeCut | undefined;
  #buffer = new Uint8Array(0);

  /** A transcript that touches nothing until {@linkcode Transcript.start}. */
  constructor(options: TranscriptOptions) {
    this.#options = options;
    this.#order = options.pending;
  }

  /** The transcript file. */
  get file(): string {
    return this.#options.file;
  }

  /**
   * With `resumed`, what the start kept of the existing file (undefined
   * before the start or without `resumed`).
   */
  get cut(): ResumeCut | undefined {
    return this.#cut;
  }

  /**
   * Open the file: write the header (a fresh transcript), or cut the
   * resumed one after its kept lines and set aside, to put back in order,
   * the resumed episodes' lines found after the cut or in the `.part`
   * files a killed run left; other `.part` files are removed. Does nothing
   * after the first call; whether this call was the first.
   */
  start(): boolean {
    if (this.#state !== "new") return false;
    this.#state = "open";
    const { file, resumed } = this.#options;
    // A killed run leaves its `.part` files. Those of resumed episodes hold
    // their complete lines (an episode is complete before a checkpoint
    // lists it) and are kept; the others are removed.
    const stale = this.#staleSpills();
    const apart = new Map(
      [...stale].filter(([episode]) => resumed?.has(episode) === true),
    );
    for (const [episode, path] of stale) {
      if (!apart.has(episode)) removeFile(file, path);
    }
    try {
      if (resumed === undefined) {
        this.#file = Deno.openSync(file, {
          write: true,
          create: true,
          truncate: true,
        });
        writeAll(
          this.#file,
          encoder.encode(headerLine(
            this.#options.modelId,
            this.#options.manifestHash,
          )),
        );
      } else {
        this.#file = Deno.openSync(file, { read: true, write: true });
        const cut = resumeCut(
          this.#file,
          resumed,
          (episode) => this.#spillOf(episode).handle as Deno.FsFile,
          new Set(apart.keys()),
        );
        const adopted = [...apart].filter(([episode, path]) =>
          this.#adopt(episode, path)
        ).map(([episode]) => episode);
        const moved = [...cut.moved, ...adopted].sort((a, b) => a - b);
        this.#cut = {
          ...cut,
          moved,
          missing: cut.missing.filter((e) => !adopted.includes(e)),
        };
        this.#file.truncateSync(cut.bytes);
        this.#file.seekSync(cut.bytes, Deno.SeekMode.Start);
        // The moved episodes are complete: they wait for their turn among
        // the episodes run now, as if they had just ended out of turn.
        this.#order = [...this.#options.pending, ...moved].sort((a, b) =>
          a - b
        );
        for (const episode of moved) this.episodeEnded(episode);
      }
    } catch (e) {
      throw fileError(file, "write", e);
    }
    return true;
  }

  /** Record one decision: to the file if its episode is the current one, else to the episode's temporary file. */
  add(decision: Decision): void {
    if (this.#state === "closed") return;
    this.start();
    const bytes = this.#encode(decisionLine(decision));
    if (decision.episode === this.#order[this.#cursor]) {
      this.#write(bytes);
    } else {
      const spill = this.#spillOf(decision.episode);
      try {
        spill.handle ??= Deno.openSync(spill.path, {
          write: true,
          append: true,
        });
        writeAll(spill.handle, bytes);
      } catch (e) {
        throw fileError(spill.path, "write", e);
      }
    }
  }

  /**
   * An episode completed: it has no more decisions. When it is the current
   * one, the next unfinished episode's decisions so far are copied in and
   * it streams from now on.
   */
  episodeEnded(episode: number): void {
    if (this.#state === "closed") return;
    this.start();
    this.#ended.add(episode);
    const spill = this.#spills.get(episode);
    spill?.handle?.close();
    if (spill !== undefined) spill.handle = undefined;
    const pending = this.#order;
    while (
      this.#cursor < pending.length &&
      this.#ended.has(pending[this.#cursor] as number)
    ) {
      // Only an episode put back by a resume is current with a file.
      this.#drain(pending[this.#cursor] as number);
      this.#ended.delete(pending[this.#cursor] as number);
      this.#cursor++;
      const next = pending[this.#cursor];
      if (next !== undefined) this.#drain(next);
    }
  }

  /**
   * End the transcript: the decisions still in temporary files (episodes
   * that completed out of turn, or were in flight when the run stopped)
   * are appended in episode order and their files removed. Later calls,
   * and decisions after it, do nothing.
   */
  close(): void {
    if (this.#state === "closed") return;
    const wasOpen = this.#state === "open";
    this.#state = "closed";
    try {
      if (!wasOpen) return;
      for (const episode of [...this.#spills.keys()].sort((a, b) => a - b)) {
        this.#drain(episode);
      }
    } finally {
      for (const episode of [...this.#spills.keys()]) this.#discard(episode);
      this.#file?.close();
      this.#file = undefined;
    }
  }

  // One buffer for every line: a fresh array per line would leave one
  // large allocation per step for the collector to find.
  #encode(text: string): Uint8Array {
    if (this.#buffer.length < text.length * 3) {
      this.#buffer = new Uint8Array(text.length * 3);
    }
    const { written } = encoder.encodeInto(text, this.#buffer);
    return this.#buffer.subarray(0, written);
  }

  #write(bytes: Uint8Array): void {
    try {
      writeAll(this.#file as Deno.FsFile, bytes);
    } catch (e) {
      throw fileError(this.#options.file, "write", e);
    }
  }

  #spillPath(episode: number): string {
    return `${this.#options.file}.episode-${episode}.part`;
  }

  #spillOf(episode: number): Spill {
    let spill = this.#spills.get(episode);
    if (spill === undefined) {
      const path = this.#spillPath(episode);
      try {
        const handle = Deno.openSync(path, {
          read: true,
          write: true,
          create: true,
          truncate: true,
        });
        spill = { path, handle };
      } catch (e) {
        throw fileError(path, "write", e);
      }
      this.#spills.set(episode, spill);
    }
    return spill;
  }

  /** Copy an episode's temporary file into the transcript and remove it. */
  #drain(episode: number): void {
    const spill = this.#spills.get(episode);
    if (spill === undefined) return;
    const buf = new Uint8Array(COPY_CHUNK);
    try {
      spill.handle?.close();
      spill.handle = undefined;
      using handle = Deno.openSync(spill.path, { read: true });
      for (;;) {
        const n = handle.readSync(buf);
        if (n === null) break;
        this.#write(buf.subarray(0, n));
      }
    } catch (e) {
      throw fileError(spill.path, "read", e);
    }
    this.#discard(episode);
  }

  #discard(episode: number): void {
    const spill = this.#spills.get(episode);
    if (spill === undefined) return;
    this.#spills.delete(episode);
    spill.handle?.close();
    try {
      Deno.removeSync(spill.path);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }

  /** The `.part` files beside the transcript, by episode. */
  #staleSpills(): Map<number, string> {
    const { dir, base } = splitPath(this.#options.file);
    const prefix = `${base}.episode-`;
    const found = new Map<number, string>();
    try {
      for (const entry of Deno.readDirSync(dir)) {
        const rest = entry.name.slice(prefix.length);
        if (
          entry.isFile && entry.name.startsWith(prefix) &&
          /^(0|[1-9][0-9]{0,15})\.part$/.test(rest)
        ) {
          found.set(Number(rest.slice(0, -5)), `${dir}/${entry.name}`);
        }
      }
    } catch (e) {
      throw fileError(this.#options.file, "read", e);
    }
    return found;
  }

  /**
   * Take a killed run's `.part` file of a resumed episode as that episode's
   * lines, cut to its whole lines of that episode; false (and the file
   * removed) when it has none.
   */
  #adopt(episode: number, path: string): boolean {
    let bytes: number;
    try {
      using handle = Deno.openSync(path, { read: true, write: true });
      bytes = episodeLines(handle, episode);
      handle.truncateSync(bytes);
    } catch (e) {
      throw fileError(path, "write", e);
    }
    if (bytes === 0) {
      removeFile(this.#options.file, path);
      return false;
    }
    this.#spills.set(episode, { path, handle: undefined });
    return true;
  }
}

function removeFile(transcript: string, path: string): void {
  try {
    Deno.removeSync(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      throw fileError(transcript, "write", e);
    }
  }
}

function writeAll(file: Deno.FsFile, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    offset += file.writeSync(bytes.subarray(offset));
  }
}
