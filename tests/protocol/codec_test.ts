import { assertEquals } from "../support/assert.ts";
import { decodeLine, encodeFrame } from "../../src/protocol/codec.ts";

Deno.test("a valid hello decodes with defaults filled in", () => {
  const decoded = decodeLine('{"type":"hello","name":"weather","extra":1}');
  assertEquals(decoded, {
    kind: "frame",
    frame: { type: "hello", name: "weather", capabilities: [] },
  });
});

Deno.test("non-JSON, non-object and typeless lines are malformed, not thrown", () => {
  assertEquals(decodeLine("not json").kind, "malformed");
  assertEquals(decodeLine("[1,2]").kind, "malformed");
  assertEquals(decodeLine('{"name":"x"}').kind, "malformed");
});

Deno.test("an unknown frame type is reported as such", () => {
  assertEquals(decodeLine('{"type":"teleport"}'), { kind: "unknown_type", frameType: "teleport" });
});

Deno.test("a frame missing a required field is invalid with the field named", () => {
  const decoded = decodeLine('{"type":"tool_result","content":[]}');
  assertEquals(decoded.kind, "invalid");
  if (decoded.kind === "invalid") assertEquals(decoded.reason.startsWith("id:"), true);
});

Deno.test("notify keeps unknown levels and command_response defaults to noop", () => {
  const notify = decodeLine('{"type":"notify","level":"warning","message":"m"}');
  assertEquals(notify.kind === "frame" && notify.frame, {
    type: "notify",
    level: "warning",
    message: "m",
  });
  const response = decodeLine('{"type":"command_response","id":"1"}');
  assertEquals(
    response.kind === "frame" && response.frame.type === "command_response"
      ? response.frame.action
      : null,
    "noop",
  );
});

Deno.test("host frames encode as one line", () => {
  assertEquals(encodeFrame({ type: "shutdown" }), '{"type":"shutdown"}\n');
});
