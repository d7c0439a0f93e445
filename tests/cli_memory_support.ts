/**
 * The CLI's peak memory, for tests that bound it: run
 * `deno run --no-prompt <flags> cli.ts <args>` under `/usr/bin/time -v`
 * and read its "Maximum resident set size".
 *
 * What the figure is: the kernel's `ru_maxrss` of the waited-for `deno`
 * process, which Linux takes as the larger of that process's own peak and
 * the peaks of the children it has reaped (the policy processes), never
 * their sum. While every policy process stays smaller than the CLI (a
 * `deno run` of a small bundle is), it is the CLI's own peak; a policy
 * process that grows past the CLI raises it, which can only make a "stays
 * within N MB" assertion fail, never pass wrongly.
 *
 * The test process needs `--allow-run=/usr/bin/time` (besides `deno`);
 * without it, or without the program (Debian package `time`), the
 * measurement fails with an error naming it, never skips.
 *
 * @module
 */

import { CLI } from "./cli_support.ts";

/** The program that measures; GNU time, for `-v` and `-o`. */
export const TIME = "/usr/bin/time";

/** What a measured CLI run gave. */
export type MeasuredRun = {
  /** The CLI's exit code (128 + N when signal N ended it). */
  readonly code: number;
  /** Peak resident set size, in MiB (see the module's note). */
  readonly peakMb: number;
  /** The CLI's standard output. */
  readonly stdout: Uint8Array;
  /** The CLI's standard error (time's report is kept apart). */
  readonly err: string;
};

/**
 * Run the CLI in `cwd` with exactly `flags` (plus `--no-prompt`) and
 * `args`, under `/usr/bin/time -v`, and return its exit code, peak RSS and
 * output.
 *
 * @example
 * ```ts ignore
 * const r = await measureCli(dir, ["--allow-read=.", "--allow-run=deno"], ["run", "--policy", "./p.ts", "--model-id", "p"]);
 * assert.ok(r.peakMb < 300, String(r.peakMb));
 * ```
 */
export function measureCli(
  cwd: string,
  flags: readonly string[],
  args: readonly string[],
  options: { env?: Record<string, string> } = {},
): Promise<MeasuredRun> {
  return measureCommand(
    cwd,
    ["deno", "run", "--no-prompt", ...flags, CLI, ...args],
    options,
  );
}

/**
 * Run any command under `/usr/bin/time -v` in `cwd` (environment: the
 * test's, plus `NO_COLOR=1` and `options.env`). Time's report goes to a
 * file of its own in `cwd`, removed after, so standard error is the
 * command's alone.
 */
export async function measureCommand(
  cwd: string,
  command: readonly string[],
  options: { env?: Record<string, string> } = {},
): Promise<MeasuredRun> {
  const report = `${cwd}/.time-${crypto.randomUUID()}.txt`;
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command(TIME, {
      args: ["-v", "-o", report, ...command],
      cwd,
      env: { NO_COLOR: "1", ...options.env },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable) {
      throw new Error(
        `cli_memory_support: the test needs --allow-run=${TIME} to measure the CLI's peak memory`,
        { cause: e },
      );
    }
    if (e instanceof Deno.errors.NotFound) {
      throw new Error(
        `cli_memory_support: ${TIME} is missing (install the Debian package "time")`,
        { cause: e },
      );
    }
    throw e;
  }
  let text: string;
  try {
    text = await Deno.readTextFile(report);
  } finally {
    await Deno.remove(report).catch(() => {});
  }
  return {
    code: exitCodeOf(text, output.code),
    peakMb: peakKbOf(text) / 1024,
    stdout: output.stdout,
    err: new TextDecoder().decode(output.stderr),
  };
}

/** "Maximum resident set size (kbytes): N" of a `time -v` report. */
export function peakKbOf(report: string): number {
  const m = /^\s*Maximum resident set size \(kbytes\): (\d+)\s*$/m.exec(report);
  if (m === null) {
    throw new Error(
      `cli_memory_support: ${TIME} -v gave no "Maximum resident set size" line:\n${report}`,
    );
  }
  return Number(m[1]);
}

// GNU time exits with the command's own status, but reports a signal only
// in its text ("Command terminated by signal N").
function exitCodeOf(report: string, timeCode: number): number {
  const signal = /^Command terminated by signal (\d+)$/m.exec(report);
  return signal === null ? timeCode : 128 + Number(signal[1]);
}
