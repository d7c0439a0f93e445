/**
 * Strict reader of scenario schema 1.0 (contract §5). Every problem raises a
 * {@linkcode ScenarioError} naming the file and the field path; nothing is
 * repaired.
 *
 * @module
 */

import { digest, type JsonValue } from "../json/canonical.ts";
import { ScenarioError } from "../errors.ts";
import type { Cell, Exit, Person, Scenario } from "../types.ts";
import { SCHEMA_VERSION } from "../types.ts";
import {
  at,
  type Ctx,
  expectArray,
  expectCell,
  expectEnum,
  expectId,
  expectInt,
  expectObject,
  expectString,
  fail,
  field,
  rootCtx,
} from "../json/fields.ts";

const MAX_SIDE = 256;
const MAX_PEOPLE = 4096;
const MAX_STEPS = 10000;
const MAX_DENOMINATOR = 2 ** 32;

/** Where the scenario sits: its file, and its field path inside a larger document. */
export type ScenarioSource = { file?: string; path?: string };

/**
 * Read and validate a scenario (schema 1.0). Returns a fresh plain object
 * with exactly the schema's fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "../json/canonical.ts";
 * import { parseScenario } from "./scenario.ts";
 * const s = parseScenario(parse(`{"schema_version": "1.0", "scenario_id": "tiny",
 *   "description": "", "grid": ["..."], "exits": [{"exit_id": "x", "position": [0, 0]}],
 *   "people": [{"person_id": "p", "position": [0, 2]}],
 *   "fire": {"ignitions": [], "spread_probability": [0, 1], "enter_fire": "blocked"},
 *   "termination": {"max_steps": 5}}`));
 * assert.ok(s.people[0]?.person_id === "p");
 * ```
 */
export function parseScenario(
  v: JsonValue,
  options: ScenarioSource = {},
): Scenario {
  const ctx = rootCtx(ScenarioError, options.file, options.path ?? "");
  const obj = expectObject(v, ctx, [
    "schema_version",
    "scenario_id",
    "description",
    "grid",
    "exits",
    "people",
    "fire",
    "termination",
  ]);
  const versionCtx = at(ctx, "schema_version");
  const version = expectString(field(obj, "schema_version"), versionCtx);
  if (version !== SCHEMA_VERSION) {
    fail(
      versionCtx,
      `unsupported schema version ${
        JSON.stringify(version)
      }, expected "${SCHEMA_VERSION}"`,
    );
  }
  const scenarioId = expectId(
    field(obj, "scenario_id"),
    at(ctx, "scenario_id"),
  );
  const description = expectString(
    field(obj, "description"),
    at(ctx, "description"),
  );
  const grid = readGrid(field(obj, "grid"), at(ctx, "grid"));
  const exits = readExits(field(obj, "exits"), at(ctx, "exits"), grid);
  const fire = readFire(field(obj, "fire"), at(ctx, "fire"), grid);
  const people = readPeople(
    field(obj, "people"),
    at(ctx, "people"),
    grid,
    exits,
    fire.ignitions,
  );
  const termCtx = at(ctx, "termination");
  const term = expectObject(field(obj, "termination"), termCtx, ["max_steps"]);
  const maxSteps = expectInt(
    field(term, "max_steps"),
    at(termCtx, "max_steps"),
    1,
    MAX_STEPS,
  );
  return {
    schema_version: version,
    scenario_id: scenarioId,
    description,
    grid,
    exits,
    people,
    fire,
    termination: { max_steps: maxSteps },
  };
}

/**
 * The scenario hash: digest of the scenario's canonical JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { digest } from "../json/canonical.ts";
 * import { scenarioHash } from "./scenario.ts";
 * import type { Scenario } from "../types.ts";
 * const s = { scenario_id: "x" } as unknown as Scenario;
 * assert.ok((await scenarioHash(s)) === (await digest({ scenario_id: "x" })));
 * ```
 */
export function scenarioHash(s: Scenario): Promise<string> {
  return digest(s);
}

function readGrid(v: JsonValue, ctx: Ctx): string[] {
  const rows = expectArray(v, ctx, 1, MAX_SIDE);
  const out: string[] = [];
  rows.forEach((item, r) => {
    const rowCtx = at(ctx, r);
    const row = expectString(item, rowCtx);
    if (row.length < 1 || row.length > MAX_SIDE) {
      fail(
        rowCtx,
        `row length ${row.length} is outside [1, ${MAX_SIDE}]`,
      );
    }
    if (r > 0 && row.length !== out[0]!.length) {
      fail(
        rowCtx,
        `ragged grid: row has length ${row.length}, row 0 has ${
          out[0]!.length
        }`,
      );
    }
    for (let c = 0; c < row.length; c++) {
      const ch = row[c]!;
      if (ch !== "#" && ch !== ".") {
        fail(
          rowCtx,
          `unknown character ${
            JSON.stringify(ch)
          } at column ${c} (expected "#" or ".")`,
        );
      }
    }
    out.push(row);
  });
  return out;
}

/** A cell inside the grid on floor; `what` names it in the message. */
function readFloorCell(
  v: JsonValue,
  ctx: Ctx,
  grid: readonly string[],
  what: string,
): Cell {
  const [r, c] = expectCell(v, ctx);
  const row = grid[r];
  if (r < 0 || c < 0 || row === undefined || c >= row.length) {
    fail(
      ctx,
      `${what} [${r}, ${c}] lies outside the ${grid.length}x${
        grid[0]!.length
      } grid`,
    );
  }
  if (row[c] === "#") fail(ctx, `${what} [${r}, ${c}] lies on a wall`);
  return [r, c];
}

const cellKey = (c: Cell) => `${c[0]},${c[1]}`;

type Placed = { readonly id: string; readonly position: Cell };

/**
 * A list of `{<idKey>, position}` objects (exits, people): IDs valid and
 * distinct, positions on floor and distinct; `check` adds the caller's
 * rules for a position.
 */
function readPlaced(
  items: readonly JsonValue[],
  ctx: Ctx,
  grid: readonly string[],
  idKey: string,
  what: string,
  check: (key: string, position: Cell, posCtx: Ctx) => void = () => {},
): Placed[] {
  const ids = new Set<string>();
  const cells = new Set<string>();
  return items.map((item, i) => {
    const ictx = at(ctx, i);
    const obj = expectObject(item, ictx, [idKey, "position"]);
    const idCtx = at(ictx, idKey);
    const id = expectId(field(obj, idKey), idCtx);
    if (ids.has(id)) fail(idCtx, `duplicate ${what} ID ${JSON.stringify(id)}`);
    ids.add(id);
    const posCtx = at(ictx, "position");
    const position = readFloorCell(field(obj, "position"), posCtx, grid, what);
    const key = cellKey(position);
    check(key, position, posCtx);
    if (cells.has(key)) {
      fail(posCtx, `a second ${what} on cell [${position.join(", ")}]`);
    }
    cells.add(key);
    return { id, position };
  });
}

function readExits(
  v: JsonValue,
  ctx: Ctx,
  grid: readonly string[],
): Exit[] {
  return readPlaced(expectArray(v, ctx, 1), ctx, grid, "exit_id", "exit")
    .map(({ id, position }) => ({ exit_id: id, position }));
}

function readFire(
  v: JsonValue,
  ctx: Ctx,
  grid: readonly string[],
): Scenario["fire"] {
  const obj = expectObject(v, ctx, [
    "ignitions",
    "spread_probability",
    "enter_fire",
  ]);
  const igCtx = at(ctx, "ignitions");
  const seen = new Set<string>();
  const ignitions = expectArray(field(obj, "ignitions"), igCtx).map(
    (item, i) => {
      const cctx = at(igCtx, i);
      const cell = readFloorCell(item, cctx, grid, "ignition");
      if (seen.has(cellKey(cell))) {
        fail(cctx, `duplicate ignition [${cell.join(", ")}]`);
      }
      seen.add(cellKey(cell));
      return cell;
    },
  );
  const pCtx = at(ctx, "spread_probability");
  const pair = expectArray(field(obj, "spread_probability"), pCtx, 2, 2);
  const den = expectInt(pair[1], at(pCtx, 1), 1, MAX_DENOMINATOR);
  const num = expectInt(pair[0], at(pCtx, 0), 0, den);
  const enterFire = expectEnum(
    field(obj, "enter_fire"),
    at(ctx, "enter_fire"),
    [
      "casualty",
      "blocked",
    ],
  );
  return {
    ignitions,
    spread_probability: [num, den],
    enter_fire: enterFire,
  };
}

function readPeople(
  v: JsonValue,
  ctx: Ctx,
  grid: readonly string[],
  exits: readonly Exit[],
  ignitions: readonly Cell[],
): Person[] {
  const exitCells = new Set(exits.map((e) => cellKey(e.position)));
  const fireCells = new Set(ignitions.map(cellKey));
  const items = expectArray(v, ctx, 1, MAX_PEOPLE);
  return readPlaced(items, ctx, grid, "person_id", "person", (key, p, c) => {
    if (exitCells.has(key)) {
      fail(c, `person starts on the exit cell [${p.join(", ")}]`);
    }
    if (fireCells.has(key)) {
      fail(c, `person starts on the ignition [${p.join(", ")}]`);
    }
  }).map(({ id, position }) => ({ person_id: id, position }));
}
