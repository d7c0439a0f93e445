/**
 * The error kinds of contract §13. Each carries the file (when known), the
 * field path and a message that says what could not be done, so that a user
 * can find the offending byte without reading our source.
 *
 * @module
 */

/**
 * Options shared by every EMBER error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type EmberErrorOptions, ScenarioError } from "./errors.ts";
 * const cause = new Error("underlying");
 * const options: EmberErrorOptions = { file: "s.json", path: "people[3].position", cause };
 * const e = new ScenarioError("cell is a wall", options);
 * assert.equal(e.message, "s.json: people[3].position: cell is a wall");
 * assert.equal(e.detail, "cell is a wall");
 * assert.equal(e.cause, cause);
 * ```
 */
export interface EmberErrorOptions {
  /** Field path inside the document, for example `people[3].position`. */
  path?: string;
  /** File (or other source name) that held the document. */
  file?: string;
  /** Underlying error, kept for callers that inspect it. */
  cause?: unknown;
}

/**
 * Base class of every error this package raises on purpose.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScenarioError } from "./errors.ts";
 * const e = new ScenarioError("expected an integer", { path: "termination.max_steps" });
 * assert.ok(e.message === "termination.max_steps: expected an integer");
 * ```
 */
export class EmberError extends Error {
  /** The error kind's class name, stable across bundling and minifying. */
  override readonly name: string = "EmberError";
  /** Field path, or `""` when the whole document is meant. */
  readonly path: string;
  /** File or source name, when known. */
  file: string | undefined;
  /** The bare description, without file and path. */
  readonly detail: string;

  /** An error with a bare `detail`, placed by `options.file` and `path`. */
  constructor(detail: string, options: EmberErrorOptions = {}) {
    super(
      formatMessage(detail, options.file, options.path ?? ""),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.detail = detail;
    this.path = options.path ?? "";
    this.file = options.file;
  }

  /** Attach the file name (once) and rewrite the message to name it. */
  inFile(file: string): this {
    if (this.file === undefined) {
      this.file = file;
      this.message = formatMessage(this.detail, file, this.path);
    }
    return this;
  }
}

function formatMessage(detail: string, file: string | undefined, path: string) {
  return [file, path, detail].filter((p) => p !== undefined && p !== "").join(
    ": ",
  );
}

/**
 * A JSON document that is not valid strict JSON, or not canonical-encodable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CanonicalJsonError, EmberError } from "./errors.ts";
 * const e = new CanonicalJsonError("duplicate key in object", { file: "run.json", path: "steps[0].actions.p" });
 * assert.equal(e.name, "CanonicalJsonError");
 * assert.ok(e instanceof CanonicalJsonError && e instanceof EmberError);
 * assert.equal(e.message, "run.json: steps[0].actions.p: duplicate key in object");
 * ```
 */
export class CanonicalJsonError extends EmberError {
  /** The class name, `CanonicalJsonError`. */
  override readonly name = "CanonicalJsonError";
}

/**
 * A scenario that breaks schema 1.0 (contract §5).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, ScenarioError } from "./errors.ts";
 * const e = new ScenarioError("expected an integer", { file: "scenario.json", path: "termination.max_steps" });
 * assert.equal(e.name, "ScenarioError");
 * assert.ok(e instanceof ScenarioError && e instanceof EmberError);
 * assert.equal(e.message, "scenario.json: termination.max_steps: expected an integer");
 * ```
 */
export class ScenarioError extends EmberError {
  /** The class name, `ScenarioError`. */
  override readonly name = "ScenarioError";
}

/**
 * A suite that breaks contract §6.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, SuiteError } from "./errors.ts";
 * const e = new SuiteError("duplicate seed 3", { file: "suite.json", path: "scenarios[1].seeds[2]" });
 * assert.equal(e.name, "SuiteError");
 * assert.ok(e instanceof SuiteError && e instanceof EmberError);
 * assert.equal(e.message, "suite.json: scenarios[1].seeds[2]: duplicate seed 3");
 * ```
 */
export class SuiteError extends EmberError {
  /** The class name, `SuiteError`. */
  override readonly name = "SuiteError";
}

/**
 * A run record that a replay of the simulator does not reproduce (contract §8).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, ReplayMismatchError } from "./errors.ts";
 * const e = new ReplayMismatchError("the replay burns a different set of cells", { file: "run.json", path: "steps[4].state.burning" });
 * assert.equal(e.name, "ReplayMismatchError");
 * assert.ok(e instanceof ReplayMismatchError && e instanceof EmberError);
 * assert.equal(e.message, "run.json: steps[4].state.burning: the replay burns a different set of cells");
 * ```
 */
export class ReplayMismatchError extends EmberError {
  /** The class name, `ReplayMismatchError`. */
  override readonly name = "ReplayMismatchError";
}

/**
 * Inputs to episode metrics that fail one of the three stages of metrics.md §2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, MetricsInputError } from "./errors.ts";
 * const e = new MetricsInputError("does not match the scenario", { file: "run.json", path: "header.scenario_hash" });
 * assert.equal(e.name, "MetricsInputError");
 * assert.ok(e instanceof MetricsInputError && e instanceof EmberError);
 * assert.equal(e.message, "run.json: header.scenario_hash: does not match the scenario");
 * ```
 */
export class MetricsInputError extends EmberError {
  /** The class name, `MetricsInputError`. */
  override readonly name = "MetricsInputError";
}

/**
 * An evaluation manifest or result that is malformed or does not pair (contract §10).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, EvaluationError } from "./errors.ts";
 * const e = new EvaluationError("manifest hashes differ", { file: "b.json", path: "evaluation_manifest_hash" });
 * assert.equal(e.name, "EvaluationError");
 * assert.ok(e instanceof EvaluationError && e instanceof EmberError);
 * assert.equal(e.message, "b.json: evaluation_manifest_hash: manifest hashes differ");
 * ```
 */
export class EvaluationError extends EmberError {
  /** The class name, `EvaluationError`. */
  override readonly name: string = "EvaluationError";
}

/**
 * A part (the output of one shard of `run`, `aggregate` or `compare`) that
 * cannot be read, or parts that `merge` cannot put together: another
 * model, manifest, R or version than the others, a shard given twice or
 * missing, a part that does not match its own digest. Not a contract
 * error: parts are this package's own format (docs/scale.md).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, PartError } from "./errors.ts";
 * const e = new PartError("shard 2 of 4 is given twice (also run.2.json)", { file: "copy.json" });
 * assert.ok(e instanceof EmberError && e.name === "PartError");
 * assert.equal(e.message, "copy.json: shard 2 of 4 is given twice (also run.2.json)");
 * ```
 */
export class PartError extends EmberError {
  /** The class name, `PartError`. */
  override readonly name = "PartError";
}

/**
 * Input to aggregate or paired statistics that fails statistics.md §1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, EvaluationError, StatisticsInputError } from "./errors.ts";
 * const e = new StatisticsInputError("missing field", { file: "result.json", path: "model_id" });
 * assert.equal(e.name, "StatisticsInputError");
 * assert.ok(e instanceof StatisticsInputError && e instanceof EvaluationError && e instanceof EmberError);
 * assert.equal(e.message, "result.json: model_id: missing field");
 * ```
 */
export class StatisticsInputError extends EvaluationError {
  /** The class name, `StatisticsInputError`. */
  override readonly name = "StatisticsInputError";
}

/**
 * Constructor type of every error kind, used by shared validators.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ErrorKind, SuiteError } from "./errors.ts";
 * const kind: ErrorKind = SuiteError;
 * const e = new kind("family names unknown scenario \"z\"", { path: "families[0].scenarios[1]" });
 * assert.ok(e instanceof SuiteError);
 * assert.equal(e.message, 'families[0].scenarios[1]: family names unknown scenario "z"');
 * ```
 */
export type ErrorKind = new (
  detail: string,
  options?: EmberErrorOptions,
) => EmberError;

/**
 * A controller (built-in or user policy) that threw, timed out, or returned
 * a malformed action or an action for the wrong people. Not a contract §13
 * kind: it names the episode and step so that a user can fix their policy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError, PolicyError } from "./errors.ts";
 * const e = new PolicyError("no action for active person q", { file: "policy.ts", path: "actions.q" });
 * assert.equal(e.name, "PolicyError");
 * assert.ok(e instanceof PolicyError && e instanceof EmberError);
 * assert.equal(e.message, "policy.ts: actions.q: no action for active person q");
 * ```
 */
export class PolicyError extends EmberError {
  /** The class name, `PolicyError`. */
  override readonly name = "PolicyError";
}

/**
 * A file that could not be read or written: not found, not permitted, a
 * directory, a full disk. Exit code 1; the message names the file and, for a
 * missing permission, the flag that grants it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FileError } from "./errors.ts";
 * const e = new FileError("file not found", { file: "a.json" });
 * assert.ok(e.message === "a.json: file not found");
 * ```
 */
export class FileError extends EmberError {
  /** Always `"FileError"`. */
  override readonly name = "FileError";
}

/**
 * A command line that does not fit the command's usage: unknown command or
 * option, a missing or extra input, a malformed or out-of-range option value.
 * Exit code 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UsageError } from "./errors.ts";
 * const e = new UsageError("--resamples: expected an integer, got \"many\"");
 * assert.ok(e.name === "UsageError");
 * ```
 */
export class UsageError extends Error {
  /** Always `"UsageError"`. */
  override readonly name = "UsageError";
}
