/**
 * What the chat TUI needs from the rest of zot. The TUI is built against this small
 * interface only; src/modes/interactive.ts adapts the agent and the extension host to it,
 * and tests drive the TUI with a scripted implementation.
 */

import type { AgentEvent, ApprovalAnswer, ApprovalRequest } from "../agent/mod.ts";
import type { SafetyPort } from "../commands/mod.ts";
import type { Message } from "../messages/mod.ts";
import type { PanelSpec } from "../protocol/mod.ts";

/** An extension command as the slash popup lists it. */
export interface CommandInfo {
  name: string;
  description?: string;
  /** The extension that registered it. */
  extension: string;
}

/** What running an extension command asks the TUI to do (a decoded `command_response`). */
export type CommandOutcome =
  | { action: "prompt"; text: string }
  | { action: "insert"; text: string }
  | { action: "display"; text: string }
  | { action: "noop" }
  | { action: "open_panel"; extension: string; panel: PanelSpec }
  | { action: "error"; message: string };

/** Events the host raises besides the agent's own stream. */
export type HostUiEvent =
  /** An extension's `submit` frame: run the text as a user turn. */
  | { type: "ext_submit"; extension: string; text: string }
  /** An extension changed state (restarting after a crash, quarantined, ready again). */
  | { type: "ext_status"; extension: string; state: string }
  /** An extension's `panel_render` frame; absent fields keep their value. */
  | {
    type: "panel_render";
    extension: string;
    panelId: string;
    title?: string;
    lines?: string[];
    footer?: string;
  }
  /** An extension closed its panel (or died and the host closed it). */
  | { type: "panel_close"; extension: string; panelId: string }
  /** Provider, model, cwd or credentials changed; re-read `status()`. */
  | { type: "status_changed" }
  /** A tool call waits for the user (confirm gate or a guard's ask); answer exactly once. */
  | {
    type: "approval_request";
    request: ApprovalRequest;
    answer(answer: ApprovalAnswer): void;
    /** Aborted when the turn was cancelled: the question is void. */
    signal: AbortSignal;
  }
  /** An extension's dialog (protocol 1.1 ui_request); answer exactly once. */
  | {
    type: "ui_request";
    dialog: DialogInfo;
    answer(answer: { value: boolean | string } | { cancelled: true }): void;
    /** Aborted when the dialog timed out or its extension went away. */
    signal: AbortSignal;
  };

/** An extension dialog as the TUI shows it. */
export interface DialogInfo {
  extension: string;
  kind: "confirm" | "select" | "input";
  title: string;
  options?: string[];
  default?: boolean | string;
}

/** Anything the TUI renders from: the agent stream plus host events. */
export type UiEvent = AgentEvent | HostUiEvent;

/** Static facts for the status bar and the first screen. */
export interface StatusInfo {
  cwd: string;
  provider: string;
  model: string;
  /** The model's context window in tokens, when known. */
  contextWindow?: number;
  /** Tokens in context so far (e.g. from a resumed session). */
  contextTokens?: number;
  /** Session cost so far in USD. */
  costUsd?: number;
  /** Whether the provider has a key; without one the TUI shows `credentialHint`. */
  hasCredentials: boolean;
  /** How to set a key, e.g. "set ANTHROPIC_API_KEY or run zot login". */
  credentialHint?: string;
}

/** Result of a built-in command that only reports back (model, compact, sessions, reload). */
export interface CommandReport {
  /** Text shown as a note; may span lines. */
  text: string;
  /** An error is shown as a red status line instead. */
  isError?: boolean;
}

/** A model the /model picker offers. */
export interface ModelChoice {
  id: string;
  /** Context window in tokens, when known. */
  contextWindow?: number;
}

/** A saved session of this folder, as the /sessions picker lists it. */
export interface SessionChoice {
  /** The session file; what `resumeSession` takes. */
  path: string;
  /** Last write, ISO 8601. */
  updated: string;
  model: string;
  messageCount: number;
  /** The session's title, else its first prompt (one line). */
  firstPrompt: string;
  costUsd: number;
  /** The session this run is writing to. */
  current: boolean;
}

/** The TUI's view of the agent and the extension host. */
export interface TuiController {
  /** Current status-bar facts. */
  status(): StatusInfo;
  /** Messages to show on open (a resumed session); may be empty. */
  history(): Message[];
  /** Registers a listener for agent and host events; returns an unsubscribe function. */
  subscribe(listener: (event: UiEvent) => void): () => void;
  /** Runs one user turn; resolves when the turn is over (done, error or cancelled). */
  submit(text: string): Promise<void>;
  /** Cancels the in-flight turn, if any. */
  cancel(): void;
  /** Extension commands for the popup. */
  commands(): CommandInfo[];
  /** Invokes an extension command; never rejects (errors come back as `action: "error"`). */
  runCommand(name: string, args: string): Promise<CommandOutcome>;
  /** Sends a key to the extension owning the panel. */
  panelKey(extension: string, panelId: string, key: string, text?: string): void;
  /** Tells the extension its panel was closed by the user. */
  panelClose(extension: string, panelId: string): void;
  /** Tells the extension its panel's drawable size. */
  panelResize(extension: string, panelId: string, width: number, height: number): void;
  /** `/reload-ext`: restart extensions, rebuild tools and commands; reports a summary. */
  reloadExtensions(): Promise<CommandReport>;
  /** `/clear`: forgets the conversation. */
  clear(): Promise<void>;
  /** `/compact`: summarises the conversation (emits `compact_done`). */
  compact(): Promise<CommandReport>;
  /** The current provider's models, for the `/model` picker. */
  models(): ModelChoice[];
  /** `/model <id>`: switches the model. */
  model(id: string): Promise<CommandReport>;
  /** `/sessions`: this directory's sessions, newest first, or why there are none to offer. */
  sessions(): Promise<SessionChoice[] | CommandReport>;
  /**
   * Continues a saved session: its messages replace the conversation (re-read `history()`
   * and `status()` after) and new messages are written to it. Called only when idle.
   */
  resumeSession(path: string): Promise<CommandReport>;
  /** /yolo, /jail, /unjail (absent: the TUI says they are not available). */
  readonly safety?: SafetyPort;
  /** Called once when the TUI exits, before the terminal is restored. */
  close(): Promise<void>;
}
