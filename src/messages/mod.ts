/** The conversation model: messages, content blocks, tool specs, usage. */
export { addUsage, now, textOf, zeroUsage } from "./types.ts";
export type {
  AssistantMessage,
  ImageBlock,
  Message,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolMessage,
  ToolResultBlock,
  ToolSpec,
  Usage,
  UserMessage,
} from "./types.ts";
