/** The incremental fire-distance field against a brute-force Manhattan minimum. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { FireDistance } from "../src/metrics/sections/fire_distance.ts";

Deno.test("distance field equals the brute-force Manhattan minimum", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.array(fc.nat(), { maxLength: 4 }), { maxLength: 5 }),
      (rows, cols, batches) => {
        const field = new FireDistance(rows, cols);
        const burning: [number, number][] = [];
        assert.equal(field.at(0), null);
        for (const batch of batches) {
          const keys = batch.map((k) => k % (rows * cols));
          field.ignite(keys);
          for (const k of keys) {
            burning.push([Math.floor(k / cols), k % cols]);
          }
          for (let r = 0; r < rows; r++) {
            for (let c = 0; c < cols; c++) {
              const want = burning.length === 0 ? null : Math.min(
                ...burning.map(([br, bc]) =>
                  Math.abs(br - r) + Math.abs(bc - c)
                ),
              );
              assert.equal(field.at(r * cols + c), want);
            }
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});
