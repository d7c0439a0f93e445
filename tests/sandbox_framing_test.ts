/**
 * Agent protocol 1.0 and the bounds of what a policy writes, attacked
 * through the real CLI with real policy files: answers written ahead, a
 * host that stops reading, answers with the wrong id, second answers and
 * unrequested lines (written with `Deno.stdout.write`, which needs no
 * permission and reaches the host's own standard output), a standard
 * error flood, lines copying the CLI's own, invisible characters, and
 * `_info` values too large or too deep.
 */

import assert from "node:assert/strict";
import { CLI, everyone, inTempDir, put } from "./cli_support.ts";

const FLAGS = ["--allow-read=.", "--allow-write=.", "--allow-run=deno,bwrap"];

type Run = {
  code: number;
  out: string;
  err: string;
  ms: number;
  hung: boolean;
};

/**
 * Run the CLI in `dir`; kill it after `deadlineMs` (an old CLI hangs on
 * some attacks), and say so.
 */
async function run(
  dir: string,
  args: readonly string[],
  deadlineMs = 120_000,
): Promise<Run> {
  const started = performance.now();
  const child = new Deno.Command("deno", {
    args: ["run", "--no-prompt", ...FLAGS, CLI, "run", ...args],
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill("SIGKILL");
  }, deadlineMs);
  const { code, stdout, stderr } = await child.output();
  clearTimeout(timer);
  const decoder = new TextDecoder();
  return {
    code,
    out: decoder.decode(stdout),
    err: decoder.decode(stderr),
    ms: performance.now() - started,
    hung,
  };
}

/**
 * A scenario (schema 1.0) with no fire: a `rows` × `cols` room walled
 * round, its exit at [1, 0], `people` people placed row by row from [2, 1].
 */
function scenario(
  id: string,
  rows: number,
  cols: number,
  people: number,
  maxSteps: number,
): string {
  const grid = Array.from(
    { length: rows },
    (_, r) =>
      r === 0 || r === rows - 1
        ? "#".repeat(cols)
        : (r === 1 ? "." : "#") + ".".repeat(cols - 2) + "#",
  );
  const inner = cols - 2;
  const placed = Array.from({ length: people }, (_, i) => ({
    person_id: `p${String(i + 1).padStart(4, "0")}`,
    position: [2 + Math.floor(i / inner), 1 + (i % inner)],
  }));
  return JSON.stringify({
    schema_version: "1.0",
    scenario_id: id,
    description: "",
    grid,
    exits: [{ exit_id: "w", position: [1, 0] }],
    people: placed,
    fire: {
      ignitions: [],
      spread_probability: [0, 1],
      enter_fire: "casualty",
    },
    termination: { max_steps: maxSteps },
  });
}

/** A suite of the given scenarios, one seed each, in this order. */
function suite(...scenarios: string[]): string {
  const ids = scenarios.map((s) => JSON.parse(s).scenario_id as string);
  return JSON.stringify({
    suite_id: "framing",
    suite_version: "1",
    families: [{ family_id: "all", description: "", scenarios: ids }],
    scenarios: scenarios.map((s) => ({
      scenario: JSON.parse(s),
      seeds: [918273645],
    })),
  });
}

/** The honest first episode, then the attacked one. */
const CALM = scenario("calm", 4, 5, 2, 12);
const ATTACK = scenario("attack", 4, 5, 2, 1000);

const STAY = everyone("stay");
const WEST = everyone("west");

/** How many episodes the result file `name` in `dir` holds. */
async function savedEpisodes(dir: string, name: string): Promise<number> {
  const result = JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
  return result.episodes.length;
}

Deno.test("framing: answers written ahead, then a promise that never settles, fail the run at once; completed episodes are saved", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM, ATTACK));
    // 1,000 answers with guessed ids: without ids, each would answer a
    // step while the host reads nothing, until our write to its full
    // input pipe blocked for ever.
    await put(
      dir,
      "ahead.js",
      `const enc = new TextEncoder();
export default (obs) => {
  if (obs.scenario_id !== "attack") return ${WEST};
  let text = "";
  for (let i = 0; i < 1000; i++) text += JSON.stringify({ id: i, actions: ${STAY} }) + "\\n";
  Deno.stdout.writeSync(enc.encode(text));
  return new Promise(() => {});
};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./ahead.js",
      "--model-id",
      "m",
      "--step-timeout-ms",
      "3000",
      "--out",
      "r.json",
    ]);
    assert.equal(r.hung, false, "the run hung");
    // Start-up and two episodes take a few seconds; a hang takes for ever.
    assert.ok(r.ms < 60_000, `took ${r.ms} ms`);
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      /protocol error at episode 1, step 1: an answer whose id is not the request's \(written ahead, or for another request\): "\{\\"id\\":0,\\"actions\\"/,
    );
    assert.match(r.err, /1 completed episodes are saved in r\.json/);
    assert.equal(await savedEpisodes(dir, "r.json"), 1);
  });
});

Deno.test("framing: the step timer starts when the observation is offered, even if the host never reads it", async () => {
  await inTempDir(async (dir) => {
    // 4,096 people: an observation of about 300 KB, more than a pipe and
    // the host's read buffer hold.
    await put(
      dir,
      "s.json",
      suite(CALM, scenario("big", 256, 256, 4096, 50)),
    );
    // The policy reads the request's id on its way in (it shares the
    // host's realm), writes step 1's answer itself and then blocks the
    // host for good, so it never reads step 2 and our write of it can
    // never complete.
    await put(
      dir,
      "block.js",
      `const decode = TextDecoder.prototype.decode;
let id;
TextDecoder.prototype.decode = function (...args) {
  const text = decode.apply(this, args);
  const m = /^\\{"id":(\\d+),"observation"/.exec(text);
  if (m) id = Number(m[1]);
  return text;
};
export default (obs) => {
  if (obs.scenario_id !== "big") return ${WEST};
  Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify({ id, actions: ${STAY} }) + "\\n"));
  for (;;);
};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./block.js",
      "--model-id",
      "m",
      "--step-timeout-ms",
      "3000",
      "--out",
      "r.json",
    ]);
    assert.equal(r.hung, false, "the run hung");
    assert.ok(r.ms < 60_000, `took ${r.ms} ms`);
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      /policy did not answer within 3000 ms at episode 1, step 2\n/,
    );
    assert.equal(await savedEpisodes(dir, "r.json"), 1);
  });
});

Deno.test("framing: a wrong id, a second answer, an unrequested line and a non-JSON line are protocol errors naming episode and step", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM));
    const cases: [string, string, RegExp][] = [
      [
        "wrong_id.js",
        `export default (obs) => {
  Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify({ id: 1, actions: ${WEST} }) + "\\n"));
  return new Promise(() => {});
};`,
        /protocol error at episode 0, step 1: an answer whose id is not the request's/,
      ],
      [
        // The policy shares the host's realm: it can read each request's
        // id on its way in, answer itself, and let the host answer too.
        "second.js",
        `const decode = TextDecoder.prototype.decode;
let id;
TextDecoder.prototype.decode = function (...args) {
  const text = decode.apply(this, args);
  const m = /^\\{"id":(\\d+),"observation"/.exec(text);
  if (m) id = Number(m[1]);
  return text;
};
export default (obs) => {
  const actions = ${WEST};
  Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify({ id, actions }) + "\\n"));
  return actions;
};`,
        /protocol error at episode 0, step [12]: a second answer to step 1: /,
      ],
      [
        "unrequested.js",
        `export default (obs) => {
  Deno.stdout.writeSync(new TextEncoder().encode('{"hello":1}\\n'));
  return new Promise(() => {});
};`,
        /protocol error at episode 0, step 1: an unrequested line: "\{\\"hello\\":1\}"/,
      ],
      [
        "raw.js",
        `export default (obs) => {
  Deno.stdout.writeSync(new TextEncoder().encode("debug: thinking\\n"));
  return ${WEST};
};`,
        /protocol error at episode 0, step 1: a line that is not a protocol frame: "debug: thinking" \(debugging output belongs on standard error: console\.error\)/,
      ],
    ];
    cases.push([
      "not_utf8.js",
      `export default (obs) => {
  Deno.stdout.writeSync(new Uint8Array([0x7b, 0xff, 0x7d, 0x0a]));
  return ${WEST};
};`,
      /protocol error at episode 0, step 1: a line that is not a protocol frame: it is not UTF-8\n/,
    ]);
    for (const [file, source, message] of cases) {
      await put(dir, file, source);
      const r = await run(dir, [
        "--suite",
        "s.json",
        "--policy",
        `./${file}`,
        "--model-id",
        "m",
        "--step-timeout-ms",
        "20000",
        "--out",
        "r.json",
      ]);
      assert.equal(r.hung, false, `${file}: the run hung`);
      assert.equal(r.code, 1, `${file}: ${r.err}`);
      assert.match(r.err, message, file);
      assert.equal(r.err.match(/protocol error/g)?.length, 1, r.err);
    }
  });
});

Deno.test("framing: the watchdog frame ends the episode with a memory limit error, not a protocol error", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM));
    await put(
      dir,
      "wd.js",
      `export default (obs) => {
  Deno.stdout.writeSync(new TextEncoder().encode('{"watchdog":{"rss":300000000,"limit":268435456}}\\n'));
  return new Promise(() => {});
};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./wd.js",
      "--model-id",
      "m",
      "--step-timeout-ms",
      "20000",
    ]);
    assert.equal(r.code, 1, r.err);
    assert.match(
      r.err,
      /memory limit: the policy process's resident memory reached 286 MiB, over --policy-max-memory-mb 512 \(heap, buffers and WebAssembly memory together\); it was stopped/,
    );
    assert.ok(!r.err.includes("protocol error"), r.err);
  });
});

Deno.test("framing: 256 MiB of standard error: 1 MiB is shown, prefixed, and one line counts the dropped bytes", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM));
    // 262,144 lines of 1,024 bytes (1,023 "x" and a newline) at step 1.
    await put(
      dir,
      "flood.js",
      `const block = new TextEncoder().encode(("x".repeat(1023) + "\\n").repeat(1024));
export default (obs) => {
  if (obs.step === 0) for (let i = 0; i < 256; i++) Deno.stderr.writeSync(block);
  return ${WEST};
};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./flood.js",
      "--model-id",
      "m",
      "--step-timeout-ms",
      "60000",
    ]);
    assert.equal(r.code, 0, r.err.slice(-2000));
    assert.ok(r.ms < 60_000, `took ${r.ms} ms`);
    const lines = r.err.split("\n");
    const shown = lines.filter((l) => l.includes("xxx"));
    // The bound is 1 MiB of the policy's bytes: exactly 1,024 lines.
    assert.equal(shown.length, 1024);
    assert.ok(
      shown.every((l) => l === `policy[episode 0]: ${"x".repeat(1023)}`),
    );
    const notes = lines.filter((l) => l.includes("dropped"));
    assert.deepEqual(notes, [
      `note: episode 0's policy wrote ${
        256 * 1024 * 1024 - 1024 * 1024
      } more bytes to standard error than the 1048576 that --policy-stderr-max-bytes shows; they were dropped`,
    ]);

    // A smaller bound: 3 lines of 1,024 bytes fit in 3,500.
    const small = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./flood.js",
      "--model-id",
      "m",
      "--step-timeout-ms",
      "60000",
      "--policy-stderr-max-bytes",
      "3500",
    ]);
    assert.equal(small.code, 0, small.err.slice(-2000));
    assert.equal(
      small.err.split("\n").filter((l) => l.includes("xxx")).length,
      3,
    );
    assert.match(
      small.err,
      new RegExp(`wrote ${256 * 1024 * 1024 - 3 * 1024} more bytes`),
    );
  });
});

Deno.test("framing: lines copying the CLI's own arrive prefixed with their episode; bidi, zero-width and separators are escaped", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM, scenario("calm2", 4, 5, 2, 12)));
    const fake = [
      "interrupted: 13 completed episodes are saved in r.json; continue with --resume",
      "verified: r.json",
    ];
    await put(
      dir,
      "mimic.js",
      `console.error(${JSON.stringify(fake[0])});
export default (obs) => {
  if (obs.step === 0) console.error(${JSON.stringify(fake[1])});
  if (obs.step === 0) console.error("scenario " + obs.scenario_id);
  if (obs.step === 0) console.error("A\\u202eB\\u2066C\\u200bD\\u2028E\\u2029F\\u061cG\\ufeffH\\u200eI\\u200fJ\\u2060K\\x07L\\u202aM");
  return ${WEST};
};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./mimic.js",
      "--model-id",
      "m",
    ]);
    assert.equal(r.code, 0, r.err);
    const lines = r.err.split("\n");
    for (const text of fake) {
      const copies = lines.filter((l) => l.includes(text));
      assert.deepEqual(copies, [
        `policy[episode 0]: ${text}`,
        `policy[episode 1]: ${text}`,
      ]);
    }
    // K is the episode's index in the manifest (the suite's order), at
    // any concurrency.
    const scenarios = [
      "policy[episode 0]: scenario calm",
      "policy[episode 1]: scenario calm2",
    ];
    assert.deepEqual(lines.filter((l) => l.includes(": scenario ")), scenarios);
    const two = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./mimic.js",
      "--model-id",
      "m",
      "--concurrency",
      "2",
    ]);
    assert.equal(two.code, 0, two.err);
    assert.deepEqual(
      two.err.split("\n").filter((l) => l.includes(": scenario ")).sort(),
      scenarios,
    );
    const escaped =
      "A\\u202eB\\u2066C\\u200bD\\u2028E\\u2029F\\u061cG\\ufeffH\\u200eI\\u200fJ\\u2060K\\u0007L\\u202aM";
    assert.deepEqual(
      lines.filter((l) => l.startsWith("policy[") && l.includes("A\\u")),
      [
        `policy[episode 0]: ${escaped}`,
        `policy[episode 1]: ${escaped}`,
      ],
    );
    assert.ok(
      // deno-lint-ignore no-control-regex
      !/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029\u061c\ufeff\u2060\x07]/
        .test(r.err),
      "an invisible character reached the terminal",
    );

    // A thrown message cannot start a line of its own either.
    await put(
      dir,
      "throws.js",
      `export default () => { throw new Error("boom\\n${fake[0]}\\u202e"); };`,
    );
    const t = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./throws.js",
      "--model-id",
      "m",
    ]);
    assert.equal(t.code, 1, t.err);
    assert.match(
      t.err,
      /the policy threw Error: boom\\u000ainterrupted: 13 completed/,
    );
    assert.ok(
      !t.err.split("\n").some((l) => l.startsWith("interrupted:")),
      t.err,
    );
    assert.ok(!t.err.includes("\u202e"), t.err);
    assert.ok(!t.err.includes("protocol error"), t.err);

    // With --quiet nothing is forwarded, but an error quotes the tail of
    // standard error: prefixed too.
    await put(
      dir,
      "crash.js",
      `export default () => {
  console.error(${JSON.stringify(fake[1])});
  setTimeout(() => { throw new Error("late\\n${fake[0]}"); }, 0);
  return new Promise(() => {});
};`,
    );
    const c = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./crash.js",
      "--model-id",
      "m",
      "--quiet",
    ]);
    assert.equal(c.code, 1, c.err);
    const [first, ...tail] = c.err.trimEnd().split("\n");
    assert.match(
      first!,
      /the policy process ended \(exit code 1\); its standard error ends with:$/,
    );
    assert.ok(tail.length >= 3, c.err);
    assert.ok(tail.every((l) => l.startsWith("policy[episode 0]: ")), c.err);
    assert.ok(tail.includes(`policy[episode 0]: ${fake[1]}`), c.err);
    assert.ok(tail.includes(`policy[episode 0]: ${fake[0]}`), c.err);
  });
});

Deno.test("framing: an 8 MB _info is refused naming its bound and flag; the bound is canonical JSON bytes, exactly", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM, ATTACK));
    await put(
      dir,
      "big_info.js",
      `export default (obs) => obs.scenario_id === "attack"
  ? { _actions: ${STAY}, _info: "x".repeat(8_000_000) }
  : ${WEST};`,
    );
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./big_info.js",
      "--model-id",
      "m",
      "--out",
      "r.json",
      "--transcript",
      "t.jsonl",
    ]);
    assert.equal(r.code, 1, r.err);
    // 2 × 65,536 + 327,680 bytes: the line bound that an info of 64 KiB
    // of canonical JSON needs.
    assert.match(
      r.err,
      /protocol error at episode 1, step 1: an answer line longer than 458752 bytes, the bound for an info of at most 65536 bytes of canonical JSON \(raise it with --policy-info-max-bytes N\)/,
    );
    assert.equal(await savedEpisodes(dir, "r.json"), 1);

    // Canonical JSON of "x" × 98 is 100 bytes (two quotes); of "é" × 20,
    // 122 (each "\u00e9" is 6 bytes), though its UTF-8 is 42.
    const over = (size: number) =>
      new RegExp(
        `protocol error at episode 0, step 1: the answer's info is ${size} bytes of canonical JSON, over the bound of 100 bytes \\(raise it with --policy-info-max-bytes N\\)`,
      );
    const infos: [string, RegExp | undefined][] = [
      [`"x".repeat(98)`, undefined],
      [`"x".repeat(99)`, over(101)],
      [`"é".repeat(20)`, over(122)],
      // Canonical JSON has no integer beyond 2^53 - 1.
      [
        `{ big: 2 ** 60 }`,
        /protocol error at episode 0, step 1: the answer's info is not canonical JSON: info\.big: integer .* is outside/,
      ],
    ];
    for (const [info, message] of infos) {
      await put(
        dir,
        "info.js",
        `export default (obs) => ({ _actions: ${WEST}, _info: ${info} });`,
      );
      const s = await run(dir, [
        "--suite",
        "s.json",
        "--policy",
        "./info.js",
        "--model-id",
        "m",
        "--policy-info-max-bytes",
        "100",
      ]);
      if (message === undefined) {
        assert.equal(s.code, 0, s.err);
      } else {
        assert.equal(s.code, 1, s.err);
        assert.match(s.err, message);
      }
    }
  });
});

Deno.test("framing: an _info nested 200,000 deep is refused naming the depth limit; 511 levels pass, 512 do not", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suite(CALM));
    const deep = (n: number) =>
      `let v = 0;
for (let i = 0; i < ${n}; i++) v = [v];
export default (obs) => ({ _actions: ${WEST}, _info: v });`;
    await put(dir, "deep.js", deep(200_000));
    const r = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./deep.js",
      "--model-id",
      "m",
    ]);
    assert.equal(r.code, 1, r.err.slice(0, 2000));
    assert.match(
      r.err,
      /protocol error at episode 0, step 1: an answer nested more than 512 levels deep: over the implementation limit of 512 levels \(raise it with --limits depth=N or limits\.maxDepth\)/,
    );
    assert.ok(!/out of memory|RangeError|stack/i.test(r.err), r.err);

    // The frame is level 1: an info of 511 levels reaches 512.
    await put(dir, "deep.js", deep(511));
    const ok = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./deep.js",
      "--model-id",
      "m",
      "--transcript",
      "t.jsonl",
    ]);
    assert.equal(ok.code, 0, ok.err);
    await put(dir, "deep.js", deep(512));
    const over = await run(dir, [
      "--suite",
      "s.json",
      "--policy",
      "./deep.js",
      "--model-id",
      "m",
    ]);
    assert.equal(over.code, 1, over.err);
    assert.match(over.err, /an answer nested more than 512 levels deep/);
  });
});

Deno.test("framing: the two bound flags are checked, and refused with a built-in policy", async () => {
  await inTempDir(async (dir) => {
    for (
      const [args, message] of [
        [
          ["--policy", "greedy", "--policy-stderr-max-bytes", "10"],
          /--policy-stderr-max-bytes applies to a policy module only/,
        ],
        [
          ["--policy", "greedy", "--policy-info-max-bytes", "10"],
          /--policy-info-max-bytes applies to a policy module only/,
        ],
        [
          [
            "--policy",
            "./p.js",
            "--model-id",
            "m",
            "--policy-info-max-bytes",
            "0",
          ],
          /--policy-info-max-bytes: expected an integer in \[1, 67108864\], got 0/,
        ],
        [
          [
            "--policy",
            "./p.js",
            "--model-id",
            "m",
            "--policy-stderr-max-bytes",
            "1e3",
          ],
          /--policy-stderr-max-bytes: expected an integer in \[0, 1073741824\], got "1e3"/,
        ],
      ] as [string[], RegExp][]
    ) {
      const r = await run(dir, args);
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, message);
    }
  });
});
