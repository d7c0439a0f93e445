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
 * policy file's folder; data modules (JSON, text) named with
 * `--policy-allow-data`; `npm:`, `jsr:` (as `https://jsr.io/` modules) and
 * `node:` built-ins; `data:` modules. Refused: everything else, and any file
 * the command itself reads as input, even when named as data.
 *
 * @module
 */

import type { JsonValue } from "../../json/canonical.ts";
import { PolicyError } from "../../errors.ts";
import { documentKind } from "../../cli/document_kind.ts";

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
};

// Remote modules are fetched from JSR only, while checking and bundling
// (the default list would also fetch from esm.sh, deno.land, …).
const JSR_ONLY = "--allow-import=jsr.io:443";

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
    const kind = await emberKind(real);
    if (kind !== undefined) {
      fail(
        `--policy-allow-data ${file} is an EMBER ${kind}; a policy may not read EMBER documents (they hold seeds, records and fire spreads)`,
      );
    }
    data.add(real);
  }

  const info = await denoOutput(options.deno, [
    "info",
    "--json",
    "--no-config",
    "--no-lock",
    JSR_ONLY,
    root,
  ], path);
  let modules: GraphModule[];
  try {
    modules = (JSON.parse(info) as { modules: GraphModule[] }).modules;
  } catch {
    return fail(`deno info gave no module graph: ${info.slice(0, 200)}`);
  }
  const files: string[] = [];
  const checked = new Set<string>();
  for (const m of modules) {
    const name = m.local ?? m.specifier;
    const scheme = m.specifier.slice(0, m.specifier.indexOf(":") + 1);
    const jsr = m.specifier.startsWith("https://jsr.io/");
    if (scheme !== "file:" && !jsr && !PACKAGES.includes(scheme)) {
      fail(
        `imports ${m.specifier}: remote modules are refused (use npm: or jsr: packages, or a local file)`,
      );
    }
    if (m.error !== undefined) fail(`cannot load ${m.specifier}: ${m.error}`);
    if (jsr || PACKAGES.includes(scheme)) continue;
    if (m.local === undefined) fail(`cannot load ${m.specifier}`);
    const real = await realPath(name, path);
    if (inputs.has(real)) {
      fail(
        `imports ${name}, an input of this command (suite or result); a policy may not read it`,
      );
    }
    if (!CODE_TYPES.has(m.mediaType ?? "") || m.kind === "asserted") {
      if (!data.has(real)) {
        fail(
          `imports the data module ${name} (${m.mediaType}); allow it with --policy-allow-data=${name}`,
        );
      }
    } else if (!real.startsWith(folder.endsWith("/") ? folder : `${folder}/`)) {
      fail(
        `imports ${name} (real path ${real}), outside the policy's folder ${folder}`,
      );
    }
    files.push(relative(name));
    checked.add(real);
  }

  // The bundler folds constant expressions, so `import("../x" + ".json")`
  // (which the graph does not list) would be inlined: every source of the
  // bundle must be a checked file or a cached package file.
  const bundled = await denoOutput(options.deno, [
    "bundle",
    "--quiet",
    "--no-config",
    "--no-lock",
    JSR_ONLY,
    "--platform",
    "deno",
    "--format",
    "esm",
    "--sourcemap",
    "inline",
    root,
  ], path);
  const caches = await cacheFolders(options.deno, path);
  const { source, sources } = splitSourceMap(bundled, path);
  for (const s of sources) {
    const real = await realPathIfExists(s) ?? s;
    if (checked.has(real) || caches.some((c) => real.startsWith(`${c}/`))) {
      continue;
    }
    fail(
      `the bundle would include ${
        relative(real)
      }, which the module graph does not list (a computed import the bundler resolved); refused`,
    );
  }
  return { source, files: files.sort() };
}

/** The bundle without its inline source map, and the map's sources as paths. */
function splitSourceMap(
  text: string,
  label: string,
): { source: string; sources: string[] } {
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
  ) as { sources: string[] };
  const cwd = `${Deno.cwd().replaceAll("\\", "/")}/`;
  // jsr: modules (checked in the graph) may be named by their URL; any
  // other scheme is kept as it is and refused by the caller.
  const sources = map.sources.filter((s) => !s.startsWith("https://jsr.io/"))
    .map((s) =>
      s.startsWith("file://")
        ? decodeURIComponent(new URL(s).pathname)
        : /^[a-z][a-z0-9+.-]*:/i.test(s)
        ? s
        : decodeURIComponent(new URL(s, `file://${cwd}`).pathname)
    );
  return { source: text.slice(0, at), sources };
}

/** Deno's npm and remote module caches (where package files live). */
async function cacheFolders(deno: string, label: string): Promise<string[]> {
  const info = JSON.parse(
    await denoOutput(deno, ["info", "--json"], label),
  ) as Record<string, unknown>;
  return ["npmCache", "modulesCache"].flatMap((k) =>
    typeof info[k] === "string"
      ? [(info[k] as string).replaceAll("\\", "/")]
      : []
  );
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

async function denoOutput(
  deno: string,
  args: string[],
  label: string,
): Promise<string> {
  const out = await new Deno.Command(deno, {
    args,
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr).trim();
    throw new PolicyError(`deno ${args[0]} failed: ${err.slice(0, 2000)}`, {
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
