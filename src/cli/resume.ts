/**
 * What `run --out FILE --resume` continues from: the journal beside FILE
 * (`journal.ts`), which holds every episode a stopped or killed run
 * completed, and FILE itself when it holds episodes the journal lacks (a
 * result written before journals, or by a run killed before its first
 * assembly). A FILE whose digest the journal lists as one of its
 * assemblies holds nothing more, and is not read at all: so a run killed
 * at any size resumes one episode in memory at a time.
 *
 * @module
 */

import { type DeferredDocument, parseDeferring } from "../json/canonical.ts";
import { Sha256, sha256Hex } from "../json/sha256.ts";
import { EmberError, EvaluationError } from "../errors.ts";
import { fileError } from "../files.ts";
import { rootCtx } from "../json/fields.ts";
import { parseResult, parseResultEpisode } from "../result/reader.ts";
import { episodeText, writeEpisodeText } from "../result/writer.ts";
import type { ResumedEpisode, ResumeStream } from "../evaluation/runner.ts";
import type { EvaluationResult, Manifest, ResultEpisode } from "../types.ts";
import { type FileRange, ResultFile } from "../verify/file.ts";
import { strictEpisode, strictEpisodes } from "../verify/result_items.ts";
import type { Span } from "../verify/stream.ts";
import type { ResultHead } from "../result/reader.ts";
import { fileExists, readJson } from "./io.ts";
import {
  episodeLineLimit,
  Journal,
  journalFile,
  type JournalHeader,
} from "./journal.ts";

/** The run being resumed: who, what it schedules. */
export type ResumeTarget = JournalHeader & {
  readonly evaluation_manifest: Manifest;
};

/**
 * What a run resumes: the journal it continues (when one of this run's is
 * there), FILE's result when it must be read, and the schedule indices of
 * the episodes they hold together (`undefined` when there is nothing to
 * resume, neither file nor journal).
 */
export type Resumable = {
  /** The `--out` file. */
  readonly file: string;
  readonly journal: Journal | undefined;
  readonly result: ResumedFile | undefined;
  readonly indices: ReadonlySet<number> | undefined;
};

/**
 * Find what `run --out out --resume` continues, refusing (naming the file
 * and the field or line) a journal or a result of another run, a damaged
 * journal, or a result whose episodes differ from the journal's. Nothing
 * is replayed yet: {@linkcode resumeStream} hands the episodes to the run,
 * which checks each. `read` reads FILE as a result.
 *
 * @example
 * ```ts ignore
 * import { findResumable } from "./resume.ts";
 * const found = await findResumable("res/g.json", { model_id: "greedy", evaluation_manifest_hash: h, evaluation_manifest: m });
 * ```
 */
export async function findResumable(
  out: string,
  target: ResumeTarget,
  read: (file: string) => Promise<ResumedFile> = readResult,
): Promise<Resumable> {
  const total = target.evaluation_manifest.episodes.length;
  const journal = await Journal.open(journalFile(out), target, total);
  try {
    let result: ResumedFile | undefined;
    const present = await fileExists(out);
    if (present && !(journal !== undefined && await listed(journal, out))) {
      result = await read(out);
      checkHead(result, target, out);
      if (journal !== undefined) await checkOverlap(journal, result, out);
    }
    if (!present && (journal === undefined || journal.count === 0)) {
      return { file: out, journal, result, indices: undefined };
    }
    const indices = new Set(journal?.indices());
    for (const index of result?.indices ?? []) indices.add(index);
    return { file: out, journal, result, indices };
  } catch (e) {
    await journal?.close();
    throw e;
  }
}

/**
 * The runner's stream of the resumed episodes: the journal's, each read
 * from its line, checked as a result's episode is and named by its line,
 * then the result's that the journal lacks, each written to the journal
 * once the run has checked it.
 *
 * @example
 * ```ts ignore
 * import { resumeStream } from "./resume.ts";
 * const stream = resumeStream(found, journal, target);
 * // runEvaluation(suite, policy, { modelId, retain: false, resume: stream, … })
 * ```
 */
export function resumeStream(
  found: Resumable,
  journal: Journal,
  target: ResumeTarget,
): ResumeStream {
  return {
    model_id: target.model_id,
    evaluation_manifest_hash: target.evaluation_manifest_hash,
    episodes: streamed(found, journal, target),
  };
}

async function* streamed(
  found: Resumable,
  journal: Journal,
  target: ResumeTarget,
): AsyncGenerator<ResumedEpisode> {
  const head = {
    model_id: target.model_id,
    evaluation_manifest: target.evaluation_manifest,
    evaluation_manifest_hash: target.evaluation_manifest_hash,
    items: [],
    epCtx: rootCtx(EvaluationError, journal.file),
  };
  if (found.journal !== undefined) {
    for await (const { index, line, text } of journal.episodes()) {
      const path = `line ${line}`;
      const ctx = rootCtx(EvaluationError, journal.file, path);
      const refuse = (detail: string): never => {
        throw new EvaluationError(`cannot resume: ${detail}`, {
          file: journal.file,
          path,
        });
      };
      let parsed: DeferredDocument;
      try {
        parsed = parseDeferring(text, () => false, {
          file: journal.file,
          limits: { maxFileBytes: episodeLineLimit() },
        });
      } catch (e) {
        return refuse(`the episode is not strict JSON: ${describe(e)}`);
      }
      if (!parsed.canonical) refuse("the episode's text is not canonical");
      const episode = parseResultEpisode(head, parsed.value, 0, -1, ctx);
      if (episode.index !== index) {
        refuse(
          `the line is for episode ${index}, its text for ${episode.index}`,
        );
      }
      yield { episode, file: journal.file, path };
    }
  }
  if (found.result === undefined) return;
  for await (const { episode, position } of found.result.episodes()) {
    if (journal.has(episode.index)) continue;
    yield {
      episode,
      file: found.file,
      path: `episodes[${position}]`,
      adopted: () =>
        journal.append(episode.index, (out) => writeEpisodeText(out, episode)),
    };
  }
}

function describe(e: unknown): string {
  return e instanceof EmberError ? e.detail : String(e);
}

/**
 * FILE as the resumed run reads it: who wrote it, the indices of its
 * episodes and the episodes themselves (each checked as `parseResult`
 * checks a result's), in the file's order, with their place in it.
 */
export type ResumedFile = {
  readonly model_id: string;
  readonly evaluation_manifest_hash: string;
  readonly indices: readonly number[];
  /** The episodes, one at a time (each call reads them anew). */
  episodes(): AsyncIterable<
    { readonly episode: ResultEpisode; readonly position: number }
  >;
};

/**
 * A result read whole, as a {@linkcode ResumedFile}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heldResult } from "./resume.ts";
 * const held = heldResult({ model_id: "m", evaluation_manifest_hash: "h", episodes: [] } as never);
 * assert.deepEqual(held.indices, []);
 * ```
 */
export function heldResult(result: EvaluationResult): ResumedFile {
  return {
    model_id: result.model_id,
    evaluation_manifest_hash: result.evaluation_manifest_hash,
    indices: result.episodes.map((e) => e.index),
    episodes: async function* () {
      for (const [position, episode] of result.episodes.entries()) {
        yield { episode, position };
      }
    },
  };
}

/** Where an episode of a streamed FILE is, and the digest of its text. */
type Placed = {
  readonly index: number;
  readonly span: Span;
  readonly digest: string;
};

/**
 * FILE (or its byte `range`: a run part's result) as a
 * {@linkcode ResumedFile} read as a stream, one episode in memory at a
 * time: first every episode checked as `parseResult` checks them (its
 * place and the digest of its text kept), then, as the run takes them,
 * each read again from its place, refused if its text changed since.
 * `undefined` when the file is not read so (it is then read whole, and
 * `parseResult`'s checks refuse it with their messages).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamedResult } from "./resume.ts";
 * // The test task may write only inside the checkout.
 * const path = await Deno.makeTempFile({ dir: "." });
 * await Deno.writeTextFile(path, "{}");
 * assert.equal(await streamedResult(path), undefined);
 * await Deno.remove(path);
 * ```
 */
export async function streamedResult(
  file: string,
  range: FileRange = {},
): Promise<ResumedFile | undefined> {
  const placed: Placed[] = [];
  let read;
  {
    using opened = await ResultFile.open(file, range, file);
    read = await strictEpisodes(opened, { file }, (episode, item) => {
      placed.push({
        index: episode.index,
        span: item.span,
        digest: sha256Hex(item.text),
      });
    });
  }
  if (read === undefined) return undefined;
  const head = read.head;
  return {
    model_id: head.model_id,
    evaluation_manifest_hash: head.evaluation_manifest_hash,
    indices: placed.map((p) => p.index),
    episodes: () => readAgain(file, head, placed),
  };
}

/** The episodes of a streamed FILE, read again from their places. */
async function* readAgain(
  file: string,
  head: ResultHead,
  placed: readonly Placed[],
): AsyncGenerator<{ episode: ResultEpisode; position: number }> {
  using opened = await ResultFile.open(file);
  let last = -1;
  for (const [position, { span, digest, index }] of placed.entries()) {
    const bytes = new Uint8Array(span.end - span.start);
    let n = 0;
    while (n < bytes.length) {
      const got = await opened.read(bytes.subarray(n), span.start + n);
      if (got === 0) break;
      n += got;
    }
    const text = new TextDecoder().decode(bytes.subarray(0, n));
    const episode = sha256Hex(text) === digest
      ? strictEpisode(head, { position, text, span }, last, undefined)
      : undefined;
    if (episode === undefined || episode.index !== index) {
      throw new EvaluationError(
        "cannot resume: the episode changed since the file was read (is another process writing it?)",
        { file, path: `episodes[${position}]` },
      );
    }
    last = index;
    yield { episode, position };
  }
}

/** FILE as a result: streamed, else read whole (errors naming it). */
async function readResult(file: string): Promise<ResumedFile> {
  return await streamedResult(file) ??
    heldResult(parseResult(await readJson(file), { file }));
}

/** Whether the journal lists an assembly of FILE's bytes. */
async function listed(journal: Journal, file: string): Promise<boolean> {
  const hash = new Sha256();
  let bytes = 0;
  try {
    using handle = await Deno.open(file, { read: true });
    const buffer = new Uint8Array(1 << 20);
    for (;;) {
      const n = await handle.read(buffer);
      if (n === null) break;
      hash.update(buffer.subarray(0, n));
      bytes += n;
    }
  } catch (e) {
    throw fileError(file, "read", e);
  }
  return journal.assembled(hash.hex(), bytes);
}

/** Refuse a result of another model or manifest, naming the field. */
function checkHead(
  result: ResumedFile,
  target: ResumeTarget,
  file: string,
): void {
  if (result.model_id !== target.model_id) {
    throw new EvaluationError(
      `cannot resume: result is for model ${result.model_id}, not ${target.model_id}`,
      { file, path: "model_id" },
    );
  }
  if (result.evaluation_manifest_hash !== target.evaluation_manifest_hash) {
    throw new EvaluationError(
      `cannot resume: result has manifest hash ${result.evaluation_manifest_hash}, this suite schedules ${target.evaluation_manifest_hash}`,
      { file, path: "evaluation_manifest_hash" },
    );
  }
}

/**
 * Refuse a result whose episode differs from the journal's of the same
 * index: two runs' episodes, of which neither can be chosen. Both are
 * read in index order, side by side, one episode of each at a time.
 */
async function checkOverlap(
  journal: Journal,
  result: ResumedFile,
  file: string,
): Promise<void> {
  if (!result.indices.some((i) => journal.has(i))) return;
  const lines = journal.episodes();
  try {
    let line = lines.next();
    for await (const { episode, position } of result.episodes()) {
      if (!journal.has(episode.index)) continue;
      while (!line.done && line.value.index < episode.index) {
        line = lines.next();
      }
      if (line.done || line.value.index !== episode.index) continue;
      if (episodeText(episode) !== line.value.text) {
        throw new EvaluationError(
          `cannot resume: the episode differs from episode ${episode.index} in ${journal.file} (line ${line.value.line}); remove one of the two files`,
          { file, path: `episodes[${position}]` },
        );
      }
    }
  } finally {
    lines.return(undefined);
  }
}
