import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import type { ScriptTurn } from "../support/provider_server.ts";
import { FIXTURES, World } from "./support.ts";

type Body = {
  system?: { text: string }[];
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
};

function systemText(body: unknown): string {
  return ((body as Body).system ?? []).map((b) => b.text).join("\n");
}

Deno.test("system prompt: SYSTEM.md replaces the default, --system-prompt beats it, then AGENTS.md and appends in order", async () => {
  await using world = await World.create([{ text: "a" }, { text: "b" }]);
  await Deno.writeTextFile(join(world.home, "SYSTEM.md"), "IDENTITY FROM SYSTEM.md");
  await Deno.writeTextFile(join(world.work, "AGENTS.md"), "PROJECT RULE: say banana");
  const append = ["--append-system-prompt", "APPEND ONE", "--append-system-prompt", "APPEND TWO"];
  assertEquals((await world.run(["-p", ...append, "x"])).code, 0);
  assertEquals((await world.run(["-p", "--system-prompt", "FLAG IDENTITY", "x"])).code, 0);
  const [fromFile, fromFlag] = world.server.bodies().map(systemText);
  const at = (s: string) => fromFile.indexOf(s);
  assertEquals(fromFile.startsWith("IDENTITY FROM SYSTEM.md"), true, fromFile);
  assertEquals(at("IDENTITY FROM SYSTEM.md") < at("PROJECT RULE: say banana"), true, fromFile);
  assertEquals(at("PROJECT RULE: say banana") < at("APPEND ONE"), true, fromFile);
  assertEquals(at("APPEND ONE") < at("APPEND TWO"), true, fromFile);
  assertEquals(fromFlag.startsWith("FLAG IDENTITY"), true, fromFlag);
  assertEquals(fromFlag.includes("IDENTITY FROM SYSTEM.md"), false);
  assertIncludes(fromFlag, "PROJECT RULE: say banana");
});

Deno.test("--tools offers only the named built-ins; extension tools stay beside them", async () => {
  await using world = await World.create([{ text: "a" }]);
  const result = await world.run([
    "--ext",
    join(FIXTURES, "toolbox"),
    "--tools",
    "read,bash",
    "-p",
    "x",
  ]);
  assertEquals(result.code, 0, result.stderr);
  const tools = (world.server.bodies()[0] as Body).tools ?? [];
  assertEquals(tools.map((t) => t.name), ["bash", "read", "weather"]);
});

Deno.test("without --max-steps a prompt stops after 50 model calls, naming the flag", async () => {
  const looping: ScriptTurn[] = Array.from({ length: 51 }, (_, i) => ({
    blocks: [{ type: "tool_use", id: `r${i}`, name: "read", input: { path: "a.txt" } }],
  }));
  await using world = await World.create(looping);
  await Deno.writeTextFile(join(world.work, "a.txt"), "A\n");
  const result = await world.run(["-p", "--no-session", "loop"]);
  assertEquals(result.code, 1);
  assertIncludes(result.stderr, "50 model calls");
  assertIncludes(result.stderr, "--max-steps");
  assertEquals(world.server.bodies().length, 50);
});

Deno.test("an extension tool called with args that break its schema is not run; the model hears why", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "weather", input: { town: "Berlin" } }] },
    { text: "I will pass city." },
  ]);
  const result = await world.run(["--ext", join(FIXTURES, "toolbox"), "--json", "weather?"]);
  assertEquals(result.code, 0, result.stderr);
  const events = result.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const toolResult = events.find((e) => e.type === "tool_result");
  assertEquals([toolResult.is_error, toolResult.extension], [true, "toolbox"]);
  const sent = JSON.stringify((world.server.bodies()[1] as Body).messages.at(-1));
  assertIncludes(sent, "invalid arguments for tool");
  assertIncludes(sent, "city");
  assertEquals(sent.includes("16°C"), false);
});

Deno.test("--session <path> appends to that file and sends its history", async () => {
  await using world = await World.create([{ text: "first answer" }, { text: "second answer" }]);
  assertEquals((await world.run(["-p", "remember kiwi"])).code, 0);
  const dir = join(world.home, "sessions");
  const [sub] = [...Deno.readDirSync(dir)];
  const [file] = [...Deno.readDirSync(join(dir, sub.name))];
  const path = join(dir, sub.name, file.name);
  const moved = join(world.root, "kept.jsonl");
  await Deno.rename(path, moved);
  const again = await world.run(["-p", "--session", moved, "what fruit?"]);
  assertEquals(again.code, 0, again.stderr);
  assertIncludes(JSON.stringify(world.server.bodies()[1]), "remember kiwi");
  const lines = (await Deno.readTextFile(moved)).trim().split("\n").map((l) => JSON.parse(l));
  const roles = lines.filter((l) => l.type === "message").map((l) => l.message.role);
  assertEquals(roles, ["user", "assistant", "user", "assistant"]);
});

Deno.test("zot rpc compact: answered at once, ends with compact_done then done", async () => {
  await using world = await World.create([
    { text: "one" },
    { text: "two" },
    { text: "three" },
    { text: "SUMMARY OF EARLIER WORK" },
  ]);
  const rpc = world.rpc();
  for (const id of ["p1", "p2", "p3"]) {
    await rpc.request({ id, type: "prompt", message: `prompt ${id}` });
    await rpc.next((l) => l.type === "done" && l.id === id);
  }
  const started = await rpc.request({ id: "c", type: "compact" });
  assertEquals(started.data, { started: true });
  const done = await rpc.next((l) => l.type === "done" && l.id === "c");
  assertEquals(done.stop, "end");
  const at = (test: (l: Record<string, unknown>) => boolean) => rpc.lines.findIndex(test);
  const summary = at((l) => l.type === "compact_done");
  assertEquals(rpc.lines[summary].summary, "SUMMARY OF EARLIER WORK");
  assertEquals(summary < at((l) => l === done), true);
  const state = await rpc.request({ id: "s", type: "get_state" });
  assertEquals((state.data as { message_count: number }).message_count, 5);
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
});
