/**
 * The files README's tour shows the refusals and `metrics` with, made from
 * an evaluation result of the public suite:
 *
 * - `scenario.json` and `record.json`: one episode's scenario and run
 *   record, for `metrics --scenario scenario.json record.json`;
 * - `tampered.json`: the result with that episode's first movement given
 *   another outcome, which `verify` must refuse;
 * - `dup.json`: a document with a duplicate key, which every reader refuses.
 *
 * ```sh
 * deno run --allow-read=. --allow-write=. examples/tour_files.ts greedy.json
 * ```
 *
 * `--episode K` picks the episode by its position in the result (default
 * 3). It reads and writes through the package's own canonical JSON, so the
 * tampered result differs from the input in that one value only.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  encode,
  type JsonObject,
  type JsonValue,
  parse,
  publicSuite,
} from "../mod.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { episode: { type: "string", default: "3" } },
  allowPositionals: true,
});
const [resultFile] = positionals;
const position = Number(values.episode);
if (resultFile === undefined || !Number.isSafeInteger(position)) {
  console.error(
    "usage: deno run --allow-read=. --allow-write=. examples/tour_files.ts [--episode K] RESULT",
  );
  Deno.exit(2);
}

const result = parse(await Deno.readTextFile(resultFile), {
  file: resultFile,
}) as JsonObject;
const episode = (result.episodes as JsonObject[])[position];
if (episode === undefined) {
  console.error(`error: ${resultFile}: episodes[${position}]: no such episode`);
  Deno.exit(1);
}
const record = episode.record as JsonObject;
const scenario = publicSuite().scenarios.find((s) =>
  s.scenario.scenario_id === episode.scenario_id
)?.scenario;
if (scenario === undefined) {
  console.error(
    `error: ${resultFile}: episodes[${position}].scenario_id: not a scenario of the public suite`,
  );
  Deno.exit(1);
}

await Deno.writeTextFile("scenario.json", encode(scenario as JsonObject));
await Deno.writeTextFile("record.json", encode(record));

// The first movement of the first step: the one value the tamper changes.
const steps = record.steps as JsonObject[];
// Parsed values are plain objects; the reader's type is only read-only.
const movement = (steps[0]!.movements as JsonObject[])[0] as Record<
  string,
  JsonValue
>;
const was = movement.outcome;
movement.outcome = was === "blocked_wall" ? "moved" : "blocked_wall";
await Deno.writeTextFile("tampered.json", encode(result));

await Deno.writeTextFile("dup.json", '{"a": 1, "a": 2}');

console.error(
  `wrote scenario.json, record.json (episode ${position} of ${resultFile}), tampered.json (episodes[${position}].record.steps[0].movements[0].outcome ${
    JSON.stringify(was)
  } → ${JSON.stringify(movement.outcome)}), dup.json`,
);
