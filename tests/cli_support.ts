/**
 * Helpers of the CLI tests: run `cli.ts` as a subprocess with exactly the
 * given permission flags (and `--no-prompt`, so a missing permission fails
 * instead of prompting), in a temporary folder under `tests/.tmp`, and small
 * hand-written inputs.
 *
 * @module
 */

const ROOT = new URL("../", import.meta.url);
/** Absolute path of `cli.ts`. */
export const CLI = new URL("cli.ts", ROOT).pathname;
const TMP = new URL("tests/.tmp/", ROOT).pathname;

/** What a CLI run gave. */
export type CliRun = {
  readonly code: number;
  readonly stdout: Uint8Array;
  readonly out: string;
  readonly err: string;
};

/**
 * Run `deno run --no-prompt <flags> cli.ts <args>` in `cwd`. The test
 * process has `--allow-run=deno`, so Deno is started by name.
 */
export async function cli(
  cwd: string,
  flags: readonly string[],
  args: readonly string[],
  options: { stdin?: Uint8Array; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const child = new Deno.Command("deno", {
    args: ["run", "--no-prompt", ...flags, CLI, ...args],
    cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(options.stdin);
    await w.close();
  }
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return {
    code,
    stdout,
    out: decoder.decode(stdout),
    err: decoder.decode(stderr),
  };
}

/**
 * The bytes that `run --policy greedy --model-id MODEL` writes, run in
 * `dir` with `flags` on the suite `suite` (a path; the public suite when
 * absent): what an external agent or `env` that plays greedy must match.
 */
export async function builtinGreedyBytes(
  dir: string,
  flags: readonly string[],
  model: string,
  suite?: string,
): Promise<Uint8Array> {
  const out = `${dir}/builtin_greedy.json`;
  const r = await cli(dir, flags, [
    "run",
    "--quiet",
    "--policy",
    "greedy",
    "--model-id",
    model,
    ...(suite === undefined ? [] : ["--suite", suite]),
    "--out",
    out,
  ]);
  if (r.code !== 0) {
    throw new Error(`built-in greedy: exit ${r.code}\n${r.err}`);
  }
  return await Deno.readFile(out);
}

/** Run `fn` in a fresh folder under `tests/.tmp`, removed afterwards. */
export async function inTempDir(
  fn: (dir: string) => Promise<void>,
): Promise<void> {
  await Deno.mkdir(TMP, { recursive: true });
  const dir = await Deno.makeTempDir({ dir: TMP, prefix: "cli_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Write a text file under `dir`. */
export async function put(
  dir: string,
  name: string,
  text: string,
): Promise<void> {
  await Deno.writeTextFile(`${dir}/${name}`, text);
}

/** Whether `dir/name` exists. */
export async function exists(dir: string, name: string): Promise<boolean> {
  try {
    await Deno.lstat(`${dir}/${name}`);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** The names in a folder, sorted. */
export async function listDir(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  return names.sort();
}

/** Lower-case hex SHA-256 of bytes, straight from Web Crypto. */
export async function sha256(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(
    await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
  );
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A small scenario (schema 1.0), written by hand:
 *
 * ```
 * row 0  #####
 * row 1  E...#     E = exit "w" at [1, 0]; p1 at [1, 3]
 * row 2  #...#     p2 at [2, 2]; fire at [2, 3] when `fire`
 * row 3  #####
 * ```
 */
export function scenarioText(id: string, fire: boolean): string {
  return `{
  "schema_version": "1.0", "scenario_id": "${id}", "description": "hand-made",
  "grid": ["#####", "....#", "#...#", "#####"],
  "exits": [{"exit_id": "w", "position": [1, 0]}],
  "people": [{"person_id": "p1", "position": [1, 3]}, {"person_id": "p2", "position": [2, 2]}],
  "fire": {"ignitions": ${
    fire ? "[[2, 3]]" : "[]"
  }, "spread_probability": [1, 3], "enter_fire": "casualty"},
  "termination": {"max_steps": 12}
}`;
}

/**
 * A suite of the two hand-made scenarios, `seeds` seeds each (from 0), in
 * one family. With 5 seeds each group has n >= 5, so intervals exist.
 */
export function suiteText(
  seeds = 5,
  scenarios: readonly string[] = ["hot", "cold"],
): string {
  const list = Array.from({ length: seeds }, (_, i) => i).join(", ");
  const entries = scenarios.map((id, i) =>
    `{"scenario": ${scenarioText(id, i === 0)}, "seeds": [${list}]}`
  );
  return `{
  "suite_id": "cli-test", "suite_version": "1",
  "families": [{"family_id": "all", "description": "", "scenarios": [${
    scenarios.map((s) => `"${s}"`).join(", ")
  }]}],
  "scenarios": [${entries.join(",\n")}]
}`;
}

/**
 * The CLI started in the background with `flags` and `args` in `cwd`, for
 * tests that stop it midway; standard error is piped unless `stderr` says
 * otherwise, standard output is not kept.
 */
export function spawnCli(
  cwd: string,
  flags: readonly string[],
  args: readonly string[],
  stderr: "piped" | "null" = "piped",
): Deno.ChildProcess {
  return new Deno.Command("deno", {
    args: ["run", "--no-prompt", ...flags, CLI, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr,
  }).spawn();
}

/** Wait until `dir/name` exists, looking every `everyMs` ms. */
export async function untilExists(
  dir: string,
  name: string,
  everyMs = 20,
): Promise<void> {
  while (!(await exists(dir, name))) {
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * An expression, for a policy file's text, that answers `direction` for
 * every active person of the observation `obs`.
 */
export function everyone(direction: string): string {
  return `Object.fromEntries(obs.people.map((p) => [p.person_id, "${direction}"]))`;
}

/**
 * `run --suite SUITE --policy POLICY --model-id m EXTRA…` through the CLI
 * with `flags`, in `dir`.
 */
export function runPolicy(
  dir: string,
  flags: readonly string[],
  policy: string,
  extra: readonly string[] = [],
  options: { suite?: string; env?: Record<string, string> } = {},
) {
  return cli(dir, [...flags], [
    "run",
    "--suite",
    options.suite ?? "s.json",
    "--policy",
    policy,
    "--model-id",
    "m",
    ...extra,
  ], options.env === undefined ? {} : { env: options.env });
}

/** A user policy module: every active person walks west (toward the exit). */
export const WEST_POLICY = `
export default function (observation) {
  const actions = {};
  for (const p of observation.people) actions[p.person_id] = "west";
  return actions;
}
`;
