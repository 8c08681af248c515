/** The agent: loop, system prompt, events, cost, compaction, the extension interface. */
export type { AgentEvent, AgentEventType } from "./events.ts";
export { Agent } from "./loop.ts";
export { AgentBusyError, DEFAULT_MAX_STEPS } from "./agent_options.ts";
export type { AgentOptions, CompactResult, PromptInput, TurnResult } from "./agent_options.ts";
export { NO_EXTENSIONS } from "./extensions.ts";
export type {
  AgentExtensions,
  AssistantMessageDecision,
  ExtensionTool,
  InterceptPoint,
  LifecycleEvent,
  ToolCallContext,
  ToolCallDecision,
  ToolResultDecision,
  ToolRun,
  TurnStartDecision,
  UserPromptDecision,
} from "./extensions.ts";
export { Approvals, CONFIRMED_BUILTINS, previewArgs } from "./approvals.ts";
export type {
  ApprovalAnswer,
  ApprovalChoice,
  ApprovalRequest,
  ApprovalsOptions,
  Approver,
} from "./approvals.ts";
export { NO_SESSION } from "./session_sink.ts";
export type { SessionSink } from "./session_sink.ts";
export { computeCost, CostTracker } from "./cost.ts";
export type { PriceLookup, Pricing } from "./cost.ts";
export { base64Bytes, DEFAULT_KEEP_TAIL, renderTranscript, SUMMARY_HEADING } from "./compact.ts";
export { Toolset } from "./toolset.ts";
export type { ShadowedTool, ToolEntry } from "./toolset.ts";
export { ABORTED_RESULT_TEXT } from "./tool_runner.ts";
export { buildSystemPrompt, DEFAULT_IDENTITY } from "./system_prompt.ts";
export type { SystemPromptOptions } from "./system_prompt.ts";
