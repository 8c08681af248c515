/** The one file that touches `@anthropic-ai/sdk`: client setup, streaming call, error mapping. */

import Anthropic, {
  AnthropicError,
  APIConnectionError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk";
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
import { connectionFailure, type Failure, retryAfterMs } from "./failure.ts";

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

/** What an Anthropic client needs; nothing is read from the environment. */
export interface AnthropicClientOptions {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

/** The SDK client, with its own retries off (zot owns the retry policy). */
export type AnthropicClient = Anthropic;

/** Creates a client bound to one key and base URL. */
export function createAnthropicClient(options: AnthropicClientOptions): AnthropicClient {
  return new Anthropic({
    apiKey: options.apiKey,
    baseURL: normalizeAnthropicBase(options.baseUrl),
    fetch: options.fetch ?? globalThis.fetch,
    maxRetries: 0,
    logLevel: "off",
    webhookKey: null,
    openTelemetry: false,
  });
}

/**
 * Starts one streaming Messages call. Goes through `client.post` rather than
 * `messages.create` so the SDK prints no deprecation warnings on stderr.
 */
export async function openMessageStream(
  client: AnthropicClient,
  params: MessageCreateParamsStreaming,
  signal?: AbortSignal,
): Promise<AsyncIterable<RawMessageStreamEvent>> {
  return await client.post<AsyncIterable<RawMessageStreamEvent>>("/v1/messages", {
    body: params,
    stream: true,
    signal,
    headers: { accept: "text/event-stream" },
  });
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

/** Maps an SDK or transport error to a neutral Failure. */
export function classifyAnthropicError(err: unknown): Failure {
  if (err instanceof APIUserAbortError) return { kind: "connection", message: "aborted" };
  if (err instanceof APIConnectionError) return connectionFailure(err.cause ?? err);
  if (err instanceof APIError) {
    const status = err.status ?? (err.type ? ERROR_TYPE_STATUS[err.type] : undefined) ?? 500;
    const message = err.apiMessage ?? err.message.replace(/^\d{3}\s+/, "");
    return { kind: "http", status, message, retryAfterMs: retryAfterMs(err.headers), cause: err };
  }
  if (err instanceof SyntaxError || err instanceof AnthropicError) {
    return { kind: "malformed", message: err.message, cause: err };
  }
  return connectionFailure(err);
}
