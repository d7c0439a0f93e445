#!/usr/bin/env python3
"""Independent reference for episode metrics (metrics.md, metrics version 1.0).

Reads tests/fixtures/metrics/random_episodes.json (a list of
{"scenario", "record"}, written by scripts/gen_metrics_episodes.ts) and writes
tests/fixtures/metrics/random_metrics.json: the canonical JSON list of the
metrics dictionaries (contract section 11), computed here from the record
alone with Python's standard library (fractions.Fraction, float() once per
ratio). It trusts the records (the TypeScript tests authenticate them by
replay) and recomputes every field from its definition, by brute force where
the TypeScript code is incremental (fire distances, static exit distances).
Running it again reproduces the output byte for byte.
"""

import json
import os
from collections import deque
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "metrics")

BLOCK_KINDS = ["boundary", "wall", "fire", "occupied", "conflict", "cycle"]


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False)


def ratio(a, b):
    """ratio(a, b) of metrics.md section 3, as a float converted once."""
    if b == 0:
        return None
    return float(Fraction(a) / Fraction(b))


def to_float(x):
    return None if x is None else float(x)


def static_distances(scenario):
    """L_i: 4-neighbour BFS from every exit through non-wall cells."""
    grid = scenario["grid"]
    rows, cols = len(grid), len(grid[0])
    dist = {}
    queue = deque()
    for e in scenario["exits"]:
        cell = tuple(e["position"])
        dist[cell] = 0
        queue.append(cell)
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" \
                    and (nr, nc) not in dist:
                dist[(nr, nc)] = dist[(r, c)] + 1
                queue.append((nr, nc))
    return {p["person_id"]: dist.get(tuple(p["position"]))
            for p in scenario["people"]}


def metrics(scenario, record):
    ids = sorted(p["person_id"] for p in scenario["people"])
    n = len(ids)
    horizon = scenario["termination"]["max_steps"]
    steps = record["steps"]
    final = {p["person_id"]: p for p in record["final_state"]["people"]}

    # Safety (section 4).
    status = {i: final[i]["status"] for i in ids}
    evacuated = sum(1 for i in ids if status[i] == "evacuated")
    casualties = sum(1 for i in ids if status[i] == "casualty")
    stranded = sum(1 for i in ids if status[i] == "active")
    trapped = len(record["final_state"]["trapped"])
    causes = {"entered_fire": 0, "fire_spread": 0}
    for s in steps:
        for c in s["casualties"]:
            causes[c["cause"]] += 1
    safety = {
        "population": n, "evacuated": evacuated, "casualties": casualties,
        "stranded": stranded, "evacuated_rate": ratio(evacuated, n),
        "casualty_rate": ratio(casualties, n),
        "stranded_rate": ratio(stranded, n),
        "terminal_trapped_count": trapped,
        "terminal_trapped_rate": ratio(trapped, n),
        "casualties_by_cause": causes,
    }

    # Time (section 5).
    evac_step = {}
    evac_exit = {}
    for s in steps:
        for e in s["evacuations"]:
            evac_step[e["person_id"]] = s["step"]
            evac_exit[e["person_id"]] = e["exit_id"]
    evac_steps = [evac_step[i] for i in ids if i in evac_step]
    e_count = len(evac_steps)
    srt = sorted(evac_steps)
    if e_count == 0:
        median = None
    elif e_count % 2 == 1:
        median = float(Fraction(srt[e_count // 2]))
    else:
        median = float(Fraction(srt[e_count // 2 - 1] + srt[e_count // 2], 2))
    tau = {i: evac_step.get(i, horizon) for i in ids}
    total_tau = sum(tau.values())
    time = {
        "episode_steps": len(steps), "max_steps": horizon,
        "evacuees": e_count, "non_evacuees": n - e_count,
        "evacuation_steps": evac_steps,
        "first_evacuation_step": min(evac_steps) if evac_steps else None,
        "last_evacuation_step": max(evac_steps) if evac_steps else None,
        "mean_evacuation_step": ratio(sum(evac_steps), e_count),
        "median_evacuation_step": median,
        "person_time_to_safety_total": total_tau,
        "mean_person_time_to_safety": ratio(total_tau, n),
    }

    # Movement (section 6) and per-person decision lists.
    decisions = {i: [] for i in ids}
    for s in steps:
        for m in s["movements"]:
            decisions[m["person_id"]].append((s["step"], m["action"], m["outcome"]))
    all_dec = [d for i in ids for d in decisions[i]]
    stays = sum(1 for d in all_dec if d[1] == "stay")
    moved = sum(1 for d in all_dec if d[2] == "moved")
    blocked = {k: sum(1 for d in all_dec if d[2] == "blocked_" + k)
               for k in BLOCK_KINDS}
    blocked_total = sum(blocked.values())
    attempts = len(all_dec) - stays
    congestion = blocked["occupied"] + blocked["conflict"] + blocked["cycle"]
    movement = {
        "decisions": len(all_dec), "stay_actions": stays,
        "movement_attempts": attempts, "successful_moves": moved,
        "blocked_moves": blocked_total, "blocked_by_outcome": blocked,
        "congestion_blocks": congestion,
        "stay_rate": ratio(stays, len(all_dec)),
        "blocked_rate": ratio(blocked_total, attempts),
        "congestion_block_rate": ratio(congestion, attempts),
    }

    # Path efficiency (section 7).
    static = static_distances(scenario)
    cells = {i: sum(1 for d in decisions[i] if d[2] == "moved") for i in ids}
    evacuees = [i for i in ids if status[i] == "evacuated"]
    eff = {i: Fraction(static[i], cells[i]) for i in evacuees}
    detour = {i: Fraction(cells[i], static[i]) for i in evacuees}
    path = {
        "evacuees_measured": len(evacuees),
        "total_cells_moved": sum(cells[i] for i in evacuees),
        "total_static_lower_bound": sum(static[i] for i in evacuees),
        "aggregate_path_efficiency": ratio(
            sum(static[i] for i in evacuees), sum(cells[i] for i in evacuees)),
        "mean_path_efficiency": ratio(sum(eff.values(), Fraction(0)), len(evacuees)),
        "mean_detour_ratio": ratio(sum(detour.values(), Fraction(0)), len(evacuees)),
    }

    # Fire exposure (section 8), brute force over the burning cells.
    snapshots = [record["initial_state"]] + [s["state"] for s in steps]
    states = 0
    hist = {}
    per_person = {i: [] for i in ids}
    for snap in snapshots:
        burning = snap["burning"]
        for p in snap["people"]:
            if p["status"] != "active":
                continue
            states += 1
            if not burning:
                continue
            r, c = p["position"]
            d = min(abs(r - br) + abs(c - bc) for br, bc in burning)
            hist[d] = hist.get(d, 0) + 1
            per_person[p["person_id"]].append(d)
    exposure_total = sum((Fraction(k, d) for d, k in hist.items()), Fraction(0))
    with_fire = sum(hist.values())
    fire = {
        "active_person_states": states,
        "person_states_with_fire": with_fire,
        "person_states_without_fire": states - with_fire,
        "distance_histogram": {str(d): k for d, k in hist.items()},
        "adjacent_person_states": hist.get(1, 0),
        "min_fire_distance": min(hist) if hist else None,
        "exposure_total": float(exposure_total),
        "mean_exposure": ratio(exposure_total, states),
    }

    # Exits (section 9).
    exit_ids = sorted(e["exit_id"] for e in scenario["exits"])
    per_exit = {x: 0 for x in exit_ids}
    for i in evac_exit:
        per_exit[evac_exit[i]] += 1
    k = len(exit_ids)
    if e_count == 0:
        shares = None
        max_share = None
        balance = None
    else:
        p = {x: Fraction(per_exit[x], e_count) for x in exit_ids}
        shares = {x: float(p[x]) for x in exit_ids}
        max_share = float(max(p.values()))
        balance = None if k == 1 else float(
            (1 - sum(v * v for v in p.values())) / (1 - Fraction(1, k)))
    exits = {
        "exit_count": k,
        "exits_used": sum(1 for x in exit_ids if per_exit[x] >= 1),
        "evacuations_per_exit": per_exit, "exit_shares": shares,
        "max_exit_share": max_share, "exit_balance": balance,
    }

    # Replanning (section 10).
    events = with_next = moved_after = blocked_after = 0
    stayed_after = changed_after = 0
    longest = {}
    for i in ids:
        run = best = 0
        by_step = {d[0]: d for d in decisions[i]}
        for step, action, outcome in decisions[i]:
            if outcome.startswith("blocked_"):
                events += 1
                run += 1
                best = max(best, run)
                nxt = by_step.get(step + 1)
                if nxt is not None:
                    with_next += 1
                    if nxt[2] == "moved":
                        moved_after += 1
                    elif nxt[2].startswith("blocked_"):
                        blocked_after += 1
                    elif nxt[1] == "stay":
                        stayed_after += 1
                    if nxt[1] != action:
                        changed_after += 1
            else:
                run = 0
        longest[i] = best
    replanning = {
        "blocked_events": events, "blocks_with_next_decision": with_next,
        "blocks_without_next_decision": events - with_next,
        "moved_after_block": moved_after,
        "blocked_after_block": blocked_after,
        "stayed_after_block": stayed_after,
        "action_changed_after_block": changed_after,
        "max_consecutive_blocks": max(longest.values()) if longest else 0,
        "recovery_proxy_rate": ratio(moved_after, with_next),
        "repeated_block_proxy_rate": ratio(blocked_after, with_next),
        "action_change_proxy_rate": ratio(changed_after, with_next),
    }

    # People (section 12).
    start = {p["person_id"]: p["position"] for p in scenario["people"]}
    people = []
    for i in ids:
        f = final[i]
        ds = per_person[i]
        people.append({
            "person_id": i, "initial_position": start[i],
            "final_position": f["position"], "status": f["status"],
            "resolution_step": f["resolution_step"], "exit_id": f["exit_id"],
            "casualty_cause": f["casualty_cause"],
            "decisions": len(decisions[i]),
            "stay_actions": sum(1 for d in decisions[i] if d[1] == "stay"),
            "cells_moved": cells[i],
            "blocked_moves": sum(1 for d in decisions[i]
                                 if d[2].startswith("blocked_")),
            "max_consecutive_blocks": longest[i],
            "time_to_safety": tau[i],
            "static_exit_distance": static[i],
            "path_efficiency": to_float(eff.get(i)),
            "detour_ratio": to_float(detour.get(i)),
            "min_fire_distance": min(ds) if ds else None,
            "fire_exposure": float(sum((Fraction(1, d) for d in ds), Fraction(0))),
        })

    return {
        "metrics_version": "1.0",
        "scenario_id": scenario["scenario_id"],
        "scenario_hash": record["header"]["scenario_hash"],
        "seed": record["header"]["seed"],
        "safety": safety, "time": time, "movement": movement,
        "path_efficiency": path, "fire_exposure": fire, "exits": exits,
        "replanning": replanning, "people": people,
    }


def main():
    with open(os.path.join(FIXTURES, "random_episodes.json"), encoding="ascii") as fh:
        episodes = json.load(fh)
    out = [metrics(e["scenario"], e["record"]) for e in episodes]
    with open(os.path.join(FIXTURES, "random_metrics.json"), "w",
              encoding="ascii", newline="") as fh:
        fh.write(canonical(out))


if __name__ == "__main__":
    main()
