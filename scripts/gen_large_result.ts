/**
 * Write a large, genuine evaluation result for the memory measurement of
 * docs/security.md: the 13 public-suite scenarios with many seeds each (a
 * suite of their own, since the public suite schedules 8), played by
 * `greedy`. Both files are canonical JSON; keep them out of git.
 *
 * Usage:
 *   deno run --allow-read=DIR --allow-write=DIR scripts/gen_large_result.ts DIR [MEGABYTES]
 *   /usr/bin/time -v deno run --allow-read=DIR mod.ts verify --quiet \
 *       --suite DIR/large_suite.json DIR/large_result.json
 *
 * MEGABYTES (default 200) is the target size; the seed count per scenario is
 * chosen from the size of an 8-seed public-suite result.
 *
 * @module
 */

import { encode, encodeBytes } from "../src/json/canonical.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import { parseSuite } from "../src/scenario/suite.ts";
import type { JsonValue } from "../src/json/canonical.ts";

const [dir, megabytesText = "200"] = Deno.args;
if (dir === undefined || !/^[0-9]+$/.test(megabytesText)) {
  console.error("usage: gen_large_result.ts DIR [MEGABYTES]");
  Deno.exit(2);
}
const target = Number(megabytesText) * 1_000_000;

const base = publicSuite();
const probe = encodeBytes(
  await runEvaluation(base, "greedy", { modelId: "greedy" }),
).length;
// A 2 % margin: episodes differ in length from seed to seed.
const seedsPerScenario = Math.ceil(8 * target / probe * 1.02);

const suiteValue = {
  suite_id: "emberbench-large",
  suite_version: "1.0",
  families: base.families,
  scenarios: base.scenarios.map((s) => ({
    scenario: s.scenario,
    seeds: Array.from({ length: seedsPerScenario }, (_, i) => i),
  })),
} as unknown as JsonValue;
const suite = parseSuite(suiteValue);
const result = await runEvaluation(suite, "greedy", { modelId: "greedy" });
const bytes = encodeBytes(result);
await Deno.writeFile(`${dir}/large_suite.json`, encodeBytes(suiteValue));
await Deno.writeFile(`${dir}/large_result.json`, bytes);
console.log(
  `${dir}/large_result.json: ${bytes.length} bytes, ` +
    `${result.episodes.length} episodes (${seedsPerScenario} seeds × ${base.scenarios.length} scenarios); ` +
    `suite ${encode(suite.suite_id)}`,
);
