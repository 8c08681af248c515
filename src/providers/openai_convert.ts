/**
 * zot messages → OpenAI chat-completions request: assistant tool calls, tool messages, images
 * (tool-result images mirrored into a user message, since tool messages are text-only).
 */

import type { ImageBlock, Message, TextBlock, ToolMessage } from "../messages/mod.ts";
import type { ModelInfo } from "./model_info.ts";
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from "./openai.ts";
import type { ModelRequest } from "./types.ts";

/** Text of a tool result kept next to its mirrored images. */
const MIRROR_TEXT_LIMIT = 500;

/** Builds the streaming request body for one model call. */
export function toOpenAIParams(
  request: ModelRequest,
  model: ModelInfo,
): ChatCompletionCreateParamsStreaming {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system.trim()) messages.push({ role: "system", content: request.system });
  messages.push(...toOpenAIMessages(request.messages));
  const params: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  const maxTokens = request.maxTokens ?? model.maxOutput;
  if (model.reasoning) {
    params.max_completion_tokens = maxTokens;
    if (request.reasoning) params.reasoning_effort = request.reasoning;
  } else {
    params.max_tokens = maxTokens;
  }
  if (request.tools.length) {
    params.tools = request.tools.map((t): ChatCompletionTool => ({
      type: "function",
      function: {
        name: t.name,
        description: t.description,
        parameters: t.schema as Record<string, unknown>,
      },
    }));
  }
  return params;
}

/** Converts the conversation; thinking is not replayed (chat completions has no slot for it). */
export function toOpenAIMessages(messages: readonly Message[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const content = userContent(message.content);
      if (content !== undefined) out.push({ role: "user", content });
    } else if (message.role === "tool") {
      out.push(...toolMessages(message));
    } else {
      const text = message.content
        .flatMap((b) => (b.type === "text" && b.text ? [b.text] : []))
        .join("");
      const calls = message.content.flatMap((b): ChatCompletionMessageToolCall[] =>
        b.type === "tool_call"
          ? [{
            id: b.id,
            type: "function",
            function: { name: b.name, arguments: JSON.stringify(b.args) },
          }]
          : []
      );
      if (!text && !calls.length) continue;
      out.push({
        role: "assistant",
        content: text || null,
        ...(calls.length ? { tool_calls: calls } : {}),
      });
    }
  }
  return out;
}

function userContent(
  content: readonly (TextBlock | ImageBlock)[],
): string | ChatCompletionContentPart[] | undefined {
  const parts = contentParts(content);
  if (!parts.length) return undefined;
  if (parts.every((p) => p.type === "text")) {
    return parts.map((p) => (p.type === "text" ? p.text : "")).join("\n");
  }
  return parts;
}

function contentParts(content: readonly (TextBlock | ImageBlock)[]): ChatCompletionContentPart[] {
  return content.flatMap((b): ChatCompletionContentPart[] => {
    if (b.type === "text") return b.text ? [{ type: "text", text: b.text }] : [];
    return [{ type: "image_url", image_url: { url: `data:${b.mimeType};base64,${b.data}` } }];
  });
}

function toolMessages(message: ToolMessage): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  const mirrored: ChatCompletionContentPart[] = [];
  for (const result of message.content) {
    const text = result.content
      .flatMap((b) => (b.type === "text" && b.text ? [b.text] : []))
      .join("\n");
    const images = result.content.filter((b): b is ImageBlock => b.type === "image");
    const note = images.length ? `${images.length} image(s) attached in the next user message` : "";
    out.push({
      role: "tool",
      tool_call_id: result.callId,
      content: [text, note].filter(Boolean).join("\n") || "(no output)",
    });
    if (images.length) {
      const head = text.length > MIRROR_TEXT_LIMIT ? `${text.slice(0, MIRROR_TEXT_LIMIT)}…` : text;
      mirrored.push({
        type: "text",
        text: `Images from tool call ${result.callId}${head ? `: ${head}` : ""}`,
      });
      mirrored.push(...contentParts(images));
    }
  }
  if (mirrored.length) out.push({ role: "user", content: mirrored });
  return out;
}
