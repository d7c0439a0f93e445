/**
 * The public suite `emberbench-public` (contract §6), embedded from
 * `suites/public.json` so that using it needs no permission.
 *
 * @module
 */

import data from "../../suites/public.json" with { type: "json" };
import {
  joinPath,
  type JsonObject,
  type JsonValue,
} from "../json/canonical.ts";
import { SuiteError } from "../errors.ts";
import { parseSuite, suiteHash } from "./suite.ts";
import type { Suite } from "../types.ts";

/** Where the embedded suite comes from, for error messages. */
export const PUBLIC_SUITE_FILE = "suites/public.json";

let memo: Suite | undefined;

/**
 * The public suite, validated with `parseSuite` on first use and memoised.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publicSuite } from "./public_suite.ts";
 * const suite = publicSuite();
 * assert.ok(suite.suite_id === "emberbench-public");
 * ```
 */
export function publicSuite(): Suite {
  memo ??= parseSuite(toJsonValue(data, ""), { file: PUBLIC_SUITE_FILE });
  return memo;
}

let publicHash: Promise<string> | undefined;

/**
 * Whether `suite` is the public suite, by suite hash: the embedded one, or
 * the same bytes read from a file (`--suite suites/public.json`). Any change,
 * one seed or the version, makes it another suite.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPublicSuite, publicSuite } from "./public_suite.ts";
 * assert.equal(await isPublicSuite(publicSuite()), true);
 * assert.equal(await isPublicSuite({ ...publicSuite(), suite_version: "x" }), false);
 * ```
 */
export async function isPublicSuite(suite: Suite): Promise<boolean> {
  if (suite === publicSuite()) return true;
  publicHash ??= suiteHash(publicSuite());
  return await suiteHash(suite) === await publicHash;
}

/**
 * Copy a value from the JS JSON import into the project's `JsonValue`:
 * null-prototype objects, and every number an integer. The JS reader cannot
 * tell `1.0` from `1`, so the file itself holds integers only and anything
 * else is refused (a test also reads the file with the strict reader).
 */
function toJsonValue(v: unknown, path: string): JsonValue {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) {
      throw new SuiteError(`expected an integer, found ${v}`, {
        path,
        file: PUBLIC_SUITE_FILE,
      });
    }
    return v;
  }
  if (Array.isArray(v)) return v.map((x, i) => toJsonValue(x, `${path}[${i}]`));
  if (typeof v === "object") {
    const out = Object.create(null) as Record<string, JsonValue>;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out[k] = toJsonValue(x, joinPath(path, k));
    }
    return out as JsonObject;
  }
  throw new SuiteError(`unexpected ${typeof v} value`, {
    path,
    file: PUBLIC_SUITE_FILE,
  });
}
