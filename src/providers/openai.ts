/** The one file that touches `openai`: client setup, streaming call, error mapping. */

import OpenAI, { APIConnectionError, APIError, APIUserAbortError, OpenAIError } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { normalizeOpenAIBase } from "./endpoints.ts";
import { connectionFailure, type Failure, retryAfterMs } from "./failure.ts";

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

/** The SDK client, with its own retries off (zot owns the retry policy). */
export type OpenAIClient = OpenAI;

/** Creates a client bound to one key and base URL. */
export function createOpenAIClient(options: OpenAIClientOptions): OpenAIClient {
  return new OpenAI({
    apiKey: options.apiKey || "zot-no-key",
    baseURL: normalizeOpenAIBase(options.baseUrl),
    fetch: options.fetch ?? globalThis.fetch,
    maxRetries: 0,
    logLevel: "off",
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
  });
}

/** Starts one streaming chat-completions call. */
export async function openChatStream(
  client: OpenAIClient,
  params: ChatCompletionCreateParamsStreaming,
  signal?: AbortSignal,
): Promise<AsyncIterable<ChatCompletionChunk>> {
  return await client.chat.completions.create(params, { signal });
}

/** Maps an SDK or transport error to a neutral Failure. */
export function classifyOpenAIError(err: unknown): Failure {
  if (err instanceof APIUserAbortError) return { kind: "connection", message: "aborted" };
  if (err instanceof APIConnectionError) return connectionFailure(err.cause ?? err);
  if (err instanceof APIError) {
    const body: unknown = err.error;
    const message = typeof body === "string"
      ? body
      : isRecord(body) && typeof body.message === "string"
      ? body.message
      : err.message.replace(/^\d{3}\s+/, "");
    const status = err.status ?? statusOfStreamError(body);
    return { kind: "http", status, message, retryAfterMs: retryAfterMs(err.headers), cause: err };
  }
  if (err instanceof SyntaxError || err instanceof OpenAIError) {
    return { kind: "malformed", message: err.message, cause: err };
  }
  return connectionFailure(err);
}

// Mid-stream `{"error": …}` records carry no HTTP status; guess one from the error type.
function statusOfStreamError(body: unknown): number {
  const type = isRecord(body) ? String(body.type ?? body.code ?? "") : "";
  if (/rate_limit/.test(type)) return 429;
  if (/overloaded/.test(type)) return 529;
  if (/invalid_request|bad_request/.test(type)) return 400;
  return 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
