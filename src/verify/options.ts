/**
 * The verifier's options: those of the reference verifier, and those of
 * the verifier of bytes, which proves a result before it refers anything
 * to the reference checks.
 *
 * @module
 */

import { KERNEL_NAMES, type KernelName } from "../kernel_name.ts";
import type { Limits } from "../limits.ts";

/**
 * Options of `verifyResult`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyResult } from "./reference.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(verifyResult({}, publicSuite(), { file: "result.json" }), {
 *   name: "StatisticsInputError",
 *   message: "result.json: model_id: missing field",
 * });
 * ```
 */
export type VerifyOptions = {
  /** File name for error messages. */
  readonly file?: string;
  /** Called with (episodes replayed, episodes in the result). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Overrides of the implementation limits (`limits.ts`). */
  readonly limits?: Partial<Limits>;
};

/** Options of `verifyEvaluation`. */
export type VerifyEvaluationOptions = VerifyOptions & {
  /**
   * Name of the input in strict-reading errors, when it differs from
   * `file` (`<stdin>`).
   */
  readonly source?: string;
  /**
   * What replays the records of a canonical input: `"wasm"` (default, the
   * replay kernel, each record proved by regenerating its text) or
   * `"reference"` (the TypeScript simulator, record objects compared part
   * by part). Refusals are decided by the reference verifier either way,
   * and the verdict is the same.
   */
  readonly kernel?: KernelName;
  /**
   * The caller hands the bytes over: once they are hashed and decoded, their
   * buffer is detached (`ArrayBuffer.prototype.transfer`), so that a large
   * input is not in memory twice until the garbage collector runs. The
   * bytes must not be used afterwards.
   */
  readonly release?: boolean;
  /**
   * Keep of each episode's metrics dictionary only the part that the
   * statistics read (`statisticsPart`: the safety section and each
   * statistics metric's stored value), about a tenth of it: for a command
   * that computes statistics or counts episodes and shows no dictionary,
   * so that a result of many episodes is not kept whole in memory. The
   * verdict and the digest are the same.
   */
  readonly statisticsOnly?: boolean;
};

/**
 * Refuse a kernel name outside the list: a caller's mistake, not a
 * verdict.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkKernel } from "./options.ts";
 * checkKernel("wasm");
 * assert.throws(() => checkKernel("gpu"), RangeError);
 * ```
 */
export function checkKernel(kernel: unknown): void {
  if (kernel !== undefined && !KERNEL_NAMES.some((k) => k === kernel)) {
    throw new RangeError(
      `kernel must be one of ${KERNEL_NAMES.join(", ")}, found ${
        String(kernel)
      }`,
    );
  }
}
