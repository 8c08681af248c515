/** The running host: processes, connections, the registry, interception and lifecycle events. */

export { DEFAULT_BUILTIN_TOOLS, DEFAULT_HOST_OPTIONS, ExtensionHost } from "./host.ts";
export type {
  ArgsCheck,
  BlockVerdict,
  CommandAction,
  CommandOutcome,
  ExtensionCommand,
  ExtensionNotice,
  ExtensionState,
  ExtensionStatus,
  ExtensionSubmit,
  ExtensionTool,
  ExtensionToolResult,
  HostCallbacks,
  HostContext,
  HostOptions,
  LifecycleEvent,
  NotifyLevel,
  PanelClose,
  PanelRender,
  PromptVerdict,
  ReadyVia,
  ReloadSummary,
  TextVerdict,
  ToolCallVerdict,
  ToolResultInput,
  ToolResultVerdict,
  UiAnswer,
  UiRequest,
  V11LifecycleEvent,
  Verdict,
} from "./host_types.ts";
export { DEFAULT_BLOCK_REASONS } from "./intercept.ts";
export { DEFAULT_SUPERVISION } from "./supervision.ts";
export type { SupervisionOptions } from "./supervision.ts";
export { ExtensionLog } from "./log.ts";
export { isUsableToolName, usableCommandName } from "./registrations.ts";
export { describeExit, ExtensionProcess } from "./process.ts";
export { mcpName } from "./mcp/names.ts";
export { loadMcpRuntime } from "./mcp/load.ts";
export type { McpRuntime } from "./mcp/load.ts";
// Types only (erased): importing them does not load the SDK.
export type { McpSession } from "./mcp/mod.ts";
