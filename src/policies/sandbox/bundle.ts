/**
 * The policy's module graph, checked and bundled before a run.
 *
 * A zero-permission Deno process still loads any local file that is
 * imported literally (JSON and text modules included), so the sandbox never
 * sees the policy's files: `deno info --json` lists the whole graph (literal
 * dynamic imports included), every module is checked against the rules
 * below, and `deno bundle` turns the checked graph into one JavaScript text
 * that the sandbox loads from a `blob:` URL, where every file import needs a
 * read permission the sandbox does not have.
 *
 * Allowed: TS/JS modules whose real path lies under the real path of the
 * policy file's folder; data modules (JSON, text, bytes) named with
 * `--policy-allow-data`; `npm:`, `jsr:` (as `https://jsr.io/` modules) and
 * `node:` built-ins; `data:` modules. Refused: everything else, and any file
 * the command itself reads as input, even when named as data.
 *
 * The bundler also folds constant expressions (`import("../x/" + "y")`) and
 * inlines files the graph never lists, so both steps run with a clean
 * environment (no variable of the CLI's reaches `/proc/self/environ`) and,
 * with bubblewrap (isolation.ts), in a mount namespace where `deno info`
 * sees the policy's folder, the granted data and Deno's module caches, and
 * `deno bundle` only the files the check accepted and those caches: a
 * computed import then finds nothing else. Without bubblewrap, every code
 * file that goes into the bundle is scanned (import_scan.ts) and a computed
 * import or an ungranted attribute type is refused.
 *
 * @module
 */

import type { JsonValue } from "../../json/canonical.ts";
import { PolicyError } from "../../errors.ts";
import { documentKind } from "../../document_kind.ts";
import { bundlerArgv, type BundlerView, type Isolation } from "./isolation.ts";
import { NETWORK_VARIABLES, networkEnv } from "./network_env.ts";
import {
  fallbackRefusedBuiltin,
  localRefusal,
  type MapSource,
  packageRefusal,
} from "./fallback_scan.ts";

/**
 * What {@linkcode bundlePolicy} needs.
 *
 * @example
 * ```ts
 * import type { BundleOptions } from "./bundle.ts";
 * const options: BundleOptions = { deno: "deno", allowData: ["table.json"], inputs: ["s.json"] };
 * ```
 */
export type BundleOptions = {
  /** The `deno` command to run (`deno info`, `deno bundle`). */
  readonly deno: string;
  /** Data files (JSON or text modules) the policy may import, as given. */
  readonly allowData?: readonly string[];
  /** Files the command reads as input (suite, result): never bundled. */
  readonly inputs?: readonly string[];
  /** Where the bundler runs (default: the fallback, with the static scan). */
  readonly isolation?: Isolation;
};

/**
 * A checked and bundled policy.
 *
 * @example
 * ```ts
 * import type { PolicyBundle } from "./bundle.ts";
 * const bundle: PolicyBundle = { source: "export default () => ({});", files: ["p.js"] };
 * ```
 */
export type PolicyBundle = {
  /** The bundle: one ES module whose default export is the policy. */
  readonly source: string;
  /** The local files that went into it, relative to the working directory. */
  readonly files: readonly string[];
};

type GraphModule = {
  readonly specifier: string;
  readonly kind?: string;
  readonly local?: string;
  readonly mediaType?: string;
  readonly error?: string;
  readonly dependencies?: readonly {
    readonly code?: { readonly specifier?: string };
    readonly assertionType?: string;
  }[];
};

// Remote modules are fetched from JSR only, while checking and bundling
// (the default list would also fetch from esm.sh, deno.land, …).
const JSR_ONLY = "--allow-import=jsr.io:443";

// `bytes` imports are behind this flag; without it they fail the graph,
// with it they are data modules like JSON and text.
const FLAGS = ["--no-config", "--no-lock", JSR_ONLY, "--unstable-raw-imports"];

const PACKAGES = ["npm:", "node:", "data:"];

const CODE_TYPES = new Set([
  "JavaScript",
  "Mjs",
  "Cjs",
  "JSX",
  "TypeScript",
  "Mts",
  "Cts",
  "TSX",
  "Dts",
  "Dmts",
  "Dcts",
]);

/**
 * Check the module graph of the policy file `path` and bundle it.
 *
 * @example
 * ```ts ignore
 * import { bundlePolicy } from "./bundle.ts";
 * const { source, files } = await bundlePolicy("./my_policy.ts", { deno: "deno" });
 * ```
 */
export async function bundlePolicy(
  path: string,
  options: BundleOptions,
): Promise<PolicyBundle> {
  const fail = (detail: string): never => {
    throw new PolicyError(detail, { file: path, path: "--policy" });
  };
  const root = await realPath(path, path);
  const folder = dirname(root);
  const inputs = new Set<string>();
  for (const input of options.inputs ?? []) {
    const real = await realPathIfExists(input);
    if (real !== undefined) inputs.add(real);
  }
  const data = new Set<string>();
  for (const file of options.allowData ?? []) {
    const real = await realPath(file, `--policy-allow-data ${file}`);
    if (inputs.has(real)) {
      fail(
        `--policy-allow-data ${file} is an input of this command (suite or result); a policy may not read it`,
      );
    }
    // A process's files (environ, cwd, mem) and devices are no data: the
    // bundler's own environment or an endless device would go in.
    if (/^\/(proc|sys|dev)(\/|$)/.test(real)) {
      fail(
        `--policy-allow-data ${file} is under /proc, /sys or /dev (real path ${real}); a policy may import only plain files`,
      );
    }
    const kind = await emberKind(real);
    if (kind !== undefined) {
      fail(
        `--policy-allow-data ${file} is an EMBER ${kind}; a policy may not read EMBER documents (they hold seeds, records and fire spreads)`,
      );
    }
    data.add(real);
  }

  const iso: Isolation = options.isolation ??
    { kind: "fallback", note: "" };
  const cache = await cacheFolders(options.deno, path);
  const cwd = Deno.cwd().replaceAll("\\", "/");
  // The steps that fetch (the graph check, esbuild's first fetch) get the
  // proxy and certificate variables the CLI may read; the step that reads
  // and inlines files gets none.
  const fetchEnv = await networkEnv();
  const step = (args: string[], view: Omit<BundlerView, "denoDir" | "cwd">) =>
    denoOutput(
      bundlerArgv(iso, options.deno, args, {
        ...view,
        denoDir: cache.denoDir,
        cwd,
      }),
      cache.denoDir,
      path,
      view.net === true ? fetchEnv : {},
    );

  // The graph check may fetch npm: and jsr: packages it lacks, so it may
  // write the module caches; it reads no file it would bundle.
  const info = await step(["info", "--json", ...FLAGS, root], {
    readOnly: [folder, ...data],
    caches: [cache.npm, cache.remote],
    writableCaches: true,
    net: true,
  });
  let modules: GraphModule[];
  try {
    modules = (JSON.parse(info) as { modules: GraphModule[] }).modules;
  } catch {
    return fail(`deno info gave no module graph: ${info.slice(0, 200)}`);
  }
  const files: string[] = [];
  const checked = new Set<string>();
  const locals: string[] = [];
  const code: [string, string][] = [];
  const types = new Map<string, string>();
  for (const m of modules) {
    for (const d of m.dependencies ?? []) {
      if (d.code?.specifier !== undefined && d.assertionType !== undefined) {
        types.set(d.code.specifier, d.assertionType);
      }
    }
  }
  for (const m of modules) {
    const name = m.local ?? m.specifier;
    const scheme = m.specifier.slice(0, m.specifier.indexOf(":") + 1);
    const jsr = m.specifier.startsWith("https://jsr.io/");
    if (scheme !== "file:" && !jsr && !PACKAGES.includes(scheme)) {
      fail(
        `imports ${m.specifier}: remote modules are refused (use npm: or jsr: packages, or a local file)`,
      );
    }
    if (m.error !== undefined) {
      await outsideFolder(m.specifier, folder, types.get(m.specifier), fail);
      fail(`cannot load ${m.specifier}: ${m.error}`);
    }
    if (iso.kind !== "bwrap" && fallbackRefusedBuiltin(m.specifier)) {
      fail(
        `imports ${m.specifier}, refused without the bubblewrap isolation: its Workers would see the process's real ID (docs/policies.md)`,
      );
    }
    if (jsr || PACKAGES.includes(scheme)) continue;
    if (m.local === undefined) fail(`cannot load ${m.specifier}`);
    const real = await realPath(name, path);
    if (inputs.has(real)) {
      fail(
        `imports ${name}, an input of this command (suite or result); a policy may not read it`,
      );
    }
    const isCode = CODE_TYPES.has(m.mediaType ?? "") &&
      m.kind !== "asserted" && m.kind !== "external";
    if (!isCode) {
      if (!data.has(real)) {
        fail(
          `imports the data module ${name} (${
            m.mediaType ?? "bytes or text"
          }); allow it with --policy-allow-data=${relative(name)}`,
        );
      }
    } else if (!real.startsWith(folder.endsWith("/") ? folder : `${folder}/`)) {
      fail(
        `imports ${name} (real path ${real}), outside the policy's folder ${folder}`,
      );
    } else {
      code.push([name, real]);
    }
    files.push(relative(name));
    checked.add(real);
    locals.push(name);
  }
  // After the graph check, whose messages name the data a policy may be
  // granted.
  if (iso.kind !== "bwrap") {
    for (const [name, real] of code) {
      const text = await Deno.readTextFile(real);
      const refusal = localRefusal(relative(name), text, data.size > 0);
      if (refusal !== undefined) fail(refusal);
    }
  }

  // In the namespace the bundler sees the accepted files only, so a
  // computed import resolves to nothing else: Deno says "not found".
  // The step that reads and inlines files has no network (nothing to
  // fetch: the graph check fetched the packages), so that it sees no file
  // but the view. The first bundle on a machine fetches esbuild into the
  // cache: that is done apart, on an empty module that sees no policy file.
  const bundleArgs = (entry: string) => [
    "bundle",
    "--quiet",
    ...FLAGS,
    "--platform",
    "deno",
    "--format",
    "esm",
    "--sourcemap",
    "inline",
    entry,
  ];
  const bundleView = {
    readOnly: locals,
    caches: [cache.npm, cache.remote, cache.dl],
    writableCaches: false,
  };
  let bundled: string;
  try {
    bundled = await step(bundleArgs(root), bundleView);
  } catch (e) {
    if (!(e instanceof PolicyError) || !/esbuild/.test(e.message)) throw e;
    // An empty module, and Deno's folder (where esbuild goes) writable.
    await step(bundleArgs("data:text/javascript,export%20%7B%7D%3B"), {
      readOnly: [],
      caches: [cache.denoDir],
      writableCaches: true,
      net: true,
    });
    bundled = await step(bundleArgs(root), bundleView);
  }
  const { source, sources } = splitSourceMap(bundled, path);
  const caches = [cache.npm, cache.remote];
  for (const s of sources) {
    const real = s.path === undefined
      ? undefined
      : await realPathIfExists(s.path) ?? s.path;
    if (real !== undefined && checked.has(real)) continue;
    const inCache = s.url !== undefined ||
      caches.some((c) => real?.startsWith(`${c}/`));
    if (!inCache) {
      // A second layer: the map names every code file that went in.
      fail(
        `the bundle would include ${
          relative(real ?? s.name)
        }, which the module graph does not list (a computed import the bundler resolved); refused`,
      );
    }
    const refusal = iso.kind === "bwrap"
      ? undefined
      : packageRefusal(s, caches);
    if (refusal !== undefined) fail(refusal);
  }
  return { source, files: files.sort() };
}

/**
 * In the namespace a symlink out of the policy's folder dangles, so the
 * graph says only "not found": say what the fallback says.
 */
async function outsideFolder(
  specifier: string,
  folder: string,
  type: string | undefined,
  fail: (detail: string) => never,
): Promise<void> {
  if (!specifier.startsWith("file://")) return;
  const name = decodeURIComponent(new URL(specifier).pathname);
  const real = await realPathIfExists(name);
  if (real !== undefined && type !== undefined) {
    fail(
      `imports the data module ${name} (${
        type === "json" ? "Json" : type
      }); allow it with --policy-allow-data=${relative(name)}`,
    );
  }
  if (real !== undefined && !real.startsWith(`${folder}/`)) {
    fail(
      `imports ${name} (real path ${real}), outside the policy's folder ${folder}`,
    );
  }
}

/** The bundle without its inline source map, and the map's sources. */
function splitSourceMap(
  text: string,
  label: string,
): { source: string; sources: MapSource[] } {
  const marker = "//# sourceMappingURL=data:application/json;base64,";
  const at = text.lastIndexOf(marker);
  if (at < 0) {
    throw new PolicyError("deno bundle gave no source map", { file: label });
  }
  const map = JSON.parse(
    new TextDecoder().decode(
      Uint8Array.from(
        atob(text.slice(at + marker.length).trim()),
        (c) => c.charCodeAt(0),
      ),
    ),
  ) as { sources: string[]; sourcesContent?: (string | null)[] };
  const cwd = `${Deno.cwd().replaceAll("\\", "/")}/`;
  const sources = map.sources.map((name, i): MapSource => {
    const content = map.sourcesContent?.[i] ?? undefined;
    const withText = content === undefined ? {} : { content };
    // jsr: modules (checked in the graph) are named by their URL; any
    // other scheme is kept as it is and refused by the caller.
    if (name.startsWith("https://jsr.io/")) {
      return { name, url: name, ...withText };
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(name) && !name.startsWith("file://")) {
      return { name, ...withText };
    }
    const path = decodeURIComponent(
      name.startsWith("file://")
        ? new URL(name).pathname
        : new URL(name, `file://${cwd}`).pathname,
    );
    return { name, path, ...withText };
  });
  return { source: text.slice(0, at), sources };
}

/**
 * Deno's folder and module caches, resolved once by `deno info --json`
 * with the CLI's environment (it reads no module), so that the checking
 * steps can run with `DENO_DIR` and nothing else of it.
 */
async function cacheFolders(deno: string, label: string): Promise<{
  denoDir: string;
  npm: string;
  remote: string;
  dl: string;
}> {
  const out = await new Deno.Command(deno, {
    args: ["info", "--json"],
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  let info: Record<string, unknown> = {};
  try {
    info = JSON.parse(new TextDecoder().decode(out.stdout));
  } catch {
    // reported below
  }
  const get = (k: string) =>
    typeof info[k] === "string"
      ? (info[k] as string).replaceAll("\\", "/")
      : undefined;
  const denoDir = get("denoDir");
  if (!out.success || denoDir === undefined) {
    throw new PolicyError(
      `deno info --json gave no Deno folder: ${
        new TextDecoder().decode(out.stderr).trim().slice(0, 200)
      }`,
      { file: label, path: "--policy" },
    );
  }
  return {
    denoDir,
    npm: get("npmCache") ?? `${denoDir}/npm`,
    remote: get("modulesCache") ?? `${denoDir}/remote`,
    // Where deno keeps the esbuild binary that `deno bundle` runs.
    dl: `${denoDir}/dl`,
  };
}

/** The EMBER document kind of a JSON file, if it is one. */
async function emberKind(path: string): Promise<string | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(await Deno.readTextFile(path));
  } catch {
    return undefined; // not JSON: a text module
  }
  return documentKind(value as JsonValue);
}

/** How long one checking or bundling step may take. */
const BUNDLE_TIMEOUT_MS = 300_000;

// Exactly what deno needs: no variable of the CLI's (API keys) may reach
// the bundler, where `/proc/self/environ` would show it.
async function denoOutput(
  argv: { command: string; args: string[] },
  denoDir: string,
  label: string,
  network: Readonly<Record<string, string>>,
): Promise<string> {
  const step = argv.args.find((a) => a === "info" || a === "bundle");
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(argv.command, {
      args: argv.args,
      clearEnv: true,
      env: {
        ...network,
        NO_COLOR: "1",
        DENO_NO_UPDATE_CHECK: "1",
        DENO_DIR: denoDir,
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(BUNDLE_TIMEOUT_MS),
    }).output();
  } catch (e) {
    if (!(e instanceof DOMException) || e.name !== "TimeoutError") throw e;
    throw new PolicyError(
      `deno ${step} did not finish within ${
        BUNDLE_TIMEOUT_MS / 1000
      } s (a computed import of an endless file, or a package fetch that hangs); refused`,
      { file: label, path: "--policy" },
    );
  }
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr).trim();
    const missing = /Import '([^']*)' failed, not found/.exec(err);
    if (step === "bundle" && missing !== null) {
      throw new PolicyError(
        `a computed import (one the module graph does not list) reached ${
          missing[1]
        }, a file the policy may not read; refused`,
        { file: label, path: "--policy" },
      );
    }
    const fetching =
      /error sending request|certificate|dns error|Failed loading https:/i
        .test(err);
    const hint = fetching
      ? ` (if this machine reaches registries through a proxy or a TLS-inspecting gateway, let the CLI pass its settings on: --allow-env=${
        NETWORK_VARIABLES.join(",")
      }, only the set ones are passed)`
      : "";
    throw new PolicyError(`deno ${step} failed: ${err.slice(0, 2000)}${hint}`, {
      file: label,
      path: "--policy",
    });
  }
  return text;
}

async function realPath(path: string, label: string): Promise<string> {
  try {
    return (await Deno.realPath(path)).replaceAll("\\", "/");
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new PolicyError("file not found", { file: label });
    }
    if (e instanceof Deno.errors.NotCapable) {
      throw new PolicyError(
        `the CLI reads the policy's files to check them; run it with --allow-read=${
          dirname(path) || "."
        }`,
        { file: label, path: "--policy" },
      );
    }
    throw e;
  }
}

async function realPathIfExists(path: string): Promise<string | undefined> {
  try {
    return (await Deno.realPath(path)).replaceAll("\\", "/");
  } catch {
    return undefined;
  }
}

function dirname(path: string): string {
  const p = path.replaceAll("\\", "/");
  const i = p.lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : p.slice(0, i);
}

function relative(path: string): string {
  const cwd = `${Deno.cwd().replaceAll("\\", "/")}/`;
  const p = path.replaceAll("\\", "/");
  return p.startsWith(cwd) ? p.slice(cwd.length) : p;
}
