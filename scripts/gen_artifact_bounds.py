"""Write tests/fixtures/artifact_bounds.json: the input limits of statistics
artifacts and parts (docs/security.md, "Implementation limits"), computed
from contract section 12's field lists with Python's standard library alone,
for tests/artifact_limit_test.ts to compare with the package's own.

The bound's shape: every float of 24 characters, counts of the episode
limit's value, indices of the limit less one, seeds of 2^53 - 1, R of
1,000,000, IDs of 64 characters, a suite version of STRING_LENGTH code
units each escaped as six bytes; one scenario group and one family group per
8 episodes; each episode in six groups; every episode missing (from both
results of a comparison).

Usage: python3 scripts/gen_artifact_bounds.py
"""

import json
import math
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
# metric_definitions as the independent statistics reference wrote them.
DEFINITIONS = json.loads(
    (ROOT / "tests/fixtures/statistics/expected_aggregate_greedy_r100.json").read_text()
)["metric_definitions"]
WIDEST = -2.2250738585072014e-308
ID = "x" * 64
DIGEST = "0" * 64
PART_FRAME = 4096
CASES = [(100, 1024), (1000, 1024), (100_000, 1024 * 1024), (1_000_000, 1024 * 1024)]
FILE_BYTES = 64 * 1024 * 1024


def size(value):
    return len(json.dumps(value, sort_keys=True, separators=(",", ":")))


def stats(count):
    q = {k: WIDEST for k in ("p25", "p50", "p75", "p90", "p95")}
    names = ("mean", "median", "variance", "std", "min", "max")
    return dict({k: WIDEST for k in names}, n=count, quantiles=q)


INTERVAL = {"method": "percentile_bootstrap", "statistic": "mean", "level": 0.95,
            "resamples": 1_000_000, "seed": DIGEST, "lower": WIDEST, "upper": WIDEST}


def group(kind, count):
    names = [d["metric"] for d in DEFINITIONS]
    if kind == "aggregate":
        counts = ("scheduled", "observed", "missing", "all_resolved", "max_steps",
                  "with_casualties", "with_stranded", "zero_evacuation")
        return {"kind": "scenario", "name": ID, "episode_indices": [], "missing_indices": [],
                "robustness": {k: count for k in counts},
                "metrics": [{"metric": m, "scheduled": count, "observed": count, "missing": count,
                             "undefined": count, "statistics": stats(count), "mean_ci": INTERVAL}
                            for m in names]}
    counts = ("paired", "missing_from_a", "missing_from_b", "undefined", "delta_positive",
              "delta_negative", "delta_zero", "a_better", "b_better", "ties")
    return {"kind": "scenario", "name": ID, "paired_indices": [], "missing_from_a": [],
            "missing_from_b": [],
            "metrics": [dict({k: count for k in counts}, metric=m, deltas=[],
                             statistics=stats(count), mean_delta_ci=INTERVAL) for m in names]}


def shape(kind, episodes, string_length):
    index = episodes - 1
    head = {"statistics_version": "1.0", "artifact": kind, "evaluation_manifest_hash": DIGEST,
            "suite_id": ID, "suite_version": "\u0001" * string_length, "suite_hash": DIGEST,
            "simulator_version": "1.0", "observation_version": "1.0", "metrics_version": "1.0",
            "scheduled_episodes": episodes, "metric_definitions": DEFINITIONS,
            "methods": {"quantiles": "hyndman_fan_type_7", "variance": "sample_n_minus_1",
                        "std": "sqrt_of_float_variance",
                        "bootstrap": {"method": "percentile_bootstrap", "statistic": "mean",
                                      "level": 0.95, "resamples": 1_000_000, "min_n": 5,
                                      "stream": "shake256_counter_v1"}},
            "overall": group(kind, episodes), "scenarios": [], "families": []}
    if kind == "aggregate":
        head.update(model_id=ID, result_digest=DIGEST, observed_episodes=episodes,
                    missing_episodes=[])
        member, keys = len(str(index)) + 1, 1
    else:
        head.update(model_a=ID, model_b=ID, result_digest_a=DIGEST, result_digest_b=DIGEST,
                    delta="A - B", paired_count=episodes, missing_from_a=[], missing_from_b=[])
        delta = size({"delta": WIDEST, "index": index}) + 1
        member, keys = len(str(index)) + 1 + len(DEFINITIONS) * delta, 2
    key = size({"index": index, "scenario_id": ID, "scenario_hash": DIGEST,
                "seed": 2**53 - 1}) + 1
    return {"fixed": size(head), "group": size(group(kind, episodes)) + 1,
            "member": member, "key": key, "keys": keys}


def main():
    out = []
    for episodes, string_length in CASES:
        groups = 2 * math.ceil(episodes / 8)
        row = {"episodes": episodes, "string_length": string_length}
        for kind in ("aggregate", "paired"):
            s = shape(kind, episodes, string_length)
            row[kind] = dict(s, bound=s["fixed"] + groups * s["group"]
                             + 6 * episodes * s["member"] + s["keys"] * episodes * s["key"])
        limit = max(FILE_BYTES, row["paired"]["bound"])
        intervals = len(DEFINITIONS) * (1 + groups)
        row["artifact_limit"] = limit
        row["part_limit"] = limit + PART_FRAME + intervals * (len(str(intervals)) + 1)
        out.append(row)
    target = ROOT / "tests/fixtures/artifact_bounds.json"
    target.write_text(json.dumps(out, sort_keys=True, separators=(",", ":")))
    print(f"{target}: {len(out)} cases")


if __name__ == "__main__":
    main()
