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

async function sessionFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) found.push(...await sessionFiles(path));
    else if (entry.name.endsWith(".jsonl")) found.push(path);
  }
  return found;
}

Deno.test("zot -c says how many records of a session torn in the middle it skipped", async () => {
  await using world = await World.create([
    { text: "first answer" },
    { text: "second answer" },
    { text: "third answer" },
  ]);
  assertEquals((await world.run(["-p", "one"])).code, 0);
  assertEquals((await world.run(["-c", "-p", "two"])).code, 0);
  const [file] = await sessionFiles(world.home);
  const lines = (await Deno.readTextFile(file)).split("\n");
  const middle = lines.findIndex((l) => l.includes("first answer"));
  lines[middle] = lines[middle].slice(0, 20);
  await Deno.writeTextFile(file, lines.join("\n"));
  const result = await world.run(["-c", "-p", "three"]);
  assertEquals(result.code, 0, result.stderr);
  assertIncludes(result.stderr, `zot: session ${file}: skipped 1 unreadable record (left in the`);
});

Deno.test("zot -p /tasks prints the notice the extension sends just after its answer", async () => {
  await using world = await World.create();
  const result = await world.run(["--ext", LOOPER, "-p", "--no-session", "/tasks buy milk"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "task added\n");
  assertIncludes(result.stderr, "[looper] info: saved: buy milk\n");
});
