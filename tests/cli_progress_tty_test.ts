/**
 * The progress bar on a real terminal (issue 20), through util-linux
 * `script`, which gives the CLI a pseudo-terminal as standard error: `run`
 * counts episodes; `aggregate` counts episodes while verifying, then
 * intervals of the R the user asked for, with the time left once a second
 * has passed; the bar is erased before the summary line.
 */

import assert from "node:assert/strict";
import { CLI, inTempDir, sha256 } from "./cli_support.ts";

async function onTerminal(cwd: string, command: string): Promise<string> {
  let out;
  try {
    out = await new Deno.Command("script", {
      args: ["-qec", command, "/dev/null"],
      cwd,
      env: { NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (e) {
    throw new Error(
      `this test needs util-linux \`script\` (a pseudo-terminal) and --allow-run=script: ${e}`,
    );
  }
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, text + new TextDecoder().decode(out.stderr));
  return text;
}

/** The lines the terminal showed, each redraw on its own. */
function frames(text: string): string[] {
  // Each redraw starts with a carriage return and "erase line" (ESC [2K).
  return text.replaceAll("\r\x1b[2K", "\n").split(/\r?\n/).filter((l) =>
    l.trim() !== ""
  );
}

Deno.test("cli on a terminal: run counts episodes, aggregate intervals of R with the time left, then the summary line", async () => {
  await inTempDir(async (dir) => {
    const deno = `deno run --no-prompt --allow-read=. --allow-write=. ${CLI}`;
    const run = frames(
      await onTerminal(dir, `${deno} run --policy greedy --out g.json`),
    );
    assert.ok(
      run.some((l) => /^run greedy \[#+\] 104\/104 episodes 100% /.test(l)),
      run.join("\n"),
    );
    assert.match(
      run.at(-1)!,
      /^wrote g\.json \(104 of 104 episodes, model greedy, sha256 [0-9a-f]{64}, \d+\.\d s\)$/,
    );

    const R = 30000;
    const agg = frames(
      await onTerminal(
        dir,
        // One worker: the bootstrap lasts beyond the second after
        // which the time left is shown, even on a fast machine.
        `${deno} aggregate --resamples ${R} --workers 1 --out a.json g.json`,
      ),
    );
    const text = agg.join("\n");
    assert.ok(
      agg.some((l) =>
        /^aggregate g\.json verify \[#+\] 104\/104 episodes 100% /.test(l)
      ),
      text,
    );
    const bootstrap = agg.filter((l) =>
      l.startsWith("aggregate g.json bootstrap [")
    );
    // 233 intervals at R each: the public suite's groups × metrics.
    for (const l of bootstrap) {
      assert.match(
        l,
        new RegExp(`\\] \\d+/233 intervals of ${R} resamples \\d+% `),
      );
    }
    assert.ok(
      bootstrap.some((l) =>
        l.includes(`233/233 intervals of ${R} resamples 100%`)
      ),
      text,
    );
    // On a loaded machine the estimate can pass a minute: "~1m05s".
    assert.ok(
      bootstrap.some((l) => /, ~(\d+h)?(\d+m)?\d+[sm] left$/.test(l)),
      text,
    );
    assert.ok(!text.includes(`${233 * R} resamples`), text);
    const digest = await sha256(await Deno.readFile(`${dir}/a.json`));
    assert.match(
      agg.at(-1)!,
      new RegExp(
        `^wrote a\\.json \\(aggregate statistics of 104 episodes, ${R} resamples per interval, sha256 ${digest}, \\d+\\.\\d s\\)$`,
      ),
    );
  });
});
