/**
 * `parseReply` of the example LLM policy on replies that put braces where a
 * first-`{`-to-last-`}` reading breaks: prose after the object, braces and
 * escapes inside strings, nested objects, a braced aside before the answer;
 * and `usageOf`, which keeps only the integer token counts of a response.
 */

import assert from "node:assert/strict";
import { parseReply, usageOf } from "../examples/openai_chat_policy.ts";

const ONE = ["p01"];

Deno.test("llm reply: prose with braces after the object (issue 20's reply)", () => {
  assert.deepEqual(
    parseReply('Sure! {"p01":"east"} Also note {this}.', ONE),
    { actions: { p01: "east" }, problems: [] },
  );
});

Deno.test("llm reply: braces and escaped quotes inside strings do not count", () => {
  // The reason string holds `} {` and an escaped quote followed by `}`.
  const reply = String.raw`{"why":"go \"}\" now } {","p01":"west"} ok}`;
  assert.deepEqual(parseReply(reply, ONE).actions, { p01: "west" });
  // An escaped backslash ends before the closing quote: `"c:\\"`.
  const slash = String.raw`{"why":"c:\\","p01":"south"} }`;
  assert.deepEqual(parseReply(slash, ONE).actions, { p01: "south" });
});

Deno.test("llm reply: nested objects close at the outer brace", () => {
  const reply = '{"p01":"north","p02":"east","meta":{"a":{"b":1}}} and }}';
  assert.deepEqual(parseReply(reply, ["p01", "p02"]), {
    actions: { p01: "north", p02: "east" },
    problems: [],
  });
});

Deno.test("llm reply: a braced aside is skipped; no object or braces that never parse are named", () => {
  const reply = 'I weighed {going west}. ```json\n{"p01":"east"}\n```';
  assert.deepEqual(parseReply(reply, ONE), {
    actions: { p01: "east" },
    problems: [],
  });
  assert.deepEqual(parseReply("west, all of them", ONE), {
    actions: { p01: "stay" },
    problems: ["no JSON object in the reply"],
  });
  assert.deepEqual(parseReply('{"p01":"east"', ONE).problems, [
    "no JSON object in the reply",
  ]);
  assert.deepEqual(parseReply("{west} {p01: east}", ONE), {
    actions: { p01: "stay" },
    problems: ["the reply's JSON object does not parse"],
  });
});

Deno.test("llm usage: only integer prompt and completion counts go into info.usage", () => {
  assert.deepEqual(
    usageOf({
      usage: {
        prompt_tokens: 812,
        completion_tokens: 9,
        total_tokens: 821,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    }),
    { prompt_tokens: 812, completion_tokens: 9, total_tokens: 821 },
  );
  assert.deepEqual(
    usageOf({ usage: { prompt_tokens: 0, completion_tokens: 0 } }),
    { prompt_tokens: 0, completion_tokens: 0 },
  );
  for (
    const usage of [
      { prompt_tokens: 812 },
      { prompt_tokens: 812, completion_tokens: 9.5 },
      { prompt_tokens: "812", completion_tokens: 9 },
      { prompt_tokens: -1, completion_tokens: 9 },
      null,
      "812 tokens",
    ]
  ) {
    assert.equal(usageOf({ usage }), undefined, JSON.stringify(usage));
  }
  assert.equal(usageOf(null), undefined);
});
