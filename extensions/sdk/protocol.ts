/**
 * The zot extension wire protocol v1 as the SDK sees it: plain types, no runtime code.
 *
 * The host's own definition (src/protocol/frames.ts) is built on zod; the SDK keeps this
 * dependency-free copy so it can be bundled into one file, copied next to an extension and
 * run by Deno or Node without zot's source tree. tests/sdk/protocol_types_test.ts checks at
 * compile time that both definitions stay compatible in both directions.
 */

/** Lifecycle events an extension may subscribe to. */
export const EVENT_NAMES = [
  "session_start",
  "turn_start",
  "turn_end",
  "tool_call",
  "assistant_message",
] as const;

/** Events an extension may intercept. */
export const INTERCEPTABLE_EVENTS = ["tool_call", "turn_start", "assistant_message"] as const;

/** A lifecycle event name. */
export type EventName = typeof EVENT_NAMES[number];
/** An interceptable event name. */
export type InterceptableEvent = typeof INTERCEPTABLE_EVENTS[number];
/** Levels a `notify` frame may carry. */
export type NotifyLevel = "info" | "success" | "warn" | "error";
/** Actions a `command_response` may carry. */
export type CommandAction = "prompt" | "insert" | "display" | "noop";

// ---- host → extension ----------------------------------------------------

/** What the host says about itself in `hello_ack`. */
export interface HostInfo {
  protocol_version: number;
  zot_version: string;
  provider: string;
  model: string;
  cwd: string;
  extension_dir: string;
  data_dir: string;
}

/** `hello_ack`: the host's answer to `hello`. */
export interface HelloAckFrame extends HostInfo {
  type: "hello_ack";
}

/** `command_invoked`: the user ran one of the extension's commands. */
export interface CommandInvokedFrame {
  type: "command_invoked";
  id: string;
  name: string;
  args?: string;
}

/** `tool_call`: the model called one of the extension's tools. */
export interface ToolCallFrame {
  type: "tool_call";
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** Fields lifecycle events and intercepts carry (zero values omitted by the host). */
export interface EventPayload {
  step?: number;
  stop?: string;
  error?: string;
  tool_id?: string;
  tool_name?: string;
  tool_args?: Record<string, unknown>;
  text?: string;
}

/** `event`: a subscribed lifecycle event. One-way. */
export interface EventFrame extends EventPayload {
  type: "event";
  event: EventName;
}

/** `event_intercept`: asks whether an event may proceed. */
export interface EventInterceptFrame extends EventPayload {
  type: "event_intercept";
  id: string;
  event: InterceptableEvent;
}

/** `panel_key`: a key pressed while the extension's panel has focus. */
export interface PanelKeyFrame {
  type: "panel_key";
  panel_id: string;
  key: string;
  text?: string;
}

/** `panel_close`: the user closed the extension's panel. */
export interface PanelCloseFromHostFrame {
  type: "panel_close";
  panel_id: string;
}

/** `panel_resize`: the panel's drawable size changed. */
export interface PanelResizeFrame {
  type: "panel_resize";
  panel_id: string;
  width: number;
  height: number;
}

/** `shutdown`: reply `shutdown_ack`, then exit. */
export interface ShutdownFrame {
  type: "shutdown";
}

/** Any frame the host sends. */
export type HostFrame =
  | HelloAckFrame
  | CommandInvokedFrame
  | ToolCallFrame
  | EventFrame
  | EventInterceptFrame
  | PanelKeyFrame
  | PanelCloseFromHostFrame
  | PanelResizeFrame
  | ShutdownFrame;

// ---- extension → host ----------------------------------------------------

/** `hello`: the first frame an extension writes. */
export interface HelloFrame {
  type: "hello";
  name: string;
  version?: string;
  capabilities: string[];
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
  | ShutdownAckFrame;
