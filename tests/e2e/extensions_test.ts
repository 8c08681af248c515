import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

type Body = { messages: { role: string; content: unknown }[] };

function lastToolResult(body: Body): Record<string, unknown> {
  const last = body.messages.at(-1)!;
  const blocks = last.content as Record<string, unknown>[];
  return blocks.find((b) => b.type === "tool_result")!;
}

Deno.test("the model calls an extension tool and gets its result", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "weather", input: { city: "Berlin" } }] },
    { text: "It is foggy in Berlin." },
  ]);
  const result = await world.run(["--ext", join(FIXTURES, "toolbox"), "-p", "weather in Berlin?"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "It is foggy in Berlin.\n");
  const first = world.server.bodies()[0] as { tools: { name: string }[] };
  assertEquals(first.tools.map((t) => t.name), ["bash", "edit", "read", "weather", "write"]);
  const sent = lastToolResult(world.server.bodies()[1] as Body);
  assertEquals(sent.tool_use_id, "w1");
  assertIncludes(JSON.stringify(sent.content), "Berlin: 16°C, fog");
});

Deno.test("a guard's block reason reaches the model in the next request", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "b1", name: "bash", input: { command: "touch pwned" } }] },
    { text: "Understood, I will not run it." },
  ]);
  const result = await world.run(["--ext", join(FIXTURES, "guard"), "-p", "run it"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = lastToolResult(world.server.bodies()[1] as Body);
  assertEquals(sent.is_error, true);
  assertIncludes(JSON.stringify(sent.content), "refused by guard: bash is not allowed");
  // The command never ran.
  let exists = true;
  try {
    await Deno.stat(join(world.work, "pwned"));
  } catch {
    exists = false;
  }
  assertEquals(exists, false);
});

Deno.test("a subscriber receives lifecycle events in order", async () => {
  await using world = await World.create([
    {
      text: "checking",
      blocks: [{ type: "tool_use", id: "r1", name: "read", input: { path: "a.txt" } }],
    },
    { text: "It says A." },
  ]);
  await Deno.writeTextFile(join(world.work, "a.txt"), "A\n");
  const events = join(world.root, "events.jsonl");
  const result = await world.run(["--ext", join(FIXTURES, "subscriber"), "-p", "read a.txt"], {
    env: { ZOT_E2E_EVENTS: events },
  });
  assertEquals(result.code, 0, result.stderr);
  const seen = (await Deno.readTextFile(events)).trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(
    seen.map((e) => [e.event, e.step ?? e.stop ?? e.tool_name ?? e.text ?? ""]),
    [
      ["session_start", ""],
      ["turn_start", 1],
      ["assistant_message", "checking"],
      ["tool_call", "read"],
      ["turn_end", "tool_use"],
      ["turn_start", 2],
      ["assistant_message", "It says A."],
      ["turn_end", "end"],
    ],
  );
  assertEquals(seen[3].tool_args, { path: "a.txt" });
});

Deno.test("--no-tools keeps extension tools; --no-ext removes discovered ones too", async () => {
  await using world = await World.create([{ text: "a" }, { text: "b" }]);
  const projectExt = join(world.work, ".zot", "extensions");
  await Deno.mkdir(projectExt, { recursive: true });
  await Deno.symlink(join(FIXTURES, "toolbox"), join(projectExt, "toolbox"));
  // A project extension starts once trusted.
  assertEquals((await world.run(["ext", "trust", "toolbox"])).code, 0);
  assertEquals((await world.run(["--no-tools", "-p", "x"])).code, 0);
  assertEquals((await world.run(["--no-tools", "--no-ext", "-p", "x"])).code, 0);
  const [withExt, without] = world.server.bodies() as { tools?: { name: string }[] }[];
  assertEquals((withExt.tools ?? []).map((t) => t.name), ["weather"]);
  assertEquals((without.tools ?? []).map((t) => t.name), []);
});

Deno.test("a notice sent during the handshake still reaches stderr in print mode", async () => {
  await using world = await World.create([{ text: "ok" }]);
  const result = await world.run(["--ext", join(FIXTURES, "herald"), "-p", "hi"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "ok\n");
  assertIncludes(result.stderr, "[herald] warn: WEATHER_KEY is not set; using demo data");
});
