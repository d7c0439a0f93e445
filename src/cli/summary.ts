/**
 * `summary`: readable text tables of statistics artifacts (aggregate or
 * paired, several aggregates side by side), the same tables the demo
 * prints. Read-only: it computes nothing and writes only to standard
 * output.
 *
 * @module
 */

import { renderSummary } from "../report/summary_text.ts";
import { loadArtifacts } from "./artifacts.ts";
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
  usage: "summary ARTIFACT...",
  options: {},
  help:
    `Print, for the aggregate artifacts side by side, each metric's overall mean
with its 95 % interval and the counts it rests on (n, missing, undefined),
then for each paired artifact the A/B/tie counts and the mean delta with its
interval, with a legend of units and marks. Every artifact is read with the
strict schema reader; all must come from one evaluation manifest. Tables fit
80 columns. Nothing is ranked and no overall winner is named.

Options:
  -q, --quiet      accepted, prints the same
  -h, --help       this help

Permissions: --allow-read=ARTIFACT,... (the files given).

Example:
  deno run --allow-read=out jsr:@ember/stats summary out/greedy.stats.json \\
      out/fire_aware.stats.json out/compare.json`,
  async run(args) {
    const views = await loadArtifacts(args.positionals);
    await printLine(renderSummary(views));
    return 0;
  },
};
