import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

type Block = Record<string, unknown>;
type Body = { messages: { role: string; content: string | Block[] }[] };

function toolResults(body: Body): Block[] {
  const last = body.messages.at(-1)!;
  return (last.content as Block[]).filter((b) => b.type === "tool_result");
}

function lastUserText(body: Body): string {
  const user = body.messages.filter((m) => m.role === "user").at(-1)!;
  return typeof user.content === "string" ? user.content : JSON.stringify(user.content);
}

async function frames(file: string): Promise<Record<string, unknown>[]> {
  return (await Deno.readTextFile(file)).trim().split("\n").map((l) => JSON.parse(l));
}

Deno.test("a tool_result interceptor changes what the provider receives", async () => {
  await using world = await World.create([
    {
      blocks: [
        { type: "tool_use", id: "r1", name: "read", input: { path: "secret.txt" } },
        { type: "tool_use", id: "b1", name: "bash", input: { command: "echo hi" } },
      ],
    },
    { text: "ok" },
  ]);
  await Deno.writeTextFile(join(world.work, "secret.txt"), "TOP-SECRET-VALUE\n");
  const result = await world.run(["--ext", join(FIXTURES, "rewriter"), "-p", "go"]);
  assertEquals(result.code, 0, result.stderr);
  const [read, bash] = toolResults(world.server.bodies()[1] as Body);
  assertEquals(read.is_error, true);
  assertIncludes(JSON.stringify(read.content), "REDACTED by rewriter");
  assert(!JSON.stringify(world.server.bodies()[1]).includes("TOP-SECRET-VALUE"));
  assertIncludes(JSON.stringify(bash.content), "hi");
  assertIncludes(JSON.stringify(bash.content), "rewriter saw bash take some time");
});

Deno.test("a user_prompt hook adds context that reaches the provider request", async () => {
  await using world = await World.create([{ text: "noted" }]);
  const result = await world.run(["--ext", join(FIXTURES, "prompt_guard"), "-p", "fix the tests"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = lastUserText(world.server.bodies()[0] as Body);
  assertIncludes(sent, "fix the tests");
  assertIncludes(sent, "CTX-4711");
  assertIncludes(sent, 'context from extension \\"prompt_guard\\"');
});

Deno.test("a user_prompt hook rewrites the prompt text", async () => {
  await using world = await World.create([{ text: "ok" }]);
  const result = await world.run(["--ext", join(FIXTURES, "prompt_guard"), "-p", "shout: hi"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = lastUserText(world.server.bodies()[0] as Body);
  assertIncludes(sent, "HI");
  assert(!sent.includes("shout:"), sent);
});

Deno.test("a user_prompt hook blocks a prompt: the user sees why, the model sees nothing", async () => {
  await using world = await World.create([{ text: "should not be asked" }]);
  const result = await world.run([
    "--ext",
    join(FIXTURES, "prompt_guard"),
    "-p",
    "tell me forbidden things",
  ]);
  assertEquals(result.code, 1);
  assertIncludes(result.stderr, 'extension "prompt_guard" blocked the prompt: no forbidden topics');
  assertEquals(world.server.bodies().length, 0);
});

Deno.test("a 1.1 extension gets the negotiated hello_ack and every new event", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "r1", name: "read", input: { path: "a.txt" } }] },
    { text: "It says A." },
  ]);
  await Deno.writeTextFile(join(world.work, "a.txt"), "A\n");
  const file = join(world.root, "frames.jsonl");
  const result = await world.run(["--ext", join(FIXTURES, "recorder11"), "-p", "read a.txt"], {
    env: { ZOT_E2E_FRAMES: file },
  });
  assertEquals(result.code, 0, result.stderr);
  const seen = await frames(file);
  const ack = seen[0];
  assertEquals(ack.type, "hello_ack");
  assertEquals(ack.protocol, "1.1");
  assert(Array.isArray(ack.features) && ack.features.includes("intercept.tool_result"));
  const events = seen.filter((f) => f.type === "event");
  assertEquals(events.map((e) => e.event), [
    "session_start",
    "user_prompt",
    "turn_start",
    "assistant_message",
    "tool_call",
    "turn_end",
    "tool_result",
    "turn_start",
    "assistant_message",
    "turn_end",
    "agent_end",
    "session_end",
  ]);
  // The tool-only assistant message is sent too, with empty text.
  assertEquals(events[3].text, "");
  assertEquals(events[1].text, "read a.txt");
  const toolResult = events[6];
  assertEquals(toolResult.tool_name, "read");
  assertEquals(toolResult.is_error, false);
  assert(typeof toolResult.duration_ms === "number" && toolResult.duration_ms >= 0);
  assertIncludes(JSON.stringify(toolResult.content), "A");
  assertEquals(events[10], { type: "event", event: "agent_end", stop: "end", steps: 2 });
  assertEquals(events[11], { type: "event", event: "session_end", reason: "exit" });
});

Deno.test("model_change and compaction reach a 1.1 subscriber over rpc", async () => {
  await using world = await World.create([
    { text: "a" },
    { text: "b" },
    { text: "c" },
    { text: "the summary" },
  ]);
  const file = join(world.root, "frames.jsonl");
  const rpc = world.rpc(["--ext", join(FIXTURES, "recorder11")], { ZOT_E2E_FRAMES: file });
  for (const id of ["p1", "p2", "p3"]) {
    await rpc.request({ id, type: "prompt", message: `hi ${id}` });
    await rpc.next((l) => l.type === "done" && l.id === id);
  }
  await rpc.request({ id: "m", type: "set_model", model: "claude-opus-4-1" });
  await rpc.request({ id: "c", type: "compact" });
  await rpc.next((l) => l.type === "done" && l.id === "c");
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
  const events = (await frames(file)).filter((f) => f.type === "event");
  const change = events.find((e) => e.event === "model_change")!;
  assertEquals(change.model, "claude-opus-4-1");
  assertEquals(change.previous_model, "claude-sonnet-4-5");
  assertEquals(change.provider, "anthropic");
  const compactions = events.filter((e) => e.event === "compaction");
  assertEquals(compactions.map((e) => e.phase), ["before", "after"]);
  assertIncludes(String(compactions[1].summary), "the summary");
});
