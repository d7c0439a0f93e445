#!/usr/bin/env python3
"""EMBERBench as a Gymnasium-shaped environment, over `env` (standard library only).

The trainer owns the loop; `deno run … jsr:@ember/stats env` serves the
episodes over JSON lines (docs/agent-protocol.md, "The env direction"), and
the result it writes verifies like any `run` result.

    env = EmberEnv(model_id="mine", out="res/mine.json")
    for k in range(env.scheduled):
        obs, info = env.reset(episode=k)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(my_policy(obs))
            done = terminated or truncated
    digest = env.close()

`VectorEmberEnv` keeps several episodes open at once over one process
(vectorised trainers). Run as a program, this file plays the whole suite with
the built-in greedy policy's actions (examples/python/greedy_agent.py), which
gives a result byte-identical to `run --policy greedy --model-id ID`:

    python3 examples/python/ember_env.py --model-id greedy --out res/g.json

Rewards (the `reward` argument): "terminal" (default) is 0.0 on every step
but the last, and on the last the episode's `safety.evacuated_rate` minus its
`safety.casualty_rate` (from the metrics); "events" is, on every step, the
step's evacuations minus its casualties; or any function
`reward(events, answer) -> float` of the step's events and the whole answer.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from greedy_agent import actions as greedy_actions  # noqa: E402

# The checkout's own module when this file sits in one, else the published one.
LOCAL_MODULE = os.path.join(HERE, "..", "..", "mod.ts")
MODULE = LOCAL_MODULE if os.path.exists(LOCAL_MODULE) else "jsr:@ember/stats"


class EnvError(RuntimeError):
    """An error line from `env` (the request changed nothing unless it says so)."""


def terminal_reward(events, answer):
    """0.0 until the end; then evacuated rate minus casualty rate."""
    if not answer["done"]:
        return 0.0
    safety = answer["metrics"]["safety"]
    return float(safety["evacuated_rate"]) - float(safety["casualty_rate"])


def event_reward(events, answer):
    """Evacuations minus casualties of the step."""
    return float(len(events["evacuations"]) - len(events["casualties"]))


REWARDS = {"terminal": terminal_reward, "events": event_reward}


class EnvProcess:
    """One `env` process: a request line out, its answer line back."""

    def __init__(self, model_id=None, out=None, suite=None, train=False,
                 resume=False, module=MODULE, deno="deno"):
        args = ["env", "--quiet"]
        read, write = [], []
        if train:
            args.append("--train")
        else:
            folder = os.path.dirname(os.path.abspath(out))
            read.append(folder)
            write.append(folder)
            args += ["--model-id", model_id, "--out", out]
            if resume:
                args.append("--resume")
        if suite is not None:
            read.append(os.path.abspath(suite))
            args += ["--suite", suite]
        if module.startswith("/") or module.startswith("."):
            read.append(os.path.abspath(module if module.endswith(".ts") else module))
            read.append(os.path.dirname(os.path.abspath(module)))
        flags = []
        if read:
            flags.append("--allow-read=" + ",".join(read))
        if write:
            flags.append("--allow-write=" + ",".join(write))
        self.process = subprocess.Popen(
            [deno, "run", *flags, module, *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            encoding="utf-8", bufsize=1)

    def send(self, request):
        """Write one request (not flushed: `flush` or `ask` sends it)."""
        self.process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")

    def flush(self):
        self.process.stdin.flush()

    def receive(self):
        """Read one answer; an error line raises EnvError."""
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise EnvError(f"env exited (code {code}) without an answer")
        answer = json.loads(line)
        if "error" in answer:
            raise EnvError(answer["error"])
        return answer

    def ask(self, request):
        self.send(request)
        self.flush()
        return self.receive()

    def close(self):
        """Send close; the result digest (None in training mode)."""
        answer = self.ask({"op": "close"})
        self.process.stdin.close()
        code = self.process.wait()
        if code != 0:
            raise EnvError(f"env exited with code {code}")
        return answer.get("result_digest")


class EmberEnv:
    """One episode at a time, Gymnasium's method shapes.

    reset(episode=K) in evaluation mode (K a schedule index), or
    reset(seed=N, options={"scenario": S}) in training mode (train=True).
    """

    def __init__(self, model_id=None, out=None, suite=None, train=False,
                 resume=False, reward="terminal", **process):
        self.env = EnvProcess(model_id, out, suite, train, resume, **process)
        self.train = train
        self.reward = REWARDS[reward] if isinstance(reward, str) else reward
        self.episode = None

    @property
    def scheduled(self):
        """The suite's scheduled episodes (the public suite's by default)."""
        return scheduled_episodes(self.env)

    def reset(self, episode=None, seed=None, options=None):
        if self.train:
            scenario = (options or {}).get("scenario")
            answer = self.env.ask({"op": "reset", "scenario": scenario, "seed": seed})
        else:
            answer = self.env.ask({"op": "reset", "episode": episode})
        self.episode = answer["episode"]
        return answer["observation"], {"episode": self.episode}

    def step(self, actions):
        answer = self.env.ask({"op": "step", "episode": self.episode,
                               "actions": actions})
        return unpack(answer, self.reward)

    def close(self):
        return self.env.close()


class VectorEmberEnv:
    """Several episodes open at once over one `env` process.

    reset(episodes=[K…]) opens them; step([actions…]) steps every open one
    (requests written together, answers read in order); an episode that is
    done stays done (its entries are None) until reset again.
    """

    def __init__(self, model_id=None, out=None, suite=None, reward="terminal",
                 **process):
        self.env = EnvProcess(model_id, out, suite, **process)
        self.reward = REWARDS[reward] if isinstance(reward, str) else reward
        self.episodes = []

    def reset(self, episodes):
        for k in episodes:
            self.env.send({"op": "reset", "episode": k})
        self.env.flush()
        answers = [self.env.receive() for _ in episodes]
        self.episodes = list(episodes)
        return [a["observation"] for a in answers], [{"episode": k} for k in episodes]

    def step(self, actions):
        live = [(i, k) for i, k in enumerate(self.episodes) if k is not None]
        for i, k in live:
            self.env.send({"op": "step", "episode": k, "actions": actions[i]})
        self.env.flush()
        n = len(self.episodes)
        out = [[None] * n for _ in range(5)]
        for i, k in live:
            result = unpack(self.env.receive(), self.reward)
            for j in range(5):
                out[j][i] = result[j]
            if result[2] or result[3]:
                self.episodes[i] = None
        return tuple(out)

    def close(self):
        return self.env.close()


def unpack(answer, reward):
    """(observation, reward, terminated, truncated, info) of a step answer."""
    events = answer["events"]
    info = {"episode": answer["episode"], "events": events}
    if answer["done"]:
        info["metrics"] = answer["metrics"]
    truncated = answer["truncated"]
    terminated = answer["done"] and not truncated
    return answer["observation"], reward(events, answer), terminated, truncated, info


def scheduled_episodes(env):
    """How many episodes the suite schedules (the schedule op)."""
    return len(env.ask({"op": "schedule"})["episodes"])


def play_greedy(model_id, out, suite=None, vector=1, module=MODULE):
    """Play every scheduled episode in order with greedy's actions; (digest, steps)."""
    env = VectorEmberEnv(model_id, out, suite, module=module)
    total = scheduled_episodes(env.env)
    steps = 0
    for start in range(0, total, vector):
        batch = list(range(start, min(start + vector, total)))
        observations, _ = env.reset(batch)
        while any(k is not None for k in env.episodes):
            acts = [greedy_actions(o) if o is not None else None for o in observations]
            observations, _, _, _, _ = env.step(acts)
            steps += sum(1 for a in acts if a is not None)
    return env.close(), steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-id", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--suite")
    parser.add_argument("--vector", type=int, default=1,
                        help="episodes open at once (default 1)")
    parser.add_argument("--module", default=MODULE)
    args = parser.parse_args()
    started = time.monotonic()
    digest, steps = play_greedy(args.model_id, args.out, args.suite, args.vector,
                                args.module)
    seconds = time.monotonic() - started
    print(f"wrote {args.out} (result digest {digest}; {steps} steps in "
          f"{seconds:.2f} s, {steps / seconds:.0f} steps/s)", file=sys.stderr)


if __name__ == "__main__":
    main()
