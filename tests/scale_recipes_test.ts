/**
 * The Kubernetes and CI recipes of docs/scale.md, run here without their
 * engines: every literal script of their YAML blocks (`- |` items and
 * `run: |` steps) runs in a local folder, once per shard with the values the
 * engine would give (`JOB_COMPLETION_INDEX` for an Indexed Job's pod, the
 * matrix value and `strategy.job-total` for a CI job), then the merge
 * script; the merged result must be byte for byte the unsharded run's. The
 * container's `sh -c` runs as `bash --posix -c`, the Actions runner's shell as
 * `bash -e -c`, and `jsr:@ember/stats` is this checkout's mod.ts. The
 * module cache's job script runs in a network namespace of its own, with
 * no network device but loopback (`unshare -rn`).
 */

import assert from "node:assert/strict";
import { type Fence, sectionFences } from "./doc_fences.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const DOC = "docs/scale.md";
const MOD = `${ROOT}mod.ts`;
const TMP = `${ROOT}tests/.tmp`;

/**
 * The literal block scalars of a YAML block that hold scripts: the lines
 * under a `- |` item or a `run: |` key, indented deeper, dedented.
 */
export function yamlScripts(fence: Fence): string[] {
  const out: string[] = [];
  const lines = fence.lines;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- (?:run: )?|run: )\|$/.exec(lines[i]!);
    if (m === null) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() !== "" && !/^\s/.test(line.slice(m[1]!.length))) break;
      body.push(line);
    }
    const indent = Math.min(
      ...body.filter((l) => l.trim() !== "").map((l) =>
        /^\s*/.exec(l)![0].length
      ),
    );
    out.push(body.map((l) => l.slice(indent)).join("\n").trimEnd());
    i = j - 1;
  }
  return out;
}

Deno.test("recipes: yamlScripts reads - | items and run: | steps", () => {
  const fence: Fence = {
    tag: "yaml",
    line: 1,
    lines: [
      "args:",
      "  - |",
      "    a \\",
      "      b",
      "",
      "    c",
      "steps:",
      "  - run: |",
      "      d",
      "  - uses: x",
    ],
  };
  assert.deepEqual(yamlScripts(fence), ["a \\\n  b\n\nc", "d"]);
});

async function sh(
  shell: string[],
  script: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<void> {
  const { code, stdout, stderr } = await new Deno.Command(shell[0]!, {
    args: [...shell.slice(1), script],
    cwd,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  assert.equal(
    code,
    0,
    `${script}\nexit code ${code}:\n${text.decode(stdout)}${
      text.decode(stderr)
    }`,
  );
}

/** The recipe's YAML blocks, which must be `count` of them. */
async function yamlOf(heading: string, count: number): Promise<Fence[]> {
  const text = await Deno.readTextFile(`${ROOT}${DOC}`);
  const yaml = sectionFences(DOC, text, heading).filter((f) =>
    f.tag === "yaml"
  );
  assert.equal(yaml.length, count, `${DOC}: ${heading}: YAML blocks`);
  return yaml;
}

/** The number after `key:` in a YAML block (or its list's length). */
function countOf(fence: Fence, key: string): number {
  for (const line of fence.lines) {
    const m = new RegExp(`^\\s*${key}: (\\d+|\\[[^\\]]*\\])$`).exec(line);
    if (m === null) continue;
    return m[1]!.startsWith("[")
      ? m[1]!.slice(1, -1).split(",").length
      : Number(m[1]);
  }
  assert.fail(`${DOC}:${fence.line}: no ${key}`);
}

/** Run `fn` in a fresh folder, then compare its merged result with the unsharded run. */
async function againstUnsharded(
  merged: string,
  fn: (dir: string) => Promise<void>,
): Promise<void> {
  await Deno.mkdir(TMP, { recursive: true });
  const dir = await Deno.makeTempDir({ dir: TMP, prefix: "recipe_" });
  try {
    await fn(dir);
    await sh(
      ["bash", "-c"],
      `deno run -A ${MOD} run --policy greedy --quiet --out single.json`,
      dir,
    );
    const [a, b] = [
      await Deno.readFile(`${dir}/${merged}`),
      await Deno.readFile(`${dir}/single.json`),
    ];
    assert.ok(
      a.length === b.length && a.every((v, i) => v === b[i]),
      `${merged} (${a.length} bytes) differs from the unsharded run (${b.length} bytes)`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("recipes: the Kubernetes Indexed Job's pods, then the merge Job's, give the unsharded result", async () => {
  const [shards, merge] = await yamlOf(
    "### Kubernetes: an Indexed Job, then a merge Job",
    2,
  );
  assert.ok(shards!.lines.includes("  completionMode: Indexed"));
  const n = countOf(shards!, "completions");
  const [shard] = yamlScripts(shards!);
  const [join] = yamlScripts(merge!);
  await againstUnsharded("results/greedy.json", async (dir) => {
    // The volume's mount path is the local folder.
    const local = (s: string) =>
      s.replace(/\/work(?=[/\s"]|$)/g, dir).replaceAll(
        "jsr:@ember/stats",
        MOD,
      );
    for (let k = 0; k < n; k++) {
      await sh(["bash", "--posix", "-c"], local(shard!), dir, {
        JOB_COMPLETION_INDEX: String(k),
      });
    }
    await sh(["bash", "--posix", "-c"], local(join!), dir);
  });
});

Deno.test("recipes: the CI matrix's shard jobs, then its merge job, give the unsharded result", async () => {
  const [workflow] = await yamlOf("### A CI matrix: GitHub Actions", 1);
  const n = countOf(workflow!, "shard");
  const [shard, join, ...rest] = yamlScripts(workflow!);
  assert.deepEqual(rest, []);
  await againstUnsharded("results/greedy.json", async (dir) => {
    const local = (s: string, k?: number) =>
      s.replaceAll("${{ matrix.shard }}", String(k))
        .replaceAll("${{ strategy.job-total }}", String(n))
        .replaceAll("jsr:@ember/stats", MOD);
    for (let k = 0; k < n; k++) {
      await sh(["bash", "-e", "-c"], local(shard!, k), dir);
    }
    assert.ok(!join!.includes("${{"), "the merge step uses no matrix value");
    await sh(["bash", "-e", "-c"], local(join!), dir);
  });
});

Deno.test("recipes: the module cache's job script runs with no network, and gives the unsharded result", async () => {
  const text = await Deno.readTextFile(`${ROOT}${DOC}`);
  const blocks = sectionFences(
    DOC,
    text,
    "### A module cache: compute nodes without network, tested here",
  );
  assert.deepEqual(blocks.map((f) => f.tag), ["sh", "text"]);
  const job = blocks[1]!.lines.join("\n");
  assert.ok(job.includes("--cached-only"));
  const info = await new Deno.Command("deno", {
    args: ["info", "--json"],
    stdout: "piped",
  }).output();
  const denoDir: string = JSON.parse(new TextDecoder().decode(info.stdout))
    .denoDir;
  await againstUnsharded("results/greedy.json", async (dir) => {
    await Deno.mkdir(`${dir}/parts`);
    await Deno.mkdir(`${dir}/results`);
    const local = job
      .replaceAll("DENO_DIR=/shared/ember/deno", `DENO_DIR=${denoDir}`)
      .replace(/\/shared\/ember(?=[/\s"]|$)/g, dir)
      .replaceAll("jsr:@ember/stats", MOD);
    assert.ok(!local.includes("/shared"), local);
    // No network device but loopback in the namespace the job runs in.
    await sh(
      ["unshare", "-rn", "bash", "-e", "-c"],
      `test "$(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ')" = lo\n${local}`,
      dir,
    );
  });
});
