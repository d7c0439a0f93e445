/**
 * `run`: evaluate a policy (built-in or a user module in the zero-permission
 * sandbox) over a suite and write the evaluation result.
 *
 * With `--out FILE` each completed episode goes to a journal beside FILE
 * and FILE is assembled from it (`run_out.ts`), so FILE is always absent
 * or a valid (possibly partial) result and the run holds no episode in
 * memory; `--resume` continues from the journal and FILE and ends with
 * the same bytes as an uninterrupted run. Without `--out` nothing is
 * written until the end (standard output, from memory).
 *
 * @module
 */

import { EmberError } from "../errors.ts";
import { ID_RE } from "../json/fields.ts";
import { BUILTIN_POLICIES, type PolicyFactory } from "../policies/mod.ts";
import {
  EpisodePolicyError,
  EvaluationInterruptedError,
  partialResultOf,
  runEvaluation,
} from "../evaluation/runner.ts";
import type { EvaluationResult, ResultEpisode } from "../types.ts";
import { episodeText } from "../result/writer.ts";
import {
  expectPositionals,
  flag,
  intOption,
  kernelOption,
  type ParsedArgs,
  shardOption,
  stringOption,
  UsageError,
} from "./args.ts";
import { type CommandSpec, loadSuite, notice } from "./command.ts";
import { streamResult } from "./checkpoint.ts";
import { journalFile } from "./journal.ts";
import {
  heldResult,
  type ResumedFile,
  type ResumeTarget,
  streamedResult,
} from "./resume.ts";
import { RunOut } from "./run_out.ts";
import { fileError } from "../files.ts";
import { checkWritable, readInput, stdoutSink } from "./io.ts";
import { parseBytes } from "../json/canonical.ts";
import { PartError } from "../errors.ts";
import { parseResult } from "../result/reader.ts";
import {
  type PartFrame,
  partKind,
  readPartFrame,
  type ShardFields,
} from "../shard/part.ts";
import { partFrameOfFile } from "../shard/part_file.ts";
import { ResultFile } from "../verify/file.ts";
import { inShard, type Shard } from "../shard/shard.ts";
import { runPartFrame } from "../shard/write_part.ts";
import { episodeProgress, progressBar } from "./progress.ts";
import { reportWritten } from "./written.ts";
import {
  type Decision,
  DEFAULT_INFO_MAX_BYTES,
  DEFAULT_POLICY_MEMORY_MB,
  DEFAULT_STDERR_MAX_BYTES,
  DEFAULT_STEP_TIMEOUT_MS,
  PolicySandbox,
} from "../policies/sandbox/sandbox.ts";
import {
  checkTranscriptHeader,
  Transcript,
} from "../policies/sandbox/transcript.ts";
import { buildManifest, manifestHash } from "../scenario/suite.ts";
import { isPublicSuite } from "../scenario/public_suite.ts";
import {
  ISOLATE_MODES,
  type IsolateMode,
} from "../policies/sandbox/isolation.ts";

/** Exit code of a run stopped by SIGINT (128 + 2, as shells report it). */
const EXIT_INTERRUPTED = 130;

const MAX_STEP_TIMEOUT_MS = 3_600_000;
const MAX_CONCURRENCY = 256;
/** Seeds below this are guessable (docs/security.md). */
const SMALL_SEED = 2 ** 32;
const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The options that only a policy module takes. */
const MODULE_ONLY = [
  "step-timeout-ms",
  "policy-allow-net",
  "policy-allow-env",
  "policy-allow-data",
  "policy-max-memory-mb",
  "policy-isolate",
  "policy-stderr-max-bytes",
  "policy-info-max-bytes",
];
/** Bounds of the two output flags (an info bound sets the line bound too). */
const MAX_STDERR_BYTES = 2 ** 30;
const MAX_INFO_BYTES = 64 * 1024 * 1024;

/**
 * The `run` command.
 *
 * @example
 * ```ts ignore
 * import { RUN } from "./run.ts";
 * const code = await RUN.run({ values: { policy: "greedy", out: "g.json" }, positionals: [] });
 * ```
 */
export const RUN: CommandSpec = {
  summary: "evaluate a policy over a suite and write its evaluation result",
  usage:
    "run --policy NAME|MODULE | --policy-exec … -- CMD ARG… [--model-id ID] [--suite FILE] [--out FILE [--resume]] [--kernel K] [--concurrency N] [--step-timeout-ms N] [--policy-allow-net=HOST[:PORT],…] [--policy-allow-env=NAME,…] [--policy-allow-data=PATH,…] [--policy-max-memory-mb N] [--policy-isolate=auto|required|off] [--policy-stderr-max-bytes N] [--policy-info-max-bytes N] [--transcript FILE.jsonl] [--shard K/N]",
  options: {
    policy: { type: "string" },
    "policy-exec": { type: "boolean" },
    "model-id": { type: "string" },
    suite: { type: "string" },
    out: { type: "string", short: "o" },
    resume: { type: "boolean" },
    kernel: { type: "string" },
    "step-timeout-ms": { type: "string" },
    concurrency: { type: "string" },
    "policy-allow-net": { type: "string" },
    "policy-allow-env": { type: "string" },
    "policy-allow-data": { type: "string" },
    "policy-max-memory-mb": { type: "string" },
    "policy-isolate": { type: "string" },
    "policy-stderr-max-bytes": { type: "string" },
    "policy-info-max-bytes": { type: "string" },
    transcript: { type: "string" },
    shard: { type: "string" },
  },
  help: `Play a policy through every episode the suite schedules and write the
evaluation result (canonical JSON): each episode's run record and metrics.

Options:
  --policy NAME|MODULE  a built-in policy (${
    Object.keys(BUILTIN_POLICIES).join(", ")
  }) or a
                        local module file (containing "/" or ending in
                        .ts/.js/.mjs) whose default export maps an observation
                        to {person_id: action}. Its module graph is checked and
                        bundled; it runs sealed, one Deno process per episode,
                        with no permission (docs/policies.md). (required,
                        unless --policy-exec)
  --policy-exec -- CMD ARG…  an external agent in any language: the argv
                        after -- (never a shell), one process per episode,
                        speaking agent protocol 1.0 on stdin/stdout
                        (docs/agent-protocol.md); needs --model-id. It is
                        your own program: Deno's permissions cannot confine
                        it, and a result proves that the record is
                        consistent, not that the agent was blind. On Linux
                        --policy-isolate runs it with no network (unless
                        --policy-allow-net, which then means the host's
                        whole network), a read-only file system without
                        the suite, the results and the home folder, a
                        private /tmp and its own PID namespace;
                        --policy-isolate=required fails where that cannot
                        be had. Everything after -- is the agent's argv:
                        a --model-id there is the agent's argument, the
                        CLI's goes before --. The agent gets an empty
                        working folder of its own, the --policy-allow-env
                        names, PATH and the variables agent-protocol.md
                        lists, never the seed or the episode index; an
                        argument naming a file is passed as an absolute
                        path. The --step-timeout-ms and --policy-* flags
                        apply (not --policy-allow-data)
  --model-id ID         the result's model_id (default: the built-in policy's
                        name; required for a module)
  --suite FILE          the suite (default: the embedded public suite)
  --out FILE            write the result to FILE, atomically: each completed
                        episode goes to FILE.journal beside it, and FILE is
                        written from it after the first episode, when the run
                        stops, at the end, and in between at a pace that costs
                        at most about 5 % of the run (default: standard output
                        at the end)
  --resume              continue the run that FILE and FILE.journal hold (same
                        suite and model); the final bytes equal an
                        uninterrupted run. Without either, start from the
                        first episode.
  --kernel K            wasm (default) or reference: what plays the episodes
                        and replays the records of --resume (the replay
                        kernel, stepped one step at a time, or the TypeScript
                        simulator, for audits); the result is the same bytes
  --concurrency N       episodes in flight at once (default 1); the result
                        is the same bytes for any N
  --step-timeout-ms N   per-step time limit of a policy or agent, from handing
                        over the observation (default ${DEFAULT_STEP_TIMEOUT_MS})
  --policy-allow-net=HOST[:PORT],...   network hosts the module may reach
  --policy-allow-env=NAME,...          environment variables it may read
  --policy-allow-data=PATH,...         JSON/text/bytes files it may import
  --policy-max-memory-mb N             resident memory limit per policy
                        process, heap and off-heap (128-65536; Deno itself
                        takes about 60; default ${DEFAULT_POLICY_MEMORY_MB}); for
                        an agent, its whole process tree's resident memory
  --policy-isolate=auto|required|off   Linux namespaces (bubblewrap) for the
                        module's bundler and processes: auto (default) uses
                        them when bwrap runs (needs --allow-run=deno,bwrap),
                        else says so in one line and uses the fallback;
                        required makes that an error; off forces the
                        fallback, with a warning (docs/security.md)
  --policy-stderr-max-bytes N          standard error shown per episode, each
                        line prefixed "policy[episode K]: "; the rest is
                        dropped and counted (default ${DEFAULT_STDERR_MAX_BYTES})
  --policy-info-max-bytes N            largest _info of an answer, in bytes of
                        canonical JSON; a larger one stops the run (default
                        ${DEFAULT_INFO_MAX_BYTES})
  --transcript FILE.jsonl  a header line (transcript_version, model_id,
                        evaluation_manifest_hash), then one line per decision:
                        episode, step, actions, ms, info (any policy), in
                        episode then step order, appended as they come; with
                        --resume the file is continued (docs/cli.md)
  --shard K/N           play only the scheduled episodes whose index is K
                        modulo N (0 <= K < N) and write a run part: a part
                        of N that \`merge\` puts together into the result
                        of one run (docs/scale.md); --resume continues a part
  -q, --quiet           no progress bar, notices or summary line (stderr)
  -h, --help            this help

A policy that throws, exceeds the time limit, or answers anything but one
valid action per active person stops the run with exit code 1 and an error
naming the model, episode, scenario, seed and step; the episodes completed
before it stay in --out FILE (and FILE.journal), and --resume continues
from there. Ctrl-C (SIGINT) stops the run before the next step: the episodes
in flight are dropped, FILE keeps the completed episodes, exit code 130. A
complete run removes FILE.journal.

Permissions: none with a built-in policy, the public suite and standard
output; --allow-read=FILE for --suite FILE; --allow-read=DIR --allow-write=DIR
for --out DIR/NAME (atomic rename needs both); for a module policy,
--allow-run=deno,bwrap and --allow-read=POLICY_DIR (plus every --policy-allow-data
file, and --allow-env=NAME for each --policy-allow-env NAME); the module gets
only what the --policy-allow-* flags grant. For --policy-exec:
--allow-run=CMD,bwrap,ps (ps reads the agent's memory; -A reads /proc or a
memory cgroup instead), --allow-read=FILE for each file the agent's
arguments name, and where bubblewrap does not run --allow-write=/tmp (the
agent's working folder) and --allow-run=kill (its children);
--allow-env=PATH passes your PATH on, --allow-env=NAME as above.

Examples:
  deno run jsr:@ember/stats run --policy greedy > greedy.json
  deno run --allow-read=res --allow-write=res jsr:@ember/stats run --policy greedy --out res/greedy.json
  deno run --allow-read=.,res --allow-write=res --allow-run=deno,bwrap jsr:@ember/stats run \\
      --policy ./my_policy.ts --model-id mine --out res/mine.json --resume
  deno run --allow-read=examples,res --allow-write=res --allow-run=deno,bwrap \\
      --allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL jsr:@ember/stats run \\
      --policy examples/openai_chat_policy.ts --model-id my-llm \\
      --policy-allow-net=api.example.com \\
      --policy-allow-env=EMBER_LLM_URL,EMBER_LLM_KEY,EMBER_LLM_MODEL \\
      --concurrency 8 --step-timeout-ms 30000 --transcript res/llm.jsonl --out res/llm.json
  deno run --allow-read=examples,res --allow-write=res --allow-run=python3,bwrap,ps \\
      jsr:@ember/stats run --policy-exec --model-id M --out res/agent.json \\
      -- python3 examples/python/greedy_agent.py`,
  async run(args) {
    const started = performance.now();
    const quiet = flag(args.values, "quiet");
    const agentArgv = execArgv(args);
    const policyArg = stringOption(args.values, "policy") ??
      (agentArgv === undefined ? undefined : "--policy-exec");
    if (policyArg === undefined) {
      throw new UsageError("missing --policy NAME|MODULE (or --policy-exec)");
    }
    const builtin = agentArgv === undefined &&
      Object.hasOwn(BUILTIN_POLICIES, policyArg);
    if (agentArgv !== undefined) {
      if (stringOption(args.values, "policy-allow-data") !== undefined) {
        throw new UsageError(
          "--policy-allow-data applies to a policy module only (an agent reads what its own program reads)",
        );
      }
    } else if (!builtin && !isModuleSpecifier(policyArg)) {
      throw new UsageError(
        `--policy: ${JSON.stringify(policyArg)} is neither a built-in policy (${
          Object.keys(BUILTIN_POLICIES).join(", ")
        }) nor a module path (containing "/" or ending in .ts, .js or .mjs)`,
      );
    }
    const modelId = stringOption(args.values, "model-id") ??
      (builtin ? policyArg : undefined);
    if (modelId === undefined) {
      throw new UsageError(
        agentArgv === undefined
          ? "--model-id ID is required with a policy module"
          : agentArgv.includes("--model-id")
          ? "--model-id ID is required with --policy-exec, before --: everything after -- is the agent's own argv, so the --model-id there is the agent's argument, not the CLI's"
          : "--model-id ID is required with --policy-exec (before --)",
      );
    }
    if (!ID_RE.test(modelId)) {
      throw new UsageError(
        `--model-id: ${JSON.stringify(modelId)} is not an ID (${ID_RE.source})`,
      );
    }
    for (const name of MODULE_ONLY) {
      if (builtin && stringOption(args.values, name) !== undefined) {
        throw new UsageError(`--${name} applies to a policy module only`);
      }
    }
    const timeoutText = stringOption(args.values, "step-timeout-ms");
    const stepTimeoutMs = timeoutText === undefined
      ? DEFAULT_STEP_TIMEOUT_MS
      : intOption(timeoutText, "step-timeout-ms", 1, MAX_STEP_TIMEOUT_MS);
    const concurrencyText = stringOption(args.values, "concurrency");
    const concurrency = concurrencyText === undefined
      ? 1
      : intOption(concurrencyText, "concurrency", 1, MAX_CONCURRENCY);
    const memoryText = stringOption(args.values, "policy-max-memory-mb");
    const maxMemoryMb = memoryText === undefined
      ? DEFAULT_POLICY_MEMORY_MB
      : intOption(memoryText, "policy-max-memory-mb", 128, 65536);
    const stderrText = stringOption(args.values, "policy-stderr-max-bytes");
    const stderrMaxBytes = stderrText === undefined
      ? DEFAULT_STDERR_MAX_BYTES
      : intOption(stderrText, "policy-stderr-max-bytes", 0, MAX_STDERR_BYTES);
    const infoText = stringOption(args.values, "policy-info-max-bytes");
    const infoMaxBytes = infoText === undefined
      ? DEFAULT_INFO_MAX_BYTES
      : intOption(infoText, "policy-info-max-bytes", 1, MAX_INFO_BYTES);
    const allowNet = listOption(args.values, "policy-allow-net", HOST_PORT);
    const allowEnv = listOption(args.values, "policy-allow-env", ENV_NAME);
    const allowData = listOption(args.values, "policy-allow-data", /./);
    const isolateText = stringOption(args.values, "policy-isolate");
    if (
      isolateText !== undefined &&
      !(ISOLATE_MODES as readonly string[]).includes(isolateText)
    ) {
      throw new UsageError(
        `--policy-isolate: ${JSON.stringify(isolateText)} is not one of ${
          ISOLATE_MODES.join(", ")
        }`,
      );
    }
    const isolate = (isolateText ?? "auto") as IsolateMode;
    const transcriptFile = stringOption(args.values, "transcript");
    const out = stringOption(args.values, "out");
    const resume = flag(args.values, "resume");
    const kernel = kernelOption(args.values.kernel);
    if (resume && out === undefined) {
      throw new UsageError("--resume needs --out FILE");
    }
    const shard = shardOption(args.values);

    if (out !== undefined) await checkWritable(out);
    const suite = await loadSuite(stringOption(args.values, "suite"));
    const manifest = out === undefined && transcriptFile === undefined
      ? undefined
      : await buildManifest(suite);
    const target = manifest === undefined ? undefined : {
      model_id: modelId,
      evaluation_manifest: manifest,
      evaluation_manifest_hash: await manifestHash(manifest),
    };
    // Nothing is written yet: a run refused before it starts leaves every
    // file as it was.
    const output = out === undefined || target === undefined
      ? undefined
      : await RunOut.prepare(out, {
        resume,
        target,
        quiet,
        read: (file) => resumedResult(file, shard),
        ...(shard === undefined ? {} : {
          frame: runPartFrame(
            shard,
            modelId,
            target.evaluation_manifest,
            target.evaluation_manifest_hash,
          ),
        }),
      });

    const suiteFile = stringOption(args.values, "suite");
    const transcript = transcriptFile === undefined || target === undefined
      ? undefined
      : await openTranscript(transcriptFile, target, output?.resumed, shard);
    const sandboxOptions = {
      stepTimeoutMs,
      forwardStderr: !quiet,
      maxMemoryMb,
      stderrMaxBytes,
      infoMaxBytes,
      allowNet,
      allowEnv,
      allowData,
      inputs: [
        suiteFile,
        out,
        out === undefined ? undefined : journalFile(out),
        // An agent's view hides the transcript too (a module sees no file).
        agentArgv === undefined ? undefined : transcriptFile,
      ].filter((f): f is string => f !== undefined),
      isolate,
      // Shown even with --quiet: it says what the sandbox does not stop.
      onNotice: (line: string) => notice(line, false),
      ...(transcript === undefined
        ? {}
        : { onDecision: (d: Decision) => transcript.add(d) }),
    };
    const sandbox = builtin
      ? undefined
      : agentArgv !== undefined
      ? await PolicySandbox.openAgent(agentArgv, sandboxOptions)
      : await PolicySandbox.open(policyArg, sandboxOptions);
    if (agentArgv !== undefined && allowNet.length > 0) {
      notice(
        `note: --policy-allow-net gives an agent the host's whole network, not only ${
          allowNet.join(", ")
        }`,
        false,
      );
    }
    if (sandbox !== undefined && agentArgv === undefined) {
      notice(
        `policy ${policyArg}: bundled ${sandbox.files.length} local file${
          sandbox.files.length === 1 ? "" : "s"
        }: ${sandbox.files.join(", ")}`,
        quiet,
      );
      // The public suite's seeds are published, so guessing them tells a
      // policy nothing it could not read; a private suite's must stay secret.
      if (
        suite.scenarios.some((s) => s.seeds.some((x) => x < SMALL_SEED)) &&
        !(await isPublicSuite(suite))
      ) {
        notice(
          "note: this suite has seeds below 2^32; a policy that can guess them may tell episodes apart by the fire's spread (private suites: random 53-bit seeds, docs/security.md)",
          quiet,
        );
      }
    }
    if (agentArgv !== undefined) {
      notice(
        `agent ${
          agentArgv.join(" ")
        }: one process per episode, agent protocol 1.0`,
        quiet,
      );
    }
    const policy: string | PolicyFactory = sandbox?.factory ??
      (transcript === undefined
        ? policyArg
        : recorded(BUILTIN_POLICIES[policyArg] as PolicyFactory, transcript));
    // Without --out, each episode waits as its text's bytes (its size in
    // the result; its objects weighed about six times more) until every
    // episode is done: nothing is written unless the run completes.
    const held: Uint8Array[] = [];
    const controller = new AbortController();
    const onInterrupt = () => {
      if (controller.signal.aborted) Deno.exit(EXIT_INTERRUPTED);
      notice(
        "\ninterrupt: stopping before the next step (Ctrl-C again to quit now)",
        quiet,
      );
      controller.abort(new Error("interrupted (SIGINT)"));
    };
    Deno.addSignalListener("SIGINT", onInterrupt);
    const bar = progressBar(`run ${modelId}`, { quiet });
    let result: EvaluationResult;
    try {
      await output?.start();
      result = await runEvaluation(suite, policy, {
        modelId,
        concurrency,
        kernel,
        signal: controller.signal,
        ...(shard === undefined ? {} : { shard }),
        onProgress: (done, total) => {
          // The first report comes once the resumed result is checked and
          // before any episode starts: the transcript is touched only then.
          if (transcript !== undefined) startTranscript(transcript, quiet);
          bar.update(episodeProgress(done, total));
        },
        ...(output?.runOptions() ?? { retain: false }),
        onEpisode: (_, episode) => {
          // The transcript first: an episode the journal holds then has
          // all its lines in the transcript, which a resumed run relies on.
          transcript?.episodeEnded(episode.index);
          if (output !== undefined) output.add(episode);
          else held[episode.index] = encodedEpisode(episode);
        },
      });
    } catch (e) {
      bar.finish();
      // Every lane has ended, so no decision is still to come.
      transcript?.close();
      const partial = partialResultOf(e);
      const saved = partial === undefined
        ? await output?.close().then(() => undefined)
        : await output?.stopped();
      return handleStop(
        e,
        controller.signal.aborted,
        out,
        saved ?? partial?.episodes.length ?? 0,
        quiet,
      );
    } finally {
      bar.finish();
      Deno.removeSignalListener("SIGINT", onInterrupt);
      await sandbox?.close();
      transcript?.close();
    }
    const scheduled =
      result.evaluation_manifest.episodes.filter((k) =>
        shard === undefined || inShard(k.index, shard)
      ).length;
    let episodes: number;
    let written: string;
    if (output === undefined) {
      const stdout = stdoutSink();
      const streamed = await streamResult(
        stdout.sink,
        heldInOrder(held),
        result,
        shard === undefined ? undefined : runPartFrame(
          shard,
          modelId,
          result.evaluation_manifest,
          result.evaluation_manifest_hash,
        ),
      );
      stdout.end();
      episodes = streamed.episodes;
      written = streamed.digest;
    } else {
      const assembled = await output.finish();
      episodes = assembled.episodes;
      written = assembled.digest;
    }
    reportWritten(
      out,
      shard === undefined
        ? `${episodes} of ${scheduled} episodes, model ${modelId}`
        : `run part ${shard.index} of ${shard.count}: ${episodes} of its ${scheduled} episodes, model ${modelId}`,
      written,
      started,
      quiet,
    );
    return 0;
  },
};

/**
 * Turn an interrupted run into its exit code and message. A policy failure
 * while a SIGINT is pending counts as the interrupt (Ctrl-C also reaches
 * the policy's process).
 */
function handleStop(
  e: unknown,
  aborted: boolean,
  out: string | undefined,
  saved: number,
  quiet: boolean,
): number {
  // Ctrl-C in a terminal also reaches the policy's process, whose death may
  // be seen before our own signal listener runs.
  const stopped = e instanceof EvaluationInterruptedError ||
    (e instanceof EpisodePolicyError &&
      (aborted || e.message.includes("(exit signal SIGINT)")));
  if (!stopped && !(e instanceof EpisodePolicyError)) {
    // The runner's resume check names fields of the --out file.
    if (
      e instanceof EmberError && out !== undefined &&
      e.detail.startsWith("cannot resume")
    ) {
      throw e.inFile(out);
    }
    throw e;
  }
  const kept = out === undefined
    ? "nothing was written (no --out)"
    : saved === 0
    ? `no episode was completed; ${out} was not written`
    : `${saved} completed episodes are saved in ${out}; continue with --resume`;
  if (stopped) {
    notice(`interrupted: ${kept}`, quiet);
    return EXIT_INTERRUPTED;
  }
  if (out === undefined) throw e;
  throw new EmberError(`${(e as Error).message}\n${kept}`, { cause: e });
}

/**
 * The run's transcript, not yet touched: refused at once (naming the file)
 * if it cannot be written, or, with `--resume` and episodes to resume, if
 * the existing transcript's header is not this run's.
 */
async function openTranscript(
  file: string,
  target: ResumeTarget,
  resumed: ReadonlySet<number> | undefined,
  shard: Shard | undefined,
): Promise<Transcript> {
  await checkWritable(file);
  const hash = target.evaluation_manifest_hash;
  // An empty file is one killed before its header: nothing to keep.
  const continued = resumed !== undefined && await sizeOf(file) > 0;
  if (continued) await checkTranscriptHeader(file, target.model_id, hash);
  return new Transcript({
    file,
    modelId: target.model_id,
    manifestHash: hash,
    // A shard's transcript holds the decisions of its own episodes only.
    pending: target.evaluation_manifest.episodes.map((e) => e.index).filter(
      (i) => !resumed?.has(i) && (shard === undefined || inShard(i, shard)),
    ),
    ...(continued ? { resumed } : {}),
  });
}

/**
 * The result to resume from `--out FILE`: a result, or with `--shard` the
 * result inside a run part of the same shard; a part for a run without
 * `--shard` (or a result for one with it) is refused, naming the file.
 * The result (the part's result span) is read as a stream, one episode at
 * a time (`resume.ts`'s `streamedResult`); one not as the result writer
 * writes it is read whole, within `file-bytes`, as before.
 */
async function resumedResult(
  file: string,
  shard: Shard | undefined,
): Promise<ResumedFile> {
  return await streamedResumed(file, shard) ??
    heldResult(await wholeResumed(file, shard));
}

/**
 * {@linkcode resumedResult} as a stream: `undefined` when FILE is not a
 * regular file, its frame is not read, or its result is not streamed (the
 * whole reading then decides, with its messages); a part of another kind
 * or shard is refused, as the whole reading refuses it.
 */
async function streamedResumed(
  file: string,
  shard: Shard | undefined,
): Promise<ResumedFile | undefined> {
  let frame: PartFrame | undefined;
  {
    using opened = await ResultFile.open(file);
    if (!opened.regular) return undefined;
    try {
      frame = await partFrameOfFile(opened);
    } catch {
      return undefined;
    }
  }
  if (frame === undefined) {
    if (shard !== undefined) throw notAPart(file, shard);
    return await streamedResult(file);
  }
  checkPartShard(frame.fields, shard, file);
  return await streamedResult(file, { start: frame.start, end: frame.end });
}

/** {@linkcode resumedResult} read whole. */
async function wholeResumed(
  file: string,
  shard: Shard | undefined,
): Promise<EvaluationResult> {
  const bytes = await readInput(file);
  if (partKind(bytes) === undefined) {
    if (shard !== undefined) throw notAPart(file, shard);
    return parseResult(parseBytes(bytes, { file }), { file });
  }
  const { fields, start, end } = readPartFrame(bytes, file);
  checkPartShard(fields, shard, file);
  return parseResult(parseBytes(bytes.subarray(start, end), { file }), {
    file,
  });
}

function notAPart(file: string, shard: Shard): PartError {
  return new PartError(
    `a result, not a run part: --shard ${shard.index}/${shard.count} continues the part it wrote`,
    { file },
  );
}

/** Refuse a part that is not this shard's run part. */
function checkPartShard(
  fields: ShardFields,
  shard: Shard | undefined,
  file: string,
): void {
  if (
    fields.kind !== "run" || shard === undefined ||
    fields.index !== shard.index || fields.count !== shard.count
  ) {
    throw new PartError(
      fields.kind === "run"
        ? `run part ${fields.index} of ${fields.count}: continue it with --shard ${fields.index}/${fields.count}`
        : `a ${fields.kind} statistics part: not a run to continue`,
      { file },
    );
  }
}

/** A file's size in bytes, 0 when it does not exist. */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await Deno.stat(file)).size;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return 0;
    throw fileError(file, "read", e);
  }
}

/** Start the transcript, saying what a resumed one kept. */
function startTranscript(transcript: Transcript, quiet: boolean): void {
  if (!transcript.start()) return;
  const cut = transcript.cut;
  if (cut === undefined) return;
  notice(
    `${transcript.file}: continuing after its ${cut.lines} decision lines of resumed episodes`,
    quiet,
  );
  if (cut.missing.length > 0) {
    notice(
      `${transcript.file}: it has no decisions of resumed episode${
        cut.missing.length === 1 ? "" : "s"
      } ${cut.missing.join(", ")} (nor has a .part file beside it)`,
      quiet,
    );
  }
}

/** A built-in policy whose decisions also go to the transcript. */
function recorded(
  factory: PolicyFactory,
  transcript: Transcript,
): PolicyFactory {
  return (seed, key, scenario) => {
    const inner = factory(seed, key, scenario);
    return async (obs, context) => {
      const started = performance.now();
      const actions = await inner(obs, context);
      transcript.add({
        episode: key?.index ?? -1,
        step: obs.step + 1,
        actions: { ...actions },
        ms: performance.now() - started,
      });
      return actions;
    };
  };
}

/** A comma-separated option value, each item matching `pattern`. */
function listOption(
  values: Parameters<typeof stringOption>[0],
  name: string,
  pattern: RegExp,
): string[] {
  const text = stringOption(values, name);
  if (text === undefined) return [];
  const items = text.split(",");
  for (const item of items) {
    if (!pattern.test(item)) {
      throw new UsageError(
        `--${name}: ${JSON.stringify(item)} is not a valid entry`,
      );
    }
  }
  return items;
}

/**
 * The agent's argv of `--policy-exec -- CMD ARG…`, or `undefined` without
 * `--policy-exec`; nothing may stand before `--` but options.
 */
function execArgv(args: ParsedArgs): string[] | undefined {
  if (!flag(args.values, "policy-exec")) {
    expectPositionals(args.positionals, []);
    return undefined;
  }
  if (stringOption(args.values, "policy") !== undefined) {
    throw new UsageError("--policy and --policy-exec exclude each other");
  }
  const argv = args.passthrough ?? [];
  if (argv.length === 0) {
    throw new UsageError(
      "--policy-exec needs the agent's command after --: run --policy-exec --model-id ID -- CMD ARG…",
    );
  }
  expectPositionals(args.positionals.slice(0, -argv.length), []);
  return [...argv];
}

/** Whether a `--policy` value names a module rather than a built-in policy. */
function isModuleSpecifier(value: string): boolean {
  return /^(file|https?):/i.test(value) || value.includes("/") ||
    value.includes("\\") || /\.(m?js|tsx?|jsx)$/i.test(value);
}

/** An episode's canonical text, as UTF-8 bytes. */
function encodedEpisode(episode: ResultEpisode): Uint8Array {
  return new TextEncoder().encode(episodeText(episode));
}

/** The texts held, in schedule order, each let go once it is written. */
function* heldInOrder(held: Uint8Array[]): Generator<Uint8Array> {
  for (let i = 0; i < held.length; i++) {
    const text = held[i];
    if (text === undefined) continue;
    held[i] = EMPTY;
    yield text;
  }
}

const EMPTY = new Uint8Array(0);
