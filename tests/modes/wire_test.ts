import { contentToWire, eventToWire, messageToWire } from "../../src/modes/mod.ts";
import { parseSlash } from "../../src/protocol/mod.ts";
import { assertEquals } from "../support/assert.ts";

Deno.test("image blocks carry mime_type and byte count, never the data", () => {
  const data = btoa("\x89PNG\r\n\x1a\n1234"); // 12 bytes
  assertEquals(contentToWire([{ type: "image", mimeType: "image/png", data }]), [
    { type: "image", mime_type: "image/png", bytes: 12 },
  ]);
});

Deno.test("tool results and thinking blocks map to the original shapes", () => {
  assertEquals(
    messageToWire({
      role: "tool",
      time: "t",
      content: [{
        type: "tool_result",
        callId: "c1",
        isError: true,
        extension: "weather",
        content: [{ type: "text", text: "no" }],
      }],
    }),
    {
      role: "tool",
      time: "t",
      content: [{
        type: "tool_result",
        call_id: "c1",
        is_error: true,
        extension: "weather",
        content: [{ type: "text", text: "no" }],
      }],
    },
  );
  assertEquals(
    contentToWire([{ type: "thinking", text: "hmm" }, { type: "text", text: "hi" }]),
    [{ type: "text", text: "hi" }],
  );
});

Deno.test("events use snake_case fields", () => {
  assertEquals(
    eventToWire({
      type: "assistant_message",
      message: { role: "assistant", content: [], time: "t" },
      blockedReason: "policy",
    }),
    { type: "assistant_message", content: [], time: "t", blocked_reason: "policy" },
  );
  assertEquals(
    eventToWire({ type: "turn_end", step: 2, stop: "error", error: "x" }),
    { type: "turn_end", step: 2, stop: "error", error: "x" },
  );
  assertEquals(
    eventToWire({
      type: "tool_result",
      id: "a",
      name: "bash",
      isError: true,
      content: [],
      blockedBy: "guard",
    }),
    {
      type: "tool_result",
      id: "a",
      name: "bash",
      is_error: true,
      content: [],
      blocked_by: "guard",
    },
  );
  assertEquals(eventToWire({ type: "text_delta", delta: "x" }), { type: "text_delta", delta: "x" });
});

Deno.test("slash parsing: names are [A-Za-z0-9_-]+, args trimmed", () => {
  assertEquals(parseSlash("/weather  berlin  "), { name: "weather", args: "berlin" });
  assertEquals(parseSlash("/now"), { name: "now", args: "" });
  assertEquals(parseSlash("/a-b_c\nline two"), { name: "a-b_c", args: "line two" });
  assertEquals(parseSlash("/Users/x"), undefined);
  assertEquals(parseSlash("hello /now"), undefined);
  assertEquals(parseSlash("/"), undefined);
});
