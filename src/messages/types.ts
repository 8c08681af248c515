/**
 * The conversation model shared by providers, tools, the agent loop and sessions:
 * messages, content blocks, tool specs, usage. Plain data, JSON-serialisable.
 */

import type { JsonSchema } from "../schema/mod.ts";

/** Plain text. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** An image, base64-encoded. */
export interface ImageBlock {
  type: "image";
  mimeType: string;
  data: string;
}

/** Model reasoning; `signature` is the provider's opaque token needed to replay it. */
export interface ThinkingBlock {
  type: "thinking";
  text: string;
  signature?: string;
  /**
   * Reasoning the provider returned encrypted (Anthropic `redacted_thinking`): no text to
   * show, but it must be sent back unchanged with the turn it belongs to.
   */
  redacted?: string;
}

/** A tool call the model made. */
export interface ToolCallBlock {
  type: "tool_call";
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** The outcome of one tool call, sent back to the model. */
export interface ToolResultBlock {
  type: "tool_result";
  callId: string;
  content: (TextBlock | ImageBlock)[];
  isError: boolean;
  /** Which extension produced the result, when an extension tool ran. */
  extension?: string;
}

/** Why the model stopped: the original's stop strings. */
export type StopReason = "end" | "length" | "tool_use" | "error" | "aborted";

/** Token counts and cost of one model call (or a running total). */
export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  costUsd: number;
}

/** A user turn. */
export interface UserMessage {
  role: "user";
  content: (TextBlock | ImageBlock)[];
  time: string;
}

/** A model turn. */
export interface AssistantMessage {
  role: "assistant";
  content: (TextBlock | ThinkingBlock | ToolCallBlock)[];
  time: string;
  stopReason?: StopReason;
  error?: string;
  usage?: Usage;
  model?: string;
}

/** The results of every tool call of one assistant turn, in call order. */
export interface ToolMessage {
  role: "tool";
  content: ToolResultBlock[];
  time: string;
}

/** Any message of a conversation. */
export type Message = UserMessage | AssistantMessage | ToolMessage;

/** A tool as offered to the model. */
export interface ToolSpec {
  name: string;
  description: string;
  schema: JsonSchema;
}

/** An empty usage record. */
export function zeroUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costUsd: 0 };
}

/** Adds usage b into a copy of a. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    costUsd: a.costUsd + b.costUsd,
  };
}

/** Joins the text blocks of a message's content. */
export function textOf(content: readonly { type: string; text?: string }[], sep = ""): string {
  return content.filter((b) => b.type === "text").map((b) => b.text ?? "").join(sep);
}

/** The current time as the RFC 3339 string messages carry. */
export function now(): string {
  return new Date().toISOString();
}
