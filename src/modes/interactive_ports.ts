/**
 * What run_root prepares for interactive mode before the TUI loads: the options it passes,
 * the panel bus it wires into the host, the keyless provider, and whether there is a
 * terminal at all. Kept apart from interactive.ts so other modes load none of the TUI's
 * adapter code.
 */

import type { BoundProvider, ModelRequest, StreamEvent } from "../providers/mod.ts";
import type { SessionInfo } from "../session/mod.ts";
import type { UiEvent } from "../tui/mod.ts";
import type { ModeContext } from "./context.ts";

/** Whether stdin and stdout are both terminals (the TUI needs both). */
export function hasTty(): boolean {
  // Not tui/mod.ts's hasTty: importing it would load the TUI for every mode.
  return Deno.stdin.isTerminal() && Deno.stdout.isTerminal();
}

/** A panel frame from an extension, as the host's callbacks report it. */
export interface PanelRenderNotice {
  extension: string;
  panelId: string;
  title?: string;
  lines?: string[];
  footer?: string;
}

/** Fans the host's panel callbacks out to the TUI (wire `render`/`close` into HostCallbacks). */
export class PanelBus {
  #listeners = new Set<(e: UiEvent) => void>();

  /** Listens; returns the unsubscribe function. */
  on(listener: (e: UiEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The host's onPanelRender. */
  render = (r: PanelRenderNotice): void => {
    for (const l of this.#listeners) l({ type: "panel_render", ...r });
  };

  /** The host's onPanelClose. */
  close = (c: { extension: string; panelId: string }): void => {
    for (const l of this.#listeners) l({ type: "panel_close", ...c });
  };
}

/** The part of ExtensionHost panels need (ExtensionHost satisfies it). */
export interface PanelPort {
  sendPanelKey(extension: string, panelId: string, key: string, text?: string): boolean;
  sendPanelClose(extension: string, panelId: string): boolean;
  sendPanelResize(extension: string, panelId: string, width: number, height: number): boolean;
}

/** What reload produced (ExtensionHost's ReloadSummary plus discovery problems). */
export interface ReloadReport {
  stopped: number;
  loaded: number;
  ready: number;
  refused: number;
  /** Manifests that could not be used, as messages. */
  errors?: string[];
}

/** Everything interactive mode needs from the CLI. */
export interface InteractiveOptions {
  ctx: ModeContext;
  /** Panel frames from extensions; absent means no panels. */
  panelBus?: PanelBus;
  /** Where panel keys, closes and resizes go; usually the ExtensionHost. */
  panels?: PanelPort;
  /** Re-discovers manifests, restarts extensions, rebuilds tools (agent.refreshTools()). */
  reloadExtensions?: () => Promise<ReloadReport>;
  /** This directory's sessions, newest first. */
  listSessions?: () => Promise<SessionInfo[]>;
  /**
   * Switches the run to a saved session: open it for appending, close the old one, and
   * `agent.resume(…)` with its messages and usage. Absent means /sessions only lists.
   */
  resumeSession?: (path: string) => Promise<void>;
  /** The path of the session this run writes to, if any. */
  currentSession?: () => string | undefined;
  /** Remembers a `/model` choice (config.json, the session, the extensions' context). */
  modelChanged?: (id: string) => Promise<void>;
  /** Starts a new, empty session file for later turns (`/clear`); the old file is kept. */
  freshSession?: () => Promise<void>;
  /** Whether the provider has a key, and if not how to set one. */
  credentials: { ok: boolean; hint?: string };
  /** Colour on (false under NO_COLOR). */
  color: boolean;
  /** The positional prompt, pre-filled in the editor. */
  initialText?: string;
  /** Run when the TUI exits, after the terminal is restored (flush session, stop the host). */
  onExit?: () => Promise<void>;
  /** Aborted on SIGTERM/SIGHUP (run_root's Interrupts.signal): restores the terminal and exits. */
  signal?: AbortSignal;
}

/**
 * A provider for when no key is set: interactive mode still opens (and says how to set
 * one); each prompt then fails with the missing-key error instead of a network call.
 * run_root: on createProvider's `missing_api_key`, build the agent with
 * `keylessProvider(providerName, catalog.resolve(providerName, model), err)` and pass
 * `credentials: { ok: false, hint: err.message }`.
 */
export function keylessProvider(
  name: string,
  model: BoundProvider["model"],
  error: Error,
): BoundProvider {
  return {
    name,
    model,
    baseUrl: model.baseUrl ?? "",
    // deno-lint-ignore require-yield -- it only ever fails
    async *stream(_request: ModelRequest): AsyncIterable<StreamEvent> {
      throw error;
    },
  };
}
