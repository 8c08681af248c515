/**
 * The vectors themselves: every frame an extension is expected to write must decode with
 * the host's own decoder, so the vectors, the SDKs (which replay them) and the host stay
 * byte-compatible with the contract.
 */

import { assert, assertEquals } from "../support/assert.ts";
import { decodeLine } from "../../src/protocol/codec.ts";
import { loadVectors, VECTORS_V1_1_DIR } from "../support/protocol_vectors.ts";

const HOST_FRAME_TYPES = new Set([
  "hello_ack",
  "command_invoked",
  "tool_call",
  "event",
  "event_intercept",
  "panel_key",
  "panel_close",
  "panel_resize",
  "ui_response",
  "shutdown",
]);

const vectors = [...await loadVectors(), ...await loadVectors(VECTORS_V1_1_DIR)];

Deno.test("there is a vector for each scenario the SDKs must agree on", () => {
  const names = vectors.map((v) => v.name);
  for (
    const wanted of [
      "handshake",
      "commands",
      "command_errors",
      "notify_submit",
      "tools",
      "tool_errors",
      "intercept_tool_call",
      "intercept_other_events",
      "events",
      "concurrency",
      "robustness",
      "end_of_input",
    ]
  ) assert.ok(names.includes(wanted), `missing vector ${wanted}`);
});

for (const vector of vectors) {
  Deno.test(`vector ${vector.name}: every expected frame decodes as the host reads it`, () => {
    for (const [index, step] of vector.steps.entries()) {
      for (const frame of step.expect) {
        const decoded = decodeLine(JSON.stringify(frame));
        assertEquals(
          decoded.kind,
          "frame",
          `${vector.name} step ${index}: ${JSON.stringify(decoded)}`,
        );
      }
    }
  });

  Deno.test(`vector ${vector.name}: starts with hello, registers after hello_ack, host frames are typed`, () => {
    const [first, second] = vector.steps;
    assertEquals(first.send, []);
    assertEquals(first.expect.map((f) => f.type), ["hello"]);
    assertEquals(second.send.map((f) => typeof f === "string" ? f : f.type), ["hello_ack"]);
    assertEquals(second.expect.at(-1), { type: "ready" });
    for (const step of vector.steps) {
      for (const frame of step.send) {
        if (typeof frame === "string") continue; // raw lines are deliberately bad input
        assert.ok(typeof frame.type === "string", `${vector.name}: frame without type`);
        if (frame.type !== "teleport") {
          assert.ok(HOST_FRAME_TYPES.has(frame.type as string), `${vector.name}: ${frame.type}`);
        }
      }
    }
  });
}
