import {
  ABORTED_RESULT_TEXT,
  Agent,
  type AgentEvent,
  type SessionSink,
  type ToolCallDecision,
  type TurnStartDecision,
} from "../../src/agent/mod.ts";
import type { Message, ToolMessage, Usage } from "../../src/messages/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { callTools, FakeProvider, hangAfter, say } from "../support/fake_provider.ts";
import { echoTool, FakeExtensions, waitTool } from "./fakes.ts";

function record(agent: Agent): AgentEvent[] {
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return events;
}

function types(events: AgentEvent[]): string[] {
  return events.map((e) =>
    e.type === "turn_start" || e.type === "turn_end"
      ? `${e.type}:${e.step}${e.type === "turn_end" ? ":" + e.stop : ""}`
      : e.type
  );
}

function lastToolMessage(messages: readonly Message[]): ToolMessage {
  const found = [...messages].reverse().find((m) => m.role === "tool");
  assert.ok(found && found.role === "tool", "expected a tool message");
  return found;
}

function resultText(message: ToolMessage, index = 0): string {
  return message.content[index].content.map((b) => b.type === "text" ? b.text : "").join("");
}

Deno.test("a tool round emits events in the original order and records every message", async () => {
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { text: "hi" } }], "let me echo"),
    say("all done"),
  ]);
  const appended: string[] = [];
  const usages: Usage[] = [];
  const session: SessionSink = {
    append: (m) => void appended.push(m.role),
    appendUsage: (u) => void usages.push(u),
  };
  const ext = new FakeExtensions();
  const agent = new Agent({
    provider,
    model: "m",
    system: "sys",
    cwd: "/tmp",
    tools: [echoTool()],
    extensions: ext,
    session,
  });
  const events = record(agent);
  const result = await agent.prompt("please echo");
  assertEquals(types(events), [
    "user_message",
    "turn_start:1",
    "assistant_start",
    "text_delta",
    "tool_use_start",
    "tool_use_args",
    "tool_use_end",
    "usage",
    "assistant_message",
    "tool_call",
    "turn_end:1:tool_use",
    "tool_result",
    "turn_start:2",
    "assistant_start",
    "text_delta",
    "usage",
    "assistant_message",
    "turn_end:2:end",
    "done",
  ]);
  assertEquals(result.stop, "end");
  assertEquals(result.text, "all done");
  assertEquals(result.steps, 2);
  assertEquals(appended, ["user", "assistant", "tool", "assistant"]);
  assertEquals(usages.length, 2);
  assertEquals(ext.events.map((e) => e.event), [
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
  ]);
  // The second request carries the tool result back to the model.
  assertEquals(resultText(lastToolMessage(provider.requests[1].messages)), "echo: hi");
  assertEquals(provider.requests[0].system, "sys");
  assertEquals(provider.requests[0].tools.map((t) => t.name), ["echo"]);
});

Deno.test("tool calls run sequentially in the model's order, one tool message per step", async () => {
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([
      { id: "a", name: "echo", args: { text: "1" } },
      { id: "b", name: "echo", args: { text: "2" } },
    ]),
    say("ok"),
  ]);
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", tools: [echoTool(calls)] });
  await agent.prompt("go");
  assertEquals(calls, [{ text: "1" }, { text: "2" }]);
  const tool = lastToolMessage(agent.messages);
  assertEquals(tool.content.map((r) => r.callId), ["a", "b"]);
});

Deno.test("a blocked tool call is not run and its reason reaches the model", async () => {
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { text: "rm -rf /" } }]),
    say("understood"),
  ]);
  const ext = new FakeExtensions();
  ext.toolCall = () => ({ block: true, reason: "refused: dangerous", extension: "guard" });
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    extensions: ext,
  });
  const events = record(agent);
  await agent.prompt("go");
  assertEquals(calls, []);
  const result = events.find((e) => e.type === "tool_result");
  assert.ok(result?.type === "tool_result");
  assertEquals(result.isError, true);
  assertEquals(result.blockedBy, "guard");
  const sent = lastToolMessage(provider.requests[1].messages);
  assertEquals(resultText(sent), "refused: dangerous");
  assertEquals(sent.content[0].isError, true);
});

Deno.test("modified args replace the model's args after re-validation", async () => {
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { text: "original" } }]),
    callTools([{ id: "c2", name: "echo", args: { text: "again" } }]),
    say("ok"),
  ]);
  const ext = new FakeExtensions();
  let n = 0;
  ext.toolCall = () =>
    ++n === 1
      ? { block: false, args: { text: "rewritten" }, rewrittenBy: "fixer" }
      : { block: false, args: { text: 42 }, rewrittenBy: "fixer" };
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    extensions: ext,
  });
  await agent.prompt("go");
  assertEquals(calls, [{ text: "rewritten" }]);
  const second = lastToolMessage(provider.requests[2].messages);
  assertIncludes(resultText(second), `extension "fixer" rewrote the arguments of "echo"`);
  assertIncludes(resultText(second), "text");
  // The transcript keeps what the model actually sent.
  const assistant = agent.messages.find((m) => m.role === "assistant");
  assert.ok(assistant?.role === "assistant");
  assertEquals(assistant.content[0], {
    type: "tool_call",
    id: "c1",
    name: "echo",
    args: { text: "original" },
  });
});

Deno.test("a schema violation goes back to the model as a tool error naming the problem", async () => {
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { txt: "typo" } }]),
    say("fixed"),
  ]);
  const ext = new FakeExtensions();
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    extensions: ext,
  });
  await agent.prompt("go");
  assertEquals(calls, []);
  // Interception came first, even though the args were invalid.
  assertEquals(ext.toolCalls.length, 1);
  const text = resultText(lastToolMessage(provider.requests[1].messages));
  assertIncludes(text, `invalid arguments for tool "echo"`);
  assertIncludes(text, "text");
});

Deno.test("an unknown tool gets an error result listing the available tools", async () => {
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "nope", args: {} }]),
    say("ok"),
  ]);
  const ext = new FakeExtensions();
  ext.addTool("weather", "weather", "sunny");
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool()],
    extensions: ext,
  });
  await agent.prompt("go");
  const text = resultText(lastToolMessage(provider.requests[1].messages));
  assertEquals(text, `unknown tool "nope"; available tools: echo, weather`);
});

Deno.test("extension tool results carry the extension name; built-ins win name conflicts", async () => {
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "weather", args: {} }, {
      id: "c2",
      name: "echo",
      args: { text: "x" },
    }]),
    say("ok"),
  ]);
  const ext = new FakeExtensions();
  ext.addTool("weather-ext", "weather", "sunny");
  ext.addTool("shadow", "echo", "from extension");
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool()],
    extensions: ext,
  });
  const events = record(agent);
  await agent.prompt("go");
  const tool = lastToolMessage(agent.messages);
  assertEquals(tool.content[0].extension, "weather-ext");
  assertEquals(resultText(tool, 0), "sunny");
  assertEquals(tool.content[1].extension, undefined);
  assertEquals(resultText(tool, 1), "echo: x");
  assertEquals(agent.toolset.shadowed, [{
    name: "echo",
    extension: "shadow",
    shadowedBy: "built-in",
  }]);
  const first = events.find((e) => e.type === "tool_result");
  assert.ok(first?.type === "tool_result");
  assertEquals(first.extension, "weather-ext");
});

Deno.test("the step limit stops with a clear turn_end error and a valid transcript", async () => {
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { text: "1" } }]),
    callTools([{ id: "c2", name: "echo", args: { text: "2" } }]),
  ]);
  const calls: Record<string, unknown>[] = [];
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    maxSteps: 2,
  });
  const events = record(agent);
  const result = await agent.prompt("loop");
  assertEquals(result.stop, "error");
  assertIncludes(result.error ?? "", "step limit");
  assertIncludes(result.error ?? "", "--max-steps");
  assertEquals(calls, [{ text: "1" }]);
  const end = events.filter((e) => e.type === "turn_end").at(-1);
  assert.ok(end?.type === "turn_end");
  assertEquals([end.step, end.stop], [2, "error"]);
  assertEquals(types(events).slice(-2), ["error", "done"]);
  const tool = lastToolMessage(agent.messages);
  assertEquals(tool.content[0].callId, "c2");
  assertEquals(tool.content[0].isError, true);
});

Deno.test("a blocked turn start ends the turn with the reason, visibly", async () => {
  const provider = new FakeProvider([say("never")]);
  const ext = new FakeExtensions();
  ext.turnStart = () => ({ block: true, reason: "quota exhausted", extension: "budget" });
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", extensions: ext });
  const events = record(agent);
  const result = await agent.prompt("hi");
  assertEquals(provider.requests.length, 0);
  assertEquals(result.stop, "error");
  assertEquals(result.error, `extension "budget" blocked the turn: quota exhausted`);
  assertEquals(types(events), [
    "user_message",
    "turn_start:1",
    "turn_end:1:error",
    "error",
    "done",
  ]);
});

Deno.test("assistant_message replace_text changes the event and final text, not the transcript", async () => {
  const provider = new FakeProvider([say("the SECRET is 42")]);
  const ext = new FakeExtensions();
  ext.assistant = (text) => ({ block: false, text: text.replace("SECRET", "[redacted]") });
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", extensions: ext });
  const events = record(agent);
  const result = await agent.prompt("tell me");
  assertEquals(result.text, "the [redacted] is 42");
  // Streamed deltas are held back while an interceptor is listening.
  assertEquals(events.some((e) => e.type === "text_delta"), false);
  const shown = events.find((e) => e.type === "assistant_message");
  assert.ok(shown?.type === "assistant_message");
  assertEquals(shown.message.content, [{ type: "text", text: "the [redacted] is 42" }]);
  const stored = agent.messages[1];
  assert.ok(stored.role === "assistant");
  assertEquals(stored.content, [{ type: "text", text: "the SECRET is 42" }]);
  const forwarded = ext.events.find((e) => e.event === "assistant_message");
  assertEquals(forwarded, { event: "assistant_message", text: "the [redacted] is 42" });
});

Deno.test("a blocked assistant message is withheld with its reason", async () => {
  const provider = new FakeProvider([say("forbidden words")]);
  const ext = new FakeExtensions();
  ext.assistant = () => ({ block: true, reason: "policy" });
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", extensions: ext });
  const events = record(agent);
  const result = await agent.prompt("tell me");
  assertEquals(result.text, "");
  assertEquals(result.withheld, "policy");
  assertEquals(result.stop, "end");
  const shown = events.find((e) => e.type === "assistant_message");
  assert.ok(shown?.type === "assistant_message");
  assertEquals(shown.message.content, []);
  assertEquals(shown.blockedReason, "policy");
  assertEquals(ext.events.some((e) => e.event === "assistant_message"), false);
});

Deno.test("aborting mid-stream keeps partial text, drops the partial tool call", async () => {
  const controller = new AbortController();
  const provider = new FakeProvider([hangAfter(["Hello ", "wor"], () => controller.abort())]);
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", tools: [echoTool()] });
  const events = record(agent);
  const result = await agent.prompt("hi", { signal: controller.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(result.text, "Hello wor");
  assertEquals(agent.messages.length, 2);
  const assistant = agent.messages[1];
  assert.ok(assistant.role === "assistant");
  assertEquals(assistant.content, [{ type: "text", text: "Hello wor" }]);
  assertEquals(assistant.stopReason, "aborted");
  assertEquals(types(events).slice(-3), ["assistant_message", "turn_end:1:aborted", "done"]);
  assertEquals(events.some((e) => e.type === "error"), false);
});

Deno.test("aborting mid-tool stops the tool and stubs the calls that got no result", async () => {
  const controller = new AbortController();
  const provider = new FakeProvider([
    callTools([
      { id: "w", name: "wait", args: {} },
      { id: "e", name: "echo", args: { text: "never" } },
    ]),
  ]);
  const calls: Record<string, unknown>[] = [];
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [waitTool(() => controller.abort()), echoTool(calls)],
  });
  const events = record(agent);
  const result = await agent.prompt("go", { signal: controller.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(calls, []);
  const tool = lastToolMessage(agent.messages);
  assertEquals(tool.content.map((r) => [r.callId, r.isError]), [["w", true], ["e", true]]);
  assertEquals(resultText(tool, 0), "wait: stopped");
  assertEquals(resultText(tool, 1), "tool call was aborted; no result recorded.");
  const last = events.at(-1);
  assertEquals(last, { type: "done", stop: "aborted" });
  assertEquals(events.filter((e) => e.type === "tool_result").length, 2);
});

Deno.test("a call whose guard is still deciding when the user aborts is not run", async () => {
  const controller = new AbortController();
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([{ id: "e", name: "echo", args: { text: "side effect" } }]),
  ]);
  const ext = new FakeExtensions();
  // The guard answers "allow" only after Ctrl-C arrived (the host's interception takes no signal).
  ext.toolCall = () => {
    controller.abort();
    return { block: false };
  };
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    extensions: ext,
  });
  const result = await agent.prompt("go", { signal: controller.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(calls, []);
  assertEquals(resultText(lastToolMessage(agent.messages)), ABORTED_RESULT_TEXT);
});

Deno.test("Ctrl-C does not wait for a guard that is slow to answer", async () => {
  const controller = new AbortController();
  const calls: Record<string, unknown>[] = [];
  const provider = new FakeProvider([
    callTools([{ id: "e", name: "echo", args: { text: "side effect" } }]),
  ]);
  const order: string[] = [];
  const ext = new FakeExtensions();
  // A guard that answers only after everything already queued has run (like a 5 s timeout).
  let answered: Promise<ToolCallDecision> | undefined;
  ext.interceptToolCall = () => {
    controller.abort();
    answered = new Promise((resolve) =>
      setTimeout(() => {
        order.push("guard answered");
        resolve({ block: false });
      }, 0)
    );
    return answered;
  };
  const agent = new Agent({
    provider,
    model: "m",
    system: "",
    cwd: "/",
    tools: [echoTool(calls)],
    extensions: ext,
  });
  agent.subscribe((e) => void (e.type === "tool_result" && order.push("tool_result")));
  const result = await agent.prompt("go", { signal: controller.signal });
  assertEquals(result.stop, "aborted");
  assertEquals(calls, []);
  await answered;
  assertEquals(order, ["tool_result", "guard answered"]);
});

Deno.test("Ctrl-C does not wait for a slow turn_start guard", async () => {
  const controller = new AbortController();
  const provider = new FakeProvider([say("never asked")]);
  const order: string[] = [];
  const ext = new FakeExtensions();
  let answered: Promise<TurnStartDecision> | undefined;
  ext.interceptTurnStart = () => {
    controller.abort();
    answered = new Promise((resolve) =>
      setTimeout(() => {
        order.push("guard answered");
        resolve({ block: false });
      }, 0)
    );
    return answered;
  };
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", extensions: ext });
  agent.subscribe((e) => void (e.type === "done" && order.push(`done:${e.stop}`)));
  const result = await agent.prompt("go", { signal: controller.signal });
  assertEquals(result.stop, "aborted");
  await answered;
  assertEquals(order, ["done:aborted", "guard answered"]);
  assertEquals(provider.requests.length, 0);
});

Deno.test("a provider failure ends the turn with an error event before done", async () => {
  const provider = new FakeProvider([() => {
    throw new Error("http 500: overloaded");
  }]);
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/" });
  const events = record(agent);
  const result = await agent.prompt("hi");
  assertEquals(result.stop, "error");
  assertEquals(result.error, "http 500: overloaded");
  assertEquals(types(events).slice(-3), ["turn_end:1:error", "error", "done"]);
  // The prompt stays in the transcript; the empty answer does not.
  assertEquals(agent.messages.map((m) => m.role), ["user"]);
});

Deno.test("a prompt while busy is refused with agent_busy", async () => {
  const controller = new AbortController();
  let started!: () => void;
  const running = new Promise<void>((r) => started = r);
  const provider = new FakeProvider([hangAfter([], () => started())]);
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/" });
  const first = agent.prompt("one", { signal: controller.signal });
  await running;
  assertEquals(agent.busy, true);
  let code = "";
  try {
    await agent.prompt("two");
  } catch (err) {
    code = (err as { code?: string }).code ?? "";
  }
  assertEquals(code, "agent_busy");
  controller.abort();
  assertEquals((await first).stop, "aborted");
  assertEquals(agent.busy, false);
});

Deno.test("usage is priced per call and summed per turn and session", async () => {
  const provider = new FakeProvider([
    callTools([{ id: "c1", name: "echo", args: { text: "x" } }]),
    say("ok"),
    say("again"),
  ]);
  const agent = new Agent({
    provider,
    model: "priced",
    system: "",
    cwd: "/",
    tools: [echoTool()],
    price: (model) =>
      model === "priced"
        ? { input: 1_000_000, output: 2_000_000, cacheRead: 0, cacheWrite: 0 }
        : undefined,
  });
  const events = record(agent);
  const first = await agent.prompt("a");
  // 20 in + 8 out, then 10 in + 5 out: (30 * 1) + (13 * 2) dollars.
  assertEquals(first.usage.costUsd, 56);
  assertEquals(first.usage.input, 30);
  const second = await agent.prompt("b");
  assertEquals(second.usage.costUsd, 20);
  assertEquals(agent.usage.costUsd, 76);
  const last = events.filter((e) => e.type === "usage").at(-1);
  assert.ok(last?.type === "usage");
  assertEquals(last.cumulative.costUsd, 76);
});

Deno.test("session_start reaches extensions once when asked", () => {
  const ext = new FakeExtensions();
  const agent = new Agent({
    provider: new FakeProvider([]),
    model: "m",
    system: "",
    cwd: "/",
    extensions: ext,
  });
  agent.emitSessionStart();
  assertEquals(ext.events, [{ event: "session_start" }]);
});

Deno.test("resumed history is sent to the provider before the new prompt", async () => {
  const provider = new FakeProvider([say("I remember")]);
  const history: Message[] = [
    { role: "user", content: [{ type: "text", text: "my name is Ada" }], time: "t" },
    { role: "assistant", content: [{ type: "text", text: "hi Ada" }], time: "t" },
  ];
  const agent = new Agent({ provider, model: "m", system: "", cwd: "/", history });
  await agent.prompt("what is my name?");
  assertEquals(provider.requests[0].messages.length, 3);
  assertEquals(provider.requests[0].messages[0], history[0]);
});
