/**
 * `retellDenials` on Deno's real refusals: each message is collected from a
 * Deno process with no permission (as a policy runs), then retold; none
 * keeps Deno's "run again with the --allow-… flag", and each names what a
 * `run` flag grants, or that nothing does.
 */

import assert from "node:assert/strict";
import { retellDenials } from "../src/policies/sandbox/denials.ts";
import { sandboxFlags } from "../src/policies/sandbox/process.ts";

const PROBES = `
const probes = {
  read: () => Deno.readTextFileSync("/etc/hostname"),
  importFile: () => import(["file:///etc/", "hostname.json"].join(""), { with: { type: "json" } }),
  net: () => fetch("http://example.com/"),
  env: () => Deno.env.get("API_KEY"),
  envAll: () => Deno.env.toObject(),
  importRemote: () => import(["https://esm.sh/", "preact"].join("")),
  run: () => new Deno.Command("ls").outputSync(),
  write: () => Deno.writeTextFileSync("/tmp/x", "x"),
  sys: () => Deno.hostname(),
  ffi: () => Deno.dlopen("libc.so.6", {}),
};
const out = {};
for (const [k, f] of Object.entries(probes)) {
  try { await f(); out[k] = "ALLOWED"; } catch (e) { out[k] = String(e); }
}
console.log(JSON.stringify(out));
`;

async function denoMessages(): Promise<Record<string, string>> {
  const o = await new Deno.Command("deno", {
    // A policy's own flags: no permission at all.
    args: [
      ...sandboxFlags({ maxMemoryMb: 64, allowNet: [], allowEnv: [] }),
      `data:text/javascript,${encodeURIComponent(PROBES)}`,
    ],
    env: { NO_COLOR: "1", DENO_DIR: "/dev/null/ember-policy" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(o.success, new TextDecoder().decode(o.stderr));
  return JSON.parse(new TextDecoder().decode(o.stdout));
}

const DATA =
  "a policy reads no file at run time: name a JSON or text file with run --policy-allow-data=PATH and import it (it is bundled before the run)";

Deno.test("denials: each of Deno's refusals is retold with the run flag that grants it, or none", async () => {
  const raw = await denoMessages();
  // The messages are Deno's, with its hint (so the test sees the real text).
  for (const [kind, message] of Object.entries(raw)) {
    assert.match(message, /run again with the --allow-\w+ flag$/, kind);
  }
  const told = Object.fromEntries(
    Object.entries(raw).map(([k, m]) => [k, retellDenials(m)]),
  );
  assert.deepEqual(told, {
    read: `NotCapable: Requires read access to "/etc/hostname"; ${DATA}`,
    importFile:
      `TypeError: Requires read access to "/etc/hostname.json"; ${DATA}`,
    net:
      'NotCapable: Requires net access to "example.com:80"; a policy gets it only with run --policy-allow-net=example.com:80',
    env:
      'NotCapable: Requires env access to "API_KEY"; a policy gets it only with run --policy-allow-env=API_KEY',
    envAll:
      "NotCapable: Requires env access; a policy gets it only with run --policy-allow-env=NAME",
    importRemote:
      'TypeError: Requires import access to "esm.sh:443"; remote imports are not available to a policy (its modules are bundled before the run)',
    run:
      'NotCapable: Requires run access to "ls"; run access is not available to a policy',
    write:
      'NotCapable: Requires write access to "/tmp/x"; write access is not available to a policy',
    sys:
      'NotCapable: Requires sys access to "hostname"; sys access is not available to a policy',
    ffi:
      'NotCapable: Requires ffi access to "libc.so.6"; ffi access is not available to a policy',
  });
});

Deno.test("denials: a message inside JSON text, or in an uncaught error's output, is retold in place", () => {
  const json = JSON.stringify({
    e: 'NotCapable: Requires env access to "HOME", run again with the --allow-env flag',
  });
  assert.equal(
    retellDenials(json),
    '{"e":"NotCapable: Requires env access to \\"HOME\\"; a policy gets it only with run --policy-allow-env=HOME"}',
  );
  assert.equal(
    retellDenials(
      'error: Uncaught (in promise) NotCapable: Requires net access to "a.example:443", run again with the --allow-net flag\n    at x',
    ),
    'error: Uncaught (in promise) NotCapable: Requires net access to "a.example:443"; a policy gets it only with run --policy-allow-net=a.example:443\n    at x',
  );
  assert.equal(retellDenials("nothing to retell"), "nothing to retell");
});
