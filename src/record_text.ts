/**
 * The canonical JSON text of a run record, written field by field from its
 * known shape. It equals `encode(record)` (a property test holds it to
 * that), at a fraction of the cost: replay verification compares a
 * recorded span with this text of the replayed record.
 *
 * @module
 */

import { compareCodePoints, encode } from "./canonical.ts";
import type {
  Cell,
  Movement,
  RunRecord,
  Snapshot,
  StepRecord,
} from "./types.ts";

const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function str(s: string): string {
  return PLAIN_ASCII.test(s) ? `"${s}"` : encode(s);
}

function int(n: number): string {
  // The generic encoder refuses what is not a safe integer: so must this.
  return Number.isSafeInteger(n) ? String(n === 0 ? 0 : n) : encode(n);
}

function cell(c: Cell): string {
  return `[${int(c[0])},${int(c[1])}]`;
}

function cells(cs: readonly Cell[]): string {
  let out = "[";
  for (let i = 0; i < cs.length; i++) out += (i > 0 ? "," : "") + cell(cs[i]!);
  return out + "]";
}

function strs(xs: readonly string[]): string {
  let out = "[";
  for (let i = 0; i < xs.length; i++) out += (i > 0 ? "," : "") + str(xs[i]!);
  return out + "]";
}

function nullOr<T>(v: T | null, f: (v: T) => string): string {
  return v === null ? "null" : f(v);
}

function snapshot(s: Snapshot): string {
  let people = "[";
  for (let i = 0; i < s.people.length; i++) {
    const p = s.people[i]!;
    people += `${i > 0 ? "," : ""}{"person_id":${str(p.person_id)},"position":${
      cell(p.position)
    },"status":${str(p.status)}}`;
  }
  people += "]";
  return `{"burning":${cells(s.burning)},"people":${people},"step":${
    int(s.step)
  },"terminated":${s.terminated},"termination_reason":${
    nullOr(s.termination_reason, str)
  },"trapped":${strs(s.trapped)}}`;
}

function movement(m: Movement): string {
  return `{"action":${str(m.action)},"origin":${cell(m.origin)},"outcome":${
    str(m.outcome)
  },"person_id":${str(m.person_id)},"target":${nullOr(m.target, cell)}}`;
}

function sortedKeys(o: object): string[] {
  const keys = Object.keys(o);
  for (let i = 1; i < keys.length; i++) {
    if (compareCodePoints(keys[i - 1]!, keys[i]!) >= 0) {
      return keys.sort(compareCodePoints);
    }
  }
  return keys;
}

function step(s: StepRecord): string {
  let actions = "{";
  const keys = sortedKeys(s.actions);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    actions += `${i > 0 ? "," : ""}${str(k)}:${str(s.actions[k]!)}`;
  }
  actions += "}";
  let movements = "[";
  for (let i = 0; i < s.movements.length; i++) {
    movements += (i > 0 ? "," : "") + movement(s.movements[i]!);
  }
  movements += "]";
  const casualties = s.casualties.map((c) =>
    `{"cause":${str(c.cause)},"person_id":${str(c.person_id)}}`
  ).join(",");
  const evacuations = s.evacuations.map((e) =>
    `{"exit_id":${str(e.exit_id)},"person_id":${str(e.person_id)}}`
  ).join(",");
  return `{"actions":${actions},"casualties":[${casualties}],"evacuations":[${evacuations}],"ignitions":${
    cells(s.ignitions)
  },"movements":${movements},"state":${snapshot(s.state)},"step":${
    int(s.step)
  }}`;
}

/**
 * `encode(record)` for a run record, without the generic walk.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordText } from "./record_text.ts";
 * import { encode } from "./canonical.ts";
 * import { simulateEpisode } from "./simulator.ts";
 * import { publicSuite } from "./public_suite.ts";
 * const scenario = publicSuite().scenarios[0]!.scenario;
 * const record = await simulateEpisode(scenario, 1, (obs) =>
 *   Object.fromEntries(obs.people.map((p) => [p.person_id, "north"])));
 * assert.equal(recordText(record), encode(record));
 * ```
 */
export function recordText(record: RunRecord): string {
  const h = record.header;
  const header = `{"observation_version":${
    str(h.observation_version)
  },"scenario_hash":${str(h.scenario_hash)},"scenario_id":${
    str(h.scenario_id)
  },"schema_version":${str(h.schema_version)},"seed":${
    int(h.seed)
  },"simulator_version":${str(h.simulator_version)}}`;
  const f = record.final_state;
  let people = "[";
  for (let i = 0; i < f.people.length; i++) {
    const p = f.people[i]!;
    people += `${i > 0 ? "," : ""}{"casualty_cause":${
      nullOr(p.casualty_cause, str)
    },"exit_id":${nullOr(p.exit_id, str)},"person_id":${
      str(p.person_id)
    },"position":${cell(p.position)},"resolution_step":${
      nullOr(p.resolution_step, int)
    },"status":${str(p.status)}}`;
  }
  people += "]";
  const final = `{"people":${people},"step":${
    int(f.step)
  },"termination_reason":${str(f.termination_reason)},"trapped":${
    strs(f.trapped)
  }}`;
  let steps = "[";
  for (let i = 0; i < record.steps.length; i++) {
    steps += (i > 0 ? "," : "") + step(record.steps[i]!);
  }
  steps += "]";
  return `{"final_state":${final},"header":${header},"initial_state":${
    snapshot(record.initial_state)
  },"steps":${steps}}`;
}
