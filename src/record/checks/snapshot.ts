/**
 * Checks of one snapshot against the scenario (metrics.md §2): the person
 * list, sorted cell lists, the trapped set and the termination flags.
 *
 * @module
 */

import { compareCodePoints } from "../../json/canonical.ts";
import { compareCells, showCell, trappedSet } from "../../scenario/geometry.ts";
import type { Cell, Scenario, Snapshot } from "../../types.ts";
import { at, type Ctx, fail } from "../../json/fields.ts";

/** Require the snapshot to list exactly the scenario people, in ID order. */
export function checkPeopleList(
  people: readonly { readonly person_id: string }[],
  ids: readonly string[],
  ctx: Ctx,
): void {
  if (people.length !== ids.length) {
    fail(
      ctx,
      `expected the ${ids.length} scenario people, found ${people.length} entries`,
    );
  }
  people.forEach((p, i) => {
    if (p.person_id !== ids[i]) {
      fail(
        at(at(ctx, i), "person_id"),
        `expected person ${JSON.stringify(ids[i])} (every scenario person, ` +
          `sorted by ID), found ${JSON.stringify(p.person_id)}`,
      );
    }
  });
}

/** Require a cell list in strictly increasing row-major order. */
export function checkRowMajor(cells: readonly Cell[], ctx: Ctx): void {
  for (let i = 1; i < cells.length; i++) {
    if (compareCells(cells[i - 1]!, cells[i]!) >= 0) {
      fail(
        at(ctx, i),
        `cell ${showCell(cells[i]!)} breaks strict row-major order after ` +
          showCell(cells[i - 1]!),
      );
    }
  }
}

/** Require an ID list in strictly increasing code-point order. */
export function checkSortedIds(ids: readonly string[], ctx: Ctx): void {
  for (let i = 1; i < ids.length; i++) {
    if (compareCodePoints(ids[i - 1]!, ids[i]!) >= 0) {
      fail(
        at(ctx, i),
        `${JSON.stringify(ids[i])} breaks strict ID order after ` +
          JSON.stringify(ids[i - 1]),
      );
    }
  }
}

/** Require the snapshot's trapped set to equal a recomputation. */
export function checkTrapped(
  scenario: Scenario,
  snap: Snapshot,
  ctx: Ctx,
): void {
  const active = snap.people.filter((p) => p.status === "active");
  const expected = trappedSet(scenario, snap.burning, active);
  const found = snap.trapped;
  const same = expected.length === found.length &&
    expected.every((id, i) => id === found[i]);
  if (!same) {
    fail(
      at(ctx, "trapped"),
      `trapped set ${JSON.stringify(found)} differs from the recomputed ` +
        JSON.stringify(expected),
    );
  }
}

/**
 * Require the termination flags that contract §7 step 9 gives snapshot
 * `t`: terminated exactly when nobody is active or `t = H`, and only as the
 * last snapshot of the record.
 */
export function checkTermination(
  snap: Snapshot,
  t: number,
  horizon: number,
  isLast: boolean,
  ctx: Ctx,
): void {
  const nobodyActive = snap.people.every((p) => p.status !== "active");
  const reason = nobodyActive
    ? "all_resolved"
    : t === horizon
    ? "max_steps"
    : null;
  if (snap.terminated && !isLast) {
    fail(
      at(ctx, "terminated"),
      `only the last snapshot may be terminated, but snapshot ${t} is`,
    );
  }
  if (snap.terminated && reason === null) {
    fail(
      at(ctx, "terminated"),
      `snapshot ${t} is terminated although people are active and ` +
        `${t} < max_steps = ${horizon}`,
    );
  }
  if (!snap.terminated && reason !== null) {
    fail(
      at(ctx, "terminated"),
      `snapshot ${t} must terminate (${reason}) but is not terminated`,
    );
  }
  if (!snap.terminated && isLast) {
    fail(
      at(ctx, "terminated"),
      `record ends at snapshot ${t} without reaching termination; ` +
        "metrics need a complete episode",
    );
  }
  if (snap.termination_reason !== reason) {
    fail(
      at(ctx, "termination_reason"),
      `expected ${JSON.stringify(reason)} (${
        nobodyActive ? "nobody is active" : `t = ${t}, max_steps = ${horizon}`
      }), found ${JSON.stringify(snap.termination_reason)}`,
    );
  }
}
