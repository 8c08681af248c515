import { assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";
import { ProviderError } from "../../src/errors/mod.ts";
import { collect, doneOf, request, setup } from "./harness.ts";

const A_START = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":' +
  '"message","role":"assistant","model":"x","content":[],"stop_reason":null,"usage":' +
  '{"input_tokens":1,"output_tokens":1}}}\n\n';
const A_TEXT = 'event: content_block_start\ndata: {"type":"content_block_start","index":0,' +
  '"content_block":{"type":"text","text":""}}\n\nevent: content_block_delta\ndata: ' +
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n';
const O_TEXT = 'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"x",' +
  '"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\n';

const cases = [
  {
    kind: "anthropic",
    what: "broken JSON in an event",
    body: `${A_START}event: content_block_start\ndata: {"type":"content_block_st`,
  },
  { kind: "openai", what: "broken JSON in a chunk", body: 'data: {"id":"c","choices":[{\n\n' },
  {
    kind: "anthropic",
    what: "an HTML error page with status 200",
    body: "<html><body>502 Bad Gateway</body></html>",
    contentType: "text/html",
  },
  {
    kind: "openai",
    what: "an HTML error page with status 200",
    body: "<html><body>502 Bad Gateway</body></html>",
    contentType: "text/html",
  },
  { kind: "anthropic", what: "an empty body", body: "" },
  { kind: "openai", what: "an empty body", body: "" },
] as const;

for (const c of cases) {
  Deno.test(`${c.kind}: ${c.what} is a ProviderError, never a crash`, async () => {
    await using ctx = await setup(c.kind, { retry: { maxAttempts: 1 } });
    ctx.server.raw(c.body, { contentType: "contentType" in c ? c.contentType : undefined });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertIncludes(err.message, c.kind);
  });
}

Deno.test("anthropic: malformed JSON after text ends the answer with an error, text kept", async () => {
  await using ctx = await setup("anthropic");
  ctx.server.raw(`${A_START}${A_TEXT}event: content_block_delta\ndata: {nope}\n\n`);
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.stopReason, "error");
  assertEquals(message.content, [{ type: "text", text: "Hi" }]);
  assertIncludes(message.error ?? "", "anthropic stream broke off after output started");
});

Deno.test("openai: malformed JSON after text ends the answer with an error, text kept", async () => {
  await using ctx = await setup("openai");
  ctx.server.raw(`${O_TEXT}data: {"choices": [\n\n`);
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.stopReason, "error");
  assertEquals(message.content, [{ type: "text", text: "Hi" }]);
});

Deno.test("unknown event and block types are ignored", async () => {
  await using ctx = await setup("anthropic");
  const body = A_START +
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,' +
    '"content_block":{"type":"server_tool_use","id":"s","name":"web_search","input":{}}}\n\n' +
    'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
    'event: future_event\ndata: {"type":"future_event"}\n\n' +
    A_TEXT.replaceAll('"index":0', '"index":1') +
    'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},' +
    '"usage":{"output_tokens":3}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
  ctx.server.raw(body);
  const message = doneOf(await collect(ctx.provider.stream(request(ctx.provider))));
  assertEquals(message.content, [{ type: "text", text: "Hi" }]);
  assertEquals(message.stopReason, "end");
});

Deno.test("openai: an error JSON body with a string error is reported verbatim", async () => {
  await using ctx = await setup("ollama", { model: "llama3.2" });
  ctx.server.raw('{"error":"model \\"llama3.2\\" not found, try pulling it first"}', {
    status: 404,
    contentType: "application/json",
  });
  const err = await assertRejects(
    () => collect(ctx.provider.stream(request(ctx.provider))),
    ProviderError,
  );
  assertEquals(err.code, "model_not_found");
  assertIncludes(
    err.message,
    'ollama returned 404 Not Found: model "llama3.2" not found, try pulling it first',
  );
});
