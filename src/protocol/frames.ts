/**
 * The extension wire protocol, v1: every frame both ways, as zod schemas with
 * the TypeScript types inferred from them. The host validates incoming lines
 * here and trusts typed values past this boundary. What the host sends is in
 * wire_types.ts, shared with the SDKs.
 *
 * Leniency follows the original host where the contract is silent: unknown
 * fields are dropped, optional fields may be absent or null, notify levels
 * and command actions are open strings (an unknown level is still shown).
 */

import { z } from "zod";

export * from "./wire_types.ts";

/** An optional field that may also arrive as null; absent in the output either way. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined).optional();
}
const optString = optional(z.string());
const jsonObject = z.record(z.string(), z.unknown());

// ---- extension → host ----------------------------------------------------

const hello = z.object({
  type: z.literal("hello"),
  name: z.string().min(1, "hello needs a non-empty name"),
  version: optString,
  capabilities: z.array(z.string()).nullish().transform((v) => v ?? []),
  /** Protocol 1.1: the revision the extension speaks; absent means v1. */
  protocol: optString,
});

const registerCommand = z.object({
  type: z.literal("register_command"),
  name: z.string().min(1, "register_command needs a name"),
  description: optString,
});

const registerTool = z.object({
  type: z.literal("register_tool"),
  name: z.string().min(1, "register_tool needs a name"),
  description: optString,
  schema: optional(jsonObject),
});

const ready = z.object({ type: z.literal("ready") });

const subscribe = z.object({
  type: z.literal("subscribe"),
  events: z.array(z.string()).nullish().transform((v) => v ?? []),
  intercept: z.array(z.string()).nullish().transform((v) => v ?? []),
});

/** One block of a tool result as an extension sends it. */
const contentBlock = z.object({
  type: z.string(),
  text: optString,
  mime_type: optString,
  data: optString,
});

const toolResult = z.object({
  type: z.literal("tool_result"),
  id: z.string().min(1, "tool_result needs the id of its tool_call"),
  content: z.array(contentBlock).nullish().transform((v) => v ?? []),
  is_error: z.boolean().nullish().transform((v) => v ?? false),
});

const panelSpec = z.object({
  id: z.string().min(1),
  title: optString,
  lines: z.array(z.string()).nullish().transform((v) => v ?? []),
  footer: optString,
});

const commandResponse = z.object({
  type: z.literal("command_response"),
  id: z.string().min(1, "command_response needs the id of its command_invoked"),
  action: z.string().nullish().transform((v) => v || "noop"),
  prompt: optString,
  insert: optString,
  display: optString,
  open_panel: optional(panelSpec),
  error: optString,
});

const eventInterceptResponse = z.object({
  type: z.literal("event_intercept_response"),
  id: z.string().min(1, "event_intercept_response needs the id of its event_intercept"),
  block: z.boolean().nullish().transform((v) => v ?? false),
  reason: optString,
  modified_args: z.unknown().optional(),
  replace_text: optString,
  // protocol 1.1
  ask: z.boolean().nullish().transform((v) => v ?? false),
  additional_context: optString,
  replace_content: optional(z.array(contentBlock)),
  is_error: optional(z.boolean()),
});

/** Protocol 1.1: an extension asks the user something (confirm, select one, input text). */
const uiRequest = z.object({
  type: z.literal("ui_request"),
  id: z.string().min(1, "ui_request needs an id"),
  kind: z.enum(["confirm", "select", "input"]),
  title: z.string(),
  options: optional(z.array(z.string())),
  default: optional(z.union([z.boolean(), z.string()])),
  timeout_ms: optional(z.number().int().positive()),
});

const notify = z.object({
  type: z.literal("notify"),
  level: z.string().nullish().transform((v) => v || "info"),
  message: z.string(),
});

const submit = z.object({
  type: z.literal("submit"),
  text: z.string(),
});

const panelRender = z.object({
  type: z.literal("panel_render"),
  panel_id: z.string().min(1),
  title: optString,
  lines: optional(z.array(z.string())),
  footer: optString,
});

const panelCloseFromExt = z.object({
  type: z.literal("panel_close"),
  panel_id: z.string().min(1),
});

const shutdownAck = z.object({ type: z.literal("shutdown_ack") });

/** A pending call's progress; `partial` is output so far, as content blocks. */
const progress = z.object({
  type: z.literal("progress"),
  id: z.string().min(1, "progress needs the id of its command_invoked or tool_call"),
  message: optString,
  fraction: optional(z.number().finite()),
  partial: optional(z.array(contentBlock)),
});

/** Schemas of every frame an extension may send, by type. */
export const EXTENSION_FRAME_SCHEMAS = {
  hello,
  register_command: registerCommand,
  register_tool: registerTool,
  ready,
  subscribe,
  tool_result: toolResult,
  command_response: commandResponse,
  event_intercept_response: eventInterceptResponse,
  notify,
  submit,
  panel_render: panelRender,
  panel_close: panelCloseFromExt,
  shutdown_ack: shutdownAck,
  progress,
  ui_request: uiRequest,
} as const;

/** A frame type an extension may send. */
export type ExtensionFrameType = keyof typeof EXTENSION_FRAME_SCHEMAS;

/** Frames from an extension, after validation. */
export type HelloFrame = z.infer<typeof hello>;
/** `register_command` after validation. */
export type RegisterCommandFrame = z.infer<typeof registerCommand>;
/** `register_tool` after validation. */
export type RegisterToolFrame = z.infer<typeof registerTool>;
/** `ready` after validation. */
export type ReadyFrame = z.infer<typeof ready>;
/** `subscribe` after validation. */
export type SubscribeFrame = z.infer<typeof subscribe>;
/** One content block of a `tool_result`. */
export type WireContentBlock = z.infer<typeof contentBlock>;
/** `tool_result` after validation. */
export type ToolResultFrame = z.infer<typeof toolResult>;
/** A panel as opened by `command_response.open_panel`. */
export type PanelSpec = z.infer<typeof panelSpec>;
/** `command_response` after validation (`action` defaults to `noop`). */
export type CommandResponseFrame = z.infer<typeof commandResponse>;
/** `event_intercept_response` after validation. */
export type EventInterceptResponseFrame = z.infer<typeof eventInterceptResponse>;
/** `notify` after validation (`level` defaults to `info`). */
export type NotifyFrame = z.infer<typeof notify>;
/** `submit` after validation. */
export type SubmitFrame = z.infer<typeof submit>;
/** `panel_render` after validation. */
export type PanelRenderFrame = z.infer<typeof panelRender>;
/** `panel_close` from the extension after validation. */
export type PanelCloseFromExtensionFrame = z.infer<typeof panelCloseFromExt>;
/** `ui_request` after validation (protocol 1.1). */
export type UiRequestFrame = z.infer<typeof uiRequest>;
/** `shutdown_ack` after validation. */
export type ShutdownAckFrame = z.infer<typeof shutdownAck>;

/** `progress` after validation. */
export type ProgressFrame = z.infer<typeof progress>;

/** Any valid frame from an extension. */
export type ExtensionFrame = {
  [K in ExtensionFrameType]: z.infer<typeof EXTENSION_FRAME_SCHEMAS[K]>;
}[ExtensionFrameType];
