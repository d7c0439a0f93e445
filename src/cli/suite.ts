/**
 * `suite`: list a suite (the public one by default), print it as canonical
 * JSON (`--json`), or validate a suite file (`--check FILE`).
 *
 * @module
 */

import { encodeBytes } from "../json/canonical.ts";
import { buildManifest, manifestHash, suiteHash } from "../scenario/suite.ts";
import type { Suite } from "../types.ts";
import { expectPositionals, flag, stringOption, UsageError } from "./args.ts";
import { type CommandSpec, loadSuite } from "./command.ts";
import { checkWritable, emitBytes, printLine } from "./io.ts";
import { table } from "../report/plain_table.ts";

/**
 * The `suite` command.
 *
 * @example
 * ```ts ignore
 * import { SUITE } from "./suite.ts";
 * const code = await SUITE.run({ values: { json: true }, positionals: [] });
 * ```
 */
export const SUITE: CommandSpec = {
  summary:
    "list the public suite, print a suite as canonical JSON, or check a suite file",
  usage: "suite [--suite FILE] [--json [--out FILE]] | suite --check FILE",
  options: {
    suite: { type: "string" },
    json: { type: "boolean" },
    check: { type: "string" },
    out: { type: "string", short: "o" },
  },
  help:
    `Without options, list the public suite: its ID, version, suite hash, the
hash of the evaluation manifest it schedules, its families and scenarios.

Options:
  --suite FILE   the suite to list or print (default: the embedded public suite)
  --json         print the suite as canonical JSON (no trailing newline)
  --out FILE     with --json: write it to FILE atomically
  --check FILE   validate FILE as a suite; exit 0 and a one-line report
                 when valid, exit 1 naming the field when not
  -q, --quiet    no notices on standard error
  -h, --help     this help

Permissions: none for the public suite; --allow-read=FILE for --suite or
--check; --allow-read=DIR --allow-write=DIR for --out DIR/NAME.

Examples:
  deno run jsr:@ember/stats suite
  deno run jsr:@ember/stats suite --json > public.json
  deno run --allow-read=my_suite.json jsr:@ember/stats suite --check my_suite.json`,
  async run(args) {
    expectPositionals(args.positionals, []);
    const check = stringOption(args.values, "check");
    const file = stringOption(args.values, "suite");
    const json = flag(args.values, "json");
    const out = stringOption(args.values, "out");
    if (
      check !== undefined && (file !== undefined || json || out !== undefined)
    ) {
      throw new UsageError("--check takes no other option");
    }
    if (out !== undefined && !json) {
      throw new UsageError("--out needs --json (the listing is printed)");
    }
    if (out !== undefined) await checkWritable(out);
    if (check !== undefined) {
      const suite = await loadSuite(check);
      await printLine(`ok: ${check}: ${await describeSuite(suite)}`);
      return 0;
    }
    const suite = await loadSuite(file);
    if (json) {
      await emitBytes(encodeBytes(suite), out);
      return 0;
    }
    await printLine(await listSuite(suite));
    return 0;
  },
};

async function describeSuite(suite: Suite): Promise<string> {
  const episodes = suite.scenarios.reduce((n, s) => n + s.seeds.length, 0);
  return `suite ${suite.suite_id} ${suite.suite_version}, ${suite.scenarios.length} scenarios, ${suite.families.length} families, ${episodes} episodes, suite hash ${await suiteHash(
    suite,
  )}`;
}

/**
 * The human-readable listing of a suite.
 *
 * @example
 * ```ts ignore
 * import { listSuite } from "./suite.ts";
 * import { publicSuite } from "../scenario/public_suite.ts";
 * console.log(await listSuite(publicSuite()));
 * ```
 */
export async function listSuite(suite: Suite): Promise<string> {
  const manifest = await buildManifest(suite);
  const lines = [
    `suite ${suite.suite_id} ${suite.suite_version}`,
    `suite hash     ${await suiteHash(suite)}`,
    `manifest hash  ${await manifestHash(manifest)}`,
    `${suite.scenarios.length} scenarios, ${manifest.episodes.length} episodes`,
    "",
    "families:",
  ];
  for (const f of suite.families) {
    lines.push(`  ${f.family_id}: ${f.scenarios.join(", ") || "(empty)"}`);
    if (f.description !== "") lines.push(`      ${f.description}`);
  }
  lines.push("", "scenarios:");
  const rows = [[
    "scenario",
    "grid",
    "people",
    "exits",
    "ignitions",
    "spread",
    "enter_fire",
    "max_steps",
    "seeds",
  ]];
  for (const { scenario: s, seeds } of suite.scenarios) {
    rows.push([
      s.scenario_id,
      `${s.grid.length}x${s.grid[0]?.length ?? 0}`,
      String(s.people.length),
      String(s.exits.length),
      String(s.fire.ignitions.length),
      `${s.fire.spread_probability[0]}/${s.fire.spread_probability[1]}`,
      s.fire.enter_fire,
      String(s.termination.max_steps),
      String(seeds.length),
    ]);
  }
  lines.push(...table(rows).map((l) => `  ${l}`));
  return lines.join("\n");
}
