/**
 * The fallback's rules for bundled code (src/policies/sandbox/fallback_scan.ts):
 * a package file is the policy author's code too, so it may compute an
 * import path or name a literal file outside Deno's package caches; the
 * policy's own files may use an attribute type only with granted data.
 * Inputs and expected answers are written by hand.
 */

import assert from "node:assert/strict";
import {
  localRefusal,
  packageRefusal,
} from "../src/policies/sandbox/fallback_scan.ts";

const CACHES = ["/c/deno/npm", "/c/deno/remote"];
const PKG = "/c/deno/npm/registry.npmjs.org/evil/1.0.0";

function pkg(content: string | undefined) {
  return {
    name: "../c/deno/npm/registry.npmjs.org/evil/1.0.0/index.js",
    path: `${PKG}/index.js`,
    ...(content === undefined ? {} : { content }),
  };
}

Deno.test("fallback scan: a package file's computed import and its escapes are refused", () => {
  assert.match(
    packageRefusal(
      pkg(
        `export const r = () => import("/proc/self/" + "environ", { with: { type: "bytes" } });`,
      ),
      CACHES,
    ) ?? "",
    /^package file \.\.\/c\/deno\/npm\/registry\.npmjs\.org\/evil\/1\.0\.0\/index\.js:1: a computed import: .*with bubblewrap, --allow-run=deno,bwrap, a package may compute import paths\)$/,
  );
  // Literal, but out of the caches: a file the graph check never saw.
  assert.match(
    packageRefusal(
      pkg(
        `\nimport("../../../../../../home/u/.ssh/id", { with: { type: "text" } })`,
      ),
      CACHES,
    ) ?? "",
    /index\.js:2: imports "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/home\/u\/\.ssh\/id", a file outside Deno's package caches; refused/,
  );
  assert.match(
    packageRefusal(pkg(`const t = require("/etc/passwd");`), CACHES) ?? "",
    /imports "\/etc\/passwd", a file outside/,
  );
  // Static imports too: the graph lists a package, not its files.
  assert.match(
    packageRefusal(
      pkg(`import env from "/proc/self/environ" with { type: "bytes" };`),
      CACHES,
    ) ?? "",
    /index\.js:1: imports "\/proc\/self\/environ", a file outside/,
  );
  assert.match(
    packageRefusal(
      pkg(`export * from "../../../../../../home/u/secret.js";`),
      CACHES,
    ) ?? "",
    /imports "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/home\/u\/secret\.js", a file outside/,
  );
  assert.match(
    packageRefusal(pkg(`import("file:///etc/passwd")`), CACHES) ?? "",
    /imports "file:\/\/\/etc\/passwd", a file outside/,
  );
  assert.match(
    packageRefusal(
      pkg(`import x from "./x.css" with { type: "css" };`),
      CACHES,
    ) ?? "",
    /imports with \{ type: "css" \}; refused/,
  );
  // No text in the map: nothing to scan, so refused.
  assert.match(
    packageRefusal(pkg(undefined), CACHES) ?? "",
    /without its source text; refused/,
  );
});

Deno.test("fallback scan: a package's own files, other packages and built-ins pass", () => {
  assert.equal(
    packageRefusal(
      pkg(
        `const a = require("./lib/a.js"); const b = require("debug"); import("node:fs");
import d from "./data.json" with { type: "json" }; const c = import("npm:x@1");`,
      ),
      CACHES,
    ),
    undefined,
  );
  // jsr modules are URLs: relative imports stay on jsr.io.
  const jsr = {
    name: "https://jsr.io/@a/b/1.0.0/mod.ts",
    url: "https://jsr.io/@a/b/1.0.0/mod.ts",
  };
  assert.equal(
    packageRefusal({ ...jsr, content: `import("./x.ts")` }, CACHES),
    undefined,
  );
  assert.match(
    packageRefusal(
      { ...jsr, content: `import("https://evil.example/x.js")` },
      CACHES,
    ) ?? "",
    /a file outside Deno's package caches/,
  );
});

Deno.test("fallback scan: the policy's attribute types need granted data; unknown types never pass", () => {
  const json = `import t from "./t.json" with { type: "json" };`;
  assert.equal(localRefusal("pol/p.js", json, true), undefined);
  assert.equal(
    localRefusal("pol/p.js", json, false),
    `pol/p.js: imports with { type: "json" }, but no --policy-allow-data file is granted; refused`,
  );
  assert.equal(
    localRefusal(
      "pol/p.js",
      `import w from "./w.wasm" with { type: "webassembly" };`,
      true,
    ),
    `pol/p.js: imports with { type: "webassembly" }, a type a policy may not import; refused`,
  );
  assert.match(
    localRefusal("pol/p.js", "x;\ny;\nawait import(`./${n}.json`)", true) ?? "",
    /^pol\/p\.js:3: a computed import: /,
  );
});
