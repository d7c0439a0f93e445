/**
 * The static scan of bundled code, for where the bundler cannot be
 * isolated: the bundler folds constant expressions (`import("../x/" +
 * "y.json")`, a template without `${}`) and inlines the file they name,
 * which the module graph never lists. So every `import(…)` and
 * `require(…)` must have one plain string literal as its specifier, and
 * every import attribute must be a literal `{ type: "…" }`.
 *
 * The scan does not tokenize: it looks at every occurrence of the words
 * `import`, `require`, `from`, `with` and `assert`, inside strings, comments and
 * regular expressions too, so no string, comment or regex can hide a call
 * from it. The price is false refusals (a comment saying `import(x)`),
 * never a missed call: whatever it cannot read as a literal, it refuses.
 *
 * @module
 */

/**
 * A literal import the scan found, for the caller to check.
 *
 * @example
 * ```ts
 * import type { LiteralImport } from "./import_scan.ts";
 * const found: LiteralImport = { specifier: "./t.json", type: "json", line: 3 };
 * ```
 */
export type LiteralImport = {
  /** The specifier, as written between the quotes. */
  readonly specifier: string;
  /** The attribute `type`, if any. */
  readonly type?: string;
  /** 1-based line of the call. */
  readonly line: number;
};

/**
 * What the scan found: the first refusal (line and reason), the literal
 * imports (dynamic, `require`, and static: `import "x"`, `… from "x"`),
 * and the attribute types used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanImports } from "./import_scan.ts";
 * const r = scanImports(`const m = await import("../d/" + "x.json");`);
 * assert.equal(r.refusal?.line, 1);
 * ```
 */
export type ScanResult = {
  /** Why the source is refused, if it is. */
  readonly refusal?: { readonly line: number; readonly reason: string };
  /** Every literal specifier: `import("…")`, `require("…")`, static ones. */
  readonly literals: readonly LiteralImport[];
  /** Every attribute type, static or dynamic. */
  readonly types: readonly string[];
};

const WORDS = /import|require|from|with|assert|\\u/g;
const ID_PART = /[\p{ID_Continue}$\u200C\u200D]/u;
const LINE_END = /[\n\r\u2028\u2029]/;
const SPACE = /\s/u;

class Refuse extends Error {}

/**
 * Scan one module's source text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanImports } from "./import_scan.ts";
 * const ok = scanImports(`const t = await import("./t.json", { with: { type: "json" } });`);
 * assert.equal(ok.refusal, undefined);
 * assert.deepEqual(ok.literals, [{ specifier: "./t.json", type: "json", line: 1 }]);
 * ```
 */
export function scanImports(source: string): ScanResult {
  const literals: LiteralImport[] = [];
  const types: string[] = [];
  let at = 0;
  try {
    for (const m of source.matchAll(WORDS)) {
      at = m.index;
      if (m[0] === "\\u") {
        escapedWord(source, at);
        continue;
      }
      const end = at + m[0].length;
      if (isIdPart(source, at - 1) || isIdPart(source, end)) continue;
      const next = skip(source, end);
      switch (m[0]) {
        case "import":
          if (isMember(source, at)) break;
          if (source[next] === "(") {
            literals.push({
              ...call(source, next + 1, types),
              line: lineOf(source, at),
            });
          } else if (source[next] === '"' || source[next] === "'") {
            // import "x": a static import, kept for the caller.
            literals.push({
              specifier: stringAt(source, next).value,
              line: lineOf(source, at),
            });
          } else if (source[next] === ".") {
            const after = skip(source, next + 1);
            if (
              !source.startsWith("meta", after) || isIdPart(source, after + 4)
            ) {
              throw new Refuse(
                "import.<phase>(…) is not supported in a policy",
              );
            }
          }
          break;
        case "require":
          if (isMember(source, at)) break;
          if (source[next] === "(") {
            const found = call(source, next + 1, types);
            if (found.type !== undefined) {
              throw new Refuse("require(…) with a second argument");
            }
            literals.push({ ...found, line: lineOf(source, at) });
          } else if (source.startsWith("?.", next)) {
            throw new Refuse("require?.(…) (an optional call of require)");
          }
          break;
        case "from":
          // import … from "x", export … from "x" (the graph never sees
          // inside a package, so its static imports are kept too).
          if (source[next] === '"' || source[next] === "'") {
            literals.push({
              specifier: stringAt(source, next).value,
              line: lineOf(source, at),
            });
          }
          break;
        default: // with, assert
          if (source[next] === "{") {
            types.push(attributes(source, next + 1).type);
          }
      }
    }
  } catch (e) {
    if (!(e instanceof Refuse)) throw e;
    return {
      refusal: { line: lineOf(source, at), reason: e.message },
      literals,
      types,
    };
  }
  return { literals, types };
}

/** `(` is at `from - 1`: a specifier literal, then `)` or `, { with: … })`. */
function call(
  s: string,
  from: number,
  types: string[],
): { specifier: string; type?: string } {
  let i = skip(s, from);
  const quote = s[i];
  if (quote !== '"' && quote !== "'") {
    throw new Refuse(
      "a computed import: its specifier is not one string literal (the bundler would resolve it past the module graph check)",
    );
  }
  const { value, end } = stringAt(s, i);
  i = skip(s, end);
  if (s[i] === ")") return { specifier: value };
  if (s[i] !== ",") {
    throw new Refuse(
      "a computed import: its specifier is not one string literal (the bundler would resolve it past the module graph check)",
    );
  }
  i = skip(s, i + 1);
  if (s[i] === ")") return { specifier: value };
  if (s[i] !== "{") {
    throw new Refuse(
      'import options that are not a literal { with: { type: "…" } }',
    );
  }
  i = skip(s, i + 1);
  const key = keyAt(s, i);
  if (key === undefined || (key.name !== "with" && key.name !== "assert")) {
    throw new Refuse(
      'import options that are not a literal { with: { type: "…" } }',
    );
  }
  i = skip(s, key.end);
  if (s[i] !== ":") {
    throw new Refuse(
      'import options that are not a literal { with: { type: "…" } }',
    );
  }
  i = skip(s, i + 1);
  if (s[i] !== "{") {
    throw new Refuse(
      'import options that are not a literal { with: { type: "…" } }',
    );
  }
  const attr = attributes(s, i + 1);
  types.push(attr.type);
  i = skip(s, attr.end);
  if (s[i] === ",") i = skip(s, i + 1);
  if (s[i] !== "}") {
    throw new Refuse(
      'import options that are not a literal { with: { type: "…" } }',
    );
  }
  i = skip(s, i + 1);
  if (s[i] === ",") i = skip(s, i + 1);
  if (s[i] !== ")") {
    throw new Refuse(
      "import(…) with more than a specifier and literal options",
    );
  }
  return { specifier: value, type: attr.type };
}

/** After `{`: `type: "…"` and an optional comma, then `}`. */
function attributes(s: string, from: number): { type: string; end: number } {
  const bad = () =>
    new Refuse('import attributes that are not a literal { type: "…" }');
  let i = skip(s, from);
  const key = keyAt(s, i);
  if (key?.name !== "type") throw bad();
  i = skip(s, key.end);
  if (s[i] !== ":") throw bad();
  i = skip(s, i + 1);
  if (s[i] !== '"' && s[i] !== "'") throw bad();
  const { value, end } = stringAt(s, i);
  i = skip(s, end);
  if (s[i] === ",") i = skip(s, i + 1);
  if (s[i] !== "}") throw bad();
  return { type: value, end: i + 1 };
}

/** An object key: a plain identifier or a string literal. */
function keyAt(
  s: string,
  i: number,
): { name: string; end: number } | undefined {
  if (s[i] === '"' || s[i] === "'") {
    const { value, end } = stringAt(s, i);
    return { name: value, end };
  }
  const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(s.slice(i, i + 64));
  if (m === null || isIdPart(s, i + m[0].length)) return undefined;
  return { name: m[0], end: i + m[0].length };
}

/** A string literal at `i` with no escape (an escape could spell anything). */
function stringAt(s: string, i: number): { value: string; end: number } {
  const quote = s[i] as string;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j] as string;
    if (c === quote) return { value: s.slice(i + 1, j), end: j + 1 };
    if (c === "\\") {
      throw new Refuse("a specifier or attribute with an escape sequence");
    }
    if (LINE_END.test(c)) break;
  }
  throw new Refuse("an unterminated string literal");
}

/** Past white space and comments; an unterminated comment is refused. */
function skip(s: string, from: number): number {
  let i = from;
  for (;;) {
    const c = s[i];
    if (c === undefined) return i;
    if (SPACE.test(c)) {
      i++;
    } else if (s.startsWith("/*", i)) {
      const end = s.indexOf("*/", i + 2);
      if (end < 0) throw new Refuse("an unterminated comment");
      i = end + 2;
    } else if (s.startsWith("//", i)) {
      while (i < s.length && !LINE_END.test(s[i] as string)) i++;
    } else if (s.startsWith("<!--", i) || s.startsWith("-->", i)) {
      throw new Refuse("an HTML-like comment next to an import");
    } else {
      return i;
    }
  }
}

/**
 * `obj.import(` is a method call: a single `.` right before the word on
 * the same line (`...import(` is a spread; a `.` across a line break may
 * end a number, `1.` then ASI, so it does not count).
 */
function isMember(s: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && SPACE.test(s[i] as string)) {
    if (LINE_END.test(s[i] as string)) return false;
    i--;
  }
  if (s[at - 1] === "#") return true;
  if (s[i] !== ".") return false;
  if (s[i - 1] === "?") return true;
  return s[i - 1] !== "." && !/[0-9]/.test(s[i - 1] ?? "");
}

/** An identifier spelled with `\u` escapes that means import or require. */
function escapedWord(s: string, at: number): void {
  let from = at;
  while (from > 0 && ID_PART.test(s[from - 1] as string)) from--;
  const run = /^(?:[\p{ID_Continue}$]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})+/u
    .exec(s.slice(from, from + 256));
  if (run === null) return;
  const word = run[0].replace(
    /\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g,
    (_, a: string | undefined, b: string | undefined) =>
      String.fromCodePoint(parseInt(a ?? b ?? "0", 16)),
  );
  if (word === "require" || word === "import" || word === "from") {
    throw new Refuse(`${word} spelled with escape sequences`);
  }
}

function isIdPart(s: string, i: number): boolean {
  const c = s[i];
  return c !== undefined && ID_PART.test(c);
}

function lineOf(s: string, i: number): number {
  let line = 1;
  for (let j = 0; j < i; j++) if (s[j] === "\n") line++;
  return line;
}
