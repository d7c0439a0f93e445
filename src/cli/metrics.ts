/**
 * `metrics`: one scenario and one run record in, the metrics dictionary of
 * contract §11 out, after the three validation stages of metrics.md §2
 * (compatibility, structure, simulator replay).
 *
 * @module
 */

import { episodeMetrics } from "../metrics/episode.ts";
import { expectPositionals, stringOption, UsageError } from "./args.ts";
import { type CommandSpec, loadScenario } from "./command.ts";
import { wrongKindError } from "../document_kind.ts";
import { checkWritable, emitJson, readJson } from "./io.ts";

/**
 * The `metrics` command.
 *
 * @example
 * ```ts ignore
 * import { METRICS } from "./metrics.ts";
 * const code = await METRICS.run({ values: { scenario: "s.json" }, positionals: ["r.json"] });
 * ```
 */
export const METRICS: CommandSpec = {
  summary: "metrics dictionary of one run record (after replaying it)",
  usage: "metrics --scenario FILE [--out FILE] RECORD",
  options: {
    scenario: { type: "string" },
    out: { type: "string", short: "o" },
  },
  help: `Validate the run record RECORD against the scenario (compatibility,
structure, then a replay of the simulator from the recorded actions) and
write its metrics dictionary as canonical JSON.

Options:
  --scenario FILE  the scenario the record was run on (required)
  --out FILE       write the dictionary to FILE atomically (default: standard output)
  -q, --quiet      no notices on standard error
  -h, --help       this help

Permissions: --allow-read=SCENARIO,RECORD (plus --allow-read=DIR
--allow-write=DIR for --out DIR/NAME).

Example:
  deno run --allow-read=office.json,run.json jsr:@ember/stats metrics --scenario office.json run.json`,
  async run(args) {
    const [recordFile] = expectPositionals(args.positionals, ["RECORD"]);
    const scenarioFile = stringOption(args.values, "scenario");
    if (scenarioFile === undefined) {
      throw new UsageError("missing --scenario FILE");
    }
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    const scenario = await loadScenario(scenarioFile);
    const record = await readJson(recordFile as string);
    let metrics;
    try {
      metrics = await episodeMetrics(scenario, record, {
        file: recordFile as string,
      });
    } catch (e) {
      throw wrongKindError(e, record, "run record");
    }
    await emitJson(metrics, out);
    return 0;
  },
};
