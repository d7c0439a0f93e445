/**
 * The large generated scenario's suite (scripts/gen_large_scenario.ts) and
 * its greedy result (about 30 MB, 4 records of 7.5 MB), written into a
 * folder by the package's own `run` command, for the benches that measure
 * one record's pieces on it.
 *
 * @module
 */

import { LARGE_SEED, largeSuite } from "../scripts/gen_large_scenario.ts";
import { encode } from "../src/json/canonical.ts";

/** Write `large_suite.json` and `large_greedy.json` into `dir`. */
export async function writeLargeResult(
  dir: string,
): Promise<{ suiteFile: string; resultFile: string }> {
  const suiteFile = `${dir}/large_suite.json`;
  const resultFile = `${dir}/large_greedy.json`;
  await Deno.writeTextFile(suiteFile, encode(largeSuite(LARGE_SEED)));
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "mod.ts",
      "run",
      "--quiet",
      "--suite",
      suiteFile,
      "--policy",
      "greedy",
      "--out",
      resultFile,
    ],
    cwd: new URL("..", import.meta.url).pathname,
  }).output();
  if (run.code !== 0) throw new Error(new TextDecoder().decode(run.stderr));
  return { suiteFile, resultFile };
}
