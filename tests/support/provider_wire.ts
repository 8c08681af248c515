/**
 * Byte-exact SSE encoders for the fake provider server: Anthropic Messages and OpenAI
 * chat-completions streams, built from one neutral turn script.
 */

/** One content block the scripted model "produces". */
export type ScriptBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; text: string; signature?: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id?: string; name: string; input?: unknown; rawArgs?: string };

/** Token counts the scripted model reports. */
export interface ScriptUsage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/** A successful streamed answer. */
export interface ReplyTurn {
  /** Shorthand for one text block. */
  text?: string;
  blocks?: ScriptBlock[];
  /** Neutral `end` | `length` | `tool_use`, or a raw wire value. Default: tool_use if any. */
  stopReason?: string;
  usage?: ScriptUsage;
  model?: string;
  /** Characters per delta when splitting text and tool arguments (default 8). */
  deltaSize?: number;
  /** Send the body in pieces of this many bytes (tests SSE reassembly). */
  splitBytes?: number;
  /** Send only the first N SSE events, then stall until the client goes away. */
  stallAfter?: number;
  /** Send the first N events, then a mid-stream error event. */
  streamError?: { afterEvents?: number; type?: string; message?: string };
  /** Send the first N events, then break the connection. */
  resetAfter?: number;
  /** End the stream before the stop reason (no message_delta/stop, no finish chunk/[DONE]). */
  truncate?: boolean;
}

const NEUTRAL_TO_ANTHROPIC: Record<string, string> = {
  end: "end_turn",
  length: "max_tokens",
  tool_use: "tool_use",
};
const NEUTRAL_TO_OPENAI: Record<string, string> = {
  end: "stop",
  length: "length",
  tool_use: "tool_calls",
};

/** The blocks of a reply turn, with the `text` shorthand expanded. */
export function turnBlocks(turn: ReplyTurn): ScriptBlock[] {
  const blocks = [...(turn.blocks ?? [])];
  if (turn.text !== undefined) blocks.push({ type: "text", text: turn.text });
  return blocks;
}

function neutralStop(turn: ReplyTurn): string {
  if (turn.stopReason) return turn.stopReason;
  return turnBlocks(turn).some((b) => b.type === "tool_use") ? "tool_use" : "end";
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

function argsText(block: Extract<ScriptBlock, { type: "tool_use" }>): string {
  return block.rawArgs ?? JSON.stringify(block.input ?? {});
}

/** One SSE event as it goes on the wire. */
function sse(event: string | null, data: unknown): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event === null ? "" : `event: ${event}\n`}data: ${payload}\n\n`;
}

/** Anthropic SSE events (each a complete `event:`/`data:` record) for a reply turn. */
export function anthropicEvents(turn: ReplyTurn, requestModel: string, seq: number): string[] {
  const size = turn.deltaSize ?? 8;
  const usage = turn.usage ?? {};
  const events: string[] = [];
  events.push(sse("message_start", {
    type: "message_start",
    message: {
      id: `msg_${seq}`,
      type: "message",
      role: "assistant",
      model: turn.model ?? requestModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.input ?? 0,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
        cache_read_input_tokens: usage.cacheRead ?? 0,
        output_tokens: 1,
      },
    },
  }));
  events.push(sse("ping", { type: "ping" }));
  turnBlocks(turn).forEach((block, index) => {
    if (block.type === "text") {
      events.push(sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      }));
      for (const text of pieces(block.text, size)) {
        events.push(sse("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "text_delta", text },
        }));
      }
    } else if (block.type === "redacted_thinking") {
      events.push(sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "redacted_thinking", data: block.data },
      }));
    } else if (block.type === "thinking") {
      events.push(sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      }));
      for (const thinking of pieces(block.text, size)) {
        events.push(sse("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "thinking_delta", thinking },
        }));
      }
      events.push(sse("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: block.signature ?? `sig_${seq}_${index}` },
      }));
    } else {
      events.push(sse("content_block_start", {
        type: "content_block_start",
        index,
        content_block: {
          type: "tool_use",
          id: block.id ?? `toolu_${seq}_${index}`,
          name: block.name,
          input: {},
        },
      }));
      for (const partial_json of ["", ...pieces(argsText(block), size)]) {
        events.push(sse("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json },
        }));
      }
    }
    events.push(sse("content_block_stop", { type: "content_block_stop", index }));
  });
  if (turn.truncate) return events;
  const stop = neutralStop(turn);
  events.push(sse("message_delta", {
    type: "message_delta",
    delta: { stop_reason: NEUTRAL_TO_ANTHROPIC[stop] ?? stop, stop_sequence: null },
    usage: { output_tokens: usage.output ?? 0 },
  }));
  events.push(sse("message_stop", { type: "message_stop" }));
  return events;
}

/** An Anthropic mid-stream `event: error`. */
export function anthropicStreamError(type: string, message: string): string {
  return sse("error", { type: "error", error: { type, message } });
}

/** OpenAI chat-completions SSE records (`data: {chunk}`) for a reply turn. */
export function openaiEvents(
  turn: ReplyTurn,
  requestModel: string,
  seq: number,
  includeUsage: boolean,
): string[] {
  const size = turn.deltaSize ?? 8;
  const base = {
    id: `chatcmpl-${seq}`,
    object: "chat.completion.chunk",
    created: 1_700_000_000 + seq,
    model: turn.model ?? requestModel,
    system_fingerprint: "fp_zot_test",
  };
  // With include_usage every chunk but the last carries `"usage": null`.
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse(null, {
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const blocks = turnBlocks(turn);
  // An answer that opens with a tool call carries the role in that call's first chunk.
  const toolFirst = blocks[0]?.type === "tool_use";
  const events = toolFirst ? [] : [chunk({ role: "assistant", content: "", refusal: null })];
  let toolIndex = 0;
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      for (const content of pieces(block.text, size)) events.push(chunk({ content }));
    } else if (block.type === "redacted_thinking") {
      // Chat completions has no encrypted reasoning; nothing goes on the wire.
    } else if (block.type === "thinking") {
      // DeepSeek/Ollama-style reasoning deltas; OpenAI itself never streams reasoning here.
      for (const reasoning_content of pieces(block.text, size)) {
        events.push(chunk({ reasoning_content }));
      }
    } else {
      const i = toolIndex++;
      const call = {
        index: i,
        id: block.id ?? `call_${seq}_${index}`,
        type: "function",
        function: { name: block.name, arguments: "" },
      };
      events.push(chunk(
        index === 0
          ? { role: "assistant", content: null, tool_calls: [call], refusal: null }
          : { tool_calls: [call] },
      ));
      for (const args of pieces(argsText(block), size)) {
        events.push(chunk({ tool_calls: [{ index: i, function: { arguments: args } }] }));
      }
    }
  });
  if (turn.truncate) return events;
  const stop = neutralStop(turn);
  events.push(chunk({}, NEUTRAL_TO_OPENAI[stop] ?? stop));
  if (includeUsage) {
    const u = turn.usage ?? {};
    const prompt = (u.input ?? 0) + (u.cacheRead ?? 0);
    events.push(sse(null, {
      ...base,
      choices: [],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: u.output ?? 0,
        total_tokens: prompt + (u.output ?? 0),
        prompt_tokens_details: { cached_tokens: u.cacheRead ?? 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
      },
    }));
  }
  events.push(sse(null, "[DONE]"));
  return events;
}

/** An OpenAI mid-stream error record. */
export function openaiStreamError(type: string, message: string): string {
  return sse(null, { error: { message, type, param: null, code: null } });
}

/** The JSON error body each API sends with a non-2xx status. */
export function errorBody(
  format: "anthropic" | "openai",
  status: number,
  message: string,
  type?: string,
): unknown {
  const anthropicType = type ?? ANTHROPIC_ERROR_TYPES[status] ?? "api_error";
  if (format === "anthropic") {
    return {
      type: "error",
      error: { type: anthropicType, message },
      request_id: "req_zot_test",
    };
  }
  return { error: { message, type: type ?? "server_error", param: null, code: null } };
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};
