/**
 * The command-line entry of `@ember/stats` in a checkout:
 * `deno run <permissions> cli.ts <command> [options] <inputs…>`
 * (the same as `mod.ts` run as a program). See `docs/cli.md`.
 *
 * @module
 */

import { main } from "./src/cli/main.ts";

if (import.meta.main) {
  // Deno.exit, not Deno.exitCode: a policy subprocess or a pending stdin
  // read must not keep the process alive after the command has finished.
  Deno.exit(await main(Deno.args));
}
