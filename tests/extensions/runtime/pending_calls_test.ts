import { assert, assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import { CancelledError, ExtensionError } from "../../../src/errors/mod.ts";
import type { HostFrame } from "../../../src/protocol/mod.ts";
import { PendingCalls } from "../../../src/extensions/runtime/pending_calls.ts";

function calls(canCancel = true) {
  const sent: HostFrame[] = [];
  const notes: string[] = [];
  const observed: boolean[] = [];
  const pending = new PendingCalls({
    name: "x",
    send: (frame) => (sent.push(frame), true),
    canCancel: () => canCancel,
    note: (text) => notes.push(text),
    observe: (_kind, _ms, ok) => observed.push(ok),
  });
  // The deadline timer outlives answered calls; closing the connection stops it.
  const close = () => pending.failAll(() => new Error("closed"));
  return { pending, sent, notes, observed, close };
}

Deno.test("progress cannot extend a call past its hard cap", async () => {
  const { pending, sent } = calls();
  const answer = pending.add("1", "tool", 'tool call "t"', { timeoutMs: 200, hardCapMs: 300 });
  // Progress every 50 ms would keep it alive forever without the cap.
  const ticker = setInterval(() => pending.progress({ type: "progress", id: "1" }), 50);
  const err = await assertRejects(() => answer, ExtensionError);
  clearInterval(ticker);
  assertIncludes(err.message, "its hard cap of 300 ms");
  assertEquals(sent, [{ type: "cancel", id: "1", reason: "timeout" }]);
});

Deno.test("an answer settles once; a late one and a wrong kind are reported, not applied", async () => {
  const { pending, observed, close } = calls();
  const answer = pending.add("1", "tool", 'tool call "t"', { timeoutMs: 10_000 });
  assertEquals(
    pending.answer({ type: "command_response", id: "1", action: "noop" }),
    'command_response answers id "1", which is a tool call "t"; dropped',
  );
  assertEquals(
    pending.answer({ type: "tool_result", id: "1", content: [], is_error: false }),
    undefined,
  );
  assertEquals((await answer).id, "1");
  assertIncludes(
    String(pending.answer({ type: "tool_result", id: "1", content: [], is_error: false })),
    "late or never asked",
  );
  assertEquals(observed, [true]);
  close();
});

Deno.test("abort cancels at once; without the capability no frame is sent", async () => {
  const { pending, sent, close } = calls(false);
  const controller = new AbortController();
  const answer = pending.add("1", "command", "command /x", {
    timeoutMs: 10_000,
    signal: controller.signal,
  });
  controller.abort();
  await assertRejects(() => answer, CancelledError);
  assertEquals(sent, []);
  assertEquals(pending.size, 0);
  close();
});

Deno.test("progress fractions are clamped and passed on with the message and partial output", async () => {
  const { pending, close } = calls();
  const seen: unknown[] = [];
  const answer = pending.add("1", "tool", 'tool call "t"', {
    timeoutMs: 10_000,
    onProgress: (p) => seen.push(p),
  });
  pending.progress({ type: "progress", id: "1", message: "m", fraction: 7 });
  pending.progress({
    type: "progress",
    id: "1",
    fraction: -1,
    partial: [{ type: "text", text: "so far" }],
  });
  pending.answer({ type: "tool_result", id: "1", content: [], is_error: false });
  await answer;
  assertEquals(seen, [
    { message: "m", fraction: 1 },
    { fraction: 0, partial: [{ type: "text", text: "so far" }] },
  ]);
  close();
});

Deno.test("one timer serves every call: each times out at its own deadline, never before", async () => {
  const { pending, notes, close } = calls();
  // The first call is answered at once; the timer it set fires for nobody and sets itself
  // again for the second call, which must still get its full window.
  const first = pending.add("1", "tool", 'tool call "a"', { timeoutMs: 30 });
  pending.answer({ type: "tool_result", id: "1", content: [], is_error: false });
  await first;
  const started = performance.now();
  const second = pending.add("2", "tool", 'tool call "b"', { timeoutMs: 100 });
  // A shorter timeout than the pending call's moves the timer earlier.
  const long = pending.add("3", "command", "command /slow", { timeoutMs: 60_000 });
  const short = pending.add("4", "intercept", "tool_call intercept", { timeoutMs: 50 });
  assertIncludes((await assertRejects(() => short, ExtensionError)).message, "(50 ms)");
  assertEquals(pending.has("2"), true);
  assertIncludes((await assertRejects(() => second, ExtensionError)).message, "(100 ms)");
  assert(performance.now() - started >= 100, "the second call timed out early");
  assertEquals(pending.has("3"), true);
  assertEquals(notes.length, 2);
  close();
  assertIncludes((await assertRejects(() => long, Error)).message, "closed");
});
