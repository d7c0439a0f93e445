/**
 * The policy process's standard output, read as protocol lines.
 *
 * @module
 */

/** The longest protocol line accepted (a flood must not exhaust our memory). */
const MAX_LINE = 8 * 1024 * 1024;

/** The lines of a stream (the last one may lack its newline). */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    if (buffer.length > MAX_LINE && buffer.indexOf("\n") < 0) {
      throw new Error(
        `the policy wrote more than ${MAX_LINE} characters to standard output without a newline`,
      );
    }
    let i;
    while ((i = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
    }
  }
  if (buffer !== "") yield buffer;
}
