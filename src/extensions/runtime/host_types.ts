/** The ExtensionHost's public types: what the rest of zot passes in and gets back. */

import type { ZotPaths } from "../../config/mod.ts";
import type { ImageBlock, TextBlock } from "../../messages/mod.ts";
import type { PanelSpec } from "../../protocol/mod.ts";
import type { JsonSchema } from "../../schema/mod.ts";
import type { ExtensionSource } from "../manifest/mod.ts";
import type { SupervisionOptions } from "./supervision.ts";

/** What extensions are told about the session (in `hello_ack`). */
export interface HostContext {
  paths: ZotPaths;
  /** Absolute working directory of the session. */
  cwd: string;
  provider: string;
  model: string;
  /** Defaults to the running zot version. */
  zotVersion?: string;
}

/** Timeouts and limits; every field has a default (see DEFAULT_HOST_OPTIONS). */
export interface HostOptions {
  /** From spawn to `hello`; then the extension is stopped and refused. */
  helloTimeoutMs: number;
  /** One deadline for every extension to be ready; start() returns by then. */
  startupDeadlineMs: number;
  /** Frame silence after hello that counts as ready (for SDKs that never send `ready`). */
  readyIdleMs: number;
  commandTimeoutMs: number;
  toolTimeoutMs: number;
  /** Per interceptor, per event; no answer in time means allow. */
  interceptTimeoutMs: number;
  /** Shared deadline for extensions to exit after `shutdown`. */
  shutdownGraceMs: number;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
  /** Longest accepted frame line. */
  maxLineBytes: number;
  /** Unwritten bytes per extension before frames to it are refused. */
  maxQueuedBytes: number;
  /** Command names extensions cannot take. */
  builtinCommands: readonly string[];
  /** Tool names extensions cannot take. */
  builtinTools: readonly string[];
  /** Restart backoff and quarantine rule for extensions that crash after ready. */
  supervision: SupervisionOptions;
  /** Notices shown per extension: a burst, then so many a second (the rest are counted). */
  noticeLimit: { burst: number; perSecond: number };
  /** `--ext-trace FILE`: record every frame in and out there. */
  traceFile?: string;
}

/**
 * An extension's lifecycle state. `restarting`: it died after it was ready and waits for
 * its backoff; `quarantined`: it kept crashing and stays down until /reload-ext.
 */
export type ExtensionState =
  | "starting"
  | "ready"
  | "restarting"
  | "quarantined"
  | "exited"
  | "refused";

/** How an extension became ready: its `ready` frame, an idle window, or the startup deadline. */
export type ReadyVia = "frame" | "idle" | "deadline";

/** One extension as status() reports it. */
export interface ExtensionStatus {
  name: string;
  source: ExtensionSource;
  dir: string;
  state: ExtensionState;
  /** Why it was refused or how it exited. */
  reason?: string;
  pid?: number;
  /** From the LaunchSpec, else from hello. */
  version?: string;
  readyVia?: ReadyVia;
  /** Its log file, when it has one. */
  logFile?: string;
  /** Restarts after crashes since zot started it. */
  restarts?: number;
  /** Time since it (last) became ready, while ready. */
  uptimeMs?: number;
  /** The last crash, timeout or refusal. */
  lastError?: string;
  /** Commands, tool calls and intercepts finished, and how many of them failed. */
  calls?: number;
  failedCalls?: number;
  /** Call latency over the last 512 calls. */
  latencyP50Ms?: number;
  latencyP99Ms?: number;
}

/** A command an extension owns. */
export interface ExtensionCommand {
  name: string;
  description: string;
  extension: string;
  /** False once the owning extension has exited (invoking it fails with "not running"). */
  running: boolean;
}

/** A tool a running extension owns, as offered to the model. */
export interface ExtensionTool {
  name: string;
  description: string;
  schema: JsonSchema;
  extension: string;
}

/** What the UI does with a command's answer. */
export type CommandAction = "prompt" | "insert" | "display" | "noop";

/** The answer to invokeCommand. When `error` is set the UI shows it instead of the action. */
export interface CommandOutcome {
  extension: string;
  command: string;
  action: CommandAction;
  prompt?: string;
  insert?: string;
  display?: string;
  openPanel?: PanelSpec;
  error?: string;
}

/** A tool result, mapped to zot's content blocks. */
export interface ExtensionToolResult {
  content: (TextBlock | ImageBlock)[];
  isError: boolean;
  extension: string;
  tool: string;
}

/** A lifecycle event for subscribed extensions. */
export type LifecycleEvent =
  | { event: "session_start" }
  | { event: "turn_start"; step: number }
  | { event: "turn_end"; stop: string; error?: string }
  | { event: "tool_call"; toolId: string; toolName: string; toolArgs: Record<string, unknown> }
  | { event: "assistant_message"; text: string }
  | V11LifecycleEvent;

/** The lifecycle events protocol 1.1 added. */
export type V11LifecycleEvent =
  | { event: "user_prompt"; text: string }
  | {
    event: "tool_result";
    toolId: string;
    toolName: string;
    toolArgs: Record<string, unknown>;
    content: (TextBlock | ImageBlock)[];
    isError: boolean;
    durationMs: number;
  }
  | { event: "session_end"; reason: string }
  | { event: "compaction"; phase: "before" | "after"; summary?: string }
  | { event: "model_change"; provider: string; model: string; previousModel: string }
  | { event: "agent_end"; stop: string; error?: string; steps: number }
  | {
    event: "tool_confirmation_requested";
    toolId: string;
    toolName: string;
    toolArgs: Record<string, unknown>;
    reason?: string;
  };

/** A tool result as tool_result interceptors see and rewrite it. */
export interface ToolResultInput {
  id: string;
  name: string;
  args: Record<string, unknown>;
  content: (TextBlock | ImageBlock)[];
  isError: boolean;
  durationMs: number;
}

/** Verdict on a tool result: the final content and error flag, and who changed them. */
export interface ToolResultVerdict {
  content: (TextBlock | ImageBlock)[];
  isError: boolean;
  /** Extensions that replaced the content, flipped the error flag or added context. */
  changedBy: string[];
}

/** Verdict on a user prompt: blocked, or the final text plus context for the model. */
export type PromptVerdict =
  | {
    action: "allow";
    text: string;
    context: { extension: string; text: string }[];
    rewrittenBy: string[];
  }
  | BlockVerdict;

/** An extension's dialog request (protocol 1.1 `ui_request`), as the host passes it on. */
export interface UiRequest {
  extension: string;
  kind: "confirm" | "select" | "input";
  title: string;
  options?: string[];
  default?: boolean | string;
  timeoutMs: number;
  /** Aborted when the dialog timed out or the extension went away. */
  signal: AbortSignal;
}

/** The user's answer to a dialog: a value, or cancelled. */
export type UiAnswer = { value: boolean | string } | { cancelled: true };

/** An interceptor refused the event. */
export interface BlockVerdict {
  action: "block";
  /** The extension that blocked. */
  extension: string;
  reason: string;
}

/** Verdict on an event that cannot be rewritten (turn_start). */
export type Verdict = { action: "allow" } | BlockVerdict;

/** Verdict on a tool call; `args` are the final (possibly rewritten) arguments. */
export type ToolCallVerdict =
  | {
    action: "allow";
    args: Record<string, unknown>;
    rewrittenBy: string[];
    /** Protocol 1.1: a guard handed the decision to the user (with its reason). */
    ask?: { extension: string; reason?: string };
  }
  | BlockVerdict;

/** Verdict on an assistant message; `text` is the final (possibly replaced) text. */
export type TextVerdict =
  | { action: "allow"; text: string; rewrittenBy: string[] }
  | BlockVerdict;

/** Checks tool args; returns the problems (empty when valid). */
export type ArgsCheck = (args: Record<string, unknown>) => string[];

/** A `notify` level; unknown levels are passed through, not dropped. */
export type NotifyLevel = "info" | "success" | "warn" | "error" | (string & Record<never, never>);

/** A `notify` from an extension. */
export interface ExtensionNotice {
  extension: string;
  level: NotifyLevel;
  message: string;
}

/** A `submit` from an extension: text to send as a user message. */
export interface ExtensionSubmit {
  extension: string;
  text: string;
}

/** A `panel_render` from an extension. */
export interface PanelRender {
  extension: string;
  panelId: string;
  title?: string;
  lines?: string[];
  footer?: string;
}

/** A `panel_close` from an extension. */
export interface PanelClose {
  extension: string;
  panelId: string;
}

/** How the host reports what extensions push. Exceptions thrown here are logged, not raised. */
export interface HostCallbacks {
  onNotify?(notice: ExtensionNotice): void;
  onSubmit?(submit: ExtensionSubmit): void;
  onPanelRender?(render: PanelRender): void;
  onPanelClose?(close: PanelClose): void;
  /** An extension changed state (became ready, exited, was refused). */
  onStatusChange?(status: ExtensionStatus): void;
  /**
   * Protocol 1.1: an extension asks the user something. Without this callback (or when it
   * rejects) the host answers with the request's default, else `cancelled`.
   */
  onUiRequest?(request: UiRequest): Promise<UiAnswer>;
}

/** What reload() did. */
export interface ReloadSummary {
  stopped: number;
  loaded: number;
  ready: number;
  refused: number;
}
