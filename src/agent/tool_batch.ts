/**
 * One step's tool calls: which calls a model message asks for, announcing them, running
 * them in order (stubbing the rest once the turn is aborted), and the tool message that
 * records their results.
 */

import {
  type AssistantMessage,
  now,
  type StopReason,
  type ToolCallBlock,
  type ToolMessage,
  type ToolResultBlock,
} from "../messages/mod.ts";
import { ABORTED_RESULT_TEXT, errorResult, runToolCall, type ToolRunHooks } from "./tool_runner.ts";

/** The tool calls a step's message asks for; none when the step failed or was aborted. */
export function toolCallsOf(
  message: AssistantMessage | undefined,
  stop: StopReason,
): ToolCallBlock[] {
  if (stop === "aborted" || stop === "error" || !message) return [];
  return message.content.filter((b): b is ToolCallBlock => b.type === "tool_call");
}

/** Emits the tool_call event and lifecycle event of every call, before any of them runs. */
export function announceToolCalls(calls: readonly ToolCallBlock[], hooks: ToolRunHooks): void {
  for (const call of calls) {
    hooks.emit({ type: "tool_call", id: call.id, name: call.name, args: call.args });
    hooks.lifecycle({
      event: "tool_call",
      toolId: call.id,
      toolName: call.name,
      toolArgs: call.args,
    });
  }
}

/** Runs the calls one after another; once `signal` aborts, the rest get a stub result. */
export async function runToolBatch(
  calls: readonly ToolCallBlock[],
  hooks: ToolRunHooks,
  signal: AbortSignal,
): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = [];
  for (const call of calls) {
    if (signal.aborted) {
      const stub = errorResult(call.id, ABORTED_RESULT_TEXT);
      hooks.emit({
        type: "tool_result",
        id: call.id,
        name: call.name,
        isError: true,
        content: stub.content,
      });
      results.push(stub);
    } else {
      results.push(await runToolCall(call, hooks, signal));
    }
  }
  return results;
}

/** The transcript message that records a step's tool results. */
export function toolMessage(results: ToolResultBlock[]): ToolMessage {
  return { role: "tool", content: results, time: now() };
}
