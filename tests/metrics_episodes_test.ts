/**
 * Hand-worked episodes: every field of the metrics dictionary is written out
 * by hand from metrics.md, with the arithmetic in comments. Records come from
 * the simulator on scripted action logs (and pass replay authentication).
 */

import assert from "node:assert/strict";
import { encode, type JsonObject } from "../src/json/canonical.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import { scenarioHash } from "../src/scenario/scenario.ts";
import type { Action, Scenario } from "../src/types.ts";
import { authenticRecord, f, makeScenario, typed } from "./metrics_support.ts";

const NO_BLOCKS = {
  boundary: 0,
  wall: 0,
  fire: 0,
  occupied: 0,
  conflict: 0,
  cycle: 0,
};

const NO_REPLANNING = {
  blocked_events: 0,
  blocks_with_next_decision: 0,
  blocks_without_next_decision: 0,
  moved_after_block: 0,
  blocked_after_block: 0,
  stayed_after_block: 0,
  action_changed_after_block: 0,
  max_consecutive_blocks: 0,
  recovery_proxy_rate: null,
  repeated_block_proxy_rate: null,
  action_change_proxy_rate: null,
};

async function expectMetrics(
  scenario: Scenario,
  seed: number,
  actions: Record<string, Action>[],
  expected: Omit<JsonObject, "scenario_hash">,
) {
  const record = await authenticRecord(scenario, seed, actions);
  const got = await episodeMetrics(scenario, record);
  const want = {
    ...expected,
    scenario_hash: await scenarioHash(scenario),
  };
  assert.deepStrictEqual(typed(got), typed(want));
  assert.equal(encode(got), encode(want));
}

Deno.test("idle: nobody evacuates, one exit, no fire, no movement attempts", async () => {
  // 1×4 corridor, exit x at [0,0]; a at [0,2], b at [0,3]; both stay until H = 3.
  const s = makeScenario({
    id: "idle",
    grid: ["...."],
    exits: [["x", [0, 0]]],
    people: [["a", [0, 2]], ["b", [0, 3]]],
    maxSteps: 3,
  });
  const stay = { a: "stay", b: "stay" } as const;
  await expectMetrics(s, 5, [stay, stay, stay], {
    metrics_version: "1.0",
    scenario_id: "idle",
    seed: 5,
    safety: {
      population: 2,
      evacuated: 0,
      casualties: 0,
      stranded: 2,
      evacuated_rate: f(0),
      casualty_rate: f(0),
      stranded_rate: f(1), // 2/2
      terminal_trapped_count: 0, // no fire: both can reach x
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 3,
      max_steps: 3,
      evacuees: 0,
      non_evacuees: 2,
      evacuation_steps: [],
      first_evacuation_step: null,
      last_evacuation_step: null,
      mean_evacuation_step: null,
      median_evacuation_step: null,
      person_time_to_safety_total: 6, // N·H = 2·3
      mean_person_time_to_safety: f(3), // 6/2
    },
    movement: {
      decisions: 6, // 2 active × 3 steps
      stay_actions: 6,
      movement_attempts: 0,
      successful_moves: 0,
      blocked_moves: 0,
      blocked_by_outcome: NO_BLOCKS,
      congestion_blocks: 0,
      stay_rate: f(1), // 6/6
      blocked_rate: null, // no movement attempts
      congestion_block_rate: null,
    },
    path_efficiency: {
      evacuees_measured: 0,
      total_cells_moved: 0,
      total_static_lower_bound: 0,
      aggregate_path_efficiency: null,
      mean_path_efficiency: null,
      mean_detour_ratio: null,
    },
    fire_exposure: {
      active_person_states: 8, // 4 snapshots × 2 people
      person_states_with_fire: 0,
      person_states_without_fire: 8,
      distance_histogram: {},
      adjacent_person_states: 0,
      min_fire_distance: null,
      exposure_total: f(0),
      mean_exposure: f(0), // 0/8
    },
    exits: {
      exit_count: 1,
      exits_used: 0,
      evacuations_per_exit: { x: 0 },
      exit_shares: null,
      max_exit_share: null,
      exit_balance: null,
    },
    replanning: NO_REPLANNING,
    people: [
      {
        person_id: "a",
        initial_position: [0, 2],
        final_position: [0, 2],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 3,
        stay_actions: 3,
        cells_moved: 0,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 3, // censored at H
        static_exit_distance: 2, // [0,2] → [0,0]
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "b",
        initial_position: [0, 3],
        final_position: [0, 3],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 3,
        stay_actions: 3,
        cells_moved: 0,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 3,
        static_exit_distance: 3,
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
    ],
  });
});

Deno.test("walled: a person walled off from every exit, two exits used equally", async () => {
  // "......#.": exits w [0,0] and e [0,5], wall [0,6]; c at [0,7] can never
  // leave (L_c = null, trapped in every snapshot). a walks west twice
  // (evacuated at step 2), b east once (evacuated at step 1), c stays to H = 4.
  const s = makeScenario({
    id: "walled",
    grid: ["......#."],
    exits: [["w", [0, 0]], ["e", [0, 5]]],
    people: [["a", [0, 2]], ["b", [0, 4]], ["c", [0, 7]]],
    maxSteps: 4,
  });
  await expectMetrics(s, 0, [
    { a: "west", b: "east", c: "stay" },
    { a: "west", c: "stay" },
    { c: "stay" },
    { c: "stay" },
  ], {
    metrics_version: "1.0",
    scenario_id: "walled",
    seed: 0,
    safety: {
      population: 3,
      evacuated: 2,
      casualties: 0,
      stranded: 1,
      evacuated_rate: f(2 / 3),
      casualty_rate: f(0),
      stranded_rate: f(1 / 3),
      terminal_trapped_count: 1, // c
      terminal_trapped_rate: f(1 / 3),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 4,
      max_steps: 4,
      evacuees: 2,
      non_evacuees: 1,
      evacuation_steps: [2, 1], // a, b in ID order
      first_evacuation_step: 1,
      last_evacuation_step: 2,
      mean_evacuation_step: f(1.5), // 3/2
      median_evacuation_step: f(1.5), // (1 + 2)/2
      person_time_to_safety_total: 7, // 2 + 1 + H (4)
      mean_person_time_to_safety: f(7 / 3),
    },
    movement: {
      decisions: 7, // 3 + 2 + 1 + 1
      stay_actions: 4, // c, every step
      movement_attempts: 3,
      successful_moves: 3,
      blocked_moves: 0,
      blocked_by_outcome: NO_BLOCKS,
      congestion_blocks: 0,
      stay_rate: f(4 / 7),
      blocked_rate: f(0), // 0/3
      congestion_block_rate: f(0),
    },
    path_efficiency: {
      evacuees_measured: 2,
      total_cells_moved: 3, // a 2 + b 1
      total_static_lower_bound: 3, // L_a 2 + L_b 1
      aggregate_path_efficiency: f(1),
      mean_path_efficiency: f(1),
      mean_detour_ratio: f(1),
    },
    fire_exposure: {
      active_person_states: 8, // s0 3, s1 2 (a, c), s2..s4 1 each
      person_states_with_fire: 0,
      person_states_without_fire: 8,
      distance_histogram: {},
      adjacent_person_states: 0,
      min_fire_distance: null,
      exposure_total: f(0),
      mean_exposure: f(0),
    },
    exits: {
      exit_count: 2,
      exits_used: 2,
      evacuations_per_exit: { e: 1, w: 1 },
      exit_shares: { e: f(0.5), w: f(0.5) },
      max_exit_share: f(0.5),
      exit_balance: f(1), // (1 − (1/4 + 1/4)) / (1 − 1/2)
    },
    replanning: NO_REPLANNING,
    people: [
      {
        person_id: "a",
        initial_position: [0, 2],
        final_position: [0, 0],
        status: "evacuated",
        resolution_step: 2,
        exit_id: "w",
        casualty_cause: null,
        decisions: 2,
        stay_actions: 0,
        cells_moved: 2,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 2,
        static_exit_distance: 2,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "b",
        initial_position: [0, 4],
        final_position: [0, 5],
        status: "evacuated",
        resolution_step: 1,
        exit_id: "e",
        casualty_cause: null,
        decisions: 1,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 1,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "c",
        initial_position: [0, 7],
        final_position: [0, 7],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 4,
        stay_actions: 4,
        cells_moved: 0,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 4,
        static_exit_distance: null, // walled off
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
    ],
  });
});

Deno.test("resolved early: entered_fire casualty, censoring at H not T", async () => {
  // 2×4 open grid, exit x [0,0], fire at [1,3] that never spreads,
  // enter_fire casualty, H = 10. Step 1: b (at [1,2]) walks east into the
  // fire (moved, casualty entered_fire); a (at [0,2]) goes south into b's
  // cell, which b vacates (a chain ending at a free cell moves). Then a goes
  // west, west, north: evacuated at step 4; all_resolved with T = 4 < H.
  const s = makeScenario({
    id: "early",
    grid: ["....", "...."],
    exits: [["x", [0, 0]]],
    people: [["a", [0, 2]], ["b", [1, 2]]],
    ignitions: [[1, 3]],
    enterFire: "casualty",
    maxSteps: 10,
  });
  await expectMetrics(s, 3, [
    { a: "south", b: "east" },
    { a: "west" },
    { a: "west" },
    { a: "north" },
  ], {
    metrics_version: "1.0",
    scenario_id: "early",
    seed: 3,
    safety: {
      population: 2,
      evacuated: 1,
      casualties: 1,
      stranded: 0,
      evacuated_rate: f(0.5),
      casualty_rate: f(0.5),
      stranded_rate: f(0),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 1, fire_spread: 0 },
    },
    time: {
      episode_steps: 4,
      max_steps: 10,
      evacuees: 1,
      non_evacuees: 1,
      evacuation_steps: [4],
      first_evacuation_step: 4,
      last_evacuation_step: 4,
      mean_evacuation_step: f(4),
      median_evacuation_step: f(4),
      person_time_to_safety_total: 14, // a 4 + b censored at H = 10 (not T = 4)
      mean_person_time_to_safety: f(7), // 14/2
    },
    movement: {
      decisions: 5, // 2 + 1 + 1 + 1
      stay_actions: 0,
      movement_attempts: 5,
      successful_moves: 5,
      blocked_moves: 0,
      blocked_by_outcome: NO_BLOCKS,
      congestion_blocks: 0,
      stay_rate: f(0),
      blocked_rate: f(0),
      congestion_block_rate: f(0),
    },
    path_efficiency: {
      evacuees_measured: 1,
      total_cells_moved: 4,
      total_static_lower_bound: 2, // L_a: [0,2] → [0,0]
      aggregate_path_efficiency: f(0.5), // 2/4
      mean_path_efficiency: f(0.5),
      mean_detour_ratio: f(2), // 4/2
    },
    fire_exposure: {
      // Burning {[1,3]} throughout. s0: a [0,2] d = 1 + 1 = 2, b [1,2] d = 1;
      // s1: a [1,2] d = 1; s2: a [1,1] d = 2; s3: a [1,0] d = 3; s4: nobody.
      active_person_states: 5,
      person_states_with_fire: 5,
      person_states_without_fire: 0,
      distance_histogram: { "1": 2, "2": 2, "3": 1 },
      adjacent_person_states: 2,
      min_fire_distance: 1,
      exposure_total: f(10 / 3), // 2/1 + 2/2 + 1/3
      mean_exposure: f(2 / 3), // (10/3)/5
    },
    exits: {
      exit_count: 1,
      exits_used: 1,
      evacuations_per_exit: { x: 1 },
      exit_shares: { x: f(1) },
      max_exit_share: f(1),
      exit_balance: null, // K = 1
    },
    replanning: NO_REPLANNING,
    people: [
      {
        person_id: "a",
        initial_position: [0, 2],
        final_position: [0, 0],
        status: "evacuated",
        resolution_step: 4,
        exit_id: "x",
        casualty_cause: null,
        decisions: 4,
        stay_actions: 0,
        cells_moved: 4,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 4,
        static_exit_distance: 2,
        path_efficiency: f(0.5),
        detour_ratio: f(2),
        min_fire_distance: 1,
        fire_exposure: f(7 / 3), // 1/2 + 1/1 + 1/2 + 1/3
      },
      {
        person_id: "b",
        initial_position: [1, 2],
        final_position: [1, 3], // the entered cell
        status: "casualty",
        resolution_step: 1,
        exit_id: null,
        casualty_cause: "entered_fire",
        decisions: 1,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 10,
        static_exit_distance: 3, // [1,2] → [0,0]: 1 + 2
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: 1,
        fire_exposure: f(1), // s0 only, d = 1
      },
    ],
  });
});

Deno.test("spread: fire_spread casualty after a blocked_fire with no next decision", async () => {
  // "......", exit x [0,0], fire at [0,5] spreading with probability 1/1 one
  // cell west per step: [0,4] at step 1, [0,3] at step 2. enter_fire blocked.
  // Step 1: a (at [0,3]) stays, b (at [0,1]) walks into x (evacuated).
  // Step 2: a tries east into [0,4], burning in s1: blocked_fire; then [0,3]
  // ignites under a: casualty fire_spread. Nobody is left: all_resolved, T = 2.
  const s = makeScenario({
    id: "spread",
    grid: ["......"],
    exits: [["x", [0, 0]]],
    people: [["a", [0, 3]], ["b", [0, 1]]],
    ignitions: [[0, 5]],
    spread: [1, 1],
    enterFire: "blocked",
    maxSteps: 6,
  });
  await expectMetrics(s, 11, [
    { a: "stay", b: "west" },
    { a: "east" },
  ], {
    metrics_version: "1.0",
    scenario_id: "spread",
    seed: 11,
    safety: {
      population: 2,
      evacuated: 1,
      casualties: 1,
      stranded: 0,
      evacuated_rate: f(0.5),
      casualty_rate: f(0.5),
      stranded_rate: f(0),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 1 },
    },
    time: {
      episode_steps: 2,
      max_steps: 6,
      evacuees: 1,
      non_evacuees: 1,
      evacuation_steps: [1], // b
      first_evacuation_step: 1,
      last_evacuation_step: 1,
      mean_evacuation_step: f(1),
      median_evacuation_step: f(1),
      person_time_to_safety_total: 7, // b 1 + a censored at H = 6
      mean_person_time_to_safety: f(3.5),
    },
    movement: {
      decisions: 3, // step 1: a, b; step 2: a
      stay_actions: 1,
      movement_attempts: 2,
      successful_moves: 1,
      blocked_moves: 1,
      blocked_by_outcome: { ...NO_BLOCKS, fire: 1 },
      congestion_blocks: 0,
      stay_rate: f(1 / 3),
      blocked_rate: f(0.5), // 1/2
      congestion_block_rate: f(0), // 0/2
    },
    path_efficiency: {
      evacuees_measured: 1,
      total_cells_moved: 1,
      total_static_lower_bound: 1,
      aggregate_path_efficiency: f(1),
      mean_path_efficiency: f(1),
      mean_detour_ratio: f(1),
    },
    fire_exposure: {
      // s0 burning {[0,5]}: a [0,3] d = 2, b [0,1] d = 4;
      // s1 burning {[0,4],[0,5]}: a [0,3] d = 1; s2: nobody active.
      active_person_states: 3,
      person_states_with_fire: 3,
      person_states_without_fire: 0,
      distance_histogram: { "1": 1, "2": 1, "4": 1 },
      adjacent_person_states: 1,
      min_fire_distance: 1,
      exposure_total: f(1.75), // 1 + 1/2 + 1/4
      mean_exposure: f(7 / 12), // (7/4)/3
    },
    exits: {
      exit_count: 1,
      exits_used: 1,
      evacuations_per_exit: { x: 1 },
      exit_shares: { x: f(1) },
      max_exit_share: f(1),
      exit_balance: null,
    },
    replanning: {
      blocked_events: 1,
      blocks_with_next_decision: 0, // a became a casualty in that step
      blocks_without_next_decision: 1,
      moved_after_block: 0,
      blocked_after_block: 0,
      stayed_after_block: 0,
      action_changed_after_block: 0,
      max_consecutive_blocks: 1,
      recovery_proxy_rate: null,
      repeated_block_proxy_rate: null,
      action_change_proxy_rate: null,
    },
    people: [
      {
        person_id: "a",
        initial_position: [0, 3],
        final_position: [0, 3], // the igniting cell
        status: "casualty",
        resolution_step: 2,
        exit_id: null,
        casualty_cause: "fire_spread",
        decisions: 2,
        stay_actions: 1,
        cells_moved: 0,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 6,
        static_exit_distance: 3,
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: 1,
        fire_exposure: f(1.5), // 1/2 + 1/1
      },
      {
        person_id: "b",
        initial_position: [0, 1],
        final_position: [0, 0],
        status: "evacuated",
        resolution_step: 1,
        exit_id: "x",
        casualty_cause: null,
        decisions: 1,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 1,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: 4,
        fire_exposure: f(0.25), // 1/4
      },
    ],
  });
});

Deno.test("blocks: recovery, a repeated block and a stay after a block", async () => {
  // Row 0 ".#...", row 1 ".....", exit x [1,4], no fire, H = 3.
  // p [0,0]: east (wall), east (wall again), south (moved).
  // q [0,4]: north (boundary), south (moved onto x: evacuated at step 2).
  // r [0,2]: east into s's cell while s is blocked: blocked_occupied; then
  //          south (moved), east (moved).
  // s [0,3]: north (boundary), stay, stay.
  const s = makeScenario({
    id: "blocks",
    grid: [".#...", "....."],
    exits: [["x", [1, 4]]],
    people: [["p", [0, 0]], ["q", [0, 4]], ["r", [0, 2]], ["s", [0, 3]]],
    maxSteps: 3,
  });
  await expectMetrics(s, 2, [
    { p: "east", q: "north", r: "east", s: "north" },
    { p: "east", q: "south", r: "south", s: "stay" },
    { p: "south", r: "east", s: "stay" },
  ], {
    metrics_version: "1.0",
    scenario_id: "blocks",
    seed: 2,
    safety: {
      population: 4,
      evacuated: 1,
      casualties: 0,
      stranded: 3,
      evacuated_rate: f(0.25),
      casualty_rate: f(0),
      stranded_rate: f(0.75),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 3,
      max_steps: 3,
      evacuees: 1,
      non_evacuees: 3,
      evacuation_steps: [2],
      first_evacuation_step: 2,
      last_evacuation_step: 2,
      mean_evacuation_step: f(2),
      median_evacuation_step: f(2),
      person_time_to_safety_total: 11, // q 2 + 3 · H (3)
      mean_person_time_to_safety: f(2.75), // 11/4
    },
    movement: {
      decisions: 11, // 4 + 4 + 3
      stay_actions: 2, // s at steps 2 and 3
      movement_attempts: 9,
      successful_moves: 4, // q2, r2, p3, r3
      blocked_moves: 5, // p1, q1, r1, s1, p2
      blocked_by_outcome: { ...NO_BLOCKS, boundary: 2, wall: 2, occupied: 1 },
      congestion_blocks: 1,
      stay_rate: f(2 / 11),
      blocked_rate: f(5 / 9),
      congestion_block_rate: f(1 / 9),
    },
    path_efficiency: {
      evacuees_measured: 1,
      total_cells_moved: 1,
      total_static_lower_bound: 1,
      aggregate_path_efficiency: f(1),
      mean_path_efficiency: f(1),
      mean_detour_ratio: f(1),
    },
    fire_exposure: {
      active_person_states: 14, // 4 + 4 + 3 + 3
      person_states_with_fire: 0,
      person_states_without_fire: 14,
      distance_histogram: {},
      adjacent_person_states: 0,
      min_fire_distance: null,
      exposure_total: f(0),
      mean_exposure: f(0),
    },
    exits: {
      exit_count: 1,
      exits_used: 1,
      evacuations_per_exit: { x: 1 },
      exit_shares: { x: f(1) },
      max_exit_share: f(1),
      exit_balance: null,
    },
    replanning: {
      // p1 → p2 blocked (same action east); q1 → q2 moved (changed);
      // r1 → r2 moved (changed); s1 → s2 stay (changed); p2 → p3 moved (changed).
      blocked_events: 5,
      blocks_with_next_decision: 5,
      blocks_without_next_decision: 0,
      moved_after_block: 3,
      blocked_after_block: 1,
      stayed_after_block: 1,
      action_changed_after_block: 4,
      max_consecutive_blocks: 2, // p
      recovery_proxy_rate: f(0.6), // 3/5
      repeated_block_proxy_rate: f(0.2), // 1/5
      action_change_proxy_rate: f(0.8), // 4/5
    },
    people: [
      {
        person_id: "p",
        initial_position: [0, 0],
        final_position: [1, 0],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 3,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 2,
        max_consecutive_blocks: 2,
        time_to_safety: 3,
        static_exit_distance: 5, // [0,0] → [1,0] → … → [1,4]
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "q",
        initial_position: [0, 4],
        final_position: [1, 4],
        status: "evacuated",
        resolution_step: 2,
        exit_id: "x",
        casualty_cause: null,
        decisions: 2,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 2,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "r",
        initial_position: [0, 2],
        final_position: [1, 3],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 3,
        stay_actions: 0,
        cells_moved: 2,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 3,
        static_exit_distance: 3, // 1 down + 2 right
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
      {
        person_id: "s",
        initial_position: [0, 3],
        final_position: [0, 3],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 3,
        stay_actions: 2,
        cells_moved: 0,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 3,
        static_exit_distance: 2,
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: null,
        fire_exposure: f(0),
      },
    ],
  });
});

Deno.test("congestion: a swap cycle, a conflict, chains and unequal exit shares", async () => {
  // 2×6 open grid, exits w [0,0] and e [0,5], fire at [1,0] that never
  // spreads (enter_fire casualty), H = 6, seed 0.
  // Step 1: a [0,1] east and b [0,2] west swap: blocked_cycle for both.
  //         c [1,3] north and d [0,4] west contest [0,3]; movers sorted [c, d],
  //         the first uniform(2) of stream(0, 2) is 0 (contract §14), so c
  //         moves and d gets blocked_conflict.
  // Step 2: a west (evacuated via w); b, c, d east as one chain ending at the
  //         free exit [0,5]: d evacuated via e.
  // Step 3: b, c east: c evacuated via e.  Step 4: b east: evacuated via e.
  const s = makeScenario({
    id: "congestion",
    grid: ["......", "......"],
    exits: [["w", [0, 0]], ["e", [0, 5]]],
    people: [["a", [0, 1]], ["b", [0, 2]], ["c", [1, 3]], ["d", [0, 4]]],
    ignitions: [[1, 0]],
    enterFire: "casualty",
    maxSteps: 6,
  });
  await expectMetrics(s, 0, [
    { a: "east", b: "west", c: "north", d: "west" },
    { a: "west", b: "east", c: "east", d: "east" },
    { b: "east", c: "east" },
    { b: "east" },
  ], {
    metrics_version: "1.0",
    scenario_id: "congestion",
    seed: 0,
    safety: {
      population: 4,
      evacuated: 4,
      casualties: 0,
      stranded: 0,
      evacuated_rate: f(1),
      casualty_rate: f(0),
      stranded_rate: f(0),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 4,
      max_steps: 6,
      evacuees: 4,
      non_evacuees: 0,
      evacuation_steps: [2, 4, 3, 2], // a, b, c, d
      first_evacuation_step: 2,
      last_evacuation_step: 4,
      mean_evacuation_step: f(2.75), // 11/4
      median_evacuation_step: f(2.5), // sorted 2 2 3 4: (2 + 3)/2
      person_time_to_safety_total: 11,
      mean_person_time_to_safety: f(2.75),
    },
    movement: {
      decisions: 11, // 4 + 4 + 2 + 1
      stay_actions: 0,
      movement_attempts: 11,
      successful_moves: 8, // 1 + 4 + 2 + 1
      blocked_moves: 3,
      blocked_by_outcome: { ...NO_BLOCKS, conflict: 1, cycle: 2 },
      congestion_blocks: 3,
      stay_rate: f(0),
      blocked_rate: f(3 / 11),
      congestion_block_rate: f(3 / 11),
    },
    path_efficiency: {
      // L: a 1, b 2 (to w), c 3 (1 up + 2 right to e), d 1.
      // cells: a 1, b 3, c 3, d 1.
      evacuees_measured: 4,
      total_cells_moved: 8,
      total_static_lower_bound: 7,
      aggregate_path_efficiency: f(7 / 8),
      mean_path_efficiency: f(11 / 12), // (1 + 2/3 + 1 + 1)/4
      mean_detour_ratio: f(9 / 8), // (1 + 3/2 + 1 + 1)/4
    },
    fire_exposure: {
      // Distance to [1,0]. s0: a 2, b 3, c 3, d 5; s1: a 2, b 3, c [0,3] 4,
      // d 5; s2: b [0,3] 4, c [0,4] 5; s3: b [0,4] 5; s4: nobody.
      active_person_states: 11,
      person_states_with_fire: 11,
      person_states_without_fire: 0,
      distance_histogram: { "2": 2, "3": 3, "4": 2, "5": 4 },
      adjacent_person_states: 0,
      min_fire_distance: 2,
      exposure_total: f(3.3), // 2/2 + 3/3 + 2/4 + 4/5 = 33/10
      mean_exposure: f(0.3), // (33/10)/11
    },
    exits: {
      exit_count: 2,
      exits_used: 2,
      evacuations_per_exit: { e: 3, w: 1 },
      exit_shares: { e: f(0.75), w: f(0.25) },
      max_exit_share: f(0.75),
      exit_balance: f(0.75), // (1 − (9/16 + 1/16)) / (1 − 1/2) = (3/8)/(1/2)
    },
    replanning: {
      // a, b, d each blocked at step 1 and moved at step 2 with another action.
      blocked_events: 3,
      blocks_with_next_decision: 3,
      blocks_without_next_decision: 0,
      moved_after_block: 3,
      blocked_after_block: 0,
      stayed_after_block: 0,
      action_changed_after_block: 3,
      max_consecutive_blocks: 1,
      recovery_proxy_rate: f(1),
      repeated_block_proxy_rate: f(0),
      action_change_proxy_rate: f(1),
    },
    people: [
      {
        person_id: "a",
        initial_position: [0, 1],
        final_position: [0, 0],
        status: "evacuated",
        resolution_step: 2,
        exit_id: "w",
        casualty_cause: null,
        decisions: 2,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 2,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: 2,
        fire_exposure: f(1), // 1/2 + 1/2
      },
      {
        person_id: "b",
        initial_position: [0, 2],
        final_position: [0, 5],
        status: "evacuated",
        resolution_step: 4,
        exit_id: "e",
        casualty_cause: null,
        decisions: 4,
        stay_actions: 0,
        cells_moved: 3,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 4,
        static_exit_distance: 2,
        path_efficiency: f(2 / 3),
        detour_ratio: f(1.5),
        min_fire_distance: 3,
        fire_exposure: f(67 / 60), // 1/3 + 1/3 + 1/4 + 1/5
      },
      {
        person_id: "c",
        initial_position: [1, 3],
        final_position: [0, 5],
        status: "evacuated",
        resolution_step: 3,
        exit_id: "e",
        casualty_cause: null,
        decisions: 3,
        stay_actions: 0,
        cells_moved: 3,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 3,
        static_exit_distance: 3,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: 3,
        fire_exposure: f(47 / 60), // 1/3 + 1/4 + 1/5
      },
      {
        person_id: "d",
        initial_position: [0, 4],
        final_position: [0, 5],
        status: "evacuated",
        resolution_step: 2,
        exit_id: "e",
        casualty_cause: null,
        decisions: 2,
        stay_actions: 0,
        cells_moved: 1,
        blocked_moves: 1,
        max_consecutive_blocks: 1,
        time_to_safety: 2,
        static_exit_distance: 1,
        path_efficiency: f(1),
        detour_ratio: f(1),
        min_fire_distance: 5,
        fire_exposure: f(0.4), // 2/5
      },
    ],
  });
});

Deno.test("shield: walls do not shield from the exposure proxy", async () => {
  // "..#..": exit x [0,0], p at [0,1], fire at [0,3] behind the wall, no
  // spread, H = 1. The proxy's Manhattan distance ignores the wall: d = 2 in
  // s0 and s1. p stays: stranded, not trapped ([0,0] is next to it).
  const s = makeScenario({
    id: "shield",
    grid: ["..#.."],
    exits: [["x", [0, 0]]],
    people: [["p", [0, 1]]],
    ignitions: [[0, 3]],
    maxSteps: 1,
  });
  await expectMetrics(s, 9, [{ p: "stay" }], {
    metrics_version: "1.0",
    scenario_id: "shield",
    seed: 9,
    safety: {
      population: 1,
      evacuated: 0,
      casualties: 0,
      stranded: 1,
      evacuated_rate: f(0),
      casualty_rate: f(0),
      stranded_rate: f(1),
      terminal_trapped_count: 0,
      terminal_trapped_rate: f(0),
      casualties_by_cause: { entered_fire: 0, fire_spread: 0 },
    },
    time: {
      episode_steps: 1,
      max_steps: 1,
      evacuees: 0,
      non_evacuees: 1,
      evacuation_steps: [],
      first_evacuation_step: null,
      last_evacuation_step: null,
      mean_evacuation_step: null,
      median_evacuation_step: null,
      person_time_to_safety_total: 1,
      mean_person_time_to_safety: f(1),
    },
    movement: {
      decisions: 1,
      stay_actions: 1,
      movement_attempts: 0,
      successful_moves: 0,
      blocked_moves: 0,
      blocked_by_outcome: NO_BLOCKS,
      congestion_blocks: 0,
      stay_rate: f(1),
      blocked_rate: null,
      congestion_block_rate: null,
    },
    path_efficiency: {
      evacuees_measured: 0,
      total_cells_moved: 0,
      total_static_lower_bound: 0,
      aggregate_path_efficiency: null,
      mean_path_efficiency: null,
      mean_detour_ratio: null,
    },
    fire_exposure: {
      active_person_states: 2,
      person_states_with_fire: 2,
      person_states_without_fire: 0,
      distance_histogram: { "2": 2 },
      adjacent_person_states: 0,
      min_fire_distance: 2,
      exposure_total: f(1), // 2/2
      mean_exposure: f(0.5), // 1/2
    },
    exits: {
      exit_count: 1,
      exits_used: 0,
      evacuations_per_exit: { x: 0 },
      exit_shares: null,
      max_exit_share: null,
      exit_balance: null,
    },
    replanning: NO_REPLANNING,
    people: [
      {
        person_id: "p",
        initial_position: [0, 1],
        final_position: [0, 1],
        status: "active",
        resolution_step: null,
        exit_id: null,
        casualty_cause: null,
        decisions: 1,
        stay_actions: 1,
        cells_moved: 0,
        blocked_moves: 0,
        max_consecutive_blocks: 0,
        time_to_safety: 1,
        static_exit_distance: 1,
        path_efficiency: null,
        detour_ratio: null,
        min_fire_distance: 2,
        fire_exposure: f(1),
      },
    ],
  });
});
