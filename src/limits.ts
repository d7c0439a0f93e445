/**
 * Implementation limits of the readers: input size, episodes, nesting depth
 * and string length. They are not format rules (a document beyond them is
 * still valid EMBER JSON); they stop a hostile or broken input from making a
 * reader allocate without bound before it can refuse it. The contract's own
 * bounds (grids 256 × 256, 4,096 people, 10,000 steps) are format rules and
 * live with the scenario reader.
 *
 * Every limit has an override: per call (`limits` in the options of
 * `parse`, `parseResult`, `verifyResult`), for the whole process
 * ({@linkcode setLimits}, which the statistics functions also see), or on
 * the command line (`--limits file-bytes=N,episodes=N,depth=N,string-length=N`).
 *
 * @module
 */

/**
 * The implementation limits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_LIMITS, type Limits } from "./limits.ts";
 * const l: Limits = { ...DEFAULT_LIMITS, maxEpisodes: 10 };
 * assert.equal(l.maxDepth, 512);
 * ```
 */
export type Limits = {
  /**
   * Largest input document read whole, in bytes (UTF-8) or UTF-16 code
   * units of text. A result file as the result writer writes it is read as
   * a stream instead, with no size limit, by every command that reads one
   * (`verify`, `aggregate`, `compare`, `merge` through `verify/file.ts`;
   * `show`, `digest` and `run --resume` through `verify/result_items.ts`):
   * this bounds only the fields after its episodes (its manifest), the
   * result when it is read whole (not as the writer writes it, or refused;
   * for `digest`, not canonical). The files that commands write and others
   * read whole have limits that follow from the episode limit, with this
   * one as their floor: statistics artifacts and parts
   * (`statistics/artifact_bound.ts`), the lines of `run`'s journal and a
   * transcript's episode (docs/security.md has the table).
   */
  readonly maxFileBytes: number;
  /** Most episodes in an evaluation manifest (and so in a result). */
  readonly maxEpisodes: number;
  /** Deepest nesting of arrays and objects, read or written (top level = 1). */
  readonly maxDepth: number;
  /** Longest string value or key, in UTF-16 code units after unescaping. */
  readonly maxStringLength: number;
};

/**
 * The defaults: 64 MiB per input read whole (a public-suite result is about
 * 3 MB; verifying one read whole takes about 2.3 bytes of memory per input
 * byte, and V8 sizes its default heap from the machine's memory, so 64 MiB
 * fits small machines), 100,000 episodes (the public suite has 104), depth
 * 512 (a result needs 7) and 1 MiB per string (the longest contract string
 * is a grid row of 256). A result file streamed has no size limit: it
 * follows from the episode limit, each of its items being one string
 * (docs/security.md has the table, and the measurements).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_LIMITS } from "./limits.ts";
 * assert.equal(DEFAULT_LIMITS.maxFileBytes, 64 * 1024 * 1024);
 * assert.equal(DEFAULT_LIMITS.maxEpisodes, 100_000);
 * assert.equal(DEFAULT_LIMITS.maxStringLength, 1024 * 1024);
 * ```
 */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxFileBytes: 64 * 1024 * 1024,
  maxEpisodes: 100_000,
  maxDepth: 512,
  maxStringLength: 1024 * 1024,
});

let current: Limits = DEFAULT_LIMITS;

/**
 * The process-wide limits, combined with per-call overrides.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitsWith } from "./limits.ts";
 * assert.equal(limitsWith({ maxDepth: 8 }).maxDepth, 8);
 * assert.equal(limitsWith().maxDepth, 512);
 * ```
 */
export function limitsWith(overrides: Partial<Limits> = {}): Limits {
  return { ...current, ...checked(overrides, "limits") };
}

/**
 * Replace the process-wide limits (merged over the current ones) and return
 * the previous ones, so a caller can restore them. The CLI's `--limits`
 * option uses this; library callers usually pass `limits` per call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitsWith, setLimits } from "./limits.ts";
 * const previous = setLimits({ maxEpisodes: 5 });
 * try {
 *   assert.equal(limitsWith().maxEpisodes, 5);
 * } finally {
 *   setLimits(previous);
 * }
 * assert.equal(limitsWith().maxEpisodes, 100_000);
 * ```
 */
export function setLimits(overrides: Partial<Limits>): Limits {
  const previous = current;
  current = Object.freeze({ ...current, ...checked(overrides, "limits") });
  return previous;
}

const SPEC_NAMES: Readonly<Record<string, keyof Limits>> = {
  "file-bytes": "maxFileBytes",
  "episodes": "maxEpisodes",
  "depth": "maxDepth",
  "string-length": "maxStringLength",
};

/**
 * Read a command-line limits specification, `name=N` pairs separated by
 * commas (names `file-bytes`, `episodes`, `depth`, `string-length`). Throws
 * `RangeError` naming the bad pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLimitsSpec } from "./limits.ts";
 * assert.deepEqual(parseLimitsSpec("episodes=10,depth=20"), { maxEpisodes: 10, maxDepth: 20 });
 * assert.throws(() => parseLimitsSpec("steps=3"), RangeError);
 * ```
 */
export function parseLimitsSpec(text: string): Partial<Limits> {
  const out: Record<string, number> = {};
  for (const pair of text.split(",")) {
    const m = /^([a-z-]+)=([0-9]{1,16})$/.exec(pair);
    const key = m === null ? undefined : SPEC_NAMES[m[1]!];
    if (m === null || key === undefined) {
      throw new RangeError(
        `${JSON.stringify(pair)} is not NAME=N with NAME one of ${
          Object.keys(SPEC_NAMES).join(", ")
        }`,
      );
    }
    if (Object.hasOwn(out, key)) {
      throw new RangeError(`${m[1]} is given more than once`);
    }
    out[key] = Number(m[2]);
  }
  return checked(out as Partial<Limits>, "");
}

function checked(overrides: Partial<Limits>, where: string): Partial<Limits> {
  const prefix = where === "" ? "" : `${where}: `;
  for (const [key, value] of Object.entries(overrides)) {
    if (!Object.values(SPEC_NAMES).includes(key as keyof Limits)) {
      throw new RangeError(`${prefix}unknown limit ${JSON.stringify(key)}`);
    }
    if (!Number.isSafeInteger(value) || (value as number) < 1) {
      throw new RangeError(
        `${prefix}${key} must be a positive integer, got ${value}`,
      );
    }
  }
  return overrides;
}

/**
 * The message of an input beyond a limit: what was found, the limit, that
 * it is an implementation limit, and how to raise it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { beyondLimit } from "./limits.ts";
 * assert.equal(
 *   beyondLimit("maxEpisodes", "300 episodes", 100),
 *   "300 episodes: over the implementation limit of 100 episodes " +
 *     "(raise it with --limits episodes=N or limits.maxEpisodes)",
 * );
 * ```
 */
export function beyondLimit(
  key: keyof Limits,
  found: string,
  limit: number,
): string {
  const name = Object.keys(SPEC_NAMES).find((k) => SPEC_NAMES[k] === key)!;
  const unit = name === "file-bytes"
    ? "bytes"
    : name === "episodes"
    ? "episodes"
    : name === "depth"
    ? "levels"
    : "code units";
  return `${found}: over the implementation limit of ${limit} ${unit} ` +
    `(raise it with --limits ${name}=N or limits.${key})`;
}
