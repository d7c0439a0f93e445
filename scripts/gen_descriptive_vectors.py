#!/usr/bin/env python3
"""Write tests/fixtures/descriptive_vectors.json: statistics.md section 4.

An independent implementation of the descriptive statistics (n, mean,
median, sample variance, std, min, max, type-7 quantiles at 1/4, 1/2, 3/4,
9/10, 19/20) on exact fractions.Fraction values, written from the spec text
with the standard library only and a fixed random seed.
tests/descriptive_test.ts checks src/statistics/descriptive.ts against it.
Running the script again rewrites the file byte for byte.

Each case: {"name", "values": ["p/q", ...], "expected": STATISTICS} where
STATISTICS is the contract section 12 object exactly as the reference
serializes it: floats are float(Fraction) (std is math.sqrt(float(variance))),
null where undefined, and json.dumps writes floats as repr, so the fixture
holds the canonical JSON of the expected object.

Usage: python3 scripts/gen_descriptive_vectors.py
"""

import json
import math
import random
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "descriptive_vectors.json"
LEVELS = [("p25", Fraction(1, 4)), ("p50", Fraction(1, 2)), ("p75", Fraction(3, 4)),
          ("p90", Fraction(9, 10)), ("p95", Fraction(19, 20))]


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def type7(ys, p: Fraction) -> Fraction:
    h = (len(ys) - 1) * p
    j = h.numerator // h.denominator
    g = h - j
    if g == 0:
        return ys[j]
    return ys[j] + g * (ys[j + 1] - ys[j])


def statistics(xs):
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": None, "median": None, "variance": None, "std": None,
                "min": None, "max": None, "quantiles": {k: None for k, _ in LEVELS}}
    ys = sorted(xs)
    mean = sum(xs, Fraction(0)) / n
    variance = None
    if n >= 2:
        variance = sum(((x - mean) ** 2 for x in xs), Fraction(0)) / (n - 1)
    return {
        "n": n,
        "mean": float(mean),
        "median": float(type7(ys, Fraction(1, 2))),
        "variance": None if variance is None else float(variance),
        "std": None if variance is None else math.sqrt(float(variance)),
        "min": float(ys[0]),
        "max": float(ys[-1]),
        "quantiles": {k: float(type7(ys, p)) for k, p in LEVELS},
    }


def random_value(rng: random.Random, style: str) -> Fraction:
    if style == "int":
        return Fraction(rng.randint(-50, 50))
    if style == "rate":
        d = rng.randint(1, 20)
        return Fraction(rng.randint(0, d), d)
    if style == "exposure":
        total = sum((Fraction(rng.randint(1, 30), rng.randint(1, 40)) for _ in range(rng.randint(1, 6))),
                    Fraction(0))
        return total / rng.randint(3, 500)
    if style == "huge":
        return Fraction(rng.randint(-10**40, 10**40), rng.randint(1, 10**35))
    if style == "tiny":
        return Fraction(rng.randint(-9, 9), 2**rng.randint(1060, 1090))
    raise ValueError(style)


def main() -> None:
    rng = random.Random(20240608)
    F = Fraction
    cases = [
        ("worked_example", [F(1), F(2), F(3), F(4)]),
        ("empty", []),
        ("single", [F(7, 3)]),
        ("two", [F(1, 3), F(-1, 6)]),
        ("all_equal", [F(1, 10)] * 6),
        ("zeros", [F(0)] * 3),
        ("negative_zero_mean", [F(-1, 2), F(1, 2)]),
    ]
    styles = ["int", "rate", "exposure", "huge", "tiny"]
    for i in range(60):
        style = styles[i % len(styles)]
        n = rng.randint(0, 25)
        cases.append((f"random_{i}_{style}_n{n}", [random_value(rng, style) for _ in range(n)]))
    doc = [{"name": name, "values": [f"{v.numerator}/{v.denominator}" for v in xs],
            "expected": statistics(xs)} for name, xs in cases]
    OUT.write_text(canonical(doc), encoding="ascii")


if __name__ == "__main__":
    main()
