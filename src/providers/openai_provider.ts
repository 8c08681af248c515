/** The OpenAI chat-completions provider (also Ollama and other compatible servers). */

import type { StopReason } from "../messages/mod.ts";
import { type Catalog, requestedModel } from "./catalog.ts";
import type { ModelInfo } from "./model_info.ts";
import { classifyWireError } from "./http_stream.ts";
import {
  type ChatCompletionChunk,
  createOpenAIClient,
  normalizeOpenAIBase,
  type OpenAIClient,
  streamChat,
} from "./openai.ts";
import { toOpenAIParams } from "./openai_convert.ts";
import { DEFAULT_RETRY, type RetryPolicy, streamLoop } from "./stream_loop.ts";
import type { TurnBuilder } from "./turn.ts";
import type { BoundProvider, ModelRequest, StreamEvent } from "./types.ts";

/** Options for an OpenAI-compatible provider. */
export interface OpenAIProviderOptions {
  /** `openai`, `ollama`, or a models.json provider name. */
  name?: string;
  model: ModelInfo;
  catalog?: Catalog;
  apiKey?: string;
  baseUrl: string;
  fetch?: typeof fetch;
  retry?: RetryPolicy;
}

const FINISH_REASONS: Record<string, StopReason> = {
  stop: "end",
  length: "length",
  tool_calls: "tool_use",
  function_call: "tool_use",
  content_filter: "end",
};

/** Streams answers from a chat-completions endpoint. */
export class OpenAIProvider implements BoundProvider {
  readonly name: string;
  readonly model: ModelInfo;
  readonly baseUrl: string;
  #client: OpenAIClient;
  #catalog?: Catalog;
  #retry: RetryPolicy;

  constructor(options: OpenAIProviderOptions) {
    this.name = options.name ?? "openai";
    this.model = options.model;
    this.baseUrl = normalizeOpenAIBase(options.baseUrl);
    this.#catalog = options.catalog;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#client = createOpenAIClient(options);
  }

  /** Streams one answer; see Provider.stream. */
  stream(request: ModelRequest): AsyncIterable<StreamEvent> {
    const model = requestedModel(this.model, request.model, this.#catalog);
    const params = toOpenAIParams(request, model);
    return streamLoop({
      provider: this.name,
      model,
      baseUrl: this.baseUrl,
      policy: this.#retry,
      signal: request.signal,
      classify: classifyWireError,
      attempt: (turn) => this.#attempt(turn, params, request.signal),
    });
  }

  async *#attempt(
    turn: TurnBuilder,
    params: ReturnType<typeof toOpenAIParams>,
    signal?: AbortSignal,
  ): AsyncGenerator<StreamEvent> {
    for await (const chunk of streamChat(this.#client, params, signal)) {
      yield* translate(turn, chunk);
    }
  }
}

/** One chunk → zero or more zot events. */
function* translate(turn: TurnBuilder, chunk: ChatCompletionChunk): Generator<StreamEvent> {
  if (chunk.usage) {
    const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
    turn.setUsage({
      input: Math.max(0, (chunk.usage.prompt_tokens ?? 0) - cached),
      output: chunk.usage.completion_tokens ?? 0,
      cacheRead: cached,
    });
  }
  const choice = chunk.choices?.[0];
  if (!choice) return;
  const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & Record<string, unknown>;
  // Non-standard reasoning deltas: DeepSeek/vLLM `reasoning_content`, Ollama `reasoning`.
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (typeof reasoning === "string" && reasoning) {
    const ev = turn.thinking("reasoning", reasoning);
    if (ev) yield ev;
  }
  if (typeof delta.content === "string" && delta.content) {
    const ev = turn.text("text", delta.content);
    if (ev) yield ev;
  }
  for (const call of delta.tool_calls ?? []) {
    const key = toolKey(turn, call);
    if (!turn.hasTool(key)) {
      yield turn.toolStart(key, call.id || `call_${call.index ?? 0}`, call.function?.name ?? "");
    }
    const args = call.function?.arguments;
    if (args) {
      const ev = turn.toolArgs(key, args);
      if (ev) yield ev;
    }
  }
  if (choice.finish_reason) {
    const mapped = FINISH_REASONS[choice.finish_reason] ?? "end";
    const anyTool = (delta.tool_calls?.length ?? 0) > 0 || turn.lastToolKey() !== undefined;
    turn.stop(mapped === "end" && anyTool ? "tool_use" : mapped);
  }
}

/**
 * Which call a tool-call delta belongs to: its `index`; servers that send none (older Ollama
 * sends each call whole, with an id) start a call per new id and continue the last one.
 */
function toolKey(turn: TurnBuilder, call: ChatCompletionChunk.Choice.Delta.ToolCall): string {
  if (typeof call.index === "number") return `tool${call.index}`;
  if (call.id) return `tool:${call.id}`;
  return turn.lastToolKey() ?? "tool0";
}
