/**
 * A scan of TypeScript source for the ways to tell the compiler a type
 * instead of letting it check one: `x as T` (also `as const`, `as never`,
 * `as unknown as T`), the old `<T>x` cast, a declared type predicate
 * (`v is T`, `asserts v`) whose body the compiler does not check, `any`,
 * and the comments that silence a type error (`@ts-ignore`,
 * `@ts-expect-error`, `@ts-nocheck`).
 *
 * It tokenizes without TypeScript: strings, template text, comments and
 * regular expression literals are skipped (a template's `${…}` is code and
 * is scanned), and a word is judged by the token before it. `as` is an
 * assertion when it follows the end of an expression (a name, a literal,
 * `)`, `]` or `}`) outside an import or export list; `<` starts a cast when
 * it cannot be a comparison or type arguments (it follows an operator, a
 * keyword or nothing) and its `>` is not followed by the parameters of a
 * generic arrow function. A mapped type's `as` clause would be reported
 * too; the scanned files have none.
 *
 * @module
 */

/** One assertion found: its line (from 1), kind and the source line. */
export type Finding = {
  readonly line: number;
  readonly kind:
    | "as"
    | "angle cast"
    | "type predicate"
    | "any"
    | "ts directive";
  readonly text: string;
};

type Token = {
  readonly kind: "word" | "punct" | "literal";
  readonly text: string;
  readonly line: number;
};

/**
 * Words after which an expression has not ended. Contextual words that can
 * also name a variable (`from`, `of`, `type`, `as`'s neighbours) are left
 * out: after them the scan takes a name, which ends an expression.
 */
const KEYWORDS = new Set([
  "as",
  "await",
  "case",
  "const",
  "default",
  "delete",
  "do",
  "else",
  "export",
  "extends",
  "if",
  "import",
  "in",
  "instanceof",
  "keyof",
  "let",
  "new",
  "return",
  "satisfies",
  "throw",
  "typeof",
  "var",
  "void",
  "while",
  "yield",
]);

// As the compiler reads them: the directive first on a comment's line.
const DIRECTIVE =
  /(?:^|\n)\s*(?:\/\/|\/\*+|\*)?\s*@ts-(?:ignore|expect-error|nocheck)\b/;

function isIdentStart(c: string): boolean {
  return /[A-Za-z_$\u0080-\uffff#]/.test(c);
}

function isIdentPart(c: string): boolean {
  return /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
}

/**
 * Whether the token at `k` ends an expression (`as` after it is an
 * assertion, `/` a division): a name, a literal, a closing bracket, or a
 * non-null `!` after one of those.
 */
function endsExpression(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (t === undefined) return false;
  if (t.kind === "literal") return true;
  if (t.kind === "word") return !KEYWORDS.has(t.text);
  if (t.text === "!") return endsExpression(tokens, k - 1);
  // `n++` and `n--` end an expression; `+ +n` would be read the same way.
  if ((t.text === "+" || t.text === "-") && tokens[k - 1]?.text === t.text) {
    return endsExpression(tokens, k - 2);
  }
  return t.text === ")" || t.text === "]" || t.text === "}";
}

/** Tokens of `source`, and the lines of its comments that silence errors. */
function tokenize(source: string): { tokens: Token[]; directives: number[] } {
  const tokens: Token[] = [];
  const directives: number[] = [];
  // What each open `{` closes back into: code, or a template's text.
  const braces: ("code" | "template")[] = [];
  let line = 1;
  let i = 0;
  const n = source.length;
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (source[k] === "\n") line++;
    i = to;
  };
  const push = (kind: Token["kind"], text: string, at: number) =>
    tokens.push({ kind, text, line: at });
  // Template text from `i` (just after "`" or "}"): to its end, or to `${`.
  const templateText = () => {
    const start = line;
    while (i < n) {
      const c = source[i];
      if (c === "\\") {
        advance(i + 2);
      } else if (c === "`") {
        advance(i + 1);
        push("literal", "`", start);
        return;
      } else if (c === "$" && source[i + 1] === "{") {
        advance(i + 2);
        braces.push("template");
        push("punct", "${", start);
        return;
      } else {
        advance(i + 1);
      }
    }
    throw new SyntaxError(`unterminated template from line ${start}`);
  };
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "\n" || c === " " || c === "\t" || c === "\r") {
      advance(i + 1);
    } else if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? n : end;
      if (DIRECTIVE.test(source.slice(i, stop))) directives.push(line);
      advance(stop);
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      if (end < 0) throw new SyntaxError(`unterminated comment at ${line}`);
      if (DIRECTIVE.test(source.slice(i, end))) directives.push(line);
      advance(end + 2);
    } else if (c === '"' || c === "'") {
      const start = line;
      let k = i + 1;
      while (k < n && source[k] !== c) {
        if (source[k] === "\n") {
          throw new SyntaxError(`unterminated string at ${start}`);
        }
        k += source[k] === "\\" ? 2 : 1;
      }
      advance(k + 1);
      push("literal", c, start);
    } else if (c === "`") {
      advance(i + 1);
      templateText();
    } else if (c === "/" && !endsExpression(tokens, tokens.length - 1)) {
      const start = line;
      let k = i + 1;
      let inClass = false;
      while (k < n && (inClass || source[k] !== "/")) {
        if (source[k] === "\n") {
          throw new SyntaxError(`unterminated regular expression at ${start}`);
        }
        if (source[k] === "[") inClass = true;
        if (source[k] === "]") inClass = false;
        k += source[k] === "\\" ? 2 : 1;
      }
      k++;
      while (k < n && isIdentPart(source[k]!)) k++;
      advance(k);
      push("literal", "/", start);
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(next ?? ""))) {
      let k = i + 1;
      while (k < n && /[0-9A-Za-z_.]/.test(source[k]!)) k++;
      push("literal", source.slice(i, k), line);
      advance(k);
    } else if (isIdentStart(c)) {
      let k = i + 1;
      while (k < n && isIdentPart(source[k]!)) k++;
      push("word", source.slice(i, k), line);
      advance(k);
    } else if (c === "=" && next === ">") {
      push("punct", "=>", line);
      advance(i + 2);
    } else if (c === "<" && (next === "<" || next === "=")) {
      // A shift or a comparison: never the `<` of a type.
      push("punct", c + next, line);
      advance(i + 2);
    } else if (c === "." && next === "." && source[i + 2] === ".") {
      push("punct", "...", line);
      advance(i + 3);
    } else if (
      c === "?" && next === "." && !/[0-9]/.test(source[i + 2] ?? "")
    ) {
      push("punct", "?.", line);
      advance(i + 2);
    } else if (c === "{") {
      braces.push("code");
      push("punct", c, line);
      advance(i + 1);
    } else if (c === "}") {
      advance(i + 1);
      if (braces.pop() === "template") {
        templateText();
      } else {
        push("punct", c, line);
      }
    } else {
      push("punct", c, line);
      advance(i + 1);
    }
  }
  return { tokens, directives };
}

/** Index of the token that closes the one at `open` (`(`/`)`, `<`/`>`). */
function closing(tokens: readonly Token[], open: number): number {
  const o = tokens[open]!.text;
  const c = o === "(" ? ")" : ">";
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== "punct") continue;
    if (t.text === o) depth++;
    if (t.text === c && --depth === 0) return k;
    // A statement ends before a comparison's `<` would be closed.
    if (o === "<" && (t.text === ";" || t.text === "{")) return -1;
  }
  return -1;
}

/**
 * Every type assertion in `source`, in source order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeAssertions } from "./assertion_scan.ts";
 * assert.deepEqual(typeAssertions('const s = "x as T"; // y as T').length, 0);
 * assert.equal(typeAssertions("const n = v as number;")[0]!.kind, "as");
 * ```
 */
export function typeAssertions(source: string): Finding[] {
  const { tokens, directives } = tokenize(source);
  const lines = source.split("\n");
  const found: { line: number; kind: Finding["kind"] }[] = directives.map((
    line,
  ) => ({ line, kind: "ts directive" }));
  // Inside `import { … }` or `export { … }`, `a as b` renames.
  let specifiers = false;
  tokens.forEach((t, k) => {
    const prev = tokens[k - 1];
    const prev2 = tokens[k - 2];
    if (t.kind === "punct" && t.text === "{") {
      const head = prev?.text === "type" ? prev2 : prev;
      const before = prev?.text === "," ? tokens[k - 3] : undefined;
      if (
        (head?.kind === "word" &&
          (head.text === "import" || head.text === "export")) ||
        before?.text === "import"
      ) {
        specifiers = true;
      }
    }
    if (t.kind === "punct" && t.text === "}") specifiers = false;
    if (t.kind !== "word" && !(t.kind === "punct" && t.text === "<")) return;
    if (t.text === "as" && !specifiers && endsExpression(tokens, k - 1)) {
      found.push({ line: t.line, kind: "as" });
    } else if (t.text === "any" && prev?.text !== ".") {
      found.push({ line: t.line, kind: "any" });
    } else if (
      t.text === "is" && prev?.kind === "word" && prev2?.text === ":"
    ) {
      found.push({ line: t.line, kind: "type predicate" });
    } else if (t.text === "asserts" && prev?.text === ":") {
      found.push({ line: t.line, kind: "type predicate" });
    } else if (t.text === "<" && !endsExpression(tokens, k - 1)) {
      const close = closing(tokens, k);
      const after = close < 0 ? undefined : tokens[close + 1];
      if (after?.text === "(") {
        // `<T>(x: T) => …` and `<T>(x: T): R => …` declare, not cast.
        const paren = closing(tokens, close + 1);
        const then = paren < 0 ? undefined : tokens[paren + 1];
        if (then?.text === "=>" || then?.text === ":") return;
      }
      found.push({ line: t.line, kind: "angle cast" });
    }
  });
  return found
    .sort((a, b) => a.line - b.line)
    .map((f) => ({ ...f, text: (lines[f.line - 1] ?? "").trim() }));
}
