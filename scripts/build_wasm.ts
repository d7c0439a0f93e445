/**
 * Builds everything under `wasm/` from its sources, or checks that the
 * committed files are what the sources give:
 *
 * - `assembly/keccak.ts` from `scripts/gen_keccak.ts`;
 * - `assembly/codes.ts` and `src/kernel_codes.ts`, the replay kernel's
 *   region ids and codes for the kernel and for its host, from the one table
 *   of `scripts/gen_kernel_codes.ts`;
 * - for each kernel (`bootstrap`, `replay`): `wasm/<name>.wasm` and
 *   `wasm/<name>.wat` from `assembly/<name>.ts` and what it imports, with the
 *   pinned AssemblyScript compiler and the flags below;
 * - `wasm/<name>_wasm.generated.ts`: the `.wasm` bytes in base64, so that
 *   importing the package reads no file;
 * - `wasm/bootstrap_worker.generated.ts`: the bootstrap worker bundled into
 *   one self-contained module (`deno bundle`), so that a `blob:` Worker needs
 *   no read permission.
 *
 * Each generated module names the SHA-256 of everything it came from.
 *
 *   deno run --allow-read --allow-write=assembly,wasm,src/kernel_codes.ts \
 *     --allow-run=deno --allow-env scripts/build_wasm.ts [--check]
 *
 * `--check` writes nothing and exits 1 when a committed file differs.
 *
 * @module
 */

import asc from "npm:assemblyscript@0.28.20/asc";
import { keccakSource } from "./gen_keccak.ts";
import { assemblyCodes, typeScriptCodes } from "./gen_kernel_codes.ts";

const COMPILER = "assemblyscript@0.28.20";
/**
 * `--runtime stub`: the kernel allocates nothing. `--noAssert`: no `assert`
 * is used; wasm bounds checks still trap on any stray access. `--use
 * abort=`: no host import at all, so instantiation needs no import object.
 */
const FLAGS = [
  "-O3",
  "--runtime",
  "stub",
  "--enable",
  "simd",
  "--noAssert",
  "--use",
  "abort=",
];

const root = new URL("../", import.meta.url);
const path = (p: string) => new URL(p, root);
const check = Deno.args.includes("--check");
const encoder = new TextEncoder();

async function sha256(bytes: Uint8Array | string): Promise<string> {
  const data = typeof bytes === "string" ? encoder.encode(bytes) : bytes;
  const d = await crypto.subtle.digest("SHA-256", data as BufferSource);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Hash of named inputs: SHA-256 of `name sha256(content)` lines, sorted. */
async function inputsHash(inputs: Map<string, Uint8Array | string>) {
  const lines: string[] = [];
  for (const [name, content] of inputs) {
    lines.push(`${name} ${await sha256(content)}`);
  }
  lines.sort();
  return { hash: await sha256(lines.join("\n") + "\n"), lines };
}

/** A kernel module: its entry file under `assembly/` and its names in `wasm/`. */
type Kernel = {
  /** `assembly/<name>.ts` → `wasm/<name>.wasm`, `.wat`, `_wasm.generated.ts`. */
  readonly name: string;
  /** Prefix of the generated constants, e.g. `BOOTSTRAP`. */
  readonly constant: string;
  /** Name of the generated function that compiles the module. */
  readonly compiled: string;
  /** What the generated module holds, for its header. */
  readonly title: string;
};

const KERNELS: readonly Kernel[] = [
  {
    name: "bootstrap",
    constant: "BOOTSTRAP",
    compiled: "bootstrapWasmModule",
    title: "The bootstrap kernel's WebAssembly bytes.",
  },
  {
    name: "replay",
    constant: "REPLAY",
    compiled: "replayWasmModule",
    title: "The replay kernel's WebAssembly bytes.",
  },
];

/**
 * Compile one kernel. Its sources are the `assembly/` files the compiler
 * read, so each module's hash names its own sources and no other's.
 */
async function compile(
  kernel: Kernel,
): Promise<{ wasm: Uint8Array; wat: string; sources: Map<string, string> }> {
  const out = new Map<string, Uint8Array | string>();
  const sources = new Map<string, string>();
  const errors: string[] = [];
  const { error } = await asc.main([
    `assembly/${kernel.name}.ts`,
    "--outFile",
    `${kernel.name}.wasm`,
    "--textFile",
    `${kernel.name}.wat`,
    ...FLAGS,
  ], {
    readFile: (name: string, dir: string) => {
      const rel = (dir && dir !== "." ? `${dir}/${name}` : name)
        .replace(/^\.\//, "");
      try {
        const text = Deno.readTextFileSync(path(rel));
        if (rel.startsWith("assembly/")) sources.set(rel, text);
        return text;
      } catch {
        return null;
      }
    },
    writeFile: (name: string, contents: Uint8Array | string) => {
      out.set(name, contents);
    },
    listFiles: () => [],
    stdout: { write: (s: string) => (errors.push(String(s)), true) },
    stderr: { write: (s: string) => (errors.push(String(s)), true) },
  });
  if (error) throw new Error(`asc failed: ${error}\n${errors.join("")}`);
  return {
    wasm: out.get(`${kernel.name}.wasm`) as Uint8Array,
    wat: out.get(`${kernel.name}.wat`) as string,
    sources: new Map([...sources].sort(([a], [b]) => a < b ? -1 : 1)),
  };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/** Wrap a long string literal in lines of 76 characters. */
function wrapped(text: string): string {
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 76) {
    lines.push(JSON.stringify(text.slice(i, i + 76)));
  }
  return lines.join(" +\n  ");
}

function header(what: string, lines: string[]): string {
  return `// GENERATED by scripts/build_wasm.ts: do not edit. ${what}
// Rebuild with: deno task build:wasm (CI checks that it is current).
// Inputs (sha256 of each; the hash below is the sha256 of these lines):
${lines.map((l) => `//   ${l}`).join("\n")}
`;
}

async function wasmModule(
  kernel: Kernel,
  wasm: Uint8Array,
  sources: Map<string, string>,
) {
  const { constant, title } = kernel;
  const inputs = new Map<string, Uint8Array | string>(sources);
  inputs.set("compiler", COMPILER);
  inputs.set("flags", FLAGS.join(" "));
  const { hash, lines } = await inputsHash(inputs);
  return `${header(title, lines)}
/** SHA-256 of the kernel's sources, compiler and flags. */
export const ${constant}_WASM_SOURCE_HASH =
  "${hash}";

/** SHA-256 of the \`.wasm\` bytes (equal to wasm/${kernel.name}.wasm). */
export const ${constant}_WASM_SHA256 =
  "${await sha256(wasm)}";

const BASE64 =
  ${wrapped(base64(wasm))};

let compiled: WebAssembly.Module | undefined;

/** The compiled kernel module, compiled synchronously once per thread. */
export function ${kernel.compiled}(): WebAssembly.Module {
  if (compiled === undefined) {
    const text = atob(BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled = new WebAssembly.Module(bytes);
  }
  return compiled;
}
`;
}

/** Local files and npm packages of the worker's module graph. */
async function workerGraph(entry: URL): Promise<Map<string, string>> {
  const out = await new Deno.Command("deno", {
    args: ["info", "--json", entry.href],
    cwd: root,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("deno info failed");
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; npmPackage?: string }[];
  };
  const inputs = new Map<string, string>();
  for (const m of info.modules) {
    if (m.npmPackage !== undefined) {
      // A pinned npm version names its content (deno.lock holds the hash).
      inputs.set(`npm:${m.npmPackage}`, "");
    } else if (m.specifier.startsWith(root.href)) {
      const rel = m.specifier.slice(root.href.length);
      inputs.set(rel, await Deno.readTextFile(new URL(m.specifier)));
    } else {
      throw new Error(`the worker imports ${m.specifier}: not bundleable here`);
    }
  }
  return inputs;
}

async function workerModule(): Promise<string> {
  const entry = path("src/bootstrap/worker.ts");
  const out = await new Deno.Command("deno", {
    args: [
      "bundle",
      "--quiet",
      "--platform",
      "deno",
      "--format",
      "esm",
      "--minify",
      entry.href,
    ],
    cwd: root,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("deno bundle failed");
  const bundle = new TextDecoder().decode(out.stdout);
  const inputs = await workerGraph(entry);
  inputs.set("deno", Deno.version.deno);
  const { hash, lines } = await inputsHash(inputs);
  return `${header("The bootstrap worker, bundled into one module.", lines)}
/** SHA-256 of the worker's module graph and the bundler's version. */
export const BOOTSTRAP_WORKER_SOURCE_HASH =
  "${hash}";

/** The worker's source: one ES module that imports nothing. */
export const BOOTSTRAP_WORKER_SOURCE: string =
  ${wrapped(bundle)};
`;
}

/** Whether the file `name` holds exactly `content`. */
async function same(
  name: string,
  content: Uint8Array | string,
): Promise<boolean> {
  const want = typeof content === "string" ? encoder.encode(content) : content;
  const have = await Deno.readFile(path(name)).catch(() => null);
  return have !== null && have.length === want.length &&
    have.every((b, i) => b === want[i]);
}

/**
 * Write `content` to `name` unless it is there already: an unchanged build
 * leaves every file (and its modification time) as it was.
 */
async function writeIfChanged(
  name: string,
  content: Uint8Array | string,
): Promise<void> {
  if (await same(name, content)) return;
  if (typeof content === "string") {
    await Deno.writeTextFile(path(name), content);
  } else await Deno.writeFile(path(name), content);
}

async function main(): Promise<number> {
  const targets = new Map<string, Uint8Array | string>();
  // The compiler reads the generated sources from disk, so they must be
  // current first.
  const generated: [string, string, string][] = [
    ["assembly/keccak.ts", keccakSource(), "scripts/gen_keccak.ts"],
    ["assembly/codes.ts", assemblyCodes(), "scripts/gen_kernel_codes.ts"],
    ["src/kernel_codes.ts", typeScriptCodes(), "scripts/gen_kernel_codes.ts"],
  ];
  let stale = 0;
  for (const [name, content, from] of generated) {
    targets.set(name, content);
    if (!check) await writeIfChanged(name, content);
    else if (!await same(name, content)) {
      console.error(`${name} differs from what ${from} generates`);
      stale++;
    }
  }
  if (stale > 0) return 1;
  for (const kernel of KERNELS) {
    const { wasm, wat, sources } = await compile(kernel);
    targets.set(`wasm/${kernel.name}.wasm`, wasm);
    targets.set(`wasm/${kernel.name}.wat`, wat);
    targets.set(
      `wasm/${kernel.name}_wasm.generated.ts`,
      await wasmModule(kernel, wasm, sources),
    );
  }
  if (!check) {
    for (const [name, content] of targets) await writeIfChanged(name, content);
  }
  // The worker bundles the (new) embedded bytes, so it comes last.
  const worker = "wasm/bootstrap_worker.generated.ts";
  targets.set(worker, await workerModule());
  if (!check) await writeIfChanged(worker, targets.get(worker)!);
  for (const [name, content] of check ? targets : []) {
    if (!await same(name, content)) {
      console.error(
        `${name} is not what its sources build: run deno task build:wasm`,
      );
      stale++;
    }
  }
  if (stale === 0) console.error(check ? "wasm/ is current" : "wasm/ rebuilt");
  return stale === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
