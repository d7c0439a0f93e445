// Tests of src/json/canonical.ts. Expected canonical texts, digests and float
// reprs come from CPython (scripts/gen_json_vectors.py and
// scripts/gen_float_vectors.py); the contract §2 examples are copied from
// the contract; refusals follow contract §2 and pitfalls.md.

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  compareCodePoints,
  type DeferredJson,
  digest,
  encode,
  encodeBytes,
  float,
  isCanonical,
  joinPath,
  JsonFloat,
  type JsonObject,
  type JsonValue,
  MAX_DEPTH,
  parse,
  parseBytes,
  parseDeferring,
  pythonFloatRepr,
} from "../src/json/canonical.ts";
import { sha256Hex } from "../src/json/sha256.ts";
import { CanonicalJsonError } from "../src/errors.ts";

const utf8 = new TextEncoder();

function fixture(name: string): Promise<Uint8Array> {
  return Deno.readFile(new URL(`./fixtures/${name}`, import.meta.url));
}

/** Assert that `run` throws a CanonicalJsonError; returns it for more checks. */
function refuses(run: () => unknown, label: string): CanonicalJsonError {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof CanonicalJsonError, `${label}: threw ${e}`);
    assert.equal(e.name, "CanonicalJsonError", label);
    return e;
  }
  assert.fail(`${label}: accepted`);
}

// ------------------------------------------------------------ Python vectors

type Vector = { input: string; canonical: string; sha256?: string };

const vectorText = new TextDecoder("utf-8", { fatal: true }).decode(
  await fixture("json_vectors.jsonl"),
);
const vectorLines = vectorText.split("\n").filter((l) => l !== "");

Deno.test("fixture lines read the same with parse() and JSON.parse()", () => {
  assert.ok(vectorLines.length >= 1000, `${vectorLines.length} vectors`);
  for (const line of vectorLines) {
    const ours = parse(line) as JsonObject;
    const theirs = JSON.parse(line) as Record<string, string>;
    assert.equal(Object.getPrototypeOf(ours), null);
    assert.deepEqual(Object.keys(ours).sort(), Object.keys(theirs).sort());
    for (const k of Object.keys(theirs)) {
      assert.equal(typeof ours[k], "string");
      assert.equal(ours[k], theirs[k]);
    }
  }
});

function vectors(): Vector[] {
  return vectorLines.map((l) => JSON.parse(l) as Vector);
}

Deno.test("encode(parse(input)) is Python's canonical text for every vector", () => {
  const wrong: string[] = [];
  for (const { input, canonical } of vectors()) {
    if (encode(parse(input)) !== canonical) wrong.push(canonical);
    if (encode(parse(canonical)) !== canonical) {
      wrong.push(`again ${canonical}`);
    }
    // Same through the byte path (inputs hold raw UTF-8).
    if (encode(parseBytes(utf8.encode(input))) !== canonical) {
      wrong.push(`bytes ${canonical}`);
    }
  }
  assert.deepEqual(wrong.slice(0, 3), []);
});

Deno.test("the vectors are not trivially canonical already", () => {
  const vs = vectors();
  const differ = vs.filter((v) => v.input !== v.canonical).length;
  assert.ok(differ > vs.length * 0.8, `${differ} of ${vs.length}`);
  const all = vs.map((v) => v.input).join("");
  // Every escape class appears in the inputs.
  for (const probe of ["\\u00", "\\/", '\\"', "\\\\", "\\n", "\\ud8", "é"]) {
    assert.ok(all.toLowerCase().includes(probe), probe);
  }
  assert.ok(/[\u{10000}-\u{10FFFF}]/u.test(all), "raw astral");
  assert.ok(/\\u[0-9a-f]*[A-F]/.test(all), "upper-case hex escape");
});

Deno.test("digest equals Python's hashlib.sha256 of the canonical bytes", async () => {
  const withHash = vectors().filter((v) => v.sha256 !== undefined);
  assert.ok(withHash.length >= 50, `${withHash.length} digests`);
  for (const { input, canonical, sha256 } of withHash) {
    const value = parse(input);
    assert.deepEqual(encodeBytes(value), utf8.encode(canonical));
    assert.equal(await digest(value), sha256);
  }
});

// ------------------------------------------------------- contract §2 examples

Deno.test("floats write as Python's repr (contract §2 examples)", () => {
  const examples: [number, string][] = [
    [1, "1.0"],
    [0.5, "0.5"],
    [100, "100.0"],
    [0.0001, "0.0001"],
    [1e-5, "1e-05"],
    [1.5e-5, "1.5e-05"],
    [2.5e-7, "2.5e-07"],
    [1 / 3, "0.3333333333333333"],
    [1e16, "1e+16"],
    [1e15, "1000000000000000.0"],
    // The edges of the range written without an exponent (Python's repr).
    [0.0001, "0.0001"],
    [0.00009999999999999999, "9.999999999999999e-05"],
    [-0.00015, "-0.00015"],
    [9999999999999998, "9999999999999998.0"],
    [123, "123.0"],
    [0.1 + 0.2, "0.30000000000000004"],
    [123456789012345680, "1.2345678901234568e+17"],
    [5e-324, "5e-324"],
    [-0, "-0.0"],
    [0, "0.0"],
  ];
  for (const [x, text] of examples) {
    assert.equal(encode(float(x)), text);
    assert.equal(pythonFloatRepr(x), text);
    const back = parse(text);
    assert.ok(back instanceof JsonFloat, text);
    assert.ok(Object.is(back.value, x), text);
    assert.equal(encode(back), text);
  }
  assert.equal(encode([float(1), 1]), "[1.0,1]");
});

Deno.test("strings escape as Python's ensure_ascii (contract §2 examples)", () => {
  const examples: [string, string][] = [
    ["\u007f", '"\\u007f"'],
    ["é", '"\\u00e9"'],
    ["\u{1F525}", '"\\ud83d\\udd25"'],
    ['"', '"\\""'],
    ["\\", '"\\\\"'],
    ["\n\r\t\b\f", '"\\n\\r\\t\\b\\f"'],
    ["\u0000\u001f\u000b", '"\\u0000\\u001f\\u000b"'],
    ["/ ~", '"/ ~"'],
    ["\u2028\ufeff\uffff", '"\\u2028\\ufeff\\uffff"'],
  ];
  for (const [s, text] of examples) {
    assert.equal(encode(s), text);
    assert.equal(parse(text), s);
  }
});

Deno.test("keys sort by code point, not UTF-16 unit or integer value", () => {
  // U+1F525 is the pair D83D DD25, below E000 in UTF-16 but above it as a
  // code point; "10" < "9" as strings although Object.keys puts "9" first.
  assert.equal(
    encode({ "\u{1F525}": 1, "\uE000": 2, "10": 3, "9": 4, "": 5 }),
    '{"":5,"10":3,"9":4,"\\ue000":2,"\\ud83d\\udd25":1}',
  );
});

Deno.test("pythonFloatRepr equals Python repr on fixture doubles", async () => {
  const view = new DataView(new ArrayBuffer(8));
  const text = new TextDecoder().decode(await fixture("float_vectors.txt"));
  let n = 0;
  for (const line of text.split("\n")) {
    const f = line.split(" ");
    if (f[0] !== "F" && f[0] !== "P") continue;
    view.setBigUint64(0, BigInt(`0x${f[1]}`));
    const x = view.getFloat64(0);
    const repr = f[f.length - 1]!;
    assert.equal(pythonFloatRepr(x), repr, f[1]);
    assert.ok(Object.is((parse(repr) as JsonFloat).value, x), repr);
    n++;
  }
  assert.ok(n >= 3000, `${n} reprs`);
});

Deno.test("int and float lexemes stay distinct", () => {
  assert.equal(parse("1"), 1);
  assert.ok(parse("1.0") instanceof JsonFloat);
  assert.ok(parse("1e2") instanceof JsonFloat);
  assert.equal(
    encode(parse("[1, 1.0, 1e2, 1E+2, 1e-2, -0, -0.0]")),
    "[1,1.0,100.0,100.0,0.01,0,-0.0]",
  );
  assert.equal(parse("9007199254740991"), 9007199254740991);
  assert.equal(parse("-9007199254740991"), -9007199254740991);
  assert.equal(encode(parse("9007199254740992.0")), "9007199254740992.0");
  assert.equal(encode(parse("1e-400")), "0.0");
  assert.equal(encode(parse(" \t\r\n[ 1 ,\n2 ] \n")), "[1,2]");
});

Deno.test("__proto__ is an ordinary key both ways", () => {
  const v = parse('{"__proto__":{"x":1},"a":2}') as JsonObject;
  assert.equal(Object.getPrototypeOf(v), null);
  assert.deepEqual(Object.keys(v), ["__proto__", "a"]);
  assert.equal(encode(v), '{"__proto__":{"x":1},"a":2}');
  assert.equal(encode({ ["__proto__"]: 1 }), '{"__proto__":1}');
  // Reading never touched Object.prototype.
  assert.equal(({} as Record<string, unknown>)["x"], undefined);
});

Deno.test("nesting up to MAX_DEPTH (512) is read and written, deeper is refused", () => {
  assert.equal(MAX_DEPTH, 512);
  const deep = (n: number, inner = "") => "[".repeat(n) + inner + "]".repeat(n);
  assert.equal(encode(parse(deep(512))), deep(512));
  assert.equal(encode(parse(deep(512, "1"))), deep(512, "1"));
  refuses(() => parse(deep(513)), "513 arrays");
  refuses(() => parse('{"a":'.repeat(513) + "1" + "}".repeat(513)), "objects");
  let v: JsonValue = [];
  for (let i = 1; i < 512; i++) v = [v];
  assert.equal(encode(v), deep(512));
  refuses(() => encode([v]), "encode 513");
  const cyclic: unknown[] = [];
  cyclic.push(cyclic);
  refuses(() => encode(cyclic as JsonValue), "cycle");
});

Deno.test("compareCodePoints orders by code point", () => {
  assert.ok(compareCodePoints("\uE000", "\u{1F525}") < 0);
  assert.ok(compareCodePoints("\uFFFF", "\u{10000}") < 0);
  assert.ok(compareCodePoints("\u{10000}", "\u{10FFFF}") < 0);
  assert.ok(compareCodePoints("a", "ab") < 0);
  assert.ok(compareCodePoints("", "a") < 0);
  assert.equal(compareCodePoints("\u{1F525}x", "\u{1F525}x"), 0);
  const cps = (s: string) => Array.from(s, (c) => c.codePointAt(0)!);
  const reference = (a: string, b: string) => {
    const x = cps(a);
    const y = cps(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return Math.sign(x[i]! - y[i]!);
    }
    return Math.sign(x.length - y.length);
  };
  // Mostly characters at the edges of the surrogate and private-use ranges,
  // where code units and code points disagree.
  const edges = fc.constantFrom(
    "a",
    "\u0000",
    "\uD7FF",
    "\uE000",
    "\uFFFF",
    "\u{10000}",
    "\u{1F525}",
    "\u{10FFFF}",
  );
  const str = fc.oneof(
    fc.array(edges, { maxLength: 4 }).map((cs) => cs.join("")),
    // Any scalar value: skip the 0x800 surrogate code points.
    fc.array(fc.integer({ min: 0, max: 0x10ffff - 0x800 }), { maxLength: 4 })
      .map((cs) =>
        String.fromCodePoint(...cs.map((c) => c < 0xd800 ? c : c + 0x800))
      ),
  );
  fc.assert(
    fc.property(
      str,
      str,
      (a, b) => Math.sign(compareCodePoints(a, b)) === reference(a, b),
    ),
    { numRuns: 2000 },
  );
});

Deno.test("joinPath names fields", () => {
  assert.equal(joinPath("", "a"), "a");
  assert.equal(joinPath("a", "b_2"), "a.b_2");
  assert.equal(joinPath("a", "odd key"), 'a["odd key"]');
  assert.equal(joinPath("", "10"), '["10"]');
});

Deno.test("sha256Hex and digest of known inputs", async () => {
  // FIPS 180-2 test vector for "abc", and SHA-256 of the two bytes "{}".
  assert.equal(
    sha256Hex(utf8.encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.equal(
    await digest({}),
    "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
  );
});

// ---------------------------------------------------------------- refusals

Deno.test("invalid JSON is refused", () => {
  const bad = [
    "[1,]",
    '{"a":1,}',
    "{'a':1}",
    "['a']",
    "01",
    "[01]",
    "-01",
    "00",
    "+1",
    ".5",
    "1.",
    "1.e5",
    "1e",
    "1e+",
    "-",
    "--1",
    "0x10",
    "1_000",
    '"abc',
    '"a\u0001b"',
    '"\u0000"',
    '"\u001f"',
    '"a\nb"',
    '"a\tb"',
    '"\\x"',
    '"\\U0041"',
    '"\\u12"',
    '"\\u12',
    '"\\u12G4"',
    '"\\',
    "[1] x",
    "[1][2]",
    "1 2",
    "",
    "   ",
    '{"a" 1}',
    '{"a":}',
    "{1:2}",
    "{a:1}",
    "[1 2]",
    "tru",
    "nul",
    "True",
    "None",
    "{",
    "[",
    '{"a":1',
    "/* c */ 1",
    "\u00a01",
    "\u000b1",
    "\f1",
    "\uFEFF[1]",
  ];
  for (const text of bad) refuses(() => parse(text), JSON.stringify(text));
});

Deno.test("parseBytes refuses a BOM and invalid UTF-8", () => {
  const cases: [string, number[]][] = [
    ["BOM", [0xef, 0xbb, 0xbf, 0x5b, 0x31, 0x5d]],
    ["invalid byte", [0x22, 0xff, 0x22]],
    ["overlong", [0x22, 0xc0, 0xaf, 0x22]],
    ["encoded surrogate", [0x22, 0xed, 0xa0, 0x80, 0x22]],
    ["truncated sequence", [0x22, 0xe2, 0x82, 0x22]],
    ["lone continuation", [0x22, 0x80, 0x22]],
  ];
  for (const [label, bytes] of cases) {
    const e = refuses(
      () => parseBytes(new Uint8Array(bytes), { file: "x.json" }),
      label,
    );
    assert.ok(e.message.startsWith("x.json: "), e.message);
  }
  assert.equal(parseBytes(utf8.encode('"\u00e9\u{1F525}"')), "\u00e9\u{1F525}");
});

Deno.test("duplicate keys are refused with their path and file", () => {
  const cases: [string, string][] = [
    ['{"a":1,"a":2}', "a"],
    ['{"a":{"b":1,"b":2}}', "a.b"],
    ['{"__proto__":1,"__proto__":2}', "__proto__"],
    ['{"a":1,"\\u0061":2}', "a"],
    ['[{"x":1,"x":1}]', "[0].x"],
    ['{"a":[{},{"odd key":1,"odd key":1}]}', 'a[1]["odd key"]'],
  ];
  for (const [text, path] of cases) {
    const e = refuses(() => parse(text, { file: "d.json" }), text);
    assert.equal(e.path, path, text);
    assert.equal(e.file, "d.json");
    assert.ok(
      e.message.startsWith(`d.json: ${path}: duplicate key`),
      e.message,
    );
  }
  const e = refuses(() => parse('{"a":{"b":1,"b":2}}'), "no file");
  assert.ok(e.message.startsWith("a.b: "), e.message);
  assert.equal(e.file, undefined);
});

Deno.test("integers outside ±(2^53−1) and non-finite numbers are refused", () => {
  const bad = [
    "9007199254740992",
    "-9007199254740992",
    "123456789012345678901234567890",
    "NaN",
    "Infinity",
    "-Infinity",
    "-NaN",
    "[NaN]",
    "1e400",
    "-1e400",
    "1E999",
    '{"x":[1e309]}',
  ];
  for (const text of bad) refuses(() => parse(text), text);
  const e = refuses(() => parse('{"n":{"m":[0,9007199254740992]}}'), "path");
  assert.equal(e.path, "n.m[1]");
});

Deno.test("unpaired surrogates are refused in values and keys", () => {
  const bad = [
    '"\\ud800"',
    '"\\udc00"',
    '"\\ud800x"',
    '"\\udc00\\ud800"',
    '"\\ud800\\ud800"',
    '"x\\udfff"',
    '"\ud800"',
    '{"\\ud800":1}',
    '{"\\udc00\\ud83d":1}',
    '{"k":["\\ud83d"]}',
  ];
  for (const text of bad) refuses(() => parse(text), text);
  assert.equal(parse('"\\ud83d\\udd25"'), "\u{1F525}");
  // A raw DEL and raw non-ASCII are fine inside strings; only U+0000..U+001F
  // must be escaped.
  assert.equal(parse('"\u007f\u0080\u2028"'), "\u007f\u0080\u2028");
  assert.equal(refuses(() => parse('{"k":["\\ud83d"]}'), "path").path, "k[0]");
});

Deno.test("encode refuses values that are not canonical JSON", () => {
  class Point {
    constructor(readonly x: number) {}
  }
  // deno-lint-ignore no-sparse-arrays
  const sparse = [1, , 3];
  const bad: [string, unknown][] = [
    ["0.5 as an int", 0.5],
    ["2^53 as an int", 2 ** 53],
    ["-2^53 as an int", -(2 ** 53)],
    ["NaN as an int", NaN],
    ["Infinity as an int", Infinity],
    ["float NaN", float(NaN)],
    ["float Infinity", float(Infinity)],
    ["float -Infinity", float(-Infinity)],
    ["lone high surrogate", "\ud800"],
    ["lone low surrogate", "a\udc00"],
    ["lone surrogate key", { "\udc00": 1 }],
    ["undefined field", { a: undefined }],
    ["undefined element", [undefined]],
    ["array hole", sparse],
    ["undefined", undefined],
    ["class instance", new Point(1)],
    ["Map", new Map()],
    ["Date", new Date(0)],
    ["function", () => 1],
    ["bigint", 1n],
    ["symbol", Symbol("s")],
  ];
  for (const [label, v] of bad) refuses(() => encode(v as JsonValue), label);
  const e = refuses(() => encode({ a: { b: [1, 0.5] } }), "path");
  assert.equal(e.path, "a.b[1]");
  assert.ok(e.message.startsWith("a.b[1]: "), e.message);
});

Deno.test("isCanonical is encode(parse(text)) === text, without encoding", () => {
  const parses = (t: string) => {
    try {
      parse(t);
      return true;
    } catch {
      return false;
    }
  };
  const texts = fc.oneof(
    fc.json().filter(parses),
    fc.json().filter(parses).map((t) => encode(parse(t))),
    fc.constantFrom(
      '{"b":1,"a":2}',
      "[1.0,1e2,-0,0.1,1E2,100.0]",
      '"\\u00e9"',
      '"\\u00E9"',
      '"é"',
      '"\\/"',
      '"\\n\\u0001"',
      '{"\\u00e9":1,"z":2}',
      '{"z":2,"\\u00e9":1}',
      "[ 1]",
      "-0.0",
      "5e-324",
      "1.7976931348623157e+308",
    ),
  );
  fc.assert(
    fc.property(texts, (t) => {
      assert.equal(isCanonical(t), encode(parse(t)) === t, t);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("parseDeferring validates deferred values and builds them exactly", () => {
  const defer = (segs: readonly (string | number)[]) =>
    segs.length === 2 && segs[0] === "e";
  const text = '{"e":[{"a":[1,-0,2.5,"x"]},{"b":{"__proto__":3}},[]],"f":1}';
  const doc = parseDeferring(text, defer);
  const items = (doc.value as unknown as { e: DeferredJson[] }).e;
  assert.deepEqual(items.map((d) => d.plain), [false, true, true]);
  assert.equal(
    encode({ e: items.map((d) => d.value()), f: 1 }),
    encode(parse(text)),
  );
  assert.ok(!doc.canonical);
  for (
    const bad of ['{"e":[{"a":1,"a":2}]}', '{"e":[[1e999]]}', '{"e":[[1,]]}']
  ) {
    assert.throws(() => parseDeferring(bad, defer), CanonicalJsonError);
  }
  // Byte 16 is just after the second key, where parse reports it too.
  assert.throws(() => parseDeferring('{"e":[{"a":1,"a":2}]}', defer), {
    message: "e[0].a: duplicate key in object (at byte 16)",
  });
  assert.throws(() => parse('{"e":[{"a":1,"a":2}]}'), {
    message: "e[0].a: duplicate key in object (at byte 16)",
  });
});

Deno.test("parseDeferring skim: a guessed end replaces bracket matching, and nothing checks it", () => {
  const text = '{"a":{"b":[1]},"c":{"d":2}}';
  const defer = (segs: readonly (string | number)[]) => segs.length === 1;
  const spans = (
    skimEnd?: (
      s: readonly (string | number)[],
      at: number,
    ) => number | undefined,
  ) => {
    const doc = parseDeferring(text, defer, {
      skim: true,
      ...(skimEnd === undefined ? {} : { skimEnd }),
    });
    const v = doc.value as unknown as Record<string, DeferredJson>;
    return Object.keys(v).map((k) => `${k}=${v[k]!.source}`);
  };
  // Brackets matched: each value's own extent.
  assert.deepEqual(spans(), ['a={"b":[1]}', 'c={"d":2}']);
  // A guess for "a" only: "c" is still matched.
  assert.deepEqual(
    spans((segs, at) =>
      segs[0] === "a" ? text.indexOf("}", at) + 1 : undefined
    ),
    ['a={"b":[1]}', 'c={"d":2}'],
  );
  // A wrong guess is taken as it is (here it ends inside "a", whose last
  // brace then closes the document): the caller must prove each span.
  assert.throws(
    () => spans((segs, at) => segs[0] === "a" ? at + 8 : undefined),
    CanonicalJsonError,
  );
  // One past the text is not a guess the reader can take.
  assert.deepEqual(
    spans((segs) => segs[0] === "a" ? text.length + 1 : undefined),
    ['a={"b":[1]}', 'c={"d":2}'],
  );
});

Deno.test("a text that ends early says so, at the byte where it ends", () => {
  // Each text is a proper prefix of valid JSON; the offsets are counted by
  // hand (é is 2 bytes in UTF-8, 🔥 is 4).
  const cases: [string, string][] = [
    ["", "ends early (truncated?) at byte 0: no JSON value"],
    ["  ", "ends early (truncated?) at byte 2: no JSON value"],
    [
      '{"a":"x',
      "ends early (truncated?) at byte 7: unterminated string (in a)",
    ],
    [
      '{"a":"\\',
      "ends early (truncated?) at byte 7: unterminated string (in a)",
    ],
    [
      '{"a":"\\u00',
      "ends early (truncated?) at byte 10: unterminated string (in a)",
    ],
    [
      '{"é":"🔥',
      'ends early (truncated?) at byte 11: unterminated string (in ["é"])',
    ],
    ["[1,2", "ends early (truncated?) at byte 4: unterminated array"],
    ["[1,", "ends early (truncated?) at byte 3: unterminated array"],
    ["[", "ends early (truncated?) at byte 1: unterminated array"],
    ['{"a":[1', "ends early (truncated?) at byte 7: unterminated array (in a)"],
    ["{", "ends early (truncated?) at byte 1: unterminated object"],
    ['{"a"', "ends early (truncated?) at byte 4: unterminated object"],
    ['{"a":', "ends early (truncated?) at byte 5: unterminated object"],
    ['{"a":1', "ends early (truncated?) at byte 6: unterminated object"],
    ['{"a":1,', "ends early (truncated?) at byte 7: unterminated object"],
    ['{"a":{"b":2}', "ends early (truncated?) at byte 12: unterminated object"],
    [
      '{"a":tr',
      'ends early (truncated?) at byte 7: incomplete literal "tr" (in a)',
    ],
    [
      "[nul",
      'ends early (truncated?) at byte 4: incomplete literal "nul" (in [0])',
    ],
    ["-", "ends early (truncated?) at byte 1: incomplete number"],
    ["[1.", "ends early (truncated?) at byte 3: incomplete number (in [0])"],
    ["[1e", "ends early (truncated?) at byte 3: incomplete number (in [0])"],
    ["[1.5E-", "ends early (truncated?) at byte 6: incomplete number (in [0])"],
  ];
  for (const [text, message] of cases) {
    assert.throws(
      () => parse(text),
      { name: "CanonicalJsonError", message },
      text,
    );
    const bytes = new TextEncoder().encode(text);
    assert.throws(() => parseBytes(bytes, { file: "f.json" }), {
      message: `f.json: ${message}`,
    }, text);
  }
  // Errors in the middle of the text keep their own words.
  for (
    const [text, message] of [
      ["[1,]", '[1]: unexpected character "]" (at byte 3)'],
      ["[tru ]", "[0]: invalid literal (at byte 1)"],
      ["[1.x]", "expected ',' or ']' in array (at byte 2)"],
      ['["\\x"]', "[0]: invalid escape in string (at byte 2)"],
      ['["é",x]', '[1]: unexpected character "x" (at byte 6)'],
    ] as const
  ) {
    assert.throws(() => parse(text), { message }, text);
  }
  // Cut inside a UTF-8 sequence: the bytes before it decode.
  assert.throws(
    () => parseBytes(new Uint8Array([0x5b, 0x22, 0xf0, 0x9f, 0x94])),
    {
      message:
        "ends early (truncated?) at byte 5: a UTF-8 sequence begun at byte 2 is cut off",
    },
  );
  // An invalid byte before the end is not a cut.
  assert.throws(() => parseBytes(new Uint8Array([0x22, 0xff, 0x22, 0xc3])), {
    message: "input is not valid UTF-8",
  });
});
