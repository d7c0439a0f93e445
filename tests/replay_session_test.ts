// A replay kernel session carries no state between calls: replays,
// regenerations, checks and counts made on two sessions, in any order and
// interleaved, give what each gives on a fresh session. A session that
// checks whatever its instance last played (as the host did before there
// were sessions) fails the same property.

import assert from "node:assert/strict";
import fc from "fast-check";
import { encode, type JsonValue } from "../src/json/canonical.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import type { ComputedMetrics } from "../src/metrics/assemble.ts";
import { traceMetrics } from "../src/metrics/trace_metrics.ts";
import { BUILTIN_POLICIES } from "../src/policies/mod.ts";
import { kernelEpisode } from "../src/replay/episode.ts";
import { replayInstance, replayInto } from "../src/replay/kernel.ts";
import { provedText } from "../src/replay/record_text.ts";
import { ReplaySession } from "../src/replay/session.ts";
import {
  type TraceCheckFailure,
  traceFailure,
  traceHolds,
} from "../src/replay/trace_checks.ts";
import { type CompiledScenario, compileScenario } from "../src/sim/compiled.ts";
import { publicSuite } from "../src/scenario/public_suite.ts";
import { type Controller, simulateEpisode } from "../src/sim/simulator.ts";
import { type Layout, layoutOf } from "../src/sim/layout.ts";
import { type ActionLog, actionLogOf, type Trace } from "../src/sim/trace.ts";
import type { RecordHeader, Scenario } from "../src/types.ts";

/** What the property needs of a session, for the real one and the double. */
type Replay = {
  readonly layout: Layout;
  readonly seed: number | bigint;
  readonly log: ActionLog;
  readonly trace: Trace;
};
type Api<R extends Replay> = {
  replay(layout: Layout, seed: number, log: ActionLog): R;
  regenerate(layout: Layout, header: RecordHeader, source: string):
    | R
    | undefined;
  failure(replay: R): TraceCheckFailure | undefined;
  holds(replay: R): boolean;
  counts(c: CompiledScenario, replay: R): ComputedMetrics;
};

/**
 * The planted bug: one instance whose checks read whatever it played last,
 * which is how the host worked before sessions.
 */
function stateful(): Api<Replay> {
  const k = replayInstance();
  return {
    replay: (layout, seed, log) => ({
      layout,
      seed,
      log,
      trace: replayInto(k, layout, seed, log),
    }),
    regenerate: (layout, header, source) => {
      const proved = provedText(k, layout, header, source);
      return proved && { layout, seed: header.seed, ...proved };
    },
    failure: () => traceFailure(k),
    holds: (replay) => traceHolds(k, replay.layout),
    counts: (c, replay) =>
      traceMetrics(c, Number(replay.seed), replay.log, replay.trace),
  };
}

/** A scenario object for the kernel alone (layoutOf reads these fields). */
function raw(
  people: [string, number, number][],
  maxSteps: number,
): Scenario {
  return {
    scenario_id: "raw",
    grid: ["...."],
    exits: [{ exit_id: "x", position: [0, 0] }],
    people: people.map(([person_id, r, c]) => ({
      person_id,
      position: [r, c],
    })),
    fire: { ignitions: [], spread_probability: [0, 1], enter_fire: "blocked" },
    termination: { max_steps: maxSteps },
  } as unknown as Scenario;
}

const STAY = 0;
const WEST = 4;
const logOf = (...steps: number[][]) => {
  const codes: number[] = [];
  const ends: number[] = [];
  for (const s of steps) {
    codes.push(...s);
    ends.push(codes.length);
  }
  return { codes: Uint8Array.from(codes), ends: Int32Array.from(ends) };
};

/** An episode of the pool: how to replay it, and (for some) its text. */
type Episode = {
  readonly name: string;
  readonly layout: Layout;
  readonly seed: number;
  readonly log: ActionLog;
  readonly compiled?: CompiledScenario;
  readonly header?: RecordHeader;
  readonly text?: string;
  /** What the reference gives for its metrics, when it has a record. */
  readonly metrics?: string;
};

async function publicEpisodes(): Promise<Episode[]> {
  const out: Episode[] = [];
  const scenarios = publicSuite().scenarios;
  const runs: [number, string, number][] = [
    [0, "greedy", 3],
    [1, "random", 5],
    [
      2,
      "stay",
      1,
    ],
  ];
  for (const [i, policy, seed] of runs) {
    const c = await compileScenario(scenarios[i]!.scenario);
    const controller: Controller = BUILTIN_POLICIES[policy]!(
      seed,
      undefined,
      c,
    );
    const record = await simulateEpisode(c.scenario, seed, controller, {
      scenarioHash: c.hash,
    });
    const layout = layoutOf(c.scenario);
    out.push({
      name: `${c.scenario.scenario_id} ${policy}`,
      layout,
      seed,
      log: actionLogOf(layout.ids, record.steps.map((s) => s.actions)),
      compiled: c,
      header: record.header,
      text: encode(record as unknown as JsonValue),
      metrics: encode(await episodeMetrics(c.scenario, record)),
    });
  }
  return out;
}

const PUBLIC = await publicEpisodes();
const RAW: Episode[] = [
  // p walks west onto the exit in 3 steps: every check holds.
  {
    name: "walk",
    layout: layoutOf(raw([["p", 0, 3]], 5)),
    seed: 0,
    log: logOf([WEST], [WEST], [WEST]),
  },
  // H = 0: s_0 should have terminated.
  {
    name: "no horizon",
    layout: layoutOf(raw([["p", 0, 3]], 0)),
    seed: 0,
    log: logOf([WEST]),
  },
  // a and b start on one cell and stay.
  {
    name: "shared cell",
    layout: layoutOf(raw([["a", 0, 2], ["b", 0, 2]], 1)),
    seed: 0,
    log: logOf([STAY, STAY]),
  },
  // Two people with one ID: the kernel's checks hold, stage 2 does not.
  {
    name: "one ID twice",
    layout: layoutOf(raw([["p", 0, 2], ["p", 0, 3]], 3)),
    seed: 0,
    log: logOf([WEST, WEST], [WEST, WEST], [WEST]),
  },
];
// A forged text: one action of the greedy record changed.
const FORGED: Episode = {
  ...PUBLIC[0]!,
  name: "forged",
  text: PUBLIC[0]!.text!.replace('":"north"', '":"south"'),
};
assert.notEqual(FORGED.text, PUBLIC[0]!.text);
const ALL = [...PUBLIC, ...RAW];
const TEXTS = [...PUBLIC, FORGED];

/** What a fresh session gives for each episode. */
type Fresh = {
  trace: Trace;
  failure: TraceCheckFailure | undefined;
  holds: boolean;
  regenerated?: { log: ActionLog; trace: Trace } | undefined;
  counts?: string;
};

/** Each call on a session of its own, right after the replay it is about. */
function fresh(e: Episode): Fresh {
  const s = new ReplaySession();
  const replay = s.replay(e.layout, e.seed, e.log);
  const out: Fresh = {
    trace: replay.trace,
    failure: s.failure(replay),
    holds: s.holds(replay),
  };
  if (e.text !== undefined) {
    const t = new ReplaySession();
    const r = t.regenerate(e.layout, e.header!, e.text);
    out.regenerated = r && { log: r.log, trace: r.trace };
    if (r !== undefined) out.counts = encode(t.counts(e.compiled!, r).metrics);
  }
  return out;
}

const FRESH = new Map<Episode, Fresh>(
  [...ALL, FORGED].map((e) => [e, fresh(e)]),
);

Deno.test("a fresh session gives the reference's answers on the pool", () => {
  // Worked by hand: the walk holds, H = 0 fails s_0's termination, a cell
  // shared in s_0 fails at step 1, one ID twice holds in the kernel only.
  const [walk, zero, shared, twice] = RAW.map((e) => FRESH.get(e)!);
  assert.equal(walk!.failure, undefined);
  assert.equal(walk!.holds, true);
  assert.equal(walk!.trace.steps, 3);
  assert.deepEqual(zero!.failure, {
    check: "initial_termination",
    step: 0,
    item: 0,
  });
  assert.equal(shared!.failure?.check, "shared_cell");
  assert.equal(twice!.failure, undefined);
  assert.equal(twice!.holds, false);
  for (const e of PUBLIC) {
    const f = FRESH.get(e)!;
    assert.deepEqual(f.regenerated?.log, e.log, e.name);
    assert.equal(f.counts, e.metrics, e.name);
    assert.equal(f.failure, undefined);
  }
  assert.equal(FRESH.get(FORGED)!.regenerated, undefined);
});

type Op = {
  kind: "replay" | "regenerate" | "failure" | "holds" | "counts";
  session: number;
  index: number;
};

const ops = fc.array(
  fc.record({
    kind: fc.constantFrom(
      "replay",
      "regenerate",
      "failure",
      "holds",
      "counts",
    ) as fc.Arbitrary<Op["kind"]>,
    session: fc.integer({ min: 0, max: 1 }),
    index: fc.nat(50),
  }),
  { minLength: 1, maxLength: 24 },
);

/**
 * Play `sequence` on two sessions of `make`, asserting that each answer is
 * the fresh one for the episode its replay came from.
 */
function play<R extends Replay>(make: () => Api<R>, sequence: readonly Op[]) {
  const sessions = [make(), make()];
  const made: { replay: R; episode: Episode }[] = [];
  for (const op of sequence) {
    const s = sessions[op.session]!;
    if (op.kind === "replay") {
      const e = ALL[op.index % ALL.length]!;
      const replay = s.replay(e.layout, e.seed, e.log);
      assert.deepEqual(replay.trace, FRESH.get(e)!.trace, e.name);
      made.push({ replay, episode: e });
      continue;
    }
    if (op.kind === "regenerate") {
      const e = TEXTS[op.index % TEXTS.length]!;
      const replay = s.regenerate(e.layout, e.header!, e.text!);
      const want = FRESH.get(e)!.regenerated;
      assert.equal(replay !== undefined, want !== undefined, e.name);
      if (replay !== undefined) {
        assert.deepEqual(replay.log, want!.log);
        assert.deepEqual(replay.trace, want!.trace);
        made.push({ replay, episode: e });
      }
      continue;
    }
    if (made.length === 0) continue;
    const { replay, episode } = made[op.index % made.length]!;
    const want = FRESH.get(episode)!;
    if (op.kind === "failure") {
      assert.deepEqual(s.failure(replay), want.failure, episode.name);
    } else if (op.kind === "holds") {
      assert.equal(s.holds(replay), want.holds, episode.name);
    } else if (episode.compiled !== undefined) {
      const counts = encode(s.counts(episode.compiled, replay).metrics);
      assert.equal(counts, episode.metrics, episode.name);
    }
  }
}

const property = <R extends Replay>(make: () => Api<R>) =>
  fc.property(ops, (sequence) => play(make, sequence));

Deno.test("two sessions, any order: every answer is a fresh session's", () => {
  fc.assert(property(() => new ReplaySession()), { numRuns: 300 });
});

Deno.test("the property catches a session that checks what it played last", () => {
  const result = fc.check(property(stateful), { numRuns: 300, seed: 21 });
  assert.equal(result.failed, true);
});

Deno.test("a check of a replay the session no longer holds plays it again", () => {
  const [walk, zero] = RAW;
  const a = new ReplaySession();
  const b = new ReplaySession();
  const good = a.replay(walk!.layout, walk!.seed, walk!.log);
  const bad = a.replay(zero!.layout, zero!.seed, zero!.log);
  // a holds `bad`; b holds nothing.
  assert.equal(a.failure(good), undefined);
  assert.equal(b.failure(good), undefined);
  assert.equal(a.failure(bad)?.check, "initial_termination");
  assert.equal(b.failure(bad)?.check, "initial_termination");
  const text = PUBLIC[1]!;
  const proved = b.regenerate(text.layout, text.header!, text.text!);
  assert.ok(proved !== undefined);
  assert.equal(a.holds(proved), true);
  assert.equal(b.failure(good), undefined);
  assert.equal(b.holds(proved), true);
  // The same calls on the double answer for what it played last.
  const d = stateful();
  const dGood = d.replay(walk!.layout, walk!.seed, walk!.log);
  d.replay(zero!.layout, zero!.seed, zero!.log);
  assert.equal(d.failure(dGood)?.check, "initial_termination");
});

Deno.test("counts refuse a replay of another scenario", () => {
  const e = PUBLIC[0]!;
  const s = new ReplaySession();
  const replay = s.replay(e.layout, e.seed, e.log);
  assert.equal(encode(s.counts(e.compiled!, replay).metrics), e.metrics);
  assert.throws(
    () => s.counts(PUBLIC[1]!.compiled!, replay),
    /not of this compiled scenario/,
  );
});

Deno.test("a stepped episode fails closed when its session is used by another call", () => {
  const e = PUBLIC[0]!;
  const s = new ReplaySession();
  const n = e.layout.world.people;
  const stepper = s.begin(e.layout, e.seed, n * 4, 4);
  assert.equal(stepper.termination(), 0);
  const other = s.replay(RAW[0]!.layout, 0, RAW[0]!.log);
  assert.throws(() => stepper.step(), /used by another call/);
  assert.throws(() => stepper.views(), /used by another call/);
  assert.throws(() => stepper.finish(), /used by another call/);
  // The other call's answers are its own.
  assert.deepEqual(other.trace, FRESH.get(RAW[0]!)!.trace);
  assert.equal(s.failure(other), undefined);
});

Deno.test("stepped episodes interleaved give the records of one at a time", async () => {
  const scenarios = publicSuite().scenarios.slice(0, 4);
  const compiled = await Promise.all(
    scenarios.map((s) => compileScenario(s.scenario)),
  );
  // Each controller yields before it answers, so the episodes step in turn.
  const run = (c: CompiledScenario, seed: number) => {
    const policy = BUILTIN_POLICIES.random!(seed, undefined, c);
    return kernelEpisode(c, seed, async (obs, context) => {
      await new Promise((r) => setTimeout(r, 0));
      return policy(obs, context);
    });
  };
  const together = await Promise.all(compiled.map((c, i) => run(c, i + 1)));
  for (const [i, c] of compiled.entries()) {
    const alone = await run(c, i + 1);
    const both = together[i]!;
    assert.equal(
      encode(both.record as unknown as JsonValue),
      encode(alone.record as unknown as JsonValue),
    );
    assert.equal(both.structural, alone.structural);
    assert.deepEqual(both.trace, alone.trace);
  }
});
