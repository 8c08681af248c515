import { assert, assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";
import { ProviderError } from "../../src/errors/mod.ts";
import type { StreamEvent } from "../../src/providers/mod.ts";
import { retryDelay } from "../../src/providers/stream_loop.ts";
import { retryAfterMs } from "../../src/providers/failure.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { collect, deltas, doneOf, request, setup } from "./harness.ts";

for (const kind of ["anthropic", "openai"] as const) {
  Deno.test(`${kind}: 429 then success is retried and the answer arrives`, async () => {
    await using ctx = await setup(kind);
    ctx.server.failWith(429, { message: "slow down", retryAfter: 0 }).reply({ text: "ok now" });
    const events = await collect(ctx.provider.stream(request(ctx.provider)));
    assertEquals(doneOf(events).content, [{ type: "text", text: "ok now" }]);
    assertEquals(ctx.server.requests.length, 2);
  });

  Deno.test(`${kind}: 5xx on every attempt ends in a clear error after 3 attempts`, async () => {
    await using ctx = await setup(kind);
    ctx.server.failWith(503, { message: "upstream overloaded", times: 3 });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(err.code, "provider_unavailable");
    assertEquals(err.status, 503);
    assertIncludes(
      err.message,
      `${kind} returned 503 Service Unavailable after 3 attempts: upstream overloaded`,
    );
    assertEquals(ctx.server.requests.length, 3);
  });

  Deno.test(`${kind}: 429 exhausted names the rate limit and the next step`, async () => {
    await using ctx = await setup(kind);
    ctx.server.failWith(429, { message: "rate limited", retryAfter: 0, times: 3 });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(
      err.message,
      `${kind} returned 429 Too Many Requests after 3 attempts: rate limited; ` +
        "wait and retry, or check your plan's rate limits",
    );
    assertEquals(err.code, "rate_limited");
  });

  Deno.test(`${kind}: 401 is not retried and names the env var`, async () => {
    await using ctx = await setup(kind);
    ctx.server.failWith(401, { message: "invalid x-api-key" });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    const envVar = kind === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
    assertEquals(
      err.message,
      `${kind} rejected the API key (401 Unauthorized): invalid x-api-key; ` +
        `check ${envVar}, --api-key or auth.json`,
    );
    assertEquals(err.code, "auth_failed");
    assertEquals(ctx.server.requests.length, 1);
  });

  Deno.test(`${kind}: other 4xx are not retried`, async () => {
    await using ctx = await setup(kind);
    ctx.server.failWith(400, { message: "messages: field required" });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(err.code, "request_rejected");
    assertIncludes(err.message, `${kind} returned 400 Bad Request: messages: field required`);
    assertEquals(ctx.server.requests.length, 1);
  });

  Deno.test(`${kind}: a mid-stream error after output is not retried; partial text kept`, async () => {
    await using ctx = await setup(kind);
    ctx.server.reply({
      text: "partial answer that goes on",
      deltaSize: 4,
      streamError: { afterEvents: 5, type: "overloaded_error", message: "Overloaded" },
    });
    ctx.server.reply({ text: "must not be requested" });
    const events = await collect(ctx.provider.stream(request(ctx.provider)));
    const message = doneOf(events);
    assertEquals(message.stopReason, "error");
    assert.ok(deltas(events, "text_delta").length > 0);
    assertEquals(message.content, [{ type: "text", text: deltas(events, "text_delta") }]);
    assertIncludes(message.error ?? "", `${kind} stream broke off after output started`);
    assertIncludes(message.error ?? "", "Overloaded");
    assertEquals(ctx.server.requests.length, 1);
  });

  Deno.test(`${kind}: a stream error before any output is retried`, async () => {
    await using ctx = await setup(kind);
    ctx.server.reply({
      text: "never seen",
      streamError: { afterEvents: 1, type: "overloaded_error", message: "Overloaded" },
    });
    ctx.server.reply({ text: "second try" });
    const events = await collect(ctx.provider.stream(request(ctx.provider)));
    assertEquals(doneOf(events).content, [{ type: "text", text: "second try" }]);
    assertEquals(ctx.server.requests.length, 2);
  });

  Deno.test(`${kind}: a connection broken before output is retried`, async () => {
    await using ctx = await setup(kind);
    ctx.server.reply({ text: "lost", resetAfter: 1 }).reply({ text: "found" });
    const events = await collect(ctx.provider.stream(request(ctx.provider)));
    assertEquals(doneOf(events).content, [{ type: "text", text: "found" }]);
  });

  Deno.test(`${kind}: a refused connection is retried, then reported`, async () => {
    const dead = await ProviderServer.start();
    const url = dead.url;
    await dead.close();
    await using ctx = await setup(kind, { baseUrl: url });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertEquals(err.code, "provider_unreachable");
    assertIncludes(err.message, `cannot get an answer from ${kind} at ${url}`);
    assertIncludes(err.message, "after 3 attempts");
    assertIncludes(err.message, "check your network connection and --base-url");
  });

  Deno.test(`${kind}: a stream that ends before the answer is complete is an error`, async () => {
    await using ctx = await setup(kind, { retry: { maxAttempts: 1 } });
    ctx.server.reply({ text: "", truncate: true });
    const err = await assertRejects(
      () => collect(ctx.provider.stream(request(ctx.provider))),
      ProviderError,
    );
    assertIncludes(err.message, "the stream ended before the answer was complete");
  });
}

Deno.test("retry delays: backoff steps, retry-after honoured but capped", () => {
  const policy = { maxAttempts: 4, delaysMs: [250, 750, 2000], maxRetryAfterMs: 10_000 };
  const http = { kind: "http" as const, status: 503, message: "" };
  assertEquals([1, 2, 3, 4].map((n) => retryDelay(policy, n, http)), [250, 750, 2000, 2000]);
  assertEquals(retryDelay(policy, 1, { ...http, retryAfterMs: 3000 }), 3000);
  assertEquals(retryDelay(policy, 1, { ...http, retryAfterMs: 600_000 }), 10_000);
  const h = (v: Record<string, string>) => new Headers(v);
  assertEquals(retryAfterMs(h({ "retry-after": "2" })), 2000);
  assertEquals(retryAfterMs(h({ "retry-after-ms": "150", "retry-after": "9" })), 150);
  assertEquals(
    retryAfterMs(h({ "retry-after": "Wed, 21 Oct 2015 07:28:10 GMT" }), 0),
    1445412490000,
  );
  assertEquals(retryAfterMs(h({ "retry-after": "soon" })), undefined);
  assertEquals(retryAfterMs(h({})), undefined);
});

Deno.test("retry waits the server's retry-after before the next attempt", async () => {
  await using ctx = await setup("anthropic", { retry: { delaysMs: [0] } });
  ctx.server.failWith(529, { message: "Overloaded", retryAfter: "0.05" }).reply({ text: "ok" });
  const started = performance.now();
  await collect(ctx.provider.stream(request(ctx.provider)));
  assert.ok(performance.now() - started >= 45, "waited about retry-after");
});

Deno.test("abort during the retry wait ends the stream as aborted", async () => {
  await using ctx = await setup("openai", { retry: { delaysMs: [60_000] } });
  ctx.server.failWith(500, { message: "oops" });
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const run = (async () => {
    for await (
      const e of ctx.provider.stream(request(ctx.provider, { signal: controller.signal }))
    ) {
      events.push(e);
    }
  })();
  await ctx.server.waitForRequests(1);
  controller.abort();
  await run;
  assertEquals(doneOf(events).stopReason, "aborted");
  assertEquals(ctx.server.requests.length, 1);
});
