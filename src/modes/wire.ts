/**
 * AgentEvent → the JSON objects `--json` and `zot rpc` write, with the original zot's
 * names and snake_case fields so its clients keep working. Image data is never sent:
 * an image block becomes `{"type":"image","mime_type","bytes":N}`.
 */

import type { AgentEvent } from "../agent/mod.ts";
import { base64Bytes } from "../agent/mod.ts";
import type { Message, Usage } from "../messages/mod.ts";

/** A JSON object as written on the wire. */
export type WireObject = Record<string, unknown>;

type Block = Message["content"][number];

/** One content block on the wire; thinking blocks are omitted (undefined). */
export function blockToWire(block: Block): WireObject | undefined {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", mime_type: block.mimeType, bytes: base64Bytes(block.data) };
    case "tool_call":
      return { type: "tool_call", id: block.id, name: block.name, args: block.args };
    case "tool_result": {
      const out: WireObject = {
        type: "tool_result",
        call_id: block.callId,
        is_error: block.isError,
        content: contentToWire(block.content),
      };
      if (block.extension) out.extension = block.extension;
      return out;
    }
    case "thinking":
      return undefined;
  }
}

/** A list of content blocks on the wire. */
export function contentToWire(content: readonly Block[]): WireObject[] {
  return content.flatMap((b) => {
    const w = blockToWire(b);
    return w ? [w] : [];
  });
}

/** A message on the wire: role, content, time. */
export function messageToWire(message: Message): WireObject {
  return { role: message.role, content: contentToWire(message.content), time: message.time };
}

/** Usage on the wire. */
export function usageToWire(usage: Usage): WireObject {
  return {
    input: usage.input,
    output: usage.output,
    cache_read: usage.cacheRead,
    cache_write: usage.cacheWrite,
    cost_usd: usage.costUsd,
  };
}

/** One agent event on the wire. */
export function eventToWire(event: AgentEvent): WireObject {
  switch (event.type) {
    case "user_message":
      return {
        type: "user_message",
        content: contentToWire(event.message.content),
        time: event.message.time,
      };
    case "assistant_message": {
      const out: WireObject = {
        type: "assistant_message",
        content: contentToWire(event.message.content),
        time: event.message.time,
      };
      if (event.blockedReason !== undefined) out.blocked_reason = event.blockedReason;
      return out;
    }
    case "usage":
      return {
        type: "usage",
        ...usageToWire(event.usage),
        cumulative: usageToWire(event.cumulative),
      };
    case "tool_result": {
      const out: WireObject = {
        type: "tool_result",
        id: event.id,
        name: event.name,
        is_error: event.isError,
        content: contentToWire(event.content),
      };
      if (event.extension !== undefined) out.extension = event.extension;
      if (event.blockedBy !== undefined) out.blocked_by = event.blockedBy;
      return out;
    }
    case "turn_end": {
      const out: WireObject = { type: "turn_end", step: event.step, stop: event.stop };
      if (event.error !== undefined) out.error = event.error;
      return out;
    }
    case "tool_call":
      return { type: "tool_call", id: event.id, name: event.name, args: event.args };
    default:
      // Every other event's fields are already single words.
      return { ...event };
  }
}
