#!/usr/bin/env python3
"""The built-in greedy policy as an external agent (agent protocol 1.0).

Run it with (the CLI's options, --model-id among them, go before --;
everything after -- is this agent's argv, and it takes no argument):
    deno run --allow-read=examples/python,res --allow-write=res \
        --allow-run=python3,bwrap,ps jsr:@ember/stats run --policy-exec \
        --model-id greedy --out res/greedy.json \
        -- python3 examples/python/greedy_agent.py

Each person steps toward the nearest usable exit: the distance of every
cell is a breadth-first search over the open cells (no wall, not
burning) from the usable exits; a person on an exit, or with no path,
stays; otherwise the first neighbour one step closer, in the order
north, east, south, west (docs/policies.md). Standard library only.
"""

import json
import sys

# The neighbours in this order break ties, as the built-in greedy does.
DIRECTIONS = (("north", -1, 0), ("east", 0, 1), ("south", 1, 0), ("west", 0, -1))


def distances(obs):
    """Steps from each cell to the nearest usable exit (-1: unreached)."""
    grid = obs["grid"]
    height, width = len(grid), len(grid[0])
    burning = {(r, c) for r, c in obs["burning"]}
    dist = [[-1] * width for _ in range(height)]

    def is_open(r, c):
        return grid[r][c] != "#" and (r, c) not in burning

    queue = []
    for exit_ in obs["exits"]:
        r, c = exit_["position"]
        if exit_["usable"] and is_open(r, c) and dist[r][c] == -1:
            dist[r][c] = 0
            queue.append((r, c))
    head = 0
    while head < len(queue):
        r, c = queue[head]
        head += 1
        for _, dr, dc in DIRECTIONS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < height and 0 <= nc < width and dist[nr][nc] == -1 \
                    and is_open(nr, nc):
                dist[nr][nc] = dist[r][c] + 1
                queue.append((nr, nc))
    return dist


def actions(obs):
    """One action per active person."""
    dist = distances(obs)
    height, width = len(dist), len(dist[0])
    out = {}
    for person in obs["people"]:
        r, c = person["position"]
        d = dist[r][c]
        action = "stay"
        if d > 0:
            for name, dr, dc in DIRECTIONS:
                nr, nc = r + dr, c + dc
                if 0 <= nr < height and 0 <= nc < width and dist[nr][nc] == d - 1:
                    action = name
                    break
        out[person["person_id"]] = action
    return out


def main():
    if len(sys.argv) > 1:
        # A CLI option put after -- lands here; ignoring it would hide that.
        sys.stderr.write(
            "greedy_agent.py takes no argument, got %s (the CLI's options, "
            "--model-id among them, go before --)\n" % " ".join(sys.argv[1:]))
        sys.exit(2)
    # Standard output carries the protocol; anything else goes to stderr.
    send = sys.stdout
    send.write(json.dumps({"ready": True}) + "\n")
    send.flush()
    for line in sys.stdin:
        request = json.loads(line)
        answer = {"id": request["id"], "actions": actions(request["observation"])}
        send.write(json.dumps(answer, separators=(",", ":")) + "\n")
        send.flush()
    # End of input: the episode is over; exit within the grace period.


if __name__ == "__main__":
    main()
