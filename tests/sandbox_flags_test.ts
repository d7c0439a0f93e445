/**
 * Each remote-import guard of the sandbox, tested alone against a local
 * server (127.0.0.1 only): a computed `import()` of a module it serves. The
 * baseline with `--allow-import` shows the probe can succeed, so each
 * refusal below is the flag's doing.
 */

import assert from "node:assert/strict";
import { sandboxFlags } from "../src/policies/sandbox/process.ts";
import { inTempDir } from "./cli_support.ts";

async function probe(
  flags: string[],
  port: number,
  denoDir: string,
): Promise<string> {
  const main =
    `data:text/javascript,try { const m = await import(["http://127.0.0.1:${port}", "/mod.js"].join("")); console.log("OK " + m.default); } catch (e) { console.log("ERR " + e.message); }`;
  const out = await new Deno.Command("deno", {
    args: [...flags, main],
    env: { DENO_DIR: denoDir, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

Deno.test("sandbox flags: --no-remote, --cached-only and net-without-import each stop a remote import; the sandbox's flags stop it", async () => {
  let requests = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => {
      requests++;
      return new Response("export default 42;", {
        headers: { "content-type": "application/javascript" },
      });
    },
  );
  const host = `127.0.0.1:${server.addr.port}`;
  try {
    await inTempDir(async (dir) => {
      const base = ["run", "--no-prompt", "--quiet"];
      const fresh = async (name: string) => {
        await Deno.mkdir(`${dir}/${name}`);
        return `${dir}/${name}`;
      };
      assert.equal(
        await probe(
          [...base, `--allow-import=${host}`],
          server.addr.port,
          await fresh("a"),
        ),
        "OK 42",
      );
      assert.equal(requests, 1, "the baseline fetched the module");
      const cases: [string, string[], RegExp][] = [
        ["--no-remote", ["--no-remote"], /--no-remote is specified/],
        ["--cached-only", ["--cached-only"], /--cached-only is specified/],
      ];
      for (const [name, flags, message] of cases) {
        const out = await probe(
          [...base, `--allow-import=${host}`, ...flags],
          server.addr.port,
          await fresh(name),
        );
        assert.match(out, message, name);
      }
      // Net access to a host does not grant imports from it.
      assert.match(
        await probe(
          [...base, `--allow-net=${host}`],
          server.addr.port,
          await fresh("net"),
        ),
        /Requires import access/,
      );
      // The sandbox's own flags, with net granted and no Deno directory.
      const sealed = sandboxFlags({
        maxMemoryMb: 64,
        allowNet: [host],
        allowEnv: [],
      });
      assert.match(
        await probe(sealed, server.addr.port, "/dev/null/ember-policy"),
        /^ERR /,
      );
      assert.equal(requests, 1, "nothing else reached the server");
    });
  } finally {
    await server.shutdown();
  }
});
