/**
 * A scripted fake model server speaking the real Anthropic Messages and OpenAI
 * chat-completions SSE wire formats, for provider, agent-loop and end-to-end tests.
 *
 * In-process:
 *   await using server = await ProviderServer.start();
 *   server.reply({ text: "hi", usage: { input: 10, output: 2 } });
 *   // anthropic base URL: server.url; openai base URL: server.url (or server.url + "/v1")
 *
 * As a process (for tests that spawn zot with --base-url):
 *   deno run -A tests/support/provider_server.ts --script turns.json [--record requests.jsonl]
 * prints its URL on the first stdout line and serves until SIGTERM/SIGINT. The script file is
 * a JSON array of turns (or `{"turns": [...]}`); each turn is one of
 *   {"text": "...", "blocks": [...], "stopReason": "end|length|tool_use", "usage": {...}}
 *   {"error": {"status": 429, "message": "...", "retryAfter": 0}}
 *   {"hang": true}            (never answers; for cancellation)
 *   {"raw": "...", "status": 200, "contentType": "text/event-stream"}   (bytes verbatim)
 * Blocks: {"type":"text","text"} | {"type":"thinking","text","signature"} |
 *         {"type":"redacted_thinking","data"} (Anthropic only) |
 *         {"type":"tool_use","id","name","input"} (or "rawArgs": verbatim argument JSON).
 * Usage: {"input","output","cacheRead","cacheWrite"}. Reply options: "deltaSize" (chars per
 * delta), "splitBytes" (write the body in n-byte pieces), "stallAfter" (send n SSE events, then
 * nothing), "streamError": {"afterEvents","type","message"} (mid-stream error event),
 * "resetAfter" (send n events, then break the connection), "truncate" (end before the stop
 * reason). Thinking blocks go out as thinking_delta + signature_delta (Anthropic) or
 * `reasoning_content` deltas (OpenAI format, as DeepSeek/Ollama-style servers send them).
 * `GET /__zot/requests` returns every recorded request; `POST /__zot/turns` queues more turns.
 * Requests are answered in order, whichever API they use; with no turn left the server
 * answers 400 "provider_server has no scripted turn left" (not retried by providers).
 */

import {
  anthropicEvents,
  anthropicStreamError,
  errorBody,
  openaiEvents,
  openaiStreamError,
  type ReplyTurn,
} from "./provider_wire.ts";

export type { ReplyTurn, ScriptBlock, ScriptUsage } from "./provider_wire.ts";

/** An HTTP error answer. */
export interface ErrorTurn {
  error: {
    status: number;
    message?: string;
    type?: string;
    /** Seconds (number) or raw header value for `retry-after`. */
    retryAfter?: number | string;
  };
}

/** One scripted answer. */
export type ScriptTurn =
  | ReplyTurn
  | ErrorTurn
  | { hang: true }
  | { raw: string; status?: number; contentType?: string };

/** Which wire format a request used. */
export type WireFormat = "anthropic" | "openai";

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  format: WireFormat | "other";
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

interface Waiter {
  count: number;
  resolve: () => void;
}

const encoder = new TextEncoder();

/** The fake provider server. Close it (or `await using` it) at the end of each test. */
export class ProviderServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  #server: Deno.HttpServer<Deno.NetAddr>;
  #turns: ScriptTurn[] = [];
  #waiters: Waiter[] = [];
  #releases = new Set<() => void>();
  #streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  #record?: (req: RecordedRequest) => void;
  #closed?: Promise<void>;

  private constructor(port: number, record?: (req: RecordedRequest) => void) {
    this.#record = record;
    this.#server = Deno.serve(
      { hostname: "127.0.0.1", port, onListen: () => {} },
      (req) => this.#handle(req),
    );
    this.url = `http://127.0.0.1:${this.#server.addr.port}`;
  }

  /** Starts a server on 127.0.0.1 (port 0 = any free port) with optional queued turns. */
  static start(
    options: { turns?: ScriptTurn[]; port?: number; record?: (req: RecordedRequest) => void } = {},
  ): Promise<ProviderServer> {
    const server = new ProviderServer(options.port ?? 0, options.record);
    server.push(...(options.turns ?? []));
    return Promise.resolve(server);
  }

  /** Queues any scripted turns. */
  push(...turns: ScriptTurn[]): this {
    this.#turns.push(...turns);
    return this;
  }

  /** Queues successful streamed answers. */
  reply(...turns: ReplyTurn[]): this {
    return this.push(...turns);
  }

  /** Queues `times` HTTP error answers with this status. */
  failWith(
    status: number,
    options: { message?: string; type?: string; retryAfter?: number | string; times?: number } = {},
  ): this {
    const { times = 1, ...error } = options;
    for (let i = 0; i < times; i++) this.push({ error: { status, ...error } });
    return this;
  }

  /** Queues an answer that never comes (the request hangs until the client aborts). */
  hang(): this {
    return this.push({ hang: true });
  }

  /** Queues an answer that sends the first `afterEvents` SSE events and then stalls. */
  stall(afterEvents: number, turn: ReplyTurn): this {
    return this.push({ ...turn, stallAfter: afterEvents });
  }

  /** Queues a verbatim response body (for malformed-stream tests). */
  raw(body: string, options: { status?: number; contentType?: string } = {}): this {
    return this.push({ raw: body, ...options });
  }

  /** Number of queued turns not yet used. */
  get pending(): number {
    return this.#turns.length;
  }

  /** The JSON bodies of every request received. */
  bodies(): unknown[] {
    return this.requests.map((r) => r.body);
  }

  /** Resolves once at least `count` requests have been received. */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  /** Stops serving: releases hung requests, ends stalled streams, waits for shutdown. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      for (const release of this.#releases) release();
      for (const controller of this.#streams) {
        try {
          controller.close();
        } catch { /* already closed */ }
      }
      this.#streams.clear();
      await this.#server.shutdown();
      await this.#server.finished;
    })();
    return this.#closed;
  }

  /** Closes the server when used with `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    if (path === "/__zot/requests" && req.method === "GET") return Response.json(this.requests);
    if (path === "/__zot/turns" && req.method === "POST") {
      const turns = parseScript(await req.text());
      this.push(...turns);
      return Response.json({ queued: turns.length });
    }
    const format: WireFormat | "other" = path.endsWith("/messages")
      ? "anthropic"
      : path.endsWith("/chat/completions")
      ? "openai"
      : "other";
    const text = await req.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch { /* keep raw text */ }
    const headers: Record<string, string> = {};
    req.headers.forEach((value, key) => (headers[key] = value));
    const recorded: RecordedRequest = { method: req.method, path, format, headers, body };
    this.requests.push(recorded);
    this.#record?.(recorded);
    this.#wake();
    if (format === "other") return new Response("not found", { status: 404 });

    const turn = this.#turns.shift();
    if (!turn) {
      const msg = `provider_server has no scripted turn left (request #${this.requests.length})`;
      return Response.json(errorBody(format, 400, msg), { status: 400 });
    }
    if ("hang" in turn) return await this.#hang();
    if ("error" in turn) return errorResponse(format, turn);
    if ("raw" in turn) {
      return new Response(turn.raw, {
        status: turn.status ?? 200,
        headers: { "content-type": turn.contentType ?? "text/event-stream" },
      });
    }
    const model = isRecord(body) && typeof body.model === "string" ? body.model : "unknown";
    const seq = this.requests.length;
    const events = format === "anthropic"
      ? anthropicEvents(turn, model, seq)
      : openaiEvents(turn, model, seq, includeUsage(body));
    return this.#stream(format, turn, events);
  }

  #wake(): void {
    const ready = this.#waiters.filter((w) => this.requests.length >= w.count);
    this.#waiters = this.#waiters.filter((w) => this.requests.length < w.count);
    for (const w of ready) w.resolve();
  }

  // Held until close(); the client aborting only drops its side of the connection.
  #hang(): Promise<Response> {
    return new Promise((resolve) => {
      const release = () => {
        this.#releases.delete(release);
        resolve(new Response(null, { status: 503 }));
      };
      this.#releases.add(release);
    });
  }

  #stream(format: WireFormat, turn: ReplyTurn, events: string[]): Response {
    const cut = turn.stallAfter ?? turn.streamError?.afterEvents ?? turn.resetAfter;
    const sent = cut === undefined ? events : events.slice(0, cut);
    let text = sent.join("");
    if (turn.streamError) {
      const type = turn.streamError.type ?? "overloaded_error";
      const message = turn.streamError.message ?? "Overloaded";
      text += format === "anthropic"
        ? anthropicStreamError(type, message)
        : openaiStreamError(type, message);
    }
    const bytes = encoder.encode(text);
    const streams = this.#streams;
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        const step = turn.splitBytes ?? bytes.length;
        for (let i = 0; i < bytes.length; i += Math.max(step, 1)) {
          controller.enqueue(bytes.slice(i, i + Math.max(step, 1)));
        }
        if (turn.stallAfter !== undefined) streams.add(controller);
        else controller.close();
      },
      cancel() {
        if (own) streams.delete(own);
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        // A body shorter than its declared length: the client sees the connection break
        // (erroring the stream instead would make Deno print the error on stderr).
        ...(turn.resetAfter !== undefined ? { "content-length": String(bytes.length + 1024) } : {}),
        ...(format === "anthropic" ? { "request-id": "req_zot_test" } : {}),
      },
    });
  }
}

function errorResponse(format: WireFormat, turn: ErrorTurn): Response {
  const { status, message, type, retryAfter } = turn.error;
  const headers: Record<string, string> = {};
  if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
  const text = message ?? `scripted ${status} error`;
  return Response.json(errorBody(format, status, text, type), { status, headers });
}

function includeUsage(body: unknown): boolean {
  if (!isRecord(body) || !isRecord(body.stream_options)) return false;
  return body.stream_options.include_usage === true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a script file's text: a JSON array of turns or `{"turns": [...]}`. */
export function parseScript(text: string): ScriptTurn[] {
  const parsed: unknown = JSON.parse(text);
  const turns = Array.isArray(parsed) ? parsed : isRecord(parsed) ? parsed.turns : undefined;
  if (!Array.isArray(turns)) throw new Error("script must be a JSON array of turns or {turns}");
  return turns as ScriptTurn[];
}

async function main(args: string[]): Promise<void> {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const scriptPath = flag("--script");
  const recordPath = flag("--record");
  const turns = scriptPath ? parseScript(await Deno.readTextFile(scriptPath)) : [];
  const record = recordPath
    ? (req: RecordedRequest) =>
      Deno.writeTextFileSync(recordPath, JSON.stringify(req) + "\n", { append: true })
    : undefined;
  const server = await ProviderServer.start({
    turns,
    port: Number(flag("--port") ?? 0),
    record,
  });
  console.log(server.url);
  await new Promise<void>((resolve) => {
    const stop = () => void server.close().then(resolve);
    Deno.addSignalListener("SIGTERM", stop);
    Deno.addSignalListener("SIGINT", stop);
  });
}

if (import.meta.main) await main(Deno.args);
