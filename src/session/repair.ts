/** Makes a loaded transcript valid for providers: every tool call gets exactly one result. */

import type { Message, ToolResultBlock } from "../messages/mod.ts";
import { ABORTED_TOOL_RESULT } from "./types.ts";

/** What repair changed. */
export interface RepairReport {
  messages: Message[];
  /** Results stubbed for calls that had none. */
  stubbed: number;
  /** Results dropped because no call asked for them. */
  orphaned: number;
}

/**
 * Pairs tool calls with results: a missing result becomes an error stub, a result whose call
 * is not in the preceding assistant message is dropped, and results follow call order.
 */
export function repairToolPairs(input: readonly Message[]): RepairReport {
  const messages: Message[] = [];
  let stubbed = 0;
  let orphaned = 0;
  for (let i = 0; i < input.length; i++) {
    const message = input[i];
    if (message.role === "tool") {
      // Reached only for tool messages that no assistant call precedes.
      orphaned += message.content.length;
      continue;
    }
    messages.push(message);
    if (message.role !== "assistant") continue;
    const calls = message.content.filter((b) => b.type === "tool_call");
    if (calls.length === 0) continue;
    const next = input[i + 1];
    const results = new Map<string, ToolResultBlock>();
    if (next?.role === "tool") {
      for (const block of next.content) {
        if (!results.has(block.callId)) results.set(block.callId, block);
      }
      i++;
    }
    const ids = new Set(calls.map((c) => c.id));
    for (const id of results.keys()) if (!ids.has(id)) orphaned++;
    const content = calls.map((call): ToolResultBlock => {
      const found = results.get(call.id);
      if (found) return found;
      stubbed++;
      return {
        type: "tool_result",
        callId: call.id,
        content: [{ type: "text", text: ABORTED_TOOL_RESULT }],
        isError: true,
      };
    });
    messages.push({
      role: "tool",
      content,
      time: next?.role === "tool" ? next.time : message.time,
    });
  }
  return { messages, stubbed, orphaned };
}
