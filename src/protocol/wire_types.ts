/**
 * The parts of the extension wire protocol v1 that host and SDKs share as plain types:
 * the protocol version, event names, and every frame the host sends. No dependencies and
 * no runtime code beyond constants, so the TypeScript SDK imports it directly and its
 * single-file build inlines it. Frames an extension sends are validated by the host with
 * zod in frames.ts; the SDK declares the strict form it writes and a compile-time test
 * (tests/sdk/protocol_types_test.ts) proves each fits the host's schema.
 */

/** The protocol version sent in `hello_ack`. */
export const PROTOCOL_VERSION = 1;

/** The protocol revision a 1.1-aware host announces in `hello_ack.protocol`. */
export const PROTOCOL_REVISION = "1.1";

/** What this host supports beyond v1, as listed in `hello_ack.features`. */
export const HOST_FEATURES = [
  "events.v1_1",
  "intercept.tool_result",
  "intercept.user_prompt",
  "intercept.tool_call.ask",
  "ui_request",
  "approvals",
  "jail",
] as const;

/** Events added by protocol 1.1 (a v1 extension never subscribes to them, so never sees them). */
export const V1_1_EVENT_NAMES = [
  "user_prompt",
  "tool_result",
  "session_end",
  "compaction",
  "model_change",
  "agent_end",
  "tool_confirmation_requested",
] as const;

/** Lifecycle events an extension may subscribe to. */
export const EVENT_NAMES = [
  "session_start",
  "turn_start",
  "turn_end",
  "tool_call",
  "assistant_message",
  ...V1_1_EVENT_NAMES,
] as const;

/** Events an extension may intercept (the contract has `tool_call`; the original added the others). */
export const INTERCEPTABLE_EVENTS = [
  "tool_call",
  "turn_start",
  "assistant_message",
  "tool_result",
  "user_prompt",
] as const;

/** A lifecycle event name. */
export type EventName = typeof EVENT_NAMES[number];
/** An interceptable event name. */
export type InterceptableEvent = typeof INTERCEPTABLE_EVENTS[number];
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
  /** Protocol 1.1: only sent to an extension whose `hello` carried `protocol`. */
  protocol?: string;
  /** Protocol 1.1: the host's feature names (see HOST_FEATURES). */
  features?: string[];
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
  // ---- protocol 1.1 fields (only on 1.1 events) ----
  /** tool_result: the result's content blocks. */
  content?: WireBlock[];
  /** tool_result: whether the result is an error. */
  is_error?: boolean;
  /** tool_result: how long the tool ran. */
  duration_ms?: number;
  /** compaction: "before" or "after". */
  phase?: "before" | "after";
  /** compaction (after): the summary that replaced the older messages. */
  summary?: string;
  /** model_change: the new provider, model and the previous model. */
  provider?: string;
  model?: string;
  previous_model?: string;
  /** session_end / tool_confirmation_requested: why. */
  reason?: string;
  /** agent_end: how many model calls the prompt took. */
  steps?: number;
}

/** A content block on the wire (protocol 1.1 events use the `tool_result` frame's shape). */
export interface WireBlock {
  type: "text" | "image";
  text?: string;
  mime_type?: string;
  data?: string;
}

/** `ui_response`: the host's answer to an extension's `ui_request` (protocol 1.1). */
export interface UiResponseFrame {
  type: "ui_response";
  id: string;
  /** confirm: boolean; select: the chosen option; input: the text. */
  value?: boolean | string;
  /** The user dismissed the dialog, or nobody could answer before it timed out. */
  cancelled?: boolean;
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

/**
 * `cancel`: the host gave up on a pending `command_invoked` or `tool_call` (the user
 * aborted, or it timed out); its answer, if any, is dropped. Sent only to extensions
 * whose hello `capabilities` list `cancel`.
 */
export interface CancelFrame {
  type: "cancel";
  id: string;
  reason?: string;
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
  | CancelFrame
  | UiResponseFrame
  | ShutdownFrame;
