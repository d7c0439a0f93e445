/**
 * Writes that fail (issue 11): a full disk (ENOSPC, a small tmpfs in a
 * private mount namespace, and `/dev/full` for standard output), a
 * read-only file system (EROFS) and a directory the process may not write
 * (EACCES, also as root: a directory owned by an unmapped user inside a
 * user namespace). Each fails with a clear error naming the file, exit 1,
 * and leaves the previous file intact and no temporary file.
 *
 * The faults are real: each test first proves that the fault happens (a
 * probe write fails with it) and fails loudly when it cannot be produced.
 * Needs `--allow-run=unshare`.
 */

import assert from "node:assert/strict";
import { encode } from "../src/json/canonical.ts";
import { inTempDir } from "./cli_support.ts";
import { subsetSuiteValue } from "./tamper_support.ts";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const PREVIOUS = "previous bytes";

/**
 * Run a shell script in `dir`: in a new user and mount namespace ("-rm"), a
 * new user namespace ("-r"), or none (`unshare` with no flag runs it as is).
 */
async function inNamespace(
  dir: string,
  script: string,
  namespaces: "-rm" | "-r" | "none" = "-rm",
) {
  const out = await new Deno.Command("unshare", {
    args: [...(namespaces === "none" ? [] : [namespaces]), "sh", "-c", script],
    cwd: dir,
    env: { NO_COLOR: "1", CLI },
    stdout: "piped",
    stderr: "piped",
  }).output().catch((e) => {
    throw new Error(`cannot run unshare here (${e}); this test needs it`);
  });
  const d = new TextDecoder();
  return {
    code: out.code,
    out: d.decode(out.stdout),
    err: d.decode(out.stderr),
  };
}

// The CLI with read and write access to the working directory.
const DENO = 'deno run --no-prompt --allow-read=. --allow-write=. "$CLI"';

/** Mount a tmpfs of `size` on ./mnt and prove that it fills up. */
const TMPFS = (size: string) => `
set -e
mkdir -p mnt
mount -t tmpfs -o size=${size} tmpfs mnt
if head -c 1048576 /dev/zero > mnt/probe 2> probe.err; then
  echo "PROBE: no ENOSPC"; exit 99
fi
grep -q "No space left" probe.err || { echo "PROBE: $(cat probe.err)"; exit 99; }
rm mnt/probe
printf '${PREVIOUS}' > mnt/out.json
set +e
`;

/** After the command: its exit code, the file, the folder listing. */
const REPORT = `
echo "rc=$rc"
echo "file=$(cat mnt/out.json)"
echo "listing=$(ls -A mnt | tr '\\n' ' ')"
`;

function field(out: string, key: string): string {
  const line = out.split("\n").find((l) => l.startsWith(`${key}=`));
  assert.ok(line !== undefined, `no ${key} in ${out}`);
  return line.slice(key.length + 1).trimEnd();
}

function checkFailed(
  r: { code: number; out: string; err: string },
  cause: RegExp,
) {
  assert.ok(
    !r.out.includes("PROBE"),
    `the fault could not be produced: ${r.out}`,
  );
  assert.equal(r.code, 0, `namespace script failed: ${r.err}`);
  assert.equal(field(r.out, "rc"), "1", r.err);
  assert.match(r.err, /^error: mnt\/out\.json: cannot write: /m);
  assert.match(r.err, cause);
  assert.doesNotMatch(r.err, /internal error/);
  assert.equal(field(r.out, "file"), PREVIOUS, "the previous file changed");
  assert.equal(
    field(r.out, "listing"),
    "out.json",
    "a temporary file was left",
  );
}

Deno.test("faults: ENOSPC on --out (run, suite --json) leaves the previous file", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/suite.json`, encode(subsetSuiteValue()));
    // The run's first checkpoint (one episode) does not fit in 16 KiB.
    const run = await inNamespace(
      dir,
      `${TMPFS("16k")}
${DENO} run --quiet --policy greedy --suite suite.json --out mnt/out.json; rc=$?
${REPORT}`,
    );
    checkFailed(run, /no space left on device/);
    const json = await inNamespace(
      dir,
      `${TMPFS("16k")}
${DENO} suite --json --out mnt/out.json; rc=$?
${REPORT}`,
    );
    checkFailed(json, /no space left on device/);
  });
});

Deno.test("faults: a read-only file system (EROFS) leaves the previous file", async () => {
  await inTempDir(async (dir) => {
    const r = await inNamespace(
      dir,
      `${TMPFS("64k")}
mount -o remount,ro mnt
if printf x > mnt/probe 2> probe.err; then echo "PROBE: writable"; fi
${DENO} suite --json --out mnt/out.json; rc=$?
${REPORT}`,
    );
    checkFailed(r, /read-only file system/);
  });
});

Deno.test("faults: a read-only file system is refused before the input is read", async () => {
  await inTempDir(async (dir) => {
    // A suite cut short: a command that read it before trying the output
    // folder would name it, not the folder.
    const suite = encode(subsetSuiteValue());
    await Deno.writeTextFile(`${dir}/cut.json`, suite.slice(0, -1));
    const r = await inNamespace(
      dir,
      `${TMPFS("64k")}
mount -o remount,ro mnt
if (printf x > mnt/probe) 2> probe.err; then echo "PROBE: writable"; fi
${DENO} run --quiet --policy greedy --suite cut.json --out mnt/out.json; rc=$?
${REPORT}`,
    );
    checkFailed(r, /read-only file system/);
    assert.equal(
      r.err,
      "error: mnt/out.json: cannot write: read-only file system\n",
    );
  });
});

Deno.test("faults: permission denied (EACCES, also for root) leaves the previous file", async () => {
  await inTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/mnt`);
    await Deno.writeTextFile(`${dir}/mnt/out.json`, PREVIOUS);
    let namespaces: "-r" | "none" = "-r";
    try {
      // Root bypasses file modes, but not inside a user namespace for a
      // directory owned by a user the namespace does not map.
      await Deno.chown(`${dir}/mnt`, 65534, 65534);
      await Deno.chown(`${dir}/mnt/out.json`, 65534, 65534);
      await Deno.chmod(`${dir}/mnt`, 0o755);
    } catch {
      // Not root: a plain read-only mode is enough, outside any namespace
      // (inside one, the owner would be root of the namespace again).
      await Deno.chmod(`${dir}/mnt`, 0o555);
      namespaces = "none";
    }
    const script = `
if (printf x > mnt/probe) 2> probe.err; then echo "PROBE: writable"; fi
grep -q "Permission denied" probe.err || echo "PROBE: $(cat probe.err)"
${DENO} suite --json --out mnt/out.json; rc=$?
${REPORT}`;
    const r = await inNamespace(dir, script, namespaces);
    await Deno.chmod(`${dir}/mnt`, 0o755).catch(() => {});
    checkFailed(r, /the operating system denied access/);
  });
});

Deno.test("faults: a full standard output (/dev/full) is a clear error, exit 1", async () => {
  await inTempDir(async (dir) => {
    const r = await inNamespace(
      dir,
      `if printf x > /dev/full 2> probe.err; then echo "PROBE: /dev/full accepts writes"; fi
${DENO} suite --json > /dev/full; echo "rc=$?"`,
      "none",
    );
    assert.ok(!r.out.includes("PROBE"), r.out);
    assert.equal(field(r.out, "rc"), "1", r.err);
    assert.match(
      r.err,
      /^error: <stdout>: cannot write: no space left on device/,
    );
  });
});
