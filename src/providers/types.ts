/** The provider contract: what the agent loop asks of any model API. */

import type { AssistantMessage, Message, ToolSpec, Usage } from "../messages/mod.ts";
import type { ModelInfo } from "./model_info.ts";

/** Reasoning effort, mapped per provider (thinking budget, reasoning_effort). */
export type ReasoningLevel = "low" | "medium" | "high";

/** One model call. */
export interface ModelRequest {
  /** Model id sent to the API; limits and prices come from the catalog entry for it. */
  model: string;
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  maxTokens?: number;
  reasoning?: ReasoningLevel;
  signal?: AbortSignal;
}

/**
 * What a provider streams while the model answers. The last event is always `done`; a
 * `usage` event (priced) comes just before it whenever the API reported token counts.
 */
export type StreamEvent =
  | { type: "text_delta"; delta: string }
  | { type: "thinking_delta"; delta: string }
  | { type: "tool_use_start"; id: string; name: string }
  | { type: "tool_use_args"; id: string; delta: string }
  | { type: "tool_use_end"; id: string }
  | { type: "usage"; usage: Usage }
  | { type: "done"; message: AssistantMessage };

/**
 * A model API. Failures before any output throw a ProviderError (after retries). A failure
 * after output started is not retried: the stream ends with `done` whose message has stop
 * reason `error`, the partial text, and `error` set to the ProviderError's message.
 */
export interface Provider {
  /** Provider name, e.g. `anthropic`. */
  readonly name: string;
  /**
   * Streams one model answer. Aborting `request.signal` ends it with `done`, stop reason
   * `aborted`, partial text kept and tool calls dropped (never a throw).
   */
  stream(request: ModelRequest): AsyncIterable<StreamEvent>;
}

/** A provider created for one catalog model (what createProvider returns). */
export interface BoundProvider extends Provider {
  /** The catalog entry: context window, max output, prices. */
  readonly model: ModelInfo;
  /** The endpoint in use. */
  readonly baseUrl: string;
}
