/** What a new user hits first with an extension like zot-loop: each case runs the real zot. */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

const LOOPER = join(FIXTURES, "looper");

type Body = { messages: { content: unknown }[] };

Deno.test("a tool call that breaks an enum tells the model why in one sentence, no doubled period", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "s1", name: "schedule", input: { when: "later" } }] },
    { text: "ok" },
  ]);
  const result = await world.run(["--ext", LOOPER, "-p", "--no-session", "schedule it"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = JSON.stringify((world.server.bodies()[1] as Body).messages.at(-1));
  assertIncludes(sent, 'invalid arguments for tool \\"schedule\\": when: ');
  assertIncludes(sent, `["now","wait"]. Check the tool's schema`.replaceAll('"', '\\"'));
  assertEquals(sent.includes(".."), false, sent);
});
