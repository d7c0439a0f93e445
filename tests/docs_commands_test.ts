/**
 * Every command of README.md and docs/*.md runs as written. The test copies
 * the checkout's tracked files into one fresh folder (what a clone gives a
 * new user), runs `deno task demo` there (README's first line), then every
 * command line of every fenced shell block, in order: README.md, then
 * docs/*.md by name. Only two things are substituted: `jsr:@ember/stats`
 * becomes the copy's `mod.ts`, and the example model API
 * (`https://api.example.com/v1`) becomes a mock model server on 127.0.0.1.
 *
 * A block whose lines start with `$ ` shows output: the lines after a
 * command are what it must print (a line ending in `...` is a prefix), and a
 * shown `error:` line means the command must fail; every other command must
 * exit 0. A command that starts a server runs in the background until the
 * end. What cannot run here is in `NOT_RUN` with the reason, and an entry
 * that matches no command fails the test, as does an untagged fence.
 */

import assert from "node:assert/strict";
import { serveMockModel } from "../examples/mock_model_server.ts";
import { type Fence, fences } from "./doc_fences.ts";

const ROOT = new URL("../", import.meta.url);
const SHELL_TAGS = new Set(["sh", "bash", "shell", "console"]);
const MODEL_BASE = "https://api.example.com/v1";
const MODEL_HOST = "api.example.com";
const COMMAND_TIMEOUT_MS = 600_000;

/** Commands not run, by `file: first line`, with the reason. */
const NOT_RUN: Record<string, string> = {
  "README.md: deno task test          # or, without Deno installed: npx deno@2.9.6 task test":
    "the test suite itself: this test is one of its files",
  "docs/cli.md: deno run <permissions> jsr:@ember/stats <command> [options] <inputs…>   # from JSR":
    "a synopsis: <permissions> and <command> are placeholders",
  "docs/cli.md: deno run <permissions> mod.ts <command> [options] <inputs…>             # in a checkout (or cli.ts)":
    "a synopsis: <permissions> and <command> are placeholders",
  "docs/decisions.md: deno bench -A bench/verify_bench.ts":
    "a benchmark of minutes, measured beside another commit's worktree (the figures above it)",
  "docs/decisions.md: deno run -A bench/regeneration.ts --quick":
    "a benchmark, measured beside another commit's worktree (the figures above it)",
  "docs/decisions.md: deno run -A bench/run_memory.ts /tmp/base 5":
    "a benchmark of minutes, measured beside another commit's checkout (the figures below it)",
  "docs/decisions.md: deno run -A bench/pipeline.ts --quick":
    "a benchmark that checks out an older commit with git (a copy has no repository)",
  "docs/scale.md: run=$(sbatch --parsable --array=0-3 examples/slurm/shards.sbatch parts/run run --policy greedy)":
    "submits to a Slurm cluster: tests/slurm_test.ts runs this block on a private one-node cluster",
  "docs/scale.md: merge=$(sbatch --parsable --dependency=afterok:$run --kill-on-invalid-dep=yes \\":
    "submits to a Slurm cluster: tests/slurm_test.ts runs this block on a private one-node cluster",
  "docs/scale.md: stats=$(sbatch --parsable --array=0-3 --dependency=afterok:$merge --kill-on-invalid-dep=yes \\":
    "submits to a Slurm cluster: tests/slurm_test.ts runs the same job scripts for aggregate",
  "docs/scale.md: sbatch --parsable --dependency=afterok:$stats --kill-on-invalid-dep=yes \\":
    "submits to a Slurm cluster: tests/slurm_test.ts runs the same job scripts for aggregate",
  "docs/scale.md: kubectl apply -f ember-run.yaml":
    "needs a Kubernetes cluster: tests/scale_recipes_test.ts runs the manifests' scripts locally",
  "docs/scale.md: kubectl wait --for=condition=complete --timeout=24h job/ember-run && kubectl apply -f ember-merge.yaml":
    "needs a Kubernetes cluster: tests/scale_recipes_test.ts runs the manifests' scripts locally",
  "docs/scale.md: deno compile --allow-read=/shared/ember --allow-write=/shared/ember --output ember jsr:@ember/stats":
    "downloads the denort runtime, which the test machines cannot reach",
  "docs/scale.md: ./ember run --policy greedy --shard 0/4 --out /shared/ember/parts/run.0.json":
    "the binary of the deno compile line above, which is not built here",
  "docs/scale.md: DENO_DIR=/shared/ember/deno deno cache jsr:@ember/stats":
    "fills a module cache from JSR, which the test machines cannot reach",
  "docs/replay-kernel.md: deno run --allow-read=. scripts/replay_kernel_compare.ts 3600":
    "the long comparison run: an hour of random grids (tests/replay_kernel_properties_test.ts runs the same comparison briefly)",
};

/** Commands that start a server: run in the background, on this port. */
const BACKGROUND: Record<string, number> = {
  "docs/cli.md: deno run --allow-read=. --allow-net=127.0.0.1:8000 scripts/serve_checkout.ts 8000":
    8000,
  "docs/policies.md: deno run --allow-net=127.0.0.1 examples/mock_model_server.ts --port 8080":
    8080,
};

type Command = {
  file: string;
  line: number;
  text: string;
  expected: string[];
};

/**
 * Whether a command's text so far continues on the next line: a trailing
 * backslash or an open quote (a `#` comment outside quotes ends the line).
 */
export function continues(text: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (quote === '"') {
      if (c === "\\") i++;
      else if (c === '"') quote = undefined;
    } else if (c === "\\") {
      if (i === text.length - 1) return true;
      i++;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      if (end < 0) return false;
      i = end;
    }
  }
  return quote !== undefined;
}

/** The commands of one shell block, with the output it shows for each. */
export function commands(file: string, fence: Fence): Command[] {
  const prompted = fence.lines.some((l) => l.startsWith("$ "));
  const out: Command[] = [];
  let current: Command | undefined;
  fence.lines.forEach((raw, i) => {
    const line = fence.line + 1 + i;
    if (current !== undefined && continues(current.text)) {
      current.text += `\n${raw}`;
    } else if (prompted && !raw.startsWith("$ ")) {
      assert.ok(current !== undefined, `${file}:${line}: output before any $`);
      current.expected.push(raw);
    } else if (raw.trim() !== "" && !raw.trimStart().startsWith("#")) {
      current = {
        file,
        line,
        text: prompted ? raw.slice(2) : raw,
        expected: [],
      };
      out.push(current);
    }
  });
  return out;
}

const keyOf = (c: Command) => `${c.file}: ${c.text.split("\n")[0]}`;

async function docFiles(): Promise<string[]> {
  const docs: string[] = [];
  for await (const e of Deno.readDir(new URL("docs/", ROOT))) {
    if (e.isFile && e.name.endsWith(".md")) docs.push(`docs/${e.name}`);
  }
  return ["README.md", ...docs.sort()];
}

async function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; output: string; stdout: string }> {
  const child = new Deno.Command("bash", {
    args: ["-c", script],
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
  const { code, stdout, stderr } = await child.output();
  clearTimeout(timer);
  const out = new TextDecoder().decode(stdout);
  return {
    code,
    stdout: out,
    output: `${out}\n${new TextDecoder().decode(stderr)}`,
  };
}

/** A copy of the checkout's tracked files: what a fresh clone has. */
async function freshCopy(env: Record<string, string>): Promise<string> {
  const root = decodeURIComponent(ROOT.pathname);
  await Deno.mkdir(`${root}tests/.output`, { recursive: true });
  const dir = await Deno.makeTempDir({
    dir: `${root}tests/.output`,
    prefix: "docs-",
  });
  const listed = await bash("git ls-files -z", root, env);
  assert.equal(listed.code, 0, `git ls-files failed: ${listed.output}`);
  for (const path of listed.stdout.split("\0").filter((p) => p !== "")) {
    const slash = path.lastIndexOf("/");
    if (slash > 0) {
      await Deno.mkdir(`${dir}/${path.slice(0, slash)}`, { recursive: true });
    }
    await Deno.copyFile(`${root}${path}`, `${dir}/${path}`);
  }
  return dir;
}

function matches(output: string, expected: string): boolean {
  const lines = output.split("\n");
  return expected.endsWith("...")
    ? lines.some((l) => l.startsWith(expected.slice(0, -3)))
    : lines.includes(expected);
}

async function waitForPort(port: number, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  assert.fail(`${what}: nothing listens on 127.0.0.1:${port} after 30 s`);
}

/** The lines of README's demo excerpt, in order, in the demo's output. */
function checkDemoExcerpt(readme: string, demoOutput: string): void {
  const at = readme.indexOf("and prints (excerpt):");
  assert.ok(at >= 0, "README.md shows the demo's output");
  const excerpt = fences("README.md", readme.slice(at))[0]!;
  assert.equal(excerpt.tag, "text");
  const lines = demoOutput.split("\n");
  let from = 0;
  for (const want of excerpt.lines) {
    if (want === "..." || want === "") continue;
    const found = lines.indexOf(want, from);
    assert.ok(
      found >= 0,
      `README.md's demo excerpt: the demo does not print ${
        JSON.stringify(want)
      } (after line ${from})`,
    );
    from = found + 1;
  }
}

/** A `ts` block that names an examples/ file is that file. */
async function checkNamedExamples(file: string, fence: Fence): Promise<void> {
  const m = /^\/\/ (examples\/[\w.]+\.ts):/.exec(fence.lines[0] ?? "");
  if (fence.tag !== "ts" || m === null) return;
  const actual = await Deno.readTextFile(new URL(m[1]!, ROOT));
  assert.equal(
    `${fence.lines.join("\n")}\n`,
    actual,
    `${file}:${fence.line}: the block differs from ${m[1]}`,
  );
}

Deno.test("docs: fences are tagged, shell continuations join, output lines attach", () => {
  const [block] = fences(
    "x.md",
    "  ```sh\n  $ a 'b\n  c' \\\n    d\n  out\n  $ e # it's\n  ```\n",
  );
  assert.deepEqual(commands("x.md", block!), [
    { file: "x.md", line: 2, text: "a 'b\nc' \\\n  d", expected: ["out"] },
    { file: "x.md", line: 6, text: "e # it's", expected: [] },
  ]);
  assert.throws(() => fences("y.md", "```\nls\n```\n"), /without a language/);
  assert.equal(continues('echo "a\\"b"'), false);
  assert.equal(continues("echo 'x"), true);
});

Deno.test({
  name: "docs: every command of README.md and docs/*.md runs as written",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const files = await docFiles();
  const env: Record<string, string> = { ...Deno.env.toObject(), NO_COLOR: "1" };
  for (const name of Object.keys(env)) {
    if (name.startsWith("EMBER_")) delete env[name];
  }
  const mock = serveMockModel({ port: 0 });
  const modelPort = mock.addr.port;
  const dir = await freshCopy(env);
  const background: Deno.ChildProcess[] = [];
  const used = new Set<string>();
  let ran = 0;
  try {
    const demo = await bash("deno task demo", dir, env);
    assert.equal(demo.code, 0, `deno task demo failed:\n${demo.output}`);
    checkDemoExcerpt(
      await Deno.readTextFile(new URL("README.md", ROOT)),
      demo.stdout,
    );
    for (const file of files) {
      const text = await Deno.readTextFile(new URL(file, ROOT));
      for (const fence of fences(file, text)) {
        await checkNamedExamples(file, fence);
        if (!SHELL_TAGS.has(fence.tag)) continue;
        for (const command of commands(file, fence)) {
          const key = keyOf(command);
          const where = `${file}:${command.line}`;
          if (key in NOT_RUN) {
            used.add(key);
            continue;
          }
          const script = command.text
            .replaceAll("jsr:@ember/stats", "mod.ts")
            .replaceAll(MODEL_BASE, `http://127.0.0.1:${modelPort}/v1`)
            .replaceAll(MODEL_HOST, `127.0.0.1:${modelPort}`);
          if (key in BACKGROUND) {
            used.add(key);
            background.push(
              new Deno.Command("bash", {
                args: ["-c", `exec ${script}`],
                cwd: dir,
                env,
                clearEnv: true,
                stdin: "null",
                stdout: "null",
                stderr: "null",
              }).spawn(),
            );
            await waitForPort(BACKGROUND[key]!, where);
            ran++;
            continue;
          }
          const { code, output } = await bash(script, dir, env);
          ran++;
          const fails = command.expected.some((l) => l.startsWith("error:"));
          assert.ok(
            fails ? code !== 0 : code === 0,
            `${where}: ${command.text}\nexit code ${code}, expected ${
              fails ? "non-zero" : "0"
            }; output:\n${output}`,
          );
          for (const want of command.expected) {
            assert.ok(
              matches(output, want),
              `${where}: ${command.text}\ndoes not print ${
                JSON.stringify(want)
              }; output:\n${output}`,
            );
          }
        }
      }
    }
    const stale = [...Object.keys(NOT_RUN), ...Object.keys(BACKGROUND)]
      .filter((k) => !used.has(k));
    assert.deepEqual(stale, [], "listed commands that no document has");
    assert.ok(ran > 40, `only ${ran} commands ran`);
  } finally {
    for (const child of background) {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    }
    await mock.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
