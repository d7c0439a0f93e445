/**
 * `summary`: readable text tables of statistics artifacts (aggregate or
 * paired, several aggregates side by side), the same tables the demo
 * prints; with `--transcript`, of run transcripts instead (answer times and
 * token usage per model). Read-only: it computes nothing it stores and
 * writes only to standard output.
 *
 * @module
 */

import { AnswerTimes, renderAnswerTimes } from "../report/answer_times.ts";
import { renderSummary } from "../report/summary_text.ts";
import { readTranscript } from "../policies/sandbox/transcript_read.ts";
import { loadArtifacts } from "./artifacts.ts";
import { flag, UsageError } from "./args.ts";
import type { CommandSpec } from "./command.ts";
import { printLine } from "./io.ts";

/**
 * The `summary` command.
 *
 * @example
 * ```ts ignore
 * import { SUMMARY } from "./summary.ts";
 * const code = await SUMMARY.run({ values: {}, positionals: ["greedy.stats.json"] });
 * ```
 */
export const SUMMARY: CommandSpec = {
  summary: "readable tables of aggregate and paired statistics artifacts",
  usage: "summary ARTIFACT...\n       summary --transcript TRANSCRIPT.jsonl...",
  options: { transcript: { type: "boolean" } },
  help:
    `Print, for the aggregate artifacts side by side, each metric's overall mean
with its 95 % interval and the counts it rests on (n, missing, undefined),
then for each paired artifact the A/B/tie counts and the mean delta with its
interval, with a legend of units and marks. Every artifact is read with the
strict schema reader; all must come from one evaluation manifest. Tables fit
80 columns. Nothing is ranked and no overall winner is named.

With --transcript, every input is a transcript of run --transcript (no
artifact then). Per model (the header's model_id; files of one model
combine): the number of decisions, the median, p95 (type-7 quantiles) and
max answer time in ms, the slowest decision (episode, step, file and line),
and where info.usage holds integer prompt_tokens and completion_tokens (as
the example LLM policy reports them), their totals and how many decisions
had them. A malformed line is refused with its file and line number.

Options:
  --transcript     the inputs are transcripts (.jsonl), not artifacts
  -q, --quiet      accepted, prints the same
  -h, --help       this help

Permissions: --allow-read=ARTIFACT,... or --allow-read=TRANSCRIPT,... (the
files given).

Examples:
  deno run --allow-read=out jsr:@ember/stats summary out/greedy.stats.json \\
      out/fire_aware.stats.json out/compare.json
  deno run --allow-read=res jsr:@ember/stats summary --transcript res/mock.jsonl`,
  async run(args) {
    if (!flag(args.values, "transcript")) {
      const views = await loadArtifacts(args.positionals);
      await printLine(renderSummary(views));
      return 0;
    }
    const files = args.positionals;
    if (files.length === 0) {
      throw new UsageError("missing input: TRANSCRIPT.jsonl");
    }
    const twice = files.find((f, i) => files.indexOf(f) !== i);
    if (twice !== undefined) {
      throw new UsageError(
        `${
          JSON.stringify(twice)
        } is given twice: its decisions would count twice`,
      );
    }
    const times = new AnswerTimes();
    for (const file of files) {
      let header;
      readTranscript(file, {
        onHeader: (h) => {
          header = h;
          times.header(file, h);
        },
        onDecision: (d) => times.add(file, header!, d),
      });
    }
    await printLine(renderAnswerTimes(times.models()));
    return 0;
  },
};
