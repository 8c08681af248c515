/**
 * Provider failures: a neutral description of what went wrong (each client maps its
 * own errors into it), whether it may be retried, and the ProviderError a user sees.
 */

import { ProviderError } from "../errors/mod.ts";
import { apiKeyEnvVar } from "./credentials.ts";

/** What went wrong with one model call. */
export interface Failure {
  /** `http`: an error status; `connection`: no (complete) answer; `malformed`: bad stream data. */
  kind: "http" | "connection" | "malformed";
  status?: number;
  /** The provider's own message (or the transport's). */
  message: string;
  /** Server-requested wait (retry-after), in ms. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** Statuses worth retrying: rate limits and temporary server trouble. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504, 529]);

/** Whether a failure may succeed on another attempt (only before any output streamed). */
export function isRetryable(f: Failure): boolean {
  if (f.kind === "connection") return true;
  return f.kind === "http" && f.status !== undefined && RETRY_STATUSES.has(f.status);
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  529: "Overloaded",
};

/** Context for turning a failure into a user-facing error. */
export interface FailureContext {
  provider: string;
  model: string;
  baseUrl: string;
  /** How many attempts were made. */
  attempts: number;
  /** True when output had already streamed (so the call was not retried). */
  afterOutput?: boolean;
}

/** The ProviderError for a failure: names the provider, the cause and the next step. */
export function failureError(f: Failure, ctx: FailureContext): ProviderError {
  const { provider } = ctx;
  const detail = f.message.trim() || "no details";
  const tries = ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : "";
  const options = { cause: f.cause, status: f.status, retryable: isRetryable(f) };
  if (ctx.afterOutput) {
    const what = f.status ? `${f.status} ${REASONS[f.status] ?? "error"}: ${detail}` : detail;
    return new ProviderError(
      "stream_interrupted",
      `${provider} stream broke off after output started (${what})`,
      { ...options, hint: "the partial answer was kept; send the prompt again to retry" },
    );
  }
  if (f.kind === "connection") {
    return new ProviderError(
      "provider_unreachable",
      `cannot get an answer from ${provider} at ${ctx.baseUrl}${tries}: ${detail}`,
      { ...options, hint: "check your network connection and --base-url" },
    );
  }
  if (f.kind === "malformed") {
    return new ProviderError(
      "bad_stream",
      `${provider} sent a response zot cannot read: ${detail}`,
      { ...options, hint: "check --base-url points at a compatible API, then retry" },
    );
  }
  const status = f.status ?? 0;
  const head = `${provider} returned ${status} ${REASONS[status] ?? "error"}${tries}: ${detail}`;
  if (status === 401) {
    const envVar = apiKeyEnvVar(provider);
    return new ProviderError(
      "auth_failed",
      `${provider} rejected the API key (401 Unauthorized): ${detail}`,
      { ...options, hint: `check ${envVar}, --api-key or auth.json` },
    );
  }
  if (status === 403) {
    return new ProviderError("permission_denied", head, {
      ...options,
      hint: `check that your key may use model ${ctx.model}`,
    });
  }
  if (status === 404) {
    return new ProviderError("model_not_found", head, {
      ...options,
      hint: `check --model ${ctx.model} (see zot --list-models) and --base-url`,
    });
  }
  if (status === 429) {
    return new ProviderError("rate_limited", head, {
      ...options,
      hint: "wait and retry, or check your plan's rate limits",
    });
  }
  if (status === 413 || (status === 400 && /too long|context (length|window)/i.test(detail))) {
    return new ProviderError("context_overflow", head, {
      ...options,
      hint: "the conversation is too large for the model; compact it or start a new session",
    });
  }
  if (status >= 500) {
    return new ProviderError("provider_unavailable", head, {
      ...options,
      hint: "the service is having trouble; try again in a moment",
    });
  }
  return new ProviderError("request_rejected", head, options);
}

/** Reads `retry-after-ms` / `retry-after` (seconds or HTTP date) from response headers. */
export function retryAfterMs(headers: Headers | undefined, nowMs = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get("retry-after-ms") ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get("retry-after");
  if (raw === null || raw.trim() === "") return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : undefined;
}

/** A transport-level failure (fetch rejected, body broke off). */
export function connectionFailure(err: unknown): Failure {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  const message = [err instanceof Error ? err.message : String(err), cause?.message]
    .filter((m, i, all) => m && all.indexOf(m) === i).join(": ");
  return { kind: "connection", message, cause: err };
}
