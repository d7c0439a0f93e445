/**
 * `env`: EMBERBench as a long-lived process that a trainer or harness
 * drives over JSON lines (docs/agent-protocol.md, "The env direction"):
 * one answer line on standard output for each request line on standard
 * input. Finished episodes go to the same journal and checkpoint as
 * `run --out` (`run_out.ts`), so `--out` is always absent or a valid
 * result, and `env --resume` continues after an end of input without
 * `close`, or a kill.
 *
 * @module
 */

import { encode, type JsonObject, parse } from "../json/canonical.ts";
import { ID_RE, isObject } from "../json/fields.ts";
import { EmberError } from "../errors.ts";
import { resumedIndices, scheduleOf } from "../evaluation/runner.ts";
import { EnvSession } from "../evaluation/env_session.ts";
import {
  LineBoundError,
  NotUtf8Error,
  readLines,
} from "../policies/sandbox/lines.ts";
import { expectPositionals, flag, stringOption, UsageError } from "./args.ts";
import { type CommandSpec, loadSuite, notice } from "./command.ts";
import { checkWritable, printLine } from "./io.ts";
import { RunOut } from "./run_out.ts";
import { episodeProgress, progressBar } from "./progress.ts";
import { reportWritten } from "./written.ts";

/**
 * Most bytes of a request line: an actions object names each active
 * person once (a scenario of a thousand people fits in 64 KiB).
 */
export const REQUEST_MAX_BYTES = 1 << 20;
/** Deepest nesting of a request line (an actions object is depth 2). */
const REQUEST_MAX_DEPTH = 8;

/** Exit code when input ends without `close`: the result is incomplete. */
const EXIT_UNCLOSED = 1;

export const ENV: CommandSpec = {
  summary: "serve episodes over JSON lines to a trainer that owns the loop",
  usage:
    "env --model-id ID --out RESULT [--suite FILE] [--resume] | env --train [--suite FILE]",
  options: {
    "model-id": { type: "string" },
    out: { type: "string" },
    suite: { type: "string" },
    resume: { type: "boolean" },
    train: { type: "boolean" },
  },
  help: `Read one JSON request a line on standard input and answer each with one
line on standard output (agent protocol 1.0, the env direction:
docs/agent-protocol.md). Several episodes may be open at once:

  {"op":"reset","episode":K}   -> {"episode":K,"observation":{...}}
  {"op":"step","episode":K,"actions":{"p01":"north",...}}
      -> {"episode":K,"observation":{...}|null,"done":false,"truncated":false,
          "events":{"casualties":[...],"evacuations":[...]}}
         (when done: observation null, and "metrics", the episode's metrics)
  {"op":"close"}               -> {"result_digest":"..."}, RESULT written

K is a schedule index of the suite (\`suite\` lists them); each episode is
played once per RESULT, in any order. A request that is not JSON, an
unknown op, a step of an episode that is not open or a second reset gets
{"error":"..."} and changes nothing; invalid actions end that episode as
failed (missing from RESULT) with an error line, and the session goes on.
No seed is ever sent. Finished episodes are journaled as they finish (as
\`run --out\` does): input that ends without close, or a kill, leaves a
result that \`verify\` reads (incomplete) and \`env --resume\` continues.
Sending, for every episode in order, the actions built-in greedy takes
gives RESULT byte-identical to \`run --policy greedy --model-id ID\`.

--train: any scenario of the suite and any seed,
{"op":"reset","scenario":"S","seed":N} -> {"episode":K,...} (K chosen by
env), as many resets as wanted, the same observations as the evaluation
mode's for that scenario and seed; nothing is written, close answers
{"closed":true}. Training episodes are not evaluation results.

Options:
  --model-id ID  the result's model_id
  --out RESULT   the evaluation result to write (and its journal beside it)
  --suite FILE   the suite (default: the embedded public suite)
  --resume       continue RESULT's journal: its episodes stay finished
  --train        training mode (no --model-id, --out or --resume)
  -q, --quiet    no progress bar and no summary line on standard error
  -h, --help     this help

Exit codes: 0 after close, 1 when input ends without close (RESULT holds
what finished) or RESULT cannot be written, 2 usage.

Permissions: --allow-read=DIR --allow-write=DIR for --out DIR/RESULT
(plus --allow-read=FILE for --suite FILE); --train needs none.

Example:
  python3 examples/python/ember_env.py --model-id greedy --out res/g.json`,
  async run(args) {
    expectPositionals(args.positionals, []);
    const quiet = flag(args.values, "quiet");
    const train = flag(args.values, "train");
    const modelId = stringOption(args.values, "model-id");
    const out = stringOption(args.values, "out");
    const resume = flag(args.values, "resume");
    if (train) {
      const extra = [
        modelId !== undefined && "--model-id",
        out !== undefined && "--out",
        resume && "--resume",
      ].filter((x) => x !== false);
      if (extra.length > 0) {
        throw new UsageError(
          `--train writes no result: ${extra.join(", ")} cannot go with it`,
        );
      }
    } else {
      if (modelId === undefined) {
        throw new UsageError("--model-id ID is required (or --train)");
      }
      if (!ID_RE.test(modelId)) {
        throw new UsageError(
          `--model-id: ${
            JSON.stringify(modelId)
          } is not an ID (${ID_RE.source})`,
        );
      }
      if (out === undefined) {
        throw new UsageError("--out RESULT is required (or --train)");
      }
    }
    const started = performance.now();
    if (out !== undefined) await checkWritable(out);
    const suite = await loadSuite(stringOption(args.values, "suite"));
    const schedule = await scheduleOf(suite);
    if (train) return await serve(new EnvSession(schedule, { train }), quiet);

    const target = {
      model_id: modelId!,
      evaluation_manifest: schedule.manifest,
      evaluation_manifest_hash: schedule.hash,
    };
    const output = await RunOut.prepare(out!, { resume, target, quiet });
    const total = schedule.manifest.episodes.length;
    const bar = progressBar(`env ${modelId}`, { quiet });
    let code: number;
    let closed = false;
    try {
      await output.start();
      const stream = output.runOptions().resume;
      const done = stream === undefined
        ? undefined
        : await resumedIndices(suite, stream, modelId!);
      let count = done?.reduce((n, d) => n + d, 0) ?? 0;
      bar.update(episodeProgress(count, total));
      const session = new EnvSession(schedule, {
        ...(done === undefined ? {} : { done }),
        onEpisode: async (episode) => {
          await output.add(episode);
          bar.update(episodeProgress(++count, total));
        },
      });
      code = await serve(session, quiet, async () => {
        closed = true;
        bar.finish();
        const written = count === total
          ? await output.finish()
          : await output.kept();
        if (written === undefined) {
          throw new EmberError(
            "close: no episode has finished, so there is no result to write",
            { file: out! },
          );
        }
        if (session.open > 0 && !quiet) {
          notice(
            `${out}: closed with ${session.open} episode${
              session.open === 1 ? "" : "s"
            } open; they are missing from the result`,
            false,
          );
        }
        reportWritten(
          out,
          `${written.episodes} of ${total} episodes, model ${modelId}`,
          written.digest,
          started,
          quiet,
        );
        return { result_digest: written.resultDigest };
      });
      if (code === EXIT_UNCLOSED) {
        bar.finish();
        const written = await output.kept();
        notice(
          written === undefined
            ? `${out}: input ended without close, and no episode had finished: nothing written`
            : `${out}: input ended without close: ${written.episodes} of ${total} episodes saved; \`env --resume\` continues`,
          false,
        );
      }
    } catch (e) {
      // Whatever finished is kept: RESULT holds it, the journal continues.
      if (!closed) await output.kept().catch(() => undefined);
      throw e;
    } finally {
      bar.finish();
      await output.close();
    }
    return code;
  },
};

/**
 * Answer every request line until `close` (answered by `onClose`, then 0)
 * or the end of input (1; 0 in training mode, which keeps nothing).
 */
async function serve(
  session: EnvSession,
  quiet: boolean,
  onClose?: () => Promise<JsonObject>,
): Promise<number> {
  let lineNo = 0;
  try {
    for await (
      const line of readLines(Deno.stdin.readable, {
        maxBytes: REQUEST_MAX_BYTES,
        maxDepth: REQUEST_MAX_DEPTH,
      })
    ) {
      lineNo++;
      let request;
      try {
        request = parse(line);
      } catch (e) {
        await answer({
          error: `line ${lineNo}: not JSON: ${(e as Error).message}`,
        });
        continue;
      }
      if (isObject(request) && request.op === "close") {
        const extra = Object.keys(request).filter((k) => k !== "op");
        if (extra.length > 0) {
          await answer({
            error: `a close request takes no field but "op", found ${
              extra.map((k) => JSON.stringify(k)).join(", ")
            }`,
          });
          continue;
        }
        let closing: JsonObject;
        try {
          closing = onClose === undefined ? { closed: true } : await onClose();
        } catch (e) {
          // Answered too: the client is waiting for this line.
          if (e instanceof EmberError) await answer({ error: e.detail });
          throw e;
        }
        await answer(closing);
        return 0;
      }
      await answer(await session.handle(request));
    }
  } catch (e) {
    if (e instanceof LineBoundError || e instanceof NotUtf8Error) {
      // The rest of the line cannot be told from the next request.
      await answer({ error: `line ${lineNo + 1}: ${e.message}; input closed` });
      throw new EmberError(
        `standard input, line ${
          lineNo + 1
        }: ${e.message} (requests are at most ${REQUEST_MAX_BYTES} bytes, depth ${REQUEST_MAX_DEPTH})`,
        { file: "<stdin>" },
      );
    }
    throw e;
  }
  if (onClose === undefined) {
    notice("env --train: input ended", quiet);
    return 0;
  }
  return EXIT_UNCLOSED;
}

async function answer(value: JsonObject): Promise<void> {
  await printLine(encode(value));
}
