import { assertEquals, assertRejects } from "../support/assert.ts";
import { WireFailure } from "../../src/providers/http_stream.ts";
import { eventJson, type EventSourceMessage, sseEvents } from "../../src/providers/sse.ts";

/** A response whose body is these byte pieces, recording whether it was cancelled. */
function pieces(parts: Uint8Array[]): { response: Response; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body), cancelled: () => cancelled };
}

async function all(response: Response, maxEventChars?: number): Promise<EventSourceMessage[]> {
  const out: EventSourceMessage[] = [];
  for await (const event of sseEvents(response, { maxEventChars })) out.push(event);
  return out;
}

Deno.test("sse: a character split across chunks, CRLF lines and comments", async () => {
  const bytes = new TextEncoder().encode(": keep-alive\r\nevent: a\r\ndata: héllo ✓\r\n\r\n");
  const at = bytes.indexOf(0xe2) + 1; // inside the three bytes of ✓
  const { response } = pieces([bytes.slice(0, 5), bytes.slice(5, at), bytes.slice(at)]);
  const events = await all(response);
  assertEquals(events.map((e) => [e.event, e.data]), [["a", "héllo ✓"]]);
});

Deno.test("sse: an unterminated last event is dropped, not half-dispatched", async () => {
  const { response } = pieces([new TextEncoder().encode('data: {"a":1}\n\ndata: {"b"')]);
  assertEquals((await all(response)).map((e) => e.data), ['{"a":1}']);
});

Deno.test("sse: an event larger than the limit is malformed and the body is cancelled", async () => {
  const big = new TextEncoder().encode(`data: ${"x".repeat(5000)}`);
  const { response, cancelled } = pieces([big, big, new TextEncoder().encode("\n\n")]);
  const err = await assertRejects(() => all(response, 4096), WireFailure);
  assertEquals(err.failure.kind, "malformed");
  assertEquals(cancelled(), true);
});

Deno.test("sse: a consumer that stops early cancels the body", async () => {
  const enc = new TextEncoder();
  const { response, cancelled } = pieces([enc.encode("data: 1\n\n"), enc.encode("data: 2\n\n")]);
  for await (const _ of sseEvents(response)) break;
  assertEquals(cancelled(), true);
});

Deno.test("sse: eventJson takes JSON objects only", async () => {
  assertEquals(eventJson('{"type":"x"}'), { type: "x" });
  for (const data of ["{nope", "[]", "null", '"text"']) {
    const err = await assertRejects(
      () => Promise.resolve().then(() => eventJson(data)),
      WireFailure,
    );
    assertEquals(err.failure.kind, "malformed", data);
  }
});
