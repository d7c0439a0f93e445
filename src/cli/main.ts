/**
 * The CLI entry: `main(args)` dispatches to a command and returns the exit
 * code; it never calls `Deno.exit` itself. `cli.ts` and `mod.ts` call it
 * under `import.meta.main`, so importing the library never prints, prompts
 * or reads.
 *
 * Exit codes: 0 success; 1 invalid input, failed verification, a failing
 * policy or a file that cannot be read or written; 2 usage error (unknown
 * command or option, missing input, option value out of range); 130
 * interrupted `run`.
 *
 * @module
 */

import { EmberError } from "../errors.ts";
import { residentCeiling } from "../collect.ts";
import { parseLimitsSpec, setLimits } from "../limits.ts";
import {
  METRICS_VERSION,
  OBSERVATION_VERSION,
  SCHEMA_VERSION,
  SIMULATOR_VERSION,
  STATISTICS_VERSION,
} from "../types.ts";
import { parseCommandLine, UsageError } from "./args.ts";
import { PACKAGE_VERSION } from "../version.ts";
import { type CommandSpec, COMMON_OPTIONS, PROG } from "./command.ts";

/**
 * The commands of the CLI.
 *
 * @example
 * ```ts
 * import type { CommandName } from "./main.ts";
 * const name: CommandName = "verify";
 * ```
 */
export type CommandName =
  | "demo"
  | "run"
  | "env"
  | "verify"
  | "metrics"
  | "aggregate"
  | "compare"
  | "merge"
  | "suite"
  | "digest"
  | "summary"
  | "report"
  | "show";

/** Every command name, in help order. */
const COMMAND_NAMES: readonly CommandName[] = [
  "demo",
  "run",
  "env",
  "verify",
  "metrics",
  "aggregate",
  "compare",
  "merge",
  "suite",
  "digest",
  "summary",
  "report",
  "show",
];

const PACKAGE = "@ember/stats";

/** Exit code of a usage error. */
const EXIT_USAGE = 2;
/** Exit code of invalid input, failed verification or a failing policy. */
const EXIT_INVALID = 1;

/**
 * The command of a name, its module loaded on first use: a command loads
 * only its own modules (Deno loads a static import graph whole, and each
 * module costs start-up time), and only the general help loads them all.
 */
function commandSpec(name: CommandName): Promise<CommandSpec> {
  switch (name) {
    case "demo":
      return import("./demo.ts").then((m) => m.DEMO);
    case "run":
      return import("./run.ts").then((m) => m.RUN);
    case "env":
      return import("./env.ts").then((m) => m.ENV);
    case "verify":
      return import("./verify.ts").then((m) => m.VERIFY);
    case "metrics":
      return import("./metrics.ts").then((m) => m.METRICS);
    case "aggregate":
      return import("./aggregate.ts").then((m) => m.AGGREGATE);
    case "compare":
      return import("./compare.ts").then((m) => m.COMPARE);
    case "merge":
      return import("./merge.ts").then((m) => m.MERGE);
    case "suite":
      return import("./suite.ts").then((m) => m.SUITE);
    case "digest":
      return import("./digest.ts").then((m) => m.DIGEST);
    case "summary":
      return import("./summary.ts").then((m) => m.SUMMARY);
    case "report":
      return import("./report.ts").then((m) => m.REPORT);
    case "show":
      return import("./show.ts").then((m) => m.SHOW);
    default: {
      const unknown: never = name;
      throw new UsageError(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The version line: package version and the contract versions it implements.
 */
function versionText(): string {
  return `${PACKAGE} ${PACKAGE_VERSION} (schema ${SCHEMA_VERSION}, simulator ${SIMULATOR_VERSION}, observation ${OBSERVATION_VERSION}, metrics ${METRICS_VERSION}, statistics ${STATISTICS_VERSION})`;
}

/**
 * The general help text.
 */
async function helpText(): Promise<string> {
  const width = Math.max(...COMMAND_NAMES.map((n) => n.length));
  const specs = await Promise.all(COMMAND_NAMES.map(commandSpec));
  const commands = COMMAND_NAMES.map((n, i) =>
    `  ${n.padEnd(width)}  ${specs[i]!.summary}`
  );
  return `${versionText()}
EMBERBench evaluation core: run policies, verify results by replay, and
compute episode metrics, aggregate and paired statistics.

Usage: ${PROG} <command> [options] <inputs...>
       (in a checkout: deno run <permissions> mod.ts <command> ...)
With no command, runs the demo (which needs --allow-read=ember-demo
--allow-write=ember-demo).

Commands:
${commands.join("\n")}

Options of every command:
  -h, --help     the command's help: options, minimum permissions, examples
  -q, --quiet    no progress bars or notices on standard error
  --limits SPEC  raise or lower the implementation limits of the readers,
                 e.g. file-bytes=536870912,episodes=200000,depth=64,
                 string-length=4096 (defaults: 64 MiB, 100000, 512, 1 MiB)
  --version      print the version

JSON outputs are canonical JSON (contract 2), written atomically to --out FILE
or to standard output without a trailing newline. Progress bars go to
standard error, only on a terminal.

Exit codes: 0 success; 1 invalid input, failed verification, failing policy
or unreadable/unwritable file; 2 usage error; 130 run interrupted by Ctrl-C.`;
}

function commandHelp(spec: CommandSpec): string {
  return `Usage: ${PROG} ${spec.usage}\n\n${spec.summary}.\n\n${spec.help}`;
}

function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}

/**
 * Run the CLI on `args` (without the program name) and return the exit
 * code. Output goes to standard output and standard error; errors are
 * reported there, never thrown.
 *
 * @example
 * ```ts ignore
 * import { main } from "./main.ts";
 * Deno.exitCode = await main(["digest", "result.json"]);
 * ```
 */
export async function main(args: readonly string[]): Promise<number> {
  let command: CommandName | undefined;
  let spec: CommandSpec | undefined;
  try {
    const [first, ...rest] = args;
    if (first === "--help" || first === "-h" || first === "help") {
      await print(await helpText());
      return 0;
    }
    if (first === "--version" || first === "-V") {
      await print(versionText());
      return 0;
    }
    if (first === undefined) command = "demo";
    else if (isCommandName(first)) command = first;
    else {
      throw new UsageError(
        first.startsWith("-")
          ? `expected a command before ${JSON.stringify(first)}`
          : `unknown command ${JSON.stringify(first)}`,
      );
    }
    spec = await commandSpec(command);
    const parsed = parseCommandLine(rest, {
      ...COMMON_OPTIONS,
      ...spec.options,
    });
    if (parsed.values.help === true) {
      await print(commandHelp(spec));
      return 0;
    }
    const limits = parsed.values.limits;
    if (limits === undefined) return await spec.run(parsed);
    let previous;
    try {
      previous = setLimits(parseLimitsSpec(String(limits)));
    } catch (e) {
      throw new UsageError(`--limits: ${(e as Error).message}`);
    }
    try {
      return await spec.run(parsed);
    } finally {
      setLimits(previous);
    }
  } catch (e) {
    return report(e, command, spec);
  }
}

/**
 * The CLI as a process of its own: {@linkcode main} on `Deno.args` with
 * the ceiling on the resident set that docs/scale.md promises
 * (`collect.ts`), then exit with its code. `Deno.exit`, not
 * `Deno.exitCode`: a policy subprocess or a pending stdin read must not
 * keep the process alive after the command has finished.
 *
 * @example
 * ```ts ignore
 * import { runProcess } from "./main.ts";
 * if (import.meta.main) await runProcess();
 * ```
 */
export async function runProcess(): Promise<never> {
  residentCeiling(true);
  Deno.exit(await main(Deno.args));
}

function report(
  e: unknown,
  command: CommandName | undefined,
  spec: CommandSpec | undefined,
): number {
  if (e instanceof UsageError) {
    const usage = command === undefined
      ? `Usage: ${PROG} <command> [options] <inputs...>\nCommands: ${
        COMMAND_NAMES.join(", ")
      }`
      : `Usage: ${PROG} ${spec?.usage ?? command}`;
    const more = command === undefined ? "--help" : `${command} --help`;
    printError(`error: ${e.message}\n${usage}\nSee '${more}' for details.`);
    return EXIT_USAGE;
  }
  if (e instanceof EmberError || e instanceof RangeError) {
    printError(`error: ${e.message}`);
    return EXIT_INVALID;
  }
  if (e instanceof Deno.errors.BrokenPipe) return EXIT_INVALID;
  const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
  printError(`error: internal error (please report it): ${detail}`);
  return EXIT_INVALID;
}

async function print(text: string): Promise<void> {
  const bytes = new TextEncoder().encode(`${text}\n`);
  let offset = 0;
  while (offset < bytes.length) {
    offset += await Deno.stdout.write(bytes.subarray(offset));
  }
}

function printError(text: string): void {
  const bytes = new TextEncoder().encode(`${text}\n`);
  let offset = 0;
  while (offset < bytes.length) {
    offset += Deno.stderr.writeSync(bytes.subarray(offset));
  }
}
