/**
 * Decoding session lines. Lines are validated rather than trusted, and the untyped blocks
 * of original zot sessions (`{text}`, `{mime_type,data}`, `{id,name,arguments}`,
 * `{call_id,content,is_error}`) are converted, so both kinds of file load.
 */

import type {
  AssistantMessage,
  ImageBlock,
  Message,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
  Usage,
} from "../messages/mod.ts";
import type { SessionLine, SessionMeta } from "./types.ts";

type Json = Record<string, unknown>;

/**
 * The result of decoding one line: a usable line, a JSON value this version cannot use
 * (skipped but never cut off the file: it may come from a newer zot), or not JSON at all
 * (torn by a crash, or corrupt).
 */
export type DecodedLine =
  | { kind: "line"; line: SessionLine }
  | { kind: "unusable" }
  | { kind: "corrupt" };

/** Parses and validates one line. */
export function decodeLine(text: string): DecodedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "corrupt" };
  }
  const line = isObject(value) ? toLine(value) : undefined;
  return line ? { kind: "line", line } : { kind: "unusable" };
}

function toLine(value: Json): SessionLine | undefined {
  switch (value.type) {
    case "meta": {
      const meta = decodeMeta(value.meta);
      return meta ? { type: "meta", meta } : undefined;
    }
    case "message": {
      const message = decodeMessage(value.message);
      return message ? { type: "message", message } : undefined;
    }
    case "usage": {
      const usage = decodeUsage(value.usage);
      const cumulative = decodeUsage(value.cumulative);
      return usage && cumulative ? { type: "usage", usage, cumulative } : undefined;
    }
    case "rename":
      return typeof value.title === "string" ? { type: "rename", title: value.title } : undefined;
    default:
      return undefined;
  }
}

function decodeMeta(value: unknown): SessionMeta | undefined {
  if (!isObject(value) || typeof value.id !== "string") return undefined;
  const meta: SessionMeta = {
    id: value.id,
    cwd: str(value.cwd),
    model: str(value.model),
    provider: str(value.provider),
    started: str(value.started),
    version: str(value.version),
  };
  if (typeof value.title === "string") meta.title = value.title;
  if (typeof value.parent === "string") meta.parent = value.parent;
  const fork = value.forkPoint ?? value.fork_point;
  if (typeof fork === "number") meta.forkPoint = fork;
  return meta;
}

/** Validates a stored message; blocks that do not fit its role are dropped. */
export function decodeMessage(value: unknown): Message | undefined {
  if (!isObject(value) || !Array.isArray(value.content)) return undefined;
  const time = str(value.time);
  const blocks = value.content.map(decodeBlock).filter((b) => b !== undefined);
  switch (value.role) {
    case "user": {
      const content = blocks.filter((b): b is TextBlock | ImageBlock =>
        b.type === "text" || b.type === "image"
      );
      return content.length ? { role: "user", content, time } : undefined;
    }
    case "assistant": {
      const content = blocks.filter((b): b is TextBlock | ThinkingBlock | ToolCallBlock =>
        b.type === "text" || b.type === "thinking" || b.type === "tool_call"
      );
      if (!content.length) return undefined;
      const message: AssistantMessage = { role: "assistant", content, time };
      const stop = value.stopReason;
      if (typeof stop === "string" && STOP_REASONS.has(stop)) {
        message.stopReason = stop as StopReason;
      }
      if (typeof value.error === "string") message.error = value.error;
      if (typeof value.model === "string") message.model = value.model;
      const usage = decodeUsage(value.usage);
      if (usage) message.usage = usage;
      return message;
    }
    case "tool": {
      const content = blocks.filter((b): b is ToolResultBlock => b.type === "tool_result");
      return content.length ? { role: "tool", content, time } : undefined;
    }
    default:
      return undefined;
  }
}

const STOP_REASONS = new Set(["end", "length", "tool_use", "error", "aborted"]);

type Block = TextBlock | ImageBlock | ThinkingBlock | ToolCallBlock | ToolResultBlock;

function decodeBlock(value: unknown): Block | undefined {
  if (!isObject(value)) return undefined;
  switch (value.type) {
    case "text":
      return typeof value.text === "string" ? { type: "text", text: value.text } : undefined;
    case "image":
      return typeof value.mimeType === "string" && typeof value.data === "string"
        ? { type: "image", mimeType: value.mimeType, data: value.data }
        : undefined;
    case "thinking": {
      if (typeof value.text !== "string") return undefined;
      const block: ThinkingBlock = { type: "thinking", text: value.text };
      if (typeof value.signature === "string") block.signature = value.signature;
      return block;
    }
    case "tool_call": {
      const args = decodeArgs(value.args);
      return typeof value.id === "string" && typeof value.name === "string" && args
        ? { type: "tool_call", id: value.id, name: value.name, args }
        : undefined;
    }
    case "tool_result":
      return decodeResult(value.callId, value.content, value.isError, value.extension);
    case undefined:
      return decodeUntyped(value);
    default:
      return undefined;
  }
}

/** Original zot's blocks carry no `type`; their shape says what they are. */
function decodeUntyped(value: Json): Block | undefined {
  if (typeof value.call_id === "string") {
    return decodeResult(value.call_id, value.content, value.is_error, undefined);
  }
  if (typeof value.id === "string" && typeof value.name === "string") {
    const args = decodeArgs(value.arguments ?? {});
    return args ? { type: "tool_call", id: value.id, name: value.name, args } : undefined;
  }
  if (typeof value.mime_type === "string" && typeof value.data === "string") {
    return { type: "image", mimeType: value.mime_type, data: value.data };
  }
  if (typeof value.text === "string") return { type: "text", text: value.text };
  return undefined;
}

function decodeResult(
  callId: unknown,
  content: unknown,
  isError: unknown,
  extension: unknown,
): ToolResultBlock | undefined {
  if (typeof callId !== "string" || !Array.isArray(content)) return undefined;
  const parts = content.map(decodeBlock).filter((b): b is TextBlock | ImageBlock =>
    b?.type === "text" || b?.type === "image"
  );
  const block: ToolResultBlock = {
    type: "tool_result",
    callId,
    content: parts,
    isError: isError === true,
  };
  if (typeof extension === "string") block.extension = extension;
  return block;
}

function decodeArgs(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value);
      return isObject(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return isObject(value) ? value : undefined;
}

/** Accepts this format's Usage and the original's `input_tokens…cost_usd` keys. */
export function decodeUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const pick = (a: string, b: string) => {
    const v = value[a] ?? value[b];
    return typeof v === "number" && Number.isFinite(v) ? v : 0;
  };
  return {
    input: pick("input", "input_tokens"),
    output: pick("output", "output_tokens"),
    cacheRead: pick("cacheRead", "cache_read_tokens"),
    cacheWrite: pick("cacheWrite", "cache_write_tokens"),
    costUsd: pick("costUsd", "cost_usd"),
  };
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}
