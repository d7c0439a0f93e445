/**
 * Fail-closed tests: each altered record is refused by the stage that owns
 * the check, with a MetricsInputError naming the field path.
 */

import assert from "node:assert/strict";
import { encode, parse } from "../src/json/canonical.ts";
import { MetricsInputError, ReplayMismatchError } from "../src/errors.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import type { Action, Scenario } from "../src/types.ts";
import {
  authenticRecord,
  makeScenario,
  mutableCopy,
} from "./metrics_support.ts";

// Two exits, a walled-off person (c), no fire: see metrics_episodes_test.ts.
const walled = makeScenario({
  id: "walled",
  grid: ["......#."],
  exits: [["w", [0, 0]], ["e", [0, 5]]],
  people: [["a", [0, 2]], ["b", [0, 4]], ["c", [0, 7]]],
  maxSteps: 4,
});
const walledActions: Record<string, Action>[] = [
  { a: "west", b: "east", c: "stay" },
  { a: "west", c: "stay" },
  { c: "stay" },
  { c: "stay" },
];

// Swap, conflict and chains, all resolved at T = 4 < H = 6.
const congestion = makeScenario({
  id: "congestion",
  grid: ["......", "......"],
  exits: [["w", [0, 0]], ["e", [0, 5]]],
  people: [["a", [0, 1]], ["b", [0, 2]], ["c", [1, 3]], ["d", [0, 4]]],
  ignitions: [[1, 0]],
  enterFire: "casualty",
  maxSteps: 6,
});
const congestionActions: Record<string, Action>[] = [
  { a: "east", b: "west", c: "north", d: "west" },
  { a: "west", b: "east", c: "east", d: "east" },
  { b: "east", c: "east" },
  { b: "east" },
];

// Fire spreading west one cell per step; a dies of fire_spread at step 2.
const spread = makeScenario({
  id: "spread",
  grid: ["......"],
  exits: [["x", [0, 0]]],
  people: [["a", [0, 3]], ["b", [0, 1]]],
  ignitions: [[0, 5]],
  spread: [1, 1],
  maxSteps: 6,
});
const spreadActions: Record<string, Action>[] = [
  { a: "stay", b: "west" },
  { a: "east" },
];

// deno-lint-ignore no-explicit-any
type Edit = (r: any) => void;

async function refused(
  scenario: Scenario,
  actions: Record<string, Action>[],
  edit: Edit,
  path: string,
  detail: RegExp,
): Promise<MetricsInputError> {
  const rec = mutableCopy(await authenticRecord(scenario, 0, actions));
  edit(rec);
  try {
    await episodeMetrics(scenario, rec, { file: "run.json" });
  } catch (e) {
    assert.ok(e instanceof MetricsInputError, String(e));
    assert.equal(e.path, path, e.message);
    assert.ok(
      e.message.startsWith(`run.json: ${path}: `),
      `message ${JSON.stringify(e.message)} should name file and ${path}`,
    );
    assert.match(e.detail, detail);
    return e;
  }
  return assert.fail(`an altered record was accepted (expected ${path})`);
}

Deno.test("authentic records pass all three stages", async () => {
  for (
    const [s, a] of [
      [walled, walledActions],
      [congestion, congestionActions],
      [spread, spreadActions],
    ] as const
  ) {
    const rec = await authenticRecord(s, 0, a);
    const fromText = parse(encode(rec));
    assert.equal(
      encode(await episodeMetrics(s, fromText)),
      encode(await episodeMetrics(s, rec)),
    );
  }
});

Deno.test("stage 1: versions, schema, scenario ID and hash", async () => {
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.simulator_version = "1.1";
    },
    "header.simulator_version",
    /simulator version/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.observation_version = "0.9";
    },
    "header.observation_version",
    /observation version/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.schema_version = "2.0";
    },
    "header.schema_version",
    /supported schema version/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.scenario_id = "other";
    },
    "header.scenario_id",
    /scenario's ID/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.scenario_hash = "0".repeat(64);
    },
    "header.scenario_hash",
    /scenario content hash/,
  );
  // A record of another scenario with the same ID: the hash tells them apart.
  const other = makeScenario({
    id: "walled",
    grid: ["......#."],
    exits: [["w", [0, 0]], ["e", [0, 5]]],
    people: [["a", [0, 2]], ["b", [0, 4]], ["c", [0, 7]]],
    maxSteps: 5,
  });
  const rec = await authenticRecord(walled, 0, walledActions);
  await assert.rejects(
    () => episodeMetrics(other, rec),
    (e: unknown) =>
      e instanceof MetricsInputError && e.path === "header.scenario_hash",
  );
});

Deno.test("stage 2: shape, initial state and step numbering", async () => {
  await refused(
    walled,
    walledActions,
    (r) => {
      r.header.seed = 1.5;
    },
    "header.seed",
    /integer/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps = [];
    },
    "steps",
    /no steps/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps.splice(1, 1);
    },
    "steps[1].step",
    /expected step number 2, found 3/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].step = 7;
    },
    "steps[0].step",
    /expected step number 1/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.initial_state.people[0].position = [0, 1];
    },
    "initial_state.people[0].position",
    /scenario position/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.initial_state.trapped = [];
    },
    "initial_state.trapped",
    /recomputed \["c"\]/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.initial_state.burning = [[0, 3]];
    },
    "initial_state.burning",
    /ignitions/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].state.people.reverse();
    },
    "steps[0].state.people[0].person_id",
    /sorted by ID/,
  );
});

Deno.test("stage 2: actions and movements", async () => {
  // a is evacuated at step 2, so an action for a at step 3 is refused.
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[2].actions.a = "stay";
    },
    "steps[2].actions.a",
    /not active/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      delete r.steps[0].actions.c;
    },
    "steps[0].actions",
    /no action for active person "c"/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[0].movements.splice(2, 1);
    },
    "steps[0].movements",
    /one movement per active person/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[0].movements[0].action = "west";
    },
    "steps[0].movements[0].action",
    /recorded action/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[0].movements[0].origin = [0, 2];
    },
    "steps[0].movements[0].origin",
    /previous snapshot/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[0].movements[0].target = [0, 3];
    },
    "steps[0].movements[0].target",
    /expected \[0, 2\]/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].movements[2].outcome = "blocked_wall";
    },
    "steps[0].movements[2].outcome",
    /stayed exactly when/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[2].movements[0] = {
        person_id: "c",
        action: "east",
        origin: [0, 7],
        target: [0, 8],
        outcome: "moved",
      };
      r.steps[2].actions.c = "east";
    },
    "steps[2].movements[0].outcome",
    /outside the grid or a wall/,
  );
  // d "wins" the contested cell too: two people end step 1 in [0,3].
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[0].movements[3].outcome = "moved";
    },
    "steps[0].movements[3]",
    /both end step 1 in cell \[0, 3\]/,
  );
});

Deno.test("stage 2: fire", async () => {
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].ignitions = [[0, 6]];
    },
    "steps[0].ignitions[0]",
    /wall/,
  );
  await refused(
    spread,
    spreadActions,
    (r) => {
      r.steps[0].ignitions = [[0, 5]];
    },
    "steps[0].ignitions[0]",
    /already burning/,
  );
  // burning(s_1) loses [0,5]: burning may never shrink.
  await refused(
    spread,
    spreadActions,
    (r) => {
      r.steps[0].state.burning = [[0, 4]];
    },
    "steps[0].state.burning[1]",
    /burning\(s_t-1\) ∪ ignitions_t/,
  );
  await refused(
    spread,
    spreadActions,
    (r) => {
      r.steps[1].casualties[0].cause = "entered_fire";
    },
    "steps[1].casualties[0].cause",
    /expected cause fire_spread/,
  );
});

Deno.test("stage 2: events and resolved people", async () => {
  // c does not change status in step 1.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].evacuations.push({ person_id: "c", exit_id: "e" });
    },
    "steps[0].evacuations[1].person_id",
    /does not change from active/,
  );
  // b changes to evacuated with no event.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].evacuations = [];
    },
    "steps[0].evacuations",
    /1 people change to evacuated/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].evacuations[0].exit_id = "w";
    },
    "steps[0].evacuations[0].exit_id",
    /exit "e"/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].casualties.push({ person_id: "c", cause: "fire_spread" });
    },
    "steps[0].casualties[0].person_id",
    /does not change from active/,
  );
  // b (evacuated at step 1) moves afterwards.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[1].state.people[1].position = [0, 4];
    },
    "steps[1].state.people[1]",
    /resolved .* must not change/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[1].state.people[1].status = "casualty";
    },
    "steps[1].state.people[1]",
    /must not change/,
  );
  // b stays active on the exit cell.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].evacuations = [];
      for (let t = 0; t < 4; t++) r.steps[t].state.people[1].status = "active";
    },
    "steps[0].state.people[1]",
    /usable exit/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[0].state.people[0].position = [0, 2];
    },
    // The movement comes first in the step, so it is the field named (issue 10).
    "steps[0].movements[0].outcome",
    /outcome moved puts "a" at \[0, 1\], but state\.people\[0\]\.position is \[0, 2\]: the record is not what the simulator produces/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[2].state.trapped = [];
    },
    "steps[2].state.trapped",
    /recomputed/,
  );
});

Deno.test("stage 2: termination", async () => {
  // A record that stops before termination.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps.pop();
    },
    "steps[2].state.terminated",
    /without reaching termination/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[3].state.terminated = false;
      r.steps[3].state.termination_reason = null;
    },
    "steps[3].state.terminated",
    /must terminate \(max_steps\)/,
  );
  await refused(
    congestion,
    congestionActions,
    (r) => {
      r.steps[3].state.termination_reason = "max_steps";
    },
    "steps[3].state.termination_reason",
    /expected "all_resolved"/,
  );
  // A terminated snapshot that is not the last one.
  await refused(
    walled,
    walledActions,
    (r) => {
      r.steps[1].state.terminated = true;
      r.steps[1].state.termination_reason = "max_steps";
    },
    "steps[1].state.terminated",
    /only the last snapshot/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.termination_reason = "all_resolved";
    },
    "final_state.termination_reason",
    /last snapshot/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.step = 3;
    },
    "final_state.step",
    /number of steps 4/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.trapped = [];
    },
    "final_state.trapped",
    /last snapshot/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.people[0].resolution_step = 1;
    },
    "final_state.people[0].resolution_step",
    /expected 2/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.people[2].exit_id = "e";
    },
    "final_state.people[2].exit_id",
    /expected null/,
  );
  await refused(
    walled,
    walledActions,
    (r) => {
      r.final_state.people[2].position = [0, 6];
    },
    "final_state.people[2].position",
    /last snapshot/,
  );
});

Deno.test("an invalid scenario is a metrics input error", async () => {
  const rec = await authenticRecord(walled, 0, walledActions);
  const bad = {
    ...walled,
    people: [{ person_id: "a", position: [0, 6] }],
  } as unknown as Scenario;
  await assert.rejects(
    () => episodeMetrics(bad, rec),
    (e: unknown) =>
      e instanceof MetricsInputError &&
      e.path.startsWith("scenario.people[0]") &&
      /scenario is not valid/.test(e.message),
  );
});

Deno.test("stage 3: a consistent but forged record fails replay", async () => {
  // "....." corridor, exit x [0,4]; p at [0,1] walks west into the open cell
  // [0,0], then stays. The forgery records that first move as blocked_wall
  // and keeps p at [0,1] everywhere after, so every stage-2 check holds.
  const s = makeScenario({
    id: "forged",
    grid: ["....."],
    exits: [["x", [0, 4]]],
    people: [["p", [0, 1]]],
    maxSteps: 2,
  });
  const r = mutableCopy(
    await authenticRecord(s, 4, [{ p: "west" }, { p: "stay" }]),
  );
  assert.equal(r.steps[0].movements[0].outcome, "moved");
  r.steps[0].movements[0].outcome = "blocked_wall";
  r.steps[0].state.people[0].position = [0, 1];
  r.steps[1].movements[0].origin = [0, 1];
  r.steps[1].state.people[0].position = [0, 1];
  r.final_state.people[0].position = [0, 1];
  for (const file of [undefined, "forged.json"]) {
    const options = file === undefined ? {} : { file };
    try {
      await episodeMetrics(s, r, options);
      assert.fail("a forged record was accepted");
    } catch (e) {
      assert.ok(e instanceof MetricsInputError, String(e));
      assert.ok(
        e.message.startsWith(
          "record failed simulator replay verification: steps[0].movements[0].outcome",
        ),
        e.message,
      );
      assert.ok(e.cause instanceof ReplayMismatchError);
      assert.equal(e.file, file);
      if (file !== undefined) assert.ok(e.message.endsWith(`"${file}")`));
    }
  }
});
