/**
 * `report`: one self-contained HTML page from aggregate and paired
 * artifacts of one manifest (see `src/report/html_report.ts`). The plotting
 * library and its DOM are imported here, lazily, so that importing the
 * package and running the other commands never loads them.
 *
 * @module
 */

import { stringOption } from "./args.ts";
import { loadArtifacts } from "./artifacts.ts";
import type { CommandSpec } from "./command.ts";
import { checkWritable, emitBytes } from "./io.ts";

/**
 * The `report` command.
 *
 * @example
 * ```ts ignore
 * import { REPORT } from "./report.ts";
 * const code = await REPORT.run({ values: { out: "report.html" }, positionals: ["a.stats.json"] });
 * ```
 */
export const REPORT: CommandSpec = {
  summary: "self-contained HTML report with plots from statistics artifacts",
  usage: "report [--out FILE] ARTIFACT...",
  options: { out: { type: "string", short: "o" } },
  help: `Write one HTML page, viewable without network or script, from aggregate
and paired artifacts of one evaluation manifest: per metric, a forest plot of
each paired artifact's mean delta A - B with its 95 % interval (overall, every
scenario, every family), coloured by the side the metric's direction favours
(grey when the interval includes 0, black for descriptive metrics), and every
model's per-scenario means with intervals; then the robustness counts, the
missing episodes and, for audit, digests, seeds and versions. No ranking and
no overall winner. Every artifact is read with the strict schema reader.

Options:
  --out FILE       write the page to FILE atomically (default: standard output)
  -q, --quiet      accepted, prints the same
  -h, --help       this help

Permissions: --allow-read=ARTIFACT,... (plus --allow-read=DIR
--allow-write=DIR for --out DIR/NAME).

Example:
  deno run --allow-read=out --allow-write=out jsr:@ember/stats report \\
      --out out/report.html out/greedy.stats.json out/fire_aware.stats.json out/compare.json`,
  async run(args) {
    const files = [...args.positionals];
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    const views = await loadArtifacts(files);
    const { renderReport } = await import("../report/html_report.ts");
    await emitBytes(new TextEncoder().encode(renderReport(views)), out);
    return 0;
  },
};
