/**
 * Unpacks the Chromium that `npm:@sparticuz/chromium` ships (brotli
 * archives inside the package) into tests/.output/browser and prints the
 * executable's path. browser_test.ts runs this as its own process: Deno
 * refuses to let one process both write a file and hold run permission
 * for it, and the test process needs the latter.
 *
 * Permissions: --allow-read (the package reads its own archives from Deno's
 * npm cache, wherever DENO_DIR puts it) --allow-write=tests/.output/browser
 * --allow-env --allow-sys (it reads its environment, the uid and umask).
 */

import chromium from "npm:@sparticuz/chromium@143.0.0";

/** Folder the browser is unpacked into (the package unpacks into TMPDIR). */
export const BROWSER_DIR =
  new URL("./.output/browser", import.meta.url).pathname;

if (import.meta.main) {
  await Deno.mkdir(BROWSER_DIR, { recursive: true });
  Deno.env.set("TMPDIR", BROWSER_DIR);
  const path = await chromium.executablePath();
  await Deno.stdout.write(
    new TextEncoder().encode(JSON.stringify({ path, args: chromium.args })),
  );
}
