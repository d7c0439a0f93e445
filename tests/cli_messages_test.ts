/**
 * Messages that say what was expected (issue 20, item 3): a file of another
 * kind names the kind expected, the kind found and the command that makes
 * the expected one; a file that ends early says so with the byte offset where
 * it ends; `--out` is refused before the inputs are read; and every line
 * after `error: ` starts lower-case (or with a file name or a flag) and is
 * one line. The expected texts are written out here by hand.
 */

import assert from "node:assert/strict";
import { cli, type CliRun, inTempDir, put, suiteText } from "./cli_support.ts";

const READ = ["--allow-read=."];
const RW = ["--allow-read=.", "--allow-write=."];

/** The small suite, a result of it, its aggregate and paired artifacts. */
async function documents(dir: string): Promise<void> {
  await put(dir, "s.json", suiteText(5));
  const run = await cli(dir, RW, [
    "run",
    "--suite",
    "s.json",
    "--policy",
    "stay",
    "--model-id",
    "stay",
    "--out",
    "r.json",
  ]);
  assert.equal(run.code, 0, run.err);
  const stats = await cli(dir, RW, [
    "aggregate",
    "--suite",
    "s.json",
    "--resamples",
    "100",
    "--out",
    "a.stats.json",
    "r.json",
  ]);
  assert.equal(stats.code, 0, stats.err);
  const paired = await cli(dir, RW, [
    "compare",
    "--suite",
    "s.json",
    "--resamples",
    "100",
    "--out",
    "p.json",
    "r.json",
    "r.json",
  ]);
  assert.equal(paired.code, 0, paired.err);
  const result = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
  // The first episode's record and scenario, as files of their own.
  await put(dir, "rec.json", JSON.stringify(result.episodes[0].record));
  const suite = JSON.parse(await Deno.readTextFile(`${dir}/s.json`));
  await put(dir, "hot.json", JSON.stringify(suite.scenarios[0].scenario));
}

function refused(run: CliRun, line: string): void {
  assert.equal(run.code, 1, run.err);
  assert.equal(run.err, `error: ${line}\n`);
  assert.equal(run.out, "");
}

const TO_STATS =
  "expected an aggregate or paired statistics artifact; this is an evaluation result (run `aggregate` first)";
const RESULT_NOT_AGGREGATE =
  "expected an evaluation result; this is an aggregate statistics artifact (`run` makes one)";
const RESULT_NOT_PAIRED =
  "expected an evaluation result; this is a paired statistics artifact (`run` makes one)";

Deno.test("cli: a file of another kind names both kinds and the command that makes the expected one", async () => {
  await inTempDir(async (dir) => {
    await documents(dir);
    const cases: [string[], string][] = [
      [["report", "r.json"], `r.json: ${TO_STATS}`],
      [["summary", "r.json"], `r.json: ${TO_STATS}`],
      [["summary", "a.stats.json", "r.json"], `r.json: ${TO_STATS}`],
      [
        ["summary", "rec.json"],
        "rec.json: expected an aggregate or paired statistics artifact; this is a run record (`aggregate` and `compare` make them from evaluation results)",
      ],
      [
        ["verify", "--suite", "s.json", "a.stats.json"],
        `a.stats.json: ${RESULT_NOT_AGGREGATE}`,
      ],
      [
        ["verify", "--suite", "s.json", "p.json"],
        `p.json: ${RESULT_NOT_PAIRED}`,
      ],
      [
        ["verify", "--suite", "s.json", "rec.json"],
        "rec.json: expected an evaluation result; this is a run record (`run` makes one; `metrics` and `show` read a run record with --scenario FILE)",
      ],
      [
        ["aggregate", "--suite", "s.json", "a.stats.json"],
        `a.stats.json: ${RESULT_NOT_AGGREGATE}`,
      ],
      [
        ["compare", "--suite", "s.json", "r.json", "p.json"],
        `p.json: ${RESULT_NOT_PAIRED}`,
      ],
      [
        ["compare", "--suite", "s.json", "a.stats.json", "r.json"],
        `a.stats.json: ${RESULT_NOT_AGGREGATE}`,
      ],
      [
        ["show", "--suite", "s.json", "a.stats.json"],
        `a.stats.json: ${RESULT_NOT_AGGREGATE}`,
      ],
      [
        ["show", "--scenario", "hot.json", "r.json"],
        "r.json: expected a run record; this is an evaluation result (a result holds a run record per episode: `verify` replays them all, `show --episode N` draws one)",
      ],
      [
        ["metrics", "--scenario", "hot.json", "a.stats.json"],
        "a.stats.json: expected a run record; this is an aggregate statistics artifact (`run` records one per episode, in its evaluation result)",
      ],
      [
        ["metrics", "--scenario", "s.json", "rec.json"],
        "s.json: expected a scenario; this is a suite (a suite holds its scenarios under scenarios[].scenario)",
      ],
      [
        ["metrics", "--scenario", "r.json", "rec.json"],
        "r.json: expected a scenario; this is an evaluation result (a scenario is written by hand; a suite holds them under scenarios[].scenario)",
      ],
      [
        ["suite", "--check", "a.stats.json"],
        "a.stats.json: expected a suite; this is an aggregate statistics artifact (`suite --json` prints the public suite)",
      ],
      [
        ["aggregate", "--suite", "hot.json", "r.json"],
        "hot.json: expected a suite; this is a scenario (`suite --json` prints the public suite)",
      ],
      [
        ["run", "--suite", "r.json", "--policy", "stay"],
        "r.json: expected a suite; this is an evaluation result (`suite --json` prints the public suite)",
      ],
    ];
    for (const [args, line] of cases) {
      refused(await cli(dir, READ, args), line);
    }
    // Each kind is still read where it belongs (no valid file is refused).
    for (
      const args of [
        ["verify", "--suite", "s.json", "r.json"],
        ["summary", "a.stats.json", "p.json"],
        ["metrics", "--scenario", "hot.json", "rec.json"],
        ["suite", "--check", "s.json"],
      ]
    ) {
      const ok = await cli(dir, READ, args);
      assert.equal(ok.code, 0, `${args.join(" ")}: ${ok.err}`);
    }
  });
});

Deno.test("cli: a file that ends early says 'ends early (truncated?)' at the byte where it ends", async () => {
  await inTempDir(async (dir) => {
    await documents(dir);
    const result = await Deno.readFile(`${dir}/r.json`);
    // Cut two bytes into the first movement outcome's string, well inside
    // the episodes (the file is canonical, so ASCII: bytes are characters).
    const text = new TextDecoder().decode(result);
    const at = text.indexOf('"outcome":"') + '"outcome":"'.length + 2;
    await Deno.writeFile(`${dir}/cut.json`, result.subarray(0, at));
    const where = "episodes[0].record.steps[0].movements[0].outcome";
    for (
      const args of [
        ["verify", "--suite", "s.json", "cut.json"],
        ["aggregate", "--suite", "s.json", "cut.json"],
        ["show", "--suite", "s.json", "cut.json"],
        ["digest", "cut.json"],
      ]
    ) {
      refused(
        await cli(dir, READ, args),
        `cut.json: ends early (truncated?) at byte ${at}: unterminated string (in ${where})`,
      );
    }
    const stats = await Deno.readFile(`${dir}/a.stats.json`);
    // Cut after the closing bracket of the last array: only the final `}`
    // is missing, and the object it closes is the document.
    await Deno.writeFile(
      `${dir}/cut.stats.json`,
      stats.subarray(0, stats.length - 1),
    );
    refused(
      await cli(dir, READ, ["summary", "cut.stats.json"]),
      `cut.stats.json: ends early (truncated?) at byte ${
        stats.length - 1
      }: unterminated object`,
    );
    // An empty file, and a file cut inside a two-byte UTF-8 character.
    await put(dir, "empty.json", "");
    refused(
      await cli(dir, READ, ["digest", "empty.json"]),
      "empty.json: ends early (truncated?) at byte 0: no JSON value",
    );
    await Deno.writeFile(
      `${dir}/utf8.json`,
      new Uint8Array([0x5b, 0x22, 0xc3]), // ["<first byte of é>
    );
    refused(
      await cli(dir, READ, ["digest", "utf8.json"]),
      "utf8.json: ends early (truncated?) at byte 3: a UTF-8 sequence begun at byte 2 is cut off",
    );
  });
});

Deno.test("cli: --out is refused before any input is read", async () => {
  await inTempDir(async (dir) => {
    await documents(dir);
    await Deno.mkdir(`${dir}/adir`);
    // Inputs that end early: had a command read one before checking --out,
    // its message would be the truncation's, not the folder's.
    const result = await Deno.readFile(`${dir}/r.json`);
    await Deno.writeFile(
      `${dir}/cut.json`,
      result.subarray(0, result.length - 1),
    );
    const stats = await Deno.readFile(`${dir}/a.stats.json`);
    await Deno.writeFile(
      `${dir}/cut.stats.json`,
      stats.subarray(0, stats.length - 1),
    );
    await put(dir, "cut.s.json", suiteText(5).slice(0, -1));
    await put(
      dir,
      "cut.rec.json",
      (await Deno.readTextFile(`${dir}/rec.json`)).slice(0, -1),
    );
    const commands: string[][] = [
      ["run", "--suite", "cut.s.json", "--policy", "stay"],
      ["aggregate", "--suite", "s.json", "cut.json"],
      ["compare", "--suite", "s.json", "cut.json", "r.json"],
      ["show", "--suite", "s.json", "cut.json"],
      ["show", "--scenario", "hot.json", "cut.rec.json"],
      ["metrics", "--scenario", "hot.json", "cut.rec.json"],
      ["report", "cut.stats.json"],
      ["suite", "--suite", "cut.s.json", "--json"],
      ["digest", "--canonical", "cut.json"],
    ];
    for (const args of commands) {
      const what = args.join(" ");
      const folder = await cli(dir, RW, [...args, "--out", "adir"]);
      assert.equal(
        folder.err,
        "error: adir: cannot write: is a directory\n",
        what,
      );
      assert.equal(folder.code, 1, what);
      const missing = await cli(dir, RW, [...args, "--out", "no/x.json"]);
      assert.equal(
        missing.err,
        'error: no/x.json: cannot write: directory "no" does not exist\n',
        what,
      );
      const denied = await cli(dir, READ, [...args, "--out", "x.json"]);
      assert.equal(
        denied.err,
        "error: x.json: cannot write: permission not granted (run with --allow-read=. --allow-write=.)\n",
        what,
      );
    }
    // Nothing was left behind: no output, no probe file.
    const names = [];
    for await (const e of Deno.readDir(dir)) names.push(e.name);
    assert.deepEqual(
      names.filter((n) => n.startsWith(".") || n === "x.json"),
      [],
    );
    assert.deepEqual([...Deno.readDirSync(`${dir}/adir`)], []);
  });
});

/** Whether a line after `error: ` starts as the messages must. */
function wellStarted(line: string): boolean {
  const rest = line.slice("error: ".length);
  // A lower-case word, a flag, or a file name (these tests name their
  // files in lower case, so a capital can only be a message's own).
  return /^(?:[a-z<]|--?[a-z])/.test(rest);
}

Deno.test("cli: every line after 'error: ' starts lower-case, a flag or a file name, and is one line", async () => {
  await inTempDir(async (dir) => {
    await documents(dir);
    const result = await Deno.readFile(`${dir}/r.json`);
    await Deno.writeFile(`${dir}/cut.json`, result.subarray(0, 5000));
    await put(dir, "dup.json", '{"a": 1, "a": 2}');
    await put(dir, "nan.json", "[NaN]");
    await Deno.mkdir(`${dir}/adir`);
    const bad: string[][] = [
      ["frobnicate"],
      ["--out", "x"],
      ["verify", "--bogus", "r.json"],
      ["verify", "-x", "r.json"],
      ["verify", "--complete=yes", "r.json"],
      ["aggregate", "--out"],
      ["aggregate", "--resamples"],
      ["aggregate", "--resamples", "5", "r.json"],
      ["aggregate", "--resamples", "many", "r.json"],
      ["aggregate", "--kernel", "gpu", "r.json"],
      ["aggregate", "--workers", "0", "r.json"],
      ["aggregate", "--limits", "depth=x", "r.json"],
      ["compare", "r.json"],
      ["metrics", "rec.json"],
      ["run"],
      ["run", "--policy", "gredy"],
      ["run", "--policy", "stay", "--model-id", "bad id"],
      ["show", "--episode", "-1", "r.json"],
      ["show", "--suite", "s.json", "--episode", "999", "r.json"],
      ["suite", "--json=1"],
      ["suite", "--check", "r.json", "--json"],
      ["digest", "--out", "a", "--out", "b", "r.json"],
      ["verify", "missing.json"],
      ["verify", "adir"],
      ["verify", "--suite", "s.json", "a.stats.json"],
      ["verify", "--suite", "s.json", "cut.json"],
      ["verify", "dup.json"],
      ["digest", "nan.json"],
      ["summary", "r.json"],
      ["report", "--out", "adir", "a.stats.json"],
      ["metrics", "--scenario", "s.json", "rec.json"],
      ["verify", "r.json"],
    ];
    for (const args of bad) {
      const run = await cli(dir, READ, args);
      const what = `${args.join(" ")}: ${run.err}`;
      assert.notEqual(run.code, 0, what);
      const lines = run.err.split("\n").filter((l) => l.startsWith("error: "));
      assert.equal(lines.length, 1, what);
      assert.ok(wellStarted(lines[0]!), what);
      // Usage errors add the usage line and a pointer to --help; any other
      // error is its one line alone.
      if (run.code === 1) assert.equal(run.err, `${lines[0]}\n`, what);
    }
  });
});
