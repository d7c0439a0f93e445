/**
 * The exact statistics values of a result's episodes, by manifest index, in
 * flat arrays: a comparison keeps one side's values while it verifies the
 * other, and twelve `Rational`s an episode (their BigInts, their arrays)
 * weigh about a kilobyte, where a 32-bit numerator and a 16-bit denominator
 * index a value weigh 72 bytes (two doubles a value, 192 bytes, were 19 MB
 * of the peak at 100,000 episodes; a double numerator, 120 bytes, 12 MB a
 * side at 99,944; a result has a few thousand denominators).
 *
 * @module
 */

import type { Scaled } from "../bootstrap/interval.ts";
import { inInt64 } from "../bootstrap/wide.ts";
import { gcd, inDoubles, Rational } from "../exact.ts";

/**
 * Rows of `width` exact values (or `null`), by row index: each value whose
 * numerator and denominator are safe integers is kept as its numerator
 * (a 32-bit integer, or a double, exactly, once one numerator is beyond 32
 * bits) and the index of its denominator among the table's (up to
 * `denominators` of them), any other as it is.
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
  /**
   * The numerator of each value (in lowest terms): 32-bit integers, which
   * the simulator's values are, until one is not; then doubles, all of
   * them, for good.
   */
  #nums: Int32Array | Float64Array;
  /**
   * The place of each value's denominator in `#dens`, plus one: 0 is
   * `null` (or a row not set), {@linkcode LARGE} a value in `#large`.
   */
  readonly #denIds: Uint16Array;
  /** The denominators, each once, and each one's place plus one. */
  readonly #dens: number[] = [];
  readonly #denId = new Map<number, number>();
  /** Whether a row was set. */
  readonly #set: Uint8Array;
  /** Values kept as they are, by their place. */
  readonly #large = new Map<number, Rational>();
  /** The places of the values that `scaled` reads (reused: megabytes). */
  #places = new Uint32Array(0);
  /** How many denominators get an index; values of others are kept whole. */
  readonly #capacity: number;

  /**
   * A table of `rows` rows of `width` values, none set; `denominators`
   * (at most 65,534, the default) is how many distinct denominators are
   * indexed before values with further ones are kept as they are.
   */
  constructor(rows: number, readonly width: number, denominators = LARGE - 1) {
    if (
      !(Number.isInteger(denominators) && denominators >= 0 &&
        denominators < LARGE)
    ) {
      throw new RangeError(`${denominators} denominators`);
    }
    this.#nums = new Int32Array(rows * width);
    this.#denIds = new Uint16Array(rows * width);
    this.#set = new Uint8Array(rows);
    this.#capacity = denominators;
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
    values.forEach((v, m) => this.#put(row * this.width + m, v));
  }

  /** Keep `v` at place `at`. */
  #put(at: number, v: Rational | null): void {
    this.#large.delete(at);
    if (v === null) {
      this.#denIds[at] = 0;
      return;
    }
    const id = inDoubles(v) ? this.#idOf(Number(v.den)) : undefined;
    if (id === undefined) {
      this.#denIds[at] = LARGE;
      this.#large.set(at, v);
    } else {
      this.#denIds[at] = id;
      this.#setNum(at, Number(v.num));
    }
  }

  /**
   * Set row `row` to the differences of row `row` of `a` and of `b`, each
   * `null` where either value is, and `floats` (of this table's size) at
   * each value's place to the difference's double (`NaN` for `null`): what
   * `set` and `Rational.sub` and `toFloat` make of them. Two values with
   * safe integers (the simulator's counts) are subtracted in doubles,
   * exactly: no `Rational`, no BigInt. (A comparison of 100,000 episodes
   * subtracted 1.2 million `Rational`s, and their garbage set its peak.)
   * `RangeError` for a row that either table has not set, or tables of
   * other widths.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ExactTable } from "./exact_table.ts";
   * import { Rational } from "../exact.ts";
   * const a = new ExactTable(1, 3);
   * const b = new ExactTable(1, 3);
   * a.set(0, [Rational.of(1, 2), Rational.of(2n ** 60n), null]);
   * b.set(0, [Rational.of(1, 3), Rational.of(1), Rational.of(1)]);
   * const d = new ExactTable(1, 3);
   * const floats = new Float64Array(3);
   * d.setDifferences(0, a, b, floats);
   * assert.deepEqual(d.get(0), [Rational.of(1, 6), Rational.of(2n ** 60n - 1n), null]);
   * assert.deepEqual([...floats], [1 / 6, 2 ** 60, NaN]);
   * ```
   */
  setDifferences(
    row: number,
    a: ExactTable,
    b: ExactTable,
    floats: Float64Array,
  ): void {
    if (
      !(a.has(row) && b.has(row) && row < this.#set.length) ||
      a.width !== this.width || b.width !== this.width ||
      floats.length !== this.#nums.length
    ) {
      throw new RangeError(`row ${row} of tables of other sizes`);
    }
    this.#set[row] = 1;
    for (let m = 0; m < this.width; m++) {
      const at = row * this.width + m;
      const da = a.#denIds[at]!;
      const db = b.#denIds[at]!;
      if (da === 0 || db === 0) {
        this.#put(at, null);
        floats[at] = Number.NaN;
        continue;
      }
      if (da !== LARGE && db !== LARGE) {
        const qa = a.#dens[da - 1]!;
        const qb = b.#dens[db - 1]!;
        // Each product and the difference are exact when they are safe
        // integers: a result beyond them is rounded beyond them.
        const x = a.#nums[at]! * qb;
        const y = b.#nums[at]! * qa;
        const q = qa * qb;
        const p = x - y;
        if (safe(x) && safe(y) && safe(q) && safe(p)) {
          const g = gcdOfNumbers(Math.abs(p), q);
          const num = p === 0 ? 0 : p / g;
          const id = this.#idOf(q / g);
          if (id !== undefined) {
            this.#large.delete(at);
            this.#denIds[at] = id;
            this.#setNum(at, num);
            // Both exact: the division is the correctly rounded quotient.
            floats[at] = num / (q / g);
            continue;
          }
        }
      }
      const v = a.value(row, m)!.sub(b.value(row, m)!);
      this.#put(at, v);
      floats[at] = v.toFloat();
    }
  }

  /**
   * Keep the safe integer `num` at place `at`: in the 32-bit numerators
   * while it fits them, else in doubles from then on (every numerator
   * copied once).
   */
  #setNum(at: number, num: number): void {
    if (this.#nums instanceof Int32Array && (num | 0) !== num) {
      this.#nums = Float64Array.from(this.#nums);
    }
    this.#nums[at] = num;
  }

  /** The index of denominator `d` plus one, if it has or can get one. */
  #idOf(d: number): number | undefined {
    const id = this.#denId.get(d);
    if (id !== undefined || this.#dens.length === this.#capacity) return id;
    this.#dens.push(d);
    this.#denId.set(d, this.#dens.length);
    return this.#dens.length;
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
      if (this.#denIds[at] === 0) continue;
      n++;
      if (first < 0) first = at;
      else if (equal) equal = this.#same(first, at);
    }
    return { n, equal };
  }

  #same(a: number, b: number): boolean {
    const da = this.#denIds[a]!;
    const db = this.#denIds[b]!;
    // A value is kept whole only when it cannot be indexed, so a value
    // kept whole and one indexed differ.
    if (da === LARGE || db === LARGE) {
      return da === db && this.#large.get(a)!.eq(this.#large.get(b)!);
    }
    return da === db && this.#nums[a] === this.#nums[b];
  }

  /**
   * The values `m` of `rows` that are set and not `null`, in that order,
   * over their least common denominator (what `toCommonDenominator` makes
   * of them), built from the table, no `Rational`: the numerators in a
   * `BigInt64Array` when they all fit one (as they do for the simulator's
   * counts), else as BigInts. An array of 100,000 BigInts lived through
   * the statistics of its group and was then garbage in V8's heap (each
   * metric of the overall group left three such arrays: 29 MB at once in
   * `aggregate` of 100,000 episodes); the typed array's bytes are outside
   * it, and are the caller's own.
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
   * assert.deepEqual(t.scaled([2, 1, 0], 0), {
   *   nums: BigInt64Array.of(-10n, 3n),
   *   den: 12n,
   * });
   * t.set(1, [Rational.of(1, 2n ** 62n)]);
   * assert.deepEqual(t.scaled([1, 2], 0), {
   *   nums: [3n, -5n * 2n ** 61n],
   *   den: 3n * 2n ** 62n,
   * });
   * ```
   */
  scaled(
    rows: readonly number[],
    m: number,
  ): Scaled<readonly bigint[] | BigInt64Array> {
    if (this.#places.length < rows.length) {
      this.#places = new Uint32Array(rows.length);
    }
    const places = this.#places;
    let count = 0;
    // Each denominator once: the indexed by their index, the large (rare)
    // by their BigInt. No BigInt is made to look one up.
    const small = new Map<number, bigint>();
    const large = new Map<bigint, bigint>();
    let den = 1n;
    const include = (q: bigint) => {
      den = (den / gcd(den, q)) * q;
    };
    for (const row of rows) {
      if (!this.has(row)) continue;
      const at = row * this.width + m;
      const id = this.#denIds[at]!;
      if (id === 0) continue;
      places[count++] = at;
      if (id === LARGE) {
        const q = this.#large.get(at)!.den;
        if (large.has(q)) continue;
        large.set(q, 0n);
        include(q);
      } else if (!small.has(id)) {
        small.set(id, 0n);
        include(BigInt(this.#dens[id - 1]!));
      }
    }
    for (const id of small.keys()) {
      small.set(id, den / BigInt(this.#dens[id - 1]!));
    }
    for (const q of large.keys()) large.set(q, den / q);
    const numAt = (k: number): bigint => {
      const at = places[k]!;
      const id = this.#denIds[at]!;
      if (id !== LARGE) return BigInt(this.#nums[at]!) * small.get(id)!;
      const v = this.#large.get(at)!;
      return v.num * large.get(v.den)!;
    };
    const nums = new BigInt64Array(count);
    for (let k = 0; k < count; k++) {
      const a = numAt(k);
      if (!inInt64(a)) {
        // Those made so far are read back, not made again.
        return {
          nums: Array.from(
            { length: count },
            (_, j) => j < k ? nums[j]! : j === k ? a : numAt(j),
          ),
          den,
        };
      }
      nums[k] = a;
    }
    return { nums, den };
  }

  /** Value `m` of row `row`, `undefined` if the row was not set. */
  value(row: number, m: number): Rational | null | undefined {
    if (!this.has(row)) return undefined;
    const at = row * this.width + m;
    const id = this.#denIds[at]!;
    if (id === 0) return null;
    if (id === LARGE) return this.#large.get(at)!;
    return Rational.of(this.#nums[at]!, this.#dens[id - 1]!);
  }
}

/** Whether the double `x` is a safe integer in magnitude. */
function safe(x: number): boolean {
  return Math.abs(x) <= Number.MAX_SAFE_INTEGER;
}

/** The greatest common divisor of two safe non-negative integers. */
function gcdOfNumbers(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The index that marks a value kept whole (the largest 16-bit number). */
const LARGE = 0xffff;
