/**
 * The transport both provider clients share: one streaming JSON POST, the error body of a
 * non-2xx answer, and the mapping of whatever went wrong to a Failure. Ours instead of the
 * SDKs' because loading either SDK costs tens of milliseconds and megabytes per run.
 */

import { ZOT_VERSION } from "../config/mod.ts";
import { connectionFailure, type Failure, retryAfterMs } from "./failure.ts";
import { isRecord, parseJson } from "./json.ts";

/** A Failure raised by a client; classifyWireError hands it on unchanged. */
export class WireFailure extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.message, { cause: failure.cause });
    this.failure = failure;
  }
}

/** The failure for a call the user aborted. */
export const ABORTED: Failure = { kind: "connection", message: "aborted" };

/** One streaming call. */
export interface StreamRequest {
  url: string;
  /** Provider headers (auth, version); JSON, SSE and user-agent headers are added. */
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** POSTs the request; resolves with a 2xx response, throws WireFailure for anything else. */
export async function postForStream(request: StreamRequest): Promise<Response> {
  const { signal } = request;
  let response: Response;
  try {
    response = await (request.fetch ?? globalThis.fetch)(request.url, {
      method: "POST",
      headers: {
        ...request.headers,
        "content-type": "application/json",
        accept: "text/event-stream",
        "user-agent": `zot/${ZOT_VERSION}`,
      },
      body: JSON.stringify(request.body),
      signal,
    });
  } catch (err) {
    throw new WireFailure(signal?.aborted ? ABORTED : connectionFailure(err));
  }
  if (response.ok) return response;
  throw new WireFailure(await httpFailure(response, signal));
}

/** How much of an error body is read: enough for any real message, bounded for a hostile one. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The longest error text passed on (an HTML error page says what it needs to early). */
export const MAX_ERROR_TEXT = 2000;

/** The failure for a non-2xx answer: the provider's message, the status and its retry-after. */
async function httpFailure(response: Response, signal?: AbortSignal): Promise<Failure> {
  let text: string;
  try {
    text = await readText(response, MAX_ERROR_BODY_BYTES);
  } catch (err) {
    if (signal?.aborted) return ABORTED;
    text = err instanceof Error ? err.message : String(err);
  }
  const message = errorMessage(parseJson(text), text.trim());
  return {
    kind: "http",
    status: response.status,
    message: message.length > MAX_ERROR_TEXT ? `${message.slice(0, MAX_ERROR_TEXT)}…` : message,
    retryAfterMs: retryAfterMs(response.headers),
  };
}

/** Up to `limit` bytes of a body as text; the rest is not read (the body is cancelled). */
async function readText(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  let done = false;
  try {
    while (!done && size < limit) {
      const chunk = await reader.read();
      done = chunk.done;
      size += chunk.value?.byteLength ?? 0;
      text += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
    }
    return text;
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * The message of an error record as Anthropic (`{error: {type, message}}`), OpenAI (the same
 * shape) and Ollama (`{error: "text"}`) send it; otherwise the given fallback.
 */
export function errorMessage(body: unknown, fallback: string): string {
  if (!isRecord(body)) return fallback;
  const error = body.error;
  if (typeof error === "string") return error;
  if (isRecord(error) && typeof error.message === "string") return error.message;
  if (typeof body.message === "string") return body.message;
  return fallback;
}

/** Maps anything a client, fetch or the body stream threw to a Failure. */
export function classifyWireError(err: unknown): Failure {
  if (err instanceof WireFailure) return err.failure;
  if (err instanceof DOMException && err.name === "AbortError") return ABORTED;
  return connectionFailure(err);
}
