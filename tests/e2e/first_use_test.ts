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

Deno.test("without an API key, commands that never reach the model work; the model asks for the key", async () => {
  await using world = await World.create();
  const noKey = { env: { ANTHROPIC_API_KEY: "" } };
  const now = await world.run(["--ext", LOOPER, "-p", "--no-session", "/now"], noKey);
  assertEquals([now.code, now.stdout, now.stderr], [0, "it is now\n", ""]);
  const help = await world.run(["--no-ext", "--json", "--no-session", "/help"], noKey);
  assertEquals(help.code, 0, help.stderr);
  const list = await world.run(["ext", "list"], noKey);
  assertEquals(list.code, 0, list.stderr);
  // What goes to the model still needs the key, and says so as before.
  const ask = await world.run(["--no-ext", "-p", "--no-session", "/study"], noKey);
  assertEquals(ask.code, 1);
  assertIncludes(ask.stderr, "zot: no API key for anthropic; set ANTHROPIC_API_KEY");
  const plain = await world.run(["--no-ext", "-p", "--no-session", "hello"], noKey);
  assertEquals(plain.code, 1);
  assertIncludes(plain.stderr, "zot: no API key for anthropic; set ANTHROPIC_API_KEY");
  assertEquals(world.server.bodies().length, 0);
});

Deno.test("a missing --ext folder is a usage error, said once, before anything runs", async () => {
  await using world = await World.create([{ text: "never asked" }]);
  const result = await world.run(["--ext", "./missing", "-p", "--no-session", "/x"]);
  assertEquals(result.code, 2);
  assertEquals(
    result.stderr,
    "zot: --ext ./missing: no such folder; give the folder that holds extension.json\n",
  );
  assertEquals(result.stdout, "");
  const file = join(world.work, "notes.txt");
  await Deno.writeTextFile(file, "x");
  const notFolder = await world.run(["--ext", file, "-p", "--no-session", "hi"]);
  assertEquals(notFolder.code, 2);
  assertIncludes(notFolder.stderr, `--ext ${file} is not a folder`);
  assertEquals(world.server.bodies().length, 0);
});
