/**
 * Simulator 1.0 (contract §7) and its run record (§8). The per-step rules
 * live in the pure typed-array core of `step.ts`; this module maps IDs and
 * cells to and from it, asks the controller for actions, and builds the
 * record and snapshots.
 *
 * @module
 */

import { PolicyError } from "../errors.ts";
import { cellIndex } from "../scenario/geometry.ts";
import { markProduced } from "./record_writer.ts";
import {
  ACTION_CODES,
  type ActionProblem,
  actionProblem,
  playEpisode,
  where,
} from "./answers.ts";
import { cellTable, type CellTables, cellTuple } from "./cells.ts";
import { type Layout, layoutOf } from "./layout.ts";
import { observe } from "./observation.ts";
import { Stream, STREAM_FIRE, STREAM_MOVEMENT } from "./rng.ts";
import { scenarioHash } from "../scenario/scenario.ts";
import {
  ACTION_DELTAS,
  ACTIONS,
  type CoreState,
  EVENT_ENTERED_FIRE,
  EVENT_EVACUATED,
  EVENT_FIRE_SPREAD,
  EVENT_NONE,
  initialCoreState,
  OUTCOME_NONE,
  OUTCOMES,
  STATUS_ACTIVE,
  STATUS_CASUALTY,
  STATUS_EVACUATED,
  STATUSES,
  stepCore,
  type Streams,
  TERM_ALL_RESOLVED,
  TERM_NONE,
} from "./step.ts";
import {
  type Action,
  type CasualtyCause,
  type Cell,
  type FinalPerson,
  type Movement,
  type Observation,
  OBSERVATION_VERSION,
  type RecordHeader,
  type RunRecord,
  type Scenario,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
  type Snapshot,
  type SnapshotPerson,
  type StepRecord,
  type TerminationReason,
} from "../types.ts";

export * from "./step.ts";

/**
 * A policy as the simulator sees it: one observation in, one action per
 * active person out. `context.step` is the step of the observed state (0
 * before the first step).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Controller, simulateEpisode } from "./simulator.ts";
 * import type { Scenario } from "../types.ts";
 * const scenario: Scenario = { schema_version: "1.0", scenario_id: "t", description: "", grid: ["..."],
 *   exits: [{ exit_id: "x", position: [0, 0] }], people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" }, termination: { max_steps: 3 } };
 * const seen: number[] = [];
 * const west: Controller = (_obs, { step }) => {
 *   seen.push(step);
 *   return { p: "west" };
 * };
 * const record = await simulateEpisode(scenario, 0, west);
 * assert.deepEqual(seen, [0, 1]); // two steps from [0, 2] to the exit at [0, 0]
 * assert.equal(record.final_state.termination_reason, "all_resolved");
 * ```
 */
export type Controller = (
  obs: Observation,
  context: { seed: number; step: number },
) => Record<string, Action> | Promise<Record<string, Action>>;

// The simulator's own cell tuples (see cells.ts).
const SIMULATOR_CELLS: CellTables = new WeakMap();

/**
 * An episode in progress: the core state, the streams, and the record built
 * so far. {@linkcode simulateEpisode}, {@linkcode replayActions} and the
 * replay check all drive it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Episode } from "./simulator.ts";
 * import { parseScenario } from "../scenario/scenario.ts";
 * import { parse } from "../json/canonical.ts";
 * const s = parseScenario(parse(`{"schema_version": "1.0", "scenario_id": "t", "description": "",
 *   "grid": [".."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 1]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 5}}`));
 * const run = new Episode(s, 0, "0".repeat(64));
 * run.advance({ p: "west" });
 * assert.ok(run.terminated && run.record().final_state.people[0]?.status === "evacuated");
 * ```
 */
export class Episode {
  /** The record header. */
  readonly header: RecordHeader;
  /** `s_0`. */
  readonly initialState: Snapshot;
  /** Step records so far. */
  readonly steps: StepRecord[] = [];
  /** The latest snapshot. */
  state: Snapshot;

  private readonly layout: Layout;
  private readonly core: CoreState;
  private readonly streams: Streams;
  private readonly cells: (Cell | undefined)[];
  private people: SnapshotPerson[];
  private burningSorted: number[];
  private burning: readonly Cell[];
  private readonly resolution: Int32Array;
  private readonly cause: (CasualtyCause | null)[];

  /** Start an episode of a validated scenario; `seed` in [0, 2^53 − 1]. */
  constructor(
    readonly scenario: Scenario,
    readonly seed: number,
    scenarioHash: string,
  ) {
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new RangeError(`seed ${seed} is not an integer in [0, 2^53 - 1]`);
    }
    this.layout = layoutOf(scenario);
    this.cells = cellTable(this.layout, SIMULATOR_CELLS);
    const { world, ids } = this.layout;
    // Every record object is built with its keys in code-point order, so
    // that JSON.stringify writes canonical JSON: the verifier relies on it.
    this.header = {
      observation_version: OBSERVATION_VERSION,
      scenario_hash: scenarioHash,
      scenario_id: scenario.scenario_id,
      schema_version: SCHEMA_VERSION,
      seed,
      simulator_version: SIMULATOR_VERSION,
    };
    this.core = initialCoreState(
      world,
      this.layout.initialPositions,
      this.layout.ignitions,
    );
    this.streams = {
      fire: new Stream(seed, STREAM_FIRE),
      movement: new Stream(seed, STREAM_MOVEMENT),
    };
    this.resolution = new Int32Array(ids.length).fill(-1);
    this.cause = ids.map(() => null);
    this.people = ids.map((id, i) => ({
      person_id: id,
      position: this.cell(this.core.position[i]!),
      status: "active",
    }));
    this.burningSorted = Array.from(this.layout.ignitions);
    this.burning = this.burningSorted.map((c) => this.cell(c));
    this.initialState = this.snapshot();
    this.state = this.initialState;
  }

  /** Whether the latest state is terminated. */
  get terminated(): boolean {
    return this.core.termination !== TERM_NONE;
  }

  /** The step of the latest state. */
  get step(): number {
    return this.state.step;
  }

  /** The observation of the latest state (contract §9). */
  observation(): Observation {
    return observe(this.scenario, this.state);
  }

  /** IDs of the people active in the latest state, by ID. */
  activeIds(): string[] {
    return this.layout.ids.filter((_, i) =>
      this.core.status[i] === STATUS_ACTIVE
    );
  }

  /**
   * Why `answer` is not exactly one valid action per active person and
   * nothing else, or `null` when it is.
   */
  checkActions(answer: unknown): ActionProblem | null {
    return actionProblem(answer, this.layout.ids, this.core.status, 0);
  }

  /**
   * Run one step with actions already accepted by
   * {@linkcode Episode.checkActions}; returns (and appends) its record.
   */
  advance(answer: Readonly<Record<string, Action>>): StepRecord {
    if (this.terminated) throw new RangeError("the episode has terminated");
    const { world, ids, exitIds } = this.layout;
    const n = ids.length;
    const codes = new Uint8Array(n);
    const actions: Record<string, Action> = {};
    for (let i = 0; i < n; i++) {
      if (this.core.status[i] !== STATUS_ACTIVE) continue;
      const action = answer[ids[i]!]!;
      const code = ACTION_CODES.get(action);
      // Read once more here: a getter could answer differently than it did
      // for checkActions.
      if (code === undefined) {
        throw new PolicyError(`action for ${ids[i]} changed after validation`);
      }
      codes[i] = code;
      actions[ids[i]!] = action;
    }
    const before = this.people;
    const out = stepCore(world, this.core, codes, this.streams);
    const t = this.core.step;

    const movements: Movement[] = [];
    const evacuations: { person_id: string; exit_id: string }[] = [];
    const casualties: { person_id: string; cause: CasualtyCause }[] = [];
    const people = before.slice();
    for (let i = 0; i < n; i++) {
      const code = out.outcome[i]!;
      if (code === OUTCOME_NONE) continue;
      const id = ids[i]!;
      const origin = before[i]!.position;
      movements.push({
        action: ACTIONS[codes[i]!]!,
        origin,
        outcome: OUTCOMES[code]!,
        person_id: id,
        target: codes[i] === 0 ? null : this.neighbour(origin, codes[i]!),
      });
      const event = out.event[i]!;
      if (event === EVENT_EVACUATED) {
        const exit = exitIds[world.exitAt[this.core.position[i]!]!]!;
        evacuations.push({ exit_id: exit, person_id: id });
      } else if (event === EVENT_ENTERED_FIRE || event === EVENT_FIRE_SPREAD) {
        const cause = event === EVENT_ENTERED_FIRE
          ? "entered_fire"
          : "fire_spread";
        casualties.push({ cause, person_id: id });
        this.cause[i] = cause;
      }
      if (event !== EVENT_NONE) this.resolution[i] = t;
      if (event !== EVENT_NONE || OUTCOMES[code] === "moved") {
        people[i] = {
          person_id: id,
          position: this.cell(this.core.position[i]!),
          status: STATUSES[this.core.status[i]!]!,
        };
      }
    }
    this.people = people;
    // Snapshots share the burning list until the fire grows.
    if (out.ignitions.length > 0) {
      this.burningSorted = mergeSorted(this.burningSorted, out.ignitions);
      this.burning = this.burningSorted.map((c) => this.cell(c));
    }
    const state = this.snapshot();
    const record: StepRecord = {
      actions,
      casualties,
      evacuations,
      ignitions: Array.from(out.ignitions, (c) => this.cell(c)),
      movements,
      state,
      step: t,
    };
    this.state = state;
    this.steps.push(record);
    return record;
  }

  /** The run record; the episode must have terminated. */
  record(): RunRecord {
    if (!this.terminated) {
      throw new RangeError("the episode has not terminated");
    }
    const reason = this.state.termination_reason as TerminationReason;
    const exitIds = this.layout.exitIds;
    const people: FinalPerson[] = this.people.map((p, i) => {
      const status = this.core.status[i]!;
      return {
        casualty_cause: status === STATUS_CASUALTY ? this.cause[i]! : null,
        exit_id: status === STATUS_EVACUATED
          ? exitIds[this.layout.world.exitAt[this.core.position[i]!]!]!
          : null,
        person_id: p.person_id,
        position: p.position,
        resolution_step: status === STATUS_ACTIVE ? null : this.resolution[i]!,
        status: p.status,
      };
    });
    const record: RunRecord = {
      final_state: {
        people,
        step: this.core.step,
        termination_reason: reason,
        trapped: this.state.trapped,
      },
      header: this.header,
      initial_state: this.initialState,
      steps: this.steps,
    };
    markProduced(record);
    return record;
  }

  private snapshot(): Snapshot {
    const core = this.core;
    const trapped: string[] = [];
    this.layout.ids.forEach((id, i) => {
      if (core.trapped[i] === 1) trapped.push(id);
    });
    return {
      burning: this.burning,
      people: this.people,
      step: core.step,
      terminated: core.termination !== TERM_NONE,
      termination_reason: core.termination === TERM_NONE
        ? null
        : core.termination === TERM_ALL_RESOLVED
        ? "all_resolved"
        : "max_steps",
      trapped,
    };
  }

  /** The shared, frozen tuple of an in-grid cell index. */
  private cell(index: number): Cell {
    return cellTuple(this.cells, this.layout.world.width, index);
  }

  /** The cell a direction points at from `origin`, possibly off the grid. */
  private neighbour(origin: Cell, code: number): Cell {
    const [dr, dc] = ACTION_DELTAS[code]!;
    const r = origin[0] + dr;
    const c = origin[1] + dc;
    const idx = cellIndex(this.layout.world, r, c);
    return idx < 0 ? Object.freeze([r, c] as const) : this.cell(idx);
  }
}

function mergeSorted(a: readonly number[], b: Int32Array): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * Run one episode: before each step the controller sees the observation of
 * the current state and answers one action per active person. A controller
 * that throws, or answers anything but exactly one valid action per active
 * person, raises {@linkcode PolicyError} naming scenario, seed and step.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { simulateEpisode } from "./simulator.ts";
 * import { parseScenario } from "../scenario/scenario.ts";
 * import { parse } from "../json/canonical.ts";
 * const s = parseScenario(parse(`{"schema_version": "1.0", "scenario_id": "t", "description": "",
 *   "grid": ["..."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 2]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 5}}`));
 * const rec = await simulateEpisode(s, 7, (obs) =>
 *   Object.fromEntries(obs.people.map((p) => [p.person_id, "west" as const])));
 * assert.ok(rec.final_state.step === 2 && rec.final_state.termination_reason === "all_resolved");
 * ```
 */
export async function simulateEpisode(
  scenario: Scenario,
  seed: number,
  controller: Controller,
  options: { scenarioHash?: string } = {},
): Promise<RunRecord> {
  const hash = options.scenarioHash ?? await scenarioHash(scenario);
  return await playSimulatedEpisode(scenario, seed, controller, hash);
}

/**
 * {@linkcode simulateEpisode} of a scenario whose hash is given, with no
 * turn of the event loop when every answer is in hand: the record then (an
 * error thrown) at once; from the first promised answer, a promise of it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { playSimulatedEpisode } from "./simulator.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const s = publicSuite().scenarios[0]!.scenario;
 * const rec = playSimulatedEpisode(s, 1, (o) => Object.fromEntries(o.people.map((p) => [p.person_id, "stay" as const])), "0".repeat(64));
 * assert.ok(!(rec instanceof Promise) && rec.header.seed === 1);
 * ```
 */
export function playSimulatedEpisode(
  scenario: Scenario,
  seed: number,
  controller: Controller,
  scenarioHash: string,
): RunRecord | Promise<RunRecord> {
  const run = new Episode(scenario, seed, scenarioHash);
  const played = playEpisode(run, scenario, seed, controller);
  return played === undefined ? run.record() : played.then(() => run.record());
}

/**
 * The record the simulator produces from a fixed action log: step `t` uses
 * `actions[t - 1]`. Stops at termination (later entries are not read). A log
 * that ends before termination, or an entry that is not exactly one valid
 * action per active person, raises {@linkcode PolicyError}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayActions } from "./simulator.ts";
 * import { parseScenario } from "../scenario/scenario.ts";
 * import { parse } from "../json/canonical.ts";
 * const s = parseScenario(parse(`{"schema_version": "1.0", "scenario_id": "t", "description": "",
 *   "grid": [".."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 1]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 2}}`));
 * const rec = replayActions(s, 0, [{ p: "stay" }, { p: "stay" }, { p: "west" }], "0".repeat(64));
 * assert.ok(rec.final_state.termination_reason === "max_steps");
 * ```
 */
export function replayActions(
  scenario: Scenario,
  seed: number,
  actions: readonly Record<string, Action>[],
  scenarioHash: string,
): RunRecord {
  const run = new Episode(scenario, seed, scenarioHash);
  while (!run.terminated) {
    const t = run.state.step;
    const answer = actions[t];
    if (answer === undefined) {
      throw new PolicyError(
        `${
          where(scenario, seed, t + 1)
        }: the action log ends after ${t} steps, before termination`,
      );
    }
    const problem = run.checkActions(answer);
    if (problem !== null) {
      throw new PolicyError(
        `${where(scenario, seed, t + 1)}: ${problem.detail}`,
      );
    }
    run.advance(answer);
  }
  return run.record();
}
