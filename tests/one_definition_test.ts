/**
 * One definition of each small helper in src/: `isObject`, the SHA-256
 * helper, the sliced hasher, `decodeStrict`, `ID_RE` and `MAX_ITEMS` are
 * each declared in one file at most, and one file imports `createHash` (so
 * that every SHA-256 goes through the helper). Declarations and imports are
 * read by Deno's own parser (`deno doc --json --private`, the top-level
 * declarations of each module, exported or not), so that a comment or a
 * string naming a helper does not count; a folder with a planted duplicate
 * (and a comment and a string naming another) shows the check finds it.
 */

import assert from "node:assert/strict";
import { inTempDir, put } from "./cli_support.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/**
 * A helper, whether a declaration's name is one of it, and whether src/
 * must hold one (the sliced hasher is the SHA-256 helper's `update`, no
 * declaration of its own: another would need `createHash`).
 */
const RULES: readonly {
  what: string;
  is: (name: string) => boolean;
  present?: false;
}[] = [
  { what: "isObject", is: (name) => name === "isObject" },
  {
    what: "a SHA-256 helper",
    is: (name) => /sha256|digestSync/i.test(name),
  },
  {
    what: "a sliced hasher",
    is: (name) =>
      ["hashText", "inSlices", "hashSliced"].includes(name) ||
      (/hash/i.test(name) && /slice/i.test(name)),
    present: false,
  },
  { what: "decodeStrict", is: (name) => name === "decodeStrict" },
  { what: "ID_RE", is: (name) => name === "ID_RE" },
  { what: "MAX_ITEMS", is: (name) => name === "MAX_ITEMS" },
];

type Module = {
  readonly names: readonly string[];
  readonly imports: readonly { readonly name: string; readonly src: string }[];
};

/** The `.ts` files under `dir`, as paths. */
async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await sources(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** Each file's top-level declarations and imports, by Deno's parser. */
async function modules(files: readonly string[]): Promise<Map<string, Module>> {
  const run = await new Deno.Command("deno", {
    args: ["doc", "--json", "--private", "--no-lock", ...files],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(run.success, new TextDecoder().decode(run.stderr));
  const doc = JSON.parse(new TextDecoder().decode(run.stdout)) as {
    nodes: Record<string, {
      symbols?: { name: string }[];
      imports?: { importedName: string; src: string }[];
    }>;
  };
  const out = new Map<string, Module>();
  for (const [url, node] of Object.entries(doc.nodes)) {
    out.set(new URL(url).pathname, {
      names: (node.symbols ?? []).map((s) => s.name),
      imports: (node.imports ?? []).map((i) => ({
        name: i.importedName,
        src: i.src,
      })),
    });
  }
  return out;
}

/** What is defined in more than one file, with the files. */
function duplicates(mods: ReadonlyMap<string, Module>): string[] {
  const found: string[] = [];
  const where = (has: (m: Module) => boolean) =>
    [...mods].filter(([, m]) => has(m)).map(([file]) =>
      file.slice(ROOT.length)
    );
  for (const rule of RULES) {
    const files = where((m) => m.names.some(rule.is));
    if (files.length > 1) found.push(`${rule.what}: ${files.join(", ")}`);
  }
  const hashing = where((m) =>
    m.imports.some((i) => i.name === "createHash" && i.src === "node:crypto")
  );
  if (hashing.length > 1) {
    found.push(`createHash imported: ${hashing.join(", ")}`);
  }
  return found;
}

Deno.test("one definition: each small helper of src/ is declared in one file", async () => {
  const files = await sources(`${ROOT}src`);
  const mods = await modules(files);
  assert.equal(mods.size, files.length);
  assert.deepEqual(duplicates(mods), []);
  // Each helper exists (a rule that matches nothing checks nothing).
  for (const rule of RULES.filter((r) => r.present !== false)) {
    assert.ok(
      [...mods.values()].some((m) => m.names.some(rule.is)),
      rule.what,
    );
  }
});

Deno.test("one definition: a planted duplicate is found, a comment or a string is not", async () => {
  await inTempDir(async (dir) => {
    await put(
      dir,
      "a.ts",
      "export function isObject(v: unknown): boolean {\n  return v !== null;\n}\nexport const MAX_ITEMS = 1;\n",
    );
    await put(
      dir,
      "b.ts",
      [
        "// function isObject(v) and const MAX_ITEMS = 2, in a comment",
        'export const text = "function decodeStrict() {} const ID_RE = 1";',
        "const isObject = (v: unknown) => v !== undefined;",
        "export const used = isObject(text);",
        "",
      ].join("\n"),
    );
    await put(
      dir,
      "c.ts",
      "/** `function decodeStrict` */\nexport const ID = 1;\n",
    );
    const mods = await modules(await sources(dir));
    assert.deepEqual(duplicates(mods), [
      `isObject: ${dir.slice(ROOT.length)}/a.ts, ${
        dir.slice(ROOT.length)
      }/b.ts`,
    ]);
  });
});
