/**
 * What the agent loop needs from extensions, as an interface the agent owns. The
 * extension host satisfies it through a thin adapter (src/modes/host_adapter.ts), so the
 * loop can be tested with fakes and never depends on subprocess details.
 */

import type { ToolResultInput, ToolResultVerdict, V11LifecycleEvent } from "../extensions/mod.ts";
import type { StopReason, ToolSpec } from "../messages/mod.ts";
import type { ToolContext, ToolOutput } from "../tools/mod.ts";

/** A tool an extension registered, callable by the model. */
export interface ExtensionTool {
  readonly spec: ToolSpec;
  /** The extension that owns the tool (its manifest name). */
  readonly extension: string;
  /** Runs the tool; failures come back as `isError` outputs, never as throws. */
  call(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutput>;
}

/** What an extension tool call receives besides its args. */
export interface ToolCallContext extends ToolContext {
  /** The model's id for this call. */
  callId: string;
}

/** Lifecycle events forwarded to subscribed extensions (one-way). */
export type LifecycleEvent =
  | { event: "session_start" }
  | { event: "turn_start"; step: number }
  | { event: "tool_call"; toolId: string; toolName: string; toolArgs: Record<string, unknown> }
  | { event: "assistant_message"; text: string }
  | { event: "turn_end"; step: number; stop: StopReason; error?: string }
  // protocol 1.1 events are the host's, except that agent_end carries the loop's StopReason
  | Exclude<V11LifecycleEvent, { event: "agent_end" }>
  | { event: "agent_end"; stop: StopReason; error?: string; steps: number };

/** An interceptor's verdict on a turn start. */
export interface TurnStartDecision {
  block: boolean;
  reason?: string;
  /** The extension that blocked, when known. */
  extension?: string;
}

/** An interceptor's verdict on a tool call; `args` is set when the chain rewrote them. */
export interface ToolCallDecision {
  block: boolean;
  reason?: string;
  extension?: string;
  /** Replacement args (already chained across interceptors); absent when unchanged. */
  args?: Record<string, unknown>;
  /** The extension whose rewrite produced `args`, when known. */
  rewrittenBy?: string;
  /** Protocol 1.1: a guard handed the decision to the user. */
  ask?: { extension: string; reason?: string };
}

/** What tool_result interceptors made of a result (protocol 1.1): the host's verdict. */
export type ToolResultDecision = ToolResultVerdict;

/** What user_prompt interceptors made of a prompt (protocol 1.1). */
export interface UserPromptDecision {
  block: boolean;
  reason?: string;
  extension?: string;
  /** The replacement text, when an interceptor rewrote it. */
  text?: string;
  /** Context to send to the model with the prompt, per extension. */
  context?: { extension: string; text: string }[];
}

/** A finished tool run as tool_result interceptors see it (the host's input). */
export type ToolRun = ToolResultInput;

/** An interceptor's verdict on the assistant's text; `text` is set when it was replaced. */
export interface AssistantMessageDecision {
  block: boolean;
  reason?: string;
  extension?: string;
  text?: string;
}

/** Interceptable event names, as extensions subscribe to them. */
export type InterceptPoint =
  | "turn_start"
  | "tool_call"
  | "assistant_message"
  | "tool_result"
  | "user_prompt";

/** The extension side of the agent: tools, lifecycle events, interception. */
export interface AgentExtensions {
  /** Tools registered by extensions, in registration order. */
  tools(): ExtensionTool[];
  /** Forwards a lifecycle event to subscribers; must not throw or block. */
  emit(event: LifecycleEvent): void;
  /** Whether any extension intercepts this point (lets the loop hold back streamed text). */
  intercepts(point: InterceptPoint): boolean;
  /** Asks turn_start interceptors; allow when none or on timeout. */
  interceptTurnStart(step: number, signal: AbortSignal): Promise<TurnStartDecision>;
  /** Asks tool_call interceptors about one call. */
  interceptToolCall(
    call: { id: string; name: string; args: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<ToolCallDecision>;
  /** Asks assistant_message interceptors about the assistant's joined text. */
  interceptAssistantMessage(text: string, signal: AbortSignal): Promise<AssistantMessageDecision>;
  /** Protocol 1.1: asks tool_result interceptors (absent means none). */
  interceptToolResult?(run: ToolRun, signal: AbortSignal): Promise<ToolResultDecision>;
  /** Protocol 1.1: asks user_prompt interceptors (absent means none). */
  interceptUserPrompt?(text: string, signal: AbortSignal): Promise<UserPromptDecision>;
}

/** Extensions that do nothing: no tools, every interception allows. */
export const NO_EXTENSIONS: AgentExtensions = {
  tools: () => [],
  emit: () => {},
  intercepts: () => false,
  interceptTurnStart: () => Promise.resolve({ block: false }),
  interceptToolCall: () => Promise.resolve({ block: false }),
  interceptAssistantMessage: () => Promise.resolve({ block: false }),
};
