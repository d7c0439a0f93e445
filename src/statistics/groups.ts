/**
 * The groups of statistics.md §3 and contract §12: `overall`, one group per
 * scenario in suite order, one per family in declaration order (a family
 * with no scheduled scenario is not listed). Inside every group the
 * episodes are in manifest (index) order, whatever order a family lists its
 * scenarios in: that order decides which value each bootstrap index picks.
 *
 * @module
 */

import type { Manifest, Suite } from "../types.ts";
import type { GroupKind } from "./artifact_types.ts";

/** One group: its kind, name and scheduled manifest indices in order. */
export type Group = {
  readonly kind: GroupKind;
  readonly name: string;
  readonly indices: readonly number[];
};

/**
 * The groups of a suite's manifest, in artifact order. A scenario in
 * several families contributes its episodes to each of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statisticsGroups } from "./groups.ts";
 * import type { Manifest, Suite } from "../types.ts";
 * const suite = {
 *   families: [{ family_id: "f", description: "", scenarios: ["b", "a"] },
 *              { family_id: "empty", description: "", scenarios: [] }],
 *   scenarios: [{ scenario: { scenario_id: "a" }, seeds: [1] },
 *               { scenario: { scenario_id: "b" }, seeds: [1, 2] }],
 * } as unknown as Suite;
 * const manifest = { episodes: [
 *   { index: 0, scenario_id: "a" }, { index: 1, scenario_id: "b" },
 *   { index: 2, scenario_id: "b" }] } as unknown as Manifest;
 * const groups = statisticsGroups(suite, manifest);
 * assert.ok(groups.map((g) => g.name).join() === "overall,a,b,f");
 * assert.ok(groups[3]!.indices.join() === "0,1,2");
 * ```
 */
export function statisticsGroups(suite: Suite, manifest: Manifest): Group[] {
  const byScenario = new Map<string, number[]>();
  for (const { scenario } of suite.scenarios) {
    byScenario.set(scenario.scenario_id, []);
  }
  for (const e of manifest.episodes) {
    const list = byScenario.get(e.scenario_id);
    if (list === undefined) {
      throw new RangeError(
        `manifest episode ${e.index} names scenario ${e.scenario_id}, which is not in the suite`,
      );
    }
    list.push(e.index);
  }
  const groups: Group[] = [{
    kind: "overall",
    name: "overall",
    indices: manifest.episodes.map((e) => e.index),
  }];
  for (const { scenario } of suite.scenarios) {
    groups.push({
      kind: "scenario",
      name: scenario.scenario_id,
      indices: byScenario.get(scenario.scenario_id)!,
    });
  }
  for (const family of suite.families) {
    const indices = family.scenarios.flatMap((id) => {
      const list = byScenario.get(id);
      if (list === undefined) {
        throw new RangeError(
          `family ${family.family_id} names scenario ${id}, which is not in the suite`,
        );
      }
      return list;
    }).sort((x, y) => x - y);
    if (indices.length === 0) continue;
    groups.push({ kind: "family", name: family.family_id, indices });
  }
  return groups;
}
