/**
 * A mock model behind an OpenAI-compatible API, for trying
 * `examples/openai_chat_policy.ts` (or any agent) offline. Start it with
 *
 * ```sh
 * deno run --allow-net=127.0.0.1 examples/mock_model_server.ts --port 8080
 * ```
 *
 * and point the policy at `EMBER_LLM_URL=http://127.0.0.1:8080/v1`. It
 * answers `POST …/chat/completions` with one JSON object of actions built
 * from the observation in the last user message (the text `render` of the
 * example policy writes): the moves of `examples/my_policy.ts` on the grid
 * drawn there. Every chat answer reports a `usage` object by a fixed rule
 * ({@linkcode mockUsage}), so token totals can be checked. Ctrl-C stops it.
 *
 * Tests script other replies (garbage, errors, slow answers) through
 * {@linkcode serveMockModel}'s `reply` hook. It listens on 127.0.0.1 only,
 * reads at most {@linkcode MAX_BODY_BYTES} of a request, and a scripted
 * delay is capped at {@linkcode MAX_DELAY_MS}, so no request holds it long.
 *
 * @module
 */

import decide from "./my_policy.ts";

/** The largest request body read; a larger one gets HTTP 413. */
export const MAX_BODY_BYTES = 1 << 20;
/** The longest delay a scripted reply may ask for. */
export const MAX_DELAY_MS = 60_000;

type Cell = [number, number];

/** What the server read from one request, handed to the `reply` hook. */
export type MockRequest = {
  /** The URL path, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** The `Authorization` header, or `null`. */
  readonly authorization: string | null;
  /** The request's `model` field (`""` when not a chat request). */
  readonly model: string;
  /** The last user message (`""` when not a chat request). */
  readonly prompt: string;
  /** The step number the prompt states (`Step N of …`, counted from 1), or 0. */
  readonly step: number;
  /** The people the prompt lists, in its order. */
  readonly people: readonly { person_id: string; position: Cell }[];
  /** The mock's own answer for this prompt (the moves of `my_policy.ts`). */
  readonly answer: Record<string, string>;
};

/**
 * A reply: the assistant message's `content` (after `delayMs`), or a raw
 * HTTP response (an error status, or a file for a path that is not chat).
 */
export type MockReply =
  | {
    readonly content: string;
    readonly delayMs?: number;
    /** The response's `usage` (default: {@linkcode mockUsage}); `null` leaves it out. */
    readonly usage?: Readonly<Record<string, unknown>> | null;
  }
  | {
    readonly status: number;
    readonly body?: string;
    readonly contentType?: string;
    /** More response headers, e.g. `Retry-After` with a 429. */
    readonly headers?: Readonly<Record<string, string>>;
  };

/** Options of {@linkcode serveMockModel}. */
export type MockModelOptions = {
  /** The port; 0 (the default) picks a free one (`server.addr.port`). */
  readonly port?: number;
  /**
   * Called for every request; what it returns is sent, `undefined` sends
   * the default (the mock's answer for a chat request, 404 otherwise).
   */
  readonly reply?: (
    request: MockRequest,
  ) => MockReply | undefined | Promise<MockReply | undefined>;
};

/**
 * The people and the actions of `my_policy.ts` for the observation a prompt
 * of `examples/openai_chat_policy.ts` draws.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPrompt } from "./mock_model_server.ts";
 * const prompt = [
 *   "Step 1 of 9. Cells are [row, column]; row 0 is the top, column 0 the left.",
 *   "north = row - 1, south = row + 1, west = column - 1, east = column + 1.",
 *   "Legend: # wall, . floor, F burning, E usable exit, 1-9/P people.",
 *   "#####",
 *   "E.1.#",
 *   "#####",
 *   "Exits: west at [1,0]",
 *   "People: p01 at [1,2]",
 *   "Answer with one JSON object …",
 * ].join("\n");
 * assert.deepEqual(readPrompt(prompt), {
 *   step: 1,
 *   people: [{ person_id: "p01", position: [1, 2] }],
 *   answer: { p01: "west" },
 * });
 * ```
 */
export function readPrompt(prompt: string): {
  step: number;
  people: { person_id: string; position: Cell }[];
  answer: Record<string, string>;
} {
  const lines = prompt.split("\n");
  const step = Number(/^Step (\d+) of/.exec(lines[0] ?? "")?.[1] ?? 0);
  const legend = lines.findIndex((l) => l.startsWith("Legend:"));
  const exitsAt = lines.findIndex((l) => l.startsWith("Exits:"));
  const peopleAt = lines.findIndex((l) => l.startsWith("People:"));
  // People are drawn as digits or P over floor cells: the grid underneath.
  const grid = legend < 0 || exitsAt < legend
    ? []
    : lines.slice(legend + 1, exitsAt).map((r) => r.replace(/[0-9P]/g, "."));
  const cells = (text: string) =>
    [...text.matchAll(/([\w.-]+) at \[(\d+),(\d+)\]( \((\w+)\))?/g)].map(
      ([, id, r, c, , mark]) => ({
        id: id!,
        position: [Number(r), Number(c)] as Cell,
        mark,
      }),
    );
  const exits = cells(lines[exitsAt] ?? "").map((e) => ({
    position: e.position,
    usable: e.mark !== "burning",
  }));
  const people = cells(lines[peopleAt] ?? "").map((p) => ({
    person_id: p.id,
    position: p.position,
  }));
  const burning: Cell[] = [];
  grid.forEach((row, r) =>
    [...row].forEach((x, c) => x === "F" && burning.push([r, c]))
  );
  return { step, people, answer: decide({ grid, exits, burning, people }) };
}

async function readBody(req: Request): Promise<string | undefined> {
  if (req.body === null) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

function lastUserMessage(body: unknown): string {
  const messages = (body as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) return "";
  const user = messages.filter((m) => m?.role === "user").at(-1);
  return typeof user?.content === "string" ? user.content : "";
}

/**
 * The `usage` the mock reports for a prompt (the last user message) and its
 * answer's content: a token per 4 characters (code points), rounded up, of
 * each, the rule of thumb for English text; `total_tokens` is their sum.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mockUsage } from "./mock_model_server.ts";
 * assert.deepEqual(mockUsage("12345", '{"p1":"west"}'), {
 *   prompt_tokens: 2,
 *   completion_tokens: 4,
 *   total_tokens: 6,
 * });
 * ```
 */
export function mockUsage(
  prompt: string,
  content: string,
): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  const tokens = (text: string) => Math.ceil([...text].length / 4);
  const prompt_tokens = tokens(prompt);
  const completion_tokens = tokens(content);
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
  };
}

function chatResponse(
  model: string,
  content: string,
  usage: Readonly<Record<string, unknown>> | null,
): Response {
  return Response.json({
    id: "mock-1",
    object: "chat.completion",
    created: 0,
    model,
    choices: [{
      index: 0,
      message: { role: "assistant", content },
      finish_reason: "stop",
    }],
    ...(usage === null ? {} : { usage }),
  });
}

async function handle(
  req: Request,
  hook: MockModelOptions["reply"],
): Promise<Response> {
  const path = new URL(req.url).pathname;
  const chat = req.method === "POST" && path.endsWith("/chat/completions");
  const text = chat ? await readBody(req) : "";
  if (text === undefined) {
    return new Response("request too large", { status: 413 });
  }
  let body: unknown = {};
  if (chat) {
    try {
      body = JSON.parse(text);
    } catch {
      return new Response("request body is not JSON", { status: 400 });
    }
  }
  const model = chat ? String((body as { model?: unknown }).model ?? "") : "";
  const prompt = lastUserMessage(body);
  const request: MockRequest = {
    path,
    authorization: req.headers.get("authorization"),
    model,
    prompt,
    ...(chat ? readPrompt(prompt) : { step: 0, people: [], answer: {} }),
  };
  const reply = await hook?.(request) ??
    (chat
      ? { content: JSON.stringify(request.answer) }
      : { status: 404, body: "not found" });
  if ("content" in reply) {
    const delay = Math.min(reply.delayMs ?? 0, MAX_DELAY_MS);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    return chatResponse(
      model,
      reply.content,
      reply.usage === undefined
        ? mockUsage(prompt, reply.content)
        : reply.usage,
    );
  }
  return new Response(reply.body ?? "", {
    status: reply.status,
    headers: {
      ...reply.headers,
      "content-type": reply.contentType ?? "text/plain",
    },
  });
}

/**
 * Serve the mock model on 127.0.0.1; `await server.shutdown()` stops it.
 *
 * @example
 * ```ts ignore
 * import { serveMockModel } from "./mock_model_server.ts";
 * const server = serveMockModel({
 *   reply: (r) => r.step === 1 ? { content: "no idea" } : undefined,
 * });
 * console.log(`http://127.0.0.1:${server.addr.port}/v1`);
 * await server.shutdown();
 * ```
 */
export function serveMockModel(
  options: MockModelOptions = {},
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} },
    (req) => handle(req, options.reply),
  );
}

function portArgument(args: readonly string[]): number {
  if (args.length === 0) return 8080;
  const port = Number(args[1]);
  if (
    args.length !== 2 || args[0] !== "--port" || !Number.isInteger(port) ||
    port < 0 || port > 65535
  ) {
    throw new Error(
      `usage: mock_model_server.ts [--port N] (N from 0 to 65535; got ${
        args.join(" ")
      })`,
    );
  }
  return port;
}

if (import.meta.main) {
  let port: number;
  try {
    port = portArgument(Deno.args);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    Deno.exit(2);
  }
  const server = serveMockModel({ port });
  console.error(
    `mock model: http://127.0.0.1:${server.addr.port}/v1 (POST /v1/chat/completions; Ctrl-C stops)`,
  );
  Deno.addSignalListener("SIGINT", () => {
    server.shutdown().then(() => Deno.exit(0));
  });
  await server.finished;
}
