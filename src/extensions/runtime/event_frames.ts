/** Lifecycle events as `event` frames: the v1 shapes unchanged, the 1.1 ones beside them. */

import type { EventFrame } from "../../protocol/mod.ts";
import type { LifecycleEvent, V11LifecycleEvent } from "./host_types.ts";
import { toWireBlocks } from "./intercept.ts";

/** The `event` frame of a lifecycle event (zero values omitted, as v1 did). */
export function eventFrame(event: LifecycleEvent): EventFrame {
  switch (event.event) {
    case "session_start":
      return { type: "event", event: "session_start" };
    case "turn_start":
      return { type: "event", event: "turn_start", step: event.step };
    case "turn_end":
      return {
        type: "event",
        event: "turn_end",
        stop: event.stop,
        ...(event.error ? { error: event.error } : {}),
      };
    case "tool_call":
      return {
        type: "event",
        event: "tool_call",
        tool_id: event.toolId,
        tool_name: event.toolName,
        tool_args: event.toolArgs,
      };
    case "assistant_message":
      return { type: "event", event: "assistant_message", text: event.text };
    default:
      return v11Frame(event);
  }
}

function v11Frame(event: V11LifecycleEvent): EventFrame {
  switch (event.event) {
    case "user_prompt":
      return { type: "event", event: "user_prompt", text: event.text };
    case "tool_result":
      return {
        type: "event",
        event: "tool_result",
        tool_id: event.toolId,
        tool_name: event.toolName,
        tool_args: event.toolArgs,
        content: toWireBlocks(event.content),
        is_error: event.isError,
        duration_ms: event.durationMs,
      };
    case "session_end":
      return { type: "event", event: "session_end", reason: event.reason };
    case "compaction":
      return {
        type: "event",
        event: "compaction",
        phase: event.phase,
        ...(event.summary !== undefined ? { summary: event.summary } : {}),
      };
    case "model_change":
      return {
        type: "event",
        event: "model_change",
        provider: event.provider,
        model: event.model,
        previous_model: event.previousModel,
      };
    case "agent_end":
      return {
        type: "event",
        event: "agent_end",
        stop: event.stop,
        steps: event.steps,
        ...(event.error ? { error: event.error } : {}),
      };
    case "tool_confirmation_requested":
      return {
        type: "event",
        event: "tool_confirmation_requested",
        tool_id: event.toolId,
        tool_name: event.toolName,
        tool_args: event.toolArgs,
        ...(event.reason ? { reason: event.reason } : {}),
      };
  }
}
