/**
 * An EMBERBench policy backed by an OpenAI-compatible chat-completions API.
 *
 * Run it with exactly the network host and the variables it needs:
 *
 * ```sh
 * deno run --allow-read=examples --allow-run=deno \
 *     --allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL \
 *     jsr:@ember/stats run --policy examples/openai_chat_policy.ts --model-id my-llm \
 *     --policy-allow-net=api.example.com \
 *     --policy-allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL \
 *     --concurrency 8 --step-timeout-ms 30000 --transcript my-llm.jsonl --out my-llm.json
 * ```
 *
 * - `EMBER_LLM_URL`: the API base, e.g. `https://api.example.com/v1`
 *   (`/chat/completions` is appended);
 * - `EMBER_LLM_KEY`: sent as `Authorization: Bearer …` (optional);
 * - `EMBER_LLM_MODEL`: the `model` field of the request.
 *
 * Malformed answers (deliberate, see docs/policies.md): the reply's first
 * balanced JSON object is taken as the actions (a code fence around it is
 * fine; braces in prose after it are not). A
 * person the model gave no valid action gets `stay`, and the transcript's
 * `info` says who and why, with the start of the raw reply, so a malformed
 * answer costs the model the step rather than the run. A transport failure
 * (HTTP 5xx or 429, network error, time-out) is retried up to 2 more times;
 * if all 3 attempts fail, the policy throws and the run stops, resumably:
 * an outage is not the model's decision. Other HTTP errors (401, 404, …)
 * throw at once.
 *
 * When the response carries OpenAI's `usage` object with integer
 * `prompt_tokens` and `completion_tokens`, `info.usage` holds them (and
 * `total_tokens` when it is an integer too), so that `summary --transcript`
 * can total them per model.
 *
 * @module
 */

const ACTIONS = ["stay", "north", "east", "south", "west"] as const;
const ATTEMPTS = 3;
const REQUEST_TIMEOUT_MS = 20_000;

type Observation = {
  readonly scenario_id: string;
  readonly step: number;
  readonly max_steps: number;
  readonly grid: readonly string[];
  readonly exits: readonly {
    exit_id: string;
    position: [number, number];
    usable: boolean;
  }[];
  readonly burning: readonly [number, number][];
  readonly people: readonly {
    person_id: string;
    position: [number, number];
    trapped: boolean;
  }[];
};

/** The observation as text for the model: the grid with people drawn, and lists. */
export function render(obs: Observation): string {
  const rows = obs.grid.map((r) => r.split(""));
  obs.people.forEach((p, i) => {
    const row = rows[p.position[0]];
    if (row !== undefined) row[p.position[1]] = i < 9 ? String(i + 1) : "P";
  });
  return [
    `Step ${
      obs.step + 1
    } of ${obs.max_steps}. Cells are [row, column]; row 0 is the top, column 0 the left.`,
    "north = row - 1, south = row + 1, west = column - 1, east = column + 1.",
    "Legend: # wall, . floor, F burning, E usable exit, 1-9/P people.",
    ...rows.map((r) => r.join("")),
    `Exits: ${
      obs.exits.map((e) =>
        `${e.exit_id} at [${e.position}]${e.usable ? "" : " (burning)"}`
      ).join("; ")
    }`,
    `People: ${
      obs.people.map((p) =>
        `${p.person_id} at [${p.position}]${p.trapped ? " (trapped)" : ""}`
      ).join("; ")
    }`,
    `Answer with one JSON object mapping every person ID to one of ${
      ACTIONS.join(", ")
    }, and nothing else.`,
  ].join("\n");
}

/**
 * The balanced `{…}` that opens at `text[start]`, or `undefined` when it
 * never closes. Braces inside JSON strings (escapes included) do not count.
 */
function balancedAt(text: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/**
 * The first balanced `{…}` in `text` that parses as a JSON object: prose
 * after it (`Also note {this}.`) is left out, and so is a braced aside
 * before it that is not JSON. `found` tells a reply with braces that never
 * parse from one with none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstObject } from "./openai_chat_policy.ts";
 * assert.deepEqual(firstObject('Sure! {"p01":"east"} Also {x}.'), {
 *   found: true,
 *   value: { p01: "east" },
 * });
 * ```
 */
export function firstObject(
  text: string,
): { found: boolean; value?: Record<string, unknown> } {
  let found = false;
  for (let i = text.indexOf("{"); i >= 0; i = text.indexOf("{", i + 1)) {
    const candidate = balancedAt(text, i);
    if (candidate === undefined) continue;
    found = true;
    try {
      const value: unknown = JSON.parse(candidate);
      if (
        value !== null && typeof value === "object" && !Array.isArray(value)
      ) {
        return { found, value: value as Record<string, unknown> };
      }
    } catch {
      // Not JSON (a braced aside): the next `{` may open the answer.
    }
  }
  return { found };
}

/**
 * Read the model's reply: the first balanced JSON object in it. Returns
 * the actions (with `stay` for anyone missing or invalid) and what was wrong.
 */
export function parseReply(
  reply: string,
  people: readonly string[],
): { actions: Record<string, string>; problems: string[] } {
  const problems: string[] = [];
  const { found, value: parsed } = firstObject(reply);
  if (parsed === undefined) {
    problems.push(
      found
        ? "the reply's JSON object does not parse"
        : "no JSON object in the reply",
    );
  }
  const given = parsed ?? {};
  const actions: Record<string, string> = {};
  for (const id of people) {
    const a = given[id];
    if (typeof a === "string" && (ACTIONS as readonly string[]).includes(a)) {
      actions[id] = a;
    } else {
      actions[id] = "stay";
      if (parsed !== undefined) {
        problems.push(`${id}: ${JSON.stringify(a ?? null)} is not an action`);
      }
    }
  }
  return { actions, problems };
}

/** The token counts of a response, as `info.usage` records them. */
export type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
};

/**
 * The `usage` of a chat-completions response: its integer `prompt_tokens`
 * and `completion_tokens` (and `total_tokens` when it is an integer), or
 * `undefined` when either count is missing or not a non-negative integer.
 * Nothing else of the object is kept: it goes into the transcript.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usageOf } from "./openai_chat_policy.ts";
 * assert.deepEqual(usageOf({ usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12, x: 1 } }),
 *   { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 });
 * assert.deepEqual(usageOf({ usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: "12" } }),
 *   { prompt_tokens: 9, completion_tokens: 3 });
 * assert.equal(usageOf({ usage: { prompt_tokens: 9.5, completion_tokens: 3 } }), undefined);
 * assert.equal(usageOf({}), undefined);
 * ```
 */
export function usageOf(response: unknown): Usage | undefined {
  const usage = (response as { usage?: unknown } | null)?.usage;
  if (usage === null || typeof usage !== "object") return undefined;
  const { prompt_tokens, completion_tokens, total_tokens } = usage as Record<
    string,
    unknown
  >;
  const count = (v: unknown): v is number =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  if (!count(prompt_tokens) || !count(completion_tokens)) return undefined;
  return {
    prompt_tokens,
    completion_tokens,
    ...(count(total_tokens) ? { total_tokens } : {}),
  };
}

function setting(name: string): string | undefined {
  return Deno.env.get(name);
}

async function complete(
  prompt: string,
): Promise<{ content: string; usage: Usage | undefined }> {
  const base = setting("EMBER_LLM_URL");
  if (base === undefined) throw new Error("EMBER_LLM_URL is not set");
  const key = setting("EMBER_LLM_KEY");
  const body = JSON.stringify({
    model: setting("EMBER_LLM_MODEL") ?? "default",
    temperature: 0,
    messages: [
      {
        role: "system",
        content:
          "You direct people out of a burning building. Reply with JSON only.",
      },
      { role: "user", content: prompt },
    ],
  });
  let last = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(
        `${base.replace(/\/$/, "")}/chat/completions`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
      );
      if (response.ok) {
        const data = await response.json();
        const content = data?.choices?.[0]?.message?.content;
        return {
          content: typeof content === "string" ? content : "",
          usage: usageOf(data),
        };
      }
      await response.body?.cancel();
      last = `HTTP ${response.status}`;
      if (response.status !== 429 && response.status < 500) break;
    } catch (e) {
      last = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
  throw new Error(`the model API failed (${last})`);
}

/** The policy: one request per step. */
export default async function (obs: Observation) {
  const { content: reply, usage } = await complete(render(obs));
  const { actions, problems } = parseReply(
    reply,
    obs.people.map((p) => p.person_id),
  );
  const info = {
    ...(problems.length === 0 ? {} : { problems, reply: reply.slice(0, 200) }),
    ...(usage === undefined ? {} : { usage }),
  };
  return Object.keys(info).length === 0
    ? actions
    : { _actions: actions, _info: info };
}
