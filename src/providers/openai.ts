/**
 * The OpenAI chat-completions client: wire types from `openai` (type-only imports, erased at
 * run time), transport our own (http_stream.ts, sse.ts) so no SDK code loads.
 */

import type {
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { normalizeOpenAIBase } from "./endpoints.ts";
import { errorMessage, postForStream, WireFailure } from "./http_stream.ts";
import { isRecord } from "./json.ts";
import { eventJson, sseEvents } from "./sse.ts";

export type {
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
};

export { normalizeOpenAIBase, OPENAI_BASE_URL } from "./endpoints.ts";

/** What an OpenAI client needs; nothing is read from the environment. */
export interface OpenAIClientOptions {
  /** Local servers need none; a placeholder is sent then. */
  apiKey?: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

/** A client bound to one key and endpoint; it never retries (zot owns the retry policy). */
export interface OpenAIClient {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

/** Creates a client bound to one key and base URL. */
export function createOpenAIClient(options: OpenAIClientOptions): OpenAIClient {
  return {
    url: `${normalizeOpenAIBase(options.baseUrl)}/chat/completions`,
    headers: { authorization: `Bearer ${options.apiKey || "zot-no-key"}` },
    fetch: options.fetch,
  };
}

/**
 * Streams one chat-completions call until `[DONE]` or the end of the body. Throws WireFailure
 * for an error status, an `{"error": …}` record (or `event: error`) or an unreadable chunk.
 */
export async function* streamChat(
  client: OpenAIClient,
  params: ChatCompletionCreateParamsStreaming,
  signal?: AbortSignal,
): AsyncGenerator<ChatCompletionChunk> {
  const response = await postForStream({ ...client, body: params, signal });
  for await (const sse of sseEvents(response, { signal })) {
    if (sse.data === "[DONE]") return;
    if (!sse.data) continue;
    const record = eventJson(sse.data);
    if (sse.event === "error" || record.error) throw streamError(record);
    // Shapes are the SDK's types, unchecked as the SDK left them.
    yield record as unknown as ChatCompletionChunk;
  }
}

/** The http failure for a mid-stream error record (`{"error": {message, type}}`). */
function streamError(record: Record<string, unknown>): WireFailure {
  const error = record.error ?? record;
  const message = errorMessage(record, typeof error === "string" ? error : JSON.stringify(error));
  return new WireFailure({ kind: "http", status: statusOfStreamError(error), message });
}

// Mid-stream `{"error": …}` records carry no HTTP status; guess one from the error type.
function statusOfStreamError(error: unknown): number {
  const type = isRecord(error) ? String(error.type ?? error.code ?? "") : "";
  if (/rate_limit/.test(type)) return 429;
  if (/overloaded/.test(type)) return 529;
  if (/invalid_request|bad_request/.test(type)) return 400;
  return 500;
}
