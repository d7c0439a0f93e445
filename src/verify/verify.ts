/**
 * Verified evaluations: the only way to a {@linkcode VerifiedEvaluation} is
 * full verification (statistics.md §1), so nothing unverified can pass as
 * verified. Bytes are read once and each record is replayed once: the
 * proof (`proof.ts`, where its soundness argument is) takes the episodes
 * one at a time from a reading of the text as the result writer writes it
 * (`reader.ts`), replays each record from its own actions and compares the
 * texts. Anything it cannot prove (any refusal) is decided by the
 * reference verifier's checks (`reference.ts`, on the refusal path:
 * `refusal.ts`) on one more, strict, reading, so that every refusal
 * carries exactly the diagnostics it always had; they skip the episodes
 * the proof did show valid, so a refused file builds the values of the
 * others only. A value in memory is proved through its canonical bytes.
 *
 * @module
 */

import { encodeBytes, type JsonValue } from "../json/canonical.ts";
import type { Suite } from "../types.ts";
import { BytesVerification } from "./bytes.ts";
import { checkKernel, type VerifyEvaluationOptions } from "./options.ts";
import { verified } from "./refusal.ts";
import type { VerifiedEvaluation } from "./verified.ts";

export type { VerifyEvaluationOptions } from "./options.ts";

/**
 * Verify an evaluation result completely (statistics.md §1) and return it
 * typed. Given bytes (a file's content), it reads them strictly and
 * replays each record once; given a parsed value, it is
 * {@linkcode verifyResult}. Refusals are those of the strict reader
 * (`CanonicalJsonError`) and of {@linkcode verifyResult}
 * (`StatisticsInputError`), with the same messages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyEvaluation } from "./verify.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * await assert.rejects(
 *   verifyEvaluation(new TextEncoder().encode("{}"), publicSuite(), { file: "r.json" }),
 *   { name: "StatisticsInputError", message: "r.json: model_id: missing field" },
 * );
 * ```
 */
export async function verifyEvaluation(
  input: Uint8Array | JsonValue,
  suite: Suite,
  options: VerifyEvaluationOptions = {},
): Promise<VerifiedEvaluation> {
  checkKernel(options.kernel);
  if (input instanceof Uint8Array) {
    const reading = new BytesVerification(input, options);
    input = null;
    const fast = await reading.prove(suite);
    if (fast !== undefined) return fast;
    reading.read();
    return await reading.verify(suite);
  }
  // A value in memory is proved through its canonical bytes, which stand
  // for it exactly; anything the writer or the proof refuses is decided by
  // the reference verifier on the value itself.
  let bytes: Uint8Array | undefined;
  try {
    bytes = encodeBytes(input);
  } catch {
    bytes = undefined;
  }
  if (bytes !== undefined) {
    const fast = await verifyCanonicalBytes(bytes, suite, options);
    if (fast !== undefined) return fast;
  }
  return verified(input, suite, options);
}

/**
 * The proof alone, on bytes: a verified result, or `undefined` when it
 * cannot prove the bytes valid (they may still be). The bytes are not
 * released.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyCanonicalBytes } from "./verify.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * assert.equal(await verifyCanonicalBytes(new TextEncoder().encode("{}"), publicSuite()), undefined);
 * ```
 */
export function verifyCanonicalBytes(
  bytes: Uint8Array,
  suite: Suite,
  options: VerifyEvaluationOptions = {},
): Promise<VerifiedEvaluation | undefined> {
  const { release: _, ...kept } = options;
  return new BytesVerification(bytes, kept).prove(suite);
}
