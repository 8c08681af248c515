/**
 * Validation without zod for the frames extensions send most (notify floods, tool results):
 * a plain check of the usual, well-formed shape that yields exactly what the zod schema
 * would. Anything unusual (a null, a wrong type, an empty id) returns undefined, and the
 * zod schema decides and words the error.
 */

import type { NotifyFrame, ToolResultFrame, WireContentBlock } from "./frames.ts";

type Fields = Record<string, unknown>;

/** A `notify` frame in its usual shape, or undefined to let zod decide. */
export function quickNotify(value: Fields): NotifyFrame | undefined {
  const { level, message } = value;
  if (typeof message !== "string") return undefined;
  if (level !== undefined && typeof level !== "string") return undefined;
  return { type: "notify", level: level || "info", message };
}

/** A `tool_result` frame in its usual shape, or undefined to let zod decide. */
export function quickToolResult(value: Fields): ToolResultFrame | undefined {
  const { id, content, is_error } = value;
  if (typeof id !== "string" || id === "") return undefined;
  if (is_error !== undefined && typeof is_error !== "boolean") return undefined;
  const blocks: WireContentBlock[] = [];
  if (content !== undefined) {
    if (!Array.isArray(content)) return undefined;
    for (const item of content) {
      const block = quickBlock(item);
      if (!block) return undefined;
      blocks.push(block);
    }
  }
  return { type: "tool_result", id, content: blocks, is_error: is_error ?? false };
}

const BLOCK_STRINGS = ["text", "mime_type", "data"] as const;

function quickBlock(item: unknown): WireContentBlock | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const fields = item as Fields;
  if (typeof fields.type !== "string") return undefined;
  const block: WireContentBlock = { type: fields.type };
  for (const key of BLOCK_STRINGS) {
    const v = fields[key];
    if (v === undefined) continue;
    if (typeof v !== "string") return undefined;
    block[key] = v;
  }
  return block;
}
