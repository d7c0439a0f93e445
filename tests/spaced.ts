/**
 * A test helper: the text of a JSON document with spaces after `,` and `:`
 * outside strings. It reads as the same value but is not canonical, so it
 * sends a valid file down the verifier's general path.
 *
 * @module
 */

/** Spaces after `,` and `:` outside strings: the same value, not canonical. */
export function spaced(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    out += c;
    if (inString) {
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "," || c === ":") out += " ";
  }
  return out;
}
