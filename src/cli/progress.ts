/**
 * A progress bar on standard error. It is drawn only when standard error is
 * a terminal and `--quiet` is off, so pipes, logs and tests see nothing.
 * It needs no permission (no terminal-size or environment lookup).
 *
 * @module
 */

import type { BootstrapProgress } from "../statistics/artifact.ts";
import { type ProgressPoint, rateAnchor, timeLeftMs } from "./eta.ts";

/**
 * Where a task stands: `done` of `total` units of work (they fill the bar
 * and time the estimate), told as `counts` in the user's units.
 */
export type ProgressState = {
  /** The phase, such as "verify" or "bootstrap"; a new one restarts the estimate. */
  readonly label?: string;
  readonly done: number;
  readonly total: number;
  /** The counts as the user asked for them, such as "48/104 episodes". */
  readonly counts: string;
};

/**
 * A progress display for one task.
 *
 * @example
 * ```ts
 * import type { Progress } from "./progress.ts";
 * const log: string[] = [];
 * const p: Progress = { update: (s) => log.push(s.counts), finish() {} };
 * p.update({ done: 1, total: 2, counts: "1/2 episodes" });
 * ```
 */
export interface Progress {
  /** Report where the task stands. */
  update(state: ProgressState): void;
  /** Erase the bar; call once when the task ends, however it ends. */
  finish(): void;
}

const WIDTH = 28;
const REDRAW_MS = 100;
// The estimate is shown once a second of the phase makes its rate meaningful.
const ETA_AFTER_MS = 1000;

/** A progress display that shows nothing. */
const SILENT: Progress = { update() {}, finish() {} };

/**
 * A progress bar titled `title`, or a display that shows nothing when `quiet` is set
 * or standard error is not a terminal.
 *
 * @example
 * ```ts
 * import { progressBar } from "./progress.ts";
 * const bar = progressBar("run greedy", { quiet: true });
 * bar.update({ done: 1, total: 96, counts: "1/96 episodes" });
 * bar.finish();
 * ```
 */
export function progressBar(
  title: string,
  options: { quiet: boolean },
): Progress {
  if (options.quiet || !Deno.stderr.isTerminal()) return SILENT;
  const started = Date.now();
  let lastDraw = 0;
  let drawn = false;
  // Each phase has its own rate: the estimate starts again with it.
  let phase: string | undefined;
  let phaseStart = started;
  let anchor: ProgressPoint | undefined;
  const encoder = new TextEncoder();
  const write = (text: string) => {
    const bytes = encoder.encode(text);
    let offset = 0;
    while (offset < bytes.length) {
      offset += Deno.stderr.writeSync(bytes.subarray(offset));
    }
  };
  return {
    update(state) {
      const now = Date.now();
      if (state.label !== phase) {
        phase = state.label;
        phaseStart = now;
        anchor = undefined;
      }
      const point = { ms: now - phaseStart, done: state.done };
      anchor = rateAnchor(anchor, point, state.total);
      if (now - lastDraw < REDRAW_MS && state.done < state.total) return;
      lastDraw = now;
      drawn = true;
      const left = point.ms >= ETA_AFTER_MS
        ? timeLeftMs(anchor, point, state.total)
        : undefined;
      write(`\r\x1b[2K${renderBar(title, state, now - started, left)}`);
    },
    finish() {
      if (drawn) write("\r\x1b[2K");
      drawn = false;
    },
  };
}

/**
 * One line of the bar: title, optional label, bar, counts, percent of the
 * work, elapsed time and, when known, the estimated time left.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderBar } from "./progress.ts";
 * const state = { done: 48, total: 96, counts: "48/96 episodes" };
 * const line = renderBar("verify", state, 2500, 2500);
 * assert.equal(line, `verify [${"#".repeat(14)}${"-".repeat(14)}] 48/96 episodes 50% 2.5s, ~3s left`);
 * assert.ok(renderBar("b", state, 1000, 120_000).endsWith(", ~2m00s left"));
 * assert.ok(renderBar("b", state, 500, undefined).endsWith("50% 0.5s"));
 * ```
 */
export function renderBar(
  title: string,
  state: ProgressState,
  elapsedMs: number,
  leftMs: number | undefined,
): string {
  const { done, total } = state;
  const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(fraction * WIDTH);
  const bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
  const head = state.label === undefined ? title : `${title} ${state.label}`;
  const percent = Math.floor(fraction * 100);
  const seconds = (elapsedMs / 1000).toFixed(1);
  const eta = leftMs === undefined ? "" : `, ~${duration(leftMs)} left`;
  return `${head} [${bar}] ${state.counts} ${percent}% ${seconds}s${eta}`;
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/**
 * Progress in episodes (running or verifying).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { episodeProgress } from "./progress.ts";
 * assert.deepEqual(episodeProgress(3, 104, "verify"), {
 *   label: "verify", done: 3, total: 104, counts: "3/104 episodes",
 * });
 * ```
 */
export function episodeProgress(
  done: number,
  total: number,
  label?: string,
): ProgressState {
  return {
    ...(label === undefined ? {} : { label }),
    done,
    total,
    counts: `${done}/${total} episodes`,
  };
}

/**
 * Progress of a statistics command: episodes while verifying; while
 * bootstrapping, the intervals done of all and the R each one draws, with
 * the bar and the estimate driven by the work (resampled values), whose
 * share differs from the intervals' share.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statisticsProgress } from "./progress.ts";
 * const b = { resamples: 1000000, intervals: 233, intervalsDone: 12, work: 8e9, workDone: 2e9 };
 * assert.deepEqual(statisticsProgress("bootstrap", 12e6, 233e6, b), {
 *   label: "bootstrap", done: 2e9, total: 8e9,
 *   counts: "12/233 intervals of 1000000 resamples",
 * });
 * assert.equal(statisticsProgress("verify A", 5, 104).counts, "5/104 episodes");
 * const none = { ...b, work: 0, workDone: 0 };
 * assert.equal(statisticsProgress("bootstrap", 0, 0, none).done, 12);
 * ```
 */
export function statisticsProgress(
  phase: string,
  done: number,
  total: number,
  bootstrap?: BootstrapProgress,
): ProgressState {
  if (bootstrap === undefined) return episodeProgress(done, total, phase);
  // Every interval of equal values (a result compared with itself): no
  // work at all, so the intervals fill the bar.
  const byWork = bootstrap.work > 0;
  return {
    label: phase,
    done: byWork ? bootstrap.workDone : bootstrap.intervalsDone,
    total: byWork ? bootstrap.work : bootstrap.intervals,
    counts:
      `${bootstrap.intervalsDone}/${bootstrap.intervals} intervals of ${bootstrap.resamples} resamples`,
  };
}
