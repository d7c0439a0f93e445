#!/usr/bin/env python3
"""An LLM behind an OpenAI-compatible chat-completions API as an external
agent (agent protocol 1.0). Standard library only.

Run it with the network host and the variables it needs granted:
    EMBER_LLM_URL=https://api.example.com/v1 EMBER_LLM_KEY=... \\
    EMBER_LLM_MODEL=my-model \\
    deno run --allow-read=examples/python,res --allow-write=res \\
        --allow-run=python3,bwrap,ps \\
        --allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL \\
        jsr:@ember/stats run --policy-exec --model-id my-llm \\
        --policy-allow-net=api.example.com \\
        --policy-allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL \\
        --step-timeout-ms 60000 --transcript res/llm.jsonl --out res/llm.json \\
        -- python3 examples/python/llm_agent.py

Environment (the names of examples/openai_chat_policy.ts):
- EMBER_LLM_URL: the API base, e.g. https://api.example.com/v1
  ("/chat/completions" is appended); required;
- EMBER_LLM_KEY: sent as "Authorization: Bearer ..." (optional);
- EMBER_LLM_MODEL: the request's "model" (default "default").

Each step is one chat request. HTTP 429 and 5xx (and a network error or a
time-out) are retried, up to ATTEMPTS attempts in all: after the delay the
server's Retry-After header asks for (seconds or an HTTP date, at most
MAX_WAIT_S), else after BACKOFF_S doubled at each attempt. Other HTTP errors
stop at once. When every attempt fails, the agent answers with an "error"
frame: the run stops, resumably (an outage is not the model's decision).
--step-timeout-ms must leave room for the retries.

The reply's first balanced JSON object gives the actions; a person without a
valid action stays, and info says who and why. info.usage holds the
response's integer prompt_tokens and completion_tokens (and total_tokens),
which `summary --transcript` totals; info.retried lists the failed attempts.
"""

import email.utils
import json
import os
import sys
import time
import urllib.error
import urllib.request

ACTIONS = ("stay", "north", "east", "south", "west")
ATTEMPTS = 4
BACKOFF_S = 0.5
MAX_WAIT_S = 30.0
REQUEST_TIMEOUT_S = 20.0
SYSTEM = "You direct people out of a burning building. Reply with JSON only."


def render(obs):
    """The observation as text: the grid with people drawn, and lists (as
    examples/openai_chat_policy.ts writes it, which the mock model reads)."""
    rows = [list(r) for r in obs["grid"]]
    for i, person in enumerate(obs["people"]):
        r, c = person["position"]
        if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
            rows[r][c] = str(i + 1) if i < 9 else "P"
    exits = "; ".join(
        "%s at [%d,%d]%s" % (e["exit_id"], e["position"][0], e["position"][1],
                             "" if e["usable"] else " (burning)")
        for e in obs["exits"])
    people = "; ".join(
        "%s at [%d,%d]%s" % (p["person_id"], p["position"][0], p["position"][1],
                             " (trapped)" if p["trapped"] else "")
        for p in obs["people"])
    return "\n".join([
        "Step %d of %d. Cells are [row, column]; row 0 is the top, column 0 the left."
        % (obs["step"] + 1, obs["max_steps"]),
        "north = row - 1, south = row + 1, west = column - 1, east = column + 1.",
        "Legend: # wall, . floor, F burning, E usable exit, 1-9/P people.",
        *("".join(r) for r in rows),
        "Exits: " + exits,
        "People: " + people,
        "Answer with one JSON object mapping every person ID to one of %s, and nothing else."
        % ", ".join(ACTIONS),
    ])


def first_object(text):
    """The first balanced {...} of text that parses as a JSON object (braces
    inside strings do not count), and whether any balanced one was found."""
    found = False
    start = text.find("{")
    while start >= 0:
        depth, in_string, i = 0, False, start
        while i < len(text):
            ch = text[i]
            if in_string:
                if ch == "\\":
                    i += 1
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    found = True
                    try:
                        value = json.loads(text[start:i + 1])
                        if isinstance(value, dict):
                            return found, value
                    except ValueError:
                        pass  # a braced aside: the next "{" may open it
                    break
            i += 1
        start = text.find("{", start + 1)
    return found, None


def parse_reply(reply, people):
    """The actions (stay for anyone without a valid one) and the problems."""
    found, given = first_object(reply)
    problems = []
    if given is None:
        problems.append("the reply's JSON object does not parse" if found
                        else "no JSON object in the reply")
    actions = {}
    for pid in people:
        action = (given or {}).get(pid)
        if isinstance(action, str) and action in ACTIONS:
            actions[pid] = action
        else:
            actions[pid] = "stay"
            if given is not None:
                problems.append("%s: %s is not an action" % (pid, json.dumps(action)))
    return actions, problems


def usage_of(data):
    """The response's integer token counts, or None when either is missing."""
    usage = data.get("usage") if isinstance(data, dict) else None
    if not isinstance(usage, dict):
        return None

    def count(v):
        # bool is an int in Python; a JSON true is no count.
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2 ** 53

    out = {k: usage.get(k) for k in ("prompt_tokens", "completion_tokens")}
    if not all(count(v) for v in out.values()):
        return None
    if count(usage.get("total_tokens")):
        out["total_tokens"] = usage["total_tokens"]
    return out


def retry_after(header, now):
    """Seconds a Retry-After header asks to wait (capped), or None."""
    if header is None:
        return None
    header = header.strip()
    if header.isdigit():
        return min(float(header), MAX_WAIT_S)
    try:
        when = email.utils.parsedate_to_datetime(header).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return min(max(when - now, 0.0), MAX_WAIT_S)


def complete(prompt):
    """One chat completion: (content, usage, failed attempts); raises
    RuntimeError when no attempt succeeds."""
    base = os.environ.get("EMBER_LLM_URL")
    if not base:
        raise RuntimeError("EMBER_LLM_URL is not set (grant it with --policy-allow-env)")
    key = os.environ.get("EMBER_LLM_KEY")
    body = json.dumps({
        "model": os.environ.get("EMBER_LLM_MODEL") or "default",
        "temperature": 0,
        "messages": [{"role": "system", "content": SYSTEM},
                     {"role": "user", "content": prompt}],
    }).encode("utf-8")
    headers = {"content-type": "application/json"}
    if key:
        headers["authorization"] = "Bearer " + key
    failed = []
    for attempt in range(1, ATTEMPTS + 1):
        wait = None
        try:
            request = urllib.request.Request(
                base.rstrip("/") + "/chat/completions", data=body,
                headers=headers, method="POST")
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_S) as response:
                data = json.loads(response.read().decode("utf-8"))
            content = ((data.get("choices") or [{}])[0].get("message") or {}).get("content")
            return (content if isinstance(content, str) else ""), usage_of(data), failed
        except urllib.error.HTTPError as e:
            failed.append("HTTP %d" % e.code)
            if e.code != 429 and e.code < 500:
                break
            wait = retry_after(e.headers.get("Retry-After"), time.time())
            e.close()
        except (urllib.error.URLError, OSError, ValueError) as e:
            failed.append("%s: %s" % (type(e).__name__, e))
        if attempt < ATTEMPTS:
            time.sleep(BACKOFF_S * 2 ** (attempt - 1) if wait is None else wait)
    raise RuntimeError("the model API failed after %d attempts (%s)"
                       % (len(failed), ", ".join(failed)))


def answer(request):
    """The answer frame to one request."""
    obs = request["observation"]
    try:
        content, usage, failed = complete(render(obs))
    except RuntimeError as e:
        return {"id": request["id"], "error": str(e)}
    actions, problems = parse_reply(content, [p["person_id"] for p in obs["people"]])
    info = {}
    if problems:
        info["problems"] = problems
        info["reply"] = content[:200]
    if usage is not None:
        info["usage"] = usage
    if failed:
        info["retried"] = failed
    frame = {"id": request["id"], "actions": actions}
    if info:
        frame["info"] = info
    return frame


def main():
    if len(sys.argv) > 1:
        sys.stderr.write("llm_agent.py takes no argument (settings come from "
                         "EMBER_LLM_URL, EMBER_LLM_KEY, EMBER_LLM_MODEL)\n")
        sys.exit(2)
    # Standard output carries the protocol; anything else goes to stderr.
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line)), separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
