/** The Anthropic Messages provider: SSE events → zot stream events. */

import type { StopReason } from "../messages/mod.ts";
import {
  type AnthropicClient,
  createAnthropicClient,
  type RawMessageStreamEvent,
  streamMessages,
} from "./anthropic.ts";
import { toAnthropicParams } from "./anthropic_convert.ts";
import { type Catalog, requestedModel } from "./catalog.ts";
import { classifyWireError } from "./http_stream.ts";
import type { ModelInfo } from "./model_info.ts";
import { DEFAULT_RETRY, type RetryPolicy, streamLoop } from "./stream_loop.ts";
import type { TurnBuilder } from "./turn.ts";
import type { BoundProvider, ModelRequest, StreamEvent } from "./types.ts";

/** Options for an Anthropic provider. */
export interface AnthropicProviderOptions {
  name?: string;
  model: ModelInfo;
  catalog?: Catalog;
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
  retry?: RetryPolicy;
}

const STOP_REASONS: Record<string, StopReason> = {
  end_turn: "end",
  stop_sequence: "end",
  pause_turn: "end",
  refusal: "end",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_use",
};

/** Streams answers from the Anthropic Messages API. */
export class AnthropicProvider implements BoundProvider {
  readonly name: string;
  readonly model: ModelInfo;
  readonly baseUrl: string;
  #client: AnthropicClient;
  #catalog?: Catalog;
  #retry: RetryPolicy;

  constructor(options: AnthropicProviderOptions) {
    this.name = options.name ?? "anthropic";
    this.model = options.model;
    this.baseUrl = options.baseUrl;
    this.#catalog = options.catalog;
    this.#retry = options.retry ?? DEFAULT_RETRY;
    this.#client = createAnthropicClient(options);
  }

  /** Streams one answer; see Provider.stream. */
  stream(request: ModelRequest): AsyncIterable<StreamEvent> {
    const model = requestedModel(this.model, request.model, this.#catalog);
    const params = toAnthropicParams(request, model);
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
    params: ReturnType<typeof toAnthropicParams>,
    signal?: AbortSignal,
  ): AsyncGenerator<StreamEvent> {
    for await (const event of streamMessages(this.#client, params, signal)) {
      for (const out of translate(turn, event)) yield out;
    }
  }
}

/** One SSE event → zero or more zot events (unknown event and block types are ignored). */
function* translate(turn: TurnBuilder, event: RawMessageStreamEvent): Generator<StreamEvent> {
  switch (event.type) {
    case "message_start": {
      const u = event.message.usage;
      turn.setUsage({
        input: u.input_tokens,
        output: u.output_tokens,
        cacheRead: u.cache_read_input_tokens ?? 0,
        cacheWrite: u.cache_creation_input_tokens ?? 0,
      });
      return;
    }
    case "content_block_start": {
      const key = String(event.index);
      const block = event.content_block;
      if (block.type === "tool_use") yield turn.toolStart(key, block.id, block.name);
      else if (block.type === "text" && block.text) yield* some(turn.text(key, block.text));
      else if (block.type === "thinking") {
        yield* some(turn.thinking(key, block.thinking));
        // Some models sign the block up front instead of in a signature_delta.
        if (block.signature) turn.signature(key, block.signature);
      } else if (block.type === "redacted_thinking") turn.redacted(key, block.data);
      return;
    }
    case "content_block_delta": {
      const key = String(event.index);
      const delta = event.delta;
      if (delta.type === "text_delta") yield* some(turn.text(key, delta.text));
      else if (delta.type === "thinking_delta") yield* some(turn.thinking(key, delta.thinking));
      else if (delta.type === "signature_delta") turn.signature(key, delta.signature);
      else if (delta.type === "input_json_delta") {
        yield* some(turn.toolArgs(key, delta.partial_json));
      }
      return;
    }
    case "content_block_stop":
      yield* some(turn.toolEnd(String(event.index)));
      return;
    case "message_delta": {
      const u = event.usage;
      turn.setUsage({
        output: u.output_tokens ?? undefined,
        input: u.input_tokens ?? undefined,
        cacheRead: u.cache_read_input_tokens ?? undefined,
        cacheWrite: u.cache_creation_input_tokens ?? undefined,
      });
      const reason = event.delta.stop_reason;
      if (reason) turn.stop(STOP_REASONS[reason] ?? "end");
      return;
    }
    case "message_stop":
      if (!turn.stopReason) turn.stop("end");
      return;
  }
}

function* some(event: StreamEvent | undefined): Generator<StreamEvent> {
  if (event) yield event;
}
