#!/usr/bin/env python3
"""Write tests/fixtures/transcripts/: transcripts and what summary prints.

An independent implementation of `summary --transcript`'s figures, from
docs/cli.md and statistics.md section 4, with the standard library only and
a fixed random seed. It writes four transcripts in the format
`run --transcript` writes (docs/cli.md), two of model "alpha", one of
"beta" and a header-only one of "gamma", and expected.json: per model, in
the order of the files, the files, the decision count, the type-7 median
and p95 of the answer times (exact fractions, as decimal text with one to
three decimals), the max, the slowest decision (the first of the largest
time in file order: a tie across alpha's files is planted on purpose) and
the token totals over the decisions whose info.usage holds integer
prompt_tokens and completion_tokens (floats such as 3.0, strings, negative
counts or a missing count do not count; all are planted).
tests/summary_transcript_test.ts runs the CLI on the files and compares.
Running the script again rewrites the files byte for byte.

Usage: python3 scripts/gen_transcript_summary_vectors.py
"""

import json
import random
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "transcripts"
HASH = "5e" * 32
ACTIONS = ["stay", "north", "east", "south", "west"]


def ms_text(tenths: int) -> str:
    """The ms lexeme JSON.stringify writes for tenths / 10."""
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def info_for(rng: random.Random):
    """An info, or None for a line without one; usage in many shapes."""
    kind = rng.randrange(10)
    p, c = rng.randrange(0, 5000), rng.randrange(0, 400)
    if kind <= 4:
        return {"problems": [], "usage": {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}}
    if kind == 5:
        return {"usage": {"prompt_tokens": float(p), "completion_tokens": c}}
    if kind == 6:
        return {"usage": {"prompt_tokens": str(p), "completion_tokens": c}}
    if kind == 7:
        return {"usage": {"prompt_tokens": -p - 1, "completion_tokens": c}}
    if kind == 8:
        return rng.choice(["a plain string", {"usage": {"prompt_tokens": p}}, [1, 2]])
    return None


def transcript(rng: random.Random, model: str, episodes: int, max_steps: int):
    """(header, [(episode, step, tenths, info)]) in (episode, step) order."""
    decisions = []
    for e in range(episodes):
        for s in range(1, rng.randrange(1, max_steps + 1) + 1):
            tenths = rng.randrange(0, 50000) if rng.random() < 0.95 else rng.randrange(0, 200000)
            decisions.append((e, s, tenths, info_for(rng)))
    return model, decisions


def line(e: int, s: int, tenths: int, info) -> str:
    text = '{"episode":%d,"step":%d,"actions":{"p1":"%s"},"ms":%s' % (
        e, s, ACTIONS[(e + s) % 5], ms_text(tenths))
    if info is not None:
        text += ',"info":' + json.dumps(info, separators=(",", ":"))
    return text + "}\n"


def header(model: str) -> str:
    return json.dumps({"transcript_version": "1.0", "model_id": model,
                       "evaluation_manifest_hash": HASH}, separators=(",", ":")) + "\n"


def type7(ys, p: Fraction) -> Fraction:
    h = (len(ys) - 1) * p
    j = h.numerator // h.denominator
    g = h - j
    if g == 0:
        return Fraction(ys[j])
    return ys[j] + g * (ys[j + 1] - ys[j])


def decimal(x: Fraction) -> str:
    thousandths = x * 1000
    assert thousandths.denominator == 1, x
    n = thousandths.numerator
    rest = f"{n % 1000:03d}".rstrip("0") or "0"
    return f"{n // 1000}.{rest}"


def counted(info):
    if not isinstance(info, dict) or not isinstance(info.get("usage"), dict):
        return None
    u = info["usage"]
    p, c = u.get("prompt_tokens"), u.get("completion_tokens")
    ok = all(type(v) is int and v >= 0 for v in (p, c))
    return (p, c) if ok else None


def main() -> None:
    rng = random.Random(20)
    files = {
        "a.jsonl": transcript(rng, "alpha", 6, 12),
        "b.jsonl": transcript(rng, "alpha", 3, 8),
        "c.jsonl": transcript(rng, "beta", 8, 10),
        "d.jsonl": ("gamma", []),
    }
    # A tie for alpha's largest time: b.jsonl's first decision takes the
    # largest of a.jsonl, which stays the slowest (it comes first).
    top = max(d[2] for d in files["a.jsonl"][1])
    e, s, _, info = files["b.jsonl"][1][0]
    files["b.jsonl"][1][0] = (e, s, top, info)

    OUT.mkdir(parents=True, exist_ok=True)
    models = {}
    for name, (model, decisions) in files.items():
        with open(OUT / name, "w", encoding="utf-8", newline="\n") as f:
            f.write(header(model))
            for d in decisions:
                f.write(line(*d))
        m = models.setdefault(model, {"files": [], "times": [], "slowest": None,
                                      "usage": [0, 0, 0]})
        m["files"].append(name)
        for number, (e, s, tenths, info) in enumerate(decisions, start=2):
            m["times"].append(Fraction(tenths, 10))
            if m["slowest"] is None or tenths > m["slowest"]["tenths"]:
                m["slowest"] = {"file": name, "line": number, "episode": e, "step": s, "tenths": tenths}
            u = counted(info)
            if u is not None:
                m["usage"][0] += 1
                m["usage"][1] += u[0]
                m["usage"][2] += u[1]

    expected = []
    for model, m in models.items():
        ys = sorted(m["times"])
        slowest = m["slowest"]
        expected.append({
            "model": model,
            "files": m["files"],
            "decisions": len(ys),
            "median": decimal(type7(ys, Fraction(1, 2))) if ys else None,
            "p95": decimal(type7(ys, Fraction(19, 20))) if ys else None,
            "max": decimal(ys[-1]) if ys else None,
            "slowest": None if slowest is None else {
                "file": slowest["file"], "line": slowest["line"], "episode": slowest["episode"],
                "step": slowest["step"], "ms": decimal(Fraction(slowest["tenths"], 10))},
            "usage": {"decisions": m["usage"][0], "prompt_tokens": m["usage"][1],
                      "completion_tokens": m["usage"][2]},
        })
    with open(OUT / "expected.json", "w", encoding="utf-8", newline="\n") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
