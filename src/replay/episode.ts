/**
 * An episode played by the WebAssembly replay kernel one step at a time,
 * in a session of its own: the controller sees each observation built from
 * the kernel's state, its answer is checked as the TypeScript simulator checks
 * it, and the kernel plays the step. The episode ends with the kernel's
 * {@linkcode Trace}, its {@linkcode ActionLog} and the run record that
 * `recordOfTrace` builds from them.
 *
 * Everything the controller sees and every error it can cause are those of
 * `simulateEpisode` (`simulator.ts`): the same observations (value, key
 * order, and which arrays are shared between steps), the same
 * {@linkcode PolicyError} messages, the same reads of the answer's
 * properties in the same order. The record has the simulator record's
 * canonical bytes, and the trace is `wasmTrace`'s of the same log. The
 * tests hold all of this against the simulator.
 *
 * @module
 */

import { PolicyError } from "../errors.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import {
  type Action,
  type Cell,
  type Observation,
  OBSERVATION_VERSION,
  type RecordHeader,
  type RunRecord,
  type Scenario,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
} from "../types.ts";
import {
  R_ACTIONS,
  R_BURNING,
  R_IGNITED,
  R_LOG_END,
  R_POSITION,
  R_STATUS,
  R_STEP_IGNITED,
  R_STEP_TRAPPED,
  R_TRAPPED,
} from "../kernel_codes.ts";
import {
  type KernelReplay,
  type KernelStepper,
  ReplaySession,
} from "./session.ts";
import type { Controller } from "../sim/simulator.ts";
import { type Layout, layoutOf } from "../sim/layout.ts";
import { STATUS_ACTIVE, TERM_NONE } from "../sim/step.ts";
import type { ActionLog, Trace } from "../sim/trace.ts";
import {
  ACTION_CODES,
  type ActionProblem,
  actionProblem,
  playEpisode,
} from "../sim/answers.ts";
import { cellTable, cellTuple } from "../sim/cells.ts";
import { recordOfTrace } from "../sim/trace_record.ts";
import { markProduced } from "../sim/record_writer.ts";

/**
 * What a kernel-stepped episode gives: its record, action log and trace.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type KernelEpisode, kernelEpisode } from "./episode.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const e: KernelEpisode = await kernelEpisode(c, 0, (obs) =>
 *   Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"])));
 * assert.equal(e.log.ends.length, e.trace.steps);
 * assert.equal(e.record.steps.length, e.trace.steps);
 * ```
 */
export type KernelEpisode = {
  /** The run record (contract §8), built by `recordOfTrace`. */
  readonly record: RunRecord;
  /** The actions the controller answered, as codes. */
  readonly log: ActionLog;
  /** The kernel's trace of the episode (stop `"terminated"`). */
  readonly trace: Trace;
  /**
   * Whether stage 2 of metrics.md §2 holds on the record, computed over the
   * trace in the kernel (`checkTrace`) before the session is reused.
   */
  readonly structural: boolean;
};

/**
 * Options of {@linkcode kernelEpisode}.
 *
 * @example
 * ```ts
 * import type { KernelEpisodeOptions } from "./episode.ts";
 * const options: KernelEpisodeOptions = { scenarioHash: "0".repeat(64), stepRoom: 1 };
 * ```
 */
export type KernelEpisodeOptions = {
  /** The record's `scenario_hash` (default: the compiled scenario's hash). */
  readonly scenarioHash?: string;
  /**
   * Steps the kernel's log regions have room for at the start (default
   * 64, or H when smaller); the room doubles whenever the episode reaches
   * it. A test seam: the regions' growth must not change anything.
   */
  readonly stepRoom?: number;
};

const DEFAULT_STEP_ROOM = 64;

// Sessions not in use. Each episode in flight holds its own, so episodes
// that overlap (concurrency, async controllers) never share kernel memory.
const pool: ReplaySession[] = [];
const POOL_LIMIT = 16;

// Per scenario: the observation's base grid (every exit drawn `E`).
const baseRows = new WeakMap<Scenario, readonly string[]>();
// Per layout: the person number of each ID.
const personNumbers = new WeakMap<Layout, ReadonlyMap<string, number>>();

/**
 * Run one episode of a compiled scenario through the replay kernel, step
 * by step, with the controller answering each observation: the same
 * observations, checks, errors and record bytes as `simulateEpisode`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelEpisode } from "./episode.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { parseScenario } from "../scenario/scenario.ts";
 * const s = parseScenario({ schema_version: "1.0", scenario_id: "t", description: "",
 *   grid: ["..."], exits: [{ exit_id: "x", position: [0, 0] }],
 *   people: [{ person_id: "p", position: [0, 2] }],
 *   fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
 *   termination: { max_steps: 5 } });
 * const seen: string[] = [];
 * const { record, trace } = await kernelEpisode(await compileScenario(s), 7, (obs) => {
 *   seen.push(obs.grid[0]!);
 *   return { p: "west" };
 * });
 * assert.deepEqual(seen, ["E..", "E.."]);
 * assert.ok(trace.steps === 2 && record.final_state.people[0]!.exit_id === "x");
 * ```
 */
export async function kernelEpisode(
  compiled: CompiledScenario,
  seed: number,
  controller: Controller,
  options: KernelEpisodeOptions = {},
): Promise<KernelEpisode> {
  return await playKernelEpisode(compiled, seed, controller, options);
}

/**
 * {@linkcode kernelEpisode}, with no turn of the event loop when every
 * answer is in hand: then the episode is returned (and an error thrown) at
 * once; from the first promised answer, a promise of it. The runner uses
 * it so that an episode in hand is done, and its record written, before
 * another starts (docs/scale.md: episodes in flight at once outlived V8's
 * young collections).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { playKernelEpisode } from "./episode.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * import { BUILTIN_POLICIES } from "../policies/mod.ts";
 * const c = await compileScenario(publicSuite().scenarios[0]!.scenario);
 * const e = playKernelEpisode(c, 1, BUILTIN_POLICIES.stay!(1));
 * assert.ok(!(e instanceof Promise) && e.record.header.seed === 1);
 * ```
 */
export function playKernelEpisode(
  compiled: CompiledScenario,
  seed: number,
  controller: Controller,
  options: KernelEpisodeOptions = {},
): KernelEpisode | Promise<KernelEpisode> {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed ${seed} is not an integer in [0, 2^53 - 1]`);
  }
  const scenario = compiled.scenario;
  const session = pool.pop() ?? new ReplaySession();
  const release = () => {
    if (pool.length < POOL_LIMIT) pool.push(session);
  };
  let run: SteppedEpisode;
  let played: Promise<void> | undefined;
  try {
    run = new SteppedEpisode(session, scenario, seed, options.stepRoom);
    played = playEpisode(run, scenario, seed, controller);
  } catch (e) {
    release();
    throw e;
  }
  const finish = () => {
    try {
      return finishedEpisode(run, session, compiled, seed, options);
    } finally {
      release();
    }
  };
  if (played === undefined) return finish();
  return played.then(finish, (e) => {
    release();
    throw e;
  });
}

/** The record and trace of a stepped episode that has terminated. */
function finishedEpisode(
  run: SteppedEpisode,
  session: ReplaySession,
  compiled: CompiledScenario,
  seed: number,
  options: KernelEpisodeOptions,
): KernelEpisode {
  const scenario = compiled.scenario;
  const header: RecordHeader = {
    observation_version: OBSERVATION_VERSION,
    scenario_hash: options.scenarioHash ?? compiled.hash,
    scenario_id: scenario.scenario_id,
    schema_version: SCHEMA_VERSION,
    seed,
    simulator_version: SIMULATOR_VERSION,
  };
  const replay = run.finish();
  // The session holds the episode: its checks read it where it is.
  const structural = session.holds(replay);
  const { log, trace } = replay;
  const record = recordOfTrace(run.layout, header, log, trace);
  // Its keys are in code-point order, as the simulator's are: the record
  // writer may write it with JSON.stringify.
  markProduced(record);
  return { record, log, trace, structural };
}

/** The addresses of the regions a stepped episode reads and writes. */
type Regions = {
  position: number;
  actions: number;
  stepIgnited: number;
  ignited: number;
  stepTrapped: number;
  trapped: number;
  status: number;
  burning: number;
  logEnd: number;
};

/** The host's side of one stepped episode in one session. */
class SteppedEpisode {
  readonly layout: Layout;
  /** The step of the latest state. */
  step = 0;
  private readonly n: number;
  private readonly ids: readonly string[];
  private readonly cells: (Cell | undefined)[];
  private readonly numbers: ReadonlyMap<string, number>;
  private room: number;
  private consumed = 0;
  private termination = TERM_NONE;
  private readonly stepper: KernelStepper;
  private at!: Regions;
  /** The burning cells' tuples in row-major order (shared until the fire grows). */
  private burning: readonly Cell[];
  private rows: string[];
  private rowCodes = new Map<number, number[]>();

  constructor(
    session: ReplaySession,
    private readonly scenario: Scenario,
    readonly seed: number,
    stepRoom: number | undefined,
  ) {
    const layout = layoutOf(scenario);
    this.layout = layout;
    const { world, ids } = layout;
    this.n = world.people;
    this.ids = ids;
    this.cells = cellTable(layout);
    let numbers = personNumbers.get(layout);
    if (numbers === undefined) {
      numbers = new Map(ids.map((id, i) => [id, i]));
      personNumbers.set(layout, numbers);
    }
    this.numbers = numbers;
    this.room = Math.max(
      1,
      Math.min(world.maxSteps, stepRoom ?? DEFAULT_STEP_ROOM),
    );
    this.stepper = session.begin(layout, seed, this.n * this.room, this.room);
    this.locate();
    const ignitions = layout.ignitions;
    const burning: Cell[] = [];
    for (let k = 0; k < ignitions.length; k++) {
      burning.push(this.cell(ignitions[k]!));
    }
    this.burning = burning;
    this.rows = baseRowsOf(scenario).slice();
    this.burnRows(ignitions, 0, ignitions.length);
  }

  get terminated(): boolean {
    return this.termination !== TERM_NONE;
  }

  /** The observation of the latest state, as `observe` gives it. */
  observation(): Observation {
    const { at, step } = this;
    const { u8: status, i32 } = this.stepper.views();
    const position = at.position >> 2;
    const trappedEnd = i32[(at.stepTrapped >> 2) + step]!;
    let k = step === 0 ? 0 : i32[(at.stepTrapped >> 2) + step - 1]!;
    const trapped = at.trapped >> 2;
    const people = [];
    for (let i = 0; i < this.n; i++) {
      if (status[at.status + i] !== STATUS_ACTIVE) continue;
      // The trapped set is ascending: it is walked beside the people.
      while (k < trappedEnd && i32[trapped + k]! < i) k++;
      people.push({
        person_id: this.ids[i]!,
        position: this.cell(i32[position + i]!),
        trapped: k < trappedEnd && i32[trapped + k] === i,
      });
    }
    const burning = status;
    const exitCells = this.layout.world.exitCells;
    const exits = this.scenario.exits.map((exit, e) => ({
      exit_id: exit.exit_id,
      position: exit.position,
      usable: burning[at.burning + exitCells[e]!] === 0,
    }));
    return {
      observation_version: OBSERVATION_VERSION,
      scenario_id: this.scenario.scenario_id,
      step,
      max_steps: this.scenario.termination.max_steps,
      grid: this.rows.slice(),
      exits,
      burning: this.burning,
      people,
    };
  }

  /**
   * Why `answer` is not exactly one valid action per active person and
   * nothing else, or `null`: `actionProblem` over the status region, as
   * `Episode.checkActions` over its status array.
   */
  checkActions(answer: unknown): ActionProblem | null {
    return actionProblem(
      answer,
      this.ids,
      this.stepper.views().u8,
      this.at.status,
    );
  }

  /** Play the next step with actions that `checkActions` accepted. */
  advance(answer: Readonly<Record<string, Action>>): void {
    if (this.step >= this.room) this.grow();
    const { at, ids, stepper } = this;
    const { u8, i32 } = stepper.views();
    let j = at.actions + this.consumed;
    for (let i = 0; i < this.n; i++) {
      if (u8[at.status + i] !== STATUS_ACTIVE) continue;
      const code = ACTION_CODES.get(answer[ids[i]!]);
      // Read once more here, as the simulator does: a getter could answer
      // differently than it did for checkActions.
      if (code === undefined) {
        throw new PolicyError(`action for ${ids[i]} changed after validation`);
      }
      u8[j++] = code;
    }
    i32[(at.logEnd >> 2) + this.step] = j - at.actions;
    const result = stepper.step();
    if (result !== 0) {
      throw new Error(`the replay kernel refused a checked step (${result})`);
    }
    const t = ++this.step;
    this.consumed = stepper.consumed();
    this.termination = stepper.termination();
    // The step's ignitions, ascending, in R_IGNITED.
    const base = at.ignited >> 2;
    const from = base + i32[(at.stepIgnited >> 2) + t - 1]!;
    const to = base + i32[(at.stepIgnited >> 2) + t]!;
    if (to > from) {
      this.burning = this.mergeBurning(i32, from, to);
      this.burnRows(i32, from, to);
    }
  }

  /** The replay of the terminated episode: its action log and trace. */
  finish(): KernelReplay {
    return this.stepper.finish();
  }

  /** Double the room of the log regions (at most H steps). */
  private grow(): void {
    const room = Math.min(this.room * 2, this.layout.world.maxSteps);
    if (this.stepper.regrow(this.n * room, room) !== 0) {
      throw new RangeError("the replay kernel cannot grow its memory");
    }
    this.room = room;
    this.locate();
  }

  /** Read the region addresses (again after the regions moved). */
  private locate(): void {
    // A literal, so that every episode's table has one shape.
    const region = (id: number) => this.stepper.region(id);
    this.at = {
      position: region(R_POSITION),
      actions: region(R_ACTIONS),
      stepIgnited: region(R_STEP_IGNITED),
      ignited: region(R_IGNITED),
      stepTrapped: region(R_STEP_TRAPPED),
      trapped: region(R_TRAPPED),
      status: region(R_STATUS),
      burning: region(R_BURNING),
      logEnd: region(R_LOG_END),
    };
  }

  /** The burning list with the ascending cells `cells[from..to)` merged in. */
  private mergeBurning(cells: Int32Array, from: number, to: number): Cell[] {
    const w = this.layout.world.width;
    const old = this.burning;
    const out: Cell[] = [];
    let i = 0;
    let j = from;
    while (i < old.length || j < to) {
      if (
        j >= to || (i < old.length && old[i]![0] * w + old[i]![1] < cells[j]!)
      ) out.push(old[i++]!);
      else out.push(this.cell(cells[j++]!));
    }
    return out;
  }

  /** Draw newly burning cells (ascending) as `F` in the grid rows. */
  private burnRows(cells: Int32Array, from: number, to: number): void {
    const w = this.layout.world.width;
    let row = -1;
    let codes: number[] | undefined;
    for (let k = from; k < to; k++) {
      const cell = cells[k]!;
      const r = (cell / w) | 0;
      if (r !== row) {
        if (codes !== undefined) this.rows[row] = textOf(codes);
        row = r;
        codes = this.rowCodes.get(r);
        if (codes === undefined) {
          // The row's UTF-16 code units, as `split("")` would give them.
          const text = this.rows[r]!;
          codes = [];
          for (let c = 0; c < text.length; c++) codes.push(text.charCodeAt(c));
          this.rowCodes.set(r, codes);
        }
      }
      codes![cell - r * w] = F;
    }
    if (codes !== undefined) this.rows[row] = textOf(codes);
  }

  /** The shared, frozen tuple of a cell index. */
  private cell(index: number): Cell {
    return cellTuple(this.cells, this.layout.world.width, index);
  }
}

/** The scenario's grid rows with every exit drawn as `E`. */
function baseRowsOf(scenario: Scenario): readonly string[] {
  let rows = baseRows.get(scenario);
  if (rows === undefined) {
    const chars = scenario.grid.map((row) => row.split(""));
    for (const exit of scenario.exits) {
      chars[exit.position[0]]![exit.position[1]] = "E";
    }
    rows = chars.map((row) => row.join(""));
    baseRows.set(scenario, rows);
  }
  return rows;
}

const F = 0x46;

function textOf(codes: number[]): string {
  return String.fromCharCode.apply(null, codes);
}
