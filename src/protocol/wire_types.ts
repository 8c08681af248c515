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

/** Lifecycle events an extension may subscribe to. */
export const EVENT_NAMES = [
  "session_start",
  "turn_start",
  "turn_end",
  "tool_call",
  "assistant_message",
] as const;

/** Events an extension may intercept (the contract has `tool_call`; the original added the others). */
export const INTERCEPTABLE_EVENTS = ["tool_call", "turn_start", "assistant_message"] as const;

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
  | ShutdownFrame;
