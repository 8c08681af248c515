/**
 * The Anthropic Messages client: wire types from `@anthropic-ai/sdk` (type-only imports, erased
 * at run time), transport our own (http_stream.ts, sse.ts) so no SDK code loads.
 */

import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import { normalizeAnthropicBase } from "./endpoints.ts";
import { errorMessage, postForStream, WireFailure } from "./http_stream.ts";
import { isRecord, parseJson } from "./json.ts";
import { eventJson, sseEvents } from "./sse.ts";

export type {
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
};

export { ANTHROPIC_BASE_URL, normalizeAnthropicBase } from "./endpoints.ts";

/** The Messages API version zot speaks. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** What an Anthropic client needs; nothing is read from the environment. */
export interface AnthropicClientOptions {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

/** A client bound to one key and endpoint; it never retries (zot owns the retry policy). */
export interface AnthropicClient {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

/** Creates a client bound to one key and base URL. */
export function createAnthropicClient(options: AnthropicClientOptions): AnthropicClient {
  return {
    url: `${normalizeAnthropicBase(options.baseUrl)}/v1/messages`,
    headers: { "x-api-key": options.apiKey, "anthropic-version": ANTHROPIC_VERSION },
    fetch: options.fetch,
  };
}

/**
 * Streams one Messages call. Throws WireFailure for an error status, an `event: error` or an
 * unreadable event; `ping` events and events without a name are skipped.
 */
export async function* streamMessages(
  client: AnthropicClient,
  params: MessageCreateParamsStreaming,
  signal?: AbortSignal,
): AsyncGenerator<RawMessageStreamEvent> {
  const response = await postForStream({ ...client, body: params, signal });
  for await (const sse of sseEvents(response, { signal })) {
    if (sse.event === undefined || sse.event === "ping") continue;
    if (sse.event === "error") throw streamError(sse.data);
    if (!sse.data) continue;
    // Shapes are the SDK's types, unchecked as the SDK left them; unknown types are ignored.
    yield eventJson(sse.data) as unknown as RawMessageStreamEvent;
  }
}

// Mid-stream `event: error` carries a type but no status.
const ERROR_TYPE_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** The http failure for an `event: error` (`{"type":"error","error":{type,message}}`). */
function streamError(data: string): WireFailure {
  const body = parseJson(data);
  const error = isRecord(body) ? body.error : undefined;
  const type = isRecord(error) && typeof error.type === "string" ? error.type : "";
  const status = ERROR_TYPE_STATUS[type] ?? 500;
  return new WireFailure({ kind: "http", status, message: errorMessage(body, data.trim()) });
}
