/** Built-in tools (read, write, edit, bash, skill) and the contract the agent loop uses. */
export { defineTool, errorOutput, textOutput } from "./args.ts";
export type { ToolDefinition } from "./args.ts";
export { bashTool, defaultShell } from "./bash.ts";
export type { BashOptions } from "./bash.ts";
export { editTool } from "./edit.ts";
export { canonical, Jail } from "./jail.ts";
export { READ_MAX_BYTES, READ_MAX_IMAGE_BYTES, READ_MAX_LINES, readTool } from "./read.ts";
export { BUILTIN_TOOL_NAMES, builtinTools } from "./registry.ts";
export type { BuiltinToolsOptions } from "./registry.ts";
export { skillTool } from "./skill.ts";
export type { CaptureLimits } from "./output_capture.ts";
export type { Tool, ToolContext, ToolOutput } from "./types.ts";
export { writeTool } from "./write.ts";
