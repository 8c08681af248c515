import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

Deno.test("zot --json writes the event stream with the original names", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "t1", name: "bash", input: { command: "echo hi" } }] },
    { text: "said hi" },
  ]);
  const result = await world.run(["--json", "say hi"]);
  assertEquals(result.code, 0, result.stderr);
  const events = result.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const types = events.map((e) => e.type);
  assertEquals(types[0], "user_message");
  assertEquals(types.at(-1), "done");
  const order = [
    "turn_start",
    "tool_use_start",
    "tool_use_end",
    "usage",
    "assistant_message",
    "tool_call",
    "turn_end",
    "tool_progress",
    "tool_result",
    "turn_start",
    "text_delta",
    "turn_end",
  ];
  let at = 0;
  for (const type of types) if (type === order[at]) at++;
  assertEquals(at, order.length, `events out of order: ${types.join(",")}`);
  const call = events.find((e) => e.type === "tool_call");
  assertEquals(call, { type: "tool_call", id: "t1", name: "bash", args: { command: "echo hi" } });
  const toolResult = events.find((e) => e.type === "tool_result");
  assertEquals(toolResult.is_error, false);
  assertIncludes(toolResult.content[0].text, "$ echo hi");
  const usage = events.find((e) => e.type === "usage");
  assert.ok("cache_read" in usage && "cost_usd" in usage.cumulative);
});

Deno.test("zot rpc: hello, state, prompt with events and done, messages, then exit on stdin close", async () => {
  await using world = await World.create([{ text: "pong from the model" }]);
  const rpc = world.rpc(["--ext", join(FIXTURES, "toolbox")]);
  const hello = await rpc.request({ id: "h", type: "hello" });
  assertEquals((hello.data as Record<string, unknown>).protocol_version, 1);
  assertEquals((hello.data as Record<string, unknown>).provider, "anthropic");
  const state = await rpc.request({ id: "s", type: "get_state" });
  assertEquals((state.data as Record<string, unknown>).busy, false);
  const started = await rpc.request({ id: "p", type: "prompt", message: "ping" });
  assertEquals(started.data, { started: true });
  const done = await rpc.next((l) => l.type === "done");
  assertEquals(done, { type: "done", stop: "end", request_id: "p", id: "p" });
  const messages = await rpc.request({ id: "m", type: "get_messages" });
  const list = (messages.data as { messages: { role: string }[] }).messages;
  assertEquals(list.map((m) => m.role), ["user", "assistant"]);
  const tools = await rpc.request({ id: "t", type: "list_tools" });
  const names = (tools.data as { tools: { name: string; source: string }[] }).tools;
  assertEquals(names.find((t) => t.name === "weather")?.source, "extension");
  const command = await rpc.request({ id: "c", type: "command", name: "show", args: "x" });
  assertEquals((command.data as Record<string, unknown>).text, "shown: x");
  await rpc.next((l) => l.type === "ext_notify");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
  // Every command got exactly one response.
  assertEquals(rpc.lines.filter((l) => l.type === "response").length, 6);
});

Deno.test("zot rpc: abort cancels a streaming prompt; partial text is kept", async () => {
  await using world = await World.create([
    { text: "This answer will be cut off somewhere in the middle.", stallAfter: 4, deltaSize: 5 },
  ]);
  const rpc = world.rpc();
  await rpc.request({ id: "p", type: "prompt", message: "talk" });
  await rpc.next((l) => l.type === "text_delta");
  const abort = await rpc.request({ id: "a", type: "abort" });
  assertEquals(abort.data, { aborted: true });
  const done = await rpc.next((l) => l.type === "done");
  assertEquals(done.stop, "aborted");
  const end = await rpc.next((l) => l.type === "turn_end");
  assertEquals(end.stop, "aborted");
  assertEquals(rpc.lines.some((l) => l.type === "error"), false);
  const messages = await rpc.request({ id: "m", type: "get_messages" });
  const list = (messages.data as { messages: { role: string; content: { text: string }[] }[] })
    .messages;
  assertEquals(list.map((m) => m.role), ["user", "assistant"]);
  assert.ok(list[1].content[0].text.length > 0);
  const { code } = await rpc.close();
  assertEquals(code, 0);
});

Deno.test("zot rpc with ZOTCORE_RPC_TOKEN: refuses before hello, exits on a bad token", async () => {
  await using world = await World.create([]);
  const rpc = world.rpc([], { ZOTCORE_RPC_TOKEN: "tok" });
  const refused = await rpc.request({ id: "1", type: "ping" });
  assertEquals(refused.error, "auth required: send hello with token first");
  const bad = await rpc.request({ id: "2", type: "hello", token: "nope" });
  assertEquals(bad.error, "invalid token");
  const { code } = await rpc.close();
  assertEquals(code, 1);
});

Deno.test("zot rpc refuses session flags it cannot honour, with exit 2", async () => {
  await using world = await World.create([]);
  const run = await world.run(["rpc", "--continue"]);
  assertEquals(run.code, 2);
  assertIncludes(run.stderr, "zot rpc keeps no session");
});
