/**
 * The policy process's standard error, forwarded to ours.
 *
 * @module
 */

import { sanitize } from "./sanitize.ts";
import { retellDenials } from "./denials.ts";

/** Standard error lines held for a spare process, at most. */
const MAX_HELD = 200;
const STDERR_TAIL = 2000;
const HOST_NAME = "<ember policy host>";

/**
 * The policy's standard error, line by line, sanitized (no escape or
 * control sequences reach our terminal) and with the host's `data:` URL
 * shortened. Lines are held until {@linkcode StderrPipe.forward} (a spare
 * process's output is shown only if its episode comes); the tail is kept
 * for error messages.
 */
export class StderrPipe {
  readonly done: Promise<string>;
  #tail = "";
  #held: string[] = [];
  #forwarding = false;
  #writing: Promise<void> = Promise.resolve();

  constructor(stream: ReadableStream<Uint8Array>, readonly enabled: boolean) {
    this.done = this.#pump(stream);
  }

  forward(): void {
    if (!this.enabled || this.#forwarding) return;
    this.#forwarding = true;
    for (const line of this.#held.splice(0)) this.#write(line);
  }

  async #pump(stream: ReadableStream<Uint8Array>): Promise<string> {
    const decoder = new TextDecoder();
    let partial = "";
    for await (const chunk of stream) {
      partial += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = partial.indexOf("\n")) >= 0) {
        this.#line(partial.slice(0, i + 1));
        partial = partial.slice(i + 1);
      }
      // A line without end is forwarded in pieces rather than kept whole.
      if (partial.length > 64 * 1024) {
        this.#line(`${partial}\n`);
        partial = "";
      }
    }
    if (partial !== "") this.#line(`${partial}\n`);
    await this.#writing;
    return this.#tail;
  }

  #line(raw: string) {
    const line = sanitize(
      retellDenials(raw).replace(
        /data:text\/javascript;base64,[A-Za-z0-9+/=]+/g,
        HOST_NAME,
      )
        .replace(/blob:[^\s)]*/g, "<policy bundle>"),
    );
    this.#tail = (this.#tail + line).slice(-STDERR_TAIL);
    if (this.#forwarding) this.#write(line);
    else if (this.enabled && this.#held.push(line) > MAX_HELD) {
      this.#held.shift();
    }
  }

  #write(line: string) {
    const bytes = new TextEncoder().encode(line);
    this.#writing = this.#writing.then(async () => {
      let o = 0;
      while (o < bytes.length) o += await Deno.stderr.write(bytes.subarray(o));
    }).catch(() => {});
  }
}
