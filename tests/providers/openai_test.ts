import { assert, assertEquals, assertThrows } from "../support/assert.ts";
import { ProviderError } from "../../src/errors/mod.ts";
import type { Message } from "../../src/messages/mod.ts";
import { body, collect, deltas, doneOf, request, setup } from "./harness.ts";

const T = "2026-01-01T00:00:00.000Z";

Deno.test("openai streams text with usage (cached tokens split out) and cost", async () => {
  await using ctx = await setup("openai");
  ctx.server.reply({
    text: "Hello from GPT",
    usage: { input: 1000, cacheRead: 4000, output: 300 },
  });
  const events = await collect(ctx.provider.stream(request(ctx.provider, { system: "Be brief." })));
  assertEquals(deltas(events, "text_delta"), "Hello from GPT");
  const message = doneOf(events);
  assertEquals(message.stopReason, "end");
  // gpt-4.1: $2 in, $8 out, $0.50 cached per million.
  const cost = (1000 * 2 + 300 * 8 + 4000 * 0.5) / 1e6;
  assertEquals(message.usage, {
    input: 1000,
    output: 300,
    cacheRead: 4000,
    cacheWrite: 0,
    costUsd: cost,
  });
  const req = ctx.server.requests[0];
  assertEquals(req.path, "/v1/chat/completions");
  assertEquals(req.headers.authorization, "Bearer test-key");
  assertEquals(req.headers["content-type"], "application/json");
  assertEquals(req.headers.accept, "text/event-stream");
  const sent = body(ctx.server);
  assertEquals(sent.stream, true);
  assertEquals(sent.stream_options, { include_usage: true });
  assertEquals(sent.max_tokens, 32768);
  assertEquals(sent.max_completion_tokens, undefined);
  assertEquals(sent.messages, [
    { role: "system", content: "Be brief." },
    { role: "user", content: "hello" },
  ]);
});

Deno.test("openai assembles tool-call argument deltas by index", async () => {
  await using ctx = await setup("openai");
  ctx.server.reply({
    blocks: [
      { type: "text", text: "Checking." },
      { type: "tool_use", id: "call_a", name: "read", input: { path: "x.ts" } },
      {
        type: "tool_use",
        id: "call_b",
        name: "grep",
        input: { pattern: "fn\\(", paths: ["a", "b"] },
      },
    ],
    deltaSize: 2,
  });
  const tools = [{ name: "read", description: "Read", schema: { type: "object" } }];
  const events = await collect(ctx.provider.stream(request(ctx.provider, { tools })));
  const message = doneOf(events);
  assertEquals(message.stopReason, "tool_use");
  assertEquals(message.content, [
    { type: "text", text: "Checking." },
    { type: "tool_call", id: "call_a", name: "read", args: { path: "x.ts" } },
    {
      type: "tool_call",
      id: "call_b",
      name: "grep",
      args: { pattern: "fn\\(", paths: ["a", "b"] },
    },
  ]);
  const ends = events.filter((e) => e.type === "tool_use_end").map((e) =>
    e.type === "tool_use_end" && e.id
  );
  assertEquals(ends, ["call_a", "call_b"]);
  assertEquals(body(ctx.server).tools, [
    {
      type: "function",
      function: { name: "read", description: "Read", parameters: { type: "object" } },
    },
  ]);
});

Deno.test("openai-compatible: whole tool calls without an index (older Ollama) stay separate", async () => {
  await using ctx = await setup("ollama", { model: "qwen3" });
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${
      JSON.stringify({
        id: "chatcmpl-1",
        object: "chat.completion.chunk",
        created: 1,
        model: "qwen3",
        choices: [{ index: 0, delta, finish_reason: finish }],
      })
    }\n\n`;
  const call = (id: string, name: string, args: unknown) => ({
    id,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  });
  ctx.server.raw(
    chunk({
      role: "assistant",
      content: "",
      tool_calls: [call("call_1", "read", { path: "a" }), call("call_2", "read", { path: "b" })],
    }) +
      chunk({ role: "assistant", tool_calls: [call("call_3", "bash", { command: "ls" })] }) +
      chunk({ role: "assistant", content: "" }, "stop") + "data: [DONE]\n\n",
  );
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.stopReason, "tool_use");
  assertEquals(message.content, [
    { type: "tool_call", id: "call_1", name: "read", args: { path: "a" } },
    { type: "tool_call", id: "call_2", name: "read", args: { path: "b" } },
    { type: "tool_call", id: "call_3", name: "bash", args: { command: "ls" } },
  ]);
});

Deno.test("openai reasoning models get reasoning_effort and max_completion_tokens", async () => {
  await using ctx = await setup("openai", { model: "o4-mini" });
  ctx.server.reply({ text: "42" }, { text: "43" });
  await collect(ctx.provider.stream(request(ctx.provider, { reasoning: "high", maxTokens: 5000 })));
  const sent = body(ctx.server);
  assertEquals(sent.reasoning_effort, "high");
  assertEquals(sent.max_completion_tokens, 5000);
  assertEquals(sent.max_tokens, undefined);
  await collect(
    ctx.provider.stream(request(ctx.provider, { model: "gpt-4.1", reasoning: "high" })),
  );
  assertEquals(body(ctx.server, 1).reasoning_effort, undefined, "not a reasoning model");
  assertEquals(body(ctx.server, 1).max_tokens, 32768);
});

Deno.test("openai converts history: tool calls, tool results, images mirrored to a user message", async () => {
  await using ctx = await setup("openai");
  ctx.server.reply({ text: "I see a cat." });
  const long = "x".repeat(600);
  const messages: Message[] = [
    {
      role: "user",
      time: T,
      content: [
        { type: "text", text: "what is this?" },
        { type: "image", mimeType: "image/jpeg", data: "/9j/4AAQ" },
      ],
    },
    {
      role: "assistant",
      time: T,
      content: [
        { type: "thinking", text: "not replayed", signature: "s" },
        { type: "text", text: "Let me screenshot." },
        { type: "tool_call", id: "c1", name: "shot", args: { full: true } },
        { type: "tool_call", id: "c2", name: "bash", args: { command: "echo" } },
      ],
    },
    {
      role: "tool",
      time: T,
      content: [
        {
          type: "tool_result",
          callId: "c1",
          isError: false,
          content: [{ type: "text", text: long }, {
            type: "image",
            mimeType: "image/png",
            data: "iVBO",
          }],
        },
        { type: "tool_result", callId: "c2", isError: true, content: [] },
      ],
    },
    { role: "assistant", time: T, content: [], stopReason: "aborted" },
  ];
  await collect(ctx.provider.stream(request(ctx.provider, { messages })));
  assertEquals(body(ctx.server).messages, [
    {
      role: "user",
      content: [
        { type: "text", text: "what is this?" },
        { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
      ],
    },
    {
      role: "assistant",
      content: "Let me screenshot.",
      tool_calls: [
        { id: "c1", type: "function", function: { name: "shot", arguments: '{"full":true}' } },
        { id: "c2", type: "function", function: { name: "bash", arguments: '{"command":"echo"}' } },
      ],
    },
    {
      role: "tool",
      tool_call_id: "c1",
      content: `${long}\n1 image(s) attached in the next user message`,
    },
    { role: "tool", tool_call_id: "c2", content: "(no output)" },
    {
      role: "user",
      content: [
        { type: "text", text: `Images from tool call c1: ${"x".repeat(500)}…` },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBO" } },
      ],
    },
  ]);
});

Deno.test("ollama works without a key against the default-style /v1 base", async () => {
  await using ctx = await setup("ollama", { model: "qwen3:8b" });
  ctx.server.reply({
    blocks: [{ type: "thinking", text: "hmm" }, { type: "text", text: "local answer" }],
    usage: { input: 12, output: 3 },
  });
  const events = await collect(ctx.provider.stream(request(ctx.provider, { reasoning: "low" })));
  const message = doneOf(events);
  assertEquals(message.content, [{ type: "thinking", text: "hmm" }, {
    type: "text",
    text: "local answer",
  }]);
  assertEquals(message.usage?.costUsd, 0);
  assertEquals(ctx.provider.model.contextWindow, 32768);
  assertEquals(ctx.provider.model.maxOutput, 8192);
  const req = ctx.server.requests[0];
  assertEquals(req.path, "/v1/chat/completions");
  assert.ok(!req.headers.authorization?.includes("test-key"));
  assertEquals(body(ctx.server).max_tokens, 8192);
  assertEquals(body(ctx.server).reasoning_effort, undefined);
});

Deno.test("openai: a base URL already ending in /v1 is used as is", async () => {
  await using ctx = await setup("openai");
  const { createProvider } = await import("../../src/providers/mod.ts");
  const p = createProvider({
    provider: "openai",
    apiKey: "k",
    baseUrl: `${ctx.server.url}/v1/`,
    paths: ctx.paths,
    env: { get: () => undefined },
  });
  ctx.server.reply({ text: "ok" });
  await collect(p.stream(request(p)));
  assertEquals(ctx.server.requests[0].path, "/v1/chat/completions");
  assertEquals(p.baseUrl, `${ctx.server.url}/v1`);
});

Deno.test("a models.json provider with a baseUrl is an OpenAI-compatible endpoint", async () => {
  await using ctx = await setup("ollama", { model: "x" });
  await Deno.writeTextFile(
    ctx.paths.modelsFile,
    JSON.stringify({
      providers: {
        lmstudio: { models: [{ id: "coder-7b", baseUrl: ctx.server.url, priceInput: 1 }] },
      },
    }),
  );
  const { createProvider } = await import("../../src/providers/mod.ts");
  const keyless = createProvider({
    provider: "lmstudio",
    paths: ctx.paths,
    env: { get: () => undefined },
  });
  const keyed = createProvider({
    provider: "lmstudio",
    paths: ctx.paths,
    env: { get: (n) => (n === "LMSTUDIO_API_KEY" ? "lm-key" : undefined) },
  });
  ctx.server.reply({ text: "one", usage: { input: 1_000_000 } }, { text: "two" });
  const first = doneOf(await collect(keyless.stream(request(keyless))));
  assertEquals(first.usage?.costUsd, 1);
  await collect(keyed.stream(request(keyed)));
  assertEquals(body(ctx.server, 0).model, "coder-7b");
  assertEquals(ctx.server.requests[1].headers.authorization, "Bearer lm-key");
  const bad = assertThrows(
    () => createProvider({ provider: "lmstudio", baseUrl: "not a url", paths: ctx.paths }),
    ProviderError,
  );
  assertEquals(bad.code, "bad_base_url");
});
