#!/usr/bin/env python3
"""Write tests/fixtures/bootstrap_vectors.json: the deterministic bootstrap.

An independent implementation of statistics.md section 8 and contract
sections 12 and 14, written from the spec text with Python's standard
library only (hashlib.shake_256, hashlib.sha256, fractions, json, random with
a fixed seed). tests/bootstrap_test.ts checks src/bootstrap/ and
src/statistics/seed.ts against it. Running the script again rewrites the
file byte for byte.

Fixture layout (canonical JSON, sorted keys):

  streams:   [{seed, block, words: [hex16, ...] (word indices in "at")}]
  draws:     [{seed, n, indices: [...]}]  first indices drawn below n
  intervals: [{name, seed_object, seed, resamples, values: ["p/q", ...],
               lower, upper}]  lower/upper are null (n < 5) or
               {"exact": "p/q", "bits": IEEE 754 bits as 16 hex digits}

Usage: python3 scripts/gen_bootstrap_vectors.py
"""

import hashlib
import json
import random
import struct
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "bootstrap_vectors.json"
DOMAIN = b"emberbench/statistics/bootstrap/v1\x00"
TWO64 = 2**64


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def block(seed: bytes, k: int) -> bytes:
    return hashlib.shake_256(DOMAIN + seed + k.to_bytes(8, "big")).digest(4096)


class Words:
    """The 64-bit words of the counter-mode stream, one block at a time."""

    def __init__(self, seed: bytes):
        self.seed = seed
        self.k = 0
        self.i = 512
        self.buf = b""

    def next(self) -> int:
        if self.i == 512:
            self.buf = block(self.seed, self.k)
            self.k += 1
            self.i = 0
        w = int.from_bytes(self.buf[8 * self.i : 8 * self.i + 8], "big")
        self.i += 1
        return w


def draw(words: Words, n: int) -> int:
    limit = TWO64 - (TWO64 % n)
    while True:
        w = words.next()
        if w < limit:
            return w % n


def type7(ys, p: Fraction) -> Fraction:
    h = (len(ys) - 1) * p
    j = h.numerator // h.denominator
    g = h - j
    if g == 0:
        return ys[j]
    return ys[j] + g * (ys[j + 1] - ys[j])


def bootstrap(values, resamples: int, seed: bytes):
    n = len(values)
    if n < 5:
        return None
    words = Words(seed)
    means = []
    for _ in range(resamples):
        total = Fraction(0)
        for _ in range(n):
            total += values[draw(words, n)]
        means.append(total / n)
    means.sort()
    return type7(means, Fraction(1, 40)), type7(means, Fraction(39, 40))


def bits(x: float) -> str:
    return struct.pack(">d", x).hex()


def frac_text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def bound(f):
    if f is None:
        return None
    return {"exact": frac_text(f), "bits": bits(float(f))}


def hexdigest(obj) -> str:
    return hashlib.sha256(canonical(obj).encode("ascii")).hexdigest()


def exposure_like(rng: random.Random) -> Fraction:
    """A value shaped like mean_exposure: (sum count_d / d) / states."""
    states = rng.randint(5, 400)
    total = Fraction(0)
    for _ in range(rng.randint(1, 8)):
        total += Fraction(rng.randint(1, 30), rng.randint(1, 40))
    return total / states


def main() -> None:
    rng = random.Random(20240607)
    zero = bytes(32)
    abc = hashlib.sha256(b"abc").digest()
    other = hashlib.sha256(b"emberbench bootstrap fixture").digest()

    streams = []
    for seed, blk, at in [
        (zero, 0, [0, 1, 2, 255, 511]),
        (zero, 1, [0, 1, 2, 511]),
        (abc, 0, [0, 1, 2, 511]),
        (other, 7, [0, 100, 511]),
        (other, 2**32 + 5, [0, 1, 511]),
    ]:
        data = block(seed, blk)
        streams.append({
            "seed": seed.hex(),
            "block": blk,
            "at": at,
            "words": [data[8 * i : 8 * i + 8].hex() for i in at],
        })

    draws = []
    for n in [1, 2, 3, 5, 10, 97, 1000, 2**21, 2**21 + 1, 3 * 2**30 + 7, 2**32 - 1]:
        words = Words(other)
        draws.append({"seed": other.hex(), "n": n, "indices": [draw(words, n) for _ in range(1500)]})

    cases = []

    def add(name, values, resamples, group=("overall", "overall"), metric="evacuated_rate",
            purpose="aggregate_mean", digests=None):
        if digests is None:
            digests = [hashlib.sha256(f"result {name}".encode()).hexdigest()]
            if purpose == "paired_mean_delta":
                digests.append(hashlib.sha256(f"result b {name}".encode()).hexdigest())
        seed_object = {
            "statistics_version": "1.0",
            "purpose": purpose,
            "evaluation_manifest_hash": hashlib.sha256(f"manifest {name}".encode()).hexdigest(),
            "result_digests": digests,
            "group": list(group),
            "metric": metric,
            "resamples": resamples,
        }
        seed_hex = hexdigest(seed_object)
        result = bootstrap(values, resamples, bytes.fromhex(seed_hex))
        cases.append({
            "name": name,
            "seed_object": seed_object,
            "seed": seed_hex,
            "resamples": resamples,
            "values": [frac_text(v) for v in values],
            "lower": bound(result[0]) if result else None,
            "upper": bound(result[1]) if result else None,
        })

    F = Fraction
    add("n0", [], 100)
    add("n1", [F(1, 2)], 100)
    add("n4", [F(1), F(2), F(3), F(4)], 2000)
    add("n5_small_ints_r100", [F(v) for v in [1, 2, 3, 4, 5]], 100)
    add("n5_repeated_r100", [F(1, 2), F(1, 2), F(1, 2), F(3, 4), F(1, 2)], 100)
    add("n5_all_equal", [F(2, 3)] * 5, 500)
    add("n5_zeros", [F(0)] * 5, 100)
    add("n6_negative_deltas", [F(-1, 3), F(1, 4), F(-5, 8), F(0), F(-1, 2), F(1, 7)], 2000,
        purpose="paired_mean_delta", metric="casualty_rate")
    add("n7_rates_r137", [F(rng.randint(0, 8), 8) for _ in range(7)], 137,
        group=("scenario", "office_two_exits"))
    add("n10_rates_r2000", [F(rng.randint(0, 12), 12) for _ in range(10)], 2000,
        group=("family", "spreading_fire"))
    add("n8_r121_g_zero", [F(rng.randint(-20, 20), rng.randint(1, 9)) for _ in range(8)], 121)
    add("n9_r161", [F(rng.randint(0, 5)) for _ in range(9)], 161, metric="exits_used")
    add("n12_exposure", [exposure_like(rng) for _ in range(12)], 500, metric="mean_exposure")
    add("n20_exposure", [exposure_like(rng) for _ in range(20)], 1000, metric="mean_exposure")
    add("n37_exposure_r400", [exposure_like(rng) for _ in range(37)], 400, metric="mean_exposure")
    add("n30_blocked_rates",
        [F(rng.randint(0, 50), rng.randint(50, 400)) for _ in range(30)], 2000, metric="blocked_rate")
    add("n8_near_2_50_ints", [F(2**50 + rng.randint(-1000, 1000)) for _ in range(8)], 300)
    add("n9_subnormal_scale",
        [F(rng.randint(1, 9), 2**1068) for _ in range(9)], 200, metric="mean_exposure")
    add("n7_underflowing_approximations",
        [F(1), F(10**20 + 1, 2**1100), F(3, 2**1100), F(-7, 2**1100), F(1), F(0), F(-1, 2**1101)], 300)
    add("n6_huge_ints", [F(10**30 + rng.randint(0, 10**6)) for _ in range(6)], 250)
    add("n6_mixed_magnitudes",
        [F(1, 3**40), F(5), F(-7, 11), F(1, 2**70), F(2**60, 3), F(0)], 300)
    add("n50_r100", [F(rng.randint(0, 100), 100) for _ in range(50)], 100,
        metric="aggregate_path_efficiency")
    add("n200_r100", [F(rng.randint(0, 9), rng.randint(1, 9)) for _ in range(200)], 100,
        metric="congestion_block_rate")
    add("n6_paired_deltas_exposure",
        [exposure_like(rng) - exposure_like(rng) for _ in range(6)], 700,
        purpose="paired_mean_delta", metric="mean_exposure", group=("family", "crowd"))
    add("n5_r1000000", [F(1, 3), F(2, 7), F(0), F(1), F(5, 9)], 1_000_000, metric="max_exit_share")

    doc = {"streams": streams, "draws": draws, "intervals": cases}
    OUT.write_text(canonical(doc), encoding="ascii")


if __name__ == "__main__":
    main()
