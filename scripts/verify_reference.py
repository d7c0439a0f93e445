#!/usr/bin/env python3
"""Independent judge of evaluation results (statistics.md section 1, contract 2, 8, 10).

Usage:
  python3 scripts/verify_reference.py verify SUITE RESULT...
      one line per RESULT: "ok <result digest>" or "refused <reason>"; exit 0.
  python3 scripts/verify_reference.py aggregate SUITE RESULT RESAMPLES
  python3 scripts/verify_reference.py paired SUITE A B RESAMPLES
      verify the result(s) as above, then write the aggregate or paired
      statistics artifact (canonical JSON, contract 12) computed by
      scripts/statistics_reference.py; exit 1 when a result is refused.
  python3 scripts/verify_reference.py metrics < CASES
      CASES is a JSON list of {"scenario", "record"}; writes the canonical
      JSON list of their metrics dictionaries, computed by
      scripts/metrics_reference.py, which trusts the records (no replay).

The verifier is written from the contract text, with Python's standard
library and the other reference scripts only (scripts/simulator_reference.py
replays, scripts/metrics_reference.py recomputes metrics): strict reading
(UTF-8, no duplicate keys, integers within +-(2^53-1), no NaN or infinity,
int and float lexemes kept apart), the manifest the suite schedules, episodes
in index order each equal to its manifest entry, the run record replayed from
its seed and actions to the same canonical bytes, and the stored metrics equal
to the recomputed ones in canonical JSON. The tamper tests
(tests/tamper_test.ts) require it to refuse every tampered result they build
and to accept the genuine ones.
"""

import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import metrics_reference  # noqa: E402
import simulator_reference  # noqa: E402
import statistics_reference  # noqa: E402

MAX_SAFE = 2 ** 53 - 1
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$")
RESULT_KEYS = {"model_id", "evaluation_manifest", "evaluation_manifest_hash", "episodes"}
EPISODE_KEYS = {"index", "scenario_id", "scenario_hash", "seed", "record", "metrics"}


class Refused(Exception):
    pass


def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest(v):
    return hashlib.sha256(canonical(v).encode("ascii")).hexdigest()


def no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise Refused(f"duplicate key {k!r}")
        out[k] = v
    return out


def safe_int(text):
    n = int(text)
    if abs(n) > MAX_SAFE:
        raise Refused(f"integer {text} outside +-(2^53-1)")
    return n


def finite_float(text):
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise Refused(f"number {text} is not finite")
    return x


def no_constant(name):
    raise Refused(f"{name} is not JSON")


def read_strict(data):
    if data.startswith(b"\xef\xbb\xbf"):
        raise Refused("byte-order mark")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Refused(f"not UTF-8: {e}")
    try:
        return json.loads(text, object_pairs_hook=no_duplicates, parse_int=safe_int,
                          parse_float=finite_float, parse_constant=no_constant)
    except json.JSONDecodeError as e:
        raise Refused(f"invalid JSON: {e}")


def replay(scenario, record, seed):
    steps = record["steps"]
    if not isinstance(steps, list):
        raise Refused("steps is not a list")
    t = [0]

    def choose(active, pos, burning):
        if t[0] >= len(steps):
            raise Refused("the action log ends before termination")
        acts = steps[t[0]]["actions"]
        t[0] += 1
        if not isinstance(acts, dict) or set(acts) != set(active):
            raise Refused(f"step {t[0]}: actions do not cover exactly the active people")
        for a in acts.values():
            if a not in simulator_reference.ACTIONS:
                raise Refused(f"step {t[0]}: invalid action {a!r}")
        return acts

    return simulator_reference.simulate(scenario, seed, choose)


def verify_episode(scenario, e):
    record = e["record"]
    replayed = replay(scenario, record, e["seed"])
    if canonical(replayed) != canonical(record):
        raise Refused(f"episode {e['index']}: record differs from its replay")
    recomputed = metrics_reference.metrics(scenario, record)
    if canonical(recomputed) != canonical(e["metrics"]):
        raise Refused(f"episode {e['index']}: stored metrics differ from the recomputed ones")


def verify(suite, data, cache):
    result = read_strict(data)
    if not isinstance(result, dict) or set(result) != RESULT_KEYS:
        raise Refused("result fields")
    if not isinstance(result["model_id"], str) or not ID_RE.match(result["model_id"]):
        raise Refused("model_id is not an ID")
    manifest = statistics_reference.build_manifest(suite)
    if canonical(result["evaluation_manifest"]) != canonical(manifest):
        raise Refused("manifest is not the one the suite schedules")
    if result["evaluation_manifest_hash"] != digest(manifest):
        raise Refused("manifest hash")
    scenarios = {s["scenario"]["scenario_id"]: s["scenario"] for s in suite["scenarios"]}
    episodes = result["episodes"]
    if not isinstance(episodes, list):
        raise Refused("episodes is not a list")
    last = -1
    for e in episodes:
        if not isinstance(e, dict) or set(e) != EPISODE_KEYS:
            raise Refused("episode fields")
        i = e["index"]
        if type(i) is not int or i <= last or i >= len(manifest["episodes"]):
            raise Refused(f"episode index {i!r}: out of order, duplicated or unscheduled")
        last = i
        if canonical(statistics_reference.key_of(e)) != canonical(manifest["episodes"][i]):
            raise Refused(f"episode {i}: key differs from its manifest entry")
        text = canonical(e)
        if text not in cache:
            try:
                verify_episode(scenarios[e["scenario_id"]], e)
                cache[text] = None
            except Refused as r:
                cache[text] = str(r)
            except Exception as x:  # a malformed record breaks the reference code
                cache[text] = f"episode {i}: malformed ({type(x).__name__}: {x})"
        if cache[text] is not None:
            raise Refused(cache[text])
    return hashlib.sha256(canonical(result).encode("ascii")).hexdigest()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "metrics":
        cases = json.loads(sys.stdin.read())
        sys.stdout.write(canonical([metrics_reference.metrics(c["scenario"], c["record"])
                                    for c in cases]))
        return
    if mode in ("aggregate", "paired") and len(sys.argv) == (5 if mode == "aggregate" else 6):
        with open(sys.argv[2], "rb") as f:
            suite = read_strict(f.read())
        loaded = []
        for path in sys.argv[3:-1]:
            with open(path, "rb") as f:
                data = f.read()
            try:
                loaded.append((read_strict(data), verify(suite, data, {})))
            except Refused as r:
                sys.exit(f"{path}: refused: {r}")
        resamples = int(sys.argv[-1])
        if mode == "aggregate":
            (res, d), = loaded
            art = statistics_reference.aggregate(suite, res, d, resamples)
        else:
            (ra, da), (rb, db) = loaded
            art = statistics_reference.paired(suite, ra, da, rb, db, resamples)
        sys.stdout.write(canonical(art))
        return
    if mode != "verify" or len(sys.argv) < 4:
        sys.exit(__doc__)
    with open(sys.argv[2], "rb") as f:
        suite = read_strict(f.read())
    cache = {}
    for path in sys.argv[3:]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            print(f"ok {verify(suite, data, cache)}")
        except Refused as r:
            print(f"refused {r}")
        except Exception as x:
            print(f"refused malformed ({type(x).__name__}: {x})")


if __name__ == "__main__":
    main()
