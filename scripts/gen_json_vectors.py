#!/usr/bin/env python3
"""Write tests/fixtures/json_vectors.jsonl: inputs and Python's canonical JSON.

Each line is a JSON object {"input": ..., "canonical": ...[, "sha256": ...]}
whose values are strings: `input` is a JSON document written non-canonically
(random whitespace and key order, escapes in several forms, raw UTF-8, float
lexemes spelt in several ways), `canonical` is

    json.dumps(json.loads(input), sort_keys=True, separators=(",", ":"),
               ensure_ascii=True, allow_nan=False)

and `sha256` (on every 10th line) the lower-case hex SHA-256 of the canonical
bytes. The lines themselves are written with ensure_ascii=False, so reading
the fixture also exercises raw UTF-8. tests/canonical_test.ts checks
src/json/canonical.ts against it. Standard library only, fixed seed: running this
script again rewrites the file byte for byte.

Usage: python3 scripts/gen_json_vectors.py
"""

import hashlib
import json
import math
import random
import re
import struct
import sys
from decimal import Decimal
from pathlib import Path

SEED = 20240602
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "json_vectors.jsonl"
MAX_SAFE = 2**53 - 1
FLOAT_LEXEME = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")

SHORT = {"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}

FLOATS = [
    0.0, -0.0, 3.0, -3.0, 1.0, 0.5, 100.0, 1e-4, 1e-5, 1.5e-5, 2.5e-7,
    0.0001, 0.00011, 9.999999999999999e-5, 1 / 3, 0.1, 0.2, 0.30000000000000004,
    1e15, 1e16, 999999999999999.9, 9999999999999998.0, 1.2345678901234568e17,
    1e22, 1e21, 1e23, 5e-324, -5e-324, 1e-323, 2.2250738585072014e-308,
    2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308,
    9007199254740993.0, 9007199254740992.0, 4.35, 123456789.125, 1e-7, 1e300,
]

KEYS = [
    "10", "9", "1", "01", "-1", "1e3", "0", "", "__proto__", "constructor",
    "toString", "a", "A", "b", "ab", "a b", "\u00e9", "e\u0301", "\u007f",
    "\x00", "\x1f", "\"", "\\", "/", "\ue000", "\uffff", "\ufffd", "\ufeff",
    "\U0001f525", "\U00010000", "\U0010ffff", "a\U0001f525", "a\ue000",
    "\U0001f525\ue000", "\ue000\U0001f525", "\u2028", "\ud7ff",
]


def random_char(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.45:
        return chr(rng.randint(0x20, 0x7E))
    if r < 0.55:
        return chr(rng.randint(0x00, 0x1F))
    if r < 0.62:
        return rng.choice(['"', "\\", "/", "\x7f"])
    if r < 0.72:
        return chr(rng.randint(0x80, 0xFF))
    if r < 0.80:
        return chr(rng.randint(0x100, 0xD7FF))
    if r < 0.88:
        return chr(rng.randint(0xE000, 0xFFFF))
    return chr(rng.randint(0x10000, 0x10FFFF))


def random_string(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(KEYS)
    return "".join(random_char(rng) for _ in range(rng.randint(0, 12)))


def random_float(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.35:
        return rng.choice(FLOATS)
    if r < 0.6:
        while True:
            x = struct.unpack(">d", struct.pack(">Q", rng.getrandbits(64)))[0]
            if math.isfinite(x):
                return x
    if r < 0.8:
        return rng.randint(-10**6, 10**6) / rng.choice([1, 2, 4, 10, 100, 1000, 3])
    return float(rng.randint(-2**60, 2**60)) * 10.0 ** rng.randint(-30, 30)


def random_int(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.2:
        return rng.choice([0, 1, -1, MAX_SAFE, -MAX_SAFE, MAX_SAFE - 1, 10, 9])
    if r < 0.6:
        return rng.randint(-1000, 1000)
    return rng.randint(-MAX_SAFE, MAX_SAFE)


def random_value(rng: random.Random, depth: int):
    r = rng.random()
    if depth > 0 and r < 0.3:
        return [random_value(rng, depth - 1) for _ in range(rng.randint(0, 5))]
    if depth > 0 and r < 0.55:
        return {random_string(rng): random_value(rng, depth - 1)
                for _ in range(rng.randint(0, 5))}
    r = rng.random()
    if r < 0.3:
        return random_string(rng)
    if r < 0.55:
        return random_float(rng)
    if r < 0.8:
        return random_int(rng)
    return rng.choice([True, False, None])


# ------------------------------------------------------------------ writing


def ws(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return ""
    return "".join(rng.choice(" \t\n\r") for _ in range(rng.randint(1, 3)))


def hex4(rng: random.Random, u: int) -> str:
    h = "%04x" % u
    style = rng.randint(0, 2)
    if style == 1:
        h = h.upper()
    elif style == 2:
        h = "".join(c.upper() if rng.random() < 0.5 else c for c in h)
    return "\\u" + h


def write_char(rng: random.Random, c: str) -> str:
    u = ord(c)
    escape = rng.random() < 0.4
    if u < 0x20:
        if c in SHORT and rng.random() < 0.5:
            return SHORT[c]
        return hex4(rng, u)
    if c == '"':
        return '\\"' if rng.random() < 0.7 else hex4(rng, u)
    if c == "\\":
        return "\\\\" if rng.random() < 0.7 else hex4(rng, u)
    if c == "/":
        return rng.choice(["/", "\\/", hex4(rng, u)])
    if not escape:
        return c
    if u > 0xFFFF:
        v = u - 0x10000
        return hex4(rng, 0xD800 + (v >> 10)) + hex4(rng, 0xDC00 + (v & 0x3FF))
    return hex4(rng, u)


def write_string(rng: random.Random, s: str) -> str:
    return '"' + "".join(write_char(rng, c) for c in s) + '"'


def float_lexemes(x: float) -> list[str]:
    """Several JSON float lexemes that all read back as x."""
    r = repr(x)
    forms = [r, r.upper(), "%.17g" % x, format(Decimal(x), "f")]
    sign = "-" if math.copysign(1.0, x) < 0 else ""
    mant, _, exp = ("%.16e" % abs(x)).partition("e")
    digits = mant.replace(".", "").rstrip("0") or "0"
    e = int(exp)
    forms.append("%s0.%se%d" % (sign, digits, e + 1))
    forms.append("%s%s.0e%+d" % (sign, digits, e - len(digits) + 1))
    forms.append("%s%s.%s000E%d" % (sign, digits[0], digits[1:] or "0", e))
    out = []
    for f in forms:
        if not any(ch in f for ch in ".eE"):
            f += ".0"
        assert FLOAT_LEXEME.fullmatch(f), f
        y = float(f)
        assert y == x and math.copysign(1.0, y) == math.copysign(1.0, x), (f, x)
        out.append(f)
    return out


def write_value(rng: random.Random, v) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return "-0" if v == 0 and rng.random() < 0.3 else str(v)
    if isinstance(v, float):
        return rng.choice(float_lexemes(v))
    if isinstance(v, str):
        return write_string(rng, v)
    if isinstance(v, list):
        if not v:
            return "[" + ws(rng) + "]"
        items = [ws(rng) + write_value(rng, x) + ws(rng) for x in v]
        return "[" + ",".join(items) + "]"
    keys = list(v)
    rng.shuffle(keys)
    if not keys:
        return "{" + ws(rng) + "}"
    items = [ws(rng) + write_string(rng, k) + ws(rng) + ":" + ws(rng)
             + write_value(rng, v[k]) + ws(rng) for k in keys]
    return "{" + ",".join(items) + "}"


def canonical(v) -> str:
    return json.dumps(v, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False)


# --------------------------------------------------------------- documents


def fixed_documents() -> list:
    """Documents that every run must cover, whatever the random draw."""
    nested = []
    for _ in range(511):
        nested = [nested]
    return [
        {"10": 1, "9": 2, "1": 3, "01": 4, "": 5},
        {"\U0001f525": 1, "\ue000": 2, "\uffff": 3, "\U00010000": 4, "a": 5},
        {"a\U0001f525": 1, "a\ue000": 2, "a\uffff": 3, "a": 4},
        {"__proto__": {"__proto__": 1}, "constructor": [], "toString": {}},
        FLOATS,
        [float(x) for x in (0, 1, 2, 3, -3, 1e15, 1e16)],
        [MAX_SAFE, -MAX_SAFE, 0, 1, -1, 3],
        ["".join(chr(u) for u in range(0x20)), "\"\\/\x7f", "\u00e9\u2028\ufeff",
         "\U0001f525\U0010ffff\U00010000", "\ud7ff\ue000\uffff"],
        [[], {}, [[]], [{}], {"a": []}, {"b": {}}, "", 0, 0.0],
        [True, False, None, "true", "null"],
        nested,
        {"a": {"b": {"c": {"d": [1, 2.5, {"e": None}]}}}},
        "plain", 42, -0.0, 5e-324, True, None, [],
    ]


def main() -> None:
    # The 512-deep document recurses through the writer and json.
    sys.setrecursionlimit(10_000)
    rng = random.Random(SEED)
    docs = []
    for doc in fixed_documents():
        docs.extend([doc] * 3)
    while len(docs) < 1200:
        docs.append(random_value(rng, rng.randint(0, 5)))
    lines = []
    for i, doc in enumerate(docs):
        text = ws(rng) + write_value(rng, doc) + ws(rng)
        expected = canonical(doc)
        # The canonical text is Python's reading of the input, not of `doc`.
        assert canonical(json.loads(text)) == expected
        entry = {"input": text, "canonical": expected}
        if i % 10 == 0:
            entry["sha256"] = hashlib.sha256(expected.encode("ascii")).hexdigest()
        lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
