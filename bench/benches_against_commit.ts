/**
 * The four benchmarks that a refactor must not slow down
 * (`bench/pipeline.ts`, `bench/regeneration.ts`, `bench/verify_bench.ts`,
 * `bench/run_kernel_bench.ts`), each run as it stands in this checkout and
 * as it stands in another commit's worktree, in one run: round by round,
 * the two checkouts alternating which goes first, so that both see the same
 * load. Every figure that a benchmark prints for its own checkout (the
 * "after" side of `pipeline.ts`, every row of `regeneration.ts`, the mean
 * time per iteration of the two `deno bench` files) is collected; the
 * median of the rounds is printed beside the other checkout's with their
 * ratio, and the worst ratio last.
 *
 *   git worktree add /tmp/base 6bdc66a
 *   deno run -A bench/benches_against_commit.ts /tmp/base [ROUNDS]
 *
 * @module
 */

const [base, roundsText = "5"] = Deno.args;
if (base === undefined) {
  console.error(
    "usage: deno run -A bench/benches_against_commit.ts BASE_CHECKOUT [ROUNDS]",
  );
  Deno.exit(2);
}
const rounds = Number(roundsText);
if (!Number.isSafeInteger(rounds) || rounds < 1) {
  console.error(`ROUNDS must be a positive integer, found ${roundsText}`);
  Deno.exit(2);
}
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** Seconds per figure name, as one run of one benchmark printed them. */
type Figures = Map<string, number>;

async function output(cwd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    throw new Error(
      `${cwd}: deno ${args.join(" ")} failed:\n${text}${
        new TextDecoder().decode(out.stderr)
      }`,
    );
  }
  return text;
}

function need<T>(v: T | null | undefined, what: string, text: string): T {
  if (v === null || v === undefined) {
    throw new Error(`no ${what} in the output:\n${text}`);
  }
  return v;
}

/** `pipeline.ts --quick`: the wall time of each command, this side only. */
async function pipeline(cwd: string): Promise<Figures> {
  const text = await output(cwd, ["run", "-A", "bench/pipeline.ts", "--quick"]);
  const figures: Figures = new Map();
  for (
    const m of text.matchAll(/^([\w ]+): before [\d.]+ s .*?after ([\d.]+) s/gm)
  ) {
    figures.set(`pipeline: ${m[1]}`, Number(m[2]));
  }
  need(figures.size === 3 ? figures : null, "three pipeline rows", text);
  return figures;
}

/** `regeneration.ts --quick`: every row's wall time, and in process. */
async function regeneration(cwd: string): Promise<Figures> {
  const text = await output(cwd, [
    "run",
    "-A",
    "bench/regeneration.ts",
    "--quick",
  ]);
  const figures: Figures = new Map();
  let table = "verify";
  for (const line of text.split("\n")) {
    if (line.startsWith("compare A - B")) table = "compare";
    const row = /^(.{27}) (wasm|reference)\s+(\d+\.\d+)/.exec(line);
    if (row !== null) {
      figures.set(
        `regeneration: ${table} ${row[1]!.trim()}, ${row[2]}`,
        Number(row[3]),
      );
    }
    const inProcess = /^in process, verifyEvaluation --kernel (\w+): ([\d.]+) s/
      .exec(line);
    if (inProcess !== null) {
      figures.set(
        `regeneration: in process, ${inProcess[1]}`,
        Number(inProcess[2]),
      );
    }
  }
  need(
    figures.size === 14 ? figures : null,
    "fourteen regeneration rows",
    text,
  );
  return figures;
}

/** A `deno bench` file: the mean seconds per iteration of each bench. */
async function denoBench(cwd: string, file: string): Promise<Figures> {
  const text = await output(cwd, ["bench", "-A", "--json", file]);
  // The bench module may print before the report: the report is the JSON
  // object that starts a line with its version.
  const at = need(
    /^\{\s*"version"/m.exec(text)?.index,
    "deno bench report",
    text,
  );
  const report = JSON.parse(text.slice(at)) as {
    benches: { name: string; results: { ok?: { avg: number } }[] }[];
  };
  const figures: Figures = new Map();
  for (const b of report.benches) {
    const avg = need(b.results[0]?.ok?.avg, `result of ${b.name}`, text);
    figures.set(`${file.replace(/^bench\//, "")}: ${b.name}`, avg / 1e9);
  }
  return figures;
}

const BENCHES: ((cwd: string) => Promise<Figures>)[] = [
  pipeline,
  regeneration,
  (cwd) => denoBench(cwd, "bench/verify_bench.ts"),
  (cwd) => denoBench(cwd, "bench/run_kernel_bench.ts"),
];

const sides = [["base", base], ["here", here]] as const;
const runs: Record<string, Record<string, number[]>> = {};
const started = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const bench of BENCHES) {
    for (const [side, dir] of r % 2 === 0 ? sides : [...sides].reverse()) {
      for (const [name, s] of await bench(dir)) {
        ((runs[name] ??= {})[side] ??= []).push(s);
      }
    }
  }
  const spent = (performance.now() - started) / 1000;
  console.error(
    `round ${r + 1} of ${rounds} done, ${
      (spent / (r + 1) * (rounds - r - 1) / 60).toFixed(1)
    } min left`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

console.log(`medians of ${rounds} rounds, seconds (base ${base})`);
console.log(
  `${"figure".padEnd(62)} ${"base".padStart(8)} ${
    "here".padStart(8)
  }  here/base`,
);
let worst = { name: "", ratio: 0 };
for (const [name, bySide] of Object.entries(runs)) {
  const b = median(need(bySide.base, `base figure ${name}`, ""));
  const h = median(need(bySide.here, `figure ${name} here`, ""));
  const ratio = h / b;
  if (ratio > worst.ratio) worst = { name, ratio };
  console.log(
    `${name.padEnd(62)} ${b.toFixed(3).padStart(8)} ${
      h.toFixed(3).padStart(8)
    }  ${ratio.toFixed(3).padStart(9)}`,
  );
}
console.log(
  `slowest here against base: ${worst.name}, ${worst.ratio.toFixed(3)}x (${
    Object.keys(runs).length
  } figures, load average now ${
    Deno.loadavg().map((x) => x.toFixed(2)).join(" ")
  })`,
);
