/**
 * The peak-memory harness measures what it claims: a process that holds a
 * known amount of memory shows it, a child's peak counts as the larger of
 * the two (never the sum), and without the permission to run
 * `/usr/bin/time` the measurement fails naming it.
 */

import assert from "node:assert/strict";
import { inTempDir, put } from "./cli_support.ts";
import { measureCommand } from "./cli_memory_support.ts";

const MIB = 2 ** 20;
// 300 MiB written to, so resident, then held while the process ends.
const HOLD_300 =
  "const a = new Uint8Array(300 * 2 ** 20); for (let i = 0; i < a.length; i += 4096) a[i] = 1; console.log(a.length);";

Deno.test("cli_memory_support: a process holding 300 MiB measures 300 MiB plus Deno's own, not less", async () => {
  await inTempDir(async (dir) => {
    const small = await measureCommand(dir, ["deno", "eval", "console.log(1)"]);
    assert.equal(small.code, 0, small.err);
    const big = await measureCommand(dir, ["deno", "eval", HOLD_300]);
    assert.equal(big.code, 0, big.err);
    assert.equal(new TextDecoder().decode(big.stdout), `${300 * MIB}\n`);
    assert.ok(small.peakMb > 10 && small.peakMb < 200, String(small.peakMb));
    const extra = big.peakMb - small.peakMb;
    assert.ok(extra > 290 && extra < 340, `${extra.toFixed(1)} MiB`);
  });
});

Deno.test("cli_memory_support: a child's larger peak is the figure (the larger one, not the sum)", async () => {
  await inTempDir(async (dir) => {
    const parent = `
const child = new Deno.Command("deno", { args: ["eval", ${
      JSON.stringify(HOLD_300)
    }], stdout: "null" });
const a = new Uint8Array(100 * 2 ** 20); for (let i = 0; i < a.length; i += 4096) a[i] = 1;
console.log((await child.output()).code, a.length);`;
    const r = await measureCommand(dir, ["deno", "eval", parent]);
    assert.equal(r.code, 0, r.err);
    assert.equal(new TextDecoder().decode(r.stdout), `0 ${100 * MIB}\n`);
    // Parent: Deno + 100 MiB; child: Deno + 300 MiB; their sum would be
    // above 400 MiB.
    assert.ok(r.peakMb > 300 && r.peakMb < 390, r.peakMb.toFixed(1));
  });
});

Deno.test("cli_memory_support: without --allow-run=/usr/bin/time the measurement fails naming it", async () => {
  await inTempDir(async (dir) => {
    const support = new URL("./cli_memory_support.ts", import.meta.url).href;
    await put(
      dir,
      "m.ts",
      `import { measureCommand } from ${JSON.stringify(support)};
await measureCommand(".", ["deno", "--version"]);`,
    );
    const out = await new Deno.Command("deno", {
      args: [
        "run",
        "--no-prompt",
        "--allow-read=.",
        "--allow-run=deno",
        "m.ts",
      ],
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 1);
    assert.match(
      new TextDecoder().decode(out.stderr),
      /cli_memory_support: the test needs --allow-run=\/usr\/bin\/time to measure the CLI's peak memory/,
    );
  });
});
