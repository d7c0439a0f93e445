/**
 * An external agent (`run --policy-exec -- CMD ARG…`): what its process
 * is started with. The agent is the user's own program, so nothing here
 * confines it but what bubblewrap (isolation.ts) does on Linux; this
 * file chooses its arguments, environment and view.
 *
 * @module
 */

import type { AgentLaunch } from "./process.ts";
import { PolicyError } from "../../errors.ts";

/**
 * Where a command is looked for when the CLI may not read `PATH`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PATH } from "./agent.ts";
 * assert.ok(DEFAULT_PATH.split(":").includes("/usr/bin"));
 * ```
 */
export const DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

/**
 * What every agent gets besides the granted names: no colours, UTF-8
 * text, and Python's output unbuffered and no `__pycache__` written
 * beside the user's scripts. `HOME` and `TMPDIR` (its working folder)
 * are set per process.
 */
const FIXED_ENV: Readonly<Record<string, string>> = {
  NO_COLOR: "1",
  LANG: "C.UTF-8",
  PYTHONUNBUFFERED: "1",
  PYTHONDONTWRITEBYTECODE: "1",
};

/**
 * The agent's environment: `PATH` (the CLI's when it may read it, else
 * a fixed one), the fixed variables and `granted` (the
 * `--policy-allow-env` values, and the proxy variables with the network).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentEnv } from "./agent.ts";
 * const env = await agentEnv({ KEY: "k" });
 * assert.ok(env.KEY === "k" && env.PATH !== undefined && env.HOME === undefined);
 * ```
 */
export async function agentEnv(
  granted: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const state = await Deno.permissions.query({ name: "env", variable: "PATH" });
  const path = state.state === "granted" ? Deno.env.get("PATH") : undefined;
  return { PATH: path ?? DEFAULT_PATH, ...FIXED_ENV, ...granted };
}

// An argument that may be a path: it has a folder part, or ends in a
// file extension (a letter first, so "0.5" and "gpt-4.1" are not).
const PATH_LIKE = /\/|\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The absolute form of `arg` when it names an existing file, else
 * undefined. A relative argument that may be a path but that the CLI
 * may not look at is refused: passed on relative, it would name nothing in the
 * agent's own empty working folder (python3 then exits with code 2).
 */
function existingFile(arg: string): string | undefined {
  if (arg.startsWith("-") || arg.includes("://")) return undefined;
  const absolute = arg.startsWith("/") ? arg : `${Deno.cwd()}/${arg}`;
  const state = Deno.permissions.querySync({ name: "read", path: absolute });
  if (state.state !== "granted") {
    // An absolute path means the same in the agent's folder.
    if (arg.startsWith("/") || !PATH_LIKE.test(arg)) return undefined;
    throw new PolicyError(
      `cannot tell whether the agent's argument ${
        JSON.stringify(arg)
      } names a file, as the CLI may not read it: add --allow-read=${arg} (the agent starts in an empty folder of its own, so the CLI passes the files its arguments name as absolute paths)`,
      { path: "--policy-exec" },
    );
  }
  try {
    return Deno.statSync(absolute).isFile ? absolute : undefined;
  } catch {
    return undefined;
  }
}

function folderOf(file: string): string {
  const cut = file.lastIndexOf("/");
  return cut <= 0 ? "/" : file.slice(0, cut);
}

/**
 * The agent's launch: `argv` with each argument that names an existing
 * file made absolute (the agent starts in an empty folder of its own, so
 * `python3 agent.py` still finds agent.py), and with bubblewrap its view:
 * the home folder and the results' folders hidden, the suite and result
 * files shown empty, the folders of the agent's files kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentLaunch } from "./agent.ts";
 * const launch = agentLaunch(["python3", "-c", "pass"], { inputs: [], net: false, isolated: false });
 * assert.deepEqual(launch.argv, ["python3", "-c", "pass"]);
 * ```
 */
export function agentLaunch(
  argv: readonly string[],
  options: {
    /** Files the command reads or writes (suite, results, transcript). */
    readonly inputs: readonly string[];
    /** Keep the host's network (bubblewrap only). */
    readonly net: boolean;
    /** Whether bubblewrap runs the agent. */
    readonly isolated: boolean;
    /** The home folder to hide, when known. */
    readonly home?: string;
  },
): AgentLaunch {
  const files = argv.map(existingFile);
  const resolved = argv.map((a, i) => files[i] ?? a);
  if (!options.isolated) return { argv: resolved, net: options.net };
  const keep = [
    ...new Set(
      files.filter((f): f is string => f !== undefined).map(folderOf),
    ),
  ].filter((d) => d !== "/");
  const absolute = (f: string) => f.startsWith("/") ? f : `${Deno.cwd()}/${f}`;
  // A results folder holding the agent's files stays, its files hidden.
  const hideFolders = [...new Set(options.inputs.map(absolute).map(folderOf))]
    .filter((d) =>
      d !== "/" && !keep.some((k) => k === d || k.startsWith(`${d}/`))
    );
  const hideFiles = options.inputs.map(absolute).filter((f) =>
    existingFile(f) !== undefined && !hideFolders.includes(folderOf(f))
  );
  return {
    argv: resolved,
    net: options.net,
    view: {
      hideFirst: homesToHide(options.home),
      keep,
      hideFolders,
      hideFiles,
    },
  };
}

/**
 * The home folders an isolated agent does not see: the user's, when the
 * CLI may read `HOME`, and always `/root` and `/home`, where homes live on
 * Linux (without `--allow-env=HOME` the user's own is not known, and its
 * keys and tokens must not show). Folders of the agent's own files are
 * bound back over them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { homesToHide } from "./agent.ts";
 * assert.deepEqual(homesToHide(undefined), ["/root", "/home"]);
 * assert.deepEqual(homesToHide("/home/me"), ["/root", "/home", "/home/me"]);
 * ```
 */
export function homesToHide(home: string | undefined): string[] {
  const all = ["/root", "/home"];
  // A home under one already hidden is hidden with it; tmpfs over both
  // would hide nothing more.
  if (home !== undefined && home !== "/" && !all.includes(home)) all.push(home);
  return all;
}

/**
 * Whether `command` can be found: a path with `/` must be a file, a name
 * a file in a folder of `path`; `undefined` when the CLI may not look.
 *
 * @example
 * ```ts ignore
 * import { commandExists } from "./agent.ts";
 * const found = commandExists("python3", "/usr/bin:/bin");
 * ```
 */
export function commandExists(
  command: string,
  path: string,
): boolean | undefined {
  const candidates = command.includes("/")
    ? [command]
    : path.split(":").filter((d) => d !== "").map((d) => `${d}/${command}`);
  try {
    return candidates.some((c) => {
      try {
        return Deno.statSync(c).isFile;
      } catch (e) {
        if (e instanceof Deno.errors.NotFound) return false;
        throw e;
      }
    });
  } catch {
    return undefined;
  }
}
