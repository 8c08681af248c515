import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

Deno.test("zot -p runs a multi-step task: edit a real file, check it with bash", async () => {
  await using world = await World.create([
    {
      blocks: [{
        type: "tool_use",
        id: "t1",
        name: "edit",
        input: { path: "hello.txt", edits: [{ oldText: "world", newText: "zot" }] },
      }],
    },
    { blocks: [{ type: "tool_use", id: "t2", name: "bash", input: { command: "cat hello.txt" } }] },
    { text: "The file now greets zot." },
  ]);
  await Deno.writeTextFile(join(world.work, "hello.txt"), "hello world\n");
  const result = await world.run(["-p", "change world to zot in hello.txt and show it"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "The file now greets zot.\n");
  assertEquals(await Deno.readTextFile(join(world.work, "hello.txt")), "hello zot\n");
  const bodies = world.bodies();
  assertEquals(bodies.length, 3);
  // The bash result (the edited file's content) reached the model in the third request.
  assertIncludes(bodies[2], "hello zot");
  assertIncludes(bodies[2], "[exit 0]");
});

Deno.test("zot -p reads the prompt from piped stdin", async () => {
  await using world = await World.create([{ text: "piped ok" }]);
  const result = await world.run(["-p"], { stdin: "what is piped?\n" });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "piped ok\n");
  assertIncludes(world.bodies()[0], "what is piped?");
});

Deno.test("zot -p exits non-zero with the provider's error", async () => {
  await using world = await World.create([{
    error: { status: 401, message: "invalid x-api-key" },
  }]);
  const result = await world.run(["-p", "hi"]);
  assertEquals(result.code, 1);
  assertEquals(result.stdout, "");
  assertIncludes(result.stderr, "401");
});

Deno.test("a missing API key names the env var", async () => {
  await using world = await World.create([]);
  const result = await world.run(["-p", "hi"], { env: { ANTHROPIC_API_KEY: "" } });
  assertEquals(result.code, 1);
  assertIncludes(result.stderr, "ANTHROPIC_API_KEY");
  assertEquals(world.bodies().length, 0);
});

Deno.test("without -p or --json and without a terminal zot refuses the TUI, points to -p, and exits 2", async () => {
  await using world = await World.create([]);
  const result = await world.run(["hello"]);
  assertEquals(result.code, 2);
  assertIncludes(result.stderr, "-p");
});

Deno.test("--continue sends the earlier session's messages to the provider", async () => {
  await using world = await World.create([{ text: "Nice to meet you, Ada." }, { text: "Ada." }]);
  const first = await world.run(["-p", "my name is Ada"]);
  assertEquals(first.code, 0, first.stderr);
  const second = await world.run(["-p", "--continue", "what is my name?"]);
  assertEquals(second.code, 0, second.stderr);
  assertEquals(second.stdout, "Ada.\n");
  const body = world.server.bodies()[1] as { messages: { role: string }[] };
  assertEquals(body.messages.map((m) => m.role), ["user", "assistant", "user"]);
  assertIncludes(JSON.stringify(body.messages[0]), "my name is Ada");
  assertIncludes(JSON.stringify(body.messages[1]), "Nice to meet you, Ada.");
});

Deno.test("--resume lists sessions and reads the number from stdin; --no-session writes none", async () => {
  await using world = await World.create([{ text: "one" }, { text: "two" }, { text: "three" }]);
  assertEquals((await world.run(["-p", "first session"])).code, 0);
  const resumed = await world.run(["-p", "--resume", "again"], { stdin: "1\n" });
  assertEquals(resumed.code, 0, resumed.stderr);
  assertIncludes(resumed.stderr, "1. ");
  assertIncludes(JSON.stringify(world.server.bodies()[1]), "first session");
  const before = [...Deno.readDirSync(join(world.home, "sessions"))].length;
  assertEquals((await world.run(["-p", "--no-session", "ephemeral"])).code, 0);
  const dirs = [...Deno.readDirSync(join(world.home, "sessions"))];
  assertEquals(dirs.length, before);
  const files = [...Deno.readDirSync(join(world.home, "sessions", dirs[0].name))];
  assertEquals(files.length, 1);
});

Deno.test("zot -p /command: display prints, prompt runs the agent, error exits non-zero", async () => {
  await using world = await World.create([{ text: "Berlin is foggy." }]);
  const ext = ["--ext", join(FIXTURES, "toolbox")];
  const shown = await world.run([...ext, "-p", "/show a b"]);
  assertEquals(shown.code, 0, shown.stderr);
  assertEquals(shown.stdout, "shown: a b\n");
  assertIncludes(shown.stderr, "[toolbox] info: showing");

  const asked = await world.run([...ext, "-p", "/ask Berlin"]);
  assertEquals(asked.code, 0, asked.stderr);
  assertEquals(asked.stdout, "Berlin is foggy.\n");
  assertIncludes(world.bodies()[0], "Tell me about Berlin");

  const bad = await world.run([...ext, "-p", "/bad"]);
  assertEquals(bad.code, 1);
  assertIncludes(bad.stderr, "bad things happened");
  assert.ok(!bad.stdout.includes("bad things"));
});
