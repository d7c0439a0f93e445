/**
 * The plotting library and its DOM are loaded only by `report`: neither the
 * package's entry point nor the CLI's dispatcher reaches them by static
 * imports (which Deno loads eagerly); only the dynamic import inside the
 * `report` command does.
 */

import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const HEAVY =
  /^npm:(@observablehq\/plot|linkedom|puppeteer-core|@sparticuz\/chromium)@/;

/** Every specifier reached from `entry` by static import or export-from. */
async function staticGraph(entry: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [new URL(entry, ROOT).href];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (!url.startsWith("file:")) continue;
    const text = await Deno.readTextFile(new URL(url));
    // Static forms only: `import … from "x"`, `export … from "x"`, `import "x"`.
    const pattern =
      /^\s*(?:import|export)\s+(?:type\s+)?(?:[^;"'`]*?\s+from\s+)?"([^"]+)"/gm;
    for (const m of text.matchAll(pattern)) {
      const spec = m[1]!;
      if (/^(npm|jsr|node):/.test(spec)) seen.add(spec);
      else queue.push(new URL(spec, url).href);
    }
  }
  return seen;
}

Deno.test("lazy plotting: mod.ts and the CLI dispatcher never import Plot or a DOM statically", async () => {
  for (const entry of ["mod.ts", "src/cli/main.ts"]) {
    const graph = await staticGraph(entry);
    // The walk reaches the npm module every statistics path needs.
    assert.ok(graph.has("npm:@noble/hashes@2.0.1/sha3.js"), entry);
    const heavy = [...graph].filter((s) => HEAVY.test(s));
    assert.deepEqual(heavy, [], entry);
  }
  // The walker does find them from the renderer itself, so it can fail.
  const renderer = await staticGraph("src/report/html_report.ts");
  assert.ok(renderer.has("npm:@observablehq/plot@0.6.17"));
  assert.ok(renderer.has("npm:linkedom@0.18.12"));
  const command = await Deno.readTextFile(new URL("src/cli/report.ts", ROOT));
  assert.match(command, /await import\("\.\.\/report\/html_report\.ts"\)/);
});

Deno.test("lazy commands: the CLI dispatcher reaches no command's module statically", async () => {
  const graph = await staticGraph("src/cli/main.ts");
  const commands = ["run", "env", "verify", "compare", "report", "demo"].map(
    (c) => new URL(`src/cli/${c}.ts`, ROOT).href,
  );
  assert.deepEqual(commands.filter((c) => graph.has(c)), []);
  // The walker follows the CLI's own relative imports, so it can fail.
  const verify = await staticGraph("src/cli/verify.ts");
  assert.ok(verify.has(new URL("src/cli/io.ts", ROOT).href));
  const dispatcher = await Deno.readTextFile(
    new URL("src/cli/main.ts", ROOT),
  );
  assert.match(dispatcher, /import\("\.\/verify\.ts"\)/);
});
