/**
 * Deno's permission refusals, retold for a policy: Deno's hint ("run again
 * with the --allow-read flag") names a flag of the policy's own process,
 * which the evaluator cannot pass; the `run` flag that grants the access, or
 * the fact that nothing grants it, is what applies.
 *
 * @module
 */

// Deno 2.9: `Requires read access to "/x", run again with the --allow-read flag`
// (no `to "…"` when the whole kind is asked for, as `Deno.env.toObject()` does).
// The quotes may be escaped: a policy may print the message inside JSON.
const DENIAL =
  /Requires (\w+) access( to (\\?)"(.*?)\3")?, run again with the --allow-\w+ flag/g;

/**
 * `text` with every Deno permission hint replaced by what a policy can be
 * granted: a file read or import points to `--policy-allow-data` (data is
 * bundled before the run), net to `--policy-allow-net=HOST`, env to
 * `--policy-allow-env=NAME`; run, write, sys, ffi and remote imports are not
 * available to a policy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { retellDenials } from "./denials.ts";
 * assert.equal(
 *   retellDenials('NotCapable: Requires env access to "HOME", run again with the --allow-env flag'),
 *   'NotCapable: Requires env access to "HOME"; a policy gets it only with run --policy-allow-env=HOME',
 * );
 * ```
 */
export function retellDenials(text: string): string {
  return text.replace(
    DENIAL,
    (
      _all,
      kind: string,
      to: string | undefined,
      _slash: string | undefined,
      what: string | undefined,
    ) => `Requires ${kind} access${to ?? ""}; ${grant(kind, what)}`,
  );
}

function grant(kind: string, what: string | undefined): string {
  switch (kind) {
    case "read":
      return "a policy reads no file at run time: name a JSON or text file with run --policy-allow-data=PATH and import it (it is bundled before the run)";
    case "net":
      return `a policy gets it only with run --policy-allow-net=${
        what ?? "HOST"
      }`;
    case "env":
      return `a policy gets it only with run --policy-allow-env=${
        what ?? "NAME"
      }`;
    case "import":
      return "remote imports are not available to a policy (its modules are bundled before the run)";
    default:
      return `${kind} access is not available to a policy`;
  }
}
