import { Agent, type AgentEvent, SUMMARY_HEADING } from "../../src/agent/mod.ts";
import type { Message } from "../../src/messages/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FakeProvider, hangAfter, say } from "../support/fake_provider.ts";

function conversation(turns: number): Message[] {
  const out: Message[] = [];
  for (let i = 1; i <= turns; i++) {
    out.push({ role: "user", content: [{ type: "text", text: `question ${i}` }], time: "t" });
    out.push({ role: "assistant", content: [{ type: "text", text: `answer ${i}` }], time: "t" });
  }
  return out;
}

Deno.test("compact summarises all but the last 4 messages and ends with compact_done then done", async () => {
  const provider = new FakeProvider([say("## Goal\nship it")]);
  const rewritten: (readonly Message[])[] = [];
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    history: conversation(4),
    session: { append: () => {}, appendUsage: () => {}, rewrite: (m) => void rewritten.push(m) },
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  const result = await agent.compact();
  assertEquals(result.stop, "end");
  assertEquals(result.summary, "## Goal\nship it");
  assertEquals(agent.messages.length, 5);
  const first = agent.messages[0];
  assert.ok(first.role === "user" && first.content[0].type === "text");
  assertEquals(first.content[0].text, `${SUMMARY_HEADING}\n\n## Goal\nship it`);
  assertEquals(agent.messages.slice(1), conversation(4).slice(4));
  // The summariser saw the first 4 messages only, and no tools.
  const sent = provider.requests[0];
  assertEquals(sent.tools, []);
  assertEquals(sent.maxTokens, 4096);
  const transcript = sent.messages[0].content[0];
  assert.ok(transcript.type === "text");
  assertIncludes(transcript.text, "--- user ---\nquestion 2");
  assertEquals(transcript.text.includes("question 3"), false);
  assertEquals(events.map((e) => e.type).slice(-2), ["compact_done", "done"]);
  assertEquals(events.filter((e) => e.type === "text_delta").length, 0);
  assertEquals(rewritten.length, 1);
  // Compaction is real spend.
  assertEquals(agent.usage.input, 10);
});

Deno.test("compact on a short conversation fails with error then done", async () => {
  const agent = new Agent({
    provider: new FakeProvider([]),
    model: "m",
    system: "",
    cwd: "/",
    history: conversation(2),
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  const result = await agent.compact();
  assertEquals(result.stop, "error");
  assertIncludes(result.error ?? "", "nothing to compact");
  assertEquals(events.map((e) => e.type), ["error", "done"]);
  assertEquals(agent.messages.length, 4);
});

Deno.test("cancelled compaction keeps the transcript and ends with done aborted", async () => {
  const controller = new AbortController();
  const agent = new Agent({
    provider: new FakeProvider([hangAfter(["partial"], () => controller.abort())]),
    model: "m",
    system: "",
    cwd: "/",
    history: conversation(3),
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  const result = await agent.compact({ signal: controller.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(agent.messages, conversation(3));
  assertEquals(events.at(-1), { type: "done", stop: "aborted" });
});

Deno.test("orphan tool results in the tail are dropped", async () => {
  const history: Message[] = [
    { role: "user", content: [{ type: "text", text: "go" }], time: "t" },
    {
      role: "assistant",
      content: [{ type: "tool_call", id: "x", name: "read", args: { path: "a" } }],
      time: "t",
    },
    {
      role: "tool",
      content: [{
        type: "tool_result",
        callId: "x",
        content: [{ type: "text", text: "A" }],
        isError: false,
      }],
      time: "t",
    },
    { role: "assistant", content: [{ type: "text", text: "read it" }], time: "t" },
    { role: "user", content: [{ type: "text", text: "more" }], time: "t" },
    { role: "assistant", content: [{ type: "text", text: "ok" }], time: "t" },
  ];
  const agent = new Agent({
    provider: new FakeProvider([say("sum")]),
    model: "m",
    system: "",
    cwd: "/",
    history,
  });
  await agent.compact();
  assertEquals(agent.messages.map((m) => m.role), ["user", "assistant", "user", "assistant"]);
});
