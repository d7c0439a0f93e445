/**
 * The documents of contract §5–§11 as TypeScript types. They are `type`
 * aliases (not interfaces) so that each is assignable to `JsonValue` and can
 * be canonically encoded as it is. Integers are plain `number`s.
 *
 * @module
 */

import type { JsonObject } from "./json/canonical.ts";

/**
 * Contract §1 versions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCHEMA_VERSION } from "./types.ts";
 * assert.equal(SCHEMA_VERSION, "1.0");
 * ```
 */
export const SCHEMA_VERSION = "1.0";
/**
 * Simulator version (contract §1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SIMULATOR_VERSION } from "./types.ts";
 * assert.equal(SIMULATOR_VERSION, "1.0");
 * ```
 */
export const SIMULATOR_VERSION = "1.0";
/**
 * Observation version (contract §1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OBSERVATION_VERSION } from "./types.ts";
 * assert.equal(OBSERVATION_VERSION, "1.0");
 * ```
 */
export const OBSERVATION_VERSION = "1.0";
/**
 * Metrics version (contract §1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { METRICS_VERSION } from "./types.ts";
 * assert.equal(METRICS_VERSION, "1.0");
 * ```
 */
export const METRICS_VERSION = "1.0";
/**
 * Statistics version (contract §1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STATISTICS_VERSION } from "./types.ts";
 * assert.equal(STATISTICS_VERSION, "1.0");
 * ```
 */
export const STATISTICS_VERSION = "1.0";

/**
 * `[row, col]`, 0-based, row 0 at the top.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Cell } from "./types.ts";
 * const value: Cell = [2, 5]; // row 2, column 5
 * assert.equal(encode(value), '[2,5]');
 * ```
 */
export type Cell = readonly [number, number];
/**
 * The four moves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Direction } from "./types.ts";
 * const value: Direction[] = ["north", "east", "south", "west"];
 * assert.equal(encode(value), '["north","east","south","west"]');
 * ```
 */
export type Direction = "north" | "east" | "south" | "west";
/**
 * A move or `stay`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Action } from "./types.ts";
 * const value: Record<string, Action> = { p2: "stay", p1: "north" };
 * assert.equal(encode(value), '{"p1":"north","p2":"stay"}');
 * ```
 */
export type Action = Direction | "stay";
/**
 * Move outcomes of contract §8.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Outcome } from "./types.ts";
 * const value: Outcome[] = ["moved", "blocked_fire", "blocked_cycle"];
 * assert.equal(encode(value), '["moved","blocked_fire","blocked_cycle"]');
 * ```
 */
export type Outcome =
  | "stayed"
  | "moved"
  | "blocked_boundary"
  | "blocked_wall"
  | "blocked_fire"
  | "blocked_occupied"
  | "blocked_conflict"
  | "blocked_cycle";
/**
 * Person status.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Status } from "./types.ts";
 * const value: Record<string, Status> = { p: "evacuated", q: "casualty", r: "active" };
 * assert.equal(encode(value), '{"p":"evacuated","q":"casualty","r":"active"}');
 * ```
 */
export type Status = "active" | "evacuated" | "casualty";
/**
 * Casualty causes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { CasualtyCause } from "./types.ts";
 * const value: { person_id: string; cause: CasualtyCause } = { person_id: "p", cause: "fire_spread" };
 * assert.equal(encode(value), '{"cause":"fire_spread","person_id":"p"}');
 * ```
 */
export type CasualtyCause = "entered_fire" | "fire_spread";
/**
 * Termination reasons.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { TerminationReason } from "./types.ts";
 * const value: TerminationReason[] = ["all_resolved", "max_steps"];
 * assert.equal(encode(value), '["all_resolved","max_steps"]');
 * ```
 */
export type TerminationReason = "all_resolved" | "max_steps";

/**
 * An exit of a scenario.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Exit } from "./types.ts";
 * const value: Exit = { position: [0, 4], exit_id: "east_door" };
 * assert.equal(encode(value), '{"exit_id":"east_door","position":[0,4]}');
 * ```
 */
export type Exit = { readonly exit_id: string; readonly position: Cell };
/**
 * A person of a scenario.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Person } from "./types.ts";
 * const value: Person = { position: [2, 1], person_id: "p1" };
 * assert.equal(encode(value), '{"person_id":"p1","position":[2,1]}');
 * ```
 */
export type Person = { readonly person_id: string; readonly position: Cell };

/**
 * Scenario, schema 1.0 (contract §5).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseScenario, scenarioHash } from "./scenario/scenario.ts";
 * import type { Scenario } from "./types.ts";
 * const scenario: Scenario = { schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } };
 * assert.equal(parseScenario(scenario).people[0]?.person_id, "p");
 * // SHA-256 of the canonical text, computed independently with Python's hashlib:
 * assert.equal(await scenarioHash(scenario), "6466fa02451643fe39783d9d93aed60c554e6959e6900cf9c528a281b2a6c47e");
 * ```
 */
export type Scenario = {
  readonly schema_version: string;
  readonly scenario_id: string;
  readonly description: string;
  readonly grid: readonly string[];
  readonly exits: readonly Exit[];
  readonly people: readonly Person[];
  readonly fire: {
    readonly ignitions: readonly Cell[];
    readonly spread_probability: readonly [number, number];
    readonly enter_fire: "casualty" | "blocked";
  };
  readonly termination: { readonly max_steps: number };
};

/**
 * A family of a suite.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Family } from "./types.ts";
 * const value: Family = { family_id: "small", description: "Small rooms", scenarios: ["t"] };
 * assert.equal(encode(value), '{"description":"Small rooms","family_id":"small","scenarios":["t"]}');
 * ```
 */
export type Family = {
  readonly family_id: string;
  readonly description: string;
  readonly scenarios: readonly string[];
};

/**
 * Suite (contract §6).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import { parseSuite } from "./scenario/suite.ts";
 * import type { Suite } from "./types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * assert.equal(encode(parseSuite(suite)), encode(suite)); // a valid suite reads back unchanged
 * ```
 */
export type Suite = {
  readonly suite_id: string;
  readonly suite_version: string;
  readonly families: readonly Family[];
  readonly scenarios: readonly {
    readonly scenario: Scenario;
    readonly seeds: readonly number[];
  }[];
};

/**
 * Observation 1.0 (contract §9).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Observation } from "./types.ts";
 * const value: Observation = { observation_version: "1.0", scenario_id: "t", step: 0, max_steps: 3,
 *   grid: ["E."], exits: [{ exit_id: "x", position: [0, 0], usable: true }], burning: [],
 *   people: [{ person_id: "p", position: [0, 1], trapped: false }] };
 * assert.equal(encode(value), '{"burning":[],"exits":[{"exit_id":"x","position":[0,0],"usable":true}],"grid":["E."],"max_steps":3,"observation_version":"1.0",' +
 *   '"people":[{"person_id":"p","position":[0,1],"trapped":false}],"scenario_id":"t","step":0}');
 * ```
 */
export type Observation = {
  readonly observation_version: string;
  readonly scenario_id: string;
  readonly step: number;
  readonly max_steps: number;
  readonly grid: readonly string[];
  readonly exits: readonly {
    readonly exit_id: string;
    readonly position: Cell;
    readonly usable: boolean;
  }[];
  readonly burning: readonly Cell[];
  readonly people: readonly {
    readonly person_id: string;
    readonly position: Cell;
    readonly trapped: boolean;
  }[];
};

/**
 * Episode key of a manifest (contract §10).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { EpisodeKey } from "./types.ts";
 * const value: EpisodeKey = { index: 0, scenario_id: "t", scenario_hash: "6466fa02451643fe39783d9d93aed60c554e6959e6900cf9c528a281b2a6c47e", seed: 0 };
 * assert.equal(encode(value), '{"index":0,"scenario_hash":"6466fa02451643fe39783d9d93aed60c554e6959e6900cf9c528a281b2a6c47e","scenario_id":"t","seed":0}');
 * ```
 */
export type EpisodeKey = {
  readonly index: number;
  readonly scenario_id: string;
  readonly scenario_hash: string;
  readonly seed: number;
};

/**
 * Evaluation manifest (contract §10).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "./scenario/suite.ts";
 * import type { Manifest, Suite } from "./types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const manifest: Manifest = await buildManifest(suite);
 * assert.equal(manifest.suite_hash, "7184dcbc0a7d51b94e1522d4b8755cdc138971cd1981dde7583b347cbb9435d6");
 * assert.equal(manifest.episodes.length, 1);
 * assert.equal(manifest.metrics_version, "1.0");
 * ```
 */
export type Manifest = {
  readonly suite_id: string;
  readonly suite_version: string;
  readonly suite_hash: string;
  readonly schema_version: string;
  readonly simulator_version: string;
  readonly observation_version: string;
  readonly metrics_version: string;
  readonly episodes: readonly EpisodeKey[];
};

/**
 * One episode of an evaluation result. `metrics` is the contract §11 dictionary.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonObject } from "./json/canonical.ts";
 * import { runEvaluation } from "./evaluation/runner.ts";
 * import type { ResultEpisode, Suite } from "./types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const episode: ResultEpisode = (await runEvaluation(suite, "greedy", { modelId: "g" })).episodes[0]!;
 * assert.equal(episode.record.final_state.termination_reason, "all_resolved");
 * assert.equal((episode.metrics.safety as JsonObject).evacuated, 1);
 * ```
 */
export type ResultEpisode = EpisodeKey & {
  readonly record: RunRecord;
  readonly metrics: JsonObject;
};

/**
 * Evaluation result (contract §10).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runEvaluation } from "./evaluation/runner.ts";
 * import type { EvaluationResult, Suite } from "./types.ts";
 * const suite: Suite = { suite_id: "s", suite_version: "1", families: [], scenarios: [{ seeds: [0], scenario: {
 *   schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } } }] };
 * const result: EvaluationResult = await runEvaluation(suite, "greedy", { modelId: "g" });
 * assert.equal(result.evaluation_manifest_hash, "37bff2283eedc848381a1fb3202ffee23a7308c89543ddfb9e4aa38eb350bf15");
 * assert.deepEqual(result.episodes.map((e) => e.seed), [0]);
 * ```
 */
export type EvaluationResult = {
  readonly model_id: string;
  readonly evaluation_manifest: Manifest;
  readonly evaluation_manifest_hash: string;
  readonly episodes: readonly ResultEpisode[];
};

// The run record (contract §8): its header, snapshots, steps and final
// state, as the simulator writes them and the reader returns them.

/**
 * One person in a snapshot.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { SnapshotPerson } from "./types.ts";
 * const value: SnapshotPerson = { person_id: "p", status: "active", position: [0, 1] };
 * assert.equal(encode(value), '{"person_id":"p","position":[0,1],"status":"active"}');
 * ```
 */
export type SnapshotPerson = {
  readonly person_id: string;
  readonly status: Status;
  readonly position: Cell;
};

/**
 * Snapshot `s_t` (contract §8).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Snapshot } from "./types.ts";
 * const value: Snapshot = { step: 0, people: [], burning: [[1, 2]], trapped: [],
 *   terminated: false, termination_reason: null };
 * assert.equal(encode(value), '{"burning":[[1,2]],"people":[],"step":0,"terminated":false,"termination_reason":null,"trapped":[]}');
 * ```
 */
export type Snapshot = {
  readonly step: number;
  readonly people: readonly SnapshotPerson[];
  readonly burning: readonly Cell[];
  readonly trapped: readonly string[];
  readonly terminated: boolean;
  readonly termination_reason: TerminationReason | null;
};

/**
 * One decision of one active person in one step.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { Movement } from "./types.ts";
 * const value: Movement = { person_id: "p", action: "east", origin: [0, 1], target: [0, 2],
 *   outcome: "blocked_wall" };
 * assert.equal(encode(value), '{"action":"east","origin":[0,1],"outcome":"blocked_wall","person_id":"p","target":[0,2]}');
 * ```
 */
export type Movement = {
  readonly person_id: string;
  readonly action: Action;
  readonly origin: Cell;
  readonly target: Cell | null;
  readonly outcome: Outcome;
};

/**
 * One step of a run record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import { replayActions } from "./sim/simulator.ts";
 * import type { Scenario } from "./types.ts";
 * import type { StepRecord } from "./types.ts";
 * const scenario: Scenario = { schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } };
 * const step: StepRecord = replayActions(scenario, 0, [{ p: "west" }], "0".repeat(64)).steps[0]!;
 * assert.equal(encode(step.movements), '[{"action":"west","origin":[0,1],"outcome":"moved","person_id":"p","target":[0,0]}]');
 * assert.equal(encode(step.evacuations), '[{"exit_id":"x","person_id":"p"}]');
 * ```
 */
export type StepRecord = {
  readonly step: number;
  readonly actions: { readonly [personId: string]: Action };
  readonly movements: readonly Movement[];
  readonly ignitions: readonly Cell[];
  readonly evacuations: readonly {
    readonly person_id: string;
    readonly exit_id: string;
  }[];
  readonly casualties: readonly {
    readonly person_id: string;
    readonly cause: CasualtyCause;
  }[];
  readonly state: Snapshot;
};

/**
 * One person in the final state.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { FinalPerson } from "./types.ts";
 * const value: FinalPerson = { person_id: "p", status: "evacuated", position: [0, 0],
 *   resolution_step: 1, exit_id: "x", casualty_cause: null };
 * assert.equal(encode(value), '{"casualty_cause":null,"exit_id":"x","person_id":"p","position":[0,0],"resolution_step":1,"status":"evacuated"}');
 * ```
 */
export type FinalPerson = {
  readonly person_id: string;
  readonly status: Status;
  readonly position: Cell;
  readonly resolution_step: number | null;
  readonly exit_id: string | null;
  readonly casualty_cause: CasualtyCause | null;
};

/**
 * Run record header.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "./json/canonical.ts";
 * import type { RecordHeader } from "./types.ts";
 * const value: RecordHeader = { simulator_version: "1.0", observation_version: "1.0", schema_version: "1.0",
 *   scenario_id: "t", scenario_hash: "ab".repeat(32), seed: 7 };
 * assert.equal(encode(value), `{"observation_version":"1.0","scenario_hash":"${"ab".repeat(32)}",` +
 *   '"scenario_id":"t","schema_version":"1.0","seed":7,"simulator_version":"1.0"}');
 * ```
 */
export type RecordHeader = {
  readonly simulator_version: string;
  readonly observation_version: string;
  readonly schema_version: string;
  readonly scenario_id: string;
  readonly scenario_hash: string;
  readonly seed: number;
};

/**
 * Run record (contract §8).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "./sim/simulator.ts";
 * import type { Scenario } from "./types.ts";
 * import type { RunRecord } from "./types.ts";
 * const scenario: Scenario = { schema_version: "1.0", scenario_id: "t", description: "", grid: [".."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 1] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } };
 * const record: RunRecord = replayActions(scenario, 0, [{ p: "west" }], "0".repeat(64));
 * assert.equal(record.steps.length, 1);
 * assert.equal(record.final_state.termination_reason, "all_resolved");
 * assert.equal(record.final_state.people[0]?.exit_id, "x");
 * ```
 */
export type RunRecord = {
  readonly header: RecordHeader;
  readonly initial_state: Snapshot;
  readonly steps: readonly StepRecord[];
  readonly final_state: {
    readonly step: number;
    readonly termination_reason: TerminationReason;
    readonly trapped: readonly string[];
    readonly people: readonly FinalPerson[];
  };
};
