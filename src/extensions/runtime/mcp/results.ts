/**
 * MCP answers in zot's terms. A tool result becomes the same `tool_result` frame an
 * NDJSON extension sends (so it goes through the same mapping and checks): text and
 * images as they are, structured content as JSON text when the server gave no text,
 * audio and resources as a visible line, `isError` kept. A prompt becomes the text
 * a slash command sends to the model.
 */

import type { ToolResultFrame, WireContentBlock } from "../../../protocol/mod.ts";
import type { CallToolResult, GetPromptResult } from "./sdk.ts";

type McpBlock = CallToolResult["content"][number];

/** Maps an MCP tool result to a `tool_result` frame for request `id`. */
export function toolResultFrame(id: string, result: CallToolResult): ToolResultFrame {
  const content: WireContentBlock[] = [];
  for (const block of result.content ?? []) content.push(wireBlock(block));
  const structured = result.structuredContent;
  if (structured !== undefined && !content.some((b) => b.type === "text")) {
    content.push({ type: "text", text: JSON.stringify(structured, null, 2) });
  }
  return { type: "tool_result", id, content, is_error: result.isError === true };
}

/** A `tool_result` frame carrying one error text (a JSON-RPC error from the server). */
export function errorResultFrame(id: string, text: string): ToolResultFrame {
  return { type: "tool_result", id, content: [{ type: "text", text }], is_error: true };
}

function wireBlock(block: McpBlock): WireContentBlock {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", mime_type: block.mimeType, data: block.data };
    case "audio":
      return { type: "text", text: `[audio (${block.mimeType}) omitted: zot passes no audio]` };
    case "resource_link":
      return {
        type: "text",
        text: `[resource ${block.uri}${block.name ? ` "${block.name}"` : ""}]`,
      };
    case "resource": {
      const resource = block.resource;
      if ("text" in resource && typeof resource.text === "string") {
        return { type: "text", text: `[resource ${resource.uri}]\n${resource.text}` };
      }
      return {
        type: "text",
        text: `[binary resource ${resource.uri}${
          resource.mimeType ? ` (${resource.mimeType})` : ""
        } omitted]`,
      };
    }
    default:
      return { type: (block as { type: string }).type };
  }
}

/**
 * The text of a prompt: its messages' text in order, assistant turns marked, since a
 * slash command sends one user message. Non-text content is named, not dropped silently.
 */
export function promptText(result: GetPromptResult): string {
  const parts: string[] = [];
  for (const message of result.messages) {
    const content = message.content;
    let text: string;
    if (content.type === "text") text = content.text;
    else if (content.type === "resource" && "text" in content.resource) {
      text = String(content.resource.text);
    } else text = `[${content.type} omitted]`;
    parts.push(message.role === "assistant" ? `(assistant) ${text}` : text);
  }
  return parts.join("\n\n");
}
