/**
 * MCP servers as extensions: the second runtime beside NDJSON. The host creates an
 * McpExtension for a LaunchSpec with `protocol: "mcp"`; everything above the host sees
 * its tools and prompts as ordinary extension tools and commands.
 */

export { McpExtension } from "./mcp_extension.ts";
export { mcpName, promptArguments } from "./names.ts";
export { listPrompts, listTools, promptEntries, toolEntries } from "./catalog.ts";
export type { McpPromptEntry, McpToolEntry } from "./catalog.ts";
export { McpSession } from "./session.ts";
