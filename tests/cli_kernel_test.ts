/**
 * `--kernel` and `--workers` through the real CLI, with exactly the
 * documented permissions, and the package loaded from a plain URL: a local
 * HTTP server on 127.0.0.1 serves the checkout and sends `.ts` files as
 * `application/typescript`, as JSR does.
 */

import assert from "node:assert/strict";
import { cli, inTempDir, put, suiteText } from "./cli_support.ts";

const ROOT = new URL("../", import.meta.url);

async function greedy(dir: string): Promise<void> {
  await put(dir, "s.json", suiteText());
  const r = await cli(dir, ["--allow-read=s.json,."], [
    "run",
    "--suite",
    "s.json",
    "--policy",
    "greedy",
    "--quiet",
  ]);
  assert.equal(r.code, 0, r.err);
  await Deno.writeFile(`${dir}/g.json`, r.stdout);
}

Deno.test("cli aggregate: --kernel and --workers change no byte, need no permission", async () => {
  await inTempDir(async (dir) => {
    await greedy(dir);
    const run = (...opts: string[]) =>
      cli(dir, ["--allow-read=s.json,g.json"], [
        "aggregate",
        "--suite",
        "s.json",
        "--resamples",
        "200",
        ...opts,
        "g.json",
      ]);
    const base = await run();
    assert.equal(base.code, 0, base.err);
    for (
      const opts of [
        ["--workers", "1"],
        ["--workers", "2"],
        ["--kernel", "reference", "--workers", "2"],
        ["--kernel", "wasm", "--workers", "3"],
      ]
    ) {
      const r = await run(...opts);
      assert.equal(r.code, 0, `${opts}: ${r.err}`);
      assert.equal(r.out, base.out, opts.join(" "));
    }
  });
});

Deno.test("cli: bad --kernel or --workers is a usage error (exit 2)", async () => {
  await inTempDir(async (dir) => {
    await greedy(dir);
    for (
      const [opt, value] of [["--workers", "0"], ["--workers", "two"], [
        "--workers",
        "1.5",
      ], ["--kernel", "native"]]
    ) {
      const r = await cli(dir, ["--allow-read=s.json,g.json"], [
        "aggregate",
        "--suite",
        "s.json",
        opt!,
        value!,
        "g.json",
      ]);
      assert.equal(r.code, 2, `${opt} ${value}`);
      assert.match(r.err, new RegExp(opt!.slice(2)));
      assert.equal(r.out, "");
    }
  });
});

Deno.test("cli verify: --kernel wasm and reference give the same verdicts and messages", async () => {
  await inTempDir(async (dir) => {
    await greedy(dir);
    const text = await Deno.readTextFile(`${dir}/g.json`);
    // One movement outcome changed in the text: still canonical JSON.
    const at = text.indexOf('"outcome":"moved"');
    assert.ok(at > 0);
    await put(
      dir,
      "t.json",
      text.slice(0, at) + '"outcome":"blocked_wall"' +
        text.slice(at + '"outcome":"moved"'.length),
    );
    for (const file of ["g.json", "t.json"]) {
      const runs = [];
      for (
        const opts of [[], ["--kernel", "wasm"], ["--kernel", "reference"]]
      ) {
        runs.push(
          await cli(dir, [`--allow-read=s.json,${file}`], [
            "verify",
            "--quiet",
            "--suite",
            "s.json",
            ...opts,
            file,
          ]),
        );
      }
      assert.equal(runs[0]!.code, file === "g.json" ? 0 : 1, runs[0]!.err);
      for (const r of runs) {
        assert.deepEqual([r.code, r.out, r.err], [
          runs[0]!.code,
          runs[0]!.out,
          runs[0]!.err,
        ]);
      }
    }
  });
});

Deno.test("cli run --resume: --kernel wasm and reference continue to the same bytes", async () => {
  await inTempDir(async (dir) => {
    await greedy(dir);
    const full = await Deno.readFile(`${dir}/g.json`);
    // The first three episodes, cut from the canonical text (episodes come
    // first, keys in code-point order).
    const text = new TextDecoder().decode(full);
    const cut = text.indexOf(',{"index":3,');
    const end = text.indexOf('],"evaluation_manifest":');
    assert.ok(cut > 0 && end > cut);
    const head = text.slice(0, cut) + text.slice(end);
    for (const kernel of ["wasm", "reference"]) {
      await put(dir, `p_${kernel}.json`, head);
      const r = await cli(dir, [
        `--allow-read=s.json,p_${kernel}.json`,
        `--allow-write=p_${kernel}.json`,
        "--allow-read=.",
        "--allow-write=.",
      ], [
        "run",
        "--quiet",
        "--suite",
        "s.json",
        "--policy",
        "greedy",
        "--kernel",
        kernel,
        "--out",
        `p_${kernel}.json`,
        "--resume",
      ]);
      assert.equal(r.code, 0, r.err);
      assert.deepEqual(await Deno.readFile(`${dir}/p_${kernel}.json`), full);
    }
  });
});

/** Serve the checkout on 127.0.0.1 (a free port) until `close()`. */
function serveCheckout() {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (req) => {
      const path = new URL(req.url).pathname;
      if (path.includes("..")) return new Response("no", { status: 403 });
      try {
        const body = await Deno.readFile(new URL(`.${path}`, ROOT));
        const type = path.endsWith(".ts")
          ? "application/typescript"
          : path.endsWith(".json")
          ? "application/json"
          : "application/octet-stream";
        return new Response(body, { headers: { "content-type": type } });
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  );
  return server;
}

Deno.test("the package loads from a URL: aggregate with 2 workers, same bytes", async () => {
  const server = serveCheckout();
  try {
    const host = `127.0.0.1:${server.addr.port}`;
    await inTempDir(async (dir) => {
      await greedy(dir);
      const args = [
        "aggregate",
        "--quiet",
        "--suite",
        "s.json",
        "--resamples",
        "100",
        "--workers",
        "2",
        "g.json",
      ];
      const local = await cli(dir, ["--allow-read=s.json,g.json"], args);
      assert.equal(local.code, 0, local.err);
      const remote = await new Deno.Command("deno", {
        args: [
          "run",
          "--no-prompt",
          "--no-config",
          `--allow-import=${host}`,
          // A port can come round again: never run a cached copy.
          `--reload=http://${host}/`,
          "--allow-read=s.json,g.json",
          `http://${host}/mod.ts`,
          ...args,
        ],
        cwd: dir,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const err = new TextDecoder().decode(remote.stderr);
      assert.equal(remote.code, 0, err);
      assert.ok(
        err.includes(`http://${host}/mod.ts`),
        "loaded from the server",
      );
      assert.equal(new TextDecoder().decode(remote.stdout), local.out);
    });
  } finally {
    await server.shutdown();
  }
});
