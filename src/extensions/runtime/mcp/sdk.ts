/**
 * The one wrapper of `@modelcontextprotocol/sdk` (the official MCP TypeScript SDK): zot
 * speaks MCP only through it, so an SDK upgrade or swap touches this file.
 *
 * The SDK's package.json maps `./*` types to `*.d.ts`, so `types.js` would look for
 * `types.js.d.ts` and every type would silently become `any`: each import names its
 * types with `@ts-types` (the extensionless subpath, which does map to the `.d.ts`).
 */

// @ts-types="@modelcontextprotocol/sdk/client/index"
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
export {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/shared/stdio"
export { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/shared/protocol"
export type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
// @ts-types="@modelcontextprotocol/sdk/shared/transport"
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export type {
  CallToolResult,
  GetPromptResult,
  JSONRPCMessage,
  LoggingMessageNotification,
  Prompt,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";
