/** The provider contract: what the agent loop asks of any model API. */

import type { AssistantMessage, Message, ToolSpec, Usage } from "../messages/mod.ts";

/** Reasoning effort, mapped per provider (thinking budget, reasoning_effort). */
export type ReasoningLevel = "low" | "medium" | "high";

/** One model call. */
export interface ModelRequest {
  model: string;
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  maxTokens?: number;
  reasoning?: ReasoningLevel;
  signal?: AbortSignal;
}

/** What a provider streams while the model answers. The last event is always `done`. */
export type StreamEvent =
  | { type: "text_delta"; delta: string }
  | { type: "thinking_delta"; delta: string }
  | { type: "tool_use_start"; id: string; name: string }
  | { type: "tool_use_args"; id: string; delta: string }
  | { type: "tool_use_end"; id: string }
  | { type: "usage"; usage: Usage }
  | { type: "done"; message: AssistantMessage };

/** A model API. Implementations throw ProviderError for failures before any output. */
export interface Provider {
  /** Provider name, e.g. `anthropic`. */
  readonly name: string;
  /** Streams one model answer. Aborting `request.signal` ends it with stop reason `aborted`. */
  stream(request: ModelRequest): AsyncIterable<StreamEvent>;
}
