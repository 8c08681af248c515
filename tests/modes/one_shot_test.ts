import { runJson, runPrint } from "../../src/modes/mod.ts";
import { ZotError } from "../../src/errors/mod.ts";
import { assert, assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";
import { callTools, say } from "../support/fake_provider.ts";
import { echoTool } from "../agent/fakes.ts";
import { fakeContext, FakeSlashHost } from "./support.ts";

const signal = new AbortController().signal;

Deno.test("print mode prints only the final assistant text", async () => {
  const { ctx, captured } = fakeContext([
    callTools([{ id: "c", name: "echo", args: { text: "x" } }], "thinking aloud"),
    say("final answer"),
  ], { tools: [echoTool()] });
  await runPrint(ctx, "do it", signal);
  assertEquals(captured.stdout, "final answer\n");
});

Deno.test("print mode fails with the turn's error and a non-zero exit code", async () => {
  const { ctx, captured } = fakeContext([() => {
    throw new Error("http 401: bad key");
  }]);
  const err = await assertRejects(() => runPrint(ctx, "hi", signal), ZotError);
  assertEquals(err.code, "turn_failed");
  assertEquals(err.exitCode, 1);
  assertIncludes(err.message, "http 401: bad key");
  assertEquals(captured.stdout, "");
});

Deno.test("print mode refuses an empty prompt with a usage exit code", async () => {
  const { ctx } = fakeContext([]);
  const err = await assertRejects(() => runPrint(ctx, "  ", signal), ZotError);
  assertEquals(err.exitCode, 2);
});

Deno.test("slash display prints, prompt runs the agent, error fails", async () => {
  const slash = new FakeSlashHost()
    .add("show", (args) => ({ action: "display", display: `shown ${args}` }))
    .add("ask", (args) => ({ action: "prompt", prompt: `answer about ${args}` }))
    .add("bad", () => ({ action: "noop", error: "it broke" }))
    .add("ins", () => ({ action: "insert", insert: "draft text" }));

  const shown = fakeContext([], { slash });
  await runPrint(shown.ctx, "/show a b", signal);
  assertEquals(shown.captured.stdout, "shown a b\n");
  assertEquals(slash.invoked.at(-1), { name: "show", args: "a b" });

  const asked = fakeContext([say("42")], { slash });
  await runPrint(asked.ctx, "/ask life", signal);
  assertEquals(asked.captured.stdout, "42\n");
  const sent = asked.provider.requests[0].messages[0].content[0];
  assert.ok(sent.type === "text");
  assertEquals(sent.text, "answer about life");

  const failed = fakeContext([], { slash });
  const err = await assertRejects(() => runPrint(failed.ctx, "/bad", signal), ZotError);
  assertEquals(err.message, "extension /bad: it broke");

  const inserted = fakeContext([], { slash });
  await runPrint(inserted.ctx, "/ins", signal);
  assertEquals(inserted.captured.stdout, "draft text\n");
  assertIncludes(inserted.captured.stderr, "no editor");
});

Deno.test("unknown commands fail; paths are prompts; built-ins win over extensions", async () => {
  const slash = new FakeSlashHost().add("help", () => ({ action: "display", display: "ext help" }));
  const unknown = fakeContext([], { slash });
  const err = await assertRejects(() => runPrint(unknown.ctx, "/nope", signal), ZotError);
  assertIncludes(err.message, "unknown command /nope");

  const path = fakeContext([say("it is a path")], { slash });
  await runPrint(path.ctx, "/Users/x/file.txt what is this", signal);
  assertEquals(path.captured.stdout, "it is a path\n");

  const help = fakeContext([], { slash });
  await runPrint(help.ctx, "/help", signal);
  assertIncludes(help.captured.stdout, "/compact");
  assertEquals(help.captured.stdout.includes("ext help"), false);

  const model = fakeContext([], { slash });
  const modelErr = await assertRejects(() => runPrint(model.ctx, "/model x", signal), ZotError);
  assertIncludes(modelErr.message, "interactive mode");
});

Deno.test("notify goes to stderr and a submit frame queues a prompt", async () => {
  const slash = new FakeSlashHost();
  const { ctx, captured, bus, provider } = fakeContext([say("first"), say("second")], { slash });
  slash.add("kick", () => {
    bus.notify({ extension: "fake-ext", level: "warn", message: "careful" });
    bus.submit({ extension: "fake-ext", text: "follow-up" });
    return { action: "prompt", prompt: "start" };
  });
  await runPrint(ctx, "/kick", signal);
  assertEquals(captured.stdout, "first\nsecond\n");
  assertEquals(captured.stderr, "[fake-ext] warn: careful\n");
  assertEquals(provider.requests.length, 2);
});

Deno.test("json mode writes one object per event with the original names", async () => {
  const { ctx, captured } = fakeContext([
    callTools([{ id: "c1", name: "echo", args: { text: "x" } }]),
    say("done"),
  ], { tools: [echoTool()] });
  await runJson(ctx, "go", signal);
  const lines = captured.lines();
  assertEquals(lines.map((l) => l.type), [
    "user_message",
    "turn_start",
    "assistant_start",
    "tool_use_start",
    "tool_use_args",
    "tool_use_end",
    "usage",
    "assistant_message",
    "tool_call",
    "turn_end",
    "tool_result",
    "turn_start",
    "assistant_start",
    "text_delta",
    "usage",
    "assistant_message",
    "turn_end",
    "done",
  ]);
  assertEquals(lines[6], {
    type: "usage",
    input: 20,
    output: 8,
    cache_read: 0,
    cache_write: 0,
    cost_usd: 0,
    cumulative: { input: 20, output: 8, cache_read: 0, cache_write: 0, cost_usd: 0 },
  });
  assertEquals(lines[8], { type: "tool_call", id: "c1", name: "echo", args: { text: "x" } });
  assertEquals(lines[9], { type: "turn_end", step: 1, stop: "tool_use" });
  assertEquals(lines[10], {
    type: "tool_result",
    id: "c1",
    name: "echo",
    is_error: false,
    content: [{ type: "text", text: "echo: x" }],
  });
  assertEquals(lines.at(-1), { type: "done", stop: "end" });
});

Deno.test("json mode reports a failed turn as an error event and a non-zero exit", async () => {
  const { ctx, captured } = fakeContext([() => {
    throw new Error("boom");
  }]);
  await assertRejects(() => runJson(ctx, "go", signal), ZotError);
  const lines = captured.lines();
  assertEquals(lines.slice(-2), [{ type: "error", message: "boom" }, {
    type: "done",
    stop: "error",
  }]);
});

Deno.test("json mode sends a command's display as ext_display and its error as error", async () => {
  const slash = new FakeSlashHost()
    .add("show", () => ({ action: "display", display: "hello" }))
    .add("bad", () => ({ action: "noop", error: "nope" }));
  const shown = fakeContext([], { slash });
  await runJson(shown.ctx, "/show", signal);
  assertEquals(shown.captured.lines(), [{
    type: "ext_display",
    extension: "fake-ext",
    text: "hello",
  }]);
  const bad = fakeContext([], { slash });
  await assertRejects(() => runJson(bad.ctx, "/bad", signal), ZotError);
  assertEquals(bad.captured.lines(), [{ type: "error", message: "extension /bad: nope" }]);
});
