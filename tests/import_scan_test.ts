/**
 * The fallback's static scan (src/policies/sandbox/import_scan.ts): each
 * tricky spelling of a call, in both directions — refused when the
 * specifier is not one plain string literal, accepted when it is, and a
 * method or `import.meta` left alone. The expected results are written by
 * hand from the JavaScript grammar, not taken from a run.
 */

import assert from "node:assert/strict";
import { scanImports } from "../src/policies/sandbox/import_scan.ts";

const COMPUTED = /a computed import/;

function refused(source: string, reason: RegExp, line = 1) {
  const r = scanImports(source);
  assert.ok(r.refusal !== undefined, `not refused: ${JSON.stringify(source)}`);
  assert.match(r.refusal.reason, reason, JSON.stringify(source));
  assert.equal(r.refusal.line, line, JSON.stringify(source));
}

function accepted(source: string) {
  const r = scanImports(source);
  assert.equal(r.refusal, undefined, JSON.stringify(source));
  return r;
}

Deno.test("import scan: the issue's three computed specifiers are refused", () => {
  refused(
    `const s = await import("../private/" + "suite.json", { with: { type: "bytes" } });`,
    COMPUTED,
  );
  refused(
    `x;\nawait import("/proc/self/" + "environ", { with: { type: "bytes" } });`,
    COMPUTED,
    2,
  );
  refused(
    `import("/proc/self/cwd/" + name, { with: { type: "text" } })`,
    COMPUTED,
  );
});

Deno.test("import scan: templates, with and without ${}, are not string literals", () => {
  // deno info does not list a template specifier; the bundler resolves it.
  refused(
    "await import(`/proc/self/environ`, { with: { type: 'bytes' } })",
    COMPUTED,
  );
  refused("await import(`./data/${name}.json`)", COMPUTED);
  refused("require(`./x`)", COMPUTED);
});

Deno.test("import scan: comments and line breaks between import and ( still make a call", () => {
  refused(`import /*c*/ ("a" + "b")`, COMPUTED);
  refused(`import\n("a" + "b")`, COMPUTED);
  refused(`import // c\n ( x )`, COMPUTED);
  refused(`import /* unterminated`, /unterminated comment/);
  const ok = accepted(`import /*c*/ (/* d */ "./a.js" /* e */)`);
  assert.deepEqual(ok.literals, [{ specifier: "./a.js", line: 1 }]);
});

Deno.test("import scan: ...import( is a call, obj.import( and obj?.import( are methods", () => {
  refused(`const a = [...import(x)];`, COMPUTED);
  refused(`f(...import("a" + b))`, COMPUTED);
  accepted(`obj.import(x); obj?.import(y); this.#import(z); a\n  .import(w)`);
  accepted(`module.require(x)`);
  // "1." ends a number and ASI makes the next line a statement.
  refused(`const a = 1.\nimport("/proc/" + "x")`, COMPUTED, 2);
});

Deno.test("import scan: strings, comments and regexes cannot hide a call", () => {
  // The scan does not tokenize, so these are seen (and refused).
  refused(`const s = "/*"; import(p); const t = "*/";`, COMPUTED);
  refused('const r = /"/; import(p); ""', COMPUTED);
  refused("`${x}` + import(p)", COMPUTED);
  refused(
    `// import(x) in a comment is refused too: the scan cannot tell`,
    COMPUTED,
  );
});

Deno.test("import scan: require and escaped spellings", () => {
  refused(`require("../" + "x.json")`, COMPUTED);
  refused(`requ\\u0069re(x)`, /escape sequences/);
  refused(`r\\u{65}quire(x)`, /escape sequences/);
  refused(`import("\\u002e/x.json")`, /escape sequence/);
  refused(`require?.(x)`, /optional call/);
  accepted(`const s = "caf\\u00e9"; const required = 1; requirement(x);`);
  assert.deepEqual(accepted(`const x = require('./a.cjs');`).literals, [
    { specifier: "./a.cjs", line: 1 },
  ]);
});

Deno.test("import scan: import options must be a literal { with: { type } }", () => {
  const ok = accepted(
    `import("./t.json", { with: { type: "json" } }); import('./b.bin', { "assert": { 'type': 'bytes', }, },);`,
  );
  assert.deepEqual(ok.literals, [
    { specifier: "./t.json", type: "json", line: 1 },
    { specifier: "./b.bin", type: "bytes", line: 1 },
  ]);
  assert.deepEqual(ok.types, ["json", "bytes"]);
  refused(`import("./t.json", opts)`, /import options that are not a literal/);
  refused(`import("./t.json", { with: { type: kind } })`, /import attributes/);
  refused(
    `import("./t.json", { with: { type: "json", x: 1 } })`,
    /import attributes/,
  );
  refused(`import("./t.json", {}, extra)`, /import options/);
});

Deno.test("import scan: static attributes are collected; import.meta passes, import.source does not", () => {
  const r = accepted(
    `import t from "./t.json" with { type: "json" };\nexport { x } from "./x.txt" assert { type: "text" };\nconst u = import.meta.url;`,
  );
  assert.deepEqual(r.types, ["json", "text"]);
  // Static specifiers are kept: inside a package the graph never sees them.
  assert.deepEqual(r.literals, [
    { specifier: "./t.json", line: 1 },
    { specifier: "./x.txt", line: 2 },
  ]);
  assert.deepEqual(
    accepted(`import "./side.js"; import {a} from'./a.js'; Array.from(x);`)
      .literals,
    [
      { specifier: "./side.js", line: 1 },
      { specifier: "./a.js", line: 1 },
    ],
  );
  refused(`import x fr\\u006fm "./y.js"`, /from spelled with escape sequences/);
  refused(`import t from "./t" with { type: k }`, /import attributes/);
  refused(`const m = import.source(x)`, /import\.<phase>/);
  // with (…) is the statement, not attributes.
  accepted(`with (obj) { f(); }`);
});
