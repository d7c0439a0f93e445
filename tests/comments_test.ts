/**
 * Comments stay current: no "issue N" in `src/` or `assembly/` (history
 * belongs in docs/decisions.md), every `.ts` path a comment names exists,
 * and no function carries two JSDoc blocks.
 */

import assert from "node:assert/strict";
import { tsFiles } from "./_imports.ts";

const ROOT = new URL("../", import.meta.url);
const FOLDERS = ["src/", "assembly/"];

/** The comments of a TypeScript source, with the line each starts on. */
export function comments(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lineAt = (i: number) => source.slice(0, i).split("\n").length;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      out.push({
        line: lineAt(i),
        text: source.slice(i, end < 0 ? undefined : end),
      });
      i = end < 0 ? source.length : end;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      out.push({
        line: lineAt(i),
        text: source.slice(i, end < 0 ? undefined : end + 2),
      });
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      // Strings and templates (their expressions hold no comments here).
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\") j++;
        j++;
      }
      i = j + 1;
    } else if (
      c === "/" &&
      /[=(,:[!&|?{};]\s*$/.test(source.slice(Math.max(0, i - 20), i))
    ) {
      // A regular expression literal: skip to its closing slash.
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n") {
        const d = source[j]!;
        if (d === "\\") j++;
        else if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
        j++;
      }
      i = j + 1;
    } else i++;
  }
  return out;
}

/** The `.ts` paths a comment names. */
export function namedPaths(text: string): string[] {
  // A path in double quotes is data of an example (a user's file), not a
  // reference to this repository.
  const comment = text.replace(/"[^"\n]*"/g, '""');
  return [
    ...comment.matchAll(
      /(?<![\w@:/.-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.ts)\b/g,
    ),
  ]
    .map((m) => m[1]!)
    .filter((p) => !p.startsWith("."))
    .concat(
      [...comment.matchAll(/(?<![\w@:/.-])(\.{1,2}\/[\w./-]+\.ts)\b/g)].map((
        m,
      ) => m[1]!),
    );
}

async function exists(url: URL): Promise<boolean> {
  try {
    return (await Deno.stat(url)).isFile;
  } catch {
    return false;
  }
}

Deno.test("comments: the scanner finds comments, not strings or regular expressions", () => {
  const found = comments(
    'const a = "// not"; // yes src/x.ts\nconst r = /\\/\\/ no/; /* two */\n',
  );
  assert.deepEqual(found.map((c) => c.text), ["// yes src/x.ts", "/* two */"]);
  assert.deepEqual(
    namedPaths('see src/sim/step.ts, ./rng.ts and kernel.ts; "./a.ts".'),
    [
      "src/sim/step.ts",
      "kernel.ts",
      "./rng.ts",
    ],
  );
});

Deno.test("comments: no issue numbers, no paths that do not exist, one JSDoc per declaration", async () => {
  const all = new Set<string>();
  const basenames = new Set<string>();
  for (const folder of ["", ...FOLDERS]) {
    for (const f of await tsFiles(ROOT, folder)) {
      if (f.startsWith("node_modules") || f.startsWith("tests/.output")) {
        continue;
      }
      all.add(f);
      basenames.add(f.slice(f.lastIndexOf("/") + 1));
    }
  }
  for (const d of ["tests/", "scripts/", "bench/", "examples/"]) {
    for (const f of await tsFiles(ROOT, d)) {
      if (f.startsWith("tests/.output")) continue;
      all.add(f);
      basenames.add(f.slice(f.lastIndexOf("/") + 1));
    }
  }
  const problems: string[] = [];
  for (const folder of FOLDERS) {
    for (const file of await tsFiles(ROOT, folder)) {
      const source = await Deno.readTextFile(new URL(file, ROOT));
      // "issue N" broken across a comment's lines counts too.
      const issue = /\bissues?\s+(?:\/\/\s*|\*\s+)?\d+/i.exec(source);
      if (issue !== null) {
        const line = source.slice(0, issue.index).split("\n").length;
        problems.push(
          `${file}:${line}: names an issue (history goes to docs/decisions.md)`,
        );
      }
      for (const { line, text } of comments(source)) {
        for (const path of namedPaths(text)) {
          const candidates = path.startsWith(".")
            ? [new URL(path, new URL(file, ROOT))]
            : path.includes("/")
            ? [
              new URL(path, ROOT),
              new URL(path, new URL("src/", ROOT)),
              new URL(path, new URL(file, ROOT)),
            ]
            : [];
          const ok = candidates.length === 0
            ? basenames.has(path)
            : (await Promise.all(candidates.map(exists))).some((x) => x);
          if (!ok) {
            problems.push(
              `${file}:${line}: names ${path}, which does not exist`,
            );
          }
        }
      }
      const doubled = /\*\/\s*\/\*\*/g;
      for (const m of source.matchAll(doubled)) {
        const before = source.slice(0, m.index);
        const start = before.lastIndexOf("/*");
        const first = source.slice(start, m.index);
        if (first.startsWith("/**") && !first.includes("@module")) {
          problems.push(
            `${file}:${before.split("\n").length}: two JSDoc blocks in a row`,
          );
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});
