/**
 * Which EMBER document a JSON value looks like, and the one wording of the
 * message for a file of another kind than a command reads: it names the kind
 * expected, the kind found and the command that makes the expected one
 * (`report greedy.json` on a result: "greedy.json: expected an aggregate or
 * paired statistics artifact; this is an evaluation result (run `aggregate`
 * first)").
 *
 * @module
 */

import type { JsonValue } from "./json/canonical.ts";
import { EmberError } from "./errors.ts";

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
  | "metrics dictionary"
  | "run part"
  | "statistics part";

/**
 * What a command reads: one kind, or either statistics artifact (`summary`,
 * `report`).
 *
 * @example
 * ```ts
 * import type { ExpectedKind } from "./document_kind.ts";
 * const expected: ExpectedKind = "statistics artifact";
 * ```
 */
export type ExpectedKind = DocumentKind | "statistics artifact";

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
  if (has("shard") && has("result")) return "run part";
  if (has("shard") && has("artifact")) return "statistics part";
  if (has("evaluation_manifest") && has("episodes")) {
    return "evaluation result";
  }
  if (has("model_a") && has("model_b")) return "paired statistics artifact";
  // Before the suite: an aggregate artifact has suite_id and scenarios too.
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
 * The message for a document of kind `found` where `expected` is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrongKindDetail } from "./document_kind.ts";
 * assert.equal(wrongKindDetail("statistics artifact", "evaluation result"),
 *   "expected an aggregate or paired statistics artifact; this is an evaluation result (run `aggregate` first)");
 * ```
 */
export function wrongKindDetail(
  expected: ExpectedKind,
  found: DocumentKind,
): string {
  const want = expected === "statistics artifact"
    ? "an aggregate or paired statistics artifact"
    : `${article(expected)} ${expected}`;
  return `expected ${want}; this is ${article(found)} ${found} (${
    hint(expected, found)
  })`;
}

// What to do instead: the command that makes the expected kind, and, where
// the file given is that command's input, to run it first.
function hint(expected: ExpectedKind, found: DocumentKind): string {
  if (found === "run part" || found === "statistics part") {
    return "one shard's share of the work: `merge` puts all the parts together first";
  }
  switch (expected) {
    case "statistics artifact":
    case "aggregate statistics artifact":
    case "paired statistics artifact":
      return found === "evaluation result"
        ? "run `aggregate` first"
        : "`aggregate` and `compare` make them from evaluation results";
    case "evaluation result":
      return found === "run record"
        ? "`run` makes one; `metrics` and `show` read a run record with --scenario FILE"
        : "`run` makes one";
    case "run record":
      return found === "evaluation result"
        ? "a result holds a run record per episode: `verify` replays them all, `show --episode N` draws one"
        : "`run` records one per episode, in its evaluation result";
    case "suite":
      return "`suite --json` prints the public suite";
    case "scenario":
      return found === "suite"
        ? "a suite holds its scenarios under scenarios[].scenario"
        : "a scenario is written by hand; a suite holds them under scenarios[].scenario";
    case "metrics dictionary":
      return "`metrics` makes one from a scenario and a run record";
    case "run part":
    case "statistics part":
      return "`run`, `aggregate` and `compare` write parts with --shard K/N";
  }
}

/**
 * `error`, replaced by the wrong-kind message ({@linkcode wrongKindDetail})
 * when `value`, the document it refuses, is recognisably another kind of
 * document; else `error` as it is. Only a refused document is named so: a
 * valid one is never at stake.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EmberError } from "./errors.ts";
 * import { wrongKindError } from "./document_kind.ts";
 * const e = <Error> wrongKindError(new EmberError("unknown field", { file: "r.json", path: "model_id" }),
 *   { model_id: "m", evaluation_manifest: {}, episodes: [] }, "suite");
 * assert.equal(e.message,
 *   "r.json: expected a suite; this is an evaluation result (`suite --json` prints the public suite)");
 * ```
 */
export function wrongKindError(
  error: unknown,
  value: JsonValue,
  expected: ExpectedKind,
): unknown {
  const kind = documentKind(value);
  if (
    !(error instanceof EmberError) || kind === undefined || kind === expected ||
    (expected === "statistics artifact" && kind.endsWith("statistics artifact"))
  ) {
    return error;
  }
  const Kind = error.constructor as new (
    detail: string,
    options: { file?: string; path?: string; cause?: unknown },
  ) => EmberError;
  return new Kind(wrongKindDetail(expected, kind), {
    ...(error.file === undefined ? {} : { file: error.file }),
    cause: error,
  });
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
