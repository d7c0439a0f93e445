/**
 * The layering of `src/` as a test: no import cycle between files (type
 * imports count), and no import against the order of layers that
 * docs/architecture.md states in its "Layers" paragraph.
 */

import assert from "node:assert/strict";
import { cycles, importGraph, specifiers, tsFiles } from "./_imports.ts";

const ROOT = new URL("../", import.meta.url);
const SRC = new URL("src/", ROOT);

/**
 * The layers, lowest first, from docs/architecture.md: the backticked names
 * of the paragraph that starts with "**Layers**" (`json/` is a folder,
 * `errors.ts` a file of `src/` itself).
 */
export function layers(doc: string): string[] {
  const start = doc.indexOf("\n**Layers**");
  assert.ok(start >= 0, 'docs/architecture.md has no "**Layers**" paragraph');
  const end = doc.indexOf("\n\n", start + 1);
  const paragraph = doc.slice(start, end < 0 ? undefined : end);
  return [...paragraph.matchAll(/`([\w.]+\/?)`/g)].map((m) => m[1]!);
}

/** The layer a `src/`-relative file belongs to. */
function unitOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? file : file.slice(0, slash + 1);
}

/** Imports that go up: from a lower layer to a higher one. */
export function upward(
  graph: Map<string, string[]>,
  order: readonly string[],
): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = order.indexOf(unitOf(file));
    for (const target of targets) {
      const to = order.indexOf(unitOf(target));
      if (to > from) {
        out.push(`${file} → ${target} (${order[from]} is below ${order[to]})`);
      }
    }
  }
  return out.sort();
}

Deno.test("layering: the scanner sees every import form, and only imports", () => {
  const source = [
    'import a from "./a.ts";',
    'import type { B } from "../b.ts";',
    'export { c } from "./c.ts";',
    'export type * from "./d.ts";',
    'import "./e.ts";',
    'const f = await import("./f.ts");',
    '// import x from "./comment.ts";',
    "const s = \"import y from './string.ts'\";",
    'const t = `export { z } from "./template.ts"`;',
    "export function g(from: string) { return from; }",
    'obj.import("./method.ts");',
  ].join("\n");
  assert.deepEqual(specifiers(source), [
    "./a.ts",
    "../b.ts",
    "./c.ts",
    "./d.ts",
    "./e.ts",
    "./f.ts",
  ]);
  const graph = new Map([
    ["a/x.ts", ["b/y.ts"]],
    ["b/y.ts", ["b/z.ts"]],
    ["b/z.ts", ["a/x.ts"]],
    ["c.ts", []],
  ]);
  assert.deepEqual(cycles(graph), [["a/x.ts", "b/y.ts", "b/z.ts"]]);
  assert.deepEqual(upward(graph, ["b/", "a/", "c.ts"]), [
    "b/z.ts → a/x.ts (b/ is below a/)",
  ]);
});

Deno.test("layering: src/ has no import cycle and no import against docs/architecture.md's layers", async () => {
  const graph = await importGraph(SRC);
  assert.deepEqual(cycles(graph), [], "file cycles in src/");
  const order = layers(
    await Deno.readTextFile(new URL("docs/architecture.md", ROOT)),
  );
  const units = new Set((await tsFiles(SRC)).map(unitOf));
  assert.deepEqual(
    [...units].filter((u) => !order.includes(u)).sort(),
    [],
    "parts of src/ that docs/architecture.md's layers do not name",
  );
  assert.deepEqual(
    order.filter((u) => !units.has(u)),
    [],
    "layers in docs/architecture.md that src/ does not have",
  );
  assert.deepEqual(upward(graph, order), [], "imports against the layers");
});

Deno.test("layering: the memory module (strings of their own) is called from the verifier only", async () => {
  const graph = await importGraph(SRC);
  const callers = [...graph].filter(([, targets]) =>
    targets.includes("verify/memory.ts")
  ).map(([file]) => file);
  assert.ok(callers.length > 0, "nothing imports src/verify/memory.ts");
  assert.deepEqual(
    callers.filter((file) => !file.startsWith("verify/")).sort(),
    [],
    "files outside src/verify/ that import src/verify/memory.ts",
  );
});
