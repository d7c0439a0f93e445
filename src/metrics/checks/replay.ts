/**
 * Stage 3 of metrics.md §2: simulator replay authentication. A replay
 * mismatch becomes a metrics input error whose message starts with
 * `record failed simulator replay verification:` and whose `cause` is the
 * replay error.
 *
 * @module
 */

import { MetricsInputError, ReplayMismatchError } from "../../errors.ts";
import { replayCheck } from "../../record/replay.ts";
import type { RunRecord, Scenario } from "../../types.ts";

/** Prefix of every stage-3 failure message (metrics.md §2). */
export const REPLAY_FAILURE_PREFIX =
  "record failed simulator replay verification:";

/**
 * Replay the record's action log and require a byte-identical record.
 * The message keeps the prefix first, so the file (when known) goes on the
 * error's `file` property and at the end of the message, not in front.
 */
export async function authenticate(
  scenario: Scenario,
  record: RunRecord,
  scenarioHash: string,
  file?: string,
): Promise<void> {
  try {
    await replayCheck(scenario, record, { scenarioHash });
  } catch (e) {
    if (!(e instanceof ReplayMismatchError)) throw e;
    const where = file === undefined ? "" : ` (file ${JSON.stringify(file)})`;
    const err = new MetricsInputError(
      `${REPLAY_FAILURE_PREFIX} ${e.message}${where}`,
      { cause: e },
    );
    if (file !== undefined) err.file = file;
    throw err;
  }
}
