#!/usr/bin/env python3
"""Write tests/fixtures/stats_artifacts.json: whole statistics artifacts.

An independent implementation of the aggregate and paired artifacts of
statistics.md and contract section 12, to the byte, from the spec text
with the standard library only. It reads tests/fixtures/stats_inputs.json
(a suite and two evaluation results simulated by the package; written by
scripts/gen_stats_inputs.ts) and trusts their metrics (the TypeScript side
verifies them by replay). Per-episode values are rebuilt as Fractions from
the integer counts; descriptive statistics and the bootstrap come from
gen_descriptive_vectors.py and gen_bootstrap_vectors.py (also independent
of the TypeScript code). tests/aggregate_test.ts and tests/paired_test.ts
compare the package's artifacts with these, byte for byte. Running the
script again rewrites the file byte for byte.

Usage: python3 scripts/gen_artifact_vectors.py
"""

import hashlib
import json
from fractions import Fraction
from pathlib import Path

from gen_bootstrap_vectors import bootstrap
from gen_descriptive_vectors import statistics

ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
INPUTS = ROOT / "stats_inputs.json"
OUT = ROOT / "stats_artifacts.json"
R = 100

# statistics.md section 2, transcribed: metric, source, kind, direction,
# definition, undefined when.
TABLE = [
    ("evacuated_rate", "safety.evacuated_rate", "outcome", "higher", "evacuated / population", "never"),
    ("casualty_rate", "safety.casualty_rate", "outcome", "lower", "casualties / population", "never"),
    ("stranded_rate", "safety.stranded_rate", "outcome", "lower", "stranded / population", "never"),
    ("terminal_trapped_rate", "safety.terminal_trapped_rate", "outcome", "lower",
     "terminal_trapped_count / population", "never"),
    ("mean_person_time_to_safety", "time.mean_person_time_to_safety", "outcome", "lower",
     "person_time_to_safety_total / population", "never"),
    ("blocked_rate", "movement.blocked_rate", "behaviour", "lower", "blocked_moves / movement_attempts",
     "no movement attempts"),
    ("congestion_block_rate", "movement.congestion_block_rate", "behaviour", "lower",
     "congestion_blocks / movement_attempts", "no movement attempts"),
    ("aggregate_path_efficiency", "path_efficiency.aggregate_path_efficiency", "proxy", "higher",
     "total_static_lower_bound / total_cells_moved", "no measured movement"),
    ("mean_exposure", "fire_exposure.mean_exposure", "proxy", "lower",
     "(\u03a3_d count_d / d) / active_person_states", "never"),
    ("exits_used", "exits.exits_used", "descriptive", None, "number of exits with n_e >= 1", "never"),
    ("max_exit_share", "exits.max_exit_share", "descriptive", None, "max_e n_e / E", "E = 0"),
    ("exit_balance", "exits.exit_balance", "descriptive", None, "normalized Gini-Simpson index",
     "K = 1 or E = 0"),
]


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest(value) -> str:
    return hashlib.sha256(canonical(value).encode("ascii")).hexdigest()


def ratio(a: int, b: int):
    return None if b == 0 else Fraction(a, b)


def values_of(m):
    """The twelve exact values of one metrics dictionary, from its counts."""
    s, t, mv, pe, fe, ex = (m["safety"], m["time"], m["movement"], m["path_efficiency"],
                            m["fire_exposure"], m["exits"])
    n = s["population"]
    counts = list(ex["evacuations_per_exit"].values())
    e_total = sum(counts)
    k = len(counts)
    exposure = sum((Fraction(c, int(d)) for d, c in fe["distance_histogram"].items()), Fraction(0))
    balance = None
    if k > 1 and e_total > 0:
        balance = (1 - sum(Fraction(c, e_total) ** 2 for c in counts)) / (1 - Fraction(1, k))
    out = [
        Fraction(s["evacuated"], n),
        Fraction(s["casualties"], n),
        Fraction(s["stranded"], n),
        Fraction(s["terminal_trapped_count"], n),
        Fraction(t["person_time_to_safety_total"], n),
        ratio(mv["blocked_moves"], mv["movement_attempts"]),
        ratio(mv["congestion_blocks"], mv["movement_attempts"]),
        ratio(pe["total_static_lower_bound"], pe["total_cells_moved"]),
        exposure / fe["active_person_states"],
        Fraction(sum(1 for c in counts if c >= 1)),
        None if e_total == 0 else Fraction(max(counts), e_total),
        balance,
    ]
    for (name, source, *_), v in zip(TABLE, out):
        section, field = source.split(".")
        stored = m[section][field]
        if name == "exits_used":
            assert stored == v, (name, stored, v)
        else:
            assert (stored is None and v is None) or stored == float(v), (name, stored, v)
    return out


def groups(suite, manifest):
    by_scenario = {s["scenario"]["scenario_id"]: [] for s in suite["scenarios"]}
    for e in manifest["episodes"]:
        by_scenario[e["scenario_id"]].append(e["index"])
    out = [("overall", "overall", [e["index"] for e in manifest["episodes"]])]
    for s in suite["scenarios"]:
        sid = s["scenario"]["scenario_id"]
        out.append(("scenario", sid, by_scenario[sid]))
    for fam in suite["families"]:
        idx = sorted(i for sid in fam["scenarios"] for i in by_scenario[sid])
        if idx:
            out.append(("family", fam["family_id"], idx))
    return out


def interval(xs, purpose, manifest_hash, digests, kind, name, metric):
    if len(xs) < 5:
        return None
    seed = digest({
        "statistics_version": "1.0",
        "purpose": purpose,
        "evaluation_manifest_hash": manifest_hash,
        "result_digests": digests,
        "group": [kind, name],
        "metric": metric,
        "resamples": R,
    })
    lower, upper = bootstrap(xs, R, bytes.fromhex(seed))
    return {"method": "percentile_bootstrap", "statistic": "mean", "level": 0.95, "resamples": R,
            "seed": seed, "lower": float(lower), "upper": float(upper)}


def header(artifact, manifest, manifest_hash):
    return {
        "statistics_version": "1.0",
        "artifact": artifact,
        "evaluation_manifest_hash": manifest_hash,
        "suite_id": manifest["suite_id"],
        "suite_version": manifest["suite_version"],
        "suite_hash": manifest["suite_hash"],
        "simulator_version": manifest["simulator_version"],
        "observation_version": manifest["observation_version"],
        "metrics_version": manifest["metrics_version"],
        "scheduled_episodes": len(manifest["episodes"]),
        "metric_definitions": [
            {"metric": a, "source": b, "kind": c, "direction": d, "definition": e, "undefined_when": f}
            for a, b, c, d, e, f in TABLE
        ],
        "methods": {
            "quantiles": "hyndman_fan_type_7",
            "variance": "sample_n_minus_1",
            "std": "sqrt_of_float_variance",
            "bootstrap": {"method": "percentile_bootstrap", "statistic": "mean", "level": 0.95,
                          "resamples": R, "min_n": 5, "stream": "shake256_counter_v1"},
        },
    }


def split_groups(built, kinds):
    return {
        "overall": built[0],
        "scenarios": [g for g, k in zip(built, kinds) if k == "scenario"],
        "families": [g for g, k in zip(built, kinds) if k == "family"],
    }


def aggregate(suite, result):
    manifest = result["evaluation_manifest"]
    mhash = result["evaluation_manifest_hash"]
    d = digest(result)
    episodes = {e["index"]: e for e in result["episodes"]}
    values = {i: values_of(e["metrics"]) for i, e in episodes.items()}
    built, kinds = [], []
    for kind, name, idx in groups(suite, manifest):
        observed = [i for i in idx if i in episodes]
        missing = [i for i in idx if i not in episodes]
        eps = [episodes[i] for i in observed]
        reason = [e["record"]["final_state"]["termination_reason"] for e in eps]
        safety = [e["metrics"]["safety"] for e in eps]
        metrics = []
        for m, row in enumerate(TABLE):
            xs = [values[i][m] for i in observed if values[i][m] is not None]
            metrics.append({
                "metric": row[0],
                "scheduled": len(idx),
                "observed": len(observed),
                "missing": len(missing),
                "undefined": len(observed) - len(xs),
                "statistics": statistics(xs),
                "mean_ci": interval(xs, "aggregate_mean", mhash, [d], kind, name, row[0]),
            })
        built.append({
            "kind": kind,
            "name": name,
            "episode_indices": observed,
            "missing_indices": missing,
            "robustness": {
                "scheduled": len(idx),
                "observed": len(observed),
                "missing": len(missing),
                "all_resolved": reason.count("all_resolved"),
                "max_steps": reason.count("max_steps"),
                "with_casualties": sum(1 for s in safety if s["casualties"] > 0),
                "with_stranded": sum(1 for s in safety if s["stranded"] > 0),
                "zero_evacuation": sum(1 for s in safety if s["evacuated"] == 0),
            },
            "metrics": metrics,
        })
        kinds.append(kind)
    out = header("aggregate", manifest, mhash)
    out.update({
        "model_id": result["model_id"],
        "result_digest": d,
        "observed_episodes": len(episodes),
        "missing_episodes": [k for k in manifest["episodes"] if k["index"] not in episodes],
    })
    out.update(split_groups(built, kinds))
    return out


def paired(suite, a, b):
    assert a["evaluation_manifest_hash"] == b["evaluation_manifest_hash"]
    manifest = a["evaluation_manifest"]
    mhash = a["evaluation_manifest_hash"]
    da, db = digest(a), digest(b)
    ea = {e["index"]: e for e in a["episodes"]}
    eb = {e["index"]: e for e in b["episodes"]}
    va = {i: values_of(e["metrics"]) for i, e in ea.items()}
    vb = {i: values_of(e["metrics"]) for i, e in eb.items()}
    both = [k["index"] for k in manifest["episodes"] if k["index"] in ea and k["index"] in eb]
    built, kinds = [], []
    for kind, name, idx in groups(suite, manifest):
        pairs = [i for i in idx if i in ea and i in eb]
        miss_a = [i for i in idx if i not in ea]
        miss_b = [i for i in idx if i not in eb]
        metrics = []
        for m, row in enumerate(TABLE):
            deltas = [(i, va[i][m] - vb[i][m]) for i in pairs
                      if va[i][m] is not None and vb[i][m] is not None]
            xs = [x for _, x in deltas]
            pos = sum(1 for x in xs if x > 0)
            neg = sum(1 for x in xs if x < 0)
            zero = len(xs) - pos - neg
            direction = row[3]
            if direction is None:
                wins = (None, None, None)
            elif direction == "higher":
                wins = (pos, neg, zero)
            else:
                wins = (neg, pos, zero)
            metrics.append({
                "metric": row[0],
                "paired": len(pairs),
                "missing_from_a": len(miss_a),
                "missing_from_b": len(miss_b),
                "undefined": len(pairs) - len(xs),
                "deltas": [{"index": i, "delta": float(x)} for i, x in deltas],
                "statistics": statistics(xs),
                "mean_delta_ci": interval(xs, "paired_mean_delta", mhash, [da, db], kind, name, row[0]),
                "delta_positive": pos,
                "delta_negative": neg,
                "delta_zero": zero,
                "a_better": wins[0],
                "b_better": wins[1],
                "ties": wins[2],
            })
        built.append({"kind": kind, "name": name, "paired_indices": pairs, "missing_from_a": miss_a,
                      "missing_from_b": miss_b, "metrics": metrics})
        kinds.append(kind)
    out = header("paired", manifest, mhash)
    out.update({
        "model_a": a["model_id"],
        "model_b": b["model_id"],
        "result_digest_a": da,
        "result_digest_b": db,
        "delta": "A - B",
        "paired_count": len(both),
        "missing_from_a": [k for k in manifest["episodes"] if k["index"] not in ea],
        "missing_from_b": [k for k in manifest["episodes"] if k["index"] not in eb],
    })
    out.update(split_groups(built, kinds))
    return out


def drop(result, indices):
    out = dict(result)
    out["episodes"] = [e for e in result["episodes"] if e["index"] not in indices]
    return out


def main() -> None:
    inputs = json.loads(INPUTS.read_text(encoding="ascii"))
    suite = inputs["suite"]
    results = inputs["results"]
    cases = []
    for name, kind, a, drop_a, b, drop_b in [
        ("aggregate_greedy", "aggregate", "greedy", [], None, []),
        ("aggregate_random_missing", "aggregate", "random", [0, 7, 12, 19], None, []),
        ("paired_greedy_random", "paired", "greedy", [], "random", []),
        ("paired_random_greedy_missing", "paired", "random", [1, 2], "greedy", [2, 9, 13]),
    ]:
        ra = drop(results[a], drop_a)
        artifact = aggregate(suite, ra) if kind == "aggregate" else paired(suite, ra, drop(results[b], drop_b))
        cases.append({"name": name, "kind": kind, "a": a, "drop_a": drop_a, "b": b, "drop_b": drop_b,
                      "resamples": R, "digest": digest(artifact), "artifact": artifact})
    OUT.write_text(canonical(cases), encoding="ascii")


if __name__ == "__main__":
    main()
