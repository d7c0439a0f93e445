import assert from "node:assert/strict";
import { float } from "../src/json/canonical.ts";
import { firstDifference, show } from "../src/json/diff.ts";

const at = (a: unknown, b: unknown, order: "second" | "union") => {
  const d = firstDifference(a, b, { order, path: "r" });
  return d === null ? null : [d.path, d.first, d.second];
};

Deno.test("firstDifference, second's order: its fields in its order, then the first's extras", () => {
  // The second value's fields come first, in its own (not sorted) order.
  assert.deepStrictEqual(at({ a: 1, z: 1 }, { z: 2, a: 2 }, "second"), [
    "r.z",
    1,
    2,
  ]);
  // A field the second has and the first lacks is named, with nothing on the first side.
  assert.deepStrictEqual(at({ a: 1 }, { b: 1, a: 2 }, "second"), [
    "r.b",
    undefined,
    1,
  ]);
  // The first's extra fields only after every shared one, smallest code point first.
  assert.deepStrictEqual(at({ y: 0, x: 0, a: 1 }, { a: 2 }, "second"), [
    "r.a",
    1,
    2,
  ]);
  assert.deepStrictEqual(at({ y: 0, x: 0, a: 2 }, { a: 2 }, "second"), [
    "r.x",
    0,
    undefined,
  ]);
  // Arrays: element by element, then the first index only one side has.
  assert.deepStrictEqual(at([1, 2, 3], [1, 2], "second"), [
    "r[2]",
    3,
    undefined,
  ]);
  assert.deepStrictEqual(at([1], [1, { k: 0 }], "second"), [
    "r[1]",
    undefined,
    { k: 0 },
  ]);
  // Floats by bits, and never equal to an integer; keys that are not identifiers quoted.
  assert.deepStrictEqual(
    at({ "a b": float(1) }, { "a b": 1 }, "second")?.[0],
    'r["a b"]',
  );
  assert.equal(at({ v: float(-0) }, { v: float(0) }, "second")?.[0], "r.v");
  assert.equal(at({ v: float(0.5) }, { v: float(0.5) }, "second"), null);
});

Deno.test("firstDifference, union order: every field by code point; arrays of other lengths whole", () => {
  assert.deepStrictEqual(at({ z: 1, a: 1 }, { z: 2, a: 2 }, "union"), [
    "r.a",
    1,
    2,
  ]);
  assert.deepStrictEqual(at({ b: 1 }, { a: 1, b: 1 }, "union"), [
    "r.a",
    undefined,
    1,
  ]);
  assert.deepStrictEqual(at({ l: [1, 2] }, { l: [1] }, "union"), [
    "r.l",
    [1, 2],
    [1],
  ]);
  assert.deepStrictEqual(at({ l: [1, 2] }, { l: [1, 3] }, "union"), [
    "r.l[1]",
    2,
    3,
  ]);
  assert.equal(
    at({ a: [1, { b: null }] }, { a: [1, { b: null }] }, "union"),
    null,
  );
});

Deno.test("show: canonical JSON cut at 80 characters, a word for absent", () => {
  assert.equal(show({ b: 1, a: [true] }, "-"), '{"a":[true],"b":1}');
  assert.equal(show(undefined, "nothing"), "nothing");
  const long = show("x".repeat(100), "-");
  assert.equal(long.length, 80);
  assert.ok(long.endsWith("..."));
});
