/**
 * `show`: the episode viewer. From an evaluation result and its suite (one
 * episode, by manifest index) or from a scenario and a run record, it
 * replay-verifies the record (metrics.md's three stages, via the metrics
 * computation) and writes a self-contained HTML page that animates the
 * episode, or with `--text` the frames as text. With `--transcript`, the
 * page (or the text) also shows each step's answer time and info.
 *
 * @module
 */

import { encode, type JsonObject } from "../json/canonical.ts";
import { EvaluationError } from "../errors.ts";
import { episodeMetrics } from "../metrics/episode.ts";
import { parseRecord } from "../record/reader.ts";
import { episodeText, episodeView } from "../report/episode_view.ts";
import { episodeDecisions } from "../report/transcript_view.ts";
import { viewerHtml } from "../report/viewer_html.ts";
import { parseResult } from "../result/reader.ts";
import { scenarioHash } from "../scenario/scenario.ts";
import { buildManifest, manifestHash } from "../scenario/suite.ts";
import type {
  EvaluationResult,
  ResultEpisode,
  RunRecord,
  Scenario,
} from "../types.ts";
import {
  expectPositionals,
  flag,
  intOption,
  stringOption,
  UsageError,
} from "./args.ts";
import { type CommandSpec, loadScenario, loadSuite } from "./command.ts";
import { wrongKindError } from "../document_kind.ts";
import { checkWritable, emitBytes, readJson } from "./io.ts";
import { streamEpisodes } from "./result_input.ts";

/**
 * The `show` command.
 *
 * @example
 * ```ts ignore
 * import { SHOW } from "./show.ts";
 * const code = await SHOW.run({ values: { text: true }, positionals: ["greedy.json"] });
 * ```
 */
export const SHOW: CommandSpec = {
  summary: "episode viewer: animated HTML page (or text frames) of one episode",
  usage:
    "show [--suite FILE] [--episode INDEX] [--transcript FILE.jsonl] [--text] [--out FILE] RESULT\n       show --scenario FILE [--text] [--out FILE] RECORD",
  options: {
    suite: { type: "string" },
    episode: { type: "string" },
    scenario: { type: "string" },
    transcript: { type: "string" },
    text: { type: "boolean" },
    out: { type: "string", short: "o" },
  },
  help:
    `Draw one episode: from RESULT, the episode of manifest index INDEX (default:
the first episode in the result) with its scenario from the suite; or, with
--scenario, the run record RECORD. The record is replay-verified first (and a
result's stored metrics must equal the recomputed ones). The HTML page needs
no network: play/pause, a step slider, keys (left/right, Home/End, Space),
and the episode's key metrics beside the grid.

With --transcript (the file run --transcript wrote for RESULT), a panel
beside the grid shows each step's answer time and the policy's info (as
text, long info folded), following the slider; --text prints them below
each frame. The transcript's model_id and evaluation_manifest_hash must be
RESULT's, and it must hold one decision per step of the episode with the
record's actions; otherwise nothing is written.

Options:
  --suite FILE           the suite of RESULT (default: the embedded public
                         suite)
  --episode INDEX        manifest index of the episode (default: the first
                         present)
  --transcript FILE      the run's transcript: show answer times and info
  --scenario FILE        show a run record of this scenario instead of a
                         result (not with --transcript)
  --text                 print text frames instead of HTML
  --out FILE             write to FILE atomically (default: standard output)
  -q, --quiet            accepted, prints the same
  -h, --help             this help

Permissions: --allow-read=RESULT (plus --allow-read=FILE for --suite FILE
and for --transcript FILE), or --allow-read=SCENARIO,RECORD; plus
--allow-read=DIR --allow-write=DIR for --out DIR/NAME.

Examples:
  deno run --allow-read=ember-demo jsr:@ember/stats show --episode 3 \\
      ember-demo/greedy.result.json > episode.html
  deno run --allow-read=res jsr:@ember/stats show --transcript res/mock.jsonl \\
      --episode 3 res/mock.json > mock-episode.html`,
  async run(args) {
    const [file] = expectPositionals(args.positionals, ["INPUT"]) as [string];
    const scenarioFile = stringOption(args.values, "scenario");
    const suiteFile = stringOption(args.values, "suite");
    const episodeOption = stringOption(args.values, "episode");
    const transcriptFile = stringOption(args.values, "transcript");
    if (scenarioFile !== undefined && transcriptFile !== undefined) {
      throw new UsageError(
        "--transcript needs a RESULT (its model, manifest and episode index): it does not combine with --scenario",
      );
    }
    if (
      scenarioFile !== undefined &&
      (suiteFile !== undefined || episodeOption !== undefined)
    ) {
      throw new UsageError(
        "--scenario shows a run record: it takes neither --suite nor --episode",
      );
    }
    const index = episodeOption === undefined
      ? undefined
      : intOption(episodeOption, "episode", 0, Number.MAX_SAFE_INTEGER);
    const out = stringOption(args.values, "out");
    if (out !== undefined) await checkWritable(out);
    const { scenario, record, metrics, of } = scenarioFile === undefined
      ? await fromResult(file, suiteFile, index)
      : await fromRecord(scenarioFile, file);
    const view = episodeView(scenario, record, metrics);
    const decisions = transcriptFile === undefined || of === undefined
      ? undefined
      : episodeDecisions(transcriptFile, { ...of, steps: record.steps });
    const text = flag(args.values, "text")
      ? `${episodeText(view, decisions)}\n`
      : viewerHtml(view, decisions);
    await emitBytes(new TextEncoder().encode(text), out);
    return 0;
  },
};

type Verified = {
  scenario: Scenario;
  record: RunRecord;
  metrics: JsonObject;
  /** For a result's episode: what its transcript must match. */
  of?: { modelId: string; manifestHash: string; episode: number };
};

async function fromRecord(
  scenarioFile: string,
  recordFile: string,
): Promise<Verified> {
  const scenario = await loadScenario(scenarioFile);
  const value = await readJson(recordFile);
  let metrics;
  try {
    metrics = await episodeMetrics(scenario, value, { file: recordFile });
  } catch (e) {
    throw wrongKindError(e, value, "run record");
  }
  return { scenario, record: parseRecord(value), metrics };
}

async function fromResult(
  file: string,
  suiteFile: string | undefined,
  index: number | undefined,
): Promise<Verified> {
  const suite = await loadSuite(suiteFile);
  const { head, episode: ep, position } = await pickEpisode(file, index);
  const fail = (path: string, detail: string): never => {
    throw new EvaluationError(detail, { file, path });
  };
  const expected = await manifestHash(await buildManifest(suite));
  if (head.evaluation_manifest_hash !== expected) {
    fail(
      "evaluation_manifest_hash",
      `the result is not of the suite ${suite.suite_id} ${suite.suite_version} (its manifest hash is ${expected})`,
    );
  }
  if (ep === undefined) {
    const scheduled = head.evaluation_manifest.episodes.length;
    return fail(
      "episodes",
      index === undefined
        ? "the result has no episode"
        : index >= scheduled
        ? `no manifest index ${index}: the manifest schedules ${scheduled} episodes (0 to ${
          scheduled - 1
        })`
        : `episode ${index} is scheduled but missing from the result`,
    );
  }
  const entry = suite.scenarios.find((s) =>
    s.scenario.scenario_id === ep.scenario_id
  );
  const path = `episodes[${position}]`;
  if (
    entry === undefined ||
    await scenarioHash(entry.scenario) !== ep.scenario_hash
  ) {
    fail(`${path}.scenario_hash`, "no scenario of the suite has this hash");
  }
  const scenario = entry!.scenario;
  const metrics = await episodeMetrics(scenario, ep.record, { file });
  if (encode(metrics) !== encode(ep.metrics)) {
    fail(
      `${path}.metrics`,
      "the stored metrics differ from those recomputed from the record",
    );
  }
  return {
    scenario,
    record: ep.record,
    metrics,
    of: {
      modelId: head.model_id,
      manifestHash: head.evaluation_manifest_hash,
      episode: ep.index,
    },
  };
}

/** A result's fields and the episode to show, with its place. */
type Picked = {
  readonly head: Omit<EvaluationResult, "episodes">;
  readonly episode: ResultEpisode | undefined;
  readonly position: number;
};

/**
 * The episode of manifest index `index` (else the first) of the result in
 * `file`, every episode checked as `parseResult` checks them: read as a
 * stream, one episode held at a time, so that no `file-bytes` limit
 * applies to what `run` writes; else read whole (standard input, a file
 * not as the writer writes it), so that a refusal keeps its message.
 */
async function pickEpisode(
  file: string,
  index: number | undefined,
): Promise<Picked> {
  let picked: { episode: ResultEpisode; position: number } | undefined;
  const streamed = await streamEpisodes(file, (episode, { position }) => {
    if (
      picked === undefined &&
      (index === undefined ? position === 0 : episode.index === index)
    ) picked = { episode, position };
  });
  if (streamed !== undefined) {
    return {
      head: streamed.head,
      episode: picked?.episode,
      position: picked?.position ?? -1,
    };
  }
  const result = parseResult(await readJson(file), { file });
  const position = index === undefined
    ? 0
    : result.episodes.findIndex((e) => e.index === index);
  return { head: result, episode: result.episodes[position], position };
}
