/**
 * The documents of contract §5–§11 as TypeScript types. They are `type`
 * aliases (not interfaces) so that each is assignable to `JsonValue` and can
 * be canonically encoded as it is. Integers are plain `number`s.
 *
 * @module
 */

import type { JsonObject } from "./canonical.ts";

/** Contract §1 versions. */
export const SCHEMA_VERSION = "1.0";
/** Simulator version (contract §1). */
export const SIMULATOR_VERSION = "1.0";
/** Observation version (contract §1). */
export const OBSERVATION_VERSION = "1.0";
/** Metrics version (contract §1). */
export const METRICS_VERSION = "1.0";
/** Statistics version (contract §1). */
export const STATISTICS_VERSION = "1.0";

/** `[row, col]`, 0-based, row 0 at the top. */
export type Cell = readonly [number, number];
/** The four moves. */
export type Direction = "north" | "east" | "south" | "west";
/** A move or `stay`. */
export type Action = Direction | "stay";
/** Move outcomes of contract §8. */
export type Outcome =
  | "stayed"
  | "moved"
  | "blocked_boundary"
  | "blocked_wall"
  | "blocked_fire"
  | "blocked_occupied"
  | "blocked_conflict"
  | "blocked_cycle";
/** Person status. */
export type Status = "active" | "evacuated" | "casualty";
/** Casualty causes. */
export type CasualtyCause = "entered_fire" | "fire_spread";
/** Termination reasons. */
export type TerminationReason = "all_resolved" | "max_steps";

/** An exit of a scenario. */
export type Exit = { readonly exit_id: string; readonly position: Cell };
/** A person of a scenario. */
export type Person = { readonly person_id: string; readonly position: Cell };

/** Scenario, schema 1.0 (contract §5). */
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

/** A family of a suite. */
export type Family = {
  readonly family_id: string;
  readonly description: string;
  readonly scenarios: readonly string[];
};

/** Suite (contract §6). */
export type Suite = {
  readonly suite_id: string;
  readonly suite_version: string;
  readonly families: readonly Family[];
  readonly scenarios: readonly {
    readonly scenario: Scenario;
    readonly seeds: readonly number[];
  }[];
};

/** One person in a snapshot. */
export type SnapshotPerson = {
  readonly person_id: string;
  readonly status: Status;
  readonly position: Cell;
};

/** Snapshot `s_t` (contract §8). */
export type Snapshot = {
  readonly step: number;
  readonly people: readonly SnapshotPerson[];
  readonly burning: readonly Cell[];
  readonly trapped: readonly string[];
  readonly terminated: boolean;
  readonly termination_reason: TerminationReason | null;
};

/** One decision of one active person in one step. */
export type Movement = {
  readonly person_id: string;
  readonly action: Action;
  readonly origin: Cell;
  readonly target: Cell | null;
  readonly outcome: Outcome;
};

/** One step of a run record. */
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

/** One person in the final state. */
export type FinalPerson = {
  readonly person_id: string;
  readonly status: Status;
  readonly position: Cell;
  readonly resolution_step: number | null;
  readonly exit_id: string | null;
  readonly casualty_cause: CasualtyCause | null;
};

/** Run record header. */
export type RecordHeader = {
  readonly simulator_version: string;
  readonly observation_version: string;
  readonly schema_version: string;
  readonly scenario_id: string;
  readonly scenario_hash: string;
  readonly seed: number;
};

/** Run record (contract §8). */
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

/** Observation 1.0 (contract §9). */
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

/** Episode key of a manifest (contract §10). */
export type EpisodeKey = {
  readonly index: number;
  readonly scenario_id: string;
  readonly scenario_hash: string;
  readonly seed: number;
};

/** Evaluation manifest (contract §10). */
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

/** One episode of an evaluation result. `metrics` is the contract §11 dictionary. */
export type ResultEpisode = EpisodeKey & {
  readonly record: RunRecord;
  readonly metrics: JsonObject;
};

/** Evaluation result (contract §10). */
export type EvaluationResult = {
  readonly model_id: string;
  readonly evaluation_manifest: Manifest;
  readonly evaluation_manifest_hash: string;
  readonly episodes: readonly ResultEpisode[];
};
