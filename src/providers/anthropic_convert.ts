/**
 * zot messages → Anthropic Messages request: content blocks, tool results, images, thinking
 * replay, prompt-caching breakpoints and reasoning parameters.
 */

import type { ImageBlock, Message, TextBlock } from "../messages/mod.ts";
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
  ToolResultBlockParam,
} from "./anthropic.ts";
import type { ModelInfo } from "./model_info.ts";
import type { ModelRequest, ReasoningLevel } from "./types.ts";

/** Thinking budgets per reasoning level (models with budget-style thinking). */
export const THINKING_BUDGETS: Record<ReasoningLevel, number> = {
  low: 2048,
  medium: 8192,
  high: 16384,
};

/** Room for the visible answer on top of a thinking budget. */
const ANSWER_ROOM = 4096;

type Media = ImageBlockParam["source"] & { type: "base64" };
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** Builds the streaming request body for one model call. */
export function toAnthropicParams(
  request: ModelRequest,
  model: ModelInfo,
): MessageCreateParamsStreaming {
  let maxTokens = request.maxTokens ?? model.maxOutput;
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: maxTokens,
    messages: toAnthropicMessages(request.messages),
    stream: true,
  };
  if (request.system.trim()) {
    params.system = [{ type: "text", text: request.system, cache_control: ephemeral() }];
  }
  if (request.tools.length) {
    params.tools = request.tools.map((t): Tool => ({
      name: t.name,
      description: t.description,
      input_schema: t.schema as Tool["input_schema"],
    }));
    params.tools[params.tools.length - 1].cache_control = ephemeral();
  }
  if (request.reasoning && model.reasoning) {
    if (model.thinking === "adaptive") {
      params.thinking = { type: "adaptive" };
      params.output_config = { effort: request.reasoning };
    } else {
      const budget = THINKING_BUDGETS[request.reasoning];
      if (maxTokens <= budget) maxTokens = budget + ANSWER_ROOM;
      params.max_tokens = maxTokens;
      params.thinking = { type: "enabled", budget_tokens: budget };
    }
  }
  markLastUserMessage(params.messages);
  return params;
}

/** Converts the conversation; consecutive same-role turns are merged, empty ones dropped. */
export function toAnthropicMessages(messages: readonly Message[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of messages) {
    const content = convertContent(message);
    if (!content.length) continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    const last = out[out.length - 1];
    if (last && last.role === role && Array.isArray(last.content)) {
      last.content.push(...content);
    } else {
      out.push({ role, content });
    }
  }
  return out;
}

function convertContent(message: Message): ContentBlockParam[] {
  if (message.role === "user") return userBlocks(message.content);
  if (message.role === "tool") {
    return message.content.map((r): ToolResultBlockParam => {
      const content = userBlocks(r.content) as ToolResultBlockParam["content"];
      const result: ToolResultBlockParam = { type: "tool_result", tool_use_id: r.callId };
      if (Array.isArray(content) && content.length) result.content = content;
      if (r.isError) result.is_error = true;
      return result;
    });
  }
  const blocks: ContentBlockParam[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      if (block.text) blocks.push({ type: "text", text: block.text });
    } else if (block.type === "thinking") {
      // Only signed thinking can be replayed; unsigned (aborted or foreign) thinking is dropped.
      if (block.redacted) blocks.push({ type: "redacted_thinking", data: block.redacted });
      else if (block.signature) {
        blocks.push({ type: "thinking", thinking: block.text, signature: block.signature });
      }
    } else {
      blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.args });
    }
  }
  return blocks;
}

function userBlocks(content: readonly (TextBlock | ImageBlock)[]): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === "text") {
      if (block.text) blocks.push({ type: "text", text: block.text });
    } else if (IMAGE_TYPES.has(block.mimeType)) {
      const source: Media = {
        type: "base64",
        media_type: block.mimeType as Media["media_type"],
        data: block.data,
      };
      blocks.push({ type: "image", source });
    } else {
      blocks.push({ type: "text", text: `[image of unsupported type ${block.mimeType} omitted]` });
    }
  }
  return blocks;
}

/** Puts a cache breakpoint on the last block of the last user-role message. */
function markLastUserMessage(messages: MessageParam[]): void {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== "user" || !Array.isArray(m.content) || !m.content.length) continue;
    const block = m.content[m.content.length - 1] as { cache_control?: unknown };
    block.cache_control = ephemeral();
    return;
  }
}

function ephemeral(): { type: "ephemeral" } {
  return { type: "ephemeral" };
}
