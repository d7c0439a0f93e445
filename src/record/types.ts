/**
 * The run record (contract §8): its header, snapshots, steps and final
 * state, as the simulator writes them and the reader returns them.
 *
 * @module
 */

import type {
  Action,
  CasualtyCause,
  Cell,
  Outcome,
  Status,
  TerminationReason,
} from "../types.ts";

/**
 * One person in a snapshot.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encode } from "../json/canonical.ts";
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
 * import { encode } from "../json/canonical.ts";
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
 * import { encode } from "../json/canonical.ts";
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
 * import { encode } from "../json/canonical.ts";
 * import { replayActions } from "../sim/simulator.ts";
 * import type { Scenario } from "../types.ts";
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
 * import { encode } from "../json/canonical.ts";
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
 * import { encode } from "../json/canonical.ts";
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
 * import { replayActions } from "../sim/simulator.ts";
 * import type { Scenario } from "../types.ts";
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
