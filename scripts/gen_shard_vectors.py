#!/usr/bin/env python3
"""Independent vectors of the interval split of statistics parts
(docs/scale.md): for statistics artifacts written by the Python reference
(tests/fixtures/statistics), the n of every interval in the order the
artifact holds them (overall, the scenarios, the families; the metrics in
order; only entries with n >= 5 have an interval), and which shard owns
each interval under the longest-first rule: intervals by R*n descending
(ties: earlier first), each to the shard with the least R*n so far (ties:
lower index). Python standard library only.

    python3 scripts/gen_shard_vectors.py > tests/fixtures/shard_split.json
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = [
    "expected_aggregate_greedy_r100.json",
    "expected_paired_fire_aware__greedy_r100.json",
    "expected_aggregate_random_missing_r100.json",
]
COUNTS = [1, 2, 3, 4, 7, 300]
MIN_N = 5


def sizes_of(artifact):
    out = []
    groups = [artifact["overall"]] + artifact["scenarios"] + artifact["families"]
    for g in groups:
        for m in g["metrics"]:
            n = m["statistics"]["n"]
            if n >= MIN_N:
                out.append(n)
    return out


def owners(sizes, count):
    order = sorted(range(len(sizes)), key=lambda t: (-sizes[t], t))
    load = [0] * count
    owner = [0] * len(sizes)
    for t in order:
        best = min(range(count), key=lambda k: (load[k], k))
        owner[t] = best
        load[best] += sizes[t]
    return owner


cases = []
for name in FILES:
    path = ROOT / "tests" / "fixtures" / "statistics" / name
    artifact = json.loads(path.read_text())
    sizes = sizes_of(artifact)
    cases.append({
        "file": name,
        "sizes": sizes,
        "owners": {str(c): owners(sizes, c) for c in COUNTS},
    })
print(json.dumps({"rule": "longest_first_by_resamples_times_n", "cases": cases},
                 separators=(",", ":")))
