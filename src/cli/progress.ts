/**
 * A progress bar on standard error. It is drawn only when standard error is
 * a terminal and `--quiet` is off, so pipes, logs and tests see nothing.
 * It needs no permission (no terminal-size or environment lookup).
 *
 * @module
 */

/**
 * A progress display for one task.
 *
 * @example
 * ```ts
 * import type { Progress } from "./progress.ts";
 * const log: string[] = [];
 * const p: Progress = { update: (d, t) => log.push(`${d}/${t}`), finish() {} };
 * p.update(1, 2);
 * ```
 */
export interface Progress {
  /**
   * Report that `done` of `total` units are finished (label optional; the
   * unit, such as "episodes", is printed after the counts).
   */
  update(done: number, total: number, label?: string, unit?: string): void;
  /** Erase the bar; call once when the task ends, however it ends. */
  finish(): void;
}

const WIDTH = 28;
const REDRAW_MS = 100;

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
 * bar.update(1, 96);
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
  const encoder = new TextEncoder();
  const write = (text: string) => {
    const bytes = encoder.encode(text);
    let offset = 0;
    while (offset < bytes.length) {
      offset += Deno.stderr.writeSync(bytes.subarray(offset));
    }
  };
  return {
    update(done, total, label, unit) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS && done < total) return;
      lastDraw = now;
      drawn = true;
      write(
        `\r\x1b[2K${renderBar(title, done, total, now - started, label, unit)}`,
      );
    },
    finish() {
      if (drawn) write("\r\x1b[2K");
      drawn = false;
    },
  };
}

/**
 * One line of the bar: title, optional label, bar, count, percent, elapsed
 * and, after a second, the estimated time left.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderBar } from "./progress.ts";
 * const line = renderBar("verify", 48, 96, 2500);
 * assert.ok(line.includes("48/96") && line.includes("50%") && line.includes("2.5s"));
 * // Half done after 2.5 s: about 2.5 s remain.
 * assert.ok(line.endsWith(", ~3s left"));
 * assert.ok(renderBar("b", 1, 121, 1000).endsWith(", ~2m00s left"));
 * assert.ok(renderBar("b", 5, 10, 0, "bootstrap", "resamples").includes("5/10 resamples 50%"));
 * ```
 */
export function renderBar(
  title: string,
  done: number,
  total: number,
  elapsedMs: number,
  label?: string,
  unit?: string,
): string {
  const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(fraction * WIDTH);
  const bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
  const head = label === undefined ? title : `${title} ${label}`;
  const percent = Math.floor(fraction * 100);
  const seconds = (elapsedMs / 1000).toFixed(1);
  // A remaining-time estimate matters for long bootstraps (R = 1 000 000);
  // it is shown once a second of work makes the rate meaningful.
  const eta = done > 0 && done < total && elapsedMs >= 1000
    ? `, ~${duration((elapsedMs * (total - done)) / done)} left`
    : "";
  const counts = unit === undefined
    ? `${done}/${total}`
    : `${done}/${total} ${unit}`;
  return `${head} [${bar}] ${counts} ${percent}% ${seconds}s${eta}`;
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/**
 * The unit of a statistics progress phase: episodes verified, then
 * bootstrap resamples drawn.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { phaseUnit } from "./progress.ts";
 * assert.equal(phaseUnit("verify A"), "episodes");
 * assert.equal(phaseUnit("bootstrap"), "resamples");
 * ```
 */
export function phaseUnit(phase: string): string {
  return phase === "bootstrap" ? "resamples" : "episodes";
}
