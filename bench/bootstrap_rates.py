"""Reference rates for bench/bootstrap_rates.ts, measured in the same run.

  python3 bench/bootstrap_rates.py hashlib SECONDS
      OpenSSL's SHAKE-256 through hashlib, single core, producing the
      bootstrap stream's blocks (SHAKE-256 of domain || seed || counter,
      4096 bytes each): prints stream words (8 bytes) per second.

  python3 bench/bootstrap_rates.py scipy FILE R
      scipy.stats.bootstrap (percentile, R resamples) over every interval
      listed in FILE (JSON: {"intervals": [[float, ...], ...]}), with the
      fastest `batch` of a few tried on the largest interval: prints the
      batch, the seconds for all intervals and the words R * sum(n).

Benchmarks only: the tests never use scipy.
"""

import hashlib
import json
import sys
import time


def shake_rate(seconds: float) -> float:
    prefix = hashlib.shake_256(b"emberbench/statistics/bootstrap/v1\0" + bytes(32))
    blocks = 0
    start = time.perf_counter()
    while True:
        for _ in range(256):
            h = prefix.copy()
            h.update(blocks.to_bytes(8, "big"))
            h.digest(4096)
            blocks += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return blocks * 512 / elapsed


def scipy_run(path: str, resamples: int) -> dict:
    import numpy as np
    from scipy import stats

    with open(path) as f:
        intervals = [np.asarray(v, dtype=float) for v in json.load(f)["intervals"]]
    rng = np.random.default_rng(1)

    def run(data, batch):
        return stats.bootstrap(
            (data,),
            np.mean,
            n_resamples=resamples,
            batch=batch,
            method="percentile",
            confidence_level=0.95,
            vectorized=True,
            random_state=rng,
        )

    largest = max(intervals, key=len)
    best = None
    for batch in (1_000, 10_000, 100_000):
        start = time.perf_counter()
        run(largest, batch)
        t = time.perf_counter() - start
        if best is None or t < best[1]:
            best = (batch, t)
    batch = best[0]
    start = time.perf_counter()
    for data in intervals:
        # A constant sample makes scipy warn and return NaN; it still draws.
        run(data, batch)
    seconds = time.perf_counter() - start
    words = resamples * sum(len(v) for v in intervals)
    return {"batch": batch, "seconds": seconds, "words": words}


if __name__ == "__main__":
    if sys.argv[1] == "hashlib":
        print(json.dumps({"words_per_second": shake_rate(float(sys.argv[2]))}))
    elif sys.argv[1] == "scipy":
        import warnings

        warnings.simplefilter("ignore")
        print(json.dumps(scipy_run(sys.argv[2], int(sys.argv[3]))))
    else:
        sys.exit("usage: bootstrap_rates.py hashlib SECONDS | scipy FILE R")
