/**
 * The MCP runtime, loaded on demand: the SDK builds its protocol schemas when imported
 * (hundreds of milliseconds), so a zot run without MCP servers never pays for it.
 */

/** The MCP runtime module. */
export type McpRuntime = typeof import("./mod.ts");

let loading: Promise<McpRuntime> | undefined;

/** Imports the MCP runtime once (a literal local path, so `deno compile` embeds it). */
export function loadMcpRuntime(): Promise<McpRuntime> {
  loading ??= import("./mod.ts");
  return loading;
}
