/**
 * Writes `assembly/keccak.ts`: Keccak-f[1600] on three states at once, two
 * in the 64-bit halves of `v128` lanes and one in plain `u64` lanes, with
 * all 75 lanes held in locals and two rounds written out per loop
 * iteration.
 *
 * Why three. A wasm SIMD round is about 185 v128 operations (there is no
 * 64-bit lane rotate, so most rotations take three). They run on the few
 * vector ports of a core, which a 2-way permutation keeps busy. Scalar
 * integer operations can also issue on ports that vector operations cannot
 * use, and wasm has a native 64-bit rotate. So a scalar permutation
 * interleaved statement by statement with the 2-way one runs largely in the
 * gaps. Measured here: about 1.12× the blocks per second of the 2-way
 * permutation alone.
 *
 * The round is written out rather than looped over index tables because
 * lanes must live in locals (wasm cannot index locals). Generating it keeps
 * the 25-lane bookkeeping of rho and pi in the two tables below instead of in
 * 450 hand-typed lines.
 *
 *   deno run --allow-read=assembly --allow-write=assembly scripts/gen_keccak.ts [--check]
 *
 * `--check` compares instead of writing, and exits 1 when they differ.
 *
 * @module
 */

/** Rotation offsets r[x][y] of rho (FIPS 202, Table 2). */
const RHO: number[][] = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];

/** Round constants of iota (FIPS 202, §3.2.5). */
const RC = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** The operations of one lane type. */
type Ops = {
  prefix: string;
  xor(a: string, b: string): string;
  /** ~b & c */
  andNot(b: string, c: string): string;
  rot(v: string, r: number): string;
  rc(v: string): string;
};

/**
 * v128 lanes. `rot` rotates both 64-bit halves left by r bits:
 * (v << r) | (v >>> (64 − r)), except that a rotation by whole bytes is one
 * byte shuffle, and v << 1 is v + v (an addition can use more ports than a
 * shift).
 */
const V: Ops = {
  prefix: "",
  xor: (a, b) => `v128.xor(${a}, ${b})`,
  andNot: (b, c) => `v128.andnot(${c}, ${b})`,
  rot(v, r) {
    if (r === 0) return v;
    if (r % 8 === 0) {
      const q = r / 8;
      // Little-endian: result byte i of each half is source byte (i − q) mod 8.
      const lanes = [0, 8].flatMap((h) =>
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) => h + ((i - q + 8) % 8))
      );
      return `i8x16.shuffle(${v}, ${v}, ${lanes.join(", ")})`;
    }
    const left = r === 1 ? `i64x2.add(${v}, ${v})` : `i64x2.shl(${v}, ${r})`;
    return `v128.or(${left}, i64x2.shr_u(${v}, ${64 - r}))`;
  },
  rc: (v) => `i64x2.splat(${v})`,
};

/** u64 lanes, with wasm's native rotate. */
const S: Ops = {
  prefix: "s",
  xor: (a, b) => `${a} ^ ${b}`,
  andNot: (b, c) => `~${b} & ${c}`,
  rot: (v, r) => (r === 0 ? v : `rotl<u64>(${v}, ${r})`),
  rc: (v) => v,
};

/**
 * One round from the lanes named `src` into the lanes named `dst`, plane by
 * plane (the formulation of the Keccak team's compact code): D is folded
 * into the rho input, and each output plane needs only its own five B.
 * Target lane (X, Y) of pi comes from source lane (X + 3Y mod 5, X).
 */
function round(o: Ops, src: string, dst: string): string[] {
  const p = o.prefix;
  const s = (x: number, y: number) => `${p}${src}${x}${y}`;
  const out: string[] = [];
  for (let x = 0; x < 5; x++) {
    const c = o.xor(
      o.xor(o.xor(s(x, 0), s(x, 1)), o.xor(s(x, 2), s(x, 3))),
      s(x, 4),
    );
    out.push(`${p}c${x} = ${c};`);
  }
  for (let x = 0; x < 5; x++) {
    const d = o.xor(`${p}c${(x + 4) % 5}`, o.rot(`${p}c${(x + 1) % 5}`, 1));
    out.push(`${p}d${x} = ${d};`);
  }
  for (let Y = 0; Y < 5; Y++) {
    for (let X = 0; X < 5; X++) {
      const xs = (X + 3 * Y) % 5;
      out.push(`${p}t = ${o.xor(s(xs, X), `${p}d${xs}`)};`);
      out.push(`${p}b${X} = ${o.rot(`${p}t`, RHO[xs]![X]!)};`);
    }
    for (let X = 0; X < 5; X++) {
      let e = o.xor(
        `${p}b${X}`,
        `(${o.andNot(`${p}b${(X + 1) % 5}`, `${p}b${(X + 2) % 5}`)})`,
      );
      if (X === 0 && Y === 0) e = o.xor(`(${e})`, o.rc("rc"));
      out.push(`${p}${dst}${X}${Y} = ${e};`);
    }
  }
  return out;
}

/** The statements of two rounds, alternated one by one. */
function interleave(a: string[], b: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

function source(): string {
  const xy: string[] = [];
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) xy.push(`${x}${y}`);
  const rcHex = RC.map((c) => `0x${c.toString(16).padStart(16, "0")}`);
  const body: string[] = [];
  for (const [k, src, dst] of [[0, "a", "e"], [1, "e", "a"]] as const) {
    body.push(`    // round i + ${k}: ${src} into ${dst}`);
    body.push(`    rc = load<u64>(RC + ((i + ${k}) << 3));`);
    for (const l of interleave(round(V, src, dst), round(S, src, dst))) {
      body.push(`    ${l}`);
    }
  }
  const zeros = (names: string[], init: string) =>
    names.map((n) => `${n} = ${init}`).join(", ");
  const temps = (p: string) =>
    ["c", "d", "b"].flatMap((t) => [0, 1, 2, 3, 4].map((i) => `${p}${t}${i}`))
      .concat(`${p}t`);
  return `// GENERATED by scripts/gen_keccak.ts: do not edit; edit the generator.
//
// Keccak-f[1600] (FIPS 202) on three independent states at once. Lane
// (x, y) of states 0 and 1 sits in one v128 (state 0 in the low 64 bits,
// state 1 in the high 64 bits); lane (x, y) of state 2 is a u64 local. Every
// step of the permutation acts on each 64-bit lane separately (xor, and-not,
// rotation by a constant), so the i64x2 operations compute two permutations
// exactly as two scalar ones would. The scalar statements are interleaved
// with the vector ones only so that they can issue on otherwise idle ports;
// the two computations share no value.

// Round constants RC[0..24) of iota.
const RC: usize = memory.data<u64>([
  ${rcHex.join(",\n  ")},
]);

/**
 * Permute the three states in place: states 0 and 1 at \`pair\` (25 v128
 * lanes, lane (x, y) at byte offset 16 · (x + 5y)), state 2 at \`single\`
 * (25 u64 lanes at 8 · (x + 5y)). 12 iterations of 2 rounds.
 */
export function permute3(pair: usize, single: usize): void {
${xy.map((l, i) => `  let a${l} = v128.load(pair, ${16 * i});`).join("\n")}
${xy.map((l, i) => `  let sa${l} = load<u64>(single, ${8 * i});`).join("\n")}
  let ${zeros(xy.map((l) => `e${l}`), "v128.splat<i64>(0)")};
  let ${zeros(xy.map((l) => `se${l}`), "<u64>0")};
  let ${zeros(temps(""), "v128.splat<i64>(0)")};
  let ${zeros(temps("s"), "<u64>0")};
  let rc: u64 = 0;
  for (let i = 0; i < 24; i += 2) {
${body.join("\n")}
  }
${xy.map((l, i) => `  v128.store(pair, a${l}, ${16 * i});`).join("\n")}
${xy.map((l, i) => `  store<u64>(single, sa${l}, ${8 * i});`).join("\n")}
}
`;
}

if (import.meta.main) {
  const target = new URL("../assembly/keccak.ts", import.meta.url);
  const text = source();
  if (Deno.args.includes("--check")) {
    const old = await Deno.readTextFile(target).catch(() => "");
    if (old !== text) {
      console.error("assembly/keccak.ts differs from scripts/gen_keccak.ts");
      Deno.exit(1);
    }
  } else {
    await Deno.writeTextFile(target, text);
  }
}

export { source as keccakSource };
