/**
 * The CLI's peak memory with `--transcript` when a policy answers with a
 * large `_info` on every step, against the same run without `_info`:
 *
 *     deno run -A bench/transcript_memory.ts [STEPS] [INFO_CHARS] [SEEDS]
 *
 * (defaults 600, 60000, 2: the run of tests/transcript_test.ts). One
 * scenario where nobody moves, so every one of its STEPS steps is decided,
 * SEEDS episodes; the peak is GNU time's (tests/cli_memory_support.ts).
 *
 * @module
 */

import { inTempDir, put, scenarioText } from "../tests/cli_support.ts";
import { measureCli } from "../tests/cli_memory_support.ts";

const [steps = "600", chars = "60000", seeds = "2"] = Deno.args;
const seedList = Array.from({ length: Number(seeds) }, (_, i) => i).join(",");
const scenario = scenarioText("still", false).replace(
  '"max_steps": 12',
  `"max_steps": ${Number(steps)}`,
);

await inTempDir(async (dir) => {
  await put(
    dir,
    "s.json",
    `{"suite_id":"long","suite_version":"1","families":[],"scenarios":[{"scenario":${scenario},"seeds":[${seedList}]}]}`,
  );
  for (const info of [false, true]) {
    await put(
      dir,
      "p.js",
      `const INFO = "i".repeat(${Number(chars)});
export default (obs) => {
  const a = Object.fromEntries(obs.people.map((p) => [p.person_id, "stay"]));
  return ${info ? "{ _actions: a, _info: INFO }" : "a"};
};`,
    );
    const started = performance.now();
    const r = await measureCli(
      dir,
      ["--allow-read=.", "--allow-write=.", "--allow-run=deno"],
      [
        "run",
        "--quiet",
        "--suite",
        "s.json",
        "--policy",
        "./p.js",
        "--model-id",
        "m",
        "--out",
        "r.json",
        "--transcript",
        "t.jsonl",
      ],
    );
    const size = await Deno.stat(`${dir}/t.jsonl`).then((s) => s.size, () => 0);
    const last = r.err.trim().split("\n").at(-1) ?? "";
    console.log(
      `${
        info ? `_info of ${chars} chars` : "no _info"
      }: exit ${r.code}, peak RSS ${r.peakMb.toFixed(1)} MiB, transcript ${
        (size / 2 ** 20).toFixed(1)
      } MiB, ${((performance.now() - started) / 1000).toFixed(1)} s${
        last === "" ? "" : `; ${last.slice(0, 200)}`
      }`,
    );
  }
});
