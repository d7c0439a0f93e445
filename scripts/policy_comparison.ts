/**
 * Prints the outcome table of every built-in policy on the public suite:
 * evacuated, casualties and stranded people summed over all episodes, the
 * episodes that ended `all_resolved` and those in which everybody
 * evacuated, the same on the `spreading_fire` family, and the wall time of
 * each evaluation (simulation plus metrics, replay included). The numbers
 * come from the episode metrics (`safety` section) of a real evaluation.
 *
 * Usage: `deno run --allow-read scripts/policy_comparison.ts`
 *
 * @module
 */

import type { JsonObject } from "../src/json/canonical.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { runEvaluation } from "../src/evaluation/runner.ts";
import type { EvaluationResult } from "../src/types.ts";

/** Outcome totals of a set of episodes. */
export type Totals = {
  episodes: number;
  evacuated: number;
  casualties: number;
  stranded: number;
  /** Episodes that ended `all_resolved` (everybody evacuated or a casualty). */
  allResolved: number;
  /** Episodes in which everybody evacuated. */
  allEvacuated: number;
};

/**
 * Sum the safety counts of the result's episodes whose scenario is in
 * `scenarios` (every episode when it is omitted).
 *
 * @example
 * ```ts ignore
 * const t = outcomeTotals(result, new Set(["hall_two_exits"]));
 * ```
 */
export function outcomeTotals(
  result: EvaluationResult,
  scenarios?: ReadonlySet<string>,
): Totals {
  const t: Totals = {
    episodes: 0,
    evacuated: 0,
    casualties: 0,
    stranded: 0,
    allResolved: 0,
    allEvacuated: 0,
  };
  for (const e of result.episodes) {
    if (scenarios !== undefined && !scenarios.has(e.scenario_id)) continue;
    const safety = e.metrics.safety as JsonObject;
    const count = (k: string) => safety[k] as number;
    t.episodes++;
    t.evacuated += count("evacuated");
    t.casualties += count("casualties");
    t.stranded += count("stranded");
    if (e.record.final_state.termination_reason === "all_resolved") {
      t.allResolved++;
    }
    if (count("evacuated") === count("population")) t.allEvacuated++;
  }
  return t;
}

function row(cells: readonly (string | number)[]): void {
  console.log(
    cells.map((c, i) => i === 0 ? String(c).padEnd(10) : String(c).padStart(9))
      .join(" "),
  );
}

async function main(): Promise<void> {
  const suite = publicSuite();
  const family = suite.families.find((f) => f.family_id === "spreading_fire");
  const spreading = new Set(family?.scenarios ?? []);
  console.log(
    `${suite.suite_id} ${suite.suite_version}: ${suite.scenarios.length} scenarios; ` +
      `spreading_fire: ${spreading.size} scenarios`,
  );
  const head = ["evacuated", "casualty", "stranded", "resolved", "all_evac"];
  row(["policy", "episodes", ...head, "|fire eps", ...head, "ms"]);
  for (const name of Object.keys(BUILTIN_POLICIES)) {
    const start = performance.now();
    const result = await runEvaluation(suite, name, { modelId: name });
    const ms = Math.round(performance.now() - start);
    const cells = (t: Totals) => [
      t.evacuated,
      t.casualties,
      t.stranded,
      t.allResolved,
      t.allEvacuated,
    ];
    const all = outcomeTotals(result);
    const fire = outcomeTotals(result, spreading);
    row([
      name,
      all.episodes,
      ...cells(all),
      `|${String(fire.episodes).padStart(8)}`,
      ...cells(fire),
      ms,
    ]);
  }
}

if (import.meta.main) await main();
