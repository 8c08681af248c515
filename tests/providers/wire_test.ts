/**
 * The provider clients (anthropic.ts, openai.ts) against real HTTP: error bodies, mid-stream
 * error records, retry-after headers and aborts, as the SDKs they replace handled them.
 */

import { assert, assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";
import { ProviderError } from "../../src/errors/mod.ts";
import {
  createAnthropicClient,
  type MessageCreateParamsStreaming,
  streamMessages,
} from "../../src/providers/anthropic.ts";
import type { Failure } from "../../src/providers/failure.ts";
import { WireFailure } from "../../src/providers/http_stream.ts";
import {
  type ChatCompletionCreateParamsStreaming,
  createOpenAIClient,
  streamChat,
} from "../../src/providers/openai.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { collect, request, setup } from "./harness.ts";

const A_PARAMS: MessageCreateParamsStreaming = {
  model: "m",
  max_tokens: 10,
  messages: [],
  stream: true,
};
const O_PARAMS: ChatCompletionCreateParamsStreaming = { model: "m", messages: [], stream: true };

/** A one-turn server's stream for a client of this kind. */
function open(
  kind: "anthropic" | "openai",
  baseUrl: string,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  return kind === "anthropic"
    ? streamMessages(createAnthropicClient({ apiKey: "k", baseUrl }), A_PARAMS, signal)
    : streamChat(createOpenAIClient({ baseUrl }), O_PARAMS, signal);
}

/** The Failure a stream ends with (fails the test if it ends without one). */
async function failureOf(stream: AsyncIterable<unknown>): Promise<Failure> {
  const err = await assertRejects(async () => {
    for await (const _ of stream) { /* drain */ }
  }, WireFailure);
  return err.failure;
}

const A_TEXT = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":' +
  '"message","role":"assistant","model":"x","content":[],"stop_reason":null,"usage":' +
  '{"input_tokens":1,"output_tokens":1}}}\n\nevent: ping\ndata: {"type": "ping"}\n\n';

for (
  const [type, status] of [
    ["rate_limit_error", 429],
    ["overloaded_error", 529],
    ["invalid_request_error", 400],
    ["something_new", 500],
  ] as const
) {
  Deno.test(`anthropic: a mid-stream ${type} event is an http ${status}`, async () => {
    await using server = await ProviderServer.start();
    const error = { type: "error", error: { type, message: `the ${type}` } };
    server.raw(`${A_TEXT}event: error\ndata: ${JSON.stringify(error)}\n\n`);
    const failure = await failureOf(open("anthropic", server.url));
    assertEquals(failure, { kind: "http", status, message: `the ${type}` });
  });
}

Deno.test("anthropic: a mid-stream error event that is not JSON keeps its text", async () => {
  await using server = await ProviderServer.start();
  server.raw(`${A_TEXT}event: error\ndata: upstream went away\n\n`);
  const failure = await failureOf(open("anthropic", server.url));
  assertEquals(failure, { kind: "http", status: 500, message: "upstream went away" });
});

for (
  const [what, record, status, message] of [
    ["a rate limit", { error: { message: "slow", type: "rate_limit_exceeded" } }, 429, "slow"],
    ["a bad request", { error: { message: "bad", code: "invalid_request_error" } }, 400, "bad"],
    ["a string error", { error: "it broke" }, 500, "it broke"],
  ] as const
) {
  Deno.test(`openai: a mid-stream record with ${what} is an http ${status}`, async () => {
    await using server = await ProviderServer.start();
    server.raw(`data: ${JSON.stringify(record)}\n\n`);
    assertEquals(await failureOf(open("openai", server.url)), { kind: "http", status, message });
  });
}

Deno.test("openai: an `event: error` record is an error even without an error field", async () => {
  await using server = await ProviderServer.start();
  server.raw('event: error\ndata: {"message":"server overloaded","type":"overloaded"}\n\n');
  const failure = await failureOf(open("openai", server.url));
  assertEquals(failure, { kind: "http", status: 529, message: "server overloaded" });
});

Deno.test("openai: [DONE] ends the stream; whatever follows is not read", async () => {
  await using server = await ProviderServer.start();
  const chunk = { id: "c", object: "chat.completion.chunk", choices: [] };
  server.raw(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\ndata: {broken\n\n`);
  const chunks = [];
  for await (const c of open("openai", server.url)) chunks.push(c);
  assertEquals(chunks, [chunk]);
});

for (const kind of ["anthropic", "openai"] as const) {
  Deno.test(`${kind}: a JSON event that is not an object is malformed`, async () => {
    await using server = await ProviderServer.start();
    server.raw(kind === "anthropic" ? "event: message_start\ndata: [1]\n\n" : "data: 42\n\n");
    const failure = await failureOf(open(kind, server.url));
    assertEquals(failure.kind, "malformed");
  });

  Deno.test(`${kind}: a non-JSON error body is reported as text with its status`, async () => {
    await using ctx = await setup(kind, { retry: { maxAttempts: 1 } });
    ctx.server.raw("<html><body>upstream timed out</body></html>\n", {
      status: 504,
      contentType: "text/html",
    });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(err.code, "provider_unavailable");
    assertIncludes(
      err.message,
      `${kind} returned 504 Gateway Timeout: <html><body>upstream timed out</body></html>;`,
    );
  });

  Deno.test(`${kind}: an empty error body says there are no details`, async () => {
    await using ctx = await setup(kind, { retry: { maxAttempts: 1 } });
    ctx.server.raw("", { status: 403, contentType: "text/plain" });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(err.code, "permission_denied");
    assertIncludes(err.message, `${kind} returned 403 Forbidden: no details`);
  });

  Deno.test(`${kind}: retry-after-ms and retry-after are read from an error answer`, async () => {
    const answers: Record<string, string>[] = [
      { "retry-after-ms": "1500", "retry-after": "9" },
      { "retry-after": "2" },
    ];
    await using http = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      async (req) => {
        await req.body?.cancel();
        return Response.json({ error: { message: "busy" } }, {
          status: 429,
          headers: answers.shift(),
        });
      },
    );
    const baseUrl = `http://127.0.0.1:${http.addr.port}`;
    const expected: Failure = { kind: "http", status: 429, message: "busy" };
    assertEquals(await failureOf(open(kind, baseUrl)), { ...expected, retryAfterMs: 1500 });
    assertEquals(await failureOf(open(kind, baseUrl)), { ...expected, retryAfterMs: 2000 });
  });

  Deno.test(`${kind}: aborting while the body streams ends reading and frees the connection`, async () => {
    await using server = await ProviderServer.start();
    server.stall(2, { text: "a long answer", deltaSize: 2 });
    const controller = new AbortController();
    const stream = open(kind, server.url, controller.signal);
    assert.ok(!(await stream.next()).done);
    controller.abort();
    const failure = await failureOf({ [Symbol.asyncIterator]: () => stream });
    assertEquals(failure, { kind: "connection", message: "aborted" });
  });

  Deno.test(`${kind}: a refused connection is a connection failure`, async () => {
    const dead = await ProviderServer.start();
    await dead.close();
    const failure = await failureOf(open(kind, dead.url));
    assertEquals(failure.kind, "connection");
    assert.ok(failure.message.length > 0);
  });
}

Deno.test("a huge error body is read only in part and cut short in the message", async () => {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  const chunks = 1024; // 64 MiB: far more than any socket buffer holds
  let sent = 0;
  let cancelled = false;
  const ended = Promise.withResolvers<void>();
  await using http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.body?.cancel();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < chunks) return controller.enqueue(chunk);
        controller.close();
        ended.resolve();
      },
      cancel() {
        cancelled = true;
        ended.resolve();
      },
    });
    return new Response(body, { status: 500, headers: { "content-type": "text/plain" } });
  });
  const failure = await failureOf(open("openai", `http://127.0.0.1:${http.addr.port}`));
  assertEquals(failure.kind, "http");
  assertEquals(failure.status, 500);
  assertEquals(failure.message, `${"x".repeat(2000)}…`);
  await ended.promise;
  assert.ok(cancelled, `the whole body was sent (${sent} chunks): the client read it all`);
});
