import { promptText, toolResultFrame } from "../../../../src/extensions/runtime/mcp/results.ts";
import { assertEquals } from "../../../support/assert.ts";

Deno.test("an MCP tool result becomes a tool_result frame: text, image, isError kept", () => {
  const frame = toolResultFrame("7", {
    content: [
      { type: "text", text: "hi" },
      { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
      { type: "audio", mimeType: "audio/wav", data: "AAAA" },
      { type: "resource_link", uri: "file:///a", name: "a" },
      { type: "resource", resource: { uri: "file:///b", text: "B" } },
      { type: "resource", resource: { uri: "file:///c", blob: "AA==", mimeType: "x/y" } },
    ],
    isError: true,
  });
  assertEquals(frame, {
    type: "tool_result",
    id: "7",
    is_error: true,
    content: [
      { type: "text", text: "hi" },
      { type: "image", mime_type: "image/png", data: "iVBORw0KGgo=" },
      { type: "text", text: "[audio (audio/wav) omitted: zot passes no audio]" },
      { type: "text", text: '[resource file:///a "a"]' },
      { type: "text", text: "[resource file:///b]\nB" },
      { type: "text", text: "[binary resource file:///c (x/y) omitted]" },
    ],
  });
});

Deno.test("structured content becomes JSON text only when the server sent no text", () => {
  const only = toolResultFrame("1", { content: [], structuredContent: { t: 1 } });
  assertEquals(only.content, [{ type: "text", text: '{\n  "t": 1\n}' }]);
  const both = toolResultFrame("2", {
    content: [{ type: "text", text: '{"t":1}' }],
    structuredContent: { t: 1 },
  });
  assertEquals(both.content, [{ type: "text", text: '{"t":1}' }]);
});

Deno.test("a prompt's messages become one text, assistant turns marked", () => {
  assertEquals(
    promptText({
      messages: [
        { role: "user", content: { type: "text", text: "Q" } },
        { role: "assistant", content: { type: "text", text: "A" } },
        { role: "user", content: { type: "image", data: "AA==", mimeType: "image/png" } },
      ],
    }),
    "Q\n\n(assistant) A\n\n[image omitted]",
  );
});
