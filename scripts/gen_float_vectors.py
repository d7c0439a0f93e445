#!/usr/bin/env python3
"""Write tests/fixtures/float_vectors.txt: Python's float(Fraction(p, q)).

The TypeScript side (tests/exact_test.ts) checks src/exact.ts against these
values, which come from CPython's correctly rounded int true division, not
from our code. Standard library only, fixed seed: running this script again
rewrites the file byte for byte.

Line formats (fields separated by one space, integers in decimal):

  R <category> <p> <q> <expected>
      expected is float(Fraction(p, q)) as 16 hex digits of its IEEE 754
      bits (big-endian), or "overflow" where Python raises OverflowError.
      q may be negative and p/q need not be reduced.
  F <bits> <num> <den> <repr>
      Fraction(x) == num/den exactly (den > 0, reduced) and repr(x).
  P <bits> <repr>
      repr(x) only, for random bit patterns.

Usage: python3 scripts/gen_float_vectors.py
"""

import random
import struct
from fractions import Fraction
from pathlib import Path

SEED = 20240601
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "float_vectors.txt"

MIN_SUB = Fraction(1, 2**1074)  # 5e-324
MAX_MANT = 2**53 - 1


def bits(x: float) -> str:
    return struct.pack(">d", x).hex()


def from_bits(h: str) -> float:
    return struct.unpack(">d", bytes.fromhex(h))[0]


def expected(p: int, q: int) -> str:
    try:
        return bits(float(Fraction(p, q)))
    except OverflowError:
        return "overflow"


def signed(rng: random.Random, p: int) -> int:
    return -p if rng.random() < 0.5 else p


def dyadic(m: int, e: int) -> tuple[int, int]:
    """m * 2**e as (p, q) with q a power of two."""
    return (m << e, 1) if e >= 0 else (m, 1 << -e)


def nudge(rng: random.Random, p: int, q: int, direction: int) -> tuple[int, int]:
    """p/q moved by a tiny positive or negative amount (sticky-bit cases)."""
    k = rng.getrandbits(rng.randint(1, 200)) | 1
    return p * k + direction, q * k


def random_cases(rng):
    for _ in range(6300):
        p = rng.getrandbits(rng.randint(0, 128))
        q = rng.getrandbits(rng.randint(1, 128)) or 1
        p = signed(rng, p)
        if rng.random() < 0.1:
            q = -q
        yield "random", p, q


def integer_cases(rng):
    # Integers just above 2**53 exercise ties in the last place.
    for k in range(2**53 - 4, 2**53 + 12):
        yield "int", k, 1
        yield "int", -k, 1
    for _ in range(500):
        p = signed(rng, rng.getrandbits(rng.randint(1, 1100)))
        yield "int", p, rng.choice([1, 1, 1, 2, 3, 7, 10])


def halfway_cases(rng):
    """(M + 1/2) * 2**E for normal mantissas M: ties go to the even neighbour."""
    exps = list(range(-1074, -1060)) + list(range(-2, 14)) + list(range(960, 972))
    for i in range(1400):
        m = rng.randrange(2**52, 2**53)
        # Alternate parity so that ties round both down (even M) and up (odd M).
        m = (m & ~1) | (i & 1)
        e = rng.choice(exps) if i % 4 == 0 else rng.randint(-1074, 971)
        p, q = dyadic(2 * m + 1, e - 1)
        kind = i % 8
        if kind < 4:
            yield "half", signed(rng, p), q
        elif kind < 6:
            p, q = nudge(rng, p, q, +1 if kind == 4 else -1)
            yield "near-half", signed(rng, p), q
        else:
            c = rng.getrandbits(rng.randint(1, 64)) | 1
            yield "half-unreduced", signed(rng, p * c), q * c
    # The largest double, the halfway point above it and 2**1024.
    top = (2 * MAX_MANT + 1) << 970
    yield "half", top, 1
    yield "half", -top, 1
    yield "half", top - 1, 1
    yield "half", top + 1, 1
    yield "half", MAX_MANT << 971, 1
    yield "half", 2**1024, 1
    yield "half", -(2**1024), 1


def subnormal_cases(rng):
    q0 = 2**1074
    specials = [
        (0, 1), (1, q0), (1, 2 * q0), (1, 4 * q0), (3, 4 * q0), (1, 2 * q0 + 1),
        (2 * q0 + 1, 4 * q0 * q0), (q0 * 2 + 1, q0 * q0 * 4), (1, 10**400),
        (3, 2 * q0), (5, 2 * q0), (2**53 - 1, 2 * q0), (2**53 + 1, 2 * q0),
        (2**52 - 1, q0), (2**52, q0), (2**53 - 2, 2 * q0 + 1), (1, 3 * q0),
        (2, 3 * q0), (1, 2**2000), (2**52 + 1, q0),
    ]
    for p, q in specials:
        yield "subnormal", p, q
        yield "subnormal", -p, q
    for i in range(1200):
        kind = i % 6
        k = rng.randrange(0, 2**rng.randint(1, 52))
        if kind == 0:
            yield "subnormal", signed(rng, k), q0
        elif kind == 1:
            yield "sub-half", signed(rng, 2 * k + 1), 2 * q0
        elif kind == 2:
            p, q = nudge(rng, 2 * k + 1, 2 * q0, rng.choice([1, -1]))
            yield "sub-near-half", signed(rng, p), q
        elif kind == 3:
            q = rng.randrange(2**1070, 2**1130)
            p = rng.randrange(1, 2**rng.randint(1, 60))
            yield "subnormal", signed(rng, p), q
        elif kind == 4:
            # Below 2**-1075: underflows to (signed) zero.
            q = rng.randrange(2**1076, 2**1200)
            yield "underflow", signed(rng, rng.randrange(1, 4)), q
        else:
            # Straddling the smallest normal 2**-1022.
            m = 2**52 + rng.randint(-40, 40)
            p, q = nudge(rng, m, q0, rng.choice([1, -1, 0]))
            yield "min-normal", signed(rng, p), q


def overflow_cases(rng):
    limit = 2**1024
    boundary = limit - 2**970  # halfway between the largest double and 2**1024
    for i in range(400):
        q = rng.getrandbits(rng.randint(1, 200)) or 1
        kind = i % 4
        if kind == 0:
            p = rng.randrange(2**1023 * q, 2**1025 * q)
        elif kind == 1:
            p = boundary * q + rng.randint(-3, 3)
        elif kind == 2:
            p = limit * q + rng.randint(-3, 3)
        else:
            p = (MAX_MANT << 971) * q + rng.randint(-q, q)
        yield "top", signed(rng, p), q


def huge_cases(rng):
    for i in range(240):
        q = rng.getrandbits(rng.randint(1000, 1400)) | (1 << 999)
        kind = i % 3
        if kind == 0:
            p = rng.getrandbits(rng.randint(1000, 1400))
        elif kind == 1:
            # A moderate ratio hidden in huge terms.
            p = q * rng.getrandbits(rng.randint(1, 60)) + rng.getrandbits(900)
        else:
            # An exact halfway value scaled by a huge odd factor.
            m = rng.randrange(2**52, 2**53)
            hp, hq = dyadic(2 * m + 1, rng.randint(-200, 200))
            c = rng.getrandbits(1000) | 1
            p, q = hp * c, hq * c
        yield "huge", signed(rng, p), q


def repr_values(rng, results):
    specials = [
        0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 100.0, 1e-4, 1e-5, 1.5e-5, 2.5e-7,
        1 / 3, 1e16, 1e15, 1.2345678901234568e17, 5e-324, 2.2250738585072014e-308,
        1.7976931348623157e308, 9007199254740993.0, 1e22, 1e21, 123456789.0,
    ]
    for x in specials:
        yield x
    for h in results[::16]:
        yield from_bits(h)


def main() -> None:
    rng = random.Random(SEED)
    cases = []
    for gen in (random_cases, integer_cases, halfway_cases, subnormal_cases,
                overflow_cases, huge_cases):
        cases.extend(gen(rng))
    lines = [
        "# Generated by scripts/gen_float_vectors.py (seed %d); do not edit." % SEED,
        "# R <category> <p> <q> <float(Fraction(p, q)) IEEE bits | overflow>",
        "# F <bits> <Fraction(x) numerator> <denominator> <repr(x)>",
        "# P <bits> <repr(x)>",
    ]
    results = []
    for cat, p, q in cases:
        e = expected(p, q)
        if e != "overflow":
            results.append(e)
        lines.append("R %s %d %d %s" % (cat, p, q, e))
    for x in repr_values(rng, results):
        f = Fraction(x)
        lines.append("F %s %d %d %s" % (bits(x), f.numerator, f.denominator, repr(x)))
    for _ in range(3000):
        # Random finite bit patterns: every exponent equally likely.
        x = from_bits("%016x" % rng.getrandbits(64))
        if x == x and abs(x) != float("inf"):
            lines.append("P %s %s" % (bits(x), repr(x)))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="ascii", newline="\n")


if __name__ == "__main__":
    main()
