/**
 * The import graph of `src/`, type imports included, read from the source
 * text: what the layering test checks. A small scanner, not a regular
 * expression over the file, so that strings, template literals and comments
 * cannot fake or hide an import.
 */

/** Every module specifier a TypeScript source imports or re-exports. */
export function specifiers(source: string): string[] {
  const out: string[] = [];
  const tokens = tokenize(source);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word") continue;
    if (t.text === "import" || t.text === "export") {
      const next = tokens[i + 1];
      if (next?.kind === "punct" && next.text === ".") continue; // import.meta
      // import("x") and import "x"
      if (t.text === "import" && next?.kind === "punct" && next.text === "(") {
        const arg = tokens[i + 2];
        if (arg?.kind === "string") out.push(arg.text);
        continue;
      }
      if (t.text === "import" && next?.kind === "string") {
        out.push(next.text);
        continue;
      }
      // import … from "x" / export … from "x": the first `from` followed by
      // a string before the statement ends.
      for (let j = i + 1; j < tokens.length; j++) {
        const u = tokens[j]!;
        if (u.kind === "punct" && u.text === ";") break;
        if (
          u.kind === "word" && u.text === "from" &&
          tokens[j + 1]?.kind === "string"
        ) {
          out.push(tokens[j + 1]!.text);
          i = j + 1;
          break;
        }
        // A declaration, not a re-export: `export function f() {…}`.
        if (u.kind === "punct" && (u.text === "(" || u.text === "=")) break;
      }
    }
  }
  return out;
}

type Token = { kind: "word" | "string" | "punct"; text: string };

/** Words, string literals and punctuation; comments and templates dropped. */
export function tokenize(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? n : end;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = "";
      while (j < n && source[j] !== c) {
        if (source[j] === "\\") j++;
        text += source[j];
        j++;
      }
      out.push({ kind: "string", text });
      i = j + 1;
    } else if (c === "`") {
      i = skipTemplate(source, i + 1);
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(source[j]!)) j++;
      // A property access (`x.import`) is not a keyword.
      const prev = out[out.length - 1];
      const word = source.slice(i, j);
      if (!(prev?.kind === "punct" && prev.text === ".")) {
        out.push({ kind: "word", text: word });
      } else out.push({ kind: "word", text: `.${word}` });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      out.push({ kind: "punct", text: c });
      i++;
    }
  }
  return out;
}

/** The index after a template literal that starts before `i`. */
function skipTemplate(source: string, i: number): number {
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") i += 2;
    else if (c === "`") return i + 1;
    else if (c === "$" && source[i + 1] === "{") {
      // Skip the expression, nested braces and templates included.
      let depth = 1;
      i += 2;
      while (i < source.length && depth > 0) {
        const d = source[i]!;
        if (d === "`") i = skipTemplate(source, i + 1);
        else {
          if (d === "{") depth++;
          else if (d === "}") depth--;
          i++;
        }
      }
    } else i++;
  }
  return i;
}

/** The `.ts` files under a folder, as paths relative to it. */
export async function tsFiles(root: URL, under = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(new URL(under, root))) {
    const path = `${under}${e.name}`;
    if (e.isDirectory) out.push(...await tsFiles(root, `${path}/`));
    else if (e.isFile && e.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** `src/`-relative file → the `src/` files it imports (relative imports). */
export async function importGraph(
  src: URL,
): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await tsFiles(src)) {
    const text = await Deno.readTextFile(new URL(file, src));
    const targets = specifiers(text)
      .filter((s) => s.startsWith("."))
      .map((s) => new URL(s, new URL(file, src)).href)
      .filter((href) => href.startsWith(src.href))
      .map((href) => href.slice(src.href.length));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of size > 1. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}
