/**
 * docs/cli.md "Loading the package from a URL": the server command and the
 * run command are read from the doc's first `sh` block and the error from its
 * `text` block, so the doc cannot drift from what Deno 2.9.6 does.
 */

import assert from "node:assert/strict";
import { inTempDir } from "./cli_support.ts";

const ROOT = new URL("../", import.meta.url);
const DOC_PORT = "8000";
const decoder = new TextDecoder();

type Section = {
  server: string;
  run: string;
  importError: string;
  error: string[];
};

async function section(): Promise<Section> {
  const doc = await Deno.readTextFile(new URL("docs/cli.md", ROOT));
  const start = doc.indexOf("\n## Loading the package from a URL\n");
  assert.ok(
    start >= 0,
    "docs/cli.md has no section 'Loading the package from a URL'",
  );
  const end = doc.indexOf("\n## ", start + 1);
  const text = doc.slice(start, end < 0 ? undefined : end);
  const blocks = (lang: string) =>
    [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))]
      .map((m) => (m[1] ?? "").trimEnd().split("\n"));
  const sh = blocks("sh");
  assert.equal(sh.length, 1, "the section has one sh block");
  assert.equal(
    sh[0]?.length,
    2,
    "the sh block is: the server line, the run line",
  );
  const [server, run] = sh[0] as [string, string];
  const texts = blocks("text");
  const importError = texts.find((t) => t[0]?.includes("import access"));
  const error = texts.find((t) => t[0]?.startsWith("error: SyntaxError"));
  assert.ok(importError?.length === 1, "the section quotes the import error");
  assert.ok(error !== undefined, "the section quotes the SyntaxError");
  return { server, run, importError: importError[0] as string, error };
}

/**
 * Split a documented command line (the doc uses no quoting or `\`), with
 * `--reload` of the server's URLs after its subcommand: the module cache
 * is shared, and a port used again by another test's server (which served
 * the same paths with other content types) would otherwise be answered
 * from it.
 */
function words(line: string, port: number): string[] {
  assert.ok(!/["'\\$]/.test(line), `no shell quoting expected: ${line}`);
  const parts = line.replaceAll(DOC_PORT, String(port)).split(/\s+/);
  assert.equal(parts[0], "deno", line);
  const [command, ...rest] = parts.slice(1);
  assert.ok(command !== undefined, line);
  return [command, `--reload=http://127.0.0.1:${port}/`, ...rest];
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function untilServing(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/deno.json`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`nothing served on 127.0.0.1:${port} within 10 s`);
}

async function deno(args: string[], cwd: string) {
  // The folder lies inside the checkout: an empty deno.json of its own
  // stops Deno's search there, so it is a fresh folder and the checkout's
  // deno.json and deno.lock are neither used nor written.
  await Deno.writeTextFile(`${cwd}/deno.json`, "{}");
  const out = await new Deno.Command("deno", {
    args,
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    out: decoder.decode(out.stdout),
    err: decoder.decode(out.stderr),
  };
}

Deno.test("the documented server serves the checkout and `suite` runs from its URL", async () => {
  const doc = await section();
  const port = freePort();
  const server = new Deno.Command("deno", {
    args: words(doc.server, port),
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    await untilServing(port);
    const res = await fetch(`http://127.0.0.1:${port}/mod.ts`);
    await res.body?.cancel();
    assert.equal(res.headers.get("content-type"), "application/typescript");
    await inTempDir(async (dir) => {
      const remote = await deno(words(doc.run, port), dir);
      assert.equal(remote.code, 0, remote.err);
      assert.ok(
        remote.err.includes(`Download http://127.0.0.1:${port}/mod.ts`),
        "loaded from the server",
      );
      // Figures from suites/public.json itself, not from the CLI.
      const suite = JSON.parse(
        await Deno.readTextFile(new URL("suites/public.json", ROOT)),
      ) as {
        suite_id: string;
        suite_version: string;
        scenarios: { seeds: unknown[] }[];
      };
      const episodes = suite.scenarios.reduce((n, s) => n + s.seeds.length, 0);
      const lines = remote.out.split("\n");
      assert.equal(lines[0], `suite ${suite.suite_id} ${suite.suite_version}`);
      assert.equal(
        lines[3],
        `${suite.scenarios.length} scenarios, ${episodes} episodes`,
      );
    });
  } finally {
    server.kill("SIGTERM");
    await server.status;
  }
});

/** The checkout served on a free port, each file with `typeOf(path)`. */
function serveCheckout(
  typeOf: (path: string) => string,
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (req) => {
      const path = new URL(req.url).pathname;
      try {
        const body = await Deno.readFile(new URL(`.${path}`, ROOT));
        return new Response(body, {
          headers: { "content-type": typeOf(path) },
        });
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  );
}

Deno.test("`.ts` served as JavaScript gives the error the doc quotes", async () => {
  const doc = await section();
  const server = serveCheckout(() => "text/javascript");
  try {
    const port = server.addr.port;
    await inTempDir(async (dir) => {
      const remote = await deno(words(doc.run, port), dir);
      assert.equal(remote.code, 1, remote.err);
      assert.equal(remote.out, "");
      assert.ok(remote.err.includes("Stack backtrace:"), remote.err);
      for (const line of doc.error) {
        const want = line.replaceAll(DOC_PORT, String(port));
        assert.ok(
          remote.err.includes(want),
          `stderr lacks ${JSON.stringify(want)}:\n${remote.err}`,
        );
      }
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("a local file importing the URL needs --allow-import, as documented", async () => {
  const doc = await section();
  const server = serveCheckout((path) =>
    path.endsWith(".json") ? "application/json" : "application/typescript"
  );
  try {
    const port = server.addr.port;
    const host = `127.0.0.1:${port}`;
    await inTempDir(async (dir) => {
      await Deno.writeTextFile(
        `${dir}/use.ts`,
        `import { encode } from "http://${host}/mod.ts";\n` +
          `console.log(encode({ b: 1, a: [true, null] }));\n`,
      );
      const reload = `--reload=http://${host}/`;
      const denied = await deno(["run", "--no-prompt", reload, "use.ts"], dir);
      assert.equal(denied.code, 1, denied.err);
      assert.equal(denied.out, "");
      const want = doc.importError.replaceAll(DOC_PORT, String(port));
      assert.ok(denied.err.includes(want), denied.err);
      const allowed = await deno(
        ["run", "--no-prompt", reload, `--allow-import=${host}`, "use.ts"],
        dir,
      );
      assert.equal(allowed.code, 0, allowed.err);
      // Canonical JSON by hand: keys sorted, no spaces.
      assert.equal(allowed.out, `{"a":[true,null],"b":1}\n`);
    });
  } finally {
    await server.shutdown();
  }
});
