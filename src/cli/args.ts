/**
 * Command-line parsing for the CLI: `node:util` `parseArgs` in strict mode,
 * plus the checks it lacks (a repeated option, a positional count, option
 * values such as `--resamples`). Every problem is a {@linkcode UsageError},
 * which the CLI turns into exit code 2 and the command's usage line.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { UsageError } from "../errors.ts";
import { KERNEL_NAMES, type KernelName } from "../kernel_name.ts";
import { defaultWorkers } from "../bootstrap/pool.ts";

export { UsageError } from "../errors.ts";
import { parseShard, type Shard } from "../shard/shard.ts";

/**
 * One option a command accepts.
 *
 * @example
 * ```ts
 * import type { OptionSpec } from "./args.ts";
 * const out: OptionSpec = { type: "string", short: "o" };
 * ```
 */
export type OptionSpec = {
  readonly type: "string" | "boolean";
  readonly short?: string;
};

/**
 * Options by long name, without the leading `--`.
 *
 * @example
 * ```ts
 * import type { OptionSpecs } from "./args.ts";
 * const options: OptionSpecs = { out: { type: "string" }, json: { type: "boolean" } };
 * ```
 */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/**
 * Parsed options and positionals. Options absent from the line are absent here.
 *
 * @example
 * ```ts
 * import type { ParsedArgs } from "./args.ts";
 * const args: ParsedArgs = { values: { quiet: true }, positionals: ["r.json"] };
 * ```
 */
export type ParsedArgs = {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  /**
   * The positionals after `--`, when the line has one (`run --policy-exec
   * -- CMD ARG…` takes them as a command); they are in `positionals` too.
   */
  readonly passthrough?: readonly string[];
};

/**
 * Parse a command line against the command's options (strict: an unknown
 * option, a missing value, a value given to a flag or a repeated option is a
 * {@linkcode UsageError}). `--` ends the options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCommandLine } from "./args.ts";
 * const { values, positionals } = parseCommandLine(
 *   ["--out", "a.json", "r.json"],
 *   { out: { type: "string" } },
 * );
 * assert.ok(values.out === "a.json" && positionals[0] === "r.json");
 * ```
 */
export function parseCommandLine(
  args: readonly string[],
  options: OptionSpecs,
): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options },
      strict: true,
      allowPositionals: true,
      tokens: true,
    });
  } catch (e) {
    throw new UsageError(cleanParseArgsMessage(e));
  }
  const seen = new Set<string>();
  let terminator: number | undefined;
  const passthrough: string[] = [];
  for (const token of parsed.tokens ?? []) {
    if (token.kind === "option-terminator") terminator = token.index;
    if (token.kind === "positional" && terminator !== undefined) {
      passthrough.push(token.value);
    }
    if (token.kind !== "option") continue;
    if (seen.has(token.name)) {
      throw new UsageError(`--${token.name} given more than once`);
    }
    seen.add(token.name);
  }
  return {
    values: parsed.values,
    positionals: parsed.positionals,
    ...(terminator === undefined ? {} : { passthrough }),
  };
}

function cleanParseArgsMessage(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  // node's hint about `--` is long and speaks of "positional arguments";
  // keep the first sentence, which names the option.
  const cut = message.indexOf(". To specify a positional argument");
  const first = cut >= 0 ? message.slice(0, cut) : message;
  // node capitalises ("Unknown option '--x'", "Option '--out <value>'
  // argument missing"); every other message after "error: " starts
  // lower-case.
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/**
 * Require between `min` and `max` positional inputs, naming them in the
 * error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expectPositionals } from "./args.ts";
 * const [result] = expectPositionals(["r.json"], ["RESULT"]);
 * assert.ok(result === "r.json");
 * ```
 */
export function expectPositionals(
  positionals: readonly string[],
  names: readonly string[],
  min = names.length,
): string[] {
  if (positionals.length < min) {
    const missing = names.slice(positionals.length, min).join(" ");
    throw new UsageError(`missing input: ${missing}`);
  }
  if (positionals.length > names.length) {
    const extra = positionals.slice(names.length).map((p) => JSON.stringify(p));
    throw new UsageError(`unexpected input: ${extra.join(" ")}`);
  }
  return [...positionals];
}

/**
 * Read an option value as a decimal integer in `[min, max]`; anything else
 * (sign, exponent, fraction, blank, out of range) is a usage error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intOption } from "./args.ts";
 * assert.ok(intOption("2000", "resamples", 100, 1_000_000) === 2000);
 * ```
 */
export function intOption(
  text: string,
  name: string,
  min: number,
  max: number,
): number {
  if (!/^[0-9]{1,16}$/.test(text)) {
    throw new UsageError(
      `--${name}: expected an integer in [${min}, ${max}], got ${
        JSON.stringify(text)
      }`,
    );
  }
  const n = Number(text);
  if (n < min || n > max) {
    throw new UsageError(
      `--${name}: expected an integer in [${min}, ${max}], got ${text}`,
    );
  }
  return n;
}

// statistics.md §8: default 2000, any integer in [100, 1 000 000].
const DEFAULT_RESAMPLES = 2000;
const MIN_RESAMPLES = 100;
const MAX_RESAMPLES = 1_000_000;

/**
 * The `--resamples` value, or the default 2000 when absent. Out of
 * `[100, 1 000 000]` is a usage error (exit 2), checked before any input is
 * read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resamplesOption } from "./args.ts";
 * assert.ok(resamplesOption(undefined) === 2000);
 * assert.ok(resamplesOption("100") === 100);
 * ```
 */
export function resamplesOption(text: string | boolean | undefined): number {
  if (text === undefined) return DEFAULT_RESAMPLES;
  return intOption(String(text), "resamples", MIN_RESAMPLES, MAX_RESAMPLES);
}

/**
 * A string option's value, or `undefined` when absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringOption } from "./args.ts";
 * assert.ok(stringOption({ out: "a.json" }, "out") === "a.json");
 * assert.ok(stringOption({}, "out") === undefined);
 * ```
 */
export function stringOption(
  values: ParsedArgs["values"],
  name: string,
): string | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new UsageError(`--${name} needs a value`);
  if (v === "") throw new UsageError(`--${name}: empty value`);
  return v;
}

/**
 * A boolean flag's value (`false` when absent).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flag } from "./args.ts";
 * assert.ok(flag({ quiet: true }, "quiet") && !flag({}, "json"));
 * ```
 */
export function flag(values: ParsedArgs["values"], name: string): boolean {
  return values[name] === true;
}

/**
 * The `--kernel` value: `wasm` (default) or `reference`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kernelOption } from "./args.ts";
 * assert.equal(kernelOption(undefined), "wasm");
 * assert.equal(kernelOption("reference"), "reference");
 * assert.throws(() => kernelOption("fast"), { name: "UsageError" });
 * ```
 */
export function kernelOption(text: string | boolean | undefined): KernelName {
  if (text === undefined) return "wasm";
  const found = KERNEL_NAMES.find((k) => k === text);
  if (found === undefined) {
    throw new UsageError(
      `--kernel: expected one of ${KERNEL_NAMES.join(", ")}, got ${
        JSON.stringify(String(text))
      }`,
    );
  }
  return found;
}

/**
 * The `--workers` value: an integer >= 1, default the logical cores.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { workersOption } from "./args.ts";
 * assert.equal(workersOption("3"), 3);
 * assert.ok(workersOption(undefined) >= 1);
 * assert.throws(() => workersOption("0"), { name: "UsageError" });
 * ```
 */
export function workersOption(text: string | boolean | undefined): number {
  if (text === undefined) return defaultWorkers();
  return intOption(String(text), "workers", 1, MAX_WORKERS);
}

/** Largest `--workers` accepted; more threads than this only cost memory. */
const MAX_WORKERS = 256;

/**
 * The bootstrap options of `aggregate`, `compare` and `demo`, for a
 * command's `options` table.
 */
export const BOOTSTRAP_OPTIONS = {
  resamples: { type: "string" },
  kernel: { type: "string" },
  workers: { type: "string" },
} as const;

/** Help lines of {@linkcode BOOTSTRAP_OPTIONS}. */
export const BOOTSTRAP_HELP =
  `  --resamples N    bootstrap resamples, 100 to 1000000 (default 2000)
  --kernel K       wasm (default) or reference: the TypeScript path, for
                   audits; the output bytes are the same
  --workers N      threads for the intervals (default: the logical cores,
                   here ${defaultWorkers()}); the output bytes are the same`;

/**
 * The checked `--resamples`, `--kernel` and `--workers` of a command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapOptions } from "./args.ts";
 * assert.deepEqual(bootstrapOptions({ workers: "1" }), { resamples: 2000, kernel: "wasm", workers: 1 });
 * ```
 */
export function bootstrapOptions(
  values: Record<string, string | boolean | undefined>,
): { resamples: number; kernel: KernelName; workers: number } {
  return {
    resamples: resamplesOption(values.resamples),
    kernel: kernelOption(values.kernel),
    workers: workersOption(values.workers),
  };
}

/**
 * The checked `--shard K/N` of a command, or `undefined` without one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shardOption } from "./args.ts";
 * assert.deepEqual(shardOption({ shard: "1/3" }), { index: 1, count: 3 });
 * assert.throws(() => shardOption({ shard: "3/3" }), /--shard: 0 <= K < N/);
 * ```
 */
export function shardOption(values: ParsedArgs["values"]): Shard | undefined {
  const text = stringOption(values, "shard");
  if (text === undefined) return undefined;
  try {
    return parseShard(text);
  } catch (e) {
    throw new UsageError(`--shard: ${(e as Error).message}`);
  }
}

/** The help line of `--shard` for the statistics commands. */
export const SHARD_HELP =
  `  --shard K/N      compute only shard K of N (0 <= K < N) of the intervals
                   (split by R x n, docs/scale.md) and write a statistics
                   part; \`merge\` puts the N parts together`;
