/**
 * The one wrapper of `@modelcontextprotocol/sdk` (the official MCP TypeScript SDK): zot
 * speaks MCP only through it, so an SDK upgrade or swap touches this file.
 */

export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
export { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
export {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
export type {
  CallToolResult,
  GetPromptResult,
  JSONRPCMessage,
  LoggingMessageNotification,
  Prompt,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";
