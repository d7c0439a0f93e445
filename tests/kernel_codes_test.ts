// The replay kernel's region ids and codes come from one table
// (scripts/gen_kernel_codes.ts): the committed modules are what it
// generates, the generator refuses a table the kernel could not rely on,
// `build_wasm.ts --check` fails on a stale module, and the table's column of
// what sizes each region agrees with what the kernel's prepare() places.

import assert from "node:assert/strict";
import {
  assemblyCodes,
  type Code,
  type Group,
  KERNEL_CODES,
  type KernelCodes,
  type Region,
  typeScriptCodes,
} from "../scripts/gen_kernel_codes.ts";
import { replayInstance } from "../src/replay/kernel.ts";
import {
  ACTION_NAMES,
  CHECK_NAMES,
  OUTCOME_NAMES,
  R_ACTIONS,
  R_INITIAL,
  R_TEXT,
  REGIONS,
  RUN_STOPS,
  STATUS_NAMES,
} from "../src/kernel_codes.ts";

const root = new URL("../", import.meta.url);
const read = (p: string) => Deno.readTextFile(new URL(p, root));

Deno.test("the committed code modules are what the table generates", async () => {
  assert.equal(await read("assembly/codes.ts"), assemblyCodes());
  assert.equal(await read("src/kernel_codes.ts"), typeScriptCodes());
});

Deno.test("the host's names by code are the kernel's, as written before the table", () => {
  // The lists each module declared by hand before there was one table.
  assert.deepEqual(ACTION_NAMES, ["stay", "north", "east", "south", "west"]);
  assert.deepEqual(OUTCOME_NAMES, [
    "stayed",
    "moved",
    "blocked_boundary",
    "blocked_wall",
    "blocked_fire",
    "blocked_occupied",
    "blocked_conflict",
    "blocked_cycle",
  ]);
  assert.deepEqual(STATUS_NAMES, ["active", "evacuated", "casualty"]);
  assert.deepEqual(RUN_STOPS, [
    "terminated",
    "log_ended",
    "bad_action",
    "log_mismatch",
  ]);
  assert.equal(CHECK_NAMES.length, 23);
  assert.equal(CHECK_NAMES[4], "initial_trapped");
  assert.equal(CHECK_NAMES[22], "final_resolution");
  assert.equal(REGIONS, 48);
  assert.equal(R_ACTIONS, 4);
  assert.equal(R_TEXT, 35);
  assert.equal(R_INITIAL, 40);
});

type Editable = Omit<Group, "codes"> & { codes: Code[] };

/** The table with `change` applied to a copy of it. */
function edited(
  change: (regions: Region[], groups: Editable[]) => void,
): KernelCodes {
  const regions = [...KERNEL_CODES.regions];
  const groups: Editable[] = KERNEL_CODES.groups.map((g) => ({
    ...g,
    codes: [...g.codes],
  }));
  change(regions, groups);
  return { regions, groups };
}

Deno.test("the generator refuses a table the kernel could not rely on", () => {
  const both = (table: KernelCodes, message: RegExp) => {
    assert.throws(() => assemblyCodes(table), message);
    assert.throws(() => typeScriptCodes(table), message);
  };
  // R_OUTCOME (sized by the log) before R_ACTIONS: readTextLog's second
  // prepare() would move the codes it read.
  both(
    edited((r) => {
      [r[3], r[5]] = [r[5]!, r[3]!];
    }),
    /before R_ACTIONS/,
  );
  both(
    edited((r) => {
      r[0] = { ...r[0]!, sized: "log" };
    }),
    /before R_ACTIONS/,
  );
  both(edited((r) => r.splice(4, 1)), /before R_ACTIONS/);
  both(
    edited((r) => {
      r[20] = { ...r[20]!, name: "WALL" };
    }),
    /R_WALL is declared twice/,
  );
  both(
    edited((_, g) => {
      g[0]!.codes[1] = { ...g[0]!.codes[1]!, name: "STATUS_ACTIVE" };
    }),
    /STATUS_ACTIVE is declared twice/,
  );
  both(
    edited((_, g) => {
      const outcomes = g[1]!.codes;
      outcomes[9] = { ...outcomes[9]!, value: 254 };
    }),
    /has the value 254/,
  );
  both(
    edited((_, g) => {
      const bits = g[5]!.codes;
      bits[3] = { ...bits[3]!, value: 256 };
    }),
    /has the value 256/,
  );
  both(
    edited((_, g) => {
      const outcomes = g[1]!.codes;
      outcomes.unshift(outcomes.pop()!);
    }),
    /named codes must come first|only the codes by index/,
  );
  // The table as it is passes.
  assemblyCodes(KERNEL_CODES);
  typeScriptCodes(KERNEL_CODES);
});

/**
 * Run `scripts/build_wasm.ts --check` in a copy of what it reads before it
 * compiles, with `stale` changed: it must exit 1 naming exactly that file.
 */
async function checkOfCopy(stale: string): Promise<void> {
  const tmp = new URL("tests/.tmp/", root);
  await Deno.mkdir(tmp, { recursive: true });
  const dir = await Deno.makeTempDir({ dir: tmp.pathname, prefix: "codes_" });
  try {
    for (
      const p of [
        "scripts/build_wasm.ts",
        "scripts/gen_keccak.ts",
        "scripts/gen_kernel_codes.ts",
        "assembly/keccak.ts",
        "assembly/codes.ts",
        "src/kernel_codes.ts",
        "deno.lock",
      ]
    ) {
      const to = `${dir}/${p}`;
      await Deno.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
      let text = await read(p);
      if (p === stale) text = text.replace("= 4;", "= 40;");
      assert.ok(p !== stale || text !== (await read(p)));
      await Deno.writeTextFile(to, text);
    }
    const out = await new Deno.Command("deno", {
      // The copy's own lock, frozen: the compiler's version is the
      // checkout's, and no lock is written.
      args: [
        "run",
        "--no-config",
        "--lock=deno.lock",
        "--frozen",
        `--allow-read=${dir}`,
        "--allow-env",
        "--allow-run=deno",
        "scripts/build_wasm.ts",
        "--check",
      ],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 1, err);
    assert.match(
      err,
      new RegExp(
        `^${stale} differs from what scripts/gen_kernel_codes.ts`,
        "m",
      ),
    );
    const other = stale === "src/kernel_codes.ts"
      ? "assembly/codes.ts"
      : "src/kernel_codes.ts";
    assert.ok(!err.includes(other), err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("build_wasm.ts --check fails when a generated code module is stale", async () => {
  await checkOfCopy("src/kernel_codes.ts");
  await checkOfCopy("assembly/codes.ts");
});

type Dims = readonly [number, number, number, number, number, number];

/** Each region's size in bytes (8-byte aligned) as prepare() places them. */
function sizesOf(dims: Dims): number[] {
  const k = replayInstance();
  // prepareText places R_TEXT right above everything prepare() placed: the
  // end of the last region.
  assert.equal(k.prepareText(...dims, 0, 0, 0), 0);
  const top = k.region(R_TEXT);
  assert.equal(k.prepare(...dims), 0);
  const sizes: number[] = [];
  for (let id = 0; id < REGIONS; id++) {
    const end = id + 1 < REGIONS ? k.region(id + 1) : top;
    sizes.push(end - k.region(id));
  }
  return sizes;
}

/** The addresses of every region as prepare() places them. */
function addressesOf(dims: Dims): number[] {
  const k = replayInstance();
  assert.equal(k.prepare(...dims), 0);
  return Array.from({ length: REGIONS }, (_, id) => k.region(id));
}

// width, height, people, ignitions, log entries, log steps.
const BASE: Dims = [5, 4, 3, 2, 10, 6];
const LONGER_LOG: Dims = [5, 4, 3, 2, 1000, 700];
const LARGER_LAYOUT: Dims = [9, 7, 11, 5, 10, 6];

/** The regions whose `sized` the kernel's placement contradicts. */
function mismatches(regions: readonly Region[]): string[] {
  const base = sizesOf(BASE);
  const log = sizesOf(LONGER_LOG);
  const layout = sizesOf(LARGER_LAYOUT);
  const wrong: string[] = [];
  regions.forEach((r, id) => {
    const byLog = log[id] !== base[id];
    const byLayout = layout[id] !== base[id];
    const empty = base[id] === 0 && log[id] === 0 && layout[id] === 0;
    const ok = r.sized === "text"
      ? empty
      : r.sized === "log"
      ? byLog
      : !byLog && byLayout;
    if (!ok) wrong.push(r.name);
  });
  return wrong;
}

Deno.test("prepare() sizes each region by what the table says", () => {
  assert.equal(KERNEL_CODES.regions.length, REGIONS);
  assert.deepEqual(mismatches(KERNEL_CODES.regions), []);
  // The comparison would see a region labelled wrongly.
  const relabelled = KERNEL_CODES.regions.map((r) =>
    r.name === "LOG_END" ? { ...r, sized: "layout" as const } : r
  );
  assert.deepEqual(mismatches(relabelled), ["LOG_END"]);
  const text = KERNEL_CODES.regions.map((r) =>
    r.name === "STATUS" ? { ...r, sized: "text" as const } : r
  );
  assert.deepEqual(mismatches(text), ["STATUS"]);
});

Deno.test("a placement for another log moves no region up to R_ACTIONS (readTextLog)", () => {
  const base = addressesOf(BASE);
  const longer = addressesOf(LONGER_LOG);
  assert.deepEqual(
    longer.slice(0, R_ACTIONS + 1),
    base.slice(0, R_ACTIONS + 1),
  );
  // Past R_ACTIONS the placement does move: the comparison is not empty.
  assert.notDeepEqual(longer.slice(R_ACTIONS + 1), base.slice(R_ACTIONS + 1));
});
