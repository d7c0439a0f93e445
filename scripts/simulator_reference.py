#!/usr/bin/env python3
"""Independent Python reference of simulator 1.0 (contract sections 7-8).

Writes tests/fixtures/simulator_cases.json: random small scenarios, each with
a seed and the full run record that this reference produces under a seeded
mixed greedy/random action log. tests/replay_test.ts requires the TypeScript
simulator to reproduce every record byte for byte.

Written from the contract text with plain dicts and sets, not translated from
the TypeScript. Standard library only; re-running it reproduces the fixture
byte for byte.
"""

import hashlib
import json
import pathlib
import random

MASK = (1 << 64) - 1
ACTIONS = ["stay", "north", "east", "south", "west"]
DELTA = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
NEIGHBOUR_ORDER = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False)


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Stream:
    def __init__(self, seed, stream_id):
        self.state = mix(seed ^ ((stream_id * 0xD1B54A32D192ED03) & MASK))

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return mix(self.state)

    def uniform(self, k):
        limit = (1 << 64) - ((1 << 64) % k)
        while True:
            w = self.next()
            if w < limit:
                return w % k


def simulate(sc, seed, choose):
    grid = sc["grid"]
    height, width = len(grid), len(grid[0])

    def inside(cell):
        return 0 <= cell[0] < height and 0 <= cell[1] < width

    def floor(cell):
        return inside(cell) and grid[cell[0]][cell[1]] == "."

    exit_at = {tuple(e["position"]): e["exit_id"] for e in sc["exits"]}
    num, den = sc["fire"]["spread_probability"]
    threshold = (num << 64) // den
    fire_blocks = sc["fire"]["enter_fire"] == "blocked"
    horizon = sc["termination"]["max_steps"]
    fire, movement = Stream(seed, 1), Stream(seed, 2)

    ids = sorted(p["person_id"] for p in sc["people"])
    pos = {p["person_id"]: tuple(p["position"]) for p in sc["people"]}
    status = {i: "active" for i in ids}
    resolution = {i: (None, None, None) for i in ids}
    burning = {tuple(c) for c in sc["fire"]["ignitions"]}

    def trapped():
        seen = {e for e in exit_at if e not in burning}
        frontier = list(seen)
        while frontier:
            nxt = []
            for (r, c) in frontier:
                for dr, dc in NEIGHBOUR_ORDER:
                    n = (r + dr, c + dc)
                    if floor(n) and n not in burning and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return [i for i in ids if status[i] == "active" and pos[i] not in seen]

    def snapshot(step, reason):
        return {
            "step": step,
            "people": [{"person_id": i, "status": status[i],
                        "position": list(pos[i])} for i in ids],
            "burning": [list(c) for c in sorted(burning)],
            "trapped": trapped(),
            "terminated": reason is not None,
            "termination_reason": reason,
        }

    initial = snapshot(0, None)
    steps = []
    t = 0
    reason = None
    while reason is None:
        t += 1
        active = [i for i in ids if status[i] == "active"]
        acts = choose(active, pos, burning)
        occupant = {pos[i]: i for i in active}
        origin = {i: pos[i] for i in active}
        outcome, target = {}, {}
        # 1. intents
        for i in active:
            if acts[i] == "stay":
                outcome[i] = "stayed"
                continue
            dr, dc = DELTA[acts[i]]
            cell = (pos[i][0] + dr, pos[i][1] + dc)
            target[i] = cell
            if not inside(cell):
                outcome[i] = "blocked_boundary"
            elif not floor(cell):
                outcome[i] = "blocked_wall"
            elif fire_blocks and cell in burning:
                outcome[i] = "blocked_fire"
        # 2. conflicts
        claims = {}
        for i in active:
            if i not in outcome:
                claims.setdefault(target[i], []).append(i)
        for cell in sorted(claims):
            movers = sorted(claims[cell])
            if len(movers) > 1:
                keep = movement.uniform(len(movers))
                for k, i in enumerate(movers):
                    if k != keep:
                        outcome[i] = "blocked_conflict"
        # 3. dependency chains: successor = the mover occupying my target
        movers = [i for i in active if i not in outcome]
        mover_set = set(movers)

        def successor(i):
            j = occupant.get(target[i])
            return j if j in mover_set else None

        for i in movers:
            cur, hops, cycle = i, 0, False
            while True:
                nxt = successor(cur)
                if nxt is None:
                    break
                cur = nxt
                hops += 1
                if cur == i:
                    cycle = True
                    break
                if hops > len(movers):
                    raise AssertionError("chains cannot merge")
            if cycle:
                outcome[i] = "blocked_cycle"
            elif target[cur] in occupant:
                outcome[i] = "blocked_occupied"
            else:
                outcome[i] = "moved"
        # 4. moves and entered-fire casualties
        casualties, evacuations = [], []
        for i in active:
            if outcome[i] == "moved":
                pos[i] = target[i]
                if pos[i] in burning:
                    status[i] = "casualty"
                    resolution[i] = (t, None, "entered_fire")
                    casualties.append(i)
        # 5. evacuation
        for i in active:
            if status[i] == "active" and pos[i] in exit_at and pos[i] not in burning:
                status[i] = "evacuated"
                resolution[i] = (t, exit_at[pos[i]], None)
                evacuations.append(i)
        # 6. fire spread
        candidates = set()
        for (r, c) in burning:
            for dr, dc in NEIGHBOUR_ORDER:
                n = (r + dr, c + dc)
                if floor(n) and n not in burning:
                    candidates.add(n)
        ignited = []
        for cell in sorted(candidates):
            words = [fire.next() for dr, dc in NEIGHBOUR_ORDER
                     if (cell[0] + dr, cell[1] + dc) in burning]
            if any(w < threshold for w in words):
                ignited.append(cell)
        burning.update(ignited)
        # 7. fire-spread casualties
        for i in active:
            if status[i] == "active" and pos[i] in ignited:
                status[i] = "casualty"
                resolution[i] = (t, None, "fire_spread")
                casualties.append(i)
        # 9. termination
        if all(status[i] != "active" for i in ids):
            reason = "all_resolved"
        elif t == horizon:
            reason = "max_steps"
        steps.append({
            "step": t,
            "actions": {i: acts[i] for i in active},
            "movements": [{
                "person_id": i, "action": acts[i], "origin": list(origin[i]),
                "target": list(target[i]) if i in target else None,
                "outcome": outcome[i]} for i in active],
            "ignitions": [list(c) for c in ignited],
            "evacuations": [{"person_id": i, "exit_id": resolution[i][1]}
                            for i in sorted(evacuations)],
            "casualties": [{"person_id": i, "cause": resolution[i][2]}
                           for i in sorted(casualties)],
            "state": snapshot(t, reason),
        })
    final_trapped = steps[-1]["state"]["trapped"]
    return {
        "header": {
            "simulator_version": "1.0", "observation_version": "1.0",
            "schema_version": "1.0", "scenario_id": sc["scenario_id"],
            "scenario_hash": hashlib.sha256(canonical(sc).encode()).hexdigest(),
            "seed": seed,
        },
        "initial_state": initial,
        "steps": steps,
        "final_state": {
            "step": t, "termination_reason": reason, "trapped": final_trapped,
            "people": [{
                "person_id": i, "status": status[i], "position": list(pos[i]),
                "resolution_step": resolution[i][0], "exit_id": resolution[i][1],
                "casualty_cause": resolution[i][2]} for i in ids],
        },
    }


ID_POOL = ["p1", "p10", "p2", "A", "b", "Z9", "x.y", "q:1", "r-2", "B_7", "0"]
PROBABILITIES = [[0, 1], [1, 1], [1, 2], [1, 3], [2, 7], [3, 10],
                 [1, 4294967296], [4294967295, 4294967296]]


def random_scenario(rng, index):
    height, width = rng.randint(2, 6), rng.randint(2, 6)
    cells = [(r, c) for r in range(height) for c in range(width)]
    walls = {cell for cell in cells if rng.random() < 0.15}
    floor = [cell for cell in cells if cell not in walls]
    if len(floor) < 2:
        walls = set()
        floor = cells
    rng.shuffle(floor)
    n_exits = rng.randint(1, min(3, len(floor) - 1))
    exits, rest = floor[:n_exits], floor[n_exits:]
    ignitions = rng.sample(rest, min(len(rest) - 1, rng.randint(0, 2)))
    if exits and rng.random() < 0.2:
        ignitions.append(exits[0])
    free = [cell for cell in rest if cell not in ignitions]
    n_people = rng.randint(1, min(8, len(free)))
    people = rng.sample(free, n_people)
    names = rng.sample(ID_POOL, n_people)
    grid = ["".join("#" if (r, c) in walls else "." for c in range(width))
            for r in range(height)]
    return {
        "schema_version": "1.0",
        "scenario_id": f"case_{index:02d}",
        "description": "random reference case",
        "grid": grid,
        "exits": [{"exit_id": f"x{k}", "position": list(cell)}
                  for k, cell in enumerate(exits)],
        "people": [{"person_id": name, "position": list(cell)}
                   for name, cell in zip(names, people)],
        "fire": {"ignitions": [list(c) for c in ignitions],
                 "spread_probability": rng.choice(PROBABILITIES),
                 "enter_fire": rng.choice(["casualty", "blocked"])},
        "termination": {"max_steps": rng.randint(1, 14)},
    }


def chooser(rng, sc):
    """Half greedy towards the nearest exit (static distance), half random."""
    grid = sc["grid"]
    height, width = len(grid), len(grid[0])
    dist = {tuple(e["position"]): 0 for e in sc["exits"]}
    frontier = list(dist)
    while frontier:
        nxt = []
        for (r, c) in frontier:
            for dr, dc in NEIGHBOUR_ORDER:
                n = (r + dr, c + dc)
                if (0 <= n[0] < height and 0 <= n[1] < width
                        and grid[n[0]][n[1]] == "." and n not in dist):
                    dist[n] = dist[(r, c)] + 1
                    nxt.append(n)
        frontier = nxt

    def choose(active, pos, burning):
        out = {}
        for i in active:
            greedy = "stay"
            d = dist.get(pos[i])
            if d is not None:
                for name in ["north", "east", "south", "west"]:
                    dr, dc = DELTA[name]
                    if dist.get((pos[i][0] + dr, pos[i][1] + dc)) == d - 1:
                        greedy = name
                        break
            out[i] = greedy if rng.random() < 0.5 else rng.choice(ACTIONS)
        return out

    return choose


def main():
    rng = random.Random(20250601)
    cases = []
    for index in range(30):
        sc = random_scenario(rng, index)
        seed = rng.choice([0, 1, 2 ** 53 - 1, rng.randrange(2 ** 53)])
        record = simulate(sc, seed, chooser(rng, sc))
        cases.append({"scenario": sc, "seed": seed, "record": record})
    out = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures"
    out.mkdir(parents=True, exist_ok=True)
    (out / "simulator_cases.json").write_bytes(canonical(cases).encode())


if __name__ == "__main__":
    main()
