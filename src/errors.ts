/**
 * The error kinds of contract §13. Each carries the file (when known), the
 * field path and a message that says what could not be done, so that a user
 * can find the offending byte without reading our source.
 *
 * @module
 */

/** Options shared by every EMBER error. */
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

/** A JSON document that is not valid strict JSON, or not canonical-encodable. */
export class CanonicalJsonError extends EmberError {
  override readonly name = "CanonicalJsonError";
}

/** A scenario that breaks schema 1.0 (contract §5). */
export class ScenarioError extends EmberError {
  override readonly name = "ScenarioError";
}

/** A suite that breaks contract §6. */
export class SuiteError extends EmberError {
  override readonly name = "SuiteError";
}

/** A run record that a replay of the simulator does not reproduce (contract §8). */
export class ReplayMismatchError extends EmberError {
  override readonly name = "ReplayMismatchError";
}

/** Inputs to episode metrics that fail one of the three stages of metrics.md §2. */
export class MetricsInputError extends EmberError {
  override readonly name = "MetricsInputError";
}

/** An evaluation manifest or result that is malformed or does not pair (contract §10). */
export class EvaluationError extends EmberError {
  override readonly name: string = "EvaluationError";
}

/** Input to aggregate or paired statistics that fails statistics.md §1. */
export class StatisticsInputError extends EvaluationError {
  override readonly name = "StatisticsInputError";
}

/** Constructor type of every error kind, used by shared validators. */
export type ErrorKind = new (
  detail: string,
  options?: EmberErrorOptions,
) => EmberError;

/**
 * A controller (built-in or user policy) that threw, timed out, or returned
 * a malformed action or an action for the wrong people. Not a contract §13
 * kind: it names the episode and step so that a user can fix their policy.
 */
export class PolicyError extends EmberError {
  override readonly name = "PolicyError";
}
