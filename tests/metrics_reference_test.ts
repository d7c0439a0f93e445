/**
 * Episode metrics against an independent Python implementation
 * (`scripts/metrics_reference.py`, standard library only) on 50 random
 * episodes (`scripts/gen_metrics_episodes.ts`): every field, byte for byte.
 */

import assert from "node:assert/strict";
import { encode, type JsonObject, parse } from "../src/json/canonical.ts";
import { episodeMetrics } from "../src/metrics/episode.ts";
import { parseScenario } from "../src/scenario/scenario.ts";
import { typed } from "./metrics_support.ts";

const DIR = new URL("./fixtures/metrics/", import.meta.url);

Deno.test("metrics equal the Python reference on random episodes", async () => {
  const episodes = parse(
    await Deno.readTextFile(new URL("random_episodes.json", DIR)),
  ) as readonly JsonObject[];
  const expected = parse(
    await Deno.readTextFile(new URL("random_metrics.json", DIR)),
  ) as readonly JsonObject[];
  assert.equal(episodes.length, 50);
  assert.equal(expected.length, episodes.length);
  for (let i = 0; i < episodes.length; i++) {
    const scenario = parseScenario(episodes[i]!["scenario"]!);
    const got = await episodeMetrics(scenario, episodes[i]!["record"]!, {
      file: `random_episodes.json[${i}]`,
    });
    assert.deepStrictEqual(typed(got), typed(expected[i]!), `episode ${i}`);
    assert.equal(encode(got), encode(expected[i]!));
  }
});
