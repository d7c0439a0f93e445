/**
 * Tamper cases on whole results: statistics.md §1 (manifest, episode keys,
 * headers, stored metrics), int/float swaps, and text the strict reader
 * refuses (duplicate keys, an unsafe integer, a non-finite number); and what
 * is not tampering (whitespace, a relabelled model, a missing episode).
 *
 * @module
 */

import { digest, encode, JsonFloat } from "../src/json/canonical.ts";
import {
  type Any,
  BASE,
  BASE_TEXT,
  BOTTLE0,
  type Case,
  type Edit,
  fresh,
  HALL0,
  HALL1,
  nextUp,
  resultCase,
  THREE0,
} from "./tamper_support.ts";

export async function resultChecks(): Promise<Case[]> {
  const cases: Case[] = [];
  const add = (c: Case) => cases.push(c);
  const rehash = async (r: Any) => {
    r.evaluation_manifest_hash = await digest(r.evaluation_manifest);
  };
  const withHash = async (name: string, edit: Edit, path: string) => {
    const r = fresh();
    edit(r);
    await rehash(r);
    add({
      name,
      text: encode(r),
      verdict: "refuse",
      kind: "StatisticsInputError",
      path,
    });
  };
  add(resultCase("manifest: unknown field", (r) => {
    r.evaluation_manifest.note = "x";
  }, "evaluation_manifest.note"));
  await withHash("manifest: suite version (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_version = "1.1";
  }, "evaluation_manifest.suite_version");
  await withHash("manifest: suite hash (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_hash = "a".repeat(64);
  }, "evaluation_manifest.suite_hash");
  await withHash("manifest: suite ID (hash recomputed)", (r) => {
    r.evaluation_manifest.suite_id = "emberbench-public";
  }, "evaluation_manifest.suite_id");
  for (
    const k of [
      "simulator_version",
      "observation_version",
      "metrics_version",
      "schema_version",
    ]
  ) {
    await withHash(`manifest: changed ${k}`, (r) => {
      r.evaluation_manifest[k] = "1.1";
    }, `evaluation_manifest.${k}`);
  }
  await withHash("manifest: an episode dropped from the schedule", (r) => {
    r.evaluation_manifest.episodes.pop();
    r.episodes.pop();
  }, "evaluation_manifest.episodes");
  // A wrong scenario hash carried everywhere (manifest, keys, headers).
  await withHash("wrong scenario hash, consistent everywhere", (r) => {
    const bad = "b".repeat(64);
    for (const e of r.evaluation_manifest.episodes) {
      if (e.scenario_id === "hall_two_exits") e.scenario_hash = bad;
    }
    for (const e of r.episodes) {
      if (e.scenario_id !== "hall_two_exits") continue;
      e.scenario_hash = bad;
      e.record.header.scenario_hash = bad;
      e.metrics.scenario_hash = bad;
    }
  }, "evaluation_manifest.episodes[0]");
  add(resultCase("wrong scenario hash in one episode key", (r) => {
    r.episodes[1].scenario_hash = "c".repeat(64);
  }, "episodes[1].scenario_hash"));
  add(resultCase("manifest hash", (r) => {
    r.evaluation_manifest_hash = "0".repeat(64);
  }, "evaluation_manifest_hash"));
  add(resultCase("manifest edited, old hash", (r) => {
    r.evaluation_manifest.episodes[5].seed = 7;
  }, "evaluation_manifest.episodes[5]"));
  add(resultCase("episodes reordered", (r) => {
    [r.episodes[1], r.episodes[2]] = [r.episodes[2], r.episodes[1]];
  }, "episodes[2].index"));
  add(resultCase("episode duplicated", (r) => {
    r.episodes[2] = r.episodes[1];
  }, "episodes[2].index"));
  add(resultCase("episode index beyond the manifest", (r) => {
    r.episodes[5].index = 6;
  }, "episodes[5].index"));
  add(resultCase("episode key: seed differs from its manifest entry", (r) => {
    r.episodes[3].seed = 0;
  }, "episodes[3].seed"));
  add(
    resultCase("episode key: scenario differs from its manifest entry", (r) => {
      r.episodes[3].scenario_id = "hall_two_exits";
    }, "episodes[3].scenario_id"),
  );
  add(resultCase("record header seed differs from the manifest", (r) => {
    r.episodes[3].record.header.seed = 0;
  }, "episodes[3].record.header.seed"));
  add(resultCase("metrics header: seed", (r) => {
    r.episodes[3].metrics.seed = 0;
  }, "episodes[3].metrics.seed"));
  add(resultCase("metrics header: metrics version", (r) => {
    r.episodes[3].metrics.metrics_version = "1.1";
  }, "episodes[3].metrics.metrics_version"));
  add(resultCase("model_id is not an ID", (r) => {
    r.model_id = "gree dy";
  }, "model_id"));
  add(resultCase("unknown top-level field", (r) => {
    r.note = "x";
  }, "note"));
  add(resultCase("unknown episode field", (r) => {
    r.episodes[2].note = "x";
  }, "episodes[2].note"));
  // Stored metrics.
  const t = fresh().episodes[BOTTLE0].metrics.time.mean_person_time_to_safety;
  add(resultCase("a stored metric one ulp off", (r) => {
    r.episodes[BOTTLE0].metrics.time.mean_person_time_to_safety = new JsonFloat(
      nextUp(t.value),
    );
  }, `episodes[${BOTTLE0}].metrics.time.mean_person_time_to_safety`));
  const evacRate = BASE.episodes[THREE0]!.metrics as Any;
  if (!(evacRate.safety.evacuated_rate instanceof JsonFloat)) {
    throw new Error("evacuated_rate should be a float");
  }
  add(resultCase("a float field written as an integer (1 for 1.0)", (r) => {
    r.episodes[THREE0].metrics.safety.evacuated_rate = r.episodes[THREE0]
      .metrics.safety.evacuated_rate.value;
  }, `episodes[${THREE0}].metrics.safety.evacuated_rate`));
  add(resultCase("an integer field written as a float (20.0 for 20)", (r) => {
    r.episodes[THREE0].metrics.safety.population = new JsonFloat(
      r.episodes[THREE0].metrics.safety.population,
    );
  }, `episodes[${THREE0}].metrics.safety.population`));
  add(resultCase("a stored metric removed", (r) => {
    delete r.episodes[HALL1].metrics.safety.stranded;
  }, `episodes[${HALL1}].metrics.safety.stranded`));
  add(resultCase("a stored metric added", (r) => {
    r.episodes[HALL1].metrics.safety.score = new JsonFloat(1);
  }, `episodes[${HALL1}].metrics.safety.score`));
  add(resultCase("a stored count changed with its rate", (r) => {
    const s = r.episodes[HALL0].metrics.safety;
    s.casualties -= 1;
    s.evacuated += 1;
    s.casualty_rate = new JsonFloat((s.casualties) / s.population);
    s.evacuated_rate = new JsonFloat(s.evacuated / s.population);
  }, `episodes[${HALL0}].metrics.safety.casualties`));
  // Text-level attacks: what the strict reader refuses.
  const text = (name: string, t: string, path: string, mention: string) =>
    add({
      name,
      text: t,
      verdict: "refuse",
      kind: "CanonicalJsonError",
      path,
      mentions: [mention],
    });
  text(
    "duplicate JSON key",
    once(BASE_TEXT, '{"index":2,', '{"index":2,"index":2,'),
    "episodes[2].index",
    "duplicate key",
  );
  text(
    "duplicate JSON key, same value deep in a record",
    once(
      BASE_TEXT,
      '"terminated":false',
      '"terminated":false,"terminated":false',
    ),
    // The first `"terminated":false` of the canonical text is in the first
    // snapshot: metrics < record, and final_state, header have no such key.
    "episodes[0].record.initial_state.terminated",
    "duplicate key",
  );
  text(
    "an unsafe integer",
    once(
      BASE_TEXT,
      ',"seed":1},{"index":2,',
      ',"seed":9007199254740993},{"index":2,',
    ),
    "episodes[1].seed",
    "outside",
  );
  text(
    "a non-finite float",
    once(BASE_TEXT, '"evacuated_rate":', '"evacuated_rate":1e400,"x":'),
    "episodes[0].metrics.safety.evacuated_rate",
    "not finite",
  );
  return cases;
}

function once(text: string, find: string, replace: string): string {
  const i = text.indexOf(find);
  if (i < 0) throw new Error(`tamper corpus: ${find} not found`);
  return text.slice(0, i) + replace + text.slice(i + find.length);
}

/** The next double above x (x > 0). */
export function notTampering(): Case[] {
  const r = fresh();
  r.model_id = "another-label";
  const partial = fresh();
  partial.episodes.splice(THREE0, 1);
  return [
    {
      name: "whitespace only",
      text: spaced(BASE_TEXT),
      verdict: "accept",
    },
    { name: "model_id is a label", text: encode(r), verdict: "accept" },
    {
      name: "a whole episode removed (a valid partial result)",
      text: encode(partial),
      verdict: "accept",
    },
  ];
}

/** Insert whitespace between tokens (the result holds no `,"` in strings). */
function spaced(text: string): string {
  return text.replaceAll(',"', ',\n\t"').replaceAll('":', '" : ')
    .replaceAll("[", "[ ").replaceAll("{", "{\r\n");
}
