/** Fake tools and extensions for agent tests. */

import type {
  AgentExtensions,
  AssistantMessageDecision,
  ExtensionTool,
  InterceptPoint,
  LifecycleEvent,
  ToolCallDecision,
  TurnStartDecision,
} from "../../src/agent/mod.ts";
import type { Tool } from "../../src/tools/mod.ts";

/** A tool that echoes its `text` arg and records its calls. */
export function echoTool(calls: Record<string, unknown>[] = []): Tool {
  return {
    spec: {
      name: "echo",
      description: "echo text",
      schema: {
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
      },
    },
    execute(args) {
      calls.push(args);
      return Promise.resolve({
        content: [{ type: "text", text: `echo: ${args.text}` }],
        isError: false,
      });
    },
  };
}

/** A tool that runs until its signal aborts, then reports that it stopped. */
export function waitTool(started: () => void): Tool {
  return {
    spec: { name: "wait", description: "waits", schema: { type: "object", properties: {} } },
    execute(_args, context) {
      started();
      return new Promise((resolve) => {
        const stop = () =>
          resolve({ content: [{ type: "text", text: "wait: stopped" }], isError: true });
        if (context.signal.aborted) return stop();
        context.signal.addEventListener("abort", stop, { once: true });
      });
    },
  };
}

/** Scriptable extensions: decisions per interception point, recorded lifecycle events. */
export class FakeExtensions implements AgentExtensions {
  events: LifecycleEvent[] = [];
  toolCalls: { name: string; args: Record<string, unknown> }[] = [];
  extTools: ExtensionTool[] = [];
  turnStart: (step: number) => TurnStartDecision = () => ({ block: false });
  toolCall: (call: { name: string; args: Record<string, unknown> }) => ToolCallDecision = () => ({
    block: false,
  });
  assistant?: (text: string) => AssistantMessageDecision;
  seenTexts: string[] = [];

  tools(): ExtensionTool[] {
    return this.extTools;
  }
  emit(event: LifecycleEvent): void {
    this.events.push(event);
  }
  intercepts(point: InterceptPoint): boolean {
    return point === "assistant_message" ? this.assistant !== undefined : true;
  }
  interceptTurnStart(step: number): Promise<TurnStartDecision> {
    return Promise.resolve(this.turnStart(step));
  }
  interceptToolCall(
    call: { name: string; args: Record<string, unknown> },
  ): Promise<ToolCallDecision> {
    this.toolCalls.push({ name: call.name, args: call.args });
    return Promise.resolve(this.toolCall(call));
  }
  interceptAssistantMessage(text: string): Promise<AssistantMessageDecision> {
    this.seenTexts.push(text);
    return Promise.resolve(this.assistant ? this.assistant(text) : { block: false });
  }

  /** Adds an extension tool that answers with a fixed text. */
  addTool(extension: string, name: string, answer: string): void {
    this.extTools.push({
      extension,
      spec: { name, description: `${name} tool`, schema: { type: "object", properties: {} } },
      call: () => Promise.resolve({ content: [{ type: "text", text: answer }], isError: false }),
    });
  }
}
