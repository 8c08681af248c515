/**
 * The zot extension wire protocol (v1 and its 1.1 superset) as the SDK sees it: plain
 * types, no runtime code.
 *
 * What the host sends, and the event names, come from the host's own dependency-free
 * module (src/protocol/wire_types.ts), so there is one definition; the frames the SDK
 * writes are declared here in the strict form it writes them. The host validates those
 * with zod (src/protocol/frames.ts), and tests/sdk/protocol_types_test.ts checks at
 * compile time that every one fits the host's schema.
 */

export {
  EVENT_NAMES,
  HOST_FEATURES,
  INTERCEPTABLE_EVENTS,
  PROTOCOL_REVISION,
  PROTOCOL_VERSION,
  V1_1_EVENT_NAMES,
} from "../../src/protocol/wire_types.ts";
export type {
  CancelFrame,
  CommandInvokedFrame,
  EventFrame,
  EventInterceptFrame,
  EventName,
  EventPayload,
  HelloAckFrame,
  HostFrame,
  HostInfo,
  InterceptableEvent,
  PanelCloseFromHostFrame,
  PanelKeyFrame,
  PanelResizeFrame,
  ShutdownFrame,
  ToolCallFrame,
  UiResponseFrame,
  WireBlock,
} from "../../src/protocol/wire_types.ts";

/** Levels a `notify` frame may carry. */
export type NotifyLevel = "info" | "success" | "warn" | "error";
/** Actions a `command_response` may carry. */
export type CommandAction = "prompt" | "insert" | "display" | "noop";

// ---- extension → host ----------------------------------------------------

/** `hello`: the first frame an extension writes. */
export interface HelloFrame {
  type: "hello";
  name: string;
  version?: string;
  capabilities: string[];
  /** Protocol 1.1: sent when the extension uses a 1.1 feature; absent means v1. */
  protocol?: string;
}

/** `register_command`. */
export interface RegisterCommandFrame {
  type: "register_command";
  name: string;
  description?: string;
}

/** `register_tool`; `schema` is a JSON Schema object for the arguments. */
export interface RegisterToolFrame {
  type: "register_tool";
  name: string;
  description?: string;
  schema?: Record<string, unknown>;
}

/** `subscribe`: events to observe and events to intercept. */
export interface SubscribeFrame {
  type: "subscribe";
  events: string[];
  intercept: string[];
}

/** `ready`: all initial registrations are flushed. */
export interface ReadyFrame {
  type: "ready";
}

/** A text block of a tool result. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** An image block of a tool result; `data` is base64. */
export interface ImageBlock {
  type: "image";
  mime_type: string;
  data: string;
}

/** One block of a tool result. */
export type ContentBlock = TextBlock | ImageBlock;

/** `tool_result`: the reply to `tool_call`. */
export interface ToolResultFrame {
  type: "tool_result";
  id: string;
  content: ContentBlock[];
  is_error?: boolean;
}

/** `command_response`: the reply to `command_invoked`. */
export interface CommandResponseFrame {
  type: "command_response";
  id: string;
  action: CommandAction;
  prompt?: string;
  insert?: string;
  display?: string;
  error?: string;
}

/** `event_intercept_response`: the reply to `event_intercept`. */
export interface EventInterceptResponseFrame {
  type: "event_intercept_response";
  id: string;
  block: boolean;
  reason?: string;
  modified_args?: Record<string, unknown>;
  replace_text?: string;
  /** 1.1, tool_call: hand the decision to the user (with `reason`). */
  ask?: boolean;
  /** 1.1, user_prompt and tool_result: context for the model. */
  additional_context?: string;
  /** 1.1, tool_result: the content the model sees instead. */
  replace_content?: ContentBlock[];
  /** 1.1, tool_result: mark the result an error (or not). */
  is_error?: boolean;
}

/** 1.1 `ui_request`: ask the user; the host answers with `ui_response`. */
export interface UiRequestFrame {
  type: "ui_request";
  id: string;
  kind: "confirm" | "select" | "input";
  title: string;
  options?: string[];
  default?: boolean | string;
  timeout_ms?: number;
}

/** `notify`: a one-way note for the user. */
export interface NotifyFrame {
  type: "notify";
  level: NotifyLevel;
  message: string;
}

/** `submit`: sends text as if the user typed it. */
export interface SubmitFrame {
  type: "submit";
  text: string;
}

/** `shutdown_ack`: the reply to `shutdown`. */
export interface ShutdownAckFrame {
  type: "shutdown_ack";
}

/** `progress`: a running call's news; each one restarts the host's timeout for it. */
export interface ProgressFrame {
  type: "progress";
  id: string;
  message?: string;
  /** 0 to 1. */
  fraction?: number;
  /** Output so far. */
  partial?: ContentBlock[];
}

/** Any frame the SDK writes. */
export type ExtensionFrame =
  | HelloFrame
  | RegisterCommandFrame
  | RegisterToolFrame
  | SubscribeFrame
  | ReadyFrame
  | ToolResultFrame
  | CommandResponseFrame
  | EventInterceptResponseFrame
  | NotifyFrame
  | SubmitFrame
  | ProgressFrame
  | UiRequestFrame
  | ShutdownAckFrame;
