/**
 * Serves the current folder (a checkout) on 127.0.0.1:PORT with the media
 * types Deno needs: a static file server that sends `.ts` as JavaScript, or as
 * a type Deno does not know, makes Deno parse the TypeScript as JavaScript.
 *
 * deno run --allow-read=. --allow-net=127.0.0.1:8000 scripts/serve_checkout.ts 8000
 */

const TYPES: Record<string, string> = {
  ".ts": "application/typescript",
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

const port = Number(Deno.args[0] ?? "8000");
if (
  !Number.isInteger(port) || port < 1 || port > 65535 || Deno.args.length > 1
) {
  console.error(
    `error: ${
      JSON.stringify(Deno.args.join(" "))
    }: expected one PORT, a whole number 1-65535 (usage: serve_checkout.ts [PORT])`,
  );
  Deno.exit(2);
}

Deno.serve({
  hostname: "127.0.0.1",
  port,
  onListen: ({ port }) =>
    console.error(`serving . on http://127.0.0.1:${port}/`),
}, async (req) => {
  const path = decodeURIComponent(new URL(req.url).pathname);
  // The URL parser already folds `..`; refusing it again keeps the server
  // inside the folder even if that ever changed.
  if (path.split("/").includes("..")) {
    return new Response("forbidden\n", { status: 403 });
  }
  const dot = path.lastIndexOf(".");
  const type = TYPES[dot < 0 ? "" : path.slice(dot)] ??
    "application/octet-stream";
  try {
    const body = await Deno.readFile(`.${path}`);
    return new Response(body, { headers: { "content-type": type } });
  } catch {
    return new Response("not found\n", { status: 404 });
  }
});
