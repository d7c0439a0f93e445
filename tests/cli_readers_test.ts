/**
 * The readers of a result that do not verify it (`show`, `digest`,
 * `run --resume` from an `--out` the journal does not list) read what
 * `run` writes as a stream: under a `file-bytes` limit below the file's
 * size they give exactly the output they give without it (a digest
 * computed by Python's hashlib, a resumed result equal to the one an
 * uninterrupted run wrote); a file they must read whole is still refused
 * by the limit, with the whole reading's message.
 */

import assert from "node:assert/strict";
import { encode, type JsonValue, parseBytes } from "../src/json/canonical.ts";
import { cli, exists, inTempDir, put, suiteText } from "./cli_support.ts";

const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=python3"];
const LIMIT = 4096;
const LIMITS = ["--limits", `file-bytes=${LIMIT}`];
const SUITE = suiteText(10);

/** A folder with the suite and the result `run` wrote with its defaults. */
async function withResult(fn: (dir: string) => Promise<void>): Promise<void> {
  await inTempDir(async (dir) => {
    await put(dir, "suite.json", SUITE);
    const run = await cli(dir, FLAGS, [
      "run",
      "--quiet",
      "--suite",
      "suite.json",
      "--policy",
      "greedy",
      "--out",
      "g.json",
    ]);
    assert.equal(run.code, 0, run.err);
    const size = (await Deno.stat(`${dir}/g.json`)).size;
    // The limit is below the result, above the suite (read whole).
    assert.ok(SUITE.length < LIMIT && 4 * LIMIT < size, `${size} bytes`);
    await fn(dir);
  });
}

/** The command's output with the limit and without, which must agree. */
async function both(dir: string, args: string[]): Promise<Uint8Array> {
  const plain = await cli(dir, FLAGS, args);
  assert.equal(plain.code, 0, plain.err);
  const limited = await cli(dir, FLAGS, [
    args[0]!,
    ...LIMITS,
    ...args.slice(1),
  ]);
  assert.equal(limited.code, 0, limited.err);
  assert.deepEqual(limited.stdout, plain.stdout);
  assert.equal(limited.err, plain.err);
  return limited.stdout;
}

Deno.test("readers: show draws an episode of a result beyond the file-bytes limit, as without it", async () => {
  await withResult(async (dir) => {
    const show = ["show", "--suite", "suite.json"];
    const text = new TextDecoder().decode(
      await both(dir, [...show, "--text", "--episode", "13", "g.json"]),
    );
    // Episode 13 is the fourth seed of the second scenario (10 seeds each).
    assert.match(text, /\bcold\b/);
    assert.match(text, /\bseed 3\b/);
    await both(dir, [...show, "g.json"]);
    // A missing index is refused with the same message either way.
    const missing = await cli(dir, FLAGS, [
      "show",
      ...LIMITS,
      ...show.slice(1),
      "--episode",
      "20",
      "g.json",
    ]);
    assert.equal(missing.code, 1, missing.err);
    assert.equal(
      missing.err,
      "error: g.json: episodes: no manifest index 20: the manifest schedules 20 episodes (0 to 19)\n",
    );
  });
});

Deno.test("readers: digest of a result beyond the file-bytes limit is hashlib's, and --canonical its bytes", async () => {
  await withResult(async (dir) => {
    const digest = new TextDecoder().decode(
      await both(dir, ["digest", "g.json"]),
    );
    const python = await new Deno.Command("python3", {
      args: [
        "-c",
        "import hashlib, json, sys\n" +
        "v = json.load(open(sys.argv[1]))\n" +
        'print(hashlib.sha256(json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()).hexdigest())',
        `${dir}/g.json`,
      ],
      stdout: "piped",
    }).output();
    assert.ok(python.success);
    assert.equal(digest, new TextDecoder().decode(python.stdout));
    const bytes = await Deno.readFile(`${dir}/g.json`);
    assert.deepEqual(
      await both(dir, ["digest", "--canonical", "g.json"]),
      bytes,
    );
    const out = await cli(dir, FLAGS, [
      "digest",
      ...LIMITS,
      "--canonical",
      "--out",
      "c.json",
      "g.json",
    ]);
    assert.equal(out.code, 0, out.err);
    assert.deepEqual(await Deno.readFile(`${dir}/c.json`), bytes);
  });
});

Deno.test("readers: digest refuses what it refused, with the whole reading's message; a file read whole keeps the limit", async () => {
  await withResult(async (dir) => {
    const text = await Deno.readTextFile(`${dir}/g.json`);
    // A duplicate key inside an item: the strict reader's message, offset
    // and path of the whole document.
    const dup = text.replace('{"index":5,', '{"index":5,"index":5,');
    await put(dir, "dup.json", dup);
    let expected = "";
    try {
      parseBytes(new TextEncoder().encode(dup), { file: "dup.json" });
    } catch (e) {
      expected = `error: ${(e as Error).message}\n`;
    }
    assert.match(expected, /duplicate key/);
    const refused = await cli(dir, FLAGS, ["digest", "dup.json"]);
    assert.equal(refused.code, 1);
    assert.equal(refused.err, expected);
    // Not canonical (a space): read whole, so over the limit it is refused.
    await put(dir, "spaced.json", ` ${text}`);
    const spaced = await cli(dir, FLAGS, ["digest", ...LIMITS, "spaced.json"]);
    assert.equal(spaced.code, 1);
    assert.match(spaced.err, /over the implementation limit of 4096 bytes/);
    const whole = await cli(dir, FLAGS, ["digest", "spaced.json"]);
    assert.equal(whole.code, 0, whole.err);
    assert.equal(
      whole.out,
      (await cli(dir, FLAGS, ["digest", "g.json"])).out,
    );
  });
});

Deno.test("readers: run --resume continues a result beyond the file-bytes limit that it did not journal", async () => {
  await withResult(async (dir) => {
    const full = await Deno.readFile(`${dir}/g.json`);
    // A stopped run's result: some episodes, as the writer writes them.
    const result = parseBytes(full) as { episodes: JsonValue[] };
    const partial = encode({
      ...result,
      episodes: result.episodes.filter((_, i) => i % 3 === 0),
    } as unknown as JsonValue);
    await put(dir, "p.json", partial);
    assert.ok(partial.length > 2 * LIMIT);
    const resumed = await cli(dir, FLAGS, [
      "run",
      ...LIMITS,
      "--quiet",
      "--suite",
      "suite.json",
      "--policy",
      "greedy",
      "--resume",
      "--out",
      "p.json",
    ]);
    assert.equal(resumed.code, 0, resumed.err);
    assert.deepEqual(await Deno.readFile(`${dir}/p.json`), full);
    assert.ok(!(await exists(dir, "p.json.journal")));
  });
});

Deno.test("readers: run --shard --resume continues its run part beyond the file-bytes limit", async () => {
  await withResult(async (dir) => {
    const args = [
      "--quiet",
      "--suite",
      "suite.json",
      "--policy",
      "greedy",
      "--shard",
      "1/2",
    ];
    const first = await cli(dir, FLAGS, ["run", ...args, "--out", "part.json"]);
    assert.equal(first.code, 0, first.err);
    const written = await Deno.readFile(`${dir}/part.json`);
    assert.ok(written.length > 2 * LIMIT);
    const again = await cli(dir, FLAGS, [
      "run",
      ...LIMITS,
      ...args,
      "--resume",
      "--out",
      "part.json",
    ]);
    assert.equal(again.code, 0, again.err);
    assert.deepEqual(await Deno.readFile(`${dir}/part.json`), written);
    // Another shard's part is refused from its frame, as when read whole.
    const other = await cli(dir, FLAGS, [
      "run",
      ...LIMITS,
      ...args.slice(0, -1),
      "0/2",
      "--resume",
      "--out",
      "part.json",
    ]);
    assert.equal(other.code, 1);
    assert.equal(
      other.err,
      "error: part.json: run part 1 of 2: continue it with --shard 1/2\n",
    );
  });
});
