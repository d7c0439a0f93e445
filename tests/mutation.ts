/**
 * Single-point mutations of a valid evaluation result, for the mutation
 * fuzzing of issue 11 (tests/fuzz_test.ts, scripts/fuzz_long.ts): a number
 * nudged by one or by one ulp, a string replaced by another value of the
 * same field, a flag flipped, list items swapped or duplicated. `model_id`
 * is a label and is never mutated.
 *
 * A mutated result must be refused with a documented error, or be a
 * byte-level no-op (its canonical bytes unchanged); `judge` says which.
 *
 * @module
 */

import {
  encode,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  parse,
} from "../src/json/canonical.ts";
import { EmberError, StatisticsInputError } from "../src/errors.ts";
import { verifyResult } from "../src/verify/reference.ts";
import type { Suite } from "../src/types.ts";

type Seg = string | number;
/** A place in the document: its path and the value there. */
type Point = { readonly path: readonly Seg[]; readonly value: JsonValue };

/** Where mutations land, drawn region by region so every part is hit. */
export const REGIONS = [
  "manifest",
  "episode key",
  "record header",
  "record initial_state",
  "record steps",
  "record final_state",
  "metrics",
  "lists",
] as const;

/** The points of a result, by region. */
export type PointIndex = Readonly<Record<(typeof REGIONS)[number], Point[]>>;

function isObject(v: JsonValue): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    !(v instanceof JsonFloat);
}

function regionOf(path: readonly Seg[]): (typeof REGIONS)[number] | null {
  const [top, , field, sub] = path;
  if (top === "model_id") return null;
  if (top === "evaluation_manifest" || top === "evaluation_manifest_hash") {
    return "manifest";
  }
  if (top !== "episodes") return null;
  if (field === "metrics") return "metrics";
  if (field !== "record") return "episode key";
  if (sub === "header") return "record header";
  if (sub === "initial_state") return "record initial_state";
  if (sub === "final_state") return "record final_state";
  return "record steps";
}

/** Index every leaf (and every list of two or more items) of a result. */
export function indexPoints(result: JsonValue): PointIndex {
  const index = Object.fromEntries(REGIONS.map((r) => [r, [] as Point[]]));
  const walk = (v: JsonValue, path: Seg[]) => {
    const region = regionOf(path);
    if (Array.isArray(v)) {
      if (v.length >= 1 && region !== null) {
        index["lists"]!.push({ path: [...path], value: v });
      }
      v.forEach((x, i) => walk(x, [...path, i]));
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) walk(v[k]!, [...path, k]);
    } else if (region !== null) {
      index[region]!.push({ path: [...path], value: v });
    }
  };
  walk(result, []);
  return index as unknown as PointIndex;
}

/** The string values of each field name (the last key of a path). */
export function fieldValues(index: PointIndex): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const points of Object.values(index)) {
    for (const p of points) {
      if (typeof p.value !== "string") continue;
      const key = String(
        [...p.path].reverse().find((s) => typeof s === "string"),
      );
      if (!out.has(key)) out.set(key, new Set());
      out.get(key)!.add(p.value);
    }
  }
  return new Map([...out].map(([k, s]) => [k, [...s].sort()]));
}

function ulp(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  const bits = v.getBigUint64(0);
  v.setBigUint64(0, (x > 0) === up ? bits + 1n : bits - 1n);
  return v.getFloat64(0);
}

/** A mutation: what was done, for the failure report. */
export type Mutation = {
  readonly description: string;
  readonly result: JsonValue;
};

/**
 * Apply one mutation, chosen by three numbers (region, point, variant), to a
 * fresh copy of `text` (a canonical result).
 */
export function mutate(
  text: string,
  index: PointIndex,
  values: ReadonlyMap<string, readonly string[]>,
  choice: readonly [number, number, number],
): Mutation {
  const region = REGIONS[choice[0] % REGIONS.length]!;
  const points = index[region];
  const point = points[choice[1] % points.length]!;
  const variant = choice[2];
  const doc = parse(text);
  const parentPath = point.path.slice(0, -1);
  const last = point.path[point.path.length - 1]!;
  // deno-lint-ignore no-explicit-any
  let parent: any = doc;
  for (const s of parentPath) parent = parent[s];
  const where = point.path.map((s) =>
    typeof s === "number" ? `[${s}]` : `.${s}`
  ).join("");
  const v = point.value;
  let what: string;
  if (region === "lists") {
    const list = parent[last] as JsonValue[];
    const i = variant % list.length;
    if (list.length >= 2 && (variant >> 8) % 2 === 0) {
      const j = (i + 1 + ((variant >> 9) % (list.length - 1))) % list.length;
      [list[i], list[j]] = [list[j]!, list[i]!];
      what = `swap items ${i} and ${j}`;
    } else {
      list.splice(i + 1, 0, parse(encode(list[i]!)));
      what = `duplicate item ${i}`;
    }
  } else if (typeof v === "number") {
    const d = variant % 2 === 0 ? 1 : -1;
    parent[last] = v + d;
    what = `integer ${v} -> ${v + d}`;
  } else if (v instanceof JsonFloat) {
    const next = variant % 4 < 2
      ? ulp(v.value, variant % 2 === 0)
      : v.value + (variant % 2 === 0 ? 1 : -1);
    parent[last] = new JsonFloat(next);
    what = `float ${v.value} -> ${next}`;
  } else if (typeof v === "boolean") {
    parent[last] = !v;
    what = `flag ${v} -> ${!v}`;
  } else if (typeof v === "string") {
    const key = String(
      [...point.path].reverse().find((s) => typeof s === "string"),
    );
    const others = (values.get(key) ?? []).filter((s) => s !== v);
    const pool = others.length > 0 ? others : [`${v}x`];
    const next = pool[variant % pool.length]!;
    parent[last] = next;
    what = `string ${JSON.stringify(v)} -> ${JSON.stringify(next)}`;
  } else {
    // null (a nullable field): another value of the same field, if any.
    const key = String(
      [...point.path].reverse().find((s) => typeof s === "string"),
    );
    const pool = values.get(key) ?? [];
    parent[last] = pool.length > 0 ? pool[variant % pool.length]! : 0;
    what = `null -> ${encode(parent[last])}`;
  }
  return { description: `${region} ${where}: ${what}`, result: doc };
}

/** How a mutated result fared. */
export type Verdict = "refused" | "no-op";

/**
 * Verify a mutated result the way a file is read (canonical text, strict
 * reader, full verification). Returns "refused" for a documented refusal,
 * "no-op" when the canonical bytes did not change (and it verified); throws
 * when a changed result is accepted or an undocumented error escapes.
 */
export async function judge(
  original: string,
  m: Mutation,
  suite: Suite,
): Promise<Verdict> {
  const text = encode(m.result);
  let error: unknown;
  try {
    await verifyResult(parse(text, { file: "mutant.json" }), suite, {
      file: "mutant.json",
    });
  } catch (e) {
    error = e;
  }
  if (text === original) {
    if (error !== undefined) {
      throw new Error(`${m.description}: a no-op was refused: ${error}`);
    }
    return "no-op";
  }
  if (error === undefined) {
    throw new Error(`${m.description}: ACCEPTED a changed result`);
  }
  if (
    !(error instanceof StatisticsInputError) || !(error instanceof EmberError)
  ) {
    throw new Error(`${m.description}: undocumented error ${error}`, {
      cause: error,
    });
  }
  if (!error.message.startsWith("mutant.json: ")) {
    throw new Error(
      `${m.description}: message does not name the file: ${error.message}`,
    );
  }
  return "refused";
}
