/**
 * The hardening that the policy host runs before it loads the bundle: what
 * a policy must not see of the process it runs in.
 *
 * @module
 */

// Plain JavaScript, pasted at the top of the host's source (host.ts). The
// keep-alive timer stops Deno from ending the process with "Top-level
// await promise never resolved" when a policy's promise never settles: the
// parent's step timer reports that instead.
/** The prelude's source text. */
export const PRELUDE_SOURCE = `
setInterval(() => {}, 1 << 30);
// Deno.execPath() needs no permission and would reveal a home folder.
Object.defineProperty(Deno, "execPath", { value: () => { throw new Deno.errors.NotCapable("Deno.execPath() is not available to a policy"); } });
`;
