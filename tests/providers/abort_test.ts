import { assertEquals } from "../support/assert.ts";
import type { StreamEvent } from "../../src/providers/mod.ts";
import { doneOf, request, setup } from "./harness.ts";

for (const kind of ["anthropic", "openai"] as const) {
  Deno.test(`${kind}: abort mid-stream keeps partial text and drops tool calls`, async () => {
    await using ctx = await setup(kind);
    // Text, then a complete tool call, then a stall: the answer never finishes by itself.
    ctx.server.stall(kind === "anthropic" ? 12 : 4, {
      blocks: [
        { type: "text", text: "Working on it" },
        { type: "tool_use", id: "t1", name: "read", input: { path: "a" } },
        { type: "text", text: " and more" },
      ],
      deltaSize: 100,
      usage: { input: 50 },
    });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const stream = ctx.provider.stream(request(ctx.provider, { signal: controller.signal }));
    for await (const event of stream) {
      events.push(event);
      if (event.type === "tool_use_args") controller.abort();
    }
    const message = doneOf(events);
    assertEquals(message.stopReason, "aborted");
    assertEquals(message.content, [{ type: "text", text: "Working on it" }]);
    if (kind === "anthropic") assertEquals(message.usage?.input, 50);
  });

  Deno.test(`${kind}: abort while waiting for the response ends as aborted`, async () => {
    await using ctx = await setup(kind);
    ctx.server.hang();
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
    assertEquals(events.length, 1);
    assertEquals(doneOf(events).stopReason, "aborted");
    assertEquals(doneOf(events).content, []);
  });

  Deno.test(`${kind}: an already-aborted signal sends nothing`, async () => {
    await using ctx = await setup(kind);
    const controller = new AbortController();
    controller.abort();
    const events: StreamEvent[] = [];
    for await (
      const e of ctx.provider.stream(request(ctx.provider, { signal: controller.signal }))
    ) {
      events.push(e);
    }
    assertEquals(doneOf(events).stopReason, "aborted");
    assertEquals(ctx.server.requests.length, 0);
  });

  Deno.test(`${kind}: a consumer that stops early releases the connection`, async () => {
    await using ctx = await setup(kind);
    ctx.server.stall(4, { text: "a long answer that stalls", deltaSize: 2 });
    for await (const event of ctx.provider.stream(request(ctx.provider))) {
      if (event.type === "text_delta") break;
    }
  });
}
