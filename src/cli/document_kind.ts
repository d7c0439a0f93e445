/**
 * Which EMBER document a JSON value looks like, so that a command given the
 * wrong kind of file (a result to `suite --check`, a result as a run record)
 * says so next to the first refused field.
 *
 * @module
 */

import type { JsonValue } from "../json/canonical.ts";
import { EmberError } from "../errors.ts";

/**
 * The kinds of document the CLI reads.
 *
 * @example
 * ```ts
 * import type { DocumentKind } from "./document_kind.ts";
 * const kind: DocumentKind = "suite";
 * ```
 */
export type DocumentKind =
  | "suite"
  | "scenario"
  | "run record"
  | "evaluation result"
  | "aggregate statistics artifact"
  | "paired statistics artifact"
  | "metrics dictionary";

/**
 * The kind a value looks like by its top-level keys, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentKind } from "./document_kind.ts";
 * assert.equal(documentKind({ model_id: "m", evaluation_manifest: {}, episodes: [] }), "evaluation result");
 * assert.equal(documentKind([1]), undefined);
 * ```
 */
export function documentKind(value: JsonValue): DocumentKind | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return undefined;
  }
  const has = (k: string) => Object.hasOwn(value, k);
  if (has("evaluation_manifest") && has("episodes")) {
    return "evaluation result";
  }
  if (has("model_a") && has("model_b")) return "paired statistics artifact";
  if (has("result_digest") && has("overall")) {
    return "aggregate statistics artifact";
  }
  if (has("suite_id") && has("scenarios")) return "suite";
  if (has("header") && has("steps")) return "run record";
  if (has("grid") && has("scenario_id")) return "scenario";
  if (has("metrics_version") && has("safety")) return "metrics dictionary";
  return undefined;
}

/**
 * `error`, with "(FILE looks like a KIND, not a EXPECTED)" added when the
 * value is recognisably another kind of document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError } from "../errors.ts";
 * import { withKindHint } from "./document_kind.ts";
 * const e = <Error> withKindHint(new EmberError("unknown field", { file: "r.json", path: "model_id" }),
 *   { model_id: "m", evaluation_manifest: {}, episodes: [] }, "suite");
 * assert.equal(e.message, "r.json: model_id: unknown field (the file looks like an evaluation result, not a suite)");
 * ```
 */
export function withKindHint(
  error: unknown,
  value: JsonValue,
  expected: DocumentKind,
): unknown {
  const kind = documentKind(value);
  if (
    !(error instanceof EmberError) || kind === undefined || kind === expected
  ) {
    return error;
  }
  const Kind = error.constructor as new (
    detail: string,
    options: { file?: string; path?: string; cause?: unknown },
  ) => EmberError;
  return new Kind(
    `${error.detail} (the file looks like ${article(kind)} ${kind}, not ${
      article(expected)
    } ${expected})`,
    {
      ...(error.file === undefined ? {} : { file: error.file }),
      path: error.path,
      cause: error,
    },
  );
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
