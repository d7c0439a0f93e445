/**
 * `show --transcript`: a run of the built-in greedy policy writes a result
 * and its transcript; the test then gives the chosen episode's decision
 * lines times and infos of its own (the check compares the header and the
 * actions, never `ms` or `info`), and asserts what `--text` and the page
 * carry for each step, written out by hand. Every way a transcript can
 * fail to match the result is refused, naming the file and line, with
 * exit 1 and no output file.
 */

import assert from "node:assert/strict";
import { cli, exists, inTempDir, put, suiteText } from "./cli_support.ts";

const SHOW = 1; // the manifest index shown

type Line = {
  episode: number;
  step: number;
  actions: Record<string, string>;
  ms: number;
  info?: unknown;
};

/** A result and transcript of greedy on the hand-made suite (2 seeds each). */
async function runGreedy(
  dir: string,
): Promise<{ header: string; lines: Line[] }> {
  await put(dir, "s.json", suiteText(2));
  const r = await cli(dir, ["--allow-read=.", "--allow-write=."], [
    "run",
    "--suite",
    "s.json",
    "--policy",
    "greedy",
    "--transcript",
    "t.jsonl",
    "--out",
    "r.json",
    "-q",
  ]);
  assert.equal(r.code, 0, r.err);
  const [header, ...rest] = (await Deno.readTextFile(`${dir}/t.jsonl`))
    .trimEnd().split("\n");
  return { header: header!, lines: rest.map((l) => JSON.parse(l)) };
}

async function writeTranscript(
  dir: string,
  header: string,
  lines: readonly Line[],
  name = "t.jsonl",
): Promise<void> {
  await put(
    dir,
    name,
    [header, ...lines.map((l) => JSON.stringify(l))].join("\n") + "\n",
  );
}

function show(dir: string, extra: readonly string[]) {
  return cli(dir, ["--allow-read=.", "--allow-write=."], [
    "show",
    "--suite",
    "s.json",
    "--episode",
    String(SHOW),
    ...extra,
    "r.json",
  ]);
}

const INJECTION = "go \u001b[31mwest\nthen </script><b>x</b>";
const STRUCTURED = { why: ["exit", 1.5], usage: { prompt_tokens: 7 } };

/** The shown episode's lines given times and infos of the test's own. */
function annotated(lines: readonly Line[]): Line[] {
  return lines.map((l) => {
    if (l.episode !== SHOW) return l;
    if (l.step === 1) return { ...l, ms: 812.4, info: INJECTION };
    if (l.step === 2) return { ...l, ms: 3, info: STRUCTURED };
    const { info: _, ...rest } = l;
    return { ...rest, ms: 0.5 };
  });
}

Deno.test("show --transcript --text: each frame's answer time and info below it, escaped for the terminal", async () => {
  await inTempDir(async (dir) => {
    const { header, lines } = await runGreedy(dir);
    const steps = lines.filter((l) => l.episode === SHOW).length;
    assert.ok(steps >= 3, `episode ${SHOW} has ${steps} steps`);
    await writeTranscript(dir, header, annotated(lines));
    const plain = await show(dir, ["--text"]);
    const r = await show(dir, ["--transcript", "t.jsonl", "--text"]);
    assert.equal(r.code, 0, r.err);
    // After the heading, the frame of step s runs up to "step s+1:".
    const frames = r.out.split(/\n\n(?=step \d+: )/).slice(1);
    assert.equal(frames.length, steps + 1);
    const below = (s: number) =>
      frames[s]!.split("\n").filter((l) =>
        l.startsWith("  decision") || l.startsWith("    ")
      );
    assert.deepEqual(below(0), []);
    assert.deepEqual(below(1), [
      "  decision: answered in 812.4 ms; info:",
      "    go \\u{1b}[31mwest",
      "    then </script><b>x</b>",
    ]);
    assert.deepEqual(below(2), [
      "  decision: answered in 3.0 ms; info:",
      "    {",
      '      "why": [',
      '        "exit",',
      "        1.5",
      "      ],",
      '      "usage": {',
      '        "prompt_tokens": 7',
      "      }",
      "    }",
    ]);
    for (let s = 3; s <= steps; s++) {
      assert.deepEqual(below(s), ["  decision: answered in 0.5 ms (no info)"]);
    }
    // Without the decision lines, the text is the text without --transcript.
    assert.equal(
      r.out.split("\n").filter((l) =>
        !l.startsWith("  decision") && !l.startsWith("    ")
      ).join("\n"),
      plain.out,
    );
  });
});

/** The inline scripts of a page and the hashes its CSP allows. */
async function scriptsAndPolicy(html: string) {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) =>
    m[1]!
  );
  const hashes = await Promise.all(scripts.map(async (s) => {
    const d = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(s),
    );
    return btoa(String.fromCharCode(...new Uint8Array(d)));
  }));
  const csp = /script-src ([^"]*)"/.exec(html)![1]!;
  return { hashes, allowed: csp.split(" ").map((h) => h.slice(8, -1)) };
}

Deno.test("show --transcript: the page carries the decisions as escaped JSON for the panel; without it, no panel", async () => {
  await inTempDir(async (dir) => {
    const { header, lines } = await runGreedy(dir);
    const long = "\u{1F525}".repeat(700); // 700 characters of two code units
    const withLong = annotated(lines).map((l) =>
      l.episode === SHOW && l.step === 3 ? { ...l, info: long } : l
    );
    await writeTranscript(dir, header, withLong);
    const r = await show(dir, ["--transcript", "t.jsonl", "--out", "e.html"]);
    assert.equal(r.code, 0, r.err);
    const html = await Deno.readTextFile(`${dir}/e.html`);
    assert.ok(!html.includes("<b>x</b>") && !html.includes("\u001b"));
    const data =
      /<script type="application\/json" id="decisions">(.*?)<\/script>/s
        .exec(html)![1]!;
    const decisions = JSON.parse(data);
    assert.deepEqual(decisions[0], {
      step: 1,
      ms: "812.4",
      info: INJECTION,
      json: false,
      preview: null,
      characters: 35,
    });
    assert.equal(decisions[1].json, true);
    assert.equal(decisions[1].info, JSON.stringify(STRUCTURED, null, 2));
    assert.deepEqual(
      { ...decisions[2], info: decisions[2].info.length },
      {
        step: 3,
        ms: "0.5",
        info: 1400,
        json: false,
        preview: "\u{1F525}".repeat(600) + "\u2026",
        characters: 700,
      },
    );
    // Both inline scripts, and only they, are allowed by the page's CSP.
    const { hashes, allowed } = await scriptsAndPolicy(html);
    assert.equal(hashes.length, 2);
    assert.deepEqual(allowed, hashes);
    assert.match(html, /<div id="decision">/);

    const plain = await show(dir, ["--out", "p.html"]);
    assert.equal(plain.code, 0, plain.err);
    const page = await Deno.readTextFile(`${dir}/p.html`);
    assert.ok(!page.includes('id="decision'));
    const bare = await scriptsAndPolicy(page);
    assert.equal(bare.hashes.length, 1);
    assert.deepEqual(bare.allowed, bare.hashes);
  });
});

/** The line number (from 1, the header) of the shown episode's step `s`. */
function lineOf(lines: readonly Line[], s: number): number {
  return lines.findIndex((l) => l.episode === SHOW && l.step === s) + 2;
}

Deno.test("show --transcript refuses a transcript that does not match the result, naming the file and line; nothing is written", async () => {
  await inTempDir(async (dir) => {
    const { header, lines } = await runGreedy(dir);
    const ours = lines.filter((l) => l.episode === SHOW);
    const n = ours.length;
    const last = lineOf(lines, n);
    const result = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    const hash = result.evaluation_manifest_hash as string;
    const person = Object.keys(ours[1]!.actions).sort()[0]!;
    const recorded = ours[1]!.actions[person]!;
    const other = recorded === "stay" ? "north" : "stay";
    const cases: [string, string, Line[], string][] = [
      [
        "another model",
        header.replace('"greedy"', '"mock"'),
        lines,
        't.jsonl: line 1: the transcript is of model "mock", the result of "greedy"',
      ],
      [
        "another manifest",
        header.replace(hash, "0".repeat(64)),
        lines,
        `t.jsonl: line 1: the transcript's evaluation_manifest_hash is "${
          "0".repeat(64)
        }", the result's is ${hash}`,
      ],
      [
        "other actions",
        header,
        lines.map((l) =>
          l === ours[1]
            ? { ...l, actions: { ...l.actions, [person]: other } }
            : l
        ),
        `t.jsonl: line ${
          lineOf(lines, 2)
        }: episode ${SHOW}, step 2: the actions differ from the record's (person "${person}": transcript "${other}", record "${recorded}")`,
      ],
      [
        "an action too many",
        header,
        lines.map((l) =>
          l === ours[0] ? { ...l, actions: { ...l.actions, zz: "stay" } } : l
        ),
        `t.jsonl: line ${
          lineOf(lines, 1)
        }: episode ${SHOW}, step 1: the actions differ from the record's (person "zz": transcript "stay", record none)`,
      ],
      [
        "a step missing in the middle",
        header,
        lines.filter((l) => l !== ours[1]),
        `t.jsonl: line ${
          lineOf(lines, 2)
        }: episode ${SHOW}, step 3 follows step 1: a step is missing or repeated`,
      ],
      [
        "the last step missing",
        header,
        lines.filter((l) => l !== ours[n - 1]),
        `t.jsonl: line ${last - 1}: episode ${SHOW} ends at step ${
          n - 1
        }, the record has ${n} steps`,
      ],
      [
        "a step more than the record",
        header,
        lines.flatMap((l) =>
          l === ours[n - 1] ? [l, { ...l, step: n + 1 }] : [l]
        ),
        `t.jsonl: line ${last + 1}: episode ${SHOW}, step ${
          n + 1
        }: the record has ${n} steps`,
      ],
      [
        "no decisions for the episode",
        header,
        lines.filter((l) => l.episode !== SHOW),
        `t.jsonl: the transcript has no decisions for episode ${SHOW} (a run resumed with a new --transcript records only the episodes it ran); show the episode without --transcript`,
      ],
    ];
    for (const [name, head, body, message] of cases) {
      await writeTranscript(dir, head, body, "bad.jsonl");
      const r = await show(dir, [
        "--transcript",
        "bad.jsonl",
        "--out",
        "e.html",
      ]);
      assert.equal(r.code, 1, name);
      assert.equal(
        r.err,
        `error: ${message.replace("t.jsonl", "bad.jsonl")}\n`,
        name,
      );
      assert.equal(await exists(dir, "e.html"), false, name);
    }
    // A malformed line of the episode, by the reader's own check.
    await put(
      dir,
      "cut.jsonl",
      [header, ...lines.map((l) => JSON.stringify(l))].join("\n").replace(
        JSON.stringify(ours[0]),
        JSON.stringify({ ...ours[0], ms: "slow" }),
      ) + "\n",
    );
    const cut = await show(dir, ["--transcript", "cut.jsonl"]);
    assert.equal(cut.code, 1);
    assert.equal(
      cut.err,
      `error: cut.jsonl: line ${
        lineOf(lines, 1)
      }: ms: expected a number of at least 0, to 0.1 (as the transcript writes it)\n`,
    );
  });
});

Deno.test("show --transcript bounds the episode's lines together by what run writes with its defaults, or file-bytes", async () => {
  await inTempDir(async (dir) => {
    const { header, lines } = await runGreedy(dir);
    const steps = lines.filter((l) => l.episode === SHOW).length;
    // What run writes for an episode with its defaults: a line per step,
    // each at most 2 × 65,536 + 320 × 1,024 bytes (the answer line's bound
    // for the default info of 64 KiB).
    const bound = steps * (2 * 65_536 + 320 * 1024);
    // A limit above every input file and every line, and two long lines
    // that together pass the bound.
    const limit = Math.max(
      (await Deno.stat(`${dir}/r.json`)).size + 1000,
      Math.ceil(bound / 2) + 1000,
    );
    const big = lines.map((l) =>
      l.episode === SHOW && l.step <= 2
        ? { ...l, info: "x".repeat(limit - 200) }
        : l
    );
    await writeTranscript(dir, header, big);
    const bytes = (l: Line) =>
      new TextEncoder().encode(JSON.stringify(l)).length + 1;
    const [first, second] = big.filter((l) => l.episode === SHOW);
    assert.ok(bytes(first!) < limit);
    assert.ok(bytes(first!) + bytes(second!) > Math.max(limit, bound));
    const args = ["--transcript", "t.jsonl", "--text"];
    const r = await show(dir, [
      "--limits",
      `file-bytes=${limit},string-length=${limit}`,
      ...args,
    ]);
    assert.equal(r.code, 1);
    assert.equal(
      r.err,
      `error: t.jsonl: line ${
        lineOf(lines, 2)
      }: episode ${SHOW}'s decision lines of ${
        bytes(first!) + bytes(second!)
      } bytes so far: over the implementation limit of ${
        Math.max(limit, bound)
      } bytes (raise it with --limits file-bytes=N or limits.maxFileBytes)\n`,
    );
    assert.equal(r.out, "");
    // Raised to the episode's lines together, it shows them.
    const all = big.filter((l) => l.episode === SHOW)
      .reduce((n, l) => n + bytes(l), 0);
    const raised = await show(dir, [
      "--limits",
      `file-bytes=${all},string-length=${limit}`,
      ...args,
    ]);
    assert.equal(raised.code, 0, raised.err);
  });
});

Deno.test("show --transcript does not combine with --scenario: a usage error", async () => {
  await inTempDir(async (dir) => {
    const r = await cli(dir, ["--allow-read=."], [
      "show",
      "--scenario",
      "hot.json",
      "--transcript",
      "t.jsonl",
      "r.json",
    ]);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /^error: --transcript needs a RESULT \(its model, manifest and episode index\): it does not combine with --scenario\n/,
    );
  });
});
