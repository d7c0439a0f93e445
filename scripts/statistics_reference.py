#!/usr/bin/env python3
"""Independent reference for the statistics artifacts (statistics.md 1.0, contract section 12).

Reads tests/fixtures/statistics/{suite.json, suite_other.json, result_*.json}
(written by scripts/gen_statistics_inputs.ts) and writes the expected aggregate
and paired artifacts as canonical JSON to tests/fixtures/statistics/expected_*.json,
plus expected_manifest.json naming each artifact's inputs, resamples and SHA-256.

Written from the specification text only (not from the TypeScript sources).
It trusts the stored episode metrics (replay authentication is not its job), but
rebuilds every per-episode value as an exact Fraction from the integer counts of
statistics.md section 2 and refuses a stored value that is not float(Fraction).

Standard library only. Usage: python3 scripts/statistics_reference.py
"""

import hashlib
import json
import math
import os
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "tests", "fixtures", "statistics")

VERSION = "1.0"
MIN_N = 5
STREAM_DOMAIN = b"emberbench/statistics/bootstrap/v1\0"
QUANTILE_LEVELS = [
    ("p25", Fraction(1, 4)),
    ("p50", Fraction(1, 2)),
    ("p75", Fraction(3, 4)),
    ("p90", Fraction(9, 10)),
    ("p95", Fraction(19, 20)),
]
CI_LOW = Fraction(1, 40)
CI_HIGH = Fraction(39, 40)

# statistics.md section 2, cell by cell: metric, source, kind, direction, definition, undefined when.
METRICS = [
    ("evacuated_rate", "safety.evacuated_rate", "outcome", "higher",
     "evacuated / population", "never"),
    ("casualty_rate", "safety.casualty_rate", "outcome", "lower",
     "casualties / population", "never"),
    ("stranded_rate", "safety.stranded_rate", "outcome", "lower",
     "stranded / population", "never"),
    ("terminal_trapped_rate", "safety.terminal_trapped_rate", "outcome", "lower",
     "terminal_trapped_count / population", "never"),
    ("mean_person_time_to_safety", "time.mean_person_time_to_safety", "outcome", "lower",
     "person_time_to_safety_total / population", "never"),
    ("blocked_rate", "movement.blocked_rate", "behaviour", "lower",
     "blocked_moves / movement_attempts", "no movement attempts"),
    ("congestion_block_rate", "movement.congestion_block_rate", "behaviour", "lower",
     "congestion_blocks / movement_attempts", "no movement attempts"),
    ("aggregate_path_efficiency", "path_efficiency.aggregate_path_efficiency", "proxy",
     "higher", "total_static_lower_bound / total_cells_moved", "no measured movement"),
    ("mean_exposure", "fire_exposure.mean_exposure", "proxy", "lower",
     "(\u03a3_d count_d / d) / active_person_states", "never"),
    ("exits_used", "exits.exits_used", "descriptive", None,
     "number of exits with n_e >= 1", "never"),
    ("max_exit_share", "exits.max_exit_share", "descriptive", None,
     "max_e n_e / E", "E = 0"),
    ("exit_balance", "exits.exit_balance", "descriptive", None,
     "normalized Gini-Simpson index", "K = 1 or E = 0"),
]
METRIC_NAMES = [m[0] for m in METRICS]
DIRECTION = {m[0]: m[3] for m in METRICS}


class ReferenceError(Exception):
    """An input that the reference refuses (the artifact would be a statistics input error)."""


def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest(v):
    return hashlib.sha256(canonical(v).encode("ascii")).hexdigest()


def read_canonical(path):
    """Read a file that must already be canonical; return (value, sha256 of its bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    value = json.loads(data.decode("utf-8"))
    if canonical(value).encode("ascii") != data:
        raise ReferenceError(f"{path}: not canonical JSON")
    return value, hashlib.sha256(data).hexdigest()


def ratio(p, q):
    return None if q == 0 else Fraction(p, q)


def to_float(x):
    return None if x is None else float(x)


# ---------------------------------------------------------------- section 2: per-episode values


def exact_values(m):
    """The twelve metrics of one episode as exact Fractions (or None), from integer counts."""
    safety, time_, mov = m["safety"], m["time"], m["movement"]
    path, fire, exits = m["path_efficiency"], m["fire_exposure"], m["exits"]
    n = safety["population"]
    if n < 1:
        raise ReferenceError("population must be >= 1")
    counts = list(exits["evacuations_per_exit"].values())
    k = exits["exit_count"]
    e = sum(counts)
    if k != len(counts) or e != safety["evacuated"]:
        raise ReferenceError("exit counts disagree with exit_count or evacuated")
    exposure = sum((Fraction(c, int(d)) for d, c in fire["distance_histogram"].items()), Fraction(0))
    values = {
        "evacuated_rate": Fraction(safety["evacuated"], n),
        "casualty_rate": Fraction(safety["casualties"], n),
        "stranded_rate": Fraction(safety["stranded"], n),
        "terminal_trapped_rate": Fraction(safety["terminal_trapped_count"], n),
        "mean_person_time_to_safety": Fraction(time_["person_time_to_safety_total"], n),
        "blocked_rate": ratio(mov["blocked_moves"], mov["movement_attempts"]),
        "congestion_block_rate": ratio(mov["congestion_blocks"], mov["movement_attempts"]),
        "aggregate_path_efficiency": ratio(path["total_static_lower_bound"], path["total_cells_moved"]),
        "mean_exposure": exposure / fire["active_person_states"],
        "exits_used": Fraction(sum(1 for c in counts if c >= 1)),
        "max_exit_share": None if e == 0 else Fraction(max(counts), e),
        "exit_balance": None if k == 1 or e == 0
        else (1 - sum(Fraction(c, e) ** 2 for c in counts)) / (1 - Fraction(1, k)),
    }
    if float(exposure) != fire["exposure_total"]:
        raise ReferenceError("exposure_total is not the histogram sum")
    for name, source, *_ in METRICS:
        section, field = source.split(".")
        stored = m[section][field]
        want = values[name]
        if name == "exits_used":
            ok = type(stored) is int and stored == want
        elif want is None:
            ok = stored is None
        else:
            ok = type(stored) is float and stored == float(want)
        if not ok:
            raise ReferenceError(f"metrics.{source}: stored {stored!r}, rebuilt {want}")
    return values


# ---------------------------------------------------------------- suite, manifest, result


def build_manifest(suite):
    episodes = []
    for entry in suite["scenarios"]:
        sc = entry["scenario"]
        h = digest(sc)
        for seed in entry["seeds"]:
            episodes.append({"index": len(episodes), "scenario_id": sc["scenario_id"],
                             "scenario_hash": h, "seed": seed})
    return {
        "suite_id": suite["suite_id"], "suite_version": suite["suite_version"],
        "suite_hash": digest(suite), "schema_version": VERSION, "simulator_version": VERSION,
        "observation_version": VERSION, "metrics_version": VERSION, "episodes": episodes,
    }


KEY_FIELDS = ("index", "scenario_id", "scenario_hash", "seed")


def key_of(e):
    return {k: e[k] for k in KEY_FIELDS}


def check_result(result, suite, manifest, manifest_hash):
    """The structural checks of statistics.md section 1 that do not need a replay."""
    if result["evaluation_manifest"] != manifest or result["evaluation_manifest_hash"] != manifest_hash:
        raise ReferenceError("result manifest is not the suite's manifest")
    scheduled = manifest["episodes"]
    observed = {}
    last = -1
    for e in result["episodes"]:
        i = e["index"]
        if i <= last or i >= len(scheduled) or key_of(e) != scheduled[i]:
            raise ReferenceError(f"episode {i}: out of order, duplicated or not its manifest entry")
        last = i
        hdr = e["record"]["header"]
        want_hdr = {"simulator_version": VERSION, "observation_version": VERSION,
                    "schema_version": VERSION, "scenario_id": e["scenario_id"],
                    "scenario_hash": e["scenario_hash"], "seed": e["seed"]}
        if hdr != want_hdr:
            raise ReferenceError(f"episode {i}: record header differs from the manifest")
        m = e["metrics"]
        if (m["metrics_version"], m["scenario_id"], m["scenario_hash"], m["seed"]) != (
                VERSION, e["scenario_id"], e["scenario_hash"], e["seed"]):
            raise ReferenceError(f"episode {i}: metrics header differs from the manifest")
        observed[i] = {
            "values": exact_values(m),
            "termination": e["record"]["final_state"]["termination_reason"],
            "safety": m["safety"],
        }
    return observed


def groups_of(suite, manifest):
    """[(kind, name, [scheduled indices in manifest order])] in contract section 12 order."""
    by_scenario = {}
    for ep in manifest["episodes"]:
        by_scenario.setdefault(ep["scenario_id"], []).append(ep["index"])
    all_indices = [ep["index"] for ep in manifest["episodes"]]
    out = [("overall", "overall", all_indices)]
    for entry in suite["scenarios"]:
        sid = entry["scenario"]["scenario_id"]
        out.append(("scenario", sid, by_scenario[sid]))
    for fam in suite["families"]:
        if not fam["scenarios"]:
            continue
        idx = sorted(i for sid in fam["scenarios"] for i in by_scenario[sid])
        out.append(("family", fam["family_id"], idx))
    return out


# ---------------------------------------------------------------- sections 4 and 8: statistics


def quantile7(ys, p):
    """Type-7 quantile of an ascending list of Fractions at an exact level p."""
    h = (len(ys) - 1) * p
    j = math.floor(h)
    g = h - j
    if g == 0:
        return ys[j]
    return ys[j] + g * (ys[j + 1] - ys[j])


def descriptive(xs):
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": None, "median": None, "variance": None, "std": None,
                "min": None, "max": None, "quantiles": {name: None for name, _ in QUANTILE_LEVELS}}
    ys = sorted(xs)
    mean = sum(xs, Fraction(0)) / n
    variance = None if n < 2 else sum(((x - mean) ** 2 for x in xs), Fraction(0)) / (n - 1)
    return {
        "n": n, "mean": float(mean), "median": float(quantile7(ys, Fraction(1, 2))),
        "variance": to_float(variance),
        "std": None if variance is None else math.sqrt(float(variance)),
        "min": float(ys[0]), "max": float(ys[-1]),
        "quantiles": {name: float(quantile7(ys, p)) for name, p in QUANTILE_LEVELS},
    }


def word_stream(seed_hex):
    seed = bytes.fromhex(seed_hex)
    k = 0
    while True:
        block = hashlib.shake_256(STREAM_DOMAIN + seed + k.to_bytes(8, "big")).digest(4096)
        for w in range(512):
            yield int.from_bytes(block[8 * w:8 * w + 8], "big")
        k += 1


def bootstrap_interval(xs, resamples, seed_hex):
    """Percentile bootstrap of the mean; exact resample means, bounds at 1/40 and 39/40."""
    n = len(xs)
    if n < MIN_N:
        return None
    # Integers over one common denominator: sorting sums sorts the exact means.
    den = 1
    for x in xs:
        den = den * x.denominator // math.gcd(den, x.denominator)
    nums = [x.numerator * (den // x.denominator) for x in xs]
    limit = 2 ** 64 - (2 ** 64 % n)
    words = word_stream(seed_hex)
    sums = []
    for _ in range(resamples):
        total = 0
        drawn = 0
        while drawn < n:
            w = next(words)
            if w < limit:
                total += nums[w % n]
                drawn += 1
        sums.append(total)
    sums.sort()
    means = [Fraction(s, n * den) for s in sums]
    return {"method": "percentile_bootstrap", "statistic": "mean", "level": 0.95,
            "resamples": resamples, "seed": seed_hex,
            "lower": float(quantile7(means, CI_LOW)), "upper": float(quantile7(means, CI_HIGH))}


def seed_for(purpose, manifest_hash, digests, kind, name, metric, resamples):
    return digest({"statistics_version": VERSION, "purpose": purpose,
                   "evaluation_manifest_hash": manifest_hash, "result_digests": digests,
                   "group": [kind, name], "metric": metric, "resamples": resamples})


# ---------------------------------------------------------------- section 10: artifacts


def header(suite, manifest, manifest_hash, resamples):
    return {
        "statistics_version": VERSION, "evaluation_manifest_hash": manifest_hash,
        "suite_id": suite["suite_id"], "suite_version": suite["suite_version"],
        "suite_hash": manifest["suite_hash"], "simulator_version": VERSION,
        "observation_version": VERSION, "metrics_version": VERSION,
        "scheduled_episodes": len(manifest["episodes"]),
        "metric_definitions": [
            {"metric": m, "source": s, "kind": k, "direction": d, "definition": df,
             "undefined_when": u} for m, s, k, d, df, u in METRICS],
        "methods": {"quantiles": "hyndman_fan_type_7", "variance": "sample_n_minus_1",
                    "std": "sqrt_of_float_variance",
                    "bootstrap": {"method": "percentile_bootstrap", "statistic": "mean",
                                  "level": 0.95, "resamples": resamples, "min_n": MIN_N,
                                  "stream": "shake256_counter_v1"}},
    }


def prepare(suite, result):
    manifest = build_manifest(suite)
    mhash = digest(manifest)
    observed = check_result(result, suite, manifest, mhash)
    return manifest, mhash, observed


def aggregate(suite, result, result_digest, resamples):
    manifest, mhash, observed = prepare(suite, result)
    art = header(suite, manifest, mhash, resamples)
    art.update({"artifact": "aggregate", "model_id": result["model_id"],
                "result_digest": result_digest, "observed_episodes": len(observed),
                "missing_episodes": [ep for ep in manifest["episodes"] if ep["index"] not in observed]})
    groups = []
    for kind, name, indices in groups_of(suite, manifest):
        seen = [i for i in indices if i in observed]
        missing = [i for i in indices if i not in observed]
        eps = [observed[i] for i in seen]
        robustness = {
            "scheduled": len(indices), "observed": len(seen), "missing": len(missing),
            "all_resolved": sum(1 for e in eps if e["termination"] == "all_resolved"),
            "max_steps": sum(1 for e in eps if e["termination"] == "max_steps"),
            "with_casualties": sum(1 for e in eps if e["safety"]["casualties"] > 0),
            "with_stranded": sum(1 for e in eps if e["safety"]["stranded"] > 0),
            "zero_evacuation": sum(1 for e in eps if e["safety"]["evacuated"] == 0),
        }
        if robustness["all_resolved"] + robustness["max_steps"] != len(seen):
            raise ReferenceError("termination reason neither all_resolved nor max_steps")
        metrics = []
        for metric in METRIC_NAMES:
            xs = [e["values"][metric] for e in eps if e["values"][metric] is not None]
            seed = seed_for("aggregate_mean", mhash, [result_digest], kind, name, metric, resamples)
            metrics.append({
                "metric": metric, "scheduled": len(indices), "observed": len(seen),
                "missing": len(missing), "undefined": len(seen) - len(xs),
                "statistics": descriptive(xs), "mean_ci": bootstrap_interval(xs, resamples, seed),
            })
        groups.append({"kind": kind, "name": name, "episode_indices": seen,
                       "missing_indices": missing, "robustness": robustness, "metrics": metrics})
    art["overall"] = groups[0]
    art["scenarios"] = [g for g in groups if g["kind"] == "scenario"]
    art["families"] = [g for g in groups if g["kind"] == "family"]
    return art


def paired(suite, a, digest_a, b, digest_b, resamples):
    if a["evaluation_manifest_hash"] != b["evaluation_manifest_hash"]:
        raise ReferenceError("results of different evaluation manifests")
    manifest, mhash, obs_a = prepare(suite, a)
    _, _, obs_b = prepare(suite, b)
    art = header(suite, manifest, mhash, resamples)
    scheduled = manifest["episodes"]
    art.update({
        "artifact": "paired", "model_a": a["model_id"], "model_b": b["model_id"],
        "result_digest_a": digest_a, "result_digest_b": digest_b, "delta": "A - B",
        "paired_count": sum(1 for ep in scheduled if ep["index"] in obs_a and ep["index"] in obs_b),
        "missing_from_a": [ep for ep in scheduled if ep["index"] not in obs_a],
        "missing_from_b": [ep for ep in scheduled if ep["index"] not in obs_b],
    })
    groups = []
    for kind, name, indices in groups_of(suite, manifest):
        both = [i for i in indices if i in obs_a and i in obs_b]
        miss_a = [i for i in indices if i not in obs_a]
        miss_b = [i for i in indices if i not in obs_b]
        metrics = []
        for metric in METRIC_NAMES:
            deltas = []
            for i in both:
                va, vb = obs_a[i]["values"][metric], obs_b[i]["values"][metric]
                if va is not None and vb is not None:
                    deltas.append((i, va - vb))
            ds = [d for _, d in deltas]
            pos = sum(1 for d in ds if d > 0)
            neg = sum(1 for d in ds if d < 0)
            zero = sum(1 for d in ds if d == 0)
            direction = DIRECTION[metric]
            if direction == "higher":
                wlt = (pos, neg, zero)
            elif direction == "lower":
                wlt = (neg, pos, zero)
            else:
                wlt = (None, None, None)
            seed = seed_for("paired_mean_delta", mhash, [digest_a, digest_b], kind, name,
                            metric, resamples)
            metrics.append({
                "metric": metric, "paired": len(both), "missing_from_a": len(miss_a),
                "missing_from_b": len(miss_b), "undefined": len(both) - len(ds),
                "deltas": [{"index": i, "delta": float(d)} for i, d in deltas],
                "statistics": descriptive(ds),
                "mean_delta_ci": bootstrap_interval(ds, resamples, seed),
                "delta_positive": pos, "delta_negative": neg, "delta_zero": zero,
                "a_better": wlt[0], "b_better": wlt[1], "ties": wlt[2],
            })
        groups.append({"kind": kind, "name": name, "paired_indices": both,
                       "missing_from_a": miss_a, "missing_from_b": miss_b, "metrics": metrics})
    art["overall"] = groups[0]
    art["scenarios"] = [g for g in groups if g["kind"] == "scenario"]
    art["families"] = [g for g in groups if g["kind"] == "family"]
    return art


# ---------------------------------------------------------------- fixture set

# (suite file, result name, resamples)
AGGREGATES = [
    ("suite.json", "stay", 100),
    ("suite.json", "random", 100),
    ("suite.json", "greedy", 100),
    ("suite.json", "greedy", 250),
    ("suite.json", "fire_aware", 100),
    ("suite.json", "fire_aware_missing", 100),
    ("suite.json", "random_missing", 100),
    ("suite_other.json", "greedy_other", 100),
]
# (suite file, A, B, resamples)
PAIRS = [
    ("suite.json", "fire_aware", "greedy", 100),
    ("suite.json", "greedy", "fire_aware", 100),
    ("suite.json", "greedy", "fire_aware_missing", 100),
    ("suite.json", "random_missing", "fire_aware_missing", 100),
    ("suite.json", "stay", "greedy", 100),
    ("suite.json", "random", "greedy", 250),
]
# Different manifests: the paired comparison must refuse them.
REFUSED_PAIRS = [("suite.json", "greedy", "greedy_other")]


def main():
    suites = {}
    results = {}

    def load_suite(name):
        if name not in suites:
            suites[name] = read_canonical(os.path.join(FIXTURES, name))[0]
        return suites[name]

    def load_result(name):
        if name not in results:
            results[name] = read_canonical(os.path.join(FIXTURES, f"result_{name}.json"))
        return results[name]

    entries = []

    def write(file_name, artifact, entry):
        data = canonical(artifact).encode("ascii")
        with open(os.path.join(FIXTURES, file_name), "wb") as f:
            f.write(data)
        entry.update({"file": file_name, "sha256": hashlib.sha256(data).hexdigest()})
        entries.append(entry)

    for suite_file, name, r in AGGREGATES:
        res, d = load_result(name)
        art = aggregate(load_suite(suite_file), res, d, r)
        write(f"expected_aggregate_{name}_r{r}.json", art,
              {"artifact": "aggregate", "suite": suite_file, "results": [f"result_{name}.json"],
               "resamples": r})
    for suite_file, a, b, r in PAIRS:
        (ra, da), (rb, db) = load_result(a), load_result(b)
        art = paired(load_suite(suite_file), ra, da, rb, db, r)
        write(f"expected_paired_{a}__{b}_r{r}.json", art,
              {"artifact": "paired", "suite": suite_file,
               "results": [f"result_{a}.json", f"result_{b}.json"], "resamples": r})
    refused = []
    for suite_file, a, b in REFUSED_PAIRS:
        (ra, da), (rb, db) = load_result(a), load_result(b)
        try:
            paired(load_suite(suite_file), ra, da, rb, db, 100)
        except ReferenceError:
            refused.append({"suite": suite_file, "results": [f"result_{a}.json", f"result_{b}.json"]})
        else:
            raise SystemExit(f"paired {a} vs {b} should have been refused")
    manifest = {"artifacts": entries, "refused_pairs": refused}
    with open(os.path.join(FIXTURES, "expected_manifest.json"), "wb") as f:
        f.write(canonical(manifest).encode("ascii"))


if __name__ == "__main__":
    main()
