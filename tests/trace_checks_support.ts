/**
 * Holds the kernel's stage 2 over the trace (`checkTrace`) to the
 * reference: `checkStructure` on the record that `recordOfTrace` builds from
 * the same trace, whose canonical text must also be the text that
 * `writeRecordText` writes (the record that the text stands for). And the
 * raw layouts that the check must refuse: scenarios that validation would
 * refuse, built without it.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { EmberError, MetricsInputError } from "../src/errors.ts";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { rootCtx } from "../src/json/fields.ts";
import { checkStructure } from "../src/metrics/checks/stages.ts";
import type { TraceCheckFailure } from "../src/replay/trace_checks.ts";
import { Stream } from "../src/sim/rng.ts";
import { ReplaySession } from "../src/replay/session.ts";
import { layoutOf } from "../src/sim/layout.ts";
import type { ActionLog } from "../src/sim/trace.ts";
import { recordOfTrace } from "../src/sim/trace_record.ts";
import { recordTextOfTrace } from "../src/sim/trace_bytes.ts";
import type { RecordHeader, Scenario } from "../src/types.ts";

// One session for every episode checked here: each check names its replay.
const session = new ReplaySession();

const HEADER: RecordHeader = {
  observation_version: "1.0",
  scenario_hash: "0".repeat(64),
  scenario_id: "t",
  schema_version: "1.0",
  seed: 0,
  simulator_version: "1.0",
};

/** The field path that `checkStructure` names for a kernel failure. */
export function expectedPath(f: TraceCheckFailure): RegExp {
  const s = `steps\\[${f.step - 1}\\]`;
  const i = f.item;
  const table: Record<TraceCheckFailure["check"], string> = {
    not_terminated: "(?!)",
    no_steps: "steps",
    trace_shape: "(?!)",
    initial_trapped: "initial_state\\.trapped",
    initial_termination: "initial_state\\.(terminated|termination_reason)",
    outcome_action: `${s}\\.movements\\[${i}\\]\\.outcome`,
    moved_off_floor: `${s}\\.movements\\[${i}\\]\\.outcome`,
    shared_cell: `${s}\\.movements\\[${i}\\]`,
    ignition_off_floor: `${s}\\.ignitions\\[${i}\\]`,
    ignition_burning: `${s}\\.ignitions\\[${i}\\]`,
    ignition_order: `${s}\\.ignitions\\[${i}\\]`,
    active_on_fire: `${s}\\.state\\.people\\[${i}\\]`,
    active_on_exit: `${s}\\.state\\.people\\[${i}\\]`,
    evacuation_cell: `${s}\\.evacuations\\[${i}\\]`,
    evacuation_exit: `${s}\\.evacuations\\[${i}\\]\\.exit_id`,
    casualty_no_fire: `${s}\\.casualties\\[${i}\\]`,
    casualty_cause: `${s}\\.casualties\\[${i}\\]\\.cause`,
    trapped: `${s}\\.state\\.trapped`,
    termination: `${s}\\.state\\.(terminated|termination_reason)`,
    final_status: `final_state\\.people\\[${i}\\]\\.status`,
    final_position: `final_state\\.people\\[${i}\\]\\.position`,
    final_resolution: `final_state\\.people\\[${i}\\]\\.resolution_step`,
  };
  return new RegExp(`^${table[f.check]}$`);
}

/** What both sides said about one terminated episode. */
export type Verdict = {
  /** The kernel's first failure, or undefined. */
  readonly failure: TraceCheckFailure | undefined;
  /** The reference's error path, or undefined when stage 2 holds. */
  readonly path: string | undefined;
  /** Whether the text written from the trace is the record's canonical text. */
  readonly textIsRecord: boolean;
};

/**
 * Replay `log` on `scenario` through the kernel; when the trace terminates,
 * assert that `checkTrace` holds exactly when the text written from it is
 * the canonical text of `recordOfTrace`'s record and `checkStructure`
 * accepts that record, and that a failure is the reference's first one.
 * Returns undefined for a trace that does not terminate.
 */
export function assertChecksAgree(
  scenario: Scenario,
  seed: number | bigint,
  log: ActionLog,
): Verdict | undefined {
  const layout = layoutOf(scenario);
  const replay = session.replay(layout, seed, log);
  const { trace } = replay;
  if (trace.stop !== "terminated") return undefined;
  const failure = session.failure(replay);
  const holds = session.holds(replay);
  const record = recordOfTrace(layout, HEADER, log, trace);
  let path: string | undefined;
  try {
    checkStructure(scenario, record, rootCtx(MetricsInputError));
  } catch (e) {
    if (!(e instanceof EmberError)) throw e;
    path = e.path;
  }
  let textIsRecord = false;
  try {
    textIsRecord = recordTextOfTrace(layout, HEADER, log, trace) ===
      encode(record as unknown as JsonValue);
  } catch {
    // The text cannot be written: it stands for no record.
  }
  const why = JSON.stringify({ failure, path, textIsRecord });
  assert.equal(holds, textIsRecord && path === undefined, why);
  if (failure !== undefined && textIsRecord) {
    assert.notEqual(path, undefined, why);
    assert.match(path!, expectedPath(failure), why);
  }
  if (failure === undefined && textIsRecord) {
    assert.equal(path, undefined, why);
  }
  if (!textIsRecord) {
    // Only a person blocked on the exit it started on makes the text name
    // the exit of its target cell (or fail to be written): an evacuation
    // whose outcome is neither moved nor stayed.
    let blockedEvacuation = false;
    for (let j = 0; j < trace.event.length; j++) {
      if (trace.event[j] === 1 && trace.outcome[j]! > 1) {
        blockedEvacuation = true;
      }
    }
    assert.ok(blockedEvacuation, why);
  }
  return { failure, path, textIsRecord };
}

/** A raw layout that scenario validation may refuse. */
export type RawInput = {
  readonly height: number;
  readonly width: number;
  readonly wallPercent: number;
  readonly exits: number;
  readonly ignitions: number;
  readonly people: number;
  readonly maxSteps: number;
  readonly p: readonly [number, number];
  readonly enterFire: "casualty" | "blocked";
  /** Percent chance of each defect. */
  readonly defects: number;
  /** Percent chance that an exit is put on a wall. */
  readonly wallExits: number;
  readonly layoutSeed: number;
  readonly actionSeed: number;
  readonly seed: number;
};

/** Arbitrary raw inputs: small grids, horizons from -1 to 12, 0 to 6 people. */
export function rawInputs(): fc.Arbitrary<RawInput> {
  return fc.record({
    height: fc.integer({ min: 1, max: 5 }),
    width: fc.integer({ min: 1, max: 6 }),
    wallPercent: fc.integer({ min: 0, max: 40 }),
    exits: fc.integer({ min: 0, max: 3 }),
    ignitions: fc.integer({ min: 0, max: 3 }),
    people: fc.integer({ min: 0, max: 6 }),
    maxSteps: fc.integer({ min: -1, max: 12 }),
    p: fc.constantFrom([0, 1] as const, [1, 1] as const, [1, 3] as const),
    enterFire: fc.constantFrom("casualty" as const, "blocked" as const),
    defects: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
    wallExits: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
    layoutSeed: fc.nat(),
    actionSeed: fc.nat(),
    seed: fc.nat(),
  });
}

/**
 * The raw scenario of an input: cells drawn at random, so that people may
 * start on an exit, a burning cell, a wall or one another's cell, exits may
 * lie on walls, ignitions on walls or exits; IDs and ignitions are
 * distinct.
 */
export function rawScenario(input: RawInput): Scenario {
  const rng = new Stream(input.layoutSeed, 7);
  const u = (k: number) => rng.uniformInt(k);
  const { height, width } = input;
  const cells = height * width;
  const wall = Array.from({ length: cells }, () => u(100) < input.wallPercent);
  const floor = [...Array(cells).keys()].filter((c) => !wall[c]);
  // Mostly on floor and apart; a defect puts it anywhere.
  const taken = new Set<number>();
  const place = (): number => {
    if (u(100) < input.defects || floor.length === 0) return u(cells);
    for (let k = 0; k < 8; k++) {
      const c = floor[u(floor.length)]!;
      if (!taken.has(c)) return c;
    }
    return floor[u(floor.length)]!;
  };
  const cell = (c: number) => [Math.floor(c / width), c % width];
  const walls = [...Array(cells).keys()].filter((c) => wall[c]);
  const exits = Array.from({ length: input.exits }, (_, e) => {
    const c = walls.length > 0 && u(100) < input.wallExits
      ? walls[u(walls.length)]!
      : place();
    taken.add(c);
    return { exit_id: `x${e}`, position: cell(c) };
  });
  // Distinct: the kernel's burning list has room for each cell once, as
  // validation allows (it refuses an ignition listed twice).
  const burning = new Set<number>();
  for (let k = 0; k < input.ignitions; k++) {
    const c = place();
    taken.add(c);
    burning.add(c);
  }
  const ignitions = [...burning].map(cell);
  const people = Array.from({ length: input.people }, (_, i) => {
    const c = place();
    taken.add(c);
    return { person_id: `p${(i * 7) % 10}`, position: cell(c) };
  });
  const grid: string[] = [];
  for (let r = 0; r < height; r++) {
    let row = "";
    for (let c = 0; c < width; c++) row += wall[r * width + c] ? "#" : ".";
    grid.push(row);
  }
  return {
    schema_version: "1.0",
    scenario_id: "raw",
    description: "",
    grid,
    exits,
    people,
    fire: {
      ignitions,
      spread_probability: [...input.p],
      enter_fire: input.enterFire,
    },
    termination: { max_steps: input.maxSteps },
  } as unknown as Scenario;
}

/**
 * A log of random codes 0..4 for `steps` steps, each with one code per
 * person active before it: the kernel is played step by step to know who
 * is active (the log must have exactly their number).
 */
export function rawLog(
  scenario: Scenario,
  seed: number,
  actionSeed: number,
  steps: number,
): ActionLog {
  const layout = layoutOf(scenario);
  const rng = new Stream(actionSeed, 8);
  const codes: number[] = [];
  const ends: number[] = [];
  for (let t = 0; t < steps; t++) {
    const log = { codes: Uint8Array.from(codes), ends: Int32Array.from(ends) };
    const { trace } = session.replay(layout, seed, log);
    if (trace.stop === "terminated") break;
    let active = 0;
    for (const s of trace.status) if (s === 0) active++;
    for (let k = 0; k < active; k++) codes.push(rng.uniformInt(5));
    ends.push(codes.length);
  }
  return { codes: Uint8Array.from(codes), ends: Int32Array.from(ends) };
}
