/**
 * What the fallback (no bubblewrap) refuses in the code that goes into a
 * bundle, from the scan of import_scan.ts: in the policy's own files, a
 * computed import or an attribute type not granted; in a package file
 * (`npm:`, `jsr:`), the same, and a literal import that leaves Deno's
 * package caches, since a package is the policy author's code too and the
 * graph check never sees inside it.
 *
 * @module
 */

import { type LiteralImport, scanImports } from "./import_scan.ts";

/**
 * Built-ins refused without bubblewrap: a `node:worker_threads` Worker is
 * started by Deno's internals, not by the `Worker` the prelude wraps, so it
 * would see the process's real ID, which only a PID namespace makes the
 * same in every episode.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fallbackRefusedBuiltin } from "./fallback_scan.ts";
 * assert.equal(fallbackRefusedBuiltin("node:worker_threads"), true);
 * assert.equal(fallbackRefusedBuiltin("worker_threads"), true);
 * assert.equal(fallbackRefusedBuiltin("node:fs"), false);
 * ```
 */
export function fallbackRefusedBuiltin(specifier: string): boolean {
  return /^(node:)?worker_threads$/.test(specifier);
}

/** Attribute types of data modules; any other type is refused. */
const DATA_TYPES = new Set(["json", "text", "bytes"]);

/**
 * One source of the bundle's source map: a path or a `jsr:` URL, and its
 * text when the map carries it.
 *
 * @example
 * ```ts
 * import type { MapSource } from "./fallback_scan.ts";
 * const s: MapSource = { name: "x.js", path: "/c/npm/x.js", content: "export {};" };
 * ```
 */
export type MapSource = {
  /** The name the map gives it. */
  readonly name: string;
  /** Its file path, for a file. */
  readonly path?: string;
  /** Its URL, for a `jsr:` module. */
  readonly url?: string;
  /** Its source text. */
  readonly content?: string;
};

/**
 * Why the fallback refuses the policy's own module `name` (as shown to
 * the user), or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { localRefusal } from "./fallback_scan.ts";
 * assert.equal(localRefusal("p.js", `import("./t.json", { with: { type: "json" } })`, true), undefined);
 * assert.match(localRefusal("p.js", `import("./" + x)`, true) ?? "", /p\.js:1: a computed import/);
 * ```
 */
export function localRefusal(
  name: string,
  text: string,
  dataGranted: boolean,
): string | undefined {
  const scan = scanImports(text);
  if (scan.refusal !== undefined) {
    return `${name}:${scan.refusal.line}: ${scan.refusal.reason}; refused (without the bubblewrap isolation a specifier must be one string literal)`;
  }
  for (const type of scan.types) {
    if (!DATA_TYPES.has(type)) {
      return `${name}: imports with { type: ${
        JSON.stringify(type)
      } }, a type a policy may not import; refused`;
    }
    if (!dataGranted) {
      return `${name}: imports with { type: ${
        JSON.stringify(type)
      } }, but no --policy-allow-data file is granted; refused`;
    }
  }
  return undefined;
}

/**
 * Why the fallback refuses a package file of the bundle, or undefined.
 * Its text comes from the source map (the CLI may not read Deno's cache);
 * a file without it is refused.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageRefusal } from "./fallback_scan.ts";
 * const caches = ["/c/npm"];
 * const ok = { name: "x.js", path: "/c/npm/x/1.0.0/x.js", content: `export * from "./y.js";` };
 * assert.equal(packageRefusal(ok, caches), undefined);
 * assert.match(packageRefusal({ ...ok, content: `require("/etc/" + f)` }, caches) ?? "", /computed import/);
 * ```
 */
export function packageRefusal(
  s: MapSource,
  caches: readonly string[],
): string | undefined {
  if (s.content === undefined) {
    return `the bundle includes ${s.name} without its source text; refused`;
  }
  const scan = scanImports(s.content);
  const where = (line: number) => `package file ${s.name}:${line}`;
  if (scan.refusal !== undefined) {
    return `${
      where(scan.refusal.line)
    }: ${scan.refusal.reason}; refused (with bubblewrap, --allow-run=deno,bwrap, a package may compute import paths)`;
  }
  for (const type of scan.types) {
    if (!DATA_TYPES.has(type)) {
      return `package file ${s.name}: imports with { type: ${
        JSON.stringify(type)
      } }; refused`;
    }
  }
  for (const lit of scan.literals) {
    if (fallbackRefusedBuiltin(lit.specifier)) {
      return `${where(lit.line)}: imports ${
        JSON.stringify(lit.specifier)
      }, refused without the bubblewrap isolation (its Workers would see the process's real ID)`;
    }
    if (!staysInCaches(lit, s, caches)) {
      return `${where(lit.line)}: imports ${
        JSON.stringify(lit.specifier)
      }, a file outside Deno's package caches; refused`;
    }
  }
  return undefined;
}

/** A package name or `npm:`/`node:`/`jsr:`, or a path that stays in the caches. */
function staysInCaches(
  lit: LiteralImport,
  s: MapSource,
  caches: readonly string[],
): boolean {
  const spec = lit.specifier;
  if (/^(npm|node|jsr):/.test(spec)) return true;
  const path = spec.startsWith(".") || spec.startsWith("/");
  if (!path && !/^[a-z][a-z0-9+.-]*:/i.test(spec)) return true;
  if (s.url !== undefined) {
    return new URL(spec, s.url).href.startsWith("https://jsr.io/");
  }
  if (s.path === undefined || !spec.startsWith(".")) return false;
  const target = decodeURIComponent(new URL(spec, `file://${s.path}`).pathname);
  return caches.some((c) => target.startsWith(`${c}/`));
}
