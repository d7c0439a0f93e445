/**
 * Forgeries consistent in every field, which only the replay can catch:
 * another seed's genuine simulation relabelled, a wrong conflict winner
 * carried through the rest of the record, an evacuation one step early.
 *
 * @module
 */

import { encode, parse } from "../src/json/canonical.ts";
import { observe } from "../src/sim/observation.ts";
import { builtinPolicy } from "../src/policies/mod.ts";
import { Episode, type RandomStream } from "../src/sim/simulator.ts";
import type { RunRecord } from "../src/types.ts";
import {
  type Any,
  BASE,
  BOTTLE0,
  BOTTLE1,
  type Case,
  fresh,
  HALL0,
  HALL1,
  pythonMetrics,
  rec,
  req,
  scenarioOf,
  THREE0,
  THREE1,
} from "./tamper_support.ts";

/**
 * A genuine simulation of `greedy` in which the `k`-th conflict draw of the
 * movement stream picks the next claimant instead of the drawn one. The
 * stream advances exactly as in the real run, so everything after the
 * rigged conflict is what the simulator would do from that (impossible)
 * state: the record is consistent throughout.
 */
export async function riggedConflict(
  index: number,
  k: number,
): Promise<{ record: RunRecord; draws: number }> {
  const key = BASE.evaluation_manifest.episodes[index]!;
  const scenario = scenarioOf(index);
  const run = new Episode(scenario, key.seed, key.scenario_hash) as Any;
  const real: RandomStream = run.streams.movement;
  let draws = 0;
  run.streams = {
    fire: run.streams.fire,
    movement: {
      next: () => real.next(),
      uniform: (n: number | bigint) => {
        const w = real.uniform(n);
        return draws++ === k ? (w + 1n) % BigInt(n) : w;
      },
    },
  };
  const controller = builtinPolicy("greedy")(key.seed);
  while (!run.terminated) {
    const step = run.state.step;
    run.advance(
      await controller(observe(scenario, run.state), { seed: key.seed, step }),
    );
  }
  return { record: run.record(), draws };
}

/** A forged result refused only by the replay. */
function forged(
  name: string,
  r: Any,
  index: number,
): Case {
  return {
    name,
    text: encode(r),
    verdict: "refuse",
    kind: "StatisticsInputError",
    path: `episodes[${index}].record`,
    mentions: ["record failed simulator replay verification"],
    record: { index, value: r.episodes[index].record, path: "", stage3: true },
  };
}

/** Forgeries consistent in every field that only the replay can catch. */
export async function forgeries(): Promise<Case[]> {
  const cases: Case[] = [];
  // 1. Another seed's genuine simulation, relabelled: the record and the
  //    metrics are what seed 1 gives, with the header and metrics naming
  //    seed 0. Only the fire (hall, bottleneck) or the conflict draws
  //    (three exits) differ between the seeds.
  const pairs: [number, number][] = [
    [HALL0, HALL1],
    [BOTTLE0, BOTTLE1],
    [THREE0, THREE1],
  ];
  for (const [to, from] of pairs) {
    const r = fresh();
    const donor = parse(encode(r.episodes[from])) as Any;
    if (encode(donor.record.steps) === encode(r.episodes[to].record.steps)) {
      throw new Error(`tamper corpus: seeds of episode ${to} give one record`);
    }
    donor.record.header.seed = r.episodes[to].seed;
    donor.metrics.seed = r.episodes[to].seed;
    donor.index = to;
    donor.seed = r.episodes[to].seed;
    r.episodes[to] = donor;
    cases.push(
      forged(`another seed's simulation relabelled (episode ${to})`, r, to),
    );
  }
  // 2. A wrong conflict winner, carried through the rest of the record; and
  // 3. an evacuation one step early (a conflict at an exit won by the person
  //    who genuinely evacuates one step later).
  const genuine = rec(THREE0);
  const evacStep = (r: RunRecord) =>
    new Map(r.final_state.people.map((p) => [p.person_id, p.resolution_step]));
  const base = evacStep(genuine);
  const { draws } = await riggedConflict(THREE0, -1);
  let wrongWinner: RunRecord | undefined;
  let early: RunRecord | undefined;
  for (
    let k = 0;
    k < draws && (wrongWinner === undefined || early === undefined);
    k++
  ) {
    const { record } = await riggedConflict(THREE0, k);
    if (encode(record) === encode(genuine)) continue;
    const steps = evacStep(record);
    const earlier = [...steps].some(([id, s]) =>
      s !== null && base.get(id) !== null && s === base.get(id)! - 1
    );
    const sameEnd = [...steps].every(([id, s]) =>
      s === null || base.get(id) === null || Math.abs(s - base.get(id)!) <= 1
    );
    if (early === undefined && earlier && sameEnd) early = record;
    else if (wrongWinner === undefined && !earlier) wrongWinner = record;
  }
  req(wrongWinner, "rigged conflict that changes the record");
  req(early, "rigged conflict that evacuates someone one step early");
  const metrics = await pythonMetrics([
    { scenario: scenarioOf(THREE0), record: wrongWinner! },
    { scenario: scenarioOf(THREE0), record: early! },
  ]);
  for (
    const [name, record, m] of [
      [
        "a wrong conflict winner carried through the record",
        wrongWinner!,
        metrics[0],
      ],
      ["an evacuation one step early", early!, metrics[1]],
    ] as const
  ) {
    const r = fresh();
    r.episodes[THREE0].record = parse(encode(record));
    r.episodes[THREE0].metrics = m;
    cases.push(forged(name, r, THREE0));
  }
  return cases;
}

/** The whole corpus. */
