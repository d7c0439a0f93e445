/**
 * What every CLI command shares: its description for `--help` and the
 * dispatcher, the common options (`--help`, `--quiet`), and loading the
 * documents a command needs (a suite, a scenario), with file names in every
 * error.
 *
 * @module
 */

import { wrongKindError } from "../document_kind.ts";
import type { OptionSpecs, ParsedArgs } from "./args.ts";
import { readJson } from "./io.ts";
import { publicSuite } from "../scenario/public_suite.ts";
import { parseScenario } from "../scenario/scenario.ts";
import { parseSuite } from "../scenario/suite.ts";
import type { Scenario, Suite } from "../types.ts";

/**
 * The name the help texts use for the program.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROG } from "./command.ts";
 * assert.ok(PROG.endsWith("jsr:@ember/stats"));
 * ```
 */
export const PROG = "deno run <permissions> jsr:@ember/stats";

/**
 * A command of the CLI: its help text, options and handler.
 *
 * @example
 * ```ts
 * import type { CommandSpec } from "./command.ts";
 * const hello: CommandSpec = {
 *   summary: "say hello", usage: "hello", options: {}, help: "Permissions: none.",
 *   run: () => Promise.resolve(0),
 * };
 * ```
 */
export type CommandSpec = {
  /** One line for the command list of the general help. */
  readonly summary: string;
  /** The usage line (without the program name). */
  readonly usage: string;
  /** Options besides the common `--help` and `--quiet`. */
  readonly options: OptionSpecs;
  /** The rest of `--help`: description, options, permissions, examples. */
  readonly help: string;
  /** Run the command; returns the exit code (errors are thrown). */
  readonly run: (args: ParsedArgs) => Promise<number>;
};

/**
 * Options every command accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMON_OPTIONS } from "./command.ts";
 * assert.ok(COMMON_OPTIONS.help?.short === "h");
 * ```
 */
export const COMMON_OPTIONS: OptionSpecs = {
  help: { type: "boolean", short: "h" },
  quiet: { type: "boolean", short: "q" },
  limits: { type: "string" },
};

/**
 * The suite in `file`, read strictly and validated, or the embedded public
 * suite when no file is given (which needs no permission).
 *
 * @example
 * ```ts ignore
 * import { loadSuite } from "./command.ts";
 * const suite = await loadSuite(undefined); // the public suite
 * ```
 */
export async function loadSuite(file: string | undefined): Promise<Suite> {
  if (file === undefined) return publicSuite();
  const value = await readJson(file);
  try {
    return parseSuite(value, { file });
  } catch (e) {
    throw wrongKindError(e, value, "suite");
  }
}

/**
 * The scenario in `file`, read strictly and validated (schema 1.0).
 *
 * @example
 * ```ts ignore
 * import { loadScenario } from "./command.ts";
 * const scenario = await loadScenario("office.json");
 * ```
 */
export async function loadScenario(file: string): Promise<Scenario> {
  const value = await readJson(file);
  try {
    return parseScenario(value, { file });
  } catch (e) {
    throw wrongKindError(e, value, "scenario");
  }
}

/**
 * Write a notice line to standard error unless `quiet`.
 *
 * @example
 * ```ts
 * import { notice } from "./command.ts";
 * notice("starting", true); // prints nothing
 * ```
 */
export function notice(text: string, quiet: boolean): void {
  if (quiet) return;
  const bytes = new TextEncoder().encode(`${text}\n`);
  let offset = 0;
  while (offset < bytes.length) {
    offset += Deno.stderr.writeSync(bytes.subarray(offset));
  }
}
