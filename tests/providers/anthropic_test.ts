import { assert, assertEquals } from "../support/assert.ts";
import type { Message } from "../../src/messages/mod.ts";
import { body, collect, deltas, doneOf, request, setup } from "./harness.ts";

const T = "2026-01-01T00:00:00.000Z";

Deno.test("anthropic streams text, reports priced usage and sends the right headers", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    text: "Hello there, world",
    usage: { input: 1000, output: 200, cacheRead: 3000, cacheWrite: 400 },
  });
  const events = await collect(ctx.provider.stream(request(ctx.provider)));
  assertEquals(deltas(events, "text_delta"), "Hello there, world");
  const message = doneOf(events);
  assertEquals(message.content, [{ type: "text", text: "Hello there, world" }]);
  assertEquals(message.stopReason, "end");
  assertEquals(message.model, "claude-sonnet-4-5");
  // claude-sonnet-4-5: $3 in, $15 out, $0.30 cache read, $3.75 cache write per million.
  const cost = (1000 * 3 + 200 * 15 + 3000 * 0.3 + 400 * 3.75) / 1e6;
  const usage = events.find((e) => e.type === "usage");
  assertEquals(usage, {
    type: "usage",
    usage: { input: 1000, output: 200, cacheRead: 3000, cacheWrite: 400, costUsd: cost },
  });
  assertEquals(message.usage?.costUsd, cost);
  const req = ctx.server.requests[0];
  assertEquals(req.path, "/v1/messages");
  assertEquals(req.headers["x-api-key"], "test-key");
  assertEquals(req.headers.authorization, undefined);
  assertEquals(req.headers["anthropic-version"], "2023-06-01");
  assertEquals(req.headers["content-type"], "application/json");
  assertEquals(req.headers.accept, "text/event-stream");
  assert.match(req.headers["user-agent"] ?? "", /^zot\/\d+\.\d+\.\d+/);
  assertEquals(body(ctx.server).stream, true);
  assertEquals(body(ctx.server).max_tokens, 64000);
});

Deno.test("anthropic assembles streamed tool-use JSON into tool calls with parsed args", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    blocks: [
      { type: "text", text: "Let me look." },
      { type: "tool_use", id: "toolu_1", name: "read", input: { path: "src/main.ts", limit: 20 } },
      { type: "tool_use", id: "toolu_2", name: "bash", input: { command: "ls -la ünï" } },
    ],
    deltaSize: 3,
  });
  const events = await collect(ctx.provider.stream(request(ctx.provider)));
  const message = doneOf(events);
  assertEquals(message.stopReason, "tool_use");
  assertEquals(message.content, [
    { type: "text", text: "Let me look." },
    { type: "tool_call", id: "toolu_1", name: "read", args: { path: "src/main.ts", limit: 20 } },
    { type: "tool_call", id: "toolu_2", name: "bash", args: { command: "ls -la ünï" } },
  ]);
  const kinds = events.filter((e) => e.type.startsWith("tool_use")).map((e) => e.type);
  assertEquals(kinds[0], "tool_use_start");
  assert.ok(kinds.filter((k) => k === "tool_use_args").length > 4);
  assertEquals(kinds.filter((k) => k === "tool_use_end").length, 2);
  const args = events.flatMap((e) =>
    e.type === "tool_use_args" && e.id === "toolu_1" ? [e.delta] : []
  );
  assertEquals(JSON.parse(args.join("")), { path: "src/main.ts", limit: 20 });
});

Deno.test("anthropic keeps signed thinking blocks and sends thinking budgets", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    blocks: [
      { type: "thinking", text: "The user greets me.", signature: "sig-abc" },
      { type: "text", text: "Hi!" },
    ],
  });
  const events = await collect(
    ctx.provider.stream(request(ctx.provider, { reasoning: "medium", maxTokens: 4000 })),
  );
  assertEquals(deltas(events, "thinking_delta"), "The user greets me.");
  assertEquals(doneOf(events).content, [
    { type: "thinking", text: "The user greets me.", signature: "sig-abc" },
    { type: "text", text: "Hi!" },
  ]);
  const sent = body(ctx.server);
  assertEquals(sent.thinking, { type: "enabled", budget_tokens: 8192 });
  assertEquals(sent.max_tokens, 8192 + 4096, "max_tokens is bumped above the budget");
});

Deno.test("anthropic keeps a thinking signature sent in content_block_start, and never doubles it", async () => {
  await using ctx = await setup("anthropic");
  const event = (data: Record<string, unknown>) =>
    `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
  const thinking = (index: number, signature: string) =>
    event({
      type: "content_block_start",
      index,
      content_block: { type: "thinking", thinking: "", signature },
    }) +
    event({
      type: "content_block_delta",
      index,
      delta: { type: "thinking_delta", thinking: `step ${index}` },
    });
  const body = event({
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 1 },
    },
  }) +
    thinking(0, "sig-in-start") +
    event({ type: "content_block_stop", index: 0 }) +
    thinking(1, "sig-b") +
    event({
      type: "content_block_delta",
      index: 1,
      delta: { type: "signature_delta", signature: "sig-b" },
    }) +
    event({ type: "content_block_stop", index: 1 }) +
    event({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 9 },
    }) +
    event({ type: "message_stop" });
  ctx.server.raw(body);
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.content, [
    { type: "thinking", text: "step 0", signature: "sig-in-start" },
    { type: "thinking", text: "step 1", signature: "sig-b" },
  ]);
});

Deno.test("anthropic keeps redacted thinking and replays it unchanged with its turn", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    blocks: [
      { type: "redacted_thinking", data: "EmwKAhgBEgy3va" },
      { type: "tool_use", id: "toolu_r", name: "read", input: { path: "a.txt" } },
    ],
  });
  const first = doneOf(
    await collect(ctx.provider.stream(request(ctx.provider, { reasoning: "low" }))),
  );
  assertEquals(first.content[0], { type: "thinking", text: "", redacted: "EmwKAhgBEgy3va" });

  ctx.server.reply({ text: "done" });
  const messages: Message[] = [
    { role: "user", content: [{ type: "text", text: "read a.txt" }], time: T },
    first,
    {
      role: "tool",
      time: T,
      content: [{
        type: "tool_result",
        callId: "toolu_r",
        isError: false,
        content: [{ type: "text", text: "A" }],
      }],
    },
  ];
  await collect(ctx.provider.stream(request(ctx.provider, { reasoning: "low", messages })));
  const replayed = (ctx.server.bodies()[1] as { messages: { content: unknown[] }[] }).messages[1];
  assertEquals(replayed.content[0], { type: "redacted_thinking", data: "EmwKAhgBEgy3va" });
});

Deno.test("anthropic reasoning: high budget fits under a large max_tokens; adaptive models get effort", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({ text: "a" }, { text: "b" }, { text: "c" });
  await collect(ctx.provider.stream(request(ctx.provider, { reasoning: "high" })));
  assertEquals(body(ctx.server, 0).thinking, { type: "enabled", budget_tokens: 16384 });
  assertEquals(body(ctx.server, 0).max_tokens, 64000);
  await collect(
    ctx.provider.stream(request(ctx.provider, { model: "claude-opus-5-5", reasoning: "low" })),
  );
  assertEquals(body(ctx.server, 1).thinking, { type: "adaptive" });
  assertEquals(body(ctx.server, 1).output_config, { effort: "low" });
  await collect(ctx.provider.stream(request(ctx.provider)));
  assertEquals(body(ctx.server, 2).thinking, undefined, "no reasoning asked, no thinking sent");
});

Deno.test("anthropic request: system, tools and last user message carry cache breakpoints", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({ text: "done" });
  const messages: Message[] = [
    { role: "user", content: [{ type: "text", text: "read a.txt" }], time: T },
    {
      role: "assistant",
      time: T,
      stopReason: "tool_use",
      content: [
        { type: "thinking", text: "need the file", signature: "sig-1" },
        { type: "thinking", text: "unsigned, from an aborted turn" },
        { type: "text", text: "Reading." },
        { type: "tool_call", id: "toolu_9", name: "read", args: { path: "a.txt" } },
      ],
    },
    {
      role: "tool",
      time: T,
      content: [{
        callId: "toolu_9",
        type: "tool_result",
        isError: false,
        content: [
          { type: "text", text: "file body" },
          { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
        ],
      }],
    },
    { role: "user", content: [{ type: "text", text: "and now?" }], time: T },
  ];
  const tools = [
    { name: "read", description: "Read a file", schema: { type: "object", properties: {} } },
    { name: "bash", description: "Run a command", schema: { type: "object" } },
  ];
  await collect(
    ctx.provider.stream(request(ctx.provider, { system: "You are zot.", messages, tools })),
  );
  const sent = body(ctx.server);
  assertEquals(sent.system, [
    { type: "text", text: "You are zot.", cache_control: { type: "ephemeral" } },
  ]);
  assertEquals(sent.tools, [
    { name: "read", description: "Read a file", input_schema: { type: "object", properties: {} } },
    {
      name: "bash",
      description: "Run a command",
      input_schema: { type: "object" },
      cache_control: { type: "ephemeral" },
    },
  ]);
  assertEquals(sent.messages, [
    { role: "user", content: [{ type: "text", text: "read a.txt" }] },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "need the file", signature: "sig-1" },
        { type: "text", text: "Reading." },
        { type: "tool_use", id: "toolu_9", name: "read", input: { path: "a.txt" } },
      ],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_9",
          content: [
            { type: "text", text: "file body" },
            {
              type: "image",
              source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
            },
          ],
        },
        { type: "text", text: "and now?", cache_control: { type: "ephemeral" } },
      ],
    },
  ]);
});

Deno.test("anthropic maps stop reasons and marks error tool results", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({ text: "cut", stopReason: "length" }, {
    text: "x",
    stopReason: "stop_sequence",
  });
  const messages: Message[] = [
    { role: "user", content: [{ type: "text", text: "go" }], time: T },
    {
      role: "assistant",
      time: T,
      content: [{ type: "tool_call", id: "t1", name: "bash", args: {} }],
    },
    {
      role: "tool",
      time: T,
      content: [{
        type: "tool_result",
        callId: "t1",
        isError: true,
        content: [{ type: "text", text: "boom" }],
      }],
    },
  ];
  const first = await collect(ctx.provider.stream(request(ctx.provider, { messages })));
  assertEquals(doneOf(first).stopReason, "length");
  const second = await collect(ctx.provider.stream(request(ctx.provider)));
  assertEquals(doneOf(second).stopReason, "end");
  const sentMessages = body(ctx.server).messages as { content: unknown[] }[];
  assertEquals(sentMessages[2].content[0], {
    type: "tool_result",
    tool_use_id: "t1",
    content: [{ type: "text", text: "boom" }],
    is_error: true,
    cache_control: { type: "ephemeral" },
  });
});

Deno.test("anthropic: a truncated tool call at max_tokens is dropped, the text kept", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    blocks: [
      { type: "text", text: "Writing" },
      { type: "tool_use", id: "t1", name: "write", rawArgs: '{"path":"a","content":"unfinish' },
    ],
    stopReason: "length",
  });
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.stopReason, "length");
  assertEquals(message.content, [{ type: "text", text: "Writing" }]);
});

Deno.test("anthropic reassembles SSE split at arbitrary byte boundaries", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.reply({
    blocks: [
      { type: "thinking", text: "héllo → wörld 🌍", signature: "s" },
      { type: "text", text: "naïve café 🍵 done" },
      { type: "tool_use", id: "t", name: "read", input: { path: "ü.txt" } },
    ],
    splitBytes: 3,
  });
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.content, [
    { type: "thinking", text: "héllo → wörld 🌍", signature: "s" },
    { type: "text", text: "naïve café 🍵 done" },
    { type: "tool_call", id: "t", name: "read", args: { path: "ü.txt" } },
  ]);
});
