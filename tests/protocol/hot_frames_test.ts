import { assertEquals } from "../support/assert.ts";
import { EXTENSION_FRAME_SCHEMAS } from "../../src/protocol/codec.ts";
import { quickNotify, quickToolResult } from "../../src/protocol/hot_frames.ts";

const NOTIFY: Record<string, unknown>[] = [
  { type: "notify", message: "hi" },
  { type: "notify", level: "warn", message: "hi" },
  { type: "notify", level: "", message: "" },
  { type: "notify", level: "custom", message: "x", extra: 1 },
  { type: "notify", level: null, message: "hi" },
  { type: "notify", level: 3, message: "hi" },
  { type: "notify", level: "info" },
  { type: "notify", message: null },
  { type: "notify", message: ["a"] },
];

const TOOL_RESULT: Record<string, unknown>[] = [
  { type: "tool_result", id: "t1" },
  { type: "tool_result", id: "t1", content: [] },
  { type: "tool_result", id: "t1", content: [{ type: "text", text: "ok" }], is_error: false },
  {
    type: "tool_result",
    id: "t2",
    content: [{ type: "image", mime_type: "image/png", data: "AAAA", extra: 1 }, {
      type: "text",
      text: "",
    }],
    is_error: true,
    stray: "field",
  },
  { type: "tool_result", id: "", content: [] },
  { type: "tool_result", id: 7, content: [] },
  { type: "tool_result", id: "t1", content: null },
  { type: "tool_result", id: "t1", content: "text" },
  { type: "tool_result", id: "t1", content: [null] },
  { type: "tool_result", id: "t1", content: [{ text: "no type" }] },
  { type: "tool_result", id: "t1", content: [{ type: "text", text: null }] },
  { type: "tool_result", id: "t1", content: [{ type: "text", text: 5 }] },
  { type: "tool_result", id: "t1", is_error: null },
  { type: "tool_result", id: "t1", is_error: "yes" },
];

function zodSays(value: Record<string, unknown>): unknown {
  const schema = EXTENSION_FRAME_SCHEMAS[value.type as "notify" | "tool_result"];
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

Deno.test("a notify the quick check accepts is exactly what zod yields, and it accepts nothing zod refuses", () => {
  let accepted = 0;
  for (const value of NOTIFY) {
    const quick = quickNotify(value);
    if (quick === undefined) continue;
    accepted++;
    assertEquals(quick, zodSays(value), JSON.stringify(value));
  }
  assertEquals(accepted, 4);
});

Deno.test("a tool_result the quick check accepts is exactly what zod yields, and it accepts nothing zod refuses", () => {
  let accepted = 0;
  for (const value of TOOL_RESULT) {
    const quick = quickToolResult(value);
    if (quick === undefined) continue;
    accepted++;
    assertEquals(quick, zodSays(value), JSON.stringify(value));
  }
  assertEquals(accepted, 4);
});
