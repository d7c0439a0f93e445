/**
 * Mutation fuzzing (issue 11): random single-point changes to a genuine
 * result of the public-suite subset (tests/tamper_support.ts) are refused
 * with a documented error or are byte-level no-ops; never accepted, never
 * an untyped exception. A fixed seed and a bounded number of runs here; a
 * longer run with a time budget: `deno run -A scripts/fuzz_long.ts 600`.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { encode, parse } from "../src/json/canonical.ts";
import {
  fieldValues,
  indexPoints,
  judge,
  mutate,
  REGIONS,
} from "./mutation.ts";
import { cli, inTempDir } from "./cli_support.ts";
import { BASE_TEXT, subsetSuiteValue, SUITE } from "./tamper_support.ts";

const INDEX = indexPoints(parse(BASE_TEXT));
const VALUES = fieldValues(INDEX);

Deno.test("fuzz: every region of the result has mutation points", () => {
  for (const r of REGIONS) assert.ok(INDEX[r].length > 0, r);
  assert.equal(
    INDEX["manifest"].some((p) => p.path.includes("model_id")),
    false,
  );
  // A mutation changes exactly one point: the rest of the bytes agree.
  const m = mutate(BASE_TEXT, INDEX, VALUES, [6, 0, 0]);
  assert.notEqual(encode(m.result), BASE_TEXT);
});

Deno.test("fuzz: single-point mutations are refused or are byte-level no-ops (seed 11)", async () => {
  const seen = { refused: 0, "no-op": 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(fc.nat(), fc.nat(), fc.nat()),
      async (choice) => {
        const m = mutate(BASE_TEXT, INDEX, VALUES, choice);
        seen[await judge(BASE_TEXT, m, SUITE)]++;
      },
    ),
    { seed: 11, numRuns: 1000 },
  );
  assert.ok(seen.refused >= 900, JSON.stringify(seen));
});

Deno.test("fuzz: mutated result files are refused by the CLI with exit 1, never a crash (seed 12)", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/suite.json`, encode(subsetSuiteValue()));
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.nat(), fc.nat(), fc.nat()),
        async (choice) => {
          const m = mutate(BASE_TEXT, INDEX, VALUES, choice);
          const text = encode(m.result);
          await Deno.writeTextFile(`${dir}/mutant.json`, text);
          const r = await cli(dir, ["--allow-read=."], [
            "verify",
            "--quiet",
            "--suite",
            "suite.json",
            "mutant.json",
          ]);
          if (text === BASE_TEXT) {
            assert.equal(r.code, 0, `${m.description}: ${r.err}`);
            return;
          }
          assert.equal(r.code, 1, `${m.description}: exit ${r.code} ${r.out}`);
          assert.match(r.err, /^error: mutant\.json: /, m.description);
          assert.doesNotMatch(r.err, /internal error/, m.description);
          refused++;
        },
      ),
      { seed: 12, numRuns: 30 },
    );
    assert.ok(refused >= 25, `${refused} refused`);
  });
});
