/**
 * The exact statistics values of a result's episodes, by manifest index, in
 * flat arrays: a comparison keeps one side's values while it verifies the
 * other, and twelve `Rational`s an episode (their BigInts, their arrays)
 * weigh about a kilobyte, where two doubles a value weigh 192 bytes.
 *
 * @module
 */

import type { Scaled } from "../bootstrap/interval.ts";
import { gcd, packRational, type Rational, unpackRational } from "../exact.ts";

/**
 * Rows of `width` exact values (or `null`), by row index: each value whose
 * numerator and denominator are safe integers is kept as two doubles
 * (exactly), any other as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExactTable } from "./exact_table.ts";
 * import { Rational } from "../exact.ts";
 * const t = new ExactTable(3, 2);
 * const big = Rational.of(2n ** 80n, 3n);
 * t.set(2, [Rational.of(-1, 3), null]);
 * t.set(0, [big, Rational.ZERO]);
 * assert.deepEqual(t.get(2), [Rational.of(-1, 3), null]);
 * assert.ok(t.get(0)![0] === big && t.get(0)![1]!.eq(Rational.ZERO));
 * assert.equal(t.get(1), undefined);
 * assert.ok(t.has(2) && !t.has(1));
 * assert.ok(t.value(2, 1) === null && t.value(1, 0) === undefined);
 * ```
 */
export class ExactTable {
  /** Numerator, denominator of each value; a denominator 0 is `null`. */
  readonly #parts: Float64Array;
  /** Whether a row was set. */
  readonly #set: Uint8Array;
  /** Values beyond safe integers, by their place. */
  readonly #large = new Map<number, Rational>();

  /** A table of `rows` rows of `width` values, none set. */
  constructor(rows: number, readonly width: number) {
    this.#parts = new Float64Array(rows * width * 2);
    this.#set = new Uint8Array(rows);
  }

  /** Set row `row` (`RangeError` outside the table or of another width). */
  set(row: number, values: readonly (Rational | null)[]): void {
    if (
      !(Number.isInteger(row) && row >= 0 && row < this.#set.length) ||
      values.length !== this.width
    ) {
      throw new RangeError(`row ${row} of ${values.length} values`);
    }
    this.#set[row] = 1;
    values.forEach((v, m) => {
      const at = row * this.width + m;
      if (!packRational(this.#parts, at, v)) {
        this.#large.set(at, v!);
        this.#parts[2 * at + 1] = Number.NaN;
      }
    });
  }

  /** Whether row `row` was set. */
  has(row: number): boolean {
    return this.#set[row] === 1;
  }

  /** Row `row`'s values, `undefined` if it was not set. */
  get(row: number): (Rational | null)[] | undefined {
    if (!this.has(row)) return undefined;
    const out: (Rational | null)[] = [];
    for (let m = 0; m < this.width; m++) out.push(this.value(row, m)!);
    return out;
  }

  /**
   * How many of `rows` have a value `m` (set and not `null`), and whether
   * those values are all equal: read from the table without building them
   * (a value is kept in lowest terms, so equal values are equal parts).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ExactTable } from "./exact_table.ts";
   * import { Rational } from "../exact.ts";
   * const t = new ExactTable(4, 1);
   * t.set(0, [Rational.of(1, 2)]);
   * t.set(1, [null]);
   * t.set(3, [Rational.of(2, 4)]);
   * assert.deepEqual(t.defined([0, 1, 2, 3], 0), { n: 2, equal: true });
   * t.set(2, [Rational.of(2n ** 80n, 3n)]);
   * assert.deepEqual(t.defined([0, 1, 2, 3], 0), { n: 3, equal: false });
   * ```
   */
  defined(rows: readonly number[], m: number): { n: number; equal: boolean } {
    let n = 0;
    let equal = true;
    let first = -1;
    for (const row of rows) {
      if (!this.has(row)) continue;
      const at = row * this.width + m;
      const den = this.#parts[2 * at + 1]!;
      if (den === 0) continue;
      n++;
      if (first < 0) first = at;
      else if (equal) equal = this.#same(first, at);
    }
    return { n, equal };
  }

  #same(a: number, b: number): boolean {
    const da = this.#parts[2 * a + 1]!;
    const db = this.#parts[2 * b + 1]!;
    if (Number.isNaN(da) || Number.isNaN(db)) {
      return Number.isNaN(da) && Number.isNaN(db) &&
        this.#large.get(a)!.eq(this.#large.get(b)!);
    }
    return da === db && this.#parts[2 * a] === this.#parts[2 * b];
  }

  /**
   * The values `m` of `rows` that are set and not `null`, in that order,
   * over their least common denominator (what `toCommonDenominator` makes
   * of them), built from the table: one BigInt a value, no `Rational`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ExactTable } from "./exact_table.ts";
   * import { Rational } from "../exact.ts";
   * const t = new ExactTable(3, 1);
   * t.set(0, [Rational.of(1, 4)]);
   * t.set(1, [null]);
   * t.set(2, [Rational.of(-5, 6)]);
   * assert.deepEqual(t.scaled([2, 1, 0], 0), { nums: [-10n, 3n], den: 12n });
   * ```
   */
  scaled(rows: readonly number[], m: number): Scaled {
    const places: number[] = [];
    // Denominators by their double (the large ones, rare, by their BigInt):
    // no BigInt is made to look one up.
    const small = new Map<number, bigint>();
    const large = new Map<bigint, bigint>();
    let den = 1n;
    const include = (q: bigint) => {
      den = (den / gcd(den, q)) * q;
    };
    for (const row of rows) {
      if (!this.has(row)) continue;
      const at = row * this.width + m;
      const d = this.#parts[2 * at + 1]!;
      if (d === 0) continue;
      places.push(at);
      if (Number.isNaN(d)) {
        const q = this.#large.get(at)!.den;
        if (large.has(q)) continue;
        large.set(q, 0n);
        include(q);
      } else if (!small.has(d)) {
        small.set(d, 0n);
        include(BigInt(d));
      }
    }
    for (const d of small.keys()) small.set(d, den / BigInt(d));
    for (const q of large.keys()) large.set(q, den / q);
    const nums = places.map((at) => {
      const d = this.#parts[2 * at + 1]!;
      if (!Number.isNaN(d)) return BigInt(this.#parts[2 * at]!) * small.get(d)!;
      const v = this.#large.get(at)!;
      return v.num * large.get(v.den)!;
    });
    return { nums, den };
  }

  /** Value `m` of row `row`, `undefined` if the row was not set. */
  value(row: number, m: number): Rational | null | undefined {
    if (!this.has(row)) return undefined;
    const at = row * this.width + m;
    return Number.isNaN(this.#parts[2 * at + 1]!)
      ? this.#large.get(at)!
      : unpackRational(this.#parts, at);
  }
}
