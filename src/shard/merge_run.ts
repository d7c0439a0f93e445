/**
 * Merging run parts into the result that one `run` would have written.
 * Each part is verified as `verify` verifies a result (its body is a
 * result: every record replayed), and must be canonical, so that its
 * episode items are, byte for byte, the items of the whole result: the
 * merged text is the result writer's frame around them, in schedule
 * order. For a deterministic policy that is the unsharded run's output.
 *
 * @module
 */

import { PartError } from "../errors.ts";
import type { KernelName } from "../kernel_name.ts";
import { RESULT_START, resultEndChunks } from "../result/writer.ts";
import type { EpisodeKey, Suite } from "../types.ts";
import { verifyCanonicalBytes, verifyEvaluation } from "../verify/verify.ts";
import type { VerifiedEvaluation } from "../verify/verified.ts";
import {
  indicesReducer,
  reduceVerified,
  type VerifiedIndices,
} from "../verify/sink.ts";
import type { PartFrame, RunShardFields } from "./part.ts";
import { readPartFrame } from "./part.ts";
import { partFrameOfFile } from "./part_file.ts";
import { ResultFile, verifyWrittenInto } from "../verify/file.ts";
import type { Span } from "../verify/stream.ts";
import { inShard } from "./shard.ts";
import { checkTogether } from "./together.ts";
import { itemSpans, type PartSource, type Sink } from "./source.ts";

/** What {@linkcode mergeRunParts} found; `write` writes the result. */
export type MergedRun = {
  readonly modelId: string;
  readonly scheduled: number;
  /** The scheduled episodes that no part holds (failed or stopped shards). */
  readonly missing: readonly EpisodeKey[];
  readonly episodes: number;
  /** Write the merged result's canonical bytes, in order. */
  write(sink: Sink): Promise<void>;
};

/**
 * A verified run part: where each of its episode items lies, and the
 * fields of its result that the merged result repeats. Not its verified
 * episodes: the merge copies their bytes, and 10,000 of them, each with
 * what the statistics read, would hold 20 MB to the end for nothing.
 */
type Checked = {
  readonly source: PartSource;
  readonly fields: RunShardFields;
  readonly result: Pick<
    VerifiedEvaluation,
    "model_id" | "evaluation_manifest" | "evaluation_manifest_hash"
  >;
  /**
   * Its episode items, in order (a result's are in increasing index
   * order): their indices and where each starts and ends, in typed arrays
   * (a map of 50,000 pairs weighed megabytes a part).
   */
  readonly items: {
    readonly indices: Float64Array;
    readonly starts: Float64Array;
    readonly ends: Float64Array;
  };
};

/**
 * Check and verify run parts and prepare their merge: a
 * {@linkcode PartError} naming the part for one that is not a run part,
 * does not match its own digest, holds an episode of another shard, or
 * does not belong with the others (`together.ts`); the verifier's error,
 * naming the part, for a record that does not replay.
 */
export async function mergeRunParts(
  sources: readonly PartSource[],
  suite: Suite,
  options: {
    readonly kernel?: KernelName;
    readonly onPart?: (done: number, total: number) => void;
  } = {},
): Promise<MergedRun> {
  const checked: Checked[] = [];
  for (const source of sources) {
    const c = await checkRunPart(source, suite, options.kernel);
    // Every part's manifest is the suite's (each proof compared it), so
    // the first part's objects serve for all: 100,000 episode keys a part
    // otherwise.
    const kept = checked[0]?.result.evaluation_manifest;
    checked.push(
      kept === undefined
        ? c
        : { ...c, result: { ...c.result, evaluation_manifest: kept } },
    );
    options.onPart?.(checked.length, sources.length);
  }
  checkTogether(
    checked.map((c) => ({ name: c.source.name, fields: c.fields })),
  );
  const first = checked[0]!.result;
  const manifest = first.evaluation_manifest;
  // Which part holds each scheduled episode (-1: none). The parts are of
  // disjoint shards (`checkTogether`), and each part's items are in index
  // order, so the merge takes each part's items in turn.
  const owner = new Int32Array(manifest.episodes.length).fill(-1);
  checked.forEach((c, p) => {
    for (const index of c.items.indices) owner[index] = p;
  });
  const present = manifest.episodes.filter((k) => owner[k.index]! >= 0);
  return {
    modelId: first.model_id,
    scheduled: manifest.episodes.length,
    missing: manifest.episodes.filter((k) => owner[k.index]! < 0),
    episodes: present.length,
    async write(sink) {
      const text = new TextEncoder();
      await sink(text.encode(RESULT_START));
      const comma = text.encode(",");
      const next = new Int32Array(checked.length);
      for (const [i, key] of present.entries()) {
        if (i > 0) await sink(comma);
        const p = owner[key.index]!;
        const { source, items } = checked[p]!;
        const j = next[p]!;
        next[p] = j + 1;
        if (items.indices[j] !== key.index) {
          throw new Error(
            `internal error: ${source.name}'s items out of order`,
          );
        }
        await sink(await source.slice(items.starts[j]!, items.ends[j]!));
      }
      for (
        const chunk of resultEndChunks({
          evaluation_manifest: manifest,
          evaluation_manifest_hash: first.evaluation_manifest_hash,
          model_id: first.model_id,
        })
      ) await sink(text.encode(chunk));
    },
  };
}

/**
 * A part's frame, its result verified (its fields and the indices of its
 * episodes: the verified episodes are let go as they are proved), and
 * where each episode item lies in it: streamed from its file when it has
 * one, else from its bytes.
 */
async function verifiedBody(
  source: PartSource,
  suite: Suite,
  kernel: KernelName | undefined,
): Promise<
  { frame: PartFrame; verified: VerifiedIndices; spans: readonly Span[] }
> {
  const file = source.name;
  const options = {
    file,
    statisticsOnly: true,
    ...(kernel === undefined ? {} : { kernel }),
  };
  if (source.path !== undefined) {
    let frame: PartFrame | undefined;
    {
      using whole = await ResultFile.open(source.path, {}, file);
      frame = await partFrameOfFile(whole);
    }
    if (frame === undefined) {
      throw new PartError(
        'not a part: a part starts with {"result": or {"artifact":',
        { file },
      );
    }
    runFrame(frame, file);
    using body = await ResultFile.open(source.path, {
      start: frame.start,
      end: frame.end,
    }, file);
    const written = await verifyWrittenInto(
      body,
      suite,
      options,
      indicesReducer(),
      true,
    );
    if (written === undefined) {
      throw new PartError(NOT_CANONICAL, { file, path: "result" });
    }
    return { frame, verified: written.kept, spans: written.spans };
  }
  const bytes = await source.bytes();
  const frame = runFrame(readPartFrame(bytes, file), file);
  const body = bytes.subarray(frame.start, frame.end);
  const verified = await verifyCanonicalBytes(body, suite, options) ??
    await notCanonical(body, suite, options, file);
  const { items } = itemSpans(body, RESULT_START.length - 1);
  const spans = items.map(([start, end]) => ({
    start: frame.start + start,
    end: frame.start + end,
  }));
  return { frame, verified: reduceVerified(verified, indicesReducer()), spans };
}

/** `frame`, refused (naming `file`) unless it is a run part's. */
function runFrame(frame: PartFrame, file: string): PartFrame {
  if (frame.fields.kind !== "run") {
    throw new PartError(
      `a ${frame.fields.kind} statistics part, not a run part`,
      { file },
    );
  }
  return frame;
}

const NOT_CANONICAL =
  "its result is valid but not canonical JSON: a part is written canonical (was it edited?)";

async function checkRunPart(
  source: PartSource,
  suite: Suite,
  kernel: KernelName | undefined,
): Promise<Checked> {
  const file = source.name;
  const refuse = (detail: string, path = ""): never => {
    throw new PartError(detail, { file, path });
  };
  const { frame, verified, spans: items } = await verifiedBody(
    source,
    suite,
    kernel,
  );
  const run = frame.fields as RunShardFields;
  if (verified.digest !== run.result_digest) {
    refuse(
      `its result's digest is ${verified.digest}, not the ${run.result_digest} that it records (changed after it was written?)`,
      "shard.result_digest",
    );
  }
  if (verified.model_id !== run.model_id) {
    refuse(
      `its result is of model ${verified.model_id}, its shard says ${run.model_id}`,
      "shard.model_id",
    );
  }
  if (verified.evaluation_manifest_hash !== run.evaluation_manifest_hash) {
    refuse(
      "its result's manifest hash is not the one its shard records",
      "shard.evaluation_manifest_hash",
    );
  }
  const scheduled =
    verified.evaluation_manifest.episodes.filter((k) => inShard(k.index, run))
      .length;
  if (scheduled !== run.scheduled) {
    refuse(
      `shard ${run.index} of ${run.count} schedules ${scheduled} episodes, the part says ${run.scheduled}`,
      "shard.scheduled",
    );
  }
  const count = verified.indices.length;
  const indices = new Float64Array(count);
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  verified.indices.forEach((index, i) => {
    if (!inShard(index, run)) {
      refuse(
        `episode ${index} is not in shard ${run.index} of ${run.count} (index mod ${run.count} is ${
          index % run.count
        })`,
        `result.episodes[${i}].index`,
      );
    }
    indices[i] = index;
    starts[i] = items[i]!.start;
    ends[i] = items[i]!.end;
  });
  const { model_id, evaluation_manifest, evaluation_manifest_hash } = verified;
  return {
    source,
    fields: run,
    result: { model_id, evaluation_manifest, evaluation_manifest_hash },
    items: { indices, starts, ends },
  };
}

/**
 * The verdict on a body that the canonical proof did not take: the
 * verifier's refusal, or, for a valid result written otherwise, this.
 */
async function notCanonical(
  body: Uint8Array,
  suite: Suite,
  options: { file: string; kernel?: KernelName; statisticsOnly?: boolean },
  file: string,
): Promise<never> {
  await verifyEvaluation(body, suite, options);
  throw new PartError(NOT_CANONICAL, { file, path: "result" });
}
