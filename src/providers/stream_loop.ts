/**
 * The part of every provider's `stream()` that is not about a wire format: attempts with
 * backoff before any output, abort handling, usage and the final `done` event.
 */

import { ProviderError } from "../errors/mod.ts";
import { type Failure, failureError, isRetryable } from "./failure.ts";
import type { ModelInfo } from "./model_info.ts";
import { TurnBuilder } from "./turn.ts";
import type { StreamEvent } from "./types.ts";
import { sleep } from "../timing/mod.ts";

/** When and how often a failed call is tried again. */
export interface RetryPolicy {
  /** Total attempts, including the first. */
  maxAttempts: number;
  /** Wait before retry n (the last value repeats). */
  delaysMs: number[];
  /** Upper bound for a server's retry-after. */
  maxRetryAfterMs: number;
}

/** Three attempts, 250 ms then 750 ms apart (2 s beyond that); retry-after capped at 10 s. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  delaysMs: [250, 750, 2000],
  maxRetryAfterMs: 10_000,
};

/** Raised by an attempt whose stream ended before the provider said it was done. */
export class IncompleteStream extends Error {
  constructor() {
    super("the stream ended before the answer was complete");
  }
}

/** What the loop needs from a provider. */
export interface StreamLoopOptions {
  provider: string;
  model: ModelInfo;
  baseUrl: string;
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** One call: streams events into `turn`, returns when the wire stream ends. */
  attempt(turn: TurnBuilder): AsyncIterable<StreamEvent>;
  /** Maps a client/transport error to a Failure. */
  classify(err: unknown): Failure;
}

/** Runs attempts until one completes; always ends with `done` unless it throws before output. */
export async function* streamLoop(options: StreamLoopOptions): AsyncGenerator<StreamEvent> {
  const { signal, policy } = options;
  for (let attempt = 1;; attempt++) {
    const turn = new TurnBuilder(options.model);
    try {
      if (signal?.aborted) return yield* end(turn, turn.aborted());
      for await (const event of options.attempt(turn)) {
        // Events already buffered when the user aborted are not shown.
        if (signal?.aborted) break;
        yield event;
      }
      if (signal?.aborted) return yield* end(turn, turn.aborted());
      if (!turn.stopReason) throw new IncompleteStream();
      yield* turn.endAllTools();
      return yield* end(turn, turn.finish());
    } catch (err) {
      if (signal?.aborted) return yield* end(turn, turn.aborted());
      if (err instanceof ProviderError) throw err;
      const failure: Failure = err instanceof IncompleteStream
        ? { kind: "connection", message: err.message, cause: err }
        : options.classify(err);
      const context = {
        provider: options.provider,
        model: options.model.id,
        baseUrl: options.baseUrl,
        attempts: attempt,
      };
      if (turn.started) {
        const error = failureError(failure, { ...context, afterOutput: true });
        return yield* end(turn, turn.failed(error.message));
      }
      if (!isRetryable(failure) || attempt >= policy.maxAttempts) {
        throw failureError(failure, context);
      }
      await sleep(retryDelay(policy, attempt, failure), signal);
    }
  }
}

function* end(turn: TurnBuilder, message: ReturnType<TurnBuilder["finish"]>) {
  if (turn.hasUsage()) yield { type: "usage", usage: turn.usage() } satisfies StreamEvent;
  yield { type: "done", message } satisfies StreamEvent;
}

/** The wait before the next attempt: the server's retry-after (capped), else the backoff. */
export function retryDelay(policy: RetryPolicy, attempt: number, failure: Failure): number {
  if (failure.retryAfterMs !== undefined) {
    return Math.min(failure.retryAfterMs, policy.maxRetryAfterMs);
  }
  const delays = policy.delaysMs;
  return delays.length ? delays[Math.min(attempt - 1, delays.length - 1)] : 0;
}
