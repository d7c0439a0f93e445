import assert from "node:assert/strict";
import { encode, parse } from "../src/canonical.ts";
import { parseRecord } from "../src/record.ts";
import { recordText } from "../src/record_text.ts";
import type { RunRecord } from "../src/types.ts";

Deno.test("recordText equals the generic canonical encoding", async () => {
  const episodes = parse(
    await Deno.readTextFile(
      new URL("./fixtures/metrics/random_episodes.json", import.meta.url),
    ),
  ) as { record: RunRecord }[];
  assert.ok(episodes.length >= 50);
  for (const { record } of episodes) {
    const rec = parseRecord(record as never);
    assert.equal(recordText(rec), encode(rec));
  }
  // Odd strings and key orders that the simulator never writes.
  const first = parseRecord(episodes[0]!.record as never);
  const step = first.steps[0]!;
  const reversed = Object.fromEntries(Object.entries(step.actions).reverse());
  const odd: RunRecord = {
    ...first,
    header: { ...first.header, scenario_id: 'é"\\\u007f' },
    steps: [{ ...step, actions: { ...reversed, "\u{1F525}": "stay" } }],
  };
  assert.equal(recordText(odd), encode(odd));
});
