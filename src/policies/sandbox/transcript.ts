/**
 * `run --transcript FILE.jsonl`: one JSON line per decision of a sandboxed
 * policy, ordered by (episode index, step) whatever the concurrency.
 *
 * @module
 */

import { writeFileAtomic } from "../../cli/io.ts";
import type { Decision } from "./sandbox.ts";

/**
 * The decisions of one invocation, collected in memory and rendered in
 * (episode, step) order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Transcript } from "./transcript.ts";
 * const t = new Transcript();
 * t.add({ episode: 1, step: 1, actions: { p: "west" }, ms: 2.25 });
 * t.add({ episode: 0, step: 2, actions: {}, ms: 1, info: "why" });
 * t.add({ episode: 0, step: 1, actions: {}, ms: 1 });
 * assert.equal(
 *   t.text(),
 *   '{"episode":0,"step":1,"actions":{},"ms":1}\n' +
 *     '{"episode":0,"step":2,"actions":{},"ms":1,"info":"why"}\n' +
 *     '{"episode":1,"step":1,"actions":{"p":"west"},"ms":2.3}\n',
 * );
 * ```
 */
export class Transcript {
  readonly #decisions: Decision[] = [];
  #last = Number.NEGATIVE_INFINITY;
  #saved = -1;

  /**
   * Collect decisions; with a `file`, {@linkcode Transcript.save} rewrites
   * it atomically (at most once per `intervalMs` unless forced), so a long
   * run that is killed keeps its transcript up to the last save.
   */
  constructor(readonly file?: string, readonly intervalMs = 1000) {}

  /** Record one decision. */
  add(decision: Decision): void {
    this.#decisions.push(decision);
  }

  /** Write the file (if any) when the interval has passed, or `force`. */
  async save(force = false): Promise<void> {
    if (this.file === undefined) return;
    if (this.#decisions.length === this.#saved) return;
    if (!force && Date.now() - this.#last < this.intervalMs) return;
    const count = this.#decisions.length;
    await writeFileAtomic(this.file, new TextEncoder().encode(this.text()));
    this.#last = Date.now();
    this.#saved = count;
  }

  /** The JSON lines, ordered by episode then step; `ms` to 0.1 ms. */
  text(): string {
    const sorted = [...this.#decisions].sort((a, b) =>
      a.episode - b.episode || a.step - b.step
    );
    return sorted.map((d) =>
      `${
        JSON.stringify({
          episode: d.episode,
          step: d.step,
          actions: d.actions,
          ms: Math.round(d.ms * 10) / 10,
          ...(d.info === undefined ? {} : { info: d.info }),
        })
      }\n`
    ).join("");
  }
}
