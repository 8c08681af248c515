/** Values handlers return: command responses, tool results and intercept decisions. */

import type { ContentBlock, ImageBlock, TextBlock } from "./protocol.ts";

/** What a command handler returns; the SDK adds `type` and `id`. */
export type CommandResponse =
  | { action: "prompt"; prompt: string }
  | { action: "insert"; insert: string }
  | { action: "display"; display: string }
  | { action: "noop"; error?: string };

/** Builders for command responses. */
export const respond = {
  /** Submits `text` as a fresh user message; the agent runs a turn on it. */
  prompt(text: string): CommandResponse {
    return { action: "prompt", prompt: text };
  },
  /** Inserts `text` into the editor at the cursor without submitting. */
  insert(text: string): CommandResponse {
    return { action: "insert", insert: text };
  },
  /** Shows `text` in the chat as a one-shot note; no model call. */
  display(text: string): CommandResponse {
    return { action: "display", display: text };
  },
  /** The extension handled it itself; the UI does not change. */
  noop(): CommandResponse {
    return { action: "noop" };
  },
  /** Shows `message` as a red status line. */
  error(message: string): CommandResponse {
    return { action: "noop", error: message };
  },
} as const;

/** What a tool handler returns (a plain string is shorthand for one text block). */
export interface ToolResult {
  content: ContentBlock[];
  is_error?: boolean;
}

/** Builders for tool results and their blocks. */
export const result = {
  /** A result of one text block. */
  text(text: string): ToolResult {
    return { content: [{ type: "text", text }] };
  },
  /** A result of one image block; `data` is base64. */
  image(data: string, mimeType: string): ToolResult {
    return { content: [{ type: "image", mime_type: mimeType, data }] };
  },
  /** A failed call; `message` is what the model reads. */
  error(message: string): ToolResult {
    return { content: [{ type: "text", text: message }], is_error: true };
  },
  /** A result of any blocks. */
  of(content: ContentBlock[], isError = false): ToolResult {
    return isError ? { content, is_error: true } : { content };
  },
  /** A text block, for `result.of`. */
  textBlock(text: string): TextBlock {
    return { type: "text", text };
  },
  /** An image block, for `result.of`; `data` is base64. */
  imageBlock(data: string, mimeType: string): ImageBlock {
    return { type: "image", mime_type: mimeType, data };
  },
} as const;

/** Lets the event proceed unchanged. */
export interface Allow {
  block: false;
}
/** Refuses the event; `reason` is shown to the model (tool calls) or logged. */
export interface Block {
  block: true;
  reason: string;
}
/** Lets a tool call proceed with rewritten arguments. */
export interface Modify {
  block: false;
  modified_args: Record<string, unknown>;
}
/** Lets an assistant message through with its text replaced. */
export interface ReplaceText {
  block: false;
  replace_text: string;
}
/** 1.1: hands a tool call to the user, who allows or denies it in zot's prompt. */
export interface Ask {
  block: false;
  ask: true;
  reason?: string;
}
/** 1.1: changes a tool result before the model sees it (every field optional). */
export interface ResultPatch {
  block: false;
  replace_content?: ContentBlock[];
  is_error?: boolean;
  additional_context?: string;
}
/** 1.1: rewrites a user prompt and/or adds context sent to the model with it. */
export interface PromptPatch {
  block: false;
  replace_text?: string;
  additional_context?: string;
}
/** Any intercept decision. */
export type Decision = Allow | Block | Modify | ReplaceText | Ask | ResultPatch | PromptPatch;

/** Lets the event proceed unchanged. */
export function allow(): Allow {
  return { block: false };
}

/** Refuses the event with a reason. */
export function block(reason: string): Block {
  return { block: true, reason };
}

/** Rewrites a tool call's arguments. */
export function modify(args: Record<string, unknown>): Modify {
  return { block: false, modified_args: args };
}

/** 1.1: asks the user whether the tool call may run. */
export function ask(reason?: string): Ask {
  return reason ? { block: false, ask: true, reason } : { block: false, ask: true };
}

/** 1.1: adds context for the model (to a user prompt or a tool result). */
export function addContext(text: string): ResultPatch & PromptPatch {
  return { block: false, additional_context: text };
}

/** 1.1: replaces a tool result's content (and optionally its error flag). */
export function replaceResult(content: ContentBlock[] | string, isError?: boolean): ResultPatch {
  const blocks = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  return isError === undefined
    ? { block: false, replace_content: blocks }
    : { block: false, replace_content: blocks, is_error: isError };
}

/** Replaces an assistant message's text. */
export function replaceText(text: string): ReplaceText {
  return { block: false, replace_text: text };
}
