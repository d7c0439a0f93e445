/**
 * The environment session behind `env`: a trainer or harness owns the
 * loop and sends one request at a time (reset, step, close); each gets
 * one answer. Several episodes may be open at once. Each finished
 * episode is a result episode exactly as `run` makes it (the reference
 * simulator's record and the metrics of its record), handed to
 * `onEpisode` (the CLI's journal), so the result assembled from them is
 * byte-identical to `run`'s for the same actions.
 *
 * What a client never gets: an episode's seed (an observation does not
 * hold it, no answer or error names it, and the metrics dictionary of a
 * finished episode is sent without its `seed` field), and a second reset of a
 * scheduled episode for the same result (an episode is played once).
 *
 * @module
 */

import type { JsonObject, JsonValue } from "../json/canonical.ts";
import { isObject } from "../json/fields.ts";
import { producedRecordMetrics } from "../metrics/episode.ts";
import { resultEpisode } from "./runner.ts";
import type { CompiledScenario } from "../sim/compiled.ts";
import { Episode } from "../sim/simulator.ts";
import type { Action, EpisodeKey, Manifest, ResultEpisode } from "../types.ts";

/** Largest seed a training reset takes (the simulator's range). */
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** What a session plays: the suite's schedule. */
export type EnvSchedule = {
  readonly manifest: Manifest;
  readonly scenarios: readonly CompiledScenario[];
};

/** How a session is opened. */
export type EnvOptions = {
  /**
   * Training mode: resets name any scenario of the suite and any seed,
   * as often as wanted; finished episodes are not kept.
   */
  readonly train?: boolean;
  /** Schedule indices already in the result (a resumed session). */
  readonly done?: Uint8Array;
  /** Called with each finished scheduled episode, in finishing order. */
  readonly onEpisode?: (episode: ResultEpisode) => void | Promise<void>;
};

/** One open episode. */
type Open = {
  readonly run: Episode;
  readonly compiled: CompiledScenario;
  /** The schedule entry; undefined in training mode. */
  readonly key?: EpisodeKey;
};

/** A request refused: the answer is `{"error": message}` and nothing changed. */
class Refused extends Error {}

/** How a scheduled episode stands in this session. */
const enum Standing {
  Fresh = 0,
  Open = 1,
  Finished = 2,
  Failed = 3,
}

/**
 * The session: {@linkcode EnvSession.handle} takes each request (a parsed
 * JSON value) and returns its answer; `close` is the CLI's to carry out
 * (it writes the result), so `handle` refuses nothing about it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EnvSession } from "./env_session.ts";
 * import { compileScenario } from "../sim/compiled.ts";
 * import { buildManifest } from "../scenario/suite.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * const suite = publicSuite();
 * const manifest = await buildManifest(suite);
 * const scenarios = await Promise.all(manifest.episodes.map((k) =>
 *   compileScenario(suite.scenarios.find((s) => s.scenario.scenario_id === k.scenario_id)!.scenario)
 * ));
 * const env = new EnvSession({ manifest, scenarios });
 * const first = await env.handle({ op: "reset", episode: 0 });
 * assert.equal(first.episode, 0);
 * assert.ok(!("seed" in (first.observation as object)));
 * const again = await env.handle({ op: "reset", episode: 0 });
 * assert.match(String(again.error), /already open/);
 * ```
 */
export class EnvSession {
  readonly #schedule: EnvSchedule;
  readonly #train: boolean;
  readonly #onEpisode: EnvOptions["onEpisode"];
  readonly #open = new Map<number, Open>();
  /** Per schedule index (evaluation mode). */
  readonly #standing: Uint8Array;
  /** The next episode id of a training reset. */
  #nextId = 0;
  /** Finished and failed scheduled episodes of this session. */
  #finished = 0;
  #failed = 0;

  constructor(schedule: EnvSchedule, options: EnvOptions = {}) {
    this.#schedule = schedule;
    this.#train = options.train === true;
    this.#onEpisode = options.onEpisode;
    const n = schedule.manifest.episodes.length;
    this.#standing = new Uint8Array(n);
    if (options.done !== undefined) {
      options.done.forEach((d, i) => {
        if (d === 1 && i < n) this.#standing[i] = Standing.Finished;
      });
    }
  }

  /** Scheduled episodes finished in this session. */
  get finished(): number {
    return this.#finished;
  }

  /** Scheduled episodes that failed (invalid actions) in this session. */
  get failed(): number {
    return this.#failed;
  }

  /** Episodes open now. */
  get open(): number {
    return this.#open.size;
  }

  /**
   * The answer to one request (`close` excepted: the caller's). A refused
   * request gets `{"error": …}` (with its `episode` when it names one)
   * and changes nothing, except invalid actions, which end that episode
   * as failed.
   */
  async handle(request: JsonValue): Promise<JsonObject> {
    const episode = isObject(request) && Number.isSafeInteger(request.episode)
      ? request.episode as number
      : undefined;
    try {
      if (!isObject(request)) {
        throw new Refused("a request is a JSON object");
      }
      const op = request.op;
      if (op === "schedule") return this.#scheduleAnswer(request);
      if (op === "reset") return this.#reset(request);
      if (op === "step") return await this.#step(request);
      throw new Refused(
        op === undefined
          ? 'a request needs "op": "schedule", "reset", "step" or "close"'
          : `unknown op ${
            JSON.stringify(op)
          }: expected "schedule", "reset", "step" or "close"`,
      );
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      return episode === undefined
        ? { error: e.message }
        : { episode, error: e.message };
    }
  }

  /**
   * What can be reset: the scheduled episodes (index and scenario, never
   * the seed), or in training mode the suite's scenarios.
   */
  #scheduleAnswer(request: JsonObject): JsonObject {
    only(request, ["op"]);
    if (this.#train) {
      return {
        scenarios: [
          ...new Set(
            this.#schedule.scenarios.map((c) => c.scenario.scenario_id),
          ),
        ],
      };
    }
    return {
      episodes: this.#schedule.manifest.episodes.map((k) => ({
        index: k.index,
        scenario_id: k.scenario_id,
        standing: ["fresh", "open", "finished", "failed"][
          this.#standing[k.index]!
        ]!,
      })),
    };
  }

  #reset(request: JsonObject): JsonObject {
    if (this.#train) return this.#trainReset(request);
    only(request, ["op", "episode"]);
    const k = request.episode;
    const n = this.#schedule.manifest.episodes.length;
    if (!Number.isSafeInteger(k) || (k as number) < 0 || (k as number) >= n) {
      throw new Refused(
        `"episode" must be a scheduled episode index, 0 to ${n - 1}, found ${
          JSON.stringify(k) ?? "none"
        }`,
      );
    }
    const index = k as number;
    const standing = this.#standing[index]!;
    if (standing !== Standing.Fresh) {
      throw new Refused(
        `episode ${index} ${
          ["", "is already open", "has finished", "has failed"][standing]
        }: each scheduled episode is played once per result`,
      );
    }
    const key = this.#schedule.manifest.episodes[index]!;
    const compiled = this.#schedule.scenarios[index]!;
    const run = new Episode(compiled.scenario, key.seed, key.scenario_hash);
    this.#open.set(index, { run, compiled, key });
    this.#standing[index] = Standing.Open;
    return { episode: index, observation: toJson(run.observation()) };
  }

  #trainReset(request: JsonObject): JsonObject {
    only(request, ["op", "scenario", "seed"]);
    const id = request.scenario;
    const compiled = this.#schedule.scenarios.find((c) =>
      c.scenario.scenario_id === id
    );
    if (compiled === undefined) {
      const ids = [
        ...new Set(this.#schedule.scenarios.map((c) => c.scenario.scenario_id)),
      ];
      throw new Refused(
        `"scenario" must be one of the suite's scenarios (${
          ids.join(", ")
        }), found ${JSON.stringify(id) ?? "none"}`,
      );
    }
    const seed = request.seed;
    if (!Number.isSafeInteger(seed) || (seed as number) < 0) {
      throw new Refused(
        `"seed" must be an integer from 0 to ${MAX_SEED}, found ${
          JSON.stringify(seed) ?? "none"
        }`,
      );
    }
    const run = new Episode(compiled.scenario, seed as number, compiled.hash);
    const episode = this.#nextId++;
    this.#open.set(episode, { run, compiled });
    return { episode, observation: toJson(run.observation()) };
  }

  async #step(request: JsonObject): Promise<JsonObject> {
    only(request, ["op", "episode", "actions"]);
    const k = request.episode;
    const open = Number.isSafeInteger(k)
      ? this.#open.get(k as number)
      : undefined;
    if (open === undefined) {
      throw new Refused(
        Number.isSafeInteger(k)
          ? `episode ${k} is not open (reset it first${
            this.#train ? "" : "; a finished or failed episode stays closed"
          })`
          : `"episode" must be the integer of an open episode, found ${
            JSON.stringify(k) ?? "none"
          }`,
      );
    }
    const episode = k as number;
    const { run } = open;
    const problem = run.checkActions(request.actions);
    if (problem !== null) {
      // As a policy's failure in `run`: the episode ends, unrecorded.
      this.#open.delete(episode);
      if (open.key !== undefined) {
        this.#standing[episode] = Standing.Failed;
        this.#failed++;
      }
      throw new Refused(
        `episode ${episode}, step ${
          run.step + 1
        }: ${problem.detail}; the episode ended as failed${
          this.#train ? "" : " (it counts as missing from the result)"
        }`,
      );
    }
    const step = run.advance(request.actions as Record<string, Action>);
    const done = run.terminated;
    const answer: Record<string, JsonValue> = {
      episode,
      observation: done ? null : toJson(run.observation()),
      done,
      truncated: done && step.state.termination_reason === "max_steps",
      events: toJson({
        casualties: step.casualties,
        evacuations: step.evacuations,
      }),
    };
    if (!done) return answer;
    this.#open.delete(episode);
    const record = run.record();
    const metrics = producedRecordMetrics(open.compiled, record);
    // The dictionary names its seed; the client is never told one.
    const { seed: _, ...shown } = metrics;
    answer.metrics = shown;
    if (open.key !== undefined) {
      this.#standing[episode] = Standing.Finished;
      this.#finished++;
      await this.#onEpisode?.(resultEpisode(open.key, record, metrics));
    }
    return answer;
  }
}

/** Refuse a request with fields beyond `allowed` (a typo must not pass). */
function only(request: JsonObject, allowed: readonly string[]): void {
  const extra = Object.keys(request).filter((k) => !allowed.includes(k));
  if (extra.length > 0) {
    throw new Refused(
      `unexpected field${extra.length === 1 ? "" : "s"} ${
        extra.map((k) => JSON.stringify(k)).join(", ")
      } in a ${request.op} request (it takes ${
        allowed.filter((k) => k !== "op").map((k) => `"${k}"`).join(", ")
      })`,
    );
  }
}

/** A simulator value as the JSON value it already is. */
function toJson(value: unknown): JsonValue {
  return value as JsonValue;
}
