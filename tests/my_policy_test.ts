/**
 * `examples/my_policy.ts`, the tour's user policy: its moves on small
 * grids worked out by hand, and a run of it through the CLI's sandbox with
 * the flags README's tour gives, whose result `verify` accepts.
 */

import assert from "node:assert/strict";
import decide from "../examples/my_policy.ts";
import { cli, inTempDir, put, suiteText } from "./cli_support.ts";

const EXAMPLES = new URL("../examples", import.meta.url).pathname;

Deno.test("my_policy: shortest path around walls, ties away from the fire, stay when no exit is reachable", () => {
  // Round the wall to the east exit: north and east are both 6 steps away
  // from it; east ends 4 cells from the fire, north 2. p02 is one step away.
  assert.deepEqual(
    decide({
      grid: ["#######", "F.....E", "#.###.#", "#.....#", "#######"],
      exits: [
        { position: [1, 0], usable: false },
        { position: [1, 6], usable: true },
      ],
      burning: [[1, 0]],
      people: [
        { person_id: "p01", position: [3, 1] },
        { person_id: "p02", position: [1, 5] },
      ],
    }),
    { p01: "east", p02: "east" },
  );
  // Fire between the person and the only exit: nothing is closer, so stay.
  assert.deepEqual(
    decide({
      grid: ["E.F.."],
      exits: [{ position: [0, 0], usable: true }],
      burning: [[0, 2]],
      people: [{ person_id: "p01", position: [0, 4] }],
    }),
    { p01: "stay" },
  );
});

Deno.test("my_policy: runs in the sandbox with the tour's flags and verifies", async () => {
  await inTempDir(async (dir) => {
    await put(dir, "s.json", suiteText(2, ["hot", "cold"]));
    const r = await cli(dir, [
      `--allow-read=.,${EXAMPLES}`,
      "--allow-write=.",
      "--allow-run=deno,bwrap",
    ], [
      "run",
      "--suite",
      "s.json",
      "--policy",
      `${EXAMPLES}/my_policy.ts`,
      "--model-id",
      "mine",
      "--out",
      "mine.json",
    ]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /bundled 1 local file: .*my_policy\.ts\n/);
    const v = await cli(dir, ["--allow-read=s.json,mine.json"], [
      "verify",
      "--suite",
      "s.json",
      "mine.json",
    ]);
    assert.equal(v.code, 0, v.err);
    assert.match(v.out, /^verified: mine\.json: model mine, 4 of 4 scheduled/);
  });
});
