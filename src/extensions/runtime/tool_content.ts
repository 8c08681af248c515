/** Maps an extension's `tool_result` content to zot's content blocks (as the original host). */

import type { ImageBlock, TextBlock } from "../../messages/mod.ts";
import type { ToolResultFrame, WireContentBlock } from "../../protocol/mod.ts";
import type { ExtensionToolResult } from "./host_types.ts";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Text blocks with empty text are dropped; images become `{type:"image", mimeType, data}`
 * (base64 checked, since a provider would reject it later with a worse message);
 * unknown block types become a visible placeholder; no content at all becomes
 * `(extension returned no content)`. A malformed image marks the result as an error.
 */
export function mapToolResult(
  frame: ToolResultFrame,
  extension: string,
  tool: string,
): ExtensionToolResult {
  const content: (TextBlock | ImageBlock)[] = [];
  let isError = frame.is_error;
  for (const block of frame.content) {
    const mapped = mapBlock(block, extension);
    if (mapped === undefined) continue;
    if ("problem" in mapped) {
      isError = true;
      content.push({ type: "text", text: mapped.problem });
    } else {
      content.push(mapped);
    }
  }
  if (content.length === 0) content.push({ type: "text", text: "(extension returned no content)" });
  return { content, isError, extension, tool };
}

function mapBlock(
  block: WireContentBlock,
  extension: string,
): TextBlock | ImageBlock | { problem: string } | undefined {
  switch (block.type) {
    case "text":
      return block.text ? { type: "text", text: block.text } : undefined;
    case "image": {
      if (!block.mime_type || !block.data) {
        return { problem: `[image block without mime_type or data from extension ${extension}]` };
      }
      const data = block.data.replace(/\s+/g, "");
      if (data.length % 4 !== 0 || !BASE64.test(data)) {
        return { problem: `[image block with invalid base64 data from extension ${extension}]` };
      }
      return { type: "image", mimeType: block.mime_type, data };
    }
    default:
      return {
        type: "text",
        text: `[unknown block type ${JSON.stringify(block.type)} from extension ${extension}]`,
      };
  }
}

/** Maps blocks an interceptor sent (`replace_content`); a bad block becomes visible text. */
export function mapContentBlocks(
  blocks: readonly WireContentBlock[],
  extension: string,
): (TextBlock | ImageBlock)[] {
  const out: (TextBlock | ImageBlock)[] = [];
  for (const block of blocks) {
    const mapped = mapBlock(block, extension);
    if (mapped === undefined) continue;
    out.push("problem" in mapped ? { type: "text", text: mapped.problem } : mapped);
  }
  if (out.length === 0) {
    out.push({ type: "text", text: `(extension ${extension} removed the content)` });
  }
  return out;
}
