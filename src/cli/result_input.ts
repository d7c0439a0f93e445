/**
 * A command's result input: a file is opened, then verified as a stream of
 * episodes (`verify/file.ts`), or its episodes read one at a time
 * ({@linkcode streamEpisodes}), so that its size is not bounded by the
 * `file-bytes` limit unless it must be read whole; standard input (`-`)
 * cannot be read at offsets and is read whole, within the limit.
 *
 * @module
 */

import type { ResultEpisode, Suite } from "../types.ts";
import { ResultFile, verifyOpenedInto } from "../verify/file.ts";
import { type Reducer, reduceVerified } from "../verify/sink.ts";
import {
  type ItemText,
  strictEpisodes,
  type StrictResult,
} from "../verify/result_items.ts";
import { verifyEvaluation } from "../verify/verify.ts";
import type { VerifyEvaluationOptions } from "../verify/options.ts";
import { readInput } from "./io.ts";

/**
 * Open a result input: standard input's bytes for `-` (read whole, as
 * `readInput` reads it), else the open file. Failures name the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openResult } from "./result_input.ts";
 * await assert.rejects(openResult("no-such-result.json"), { name: "FileError" });
 * ```
 */
export async function openResult(
  file: string,
): Promise<ResultFile | Uint8Array> {
  return file === "-" ? await readInput(file) : await ResultFile.open(file);
}

/**
 * Verify an opened result input (`verifyEvaluation`'s options; bytes are
 * handed over), close it, and return what a new `reducer` keeps of the
 * verified result: a file's episodes are handed to it one at a time as the
 * streamed proof verifies them, so that the command's memory is
 * what the reducer keeps, whatever the file's size.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyInputInto } from "./result_input.ts";
 * import { indicesReducer } from "../verify/sink.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(
 *   verifyInputInto(new TextEncoder().encode("{}"), publicSuite(), { file: "-" }, indicesReducer),
 *   { name: "StatisticsInputError", message: "-: model_id: missing field" },
 * );
 * ```
 */
export async function verifyInputInto<T>(
  input: ResultFile | Uint8Array,
  suite: Suite,
  options: VerifyEvaluationOptions,
  reducer: () => Reducer<T>,
  settle = false,
): Promise<T> {
  if (input instanceof Uint8Array) {
    return reduceVerified(
      await verifyEvaluation(input, suite, { ...options, release: true }),
      reducer(),
    );
  }
  try {
    return await verifyOpenedInto(input, suite, options, reducer, settle);
  } finally {
    input.close();
  }
}

/**
 * A result file's episodes, one at a time, checked as `parseResult` checks
 * them (`verify/result_items.ts`), none held: `each` takes each in turn.
 * `undefined` for standard input, a file that is not regular, or one that
 * is not read so (the caller reads it whole, within `file-bytes`, and its
 * checks refuse it with their messages). Errors name the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamEpisodes } from "./result_input.ts";
 * assert.equal(await streamEpisodes("-", () => {}), undefined);
 * await assert.rejects(streamEpisodes("no-such-result.json", () => {}), { name: "FileError" });
 * ```
 */
export async function streamEpisodes(
  file: string,
  each: (episode: ResultEpisode, item: ItemText) => void | Promise<void>,
): Promise<StrictResult | undefined> {
  if (file === "-") return undefined;
  using opened = await ResultFile.open(file);
  return await strictEpisodes(opened, { file }, each);
}
