/**
 * Loud incompleteness: the stderr warnings of `verify`, `aggregate` and
 * `compare` when scheduled episodes are missing or unpaired. They are
 * written whether or not stderr is a terminal (and under `--quiet`: a
 * warning is not progress), and never change an artifact.
 *
 * @module
 */

import type { JsonValue } from "../json/canonical.ts";

/** How many first missing keys a warning names. */
const SHOWN = 5;

type Key = { readonly index: number; scenario_id: string; seed: number };

/**
 * `index (scenario, seed)` for the first few keys, then `…` if there are more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstKeys } from "./completeness.ts";
 * assert.equal(firstKeys([{ index: 3, scenario_id: "s", seed: 7 }]), "3 (s, seed 7)");
 * ```
 */
export function firstKeys(keys: readonly Key[]): string {
  const shown = keys.slice(0, SHOWN).map((k) =>
    `${k.index} (${k.scenario_id}, seed ${k.seed})`
  );
  return `${shown.join(", ")}${keys.length > SHOWN ? ", …" : ""}`;
}

/**
 * The warning for a result that lacks `missing` of `scheduled` episodes,
 * or `undefined` when it is complete.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { missingWarning } from "./completeness.ts";
 * assert.equal(missingWarning("r.json", [], 4), undefined);
 * assert.equal(
 *   missingWarning("r.json", [{ index: 1, scenario_id: "s", seed: 1 }], 4),
 *   "incomplete: r.json: 1 of 4 scheduled episodes missing; first missing: 1 (s, seed 1)",
 * );
 * ```
 */
export function missingWarning(
  file: string,
  missing: readonly Key[],
  scheduled: number,
): string | undefined {
  if (missing.length === 0) return undefined;
  return `incomplete: ${file}: ${missing.length} of ${scheduled} scheduled episodes missing; first missing: ${
    firstKeys(missing)
  }`;
}

/**
 * The warnings of a paired artifact: episodes missing from A or B (so
 * unpaired), and A and B being the same result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedWarnings } from "./completeness.ts";
 * const artifact = { result_digest_a: "x", result_digest_b: "x", paired_count: 2,
 *   missing_from_a: [], missing_from_b: [{ index: 0, scenario_id: "s", seed: 0 }] };
 * assert.deepEqual(pairedWarnings(artifact, "a.json", "b.json"), [
 *   "incomplete: b.json: 1 scheduled episodes missing (unpaired); first missing: 0 (s, seed 0)",
 *   "warning: a.json and b.json are the same result (digest x): every delta is 0",
 * ]);
 * ```
 */
export function pairedWarnings(
  artifact: JsonValue,
  fileA: string,
  fileB: string,
): string[] {
  const a = artifact as Record<string, unknown>;
  const out: string[] = [];
  for (
    const [file, keys] of [
      [fileA, a.missing_from_a],
      [fileB, a.missing_from_b],
    ] as const
  ) {
    const list = (keys ?? []) as Key[];
    if (list.length > 0) {
      out.push(
        `incomplete: ${file}: ${list.length} scheduled episodes missing (unpaired); first missing: ${
          firstKeys(list)
        }`,
      );
    }
  }
  if (a.result_digest_a === a.result_digest_b) {
    out.push(
      `warning: ${fileA} and ${fileB} are the same result (digest ${a.result_digest_a}): every delta is 0`,
    );
  }
  return out;
}

/**
 * Write a warning line to standard error, terminal or not.
 *
 * @example
 * ```ts ignore
 * import { warn } from "./completeness.ts";
 * warn("incomplete: r.json: 1 of 4 scheduled episodes missing");
 * ```
 */
export function warn(text: string): void {
  const bytes = new TextEncoder().encode(`${text}\n`);
  let offset = 0;
  while (offset < bytes.length) {
    offset += Deno.stderr.writeSync(bytes.subarray(offset));
  }
}
