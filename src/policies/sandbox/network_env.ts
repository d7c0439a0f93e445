/**
 * The environment variables a Deno process needs to reach a registry or
 * an API from a machine behind a proxy or a TLS-inspecting gateway, passed
 * on only as far as the CLI may read them (`--allow-env=NAME`, or `-A`):
 * nothing else of the CLI's environment (API keys) goes to a process that
 * handles policy code.
 *
 * @module
 */

/**
 * The names passed on: proxies (both spellings), the extra and replaced
 * certificate stores Deno reads, and the npm registry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NETWORK_VARIABLES } from "./network_env.ts";
 * assert.ok(NETWORK_VARIABLES.includes("HTTPS_PROXY") && NETWORK_VARIABLES.includes("NODE_EXTRA_CA_CERTS"));
 * ```
 */
export const NETWORK_VARIABLES: readonly string[] = [
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "NPM_CONFIG_REGISTRY",
  "npm_config_registry",
];

/**
 * The {@linkcode NETWORK_VARIABLES} that are set and that this process may
 * read; the others are left out without a prompt.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { networkEnv } from "./network_env.ts";
 * const env = await networkEnv();
 * assert.ok(Object.keys(env).every((k) => k.endsWith("PROXY") || k.endsWith("proxy") || /CERT|CA_STORE|REGISTRY|registry/.test(k)));
 * ```
 */
export async function networkEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const name of NETWORK_VARIABLES) {
    const state = await Deno.permissions.query({ name: "env", variable: name });
    const value = state.state === "granted" ? Deno.env.get(name) : undefined;
    if (value !== undefined) env[name] = value;
  }
  return env;
}
