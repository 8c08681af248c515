/** Server-sent events of a streaming response, parsed by eventsource-parser. */

import { createParser, type EventSourceMessage } from "eventsource-parser";
import { connectionFailure } from "./failure.ts";
import { ABORTED, WireFailure } from "./http_stream.ts";
import { isRecord } from "./json.ts";

export type { EventSourceMessage };

/** Largest event (or unterminated line) kept in memory: a server cannot make zot buffer more. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** Options of sseEvents. */
export interface SseOptions {
  signal?: AbortSignal;
  maxEventChars?: number;
}

/**
 * The events of a response body, in order. An incomplete last event is dropped (it was never
 * dispatched). The body is cancelled when the consumer stops early or reading fails.
 */
export async function* sseEvents(
  response: Response,
  options: SseOptions = {},
): AsyncGenerator<EventSourceMessage> {
  const { body } = response;
  if (!body) return;
  const limit = options.maxEventChars ?? MAX_EVENT_CHARS;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const queue: EventSourceMessage[] = [];
  let tooLarge = false;
  const parser = createParser({
    onEvent: (event) => queue.push(event),
    // Other parse errors (unknown fields, a bad `retry:`) are skipped, as browsers do.
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") tooLarge = true;
    },
    maxBufferSize: limit,
  });
  let finished = false;
  try {
    while (!finished) {
      const chunk = await read(reader, options.signal);
      finished = chunk.done;
      parser.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      if (tooLarge) {
        throw new WireFailure({
          kind: "malformed",
          message: `a server-sent event is longer than ${limit} characters`,
        });
      }
      while (queue.length > 0) yield queue.shift()!;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

async function read(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal?: AbortSignal,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch (err) {
    throw new WireFailure(signal?.aborted ? ABORTED : connectionFailure(err));
  }
}

/** The JSON object in an event's data; a `malformed` WireFailure for anything else. */
export function eventJson(data: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new WireFailure({ kind: "malformed", message: `invalid JSON in an event: ${reason}` });
  }
  if (!isRecord(value)) {
    throw new WireFailure({ kind: "malformed", message: "an event's data is not a JSON object" });
  }
  return value;
}
