/**
 * The policy process's standard error, forwarded to ours: bounded per
 * episode, every line marked as the policy's.
 *
 * @module
 */

import { sanitize } from "./sanitize.ts";
import { retellDenials } from "./denials.ts";

/**
 * Default bytes of standard error forwarded per episode.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_STDERR_MAX_BYTES } from "./stderr_pipe.ts";
 * assert.equal(DEFAULT_STDERR_MAX_BYTES, 1048576);
 * ```
 */
export const DEFAULT_STDERR_MAX_BYTES = 1024 * 1024;

const STDERR_TAIL = 2000;
/** A line without end is forwarded in pieces of this many bytes. */
const PIECE = 64 * 1024;
const HOST_NAME = "<ember policy host>";

/**
 * The prefix of every forwarded line: the CLI never starts a line of its
 * own with `policy[`, so no policy line can pass for the CLI's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stderrPrefix } from "./stderr_pipe.ts";
 * assert.equal(stderrPrefix(3), "policy[episode 3]: ");
 * ```
 */
export function stderrPrefix(episode: number): string {
  return `policy[episode ${episode}]: `;
}

/**
 * The policy's standard error, line by line, sanitized (no escape, control
 * or reordering character reaches our terminal), with the host's `data:`
 * URL shortened and the prefix of its episode. Lines are held until
 * {@linkcode StderrPipe.forward} (a spare process's output is shown only if
 * its episode comes). At most `maxBytes` of the policy's bytes per process
 * (one episode) are shown; the rest is read and dropped, and one line then
 * says how many bytes were. Each line is written before more is read, so
 * a flood waits on our terminal instead of queueing in our memory. The
 * tail is kept for error messages.
 */
export class StderrPipe {
  /** The sanitized, prefixed tail, once the stream has ended. */
  readonly done: Promise<string>;
  #tail = new Uint8Array(0);
  #held: string[] = [];
  #episode = -1;
  #forwarding = false;
  #ended = false;
  #shown = 0;
  #dropped = 0;
  #decoder = new TextDecoder();
  #writing: Promise<void> = Promise.resolve();

  constructor(
    stream: ReadableStream<Uint8Array>,
    readonly enabled: boolean,
    readonly maxBytes: number = DEFAULT_STDERR_MAX_BYTES,
  ) {
    this.done = this.#pump(stream);
  }

  /** Forward from now on (the held lines first) as episode `episode`'s. */
  forward(episode: number): void {
    this.#episode = episode;
    if (!this.enabled || this.#forwarding) return;
    this.#forwarding = true;
    const held = this.#held.splice(0);
    for (const line of held) this.#write(line);
    if (this.#ended) this.#note();
  }

  async #pump(stream: ReadableStream<Uint8Array>): Promise<string> {
    let parts: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of chunks(stream)) {
      this.#keepTail(chunk);
      if (!this.enabled) continue;
      if (this.#dropped > 0) {
        this.#dropped += chunk.length;
        continue;
      }
      let from = 0;
      while (from < chunk.length) {
        const nl = chunk.indexOf(0x0a, from);
        const end = Math.min(
          nl < 0 ? chunk.length : nl + 1,
          from + PIECE - size,
        );
        parts.push(chunk.slice(from, end));
        size += end - from;
        from = end;
        if (chunk[end - 1] !== 0x0a && size < PIECE) break;
        if (this.#shown + size > this.maxBytes) {
          this.#dropped = size + chunk.length - from;
          parts = [];
          size = 0;
          break;
        }
        this.#shown += size;
        await this.#line(parts, size);
        parts = [];
        size = 0;
      }
    }
    if (size > 0) {
      if (this.#shown + size > this.maxBytes) this.#dropped += size;
      else await this.#line(parts, size);
    }
    this.#ended = true;
    if (this.#forwarding) this.#note();
    await this.#writing;
    return this.#tailText();
  }

  async #line(parts: readonly Uint8Array[], size: number) {
    const bytes = new Uint8Array(size);
    let o = 0;
    for (const p of parts) {
      bytes.set(p, o);
      o += p.length;
    }
    const text = this.#decoder.decode(bytes, { stream: true })
      .replace(/\r?\n$/, "");
    const line = clean(text);
    if (this.#forwarding) await this.#write(line);
    else this.#held.push(line);
  }

  #write(line: string): Promise<void> {
    const bytes = new TextEncoder().encode(
      `${stderrPrefix(this.#episode)}${line}\n`,
    );
    this.#writing = this.#writing.then(() => writeAll(bytes)).catch(() => {});
    return this.#writing;
  }

  #note() {
    if (this.#dropped === 0) return;
    const bytes = new TextEncoder().encode(
      `note: episode ${this.#episode}'s policy wrote ${this.#dropped} more bytes to standard error than the ${this.maxBytes} that --policy-stderr-max-bytes shows; they were dropped\n`,
    );
    this.#writing = this.#writing.then(() => writeAll(bytes)).catch(() => {});
  }

  #keepTail(chunk: Uint8Array) {
    if (chunk.length >= STDERR_TAIL) {
      this.#tail = chunk.slice(chunk.length - STDERR_TAIL);
      return;
    }
    const keep = Math.min(this.#tail.length, STDERR_TAIL - chunk.length);
    const tail = new Uint8Array(keep + chunk.length);
    tail.set(this.#tail.subarray(this.#tail.length - keep));
    tail.set(chunk, keep);
    this.#tail = tail;
  }

  #tailText(): string {
    const text = new TextDecoder().decode(this.#tail).replace(/\n$/, "");
    if (text === "") return "";
    return text.split("\n").map((l) =>
      `${stderrPrefix(this.#episode)}${clean(l.replace(/\r$/, ""))}\n`
    ).join("");
  }
}

function clean(line: string): string {
  return sanitize(
    retellDenials(line).replace(
      /data:text\/javascript;base64,[A-Za-z0-9+/=]+/g,
      HOST_NAME,
    )
      .replace(/blob:[^\s)]*/g, "<policy bundle>"),
  );
}

/**
 * The stream's bytes, read into one reused buffer: a flood of hundreds of
 * megabytes must not allocate a new chunk for every read, which the
 * garbage collector would reclaim only well after our memory had grown.
 * Each chunk is valid until the next is asked for.
 */
async function* chunks(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader({ mode: "byob" });
  let buffer = new ArrayBuffer(PIECE);
  try {
    for (;;) {
      const { value, done } = await reader.read(new Uint8Array(buffer));
      if (done || value === undefined) return;
      yield value;
      buffer = value.buffer;
    }
  } finally {
    reader.releaseLock();
  }
}

async function writeAll(bytes: Uint8Array): Promise<void> {
  let o = 0;
  while (o < bytes.length) o += await Deno.stderr.write(bytes.subarray(o));
}
