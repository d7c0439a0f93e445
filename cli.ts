/**
 * The command-line entry of `@ember/stats` in a checkout:
 * `deno run <permissions> cli.ts <command> [options] <inputs…>`
 * (the same as `mod.ts` run as a program). See `docs/cli.md`.
 *
 * @module
 */

import { runProcess } from "./src/cli/main.ts";

if (import.meta.main) await runProcess();
