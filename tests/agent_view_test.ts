/**
 * The bubblewrap view of an external agent: the private /tmp comes
 * before the folders of the agent's own files are bound back, so an
 * agent kept under /tmp (a checkout there) still finds its files.
 *
 * @module
 */

import assert from "node:assert/strict";
import { agentArgv } from "../src/policies/sandbox/isolation.ts";

Deno.test("an agent's folders under /tmp are bound over its private /tmp, not hidden by it", () => {
  const { args } = agentArgv(["python3", "/tmp/co/agent.py"], {
    hideFirst: ["/root"],
    hideFiles: ["/tmp/co/suite.json"],
    hideFolders: ["/tmp/res"],
    keep: ["/tmp/co"],
    cwd: "/tmp/agent",
  }, { net: false });
  const at = (...seq: string[]) =>
    args.findIndex((_, i) => seq.every((s, k) => args[i + k] === s));
  const tmp = at("--tmpfs", "/tmp");
  const keep = at("--ro-bind", "/tmp/co", "/tmp/co");
  assert.ok(tmp >= 0 && keep > tmp, args.join(" "));
  // Hidden after the agent's folder is bound back: the suite stays unreadable.
  assert.ok(at("--ro-bind", "/dev/null", "/tmp/co/suite.json") > keep);
  assert.ok(at("--tmpfs", "/tmp/res") > keep);
  assert.ok(at("--tmpfs", "/root") > tmp && at("--tmpfs", "/root") < keep);
  assert.deepEqual(args.slice(-3), ["--", "python3", "/tmp/co/agent.py"]);
});

Deno.test("an isolated agent sees no home folder, even when the CLI may not read HOME", async () => {
  const { agentLaunch } = await import("../src/policies/sandbox/agent.ts");
  const view = (home?: string) =>
    agentLaunch(["python3", "-c", "pass"], {
      inputs: [],
      net: false,
      isolated: true,
      ...(home === undefined ? {} : { home }),
    }).view;
  // Where homes live on Linux, hidden whether or not HOME is known.
  assert.deepEqual(view()?.hideFirst, ["/root", "/home"]);
  assert.deepEqual(view("/home/me")?.hideFirst, ["/root", "/home", "/home/me"]);
  assert.deepEqual(view("/srv/users/me")?.hideFirst, [
    "/root",
    "/home",
    "/srv/users/me",
  ]);
  const { args } = agentArgv(["python3", "/root/agents/a.py"], {
    hideFirst: ["/root", "/home"],
    hideFiles: [],
    hideFolders: [],
    keep: ["/root/agents"],
    cwd: "/tmp/agent",
  }, { net: false });
  const at = (...seq: string[]) =>
    args.findIndex((_, i) => seq.every((s, k) => args[i + k] === s));
  // An agent kept in a home is bound back over the hidden home.
  assert.ok(
    at("--tmpfs", "/root") < at("--ro-bind", "/root/agents", "/root/agents"),
  );
});
